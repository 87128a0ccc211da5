#!/usr/bin/env bash
# `npm test`: every check a submission must pass, in order of cost.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
source tools/setup/env.sh
export ENGRAM_TEST_MODEL_DIR="${ENGRAM_TEST_MODEL_DIR:-${PWD}/.cache/models/all-MiniLM-L6-v2}"

step() { printf '\n==> %s\n' "$*" >&2; }
step "typecheck";   npx tsc -p tsconfig.json --noEmit
step "lint";        npx eslint libs apps tools --max-warnings=0
step "boundaries";  npx depcruise apps libs --config .dependency-cruiser.js --output-type err-long
                    node tools/boundaries/self-test.mjs
step "copy-paste";  bash tools/ci/copy-paste.sh
step "build";       node tools/build/build.mjs
step "jest: unit, integration (native Postgres + PGlite), protocol"
mkdir -p .cache
status=0
# --expose-gc: the event-loop pause specs collect garbage before they start their clock, so a major
# GC of a worker that has run hundreds of spec files is not counted as the code's pause.
node --expose-gc --experimental-vm-modules node_modules/jest/bin/jest.js --ci --json --outputFile=.cache/jest-results.json || status=$?
if [ -x tools/ci/mcp-conformance.sh ]; then
  step "MCP conformance suite + Inspector CLI"
  bash tools/ci/mcp-conformance.sh || status=$?
fi
node tools/ci/summary.mjs .cache/jest-results.json
exit "${status}"
