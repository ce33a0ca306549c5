"""docker-compose.yml and the Dockerfile hang together (no Docker engine needed).

When a compose client is installed (`docker compose` or `docker-compose`), it validates the file
too; there is no engine to run it here.
"""

from __future__ import annotations

import fnmatch
import os
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
COMPOSE = ROOT / "docker-compose.yml"
APP_SERVICES = ("api", "worker", "beat")
SOURCE_DIRS = (ROOT / "backend", ROOT / "worker")


@pytest.fixture(scope="module")
def services() -> dict:
    return yaml.safe_load(COMPOSE.read_text())["services"]


def _command(service: dict) -> list[str]:
    cmd = service["command"]
    return shlex.split(cmd) if isinstance(cmd, str) else list(cmd)


def _module_path(module: str) -> Path | None:
    """The file of a dotted module (or the folder of a package) in the repo's source dirs."""
    rel = Path(*module.split("."))
    for base in SOURCE_DIRS:
        if (base / rel).with_suffix(".py").is_file():
            return (base / rel).with_suffix(".py")
        if (base / rel / "__init__.py").is_file():
            return base / rel
    return None


def _dockerfile(service: dict) -> Path:
    build = service["build"]
    context = ROOT / (build if isinstance(build, str) else build.get("context", "."))
    name = "Dockerfile" if isinstance(build, str) else build.get("dockerfile", "Dockerfile")
    return context / name


def test_the_whole_stack_is_defined(services):
    assert {"api", "worker", "beat", "redis", "postgres", "mariadb"} <= set(services)


def test_every_dependency_is_a_defined_service_and_waits_for_health(services):
    for name, service in services.items():
        deps = service.get("depends_on", {})
        assert isinstance(deps, dict), f"{name}: depends_on should name conditions"
        for dep, spec in deps.items():
            assert dep in services, f"{name} depends on undefined service {dep}"
            assert spec.get("condition") == "service_healthy", f"{name} -> {dep}"
            assert "healthcheck" in services[dep], f"{name} waits for {dep}, which has no healthcheck"


def test_every_service_has_an_image_or_a_buildable_dockerfile(services):
    for name, service in services.items():
        assert "image" in service or "build" in service, name
        if "build" in service:
            assert _dockerfile(service).is_file(), f"{name}: {_dockerfile(service)} is missing"


@pytest.mark.parametrize("name", ["redis", "postgres", "mariadb", "api"])
def test_healthchecks(services, name):
    test = services[name]["healthcheck"]["test"]
    assert test and test[0] in ("CMD", "CMD-SHELL"), test


def test_api_healthcheck_calls_the_health_route(services):
    assert "/api/v1/health" in " ".join(services["api"]["healthcheck"]["test"])
    main = (ROOT / "backend/blobbench/main.py").read_text()
    assert re.search(r'\.get\(\s*"/health"', main), "blobbench.main has no /health route"


@pytest.mark.parametrize("name", APP_SERVICES)
def test_app_commands_name_modules_that_exist(services, name):
    cmd = _command(services[name])
    checked = 0
    for i, arg in enumerate(cmd):
        if arg == "-m":  # python -m package: needs package/__main__.py
            path = _module_path(cmd[i + 1])
            assert path is not None and (path / "__main__.py").is_file(), f"{name}: {cmd}"
            checked += 1
        elif re.fullmatch(r"[a-z_][\w.]*:[A-Za-z_]\w*", arg):  # module:attribute (uvicorn)
            module, attr = arg.split(":")
            path = _module_path(module)
            assert path is not None and path.is_file(), f"{name}: no module {module}"
            assert re.search(rf"^def {attr}\(", path.read_text(), re.M), f"{name}: no {arg}"
            checked += 1
    assert checked, f"{name}: the command names no module: {cmd}"


def test_services_agree_on_the_worker_host_and_the_results_database(services):
    env = {name: services[name]["environment"] for name in APP_SERVICES}
    # bootstrap (api) mints the worker token for BLOBBENCH_HOST_NAME; the worker must use it.
    assert env["api"]["BLOBBENCH_HOST_NAME"] == env["worker"]["BLOBBENCH_HOST_NAME"]
    assert env["worker"]["BLOBBENCH_API_URL"] == "http://api:8000"
    assert env["api"]["DATABASE_URL"] == env["beat"]["DATABASE_URL"]
    assert "@postgres:" in env["api"]["DATABASE_URL"]
    assert "DATABASE_URL" not in env["worker"], "workers never open the results database"
    assert any("8000" in str(p) for p in services["api"]["ports"])
    assert any(str(v).endswith(":/data") for v in services["api"]["volumes"])


def _dockerignore() -> list[str]:
    lines = (ROOT / ".dockerignore").read_text().splitlines()
    return [ln.strip() for ln in lines if ln.strip() and not ln.startswith("#")]


def _ignored(path: str, patterns: list[str]) -> bool:
    return any(
        fnmatch.fnmatch(path, p) or fnmatch.fnmatch(path, p.removeprefix("**/")) for p in patterns
    )


def test_dockerfile_copies_only_files_that_exist_and_reach_the_context():
    dockerfile = (ROOT / "Dockerfile").read_text()
    patterns = _dockerignore()
    copies = re.findall(r"^COPY\s+(?!--from)(.+)$", dockerfile, re.M)
    assert copies
    for line in copies:
        *sources, _dest = shlex.split(line)
        for src in sources:
            assert (ROOT / src).exists(), f"COPY {src}: not in the repository"
            assert not _ignored(src.rstrip("/"), patterns), f"COPY {src}: excluded by .dockerignore"


def test_entrypoint_is_executable_and_migrates_before_the_api():
    entrypoint = ROOT / "scripts/docker-entrypoint.sh"
    assert os.access(entrypoint, os.X_OK)
    text = entrypoint.read_text()
    assert text.index("alembic upgrade head") < text.index('exec "$@"')


def _compose_client() -> list[str] | None:
    for cmd in (["docker", "compose"], ["docker-compose"]):
        if shutil.which(cmd[0]) is None:
            continue
        probe = subprocess.run([*cmd, "version"], capture_output=True, timeout=30)
        if probe.returncode == 0:
            return cmd
    return None


def test_compose_client_accepts_the_file():
    client = _compose_client()
    if client is None:
        pytest.skip("no docker compose client on this machine")
    result = subprocess.run(
        [*client, "-f", str(COMPOSE), "config", "-q"],
        capture_output=True, text=True, timeout=60, cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
