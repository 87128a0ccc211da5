#!/usr/bin/env bash
# Installs what engram needs to run: Node >= 22, npm dependencies, the embedding model, the built apps.
# Idempotent; safe to re-run. Usage: tools/setup/install.sh [--model-dir DIR]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "${ENGRAM_ROOT}"

model_dir="${ENGRAM_MODEL_DIR:-${ENGRAM_HOME:-$HOME/.engram}/models/${ENGRAM_MODEL_NAME:-all-MiniLM-L6-v2}}"
while [ $# -gt 0 ]; do
  case "$1" in
    --model-dir) model_dir="$2"; shift 2 ;;
    *) echo "install.sh: unknown option $1" >&2; exit 2 ;;
  esac
done

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "engram: installing npm dependencies" >&2
  # Not `npm ci`: the registry here lacks some optional platform builds (e.g. @swc/core for other
  # OSes) at the locked versions, which npm ci treats as a lock mismatch; npm install keeps the
  # locked versions for everything it can install and skips the unavailable optional ones.
  npm install --no-audit --no-fund >&2
fi
bash tools/setup/fetch-model.sh "${ENGRAM_MODEL_NAME:-all-MiniLM-L6-v2}" "${model_dir}" >&2
node tools/build/build.mjs >&2
