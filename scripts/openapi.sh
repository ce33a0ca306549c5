#!/usr/bin/env bash
# `make openapi`: write the API's OpenAPI document to frontend/openapi.json and regenerate the
# TypeScript client from it.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

init_data_dir
ensure_deps
"$PY" -m blobbench.openapi frontend/openapi.json
npm --prefix frontend run gen:api
