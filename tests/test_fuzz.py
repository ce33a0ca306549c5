"""Property-based fuzzing of the whole OpenAPI surface (schemathesis): whatever a client sends,
the API answers without a 5xx, and every documented response matches its schema."""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import content_type_conformance, response_schema_conformance

from tests.conftest import make_database

# Routes that would reach other machines with fuzzed addresses, or wait on long work:
# registering/checking targets connects to the host it is given; sample tables read a target.
SLOW_OR_NETWORKED = r"^/api/v1/(targets(/\{target_id\}/check)?|samples/table)$"


def _app():
    from blobbench.main import create_app

    return create_app()


# The app reads its database per request, so the schema can be loaded at collection time (one
# test per operation) and the database chosen by the fixture below.
APP = _app()
schema = schemathesis.openapi.from_asgi("/api/v1/openapi.json", APP).exclude(
    path_regex=SLOW_OR_NETWORKED, method="POST")


@pytest.fixture(scope="module")
def admin_token_headers(tmp_path_factory):
    """A fresh SQLite database for the fuzzer, and an admin token it sends."""
    import os

    from blobbench.core.config import reset_settings
    from blobbench.core.db import get_sessionmaker, reset_engine
    from blobbench.tokens.service import create_token

    url, _ = make_database("sqlite", tmp_path_factory.mktemp("fuzz"))
    saved = os.environ.get("DATABASE_URL")
    os.environ["DATABASE_URL"] = url
    reset_settings()
    reset_engine()
    with get_sessionmaker()() as s:
        _, raw = create_token(s, "fuzz", "admin")
        s.commit()
    yield {"Authorization": f"Bearer {raw}"}
    reset_engine()
    if saved is None:
        os.environ.pop("DATABASE_URL", None)
    else:
        os.environ["DATABASE_URL"] = saved
    reset_settings()


@schema.parametrize()
@settings(max_examples=12, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                 HealthCheck.function_scoped_fixture])
def test_no_input_gets_a_5xx_or_a_body_that_breaks_the_schema(case, admin_token_headers):
    case.call_and_validate(headers=admin_token_headers, checks=[
        not_a_server_error, response_schema_conformance, content_type_conformance])
