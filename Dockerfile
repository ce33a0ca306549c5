# syntax=docker/dockerfile:1
# One image for the API, the worker and beat (docker-compose.yml picks the command).

# --- the dashboard: static files built with Node -------------------------------------------------
FROM node:22-bookworm-slim AS frontend
WORKDIR /src/frontend
COPY frontend/package.json frontend/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY frontend/ ./
RUN npm run build

# --- Python dependencies: compiled here (mysqlclient needs gcc and the MariaDB headers) ------------
FROM python:3.11-slim-bookworm AS python-build
RUN apt-get update \
 && apt-get install -y --no-install-recommends gcc pkg-config libmariadb-dev \
 && rm -rf /var/lib/apt/lists/*
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
RUN python -m venv /opt/venv
COPY requirements.lock /tmp/requirements.lock
RUN /opt/venv/bin/pip install --require-hashes -r /tmp/requirements.lock
COPY pyproject.toml /src/
COPY backend /src/backend
COPY worker /src/worker
RUN /opt/venv/bin/pip install --no-deps /src

# --- runtime: no compiler, only the MariaDB client library ---------------------------------------
FROM python:3.11-slim-bookworm
RUN apt-get update \
 && apt-get install -y --no-install-recommends libmariadb3 \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home-dir /app blobbench \
 && mkdir -p /data && chown blobbench: /data
COPY --from=python-build /opt/venv /opt/venv
WORKDIR /app
COPY alembic.ini ./
COPY migrations ./migrations
COPY --from=frontend /src/frontend/dist ./frontend/dist
COPY scripts/docker-entrypoint.sh /usr/local/bin/blobbench-entrypoint
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    BLOBBENCH_DATA_DIR=/data \
    HOST=0.0.0.0 \
    BLOBBENCH_FRONTEND_DIST=/app/frontend/dist
USER blobbench
VOLUME /data
EXPOSE 8000
ENTRYPOINT ["blobbench-entrypoint"]
CMD ["uvicorn", "blobbench.main:create_app", "--factory", "--host", "0.0.0.0", "--port", "8000"]
