"""The worker's only channel to the results: the API, authenticated with a worker token."""

from __future__ import annotations

from typing import Any

import httpx


class ApiUnavailable(Exception):
    """The API did not answer (down, restarting, network): try again later."""


class ApiRejected(Exception):
    """The API answered with a 4xx: retrying the same request will not help."""


class ApiClient:
    def __init__(self, base_url: str, token: str, timeout: float = 15.0) -> None:
        self._http = httpx.Client(
            base_url=f"{base_url.rstrip('/')}/api/v1",
            headers={"Authorization": f"Bearer {token}"},
            timeout=timeout,
        )

    def close(self) -> None:
        self._http.close()

    def _send(self, method: str, path: str, json: Any = None) -> httpx.Response:
        """The response of a 2xx; ApiUnavailable for transport errors and 5xx, ApiRejected
        (with the API's reason) for 4xx."""
        try:
            response = self._http.request(method, path, json=json)
        except httpx.TransportError as exc:
            raise ApiUnavailable(f"{method} {path}: {exc.__class__.__name__}") from exc
        if response.status_code >= 500:
            raise ApiUnavailable(f"{method} {path}: HTTP {response.status_code}")
        if response.status_code >= 400:
            try:
                detail = response.json().get("detail")
            except ValueError:
                detail = response.text[:200]
            raise ApiRejected(f"{method} {path}: HTTP {response.status_code}: {detail}")
        return response

    def _call(self, method: str, path: str, json: Any = None) -> Any:
        response = self._send(method, path, json)
        return response.json() if response.content else None

    def heartbeat(self, name: str, hostname: str, facts: dict) -> dict:
        return self._call("POST", "/worker/heartbeat",
                          {"name": name, "hostname": hostname, "facts": facts})

    def target_endpoints(self) -> list[dict]:
        return self._call("GET", "/worker/targets")

    def claim(self, cell_id: int) -> dict:
        return self._call("POST", f"/worker/cells/{cell_id}/claim")

    def run_status(self, cell_id: int) -> str:
        return self._call("GET", f"/worker/cells/{cell_id}/run-state")["status"]

    def touch(self, cell_id: int) -> str:
        return self._call("POST", f"/worker/cells/{cell_id}/touch")["status"]

    def report_result(self, cell_id: int, measures: dict) -> dict:
        return self._call("POST", f"/worker/cells/{cell_id}/result", measures)

    def report_error(self, cell_id: int, code: str, message: str) -> dict:
        return self._call("POST", f"/worker/cells/{cell_id}/error",
                          {"code": code, "message": message[:4000]})

    def sample_content(self, sample_id: str) -> bytes:
        return self._send("GET", f"/worker/samples/{sample_id}/content").content

    def sweep(self) -> dict:
        return self._call("POST", "/worker/sweep")

    def tick_schedules(self) -> dict:
        return self._call("POST", "/worker/schedules/tick")
