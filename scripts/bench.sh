#!/usr/bin/env bash
# `make bench`: speed and fidelity figures (benchmarks are not tests: they print, they don't judge).
# By default: the run page with 5,000 cells in Chromium, thread scaling, every 7th length of the seed-000 grid (the full grid, 3,920 cells,
# is `make bench BENCH=seed000_grid`), and last the fidelity check, whose final line is
# `fidelity: min ratio X.XX`. `BENCH=name BENCH_ARGS=…` runs one bench/name.py. The target is
# BLOBBENCH_TARGET_DSN (exported), else the MariaDB `make up` would use. Timings go to stderr.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

init_data_dir
ensure_deps
ensure_frontend_build
[[ -x /usr/bin/chromium ]] || apt_install chromium
if [[ -f e2e/package.json ]]; then npm_ci "$ROOT/e2e"; fi
if [[ -z "${BLOBBENCH_TARGET_DSN:-}" ]]; then
  ensure_mysql
  mysql_create_db "$MYSQL_PORT" blobbench
  BLOBBENCH_TARGET_DSN="mysql://root@127.0.0.1:$MYSQL_PORT/blobbench"
fi
export BLOBBENCH_TARGET_DSN

shopt -s nullglob
if [[ -n "${BENCH:-}" ]]; then
  scripts=("bench/$BENCH.py")
  [[ -f "${scripts[0]}" ]] || die "no bench/$BENCH.py"
else
  scripts=(bench/run_page.py bench/concurrency.py bench/seed000_grid.py bench/fidelity.py)
fi
failed=0
for f in "${scripts[@]}"; do
  args="${BENCH_ARGS:-}"
  [[ -z "${BENCH:-}" && "$f" == bench/seed000_grid.py ]] && args="--size-step 7"
  log "$f $args" >&2
  t0=$SECONDS
  # shellcheck disable=SC2086 # args are split on purpose
  "$PY" "$f" $args || { warn "$f exited $?"; failed=1; }
  log "$f: $((SECONDS - t0))s" >&2
done
exit "$failed"
