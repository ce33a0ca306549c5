"""Queueing a run's cells, after the transaction that stored them has committed.

Messages carry ids only. The hosts of a run take turns: only the active host's cells are
queued; when they have all finished, :func:`blobbench.runs.service.advance` hands the run to
the next host and its cells are queued in turn. If the broker cannot take them the run is
marked failed with the reason, so nothing waits for cells that were never queued. The
sweep's repairs (:func:`requeue`) are different: a cell it cannot queue stays pending and the
next sweep tries again.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from blobbench.core import queue
from blobbench.models import Run
from blobbench.runs import service


class BrokerUnavailable(Exception):
    """The cells could not be queued; the run was marked failed."""


def dispatch(session: Session, run: Run, host: str | None = None) -> None:
    """Queue the pending cells of ``host`` (default: the run's active host) on that host's
    queue. Commits on failure."""
    host = host or run.active_host
    if host is None:
        return
    try:
        for cell_id in service.pending_cell_ids(session, run, host):
            queue.enqueue_cell(host, run.id, cell_id)
    except Exception as exc:  # noqa: BLE001 - the broker is down: say so, keep the record
        run.status = "failed"
        run.message = f"Could not queue the cells: broker unreachable ({exc.__class__.__name__})"
        session.commit()
        raise BrokerUnavailable(run.message) from exc


def requeue(cells: list[tuple[str, int, int]]) -> int:
    """Queue ``(host, run_id, cell_id)`` again (the sweep's repairs, after commit). Returns how
    many the broker took; the rest stay pending and the next sweep tries again."""
    sent = 0
    for host, run_id, cell_id in cells:
        try:
            queue.enqueue_cell(host, run_id, cell_id)
        except Exception:  # noqa: BLE001 - the broker is down: the next sweep repairs
            break
        sent += 1
    return sent
