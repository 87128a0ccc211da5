#!/usr/bin/env bash
# One command from a fresh clone to a running engram MCP server on the embedded database.
# Installs everything (Node 24, dependencies, embedding model, build), then starts the MCP server
# over Streamable HTTP at http://127.0.0.1:7431/mcp (override with ENGRAM_HTTP_PORT / ENGRAM_HTTP_HOST).
# Pass --stdio to speak MCP on stdin/stdout instead (what MCP clients that spawn servers use).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
bash "${ENGRAM_ROOT}/tools/setup/install.sh"
mode="--http"
[ "${1:-}" = "--stdio" ] && { mode="--stdio"; shift; }
exec node "${ENGRAM_ROOT}/dist/apps/mcp-server/main.js" "${mode}" "$@"
