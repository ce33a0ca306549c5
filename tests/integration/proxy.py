"""A TCP proxy in front of the test MariaDB whose server-to-client direction can be slowed,
and which can be cut like a server that stopped.

This is how the regression tests slow a path honestly: the same cells, the same target
registration, the same host — only the network between worker and server gets a delay added
to every response, like a slower link would. Nothing in BlobBench knows about it.

:meth:`DelayProxy.cut` closes every open connection and stops listening (new connections are
refused), as the target server stopping would; :meth:`DelayProxy.restore` listens again on
the same port.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time


class DelayProxy:
    def __init__(self, upstream: tuple[str, int]) -> None:
        self.upstream = upstream
        self.delay_s = 0.0
        self._lock = threading.Lock()
        self._sockets: set[socket.socket] = set()
        self._closed = threading.Event()
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        self._start_accepting()

    def _start_accepting(self) -> None:
        threading.Thread(target=self._accept, args=(self._listener,), name="delay-proxy",
                         daemon=True).start()

    def _accept(self, listener: socket.socket) -> None:
        while not self._closed.is_set():
            try:
                client, _ = listener.accept()
            except OSError:
                return
            try:
                server = socket.create_connection(self.upstream, timeout=5)
            except OSError:
                client.close()
                continue
            for s in (client, server):
                s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                s.settimeout(None)
            with self._lock:
                self._sockets.update((client, server))
            threading.Thread(target=self._pump, args=(client, server, False), daemon=True).start()
            threading.Thread(target=self._pump, args=(server, client, True), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket, slowed: bool) -> None:
        try:
            while chunk := source.recv(1 << 16):
                if slowed and self.delay_s:
                    time.sleep(self.delay_s)
                sink.sendall(chunk)
        except OSError:
            pass
        finally:
            for s in (source, sink):
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)
                s.close()
                with self._lock:
                    self._sockets.discard(s)

    def cut(self) -> None:
        """Stop like a server: refuse new connections and drop the open ones."""
        self._listener.close()
        with self._lock:
            sockets, self._sockets = list(self._sockets), set()
        for s in sockets:
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)

    def restore(self) -> None:
        """Listen again on the same port."""
        self._listener = socket.create_server(("127.0.0.1", self.port))
        self._start_accepting()

    def close(self) -> None:
        self._closed.set()
        self._listener.close()
