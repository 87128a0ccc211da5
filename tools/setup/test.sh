#!/usr/bin/env bash
# One command from a fresh clone to a passing test run: installs Node 24, the npm dependencies,
# pgvector into the machine's native PostgreSQL (Debian, root or sudo), the embedding model into
# .cache/models, Debian's chromium (the inspector's browser tests), then runs `npm test` (typecheck,
# lint, boundaries, unit, integration on native Postgres AND PGlite, protocol tests, MCP conformance).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "${ENGRAM_ROOT}"

bash tools/setup/ensure-postgres.sh
bash tools/setup/install.sh --model-dir "${ENGRAM_ROOT}/.cache/models/all-MiniLM-L6-v2"
bash tools/setup/install-chromium.sh
[ "${1:-}" = "--install-only" ] && exit 0
export ENGRAM_TEST_MODEL_DIR="${ENGRAM_ROOT}/.cache/models/all-MiniLM-L6-v2"
npm test
