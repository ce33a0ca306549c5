from __future__ import annotations

import pytest
import redis

from tests.conftest import TEST_REDIS_URL, make_database
from tests.integration.stack import start_stack, unique_host

@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def stack(request, tmp_path_factory):
    directory = tmp_path_factory.mktemp(f"stack-{request.param}")
    url, drop = make_database(request.param, directory)
    s = start_stack(url, directory, TEST_REDIS_URL)
    s.host = unique_host()
    try:
        s.start_worker(s.host)
        yield s
    finally:
        s.close()
        redis.Redis.from_url(TEST_REDIS_URL).delete(f"host.{s.host}")
        drop()
