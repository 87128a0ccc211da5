#!/usr/bin/env bash
# Makes sure the native PostgreSQL the integration tests use is up and has pgvector.
set -euo pipefail
url="${ENGRAM_TEST_PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
if ! pg_isready -q -d "${url}" 2>/dev/null; then
  if command -v pg_ctlcluster >/dev/null 2>&1; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
    for _ in $(seq 1 30); do pg_isready -q -d "${url}" && break; sleep 1; done
  fi
fi
pg_isready -q -d "${url}" || { echo "ensure-postgres: no PostgreSQL at ${url}" >&2; exit 1; }
major="$(psql "${url}" -Atc 'SHOW server_version_num' | cut -c1-2)"
PG_MAJOR="${major}" bash "$(dirname "${BASH_SOURCE[0]}")/provision-pgvector.sh"
