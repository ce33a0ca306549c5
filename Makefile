# BlobBench: `make up` sets everything up and starts it, `make test` runs every test.
# The logic lives in scripts/ (shared functions in scripts/lib.sh); settings come from the
# environment (see CONVENTIONS.md), e.g. `PORT=8080 make up`, `PYTEST_ARGS="-k runs" make test`.

SHELL := /bin/bash
.DEFAULT_GOAL := help

.PHONY: help up down test bench openapi setup logs clean

help: ## list the targets
	@grep -E '^[a-z]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-8s %s\n", $$1, $$2}'

up: ## install what is missing, start BlobBench (API, worker, beat) and print the URL
	@bash scripts/up.sh

down: ## stop BlobBench and the private servers it started
	@bash scripts/down.sh

test: ## run every test suite (pytest, frontend unit tests, end-to-end)
	@bash scripts/test.sh

bench: ## run the benchmarks in bench/ (BENCH=name runs one)
	@bash scripts/bench.sh

openapi: ## regenerate frontend/openapi.json and the TypeScript client
	@bash scripts/openapi.sh

setup: ## install the dependencies only
	@bash scripts/setup.sh

logs: ## follow the logs
	@bash scripts/logs.sh

clean: ## make down, then delete the data dir (asks first unless FORCE=1)
	@bash scripts/clean.sh
