#!/usr/bin/env bash
# `make down`: stop the API, the worker and beat, then the private Redis/MariaDB/PostgreSQL that
# up.sh or test.sh started for this data dir (shared servers are never touched). Idempotent.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

init_data_dir
stop_pid "$RUN_DIR/beat.pid" "blobbench_worker beat" beat
stop_pid "$RUN_DIR/worker.pid" "blobbench_worker worker" worker 60
stop_pid "$RUN_DIR/api.pid" blobbench.main:create_app api
stop_private_servers
log "stopped"
