"""The committed OpenAPI document and the generated TypeScript client match the API."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from blobbench.openapi import render

ROOT = Path(__file__).resolve().parents[1]
FRONTEND = ROOT / "frontend"


def test_committed_openapi_matches_the_app():
    committed = (FRONTEND / "openapi.json").read_text()
    assert committed == render(), "run `make openapi` and commit the result"


def test_operation_ids_are_stable_and_unique():
    import json

    spec = json.loads(render())
    ids = [op["operationId"] for path in spec["paths"].values() for op in path.values()]
    assert len(ids) == len(set(ids))
    assert "runs-create_run" in ids and "targets-create_target" in ids


def test_generated_client_matches_the_document(tmp_path):
    binary = FRONTEND / "node_modules" / ".bin" / "openapi-typescript"
    assert binary.exists(), "frontend dependencies missing: run `make setup`"
    out = tmp_path / "schema.d.ts"
    subprocess.run(
        [str(binary), "openapi.json", "--default-non-nullable", "false", "-o", str(out)],
        cwd=FRONTEND, check=True, capture_output=True, timeout=120,
    )
    assert out.read_text() == (FRONTEND / "src" / "api" / "schema.d.ts").read_text(), (
        "run `make openapi` and commit the result"
    )
    assert shutil.which("node")
