#!/usr/bin/env bash
# Copy-paste detector (jscpd, ADR-0037), part of `npm test`:
#  1. libs and apps as a whole stay under the duplication threshold of .jscpd.json;
#  2. composition (the composition roots, libs/runtime) and error mapping (each app's errors/)
#     hold no clone at all: there is one way to compose and one catalogue to map.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
npx jscpd --config .jscpd.json --reporters threshold,console
npx jscpd --config .jscpd.json --threshold 0 --exit-code 1 \
  apps/*/src/composition-root.ts apps/*/src/errors libs/runtime/src
