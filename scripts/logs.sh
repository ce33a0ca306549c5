#!/usr/bin/env bash
# `make logs`: follow every log in the data dir.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

init_data_dir
shopt -s nullglob
logs=("$LOG_DIR"/*.log)
((${#logs[@]})) || die "no logs in $LOG_DIR yet: run make up first"
exec tail -n 20 -F "${logs[@]}"
