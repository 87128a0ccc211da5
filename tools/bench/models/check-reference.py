# Checks an ONNX export of a supported embedding model against published reference vectors,
# independently of engram's own embedder (plain onnxruntime + the model's tokenizer.json). Use it
# before pinning the sha256 of an export whose hash is not the official one (ADR-0029): a file
# that passes is a faithful export of the model; one that fails has the wrong weights, layout,
# tokenizer or pooling.
#
# References (../shared/models/README.md and the models' cards), first three components of the
# L2-normalised MEAN-pooled vector; tolerance 0.03 because int8 exports sit up to ~0.022 from
# fp32 per component (ADR-0005):
#   all-MiniLM-L6-v2:  "This is an example sentence" / "Each sentence is converted"
#   bge-small-en-v1.5: "Hello world." / "Example sentence." (the Xenova card's mean-pooling example)
# Sanity with the model's own pooling (CLS for bge): cos(cat on mat, paraphrase) must exceed
# cos(either, an unrelated sentence) by at least 0.3.
#
# Needs onnxruntime, tokenizers and numpy (a throwaway venv). Usage:
#   python3 check-reference.py MODEL_NAME MODEL_DIR     (MODEL_DIR holds model.onnx + tokenizer.json)
# Exit 0 when every check passes; prints sha256 and the measured differences.
import hashlib
import os
import sys

import numpy as np
import onnxruntime as ort
from tokenizers import Tokenizer

REFERENCES = {
    "all-MiniLM-L6-v2": {
        "pooling": "mean",
        "vectors": [
            ("This is an example sentence", [0.0459270, 0.0732818, 0.0540066]),
            ("Each sentence is converted", [0.0818806, 0.1076022, -0.0132418]),
        ],
    },
    "bge-small-en-v1.5": {
        "pooling": "cls",
        "vectors": [
            ("Hello world.", [-0.0431483, -0.0294888, 0.0270805]),
            ("Example sentence.", [-0.0360550, 0.0164339, 0.0089822]),
        ],
    },
}
TOLERANCE = 0.03
SANITY = ("The cat sits on the mat", "A cat is sitting on a mat", "Quarterly revenue grew 5%")
SANITY_MARGIN = 0.3


def embed(session, tokenizer, text, pooling):
    enc = tokenizer.encode(text)
    ids = np.array([enc.ids], dtype=np.int64)
    feeds = {"input_ids": ids, "attention_mask": np.ones_like(ids)}
    if "token_type_ids" in [i.name for i in session.get_inputs()]:
        feeds["token_type_ids"] = np.zeros_like(ids)
    hidden = session.run(None, feeds)[0][0]
    vector = hidden[0] if pooling == "cls" else hidden.mean(0)
    return vector / np.linalg.norm(vector)


def main():
    name, directory = sys.argv[1], sys.argv[2]
    ref = REFERENCES[name]
    onnx_path = os.path.join(directory, "model.onnx")
    print(f"sha256 {hashlib.sha256(open(onnx_path, 'rb').read()).hexdigest()}  {onnx_path}")
    session = ort.InferenceSession(onnx_path, providers=["CPUExecutionProvider"])
    tokenizer = Tokenizer.from_file(os.path.join(directory, "tokenizer.json"))
    # Some tokenizer.json files pad every input to a fixed length (the MiniLM one: 128); the
    # references are for the unpadded sentence.
    tokenizer.no_padding()
    tokenizer.no_truncation()
    ok = True
    for text, expected in ref["vectors"]:
        got = embed(session, tokenizer, text, "mean")[:3]
        diff = float(np.max(np.abs(got - np.array(expected))))
        ok &= diff <= TOLERANCE
        print(f"{'ok ' if diff <= TOLERANCE else 'BAD'} mean-pooled {text!r}: {np.round(got, 7).tolist()} max|diff| {diff:.4f}")
    a, b, c = (embed(session, tokenizer, t, ref["pooling"]) for t in SANITY)
    close, far = float(a @ b), max(float(a @ c), float(b @ c))
    ok &= close - far >= SANITY_MARGIN
    print(f"{'ok ' if close - far >= SANITY_MARGIN else 'BAD'} sanity ({ref['pooling']} pooling): paraphrase {close:.3f}, unrelated {far:.3f}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
