"""Process tuning that makes fetching multi-megabyte values as fast as the machine allows.

**malloc.** glibc serves allocations above ``M_MMAP_THRESHOLD`` (128 KiB at start; it adapts
upwards only as mmapped chunks are freed, and only to 32 MiB) with a fresh ``mmap`` and returns
them with ``munmap``, and gives the top of the heap back to the kernel once more than
``M_TRIM_THRESHOLD`` is free. Every fetch of a MiB-sized value allocates the driver's buffer,
the ``bytes`` object and the decoder's output, so a process in the default state page-faults
its way through fresh zeroed pages on every operation. Measured here (fresh processes,
mysqlclient, localhost MariaDB, random:62): 1 MiB values 550-620 MB/s by default vs
2,100-2,900 MB/s with the thresholds raised; 4 MiB 380-500 vs 1,300-1,650 MB/s. With
:func:`tune_malloc` large buffers are carved from the heap and reused; nothing is returned to
the kernel while the process lives (the cost: the peak heap stays resident).

Without tuning the outcome depends on the process's history: glibc raises the threshold to
the size of the largest mmapped chunk freed so far, so a fetch loop whose values are as large
as anything freed before keeps mmapping (a fresh process fetching 1 MiB values: the 4x loss
above), while a process that happened to free a bigger buffer earlier (``bench/fidelity.py``
generating its data, say) runs at full speed (``fidelity.py --no-tune`` shows ratios ≈ 1.0 at
1 MiB and ~10% less throughput at 4 MiB). Tuning removes that dependence on history, which is
what a measurement needs above all.

This is what a throughput-minded application would configure too (``MALLOC_MMAP_THRESHOLD_`` /
``MALLOC_TRIM_THRESHOLD_`` or ``GLIBC_TUNABLES`` do the same from the environment), and it
applies to the whole process — the engine and ``bench/fidelity.py``'s raw yardstick alike — so
it makes the yardstick faster, not just the harness. Results record whether it was applied
(``context.process.malloc``). No-op where libc is not glibc.

**gc.** The timed loops allocate a few GC-tracked tuples per operation (the driver's rows); the
cyclic collector runs every ~700 of them and walks the young generation. :func:`no_gc` disables
it around a timed section after a full collection, and restores the previous state.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

M_TRIM_THRESHOLD = -1
M_TOP_PAD = -2
M_MMAP_THRESHOLD = -3

MMAP_THRESHOLD = 256 << 20  # glibc caps the value at HEAP_MAX/2 (32 MiB on 64-bit) internally
TRIM_THRESHOLD = 1 << 30
TOP_PAD = 16 << 20

_lock = threading.Lock()
_state: dict[str, Any] | None = None


def tune_malloc() -> dict[str, Any]:
    """Raise glibc's mmap/trim thresholds once per process; return what was done.

    ``{"applied": bool, "mmap_threshold": …, "trim_threshold": …, "top_pad": …}`` or
    ``{"applied": False, "reason": …}``.
    """
    global _state
    with _lock:
        if _state is not None:
            return _state
        try:
            libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
            mallopt = libc.mallopt
        except (OSError, AttributeError):
            _state = {"applied": False, "reason": "no glibc mallopt"}
            return _state
        mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
        mallopt.restype = ctypes.c_int
        mmap = MMAP_THRESHOLD
        if mallopt(M_MMAP_THRESHOLD, mmap) != 1:  # above this glibc's maximum: use the max
            mmap = 32 << 20
            mallopt(M_MMAP_THRESHOLD, mmap)
        trim_ok = mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD) == 1
        pad_ok = mallopt(M_TOP_PAD, TOP_PAD) == 1
        _state = {"applied": trim_ok and pad_ok, "mmap_threshold": mmap,
                  "trim_threshold": TRIM_THRESHOLD, "top_pad": TOP_PAD}
        return _state


def malloc_state() -> dict[str, Any]:
    """What :func:`tune_malloc` did in this process (``{"applied": False}`` if not called)."""
    return dict(_state) if _state is not None else {"applied": False, "reason": "not requested"}


@contextmanager
def no_gc() -> Iterator[None]:
    """Collect, then keep the cyclic GC off for the block (restored after, even on error)."""
    was = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
