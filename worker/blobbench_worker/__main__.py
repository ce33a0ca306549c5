"""``python -m blobbench_worker worker|beat``: start this host's worker, or the scheduler."""

from __future__ import annotations

import sys

from blobbench.core.config import get_settings

from blobbench_worker.app import MAINTENANCE_QUEUE, celery_app


def main(argv: list[str]) -> None:
    if not argv or argv[0] not in ("worker", "beat"):
        sys.exit("usage: python -m blobbench_worker worker|beat [celery options]")
    settings = get_settings()
    if argv[0] == "worker":
        import blobbench_worker.signals  # noqa: F401 - registers the lifecycle hooks

        args = ["worker", "--loglevel", "INFO", "--concurrency", "1",
                "--prefetch-multiplier", "1", "--without-gossip", "--without-mingle",
                "--hostname", f"{settings.host_name}@%h",
                "--queues", f"{settings.host_queue},{MAINTENANCE_QUEUE}", *argv[1:]]
    else:
        schedule = settings.data_path / "celerybeat-schedule"
        settings.data_path.mkdir(parents=True, exist_ok=True)
        args = ["beat", "--loglevel", "INFO", "--schedule", str(schedule), *argv[1:]]
    celery_app.start(args)


if __name__ == "__main__":
    main(sys.argv[1:])
