#!/usr/bin/env bash
# `make up`: install what is missing, start Redis/MariaDB if none usable runs, migrate, bootstrap,
# start the API, the worker and beat, and wait until the API answers. Safe to run again: steps
# whose inputs did not change are skipped and running services are left alone.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

started=$SECONDS
init_data_dir
ensure_deps
ensure_frontend_build

PORT="${PORT:-8000}"
HOST="${HOST:-127.0.0.1}"
export HOST # the API refuses reads without a token when this is not a loopback address

# Broker and target: what the caller set, else a shared server, else a private one.
ensure_redis
REDIS_URL="${REDIS_URL:-$REDIS_BASE/0}"
if [[ -z "${BLOBBENCH_TARGET_DSN:-}" ]]; then
  ensure_mysql
  mysql_create_db "$MYSQL_PORT" blobbench
  BLOBBENCH_TARGET_DSN="mysql://root@127.0.0.1:$MYSQL_PORT/blobbench"
fi
export PORT REDIS_URL BLOBBENCH_TARGET_DSN BLOBBENCH_API_URL="${BLOBBENCH_API_URL:-http://127.0.0.1:$PORT}"
for var in BLOBBENCH_DATA_DIR REDIS_URL BLOBBENCH_TARGET_DSN PORT BLOBBENCH_API_URL; do
  env_set "$var" "${!var}"
done
if [[ -n "${DATABASE_URL:-}" ]]; then
  export DATABASE_URL
  env_set DATABASE_URL "$DATABASE_URL"
else
  env_unset DATABASE_URL # the app's default: SQLite in the data dir
fi

log "migrating the results database"
"$VENV/bin/alembic" upgrade head
# The secret key, tokens (data/admin.token, data/worker.token) and the "local" target from
# BLOBBENCH_TARGET_DSN, each only when missing.
"$VENV/bin/blobbench" bootstrap

api_healthy() { curl -fsS -o /dev/null --max-time 2 "http://127.0.0.1:$PORT/api/v1/health" 2>/dev/null; }
# shellcheck disable=SC2016 # $1 expands in the inner shell
if ! pid_alive "$RUN_DIR/api.pid" blobbench.main:create_app &&
  timeout 2 bash -c 'exec 3<>"/dev/tcp/127.0.0.1/$1"' _ "$PORT" 2>/dev/null; then
  die "port $PORT is taken by another program: stop it or run PORT=<free port> make up"
fi
start_bg api blobbench.main:create_app \
  "$VENV/bin/uvicorn" blobbench.main:create_app --factory --host "$HOST" --port "$PORT"
deadline=$((SECONDS + 60))
until api_healthy; do
  if ! pid_alive "$RUN_DIR/api.pid" blobbench.main:create_app || ((SECONDS >= deadline)); then
    tail -n 40 "$LOG_DIR/api.log" >&2 || true
    die "the API did not become healthy on port $PORT (log: $LOG_DIR/api.log)"
  fi
  sleep 0.3
done

# The worker and beat start once the API answers, so their first heartbeat reaches it.
start_bg worker "blobbench_worker worker" "$PY" -m blobbench_worker worker
start_bg beat "blobbench_worker beat" "$PY" -m blobbench_worker beat
if ((${#BG_STARTED[@]})); then
  sleep 1 # one that cannot start (bad broker URL, import error) exits within a second
  for name in worker beat; do
    if ! pid_alive "$RUN_DIR/$name.pid" "blobbench_worker $name"; then
      tail -n 40 "$LOG_DIR/$name.log" >&2 || true
      die "the $name exited (log: $LOG_DIR/$name.log)"
    fi
  done
fi

echo
url_host="$HOST"
[[ "$HOST" == 0.0.0.0 || "$HOST" == "::" ]] && url_host=127.0.0.1
echo "BlobBench is running at http://$url_host:$PORT/"
if [[ -s "$DATA_DIR/admin.token" ]]; then
  echo "Sign in with the admin token: $(cat "$DATA_DIR/admin.token")"
fi
echo "Logs: $LOG_DIR (make logs). Stop with: make down"
echo "Took $((SECONDS - started))s."
