#!/usr/bin/env bash
# Builds and installs pgvector into the machine's native PostgreSQL from Debian's source
# package. Idempotent: does nothing when the extension is already installable.
# Why from source: bookworm ships no pgvector binary package for PostgreSQL 15; trixie's
# source package (0.8.x) builds cleanly against postgresql-server-dev-15.
set -euo pipefail

PG_MAJOR="${PG_MAJOR:-15}"
sharedir="/usr/share/postgresql/${PG_MAJOR}"
[ -x "/usr/lib/postgresql/${PG_MAJOR}/bin/pg_config" ] && sharedir="$("/usr/lib/postgresql/${PG_MAJOR}/bin/pg_config" --sharedir)"
if [ -f "${sharedir}/extension/vector.control" ]; then
  echo "pgvector: already installed (${sharedir}/extension/vector.control)"
  exit 0
fi

SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"

# Reuse the mirror the machine already uses; never hard-code a host.
mirror="$(grep -hE '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | grep -v security | head -n1 | awk '{print $2}')"
if [ -z "${mirror}" ]; then
  mirror="$(grep -hE '^deb ' /etc/apt/sources.list 2>/dev/null | grep -v security | head -n1 | awk '{print $2}')"
fi
[ -n "${mirror}" ] || { echo "pgvector: cannot find the apt mirror in /etc/apt/sources*" >&2; exit 1; }

list=/etc/apt/sources.list.d/engram-trixie-src.sources
if [ ! -f "${list}" ]; then
  printf 'Types: deb-src\nURIs: %s\nSuites: trixie\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' "${mirror}" | ${SUDO} tee "${list}" >/dev/null
fi
${SUDO} apt-get update -qq
DEBIAN_FRONTEND=noninteractive ${SUDO} apt-get install -y -qq "postgresql-server-dev-${PG_MAJOR}" build-essential dpkg-dev >/dev/null

work="$(mktemp -d)"
trap 'rm -rf "${work}"' EXIT
cd "${work}"
apt-get source -qq pgvector >/dev/null 2>&1 || apt-get source pgvector
cd "$(find . -maxdepth 1 -type d -name 'pgvector-*' | head -n1)"
make -s PG_CONFIG="/usr/lib/postgresql/${PG_MAJOR}/bin/pg_config" OPTFLAGS=""
${SUDO} make -s install PG_CONFIG="/usr/lib/postgresql/${PG_MAJOR}/bin/pg_config"
echo "pgvector: installed"
