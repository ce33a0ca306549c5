"""Facts about the host running the benchmark, recorded with every result so numbers from
different machines and library versions are never compared blindly."""

from __future__ import annotations

import functools
import os
import platform
import socket
import statistics
import time
from typing import Any

from .codecs import library_versions


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.lower().startswith(("model name", "hardware", "cpu model")):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _memory_bytes() -> int | None:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return None


def _driver_versions() -> dict[str, str]:
    from .drivers import DRIVERS, driver_version

    out = {}
    for name in DRIVERS:
        try:
            out[name] = driver_version(name)
        except ImportError:  # pragma: no cover - all are dependencies
            out[name] = "missing"
    return out


@functools.lru_cache(maxsize=1)
def host_facts() -> dict[str, Any]:
    """hostname, cpu_model, cores, memory_bytes, kernel, machine, python, drivers, codecs.

    Cached for the life of the process; treat the returned dict as read-only.
    """
    return {
        "hostname": socket.gethostname(),
        "cpu_model": _cpu_model(),
        "cores": os.cpu_count(),
        "memory_bytes": _memory_bytes(),
        "kernel": f"{platform.system()} {platform.release()}",
        "machine": platform.machine(),
        "python": platform.python_version(),
        "python_implementation": platform.python_implementation(),
        "drivers": _driver_versions(),
        "codecs": library_versions(),
    }


def tcp_rtt(host: str, port: int, attempts: int = 3, timeout: float = 1.0) -> dict[str, Any]:
    """Round-trip time to ``host:port`` measured as TCP connect time (one SYN/SYN-ACK), the
    median of ``attempts``: ``{"rtt_ms": float | None, "error": str | None}``.

    Needs no credentials, so a worker can measure every target it can reach."""
    times, error = [], None
    for _ in range(attempts):
        t0 = time.perf_counter()
        try:
            with socket.create_connection((host, port), timeout=timeout):
                times.append((time.perf_counter() - t0) * 1000)
        except OSError as exc:
            error = f"{exc.__class__.__name__}: {exc.strerror or exc}"
    if not times:
        return {"rtt_ms": None, "error": error}
    return {"rtt_ms": round(statistics.median(times), 3), "error": None}
