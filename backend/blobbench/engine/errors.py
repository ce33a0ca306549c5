"""Errors the benchmark engine raises.

Every engine failure is an :class:`EngineError` with a stable machine-readable ``code`` and a
one-sentence ``message`` a person can act on. Callers (API routes, workers, the CLI) translate
the subclasses: :class:`MatrixError` is the caller's input, :class:`TargetError` is the target
server, :class:`VerificationError` means a codec or server returned different bytes than were
stored, :class:`Canceled` means the caller asked to stop.
"""

from __future__ import annotations


class EngineError(Exception):
    """Base class: ``code`` is stable for programs, ``message`` is for people (== ``str(e)``)."""

    default_code = "engine_error"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code or self.default_code

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code!r}, message={self.message!r})"


class MatrixError(EngineError):
    """A method, storage, dataset, size, workload or matrix the engine cannot run."""

    default_code = "invalid_matrix"


class TargetError(EngineError):
    """The target server refused or failed.

    Codes: ``access_denied``, ``unreachable``, ``unknown_database``, ``missing_privilege``,
    ``server_error``, ``too_large`` and ``not_owned`` (a table BlobBench did not create).
    """

    default_code = "server_error"


class VerificationError(EngineError):
    """Bytes read back (and decoded) differ from the bytes that were written."""

    default_code = "verification_failed"


class Canceled(EngineError):
    """The caller's ``should_stop`` returned True."""

    default_code = "canceled"
