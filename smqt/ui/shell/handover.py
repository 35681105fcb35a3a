"""One table window for playtests: a table that is open listens on a local socket, and a new
``smqt play --playtest`` (the editor's Pack ▸ Playtest) hands its pack over to it instead of
opening a second window. The socket's name is private to the user and the data folder."""

from __future__ import annotations

import getpass
import hashlib
import json

from PySide6.QtCore import QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

from smqt.desktop.datafolder import data_home

CONNECT_MS = 2000
ANSWER_MS = 15000
"""An open table may be busy for a while (a bot finishing its thought, a pack loading): once
connected, wait long for its answer rather than open a second window."""


def server_name() -> str:
    key = f"{getpass.getuser()}|{data_home().resolve()}"
    return "smqt-table-" + hashlib.sha1(key.encode()).hexdigest()[:16]


def hand_over(request: dict[str, object]) -> bool:
    """Give ``request`` to an open table; False when none answers (then open a window)."""
    socket = QLocalSocket()
    socket.connectToServer(server_name())
    if not socket.waitForConnected(CONNECT_MS):
        return False
    socket.write((json.dumps(request) + "\n").encode())
    socket.flush()
    answer = b""
    while not answer.endswith(b"\n") and socket.waitForReadyRead(ANSWER_MS):
        answer += bytes(socket.readAll().data())
    answer += bytes(socket.readAll().data())
    socket.abort()
    return answer.startswith(b"ok")


def _answered() -> bool:
    socket = QLocalSocket()
    socket.connectToServer(server_name())
    alive = socket.waitForConnected(200)
    socket.abort()
    return alive


class HandoverServer(QObject):
    """Listens for requests from later ``smqt play`` commands; ``requested`` carries each."""

    requested = Signal(dict)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.server = QLocalServer(self)
        self.server.newConnection.connect(self._connection)
        if not self.server.listen(server_name()) and not _answered():
            # a name left by a table that did not close cleanly (nobody answers): claim it
            QLocalServer.removeServer(server_name())
            self.server.listen(server_name())

    @property
    def listening(self) -> bool:
        return self.server.isListening()

    def _connection(self) -> None:
        socket = self.server.nextPendingConnection()
        if socket is None:
            return
        socket.readyRead.connect(lambda: self._read(socket))
        self._read(socket)  # the line may have come with the connection

    def _read(self, socket: QLocalSocket) -> None:
        if not socket.canReadLine():
            return
        line = bytes(socket.readLine().data()).decode("utf-8", "replace")
        try:
            request = json.loads(line)
        except ValueError:
            request = None
        socket.write(b"ok\n" if isinstance(request, dict) else b"bad\n")
        socket.flush()
        socket.disconnectFromServer()
        if isinstance(request, dict):
            self.requested.emit(request)

    def close(self) -> None:
        self.server.close()
