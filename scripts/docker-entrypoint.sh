#!/bin/sh
# Container entry point (see Dockerfile). Before starting the API it migrates the results database
# and bootstraps (secret key, admin and worker tokens, the "local" target), both idempotent.
# Any other command (the worker, beat, a shell) runs as given.
set -eu
case "${1:-}" in
  uvicorn)
    alembic upgrade head
    blobbench bootstrap
    ;;
esac
exec "$@"
