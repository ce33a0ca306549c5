from __future__ import annotations

import pytest


@pytest.mark.parametrize("path", ["/api/v1/runs/9223372036854775808", "/api/v1/runs/2147483648",
                                  "/api/v1/targets/99999999999/capabilities"])
def test_ids_beyond_what_the_database_stores_are_a_4xx(client, path):
    response = client.get(path)
    assert response.status_code in (404, 422), response.text
    assert "SELECT" not in response.text


def test_string_and_list_422_details_are_both_documented(client):
    error = client.get("/api/v1/openapi.json").json()["components"]["schemas"]["HTTPValidationError"]
    kinds = [option.get("type") for option in error["properties"]["detail"]["anyOf"]]
    assert kinds == ["string", "array"]


def test_unknown_api_paths_are_json_404s(client):
    response = client.get("/api/v1/nope")
    assert response.status_code == 404 and "No API route" in response.json()["detail"]
