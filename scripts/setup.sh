#!/usr/bin/env bash
# `make setup`: install the dependencies only (Debian packages, .venv, frontend node_modules).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

init_data_dir
ensure_deps
