#!/usr/bin/env bash
# `make clean`: make down, then delete the data dir (results, tokens, secret key, private servers).
# Asks first unless FORCE=1.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

init_data_dir
case "$DATA_DIR" in
  / | "$ROOT" | "$HOME" | "$(dirname "$ROOT")") die "refusing to delete $DATA_DIR" ;;
esac
if [[ "${FORCE:-0}" != 1 ]]; then
  read -r -p "Delete $DATA_DIR (results, tokens, secret key)? [y/N] " answer || answer=
  [[ "$answer" == [yY]* ]] || die "kept $DATA_DIR (FORCE=1 skips this question)"
fi
bash "$ROOT/scripts/down.sh"
pg_dir="$(pg_base)"
[[ "$pg_dir" == "$DATA_DIR" ]] || rm -rf "$pg_dir"
rm -rf "$DATA_DIR"
log "deleted $DATA_DIR"
