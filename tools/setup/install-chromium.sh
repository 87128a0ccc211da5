#!/usr/bin/env bash
# Installs Debian's chromium for the inspector's browser tests (playwright-core drives it; no test
# tool ever downloads a browser of its own). Idempotent: nothing happens when /usr/bin/chromium exists.
# Needs root (CI runs as root) or sudo; without either it says what to run and fails.
set -euo pipefail
chromium="${ENGRAM_TEST_CHROMIUM:-/usr/bin/chromium}"
if [ -x "${chromium}" ]; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-chromium: ${chromium} is missing and apt-get is not available; install Chromium and set ENGRAM_TEST_CHROMIUM" >&2
  exit 1
fi
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo_cmd=(sudo); else
    echo "install-chromium: run as root: apt-get install -y chromium" >&2
    exit 1
  fi
fi
echo "engram: installing chromium (Debian package) for the browser tests" >&2
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq >&2
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends chromium >&2
[ -x "${chromium}" ] || { echo "install-chromium: ${chromium} still missing after apt-get install" >&2; exit 1; }
