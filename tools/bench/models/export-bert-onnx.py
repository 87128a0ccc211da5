# Exports a BERT sentence-embedding checkpoint (model.safetensors + config.json, as the
# sentence-transformers / BAAI repositories ship them) to the ONNX layout engram's embedder loads:
# inputs input_ids / attention_mask / token_type_ids (int64, dynamic batch and length), output
# last_hidden_state [batch, length, hidden]; pooling stays in engram (model-settings.ts).
# Optionally also writes an int8 dynamic-quantised copy (onnxruntime's quantizer), like the
# Xenova exports. Used for ADR-0029 (issue 16 item 5): a model that reaches us only as safetensors
# becomes an ONNX file here once, and must then pass the reference-vector check
# (check-reference.py beside this file) and, for all-MiniLM-L6-v2, engram's own embedding test
# (libs/infra/test/embedding.int-spec.ts with ENGRAM_TEST_MODEL_DIR pointing at the export) before
# its sha256 is pinned in fetch-model.sh.
#
# Needs a throwaway venv (never the system Python): torch (CPU), transformers, onnx, onnxruntime.
# Usage: python3 export-bert-onnx.py CHECKPOINT_DIR OUT_DIR [--int8]
import os
import sys

import torch
from transformers import BertModel


class LastHidden(torch.nn.Module):
    """Returns only last_hidden_state, so the graph has the single output engram reads."""

    def __init__(self, bert):
        super().__init__()
        self.bert = bert

    def forward(self, input_ids, attention_mask, token_type_ids):
        return self.bert(input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids).last_hidden_state


def main():
    src, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    model = LastHidden(BertModel.from_pretrained(src, add_pooling_layer=False)).eval()
    ids = torch.tensor([[101, 2023, 2003, 2019, 2742, 6251, 102]], dtype=torch.int64)
    dyn = {0: "batch", 1: "sequence"}
    path = os.path.join(out, "model.onnx")
    torch.onnx.export(
        model,
        (ids, torch.ones_like(ids), torch.zeros_like(ids)),
        path,
        input_names=["input_ids", "attention_mask", "token_type_ids"],
        output_names=["last_hidden_state"],
        dynamic_axes={"input_ids": dyn, "attention_mask": dyn, "token_type_ids": dyn, "last_hidden_state": dyn},
        opset_version=17,
        dynamo=False,
    )
    print(f"wrote {path}")
    if "--int8" in sys.argv:
        from onnxruntime.quantization import QuantType, quantize_dynamic

        qpath = os.path.join(out, "model_quantized.onnx")
        quantize_dynamic(path, qpath, weight_type=QuantType.QInt8)
        print(f"wrote {qpath}")


if __name__ == "__main__":
    main()
