#!/usr/bin/env bash
# `make test`: install what is missing, make sure MariaDB, Redis and PostgreSQL answer (private ones
# under the data dir otherwise), then run every suite: pytest, the frontend's unit tests, the
# end-to-end tests. A failing suite does not stop the next one; the exit status is non-zero if any
# failed. Extra pytest arguments: PYTEST_ARGS="-k runs -x" make test.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

started=$SECONDS
init_data_dir
ensure_deps
ensure_frontend_build
[[ -x /usr/bin/chromium ]] || apt_install chromium
# the binlog study's tests start a private MariaDB with binary logging (no service is started)
[[ -n "$(sbin_tool mariadbd)" && -n "$(sbin_tool mariadb-install-db)" ]] || apt_install mariadb-server-core
if [[ -f e2e/package.json ]]; then npm_ci "$ROOT/e2e"; fi

# Test services: what the caller set, else shared servers, else private ones. Tests create their
# own databases on these servers.
if [[ -z "${TEST_MYSQL_DSN:-}" ]]; then
  ensure_mysql
  TEST_MYSQL_DSN="mysql://root@127.0.0.1:$MYSQL_PORT"
fi
if [[ -z "${TEST_REDIS_URL:-}" ]]; then
  ensure_redis
  TEST_REDIS_URL="$REDIS_BASE/15"
fi
if [[ -z "${TEST_POSTGRES_URL:-}" ]]; then
  ensure_postgres
  TEST_POSTGRES_URL="postgresql+psycopg://postgres@127.0.0.1:$POSTGRES_PORT/postgres"
fi
export TEST_MYSQL_DSN TEST_REDIS_URL TEST_POSTGRES_URL
export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
export PLAYWRIGHT_HTML_OPEN=never # never wait for a keypress after a failed e2e run
for var in TEST_MYSQL_DSN TEST_REDIS_URL TEST_POSTGRES_URL; do env_set "$var" "${!var}"; done
log "TEST_MYSQL_DSN=$TEST_MYSQL_DSN TEST_REDIS_URL=$TEST_REDIS_URL TEST_POSTGRES_URL=$TEST_POSTGRES_URL"

results=()
passed=0 failed=0 skipped=0
# suite NAME CMD...: run one suite with no stdin (so nothing waits for input or watches files).
# Any non-zero exit fails the suite, including pytest's 5 ("no tests collected").
# Its output also goes to logs/test-NAME.log, from which a failure's excerpt is repeated at the end
# (CI logs are often read from the bottom).
suite() {
  local name="$1" t0=$SECONDS rc=0
  shift
  log "suite $name: $*"
  "$@" </dev/null 2>&1 | tee "$LOG_DIR/test-$name.log" || rc=$?
  if ((rc == 0)); then
    passed=$((passed + 1))
    results+=("  $name: ok in $((SECONDS - t0))s")
  else
    failed=$((failed + 1))
    results+=("  $name: FAILED (exit $rc) in $((SECONDS - t0))s")
  fi
}
skip() {
  skipped=$((skipped + 1))
  results+=("  $1: skipped, $2")
  warn "suite $1 skipped: $2"
}

# shellcheck disable=SC2086 # PYTEST_ARGS is split on purpose
suite pytest "$PY" -m pytest ${PYTEST_ARGS:-}
if frontend_present; then
  suite frontend npm --prefix frontend run test
else
  skip frontend "no frontend/package.json"
fi
if [[ -f e2e/package.json ]]; then
  suite e2e npm --prefix e2e test
else
  skip e2e "no e2e/package.json"
fi

# failure_excerpt NAME: the lines that say what failed, without colour codes.
failure_excerpt() {
  local file="$LOG_DIR/test-$1.log" excerpt
  [[ -f "$file" ]] || return 0
  # `head` closes the pipe early: the SIGPIPE upstream must not end the script (pipefail, -e).
  excerpt="$(sed 's/\x1b\[[0-9;]*m//g' "$file" | case "$1" in
    pytest) grep -E '^(FAILED|ERROR) ' | cut -c1-300 | head -n 30 ;;
    e2e) grep -E -A 9 '^  [0-9]+\) \[' | grep -v '^\s*$' | head -n 60 ;;
    *) tail -n 40 ;;
  esac)" || true
  echo
  echo "---- why suite $1 failed (full log: $file) ----"
  printf '%s\n' "$excerpt"
}
for line in "${results[@]}"; do
  if [[ "$line" == *FAILED* ]]; then
    name="${line#  }"
    failure_excerpt "${name%%:*}"
  fi
done

echo
echo "make test finished in $((SECONDS - started))s:"
printf '%s\n' "${results[@]}"
echo "suites: $passed passed, $failed failed, $skipped skipped"
((failed == 0))
