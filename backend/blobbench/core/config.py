"""Settings read from the environment, with defaults rooted in the data directory."""

from __future__ import annotations

import ipaddress
import os
import socket
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


def _read(path: Path) -> str | None:
    try:
        return path.read_text().strip() or None
    except FileNotFoundError:
        return None


class Settings(BaseSettings):
    """Everything configurable. See CONVENTIONS.md for the table of variables."""

    model_config = SettingsConfigDict(env_prefix="", extra="ignore")

    data_dir: Path = Field(default=Path("data"), validation_alias="BLOBBENCH_DATA_DIR")
    database_url: str | None = Field(default=None, validation_alias="DATABASE_URL")
    redis_url: str = Field(default="redis://127.0.0.1:6379/0", validation_alias="REDIS_URL")
    secret_key: str | None = Field(default=None, validation_alias="BLOBBENCH_SECRET_KEY")
    port: int = Field(default=8000, validation_alias="PORT")
    bind_host: str = Field(default="127.0.0.1", validation_alias="HOST",
                           description="Address the API listens on")
    auth: Literal["auto", "required", "off"] = Field(
        default="auto", validation_alias="BLOBBENCH_AUTH",
        description="Whether reading needs a token: auto = only when listening beyond localhost",
    )
    api_url: str | None = Field(default=None, validation_alias="BLOBBENCH_API_URL")
    host_name: str = Field(
        default_factory=lambda: socket.gethostname().split(".")[0],
        validation_alias="BLOBBENCH_HOST_NAME",
    )
    worker_token: str | None = Field(default=None, validation_alias="BLOBBENCH_WORKER_TOKEN")
    target_dsn: str = Field(
        default="mysql://root@127.0.0.1:3306/blobbench", validation_alias="BLOBBENCH_TARGET_DSN"
    )
    frontend_dist: Path = Field(
        default=Path(__file__).resolve().parents[3] / "frontend" / "dist",
        validation_alias="BLOBBENCH_FRONTEND_DIST",
    )
    max_sample_bytes: int = Field(default=64 << 20, validation_alias="BLOBBENCH_MAX_SAMPLE_BYTES")
    max_cells: int = Field(default=20_000, validation_alias="BLOBBENCH_MAX_CELLS")
    host_offline_after_s: float = Field(default=45.0, validation_alias="BLOBBENCH_HOST_OFFLINE_AFTER")
    heartbeat_s: float = Field(default=10.0, gt=0, validation_alias="BLOBBENCH_HEARTBEAT")
    schedule_tick_s: float = Field(default=20.0, gt=0, validation_alias="BLOBBENCH_SCHEDULE_TICK")
    sweep_s: float = Field(default=30.0, gt=0, validation_alias="BLOBBENCH_SWEEP",
                           description="Seconds between beat's sweeps (the runs' watchdog)")
    cell_touch_s: float = Field(default=10.0, gt=0, validation_alias="BLOBBENCH_CELL_TOUCH",
                                description="Seconds between a running cell's signs of life")
    cell_stale_after_s: float = Field(
        default=120.0, gt=0, validation_alias="BLOBBENCH_CELL_STALE_AFTER",
        description="A running cell untouched this long is presumed lost and queued again")
    cell_max_attempts: int = Field(default=3, ge=1, validation_alias="BLOBBENCH_CELL_MAX_ATTEMPTS",
                                   description="Claims of one cell before the sweep fails it")
    visibility_timeout_s: float = Field(
        default=3600.0, gt=0, validation_alias="BLOBBENCH_VISIBILITY_TIMEOUT",
        description="Seconds before Redis hands an unacknowledged message to another worker")

    @property
    def data_path(self) -> Path:
        return self.data_dir.resolve()

    @property
    def resolved_database_url(self) -> str:
        if self.database_url:
            return self.database_url
        return f"sqlite:///{self.data_path / 'blobbench.db'}"

    @property
    def listens_beyond_localhost(self) -> bool:
        return not is_loopback(self.bind_host)

    def reads_need_token(self, client_host: str | None) -> bool:
        """Writes always need a token. Reads need one when required, and in ``auto`` when the
        API listens beyond localhost or the request comes from another machine."""
        if self.auth == "auto":
            return self.listens_beyond_localhost or not is_loopback(client_host or "")
        return self.auth == "required"

    @property
    def resolved_secret_key(self) -> str | None:
        return self.secret_key or _read(self.data_path / "secret.key")

    @property
    def resolved_api_url(self) -> str:
        return (self.api_url or f"http://127.0.0.1:{self.port}").rstrip("/")

    @property
    def resolved_worker_token(self) -> str | None:
        return self.worker_token or _read(self.data_path / "worker.token")

    @property
    def host_queue(self) -> str:
        return host_queue(self.host_name)


def is_loopback(host: str) -> bool:
    """True for addresses only this machine can reach (127.0.0.0/8, ::1, localhost)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def host_queue(host_name: str) -> str:
    """The Celery queue that only the workers of ``host_name`` consume."""
    return f"host.{host_name}"


def _env_file() -> Path:
    """``$BLOBBENCH_DATA_DIR/env``: what `make up` chose (URLs, DSNs), so that commands run
    later in a plain shell (``blobbench token create``) use the same database and broker.
    Variables set in the environment win over the file."""
    return Path(os.environ.get("BLOBBENCH_DATA_DIR", "data")) / "env"


@lru_cache
def get_settings() -> Settings:
    return Settings(_env_file=_env_file())


def reset_settings() -> None:
    """Forget cached settings (tests and CLI commands that change the environment)."""
    get_settings.cache_clear()


