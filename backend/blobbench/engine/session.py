"""One cell's connection to a target and the owned table it makes there.

:class:`CellSession` opens the connection, and on the way out drops the table the cell said it
created (ownership checked, then any ``cleanups``), closes the connection, and turns a driver
error from the body into a :class:`~.errors.TargetError` naming what the cell was doing
(``action``). A failed drop is reported only when nothing else failed: the error in flight says
more.
"""

from __future__ import annotations

from collections.abc import Callable
from types import TracebackType
from typing import Any, Self

from .storages import drop_table
from .target import TargetConn, connect, driver_errors, translate_error


class CellSession:
    """``with CellSession(target) as s:`` — ``s.conn``; set ``s.action`` before each step,
    ``s.table = (schema, name)`` once the table exists (None after dropping it yourself).
    With ``action`` None, driver errors of the body pass through untranslated."""

    def __init__(self, target: TargetConn, action: str | None = "probing the server") -> None:
        self.target = target
        self.action = action
        self.table: tuple[str, str] | None = None
        self.cleanups: list[Callable[[], None]] = []
        self.conn: Any = connect(target)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        errors = driver_errors()
        failed = exc is not None
        try:
            if self.table is not None:
                drop_table(self.conn, *self.table)
            for cleanup in self.cleanups:
                cleanup()
        except errors as drop_exc:
            if not failed:
                raise translate_error(drop_exc, self.target, "dropping the table") from None
        finally:
            self.conn.close()
        if self.action is not None and isinstance(exc, errors):
            raise translate_error(exc, self.target, self.action) from None
