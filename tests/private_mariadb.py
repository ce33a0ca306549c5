"""A private MariaDB server for tests that must change what the shared one cannot (binary
logging is a startup option): ``mariadb-install-db`` into a temporary directory, then
``mariadbd`` on a free port, stopped and deleted afterwards. ``make test`` installs Debian's
``mariadb-server-core`` when the binaries are missing."""

from __future__ import annotations

import getpass
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import MySQLdb

from tests.integration.stack import free_port


def _tool(name: str) -> str | None:
    for candidate in (shutil.which(name), f"/usr/sbin/{name}", f"/usr/bin/{name}"):
        if candidate and Path(candidate).is_file():
            return candidate
    return None


@dataclass
class PrivateMariaDB:
    port: int
    directory: Path
    process: subprocess.Popen

    def connect(self, **kw) -> MySQLdb.connections.Connection:
        return MySQLdb.connect(host="127.0.0.1", port=self.port, user="root", password="",
                               autocommit=True, **kw)

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)


def start_private_mariadb(directory: Path, *options: str) -> PrivateMariaDB:
    """Initialise and start a MariaDB in ``directory`` with extra ``mariadbd`` options (e.g.
    ``--log-bin``); root has no password. Raises RuntimeError with the server's log."""
    mariadbd, install = _tool("mariadbd"), _tool("mariadb-install-db")
    if not mariadbd or not install:
        raise RuntimeError("mariadbd/mariadb-install-db not found: install mariadb-server-core")
    user = getpass.getuser()
    data = directory / "data"
    log = directory / "error.log"
    subprocess.run([install, "--no-defaults", f"--datadir={data}", f"--user={user}",
                    "--auth-root-authentication-method=normal", "--skip-test-db"],
                   check=True, capture_output=True, timeout=120)
    port = free_port()
    proc = subprocess.Popen(
        [mariadbd, "--no-defaults", f"--datadir={data}", f"--socket={directory / 'm.sock'}",
         f"--port={port}", "--bind-address=127.0.0.1", f"--log-error={log}", f"--user={user}",
         "--innodb-buffer-pool-size=64M", "--skip-name-resolve", *options],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    server = PrivateMariaDB(port, directory, proc)
    deadline = time.monotonic() + 60
    while True:
        try:
            server.connect().close()
            return server
        except MySQLdb.OperationalError:
            if proc.poll() is not None or time.monotonic() > deadline:
                server.stop()
                text = log.read_text(errors="replace")[-2000:] if log.exists() else ""
                raise RuntimeError(f"the private MariaDB did not start:\n{text}") from None
            time.sleep(0.2)
