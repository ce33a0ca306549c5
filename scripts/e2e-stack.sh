#!/usr/bin/env bash
# A throwaway BlobBench stack in the foreground for the browser tests: migrations, tokens,
# the API on $E2E_PORT and one worker for host $E2E_HOST, all under $E2E_DATA_DIR; with
# $E2E_BINLOG_PORT also a private MariaDB with binary logging there (the binlog study's target).
# Playwright starts it (webServer) and stops it by killing the process group.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PY="$ROOT/.venv/bin/python"

: "${E2E_DATA_DIR:?set E2E_DATA_DIR}"
export BLOBBENCH_DATA_DIR="$E2E_DATA_DIR"
export PORT="${E2E_PORT:-8765}"
export BLOBBENCH_HOST_NAME="${E2E_HOST:-e2e-host}"
export BLOBBENCH_API_URL="http://127.0.0.1:$PORT"
export REDIS_URL="${TEST_REDIS_URL:-${REDIS_URL:-redis://127.0.0.1:6379/15}}"
unset DATABASE_URL BLOBBENCH_SECRET_KEY BLOBBENCH_WORKER_TOKEN
mkdir -p "$E2E_DATA_DIR"
cd "$ROOT"

"$PY" -m alembic -c "$ROOT/alembic.ini" upgrade head
"$PY" -m blobbench.cli.main bootstrap --no-target

pids=()
cleanup() { kill "${pids[@]}" 2>/dev/null || true; wait || true; }
trap cleanup EXIT INT TERM

if [[ -n "${E2E_BINLOG_PORT:-}" ]]; then
  tool() { command -v "$1" 2>/dev/null || echo "/usr/sbin/$1"; }
  binlog_dir="$E2E_DATA_DIR/binlog-mariadb"
  "$(tool mariadb-install-db)" --no-defaults --datadir="$binlog_dir" --user="$(id -un)" \
    --auth-root-authentication-method=normal --skip-test-db >"$E2E_DATA_DIR/binlog-install.log" 2>&1
  "$(tool mariadbd)" --no-defaults --datadir="$binlog_dir" --socket="$E2E_DATA_DIR/binlog.sock" \
    --port="$E2E_BINLOG_PORT" --bind-address=127.0.0.1 --user="$(id -un)" --log-bin=binlog \
    --server-id=1 --innodb-buffer-pool-size=64M --log-error="$E2E_DATA_DIR/binlog-mariadb.log" \
    >/dev/null 2>&1 </dev/null &
  pids+=($!)
fi

"$PY" -m uvicorn blobbench.main:create_app --factory --host 127.0.0.1 --port "$PORT" \
  --log-level warning &
pids+=($!)
"$PY" -m blobbench_worker worker >"$E2E_DATA_DIR/worker.log" 2>&1 &
pids+=($!)
wait -n "${pids[@]}"
