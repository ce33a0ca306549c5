"""``blobbench ci`` against a real stack (the ``hosts_stack`` fixture: API, beat, two workers).

The slowed path is honest: the target 'path' is the test MariaDB behind a TCP proxy, and the
regression is a delay the proxy adds to every server response — the same cells, host and
target, only a slower network, which is what BlobBench exists to measure. Run-to-run noise of
identical runs on a busy two-core test machine reaches ~30% (the database is shared with other
suites), so these end-to-end comparisons use a 50% threshold against a ~10x slowdown; the
default 5% is checked with controlled samples in tests/regressions.
"""

from __future__ import annotations

import json
import threading

import httpx
import pytest

from blobbench.cli.main import main

pytestmark = pytest.mark.integration

MATRIX = {"matrix": {"methods": ["none", "lz4"], "storages": ["dynamic"],
                     "datasets": ["random:2"], "sizes": ["4KiB"]},
          "settings": {"time_budget_s": 0.3, "warmup_s": 0.05}}


@pytest.fixture(scope="module")
def ci(hosts_stack, tmp_path_factory):
    directory = tmp_path_factory.mktemp("ci")
    matrix = directory / "matrix.json"
    matrix.write_text(json.dumps(MATRIX))
    count = iter(range(1000))

    def run(*extra: str, target: str = "path", host: str | None = None,
            token: str | None = None) -> tuple[int, dict]:
        report = directory / f"report-{next(count)}.json"
        code = main(["ci", "--url", hosts_stack.url, "--token", token or hosts_stack.run_token,
                     "--target", target, "--host", host or hosts_stack.a, "--poll", "0.2",
                     "--report", str(report), *(extra or ("--matrix", str(matrix)))])
        return code, json.loads(report.read_text())

    hosts_stack.run_token = hosts_stack.mint("run")
    run.matrix = str(matrix)
    return run


def test_a_slowed_path_regresses_and_identical_runs_do_not(ci, hosts_stack, capsys):
    code, baseline = ci()
    assert code == 0 and baseline["run"]["status"] == "succeeded"
    assert baseline["comparison"] is None and len(baseline["results"]) == 2
    pinned = ["--matrix", ci.matrix, "--baseline", str(baseline["run"]["id"]),
              "--threshold", "50%"]
    for _ in range(5):
        code, report = ci(*pinned)
        assert code == 0, report["comparison"]["cells"]
        assert report["comparison"]["summary"]["regressed"] == 0
    capsys.readouterr()

    hosts_stack.proxy.delay_s = 0.003
    try:
        code, report = ci("--matrix", ci.matrix, "--baseline", "last:3", "--threshold", "50%")
    finally:
        hosts_stack.proxy.delay_s = 0.0
    out = capsys.readouterr().out
    assert code == 1, report["comparison"]
    summary = report["comparison"]["summary"]
    assert summary["regressed"] == 2 and summary["worst"]["change_pct"] < -50
    assert len(report["comparison"]["baseline_run_ids"]) == 3  # the previous three runs
    assert all(c["p_value"] < 1e-6 for c in report["comparison"]["cells"])
    assert "REGRESSION" in out and "regressed" in out and report["exit_code"] == 1


def test_a_retried_job_gets_the_same_run(ci):
    first_code, first = ci("--matrix", ci.matrix, "--idempotency-key", "job-42")
    again_code, again = ci("--matrix", ci.matrix, "--idempotency-key", "job-42")
    assert (first_code, again_code) == (0, 0)
    assert first["run"]["id"] == again["run"]["id"] and first["run"]["name"] == "ci job-42"


def test_bad_requests_exit_2_with_the_reason(ci, capsys):
    code, report = ci("--preset", "no_such_preset")
    assert code == 2 and "Unknown preset 'no_such_preset'" in capsys.readouterr().err
    assert report["exit_code"] == 2 and report["run"] is None
    code, _ = ci("--preset", "quick", target="nowhere")
    assert code == 2 and "No target named 'nowhere'" in capsys.readouterr().err
    code, _ = ci("--preset", "quick", token="bbr_wrong")
    assert code == 2 and "unknown or revoked" in capsys.readouterr().err
    code, _ = ci("--preset", "quick", host="no-such-host")
    assert code == 2 and "Unknown host" in capsys.readouterr().err


def test_an_unreachable_api_exits_2(tmp_path, capsys):
    code = main(["ci", "--url", "http://127.0.0.1:9", "--token", "t", "--target", "x",
                 "--host", "h", "--preset", "quick"])
    assert code == 2 and "unreachable" in capsys.readouterr().err


def test_a_canceled_run_exits_2(ci, hosts_stack, capsys):
    """A run waiting for a silent host is canceled while the CLI waits for it."""
    name = f"silent-{hosts_stack.a[-4:]}"
    token = hosts_stack.mint("worker", name)
    httpx.post(f"{hosts_stack.url}/api/v1/worker/heartbeat", json={"name": name},
               headers={"Authorization": f"Bearer {token}"}).raise_for_status()

    def cancel_when_queued() -> None:
        with hosts_stack.http() as c:
            for _ in range(100):
                runs = [r for r in c.get("/runs").json() if r["name"] == "ci cancel-me"]
                if runs:
                    c.post(f"/runs/{runs[0]['id']}/cancel")
                    return
                threading.Event().wait(0.1)

    canceler = threading.Thread(target=cancel_when_queued)
    canceler.start()
    code, report = ci("--matrix", ci.matrix, "--idempotency-key", "cancel-me", host=name)
    canceler.join()
    assert code == 2 and report["run"]["status"] == "canceled"
    assert "canceled" in capsys.readouterr().err.lower()
