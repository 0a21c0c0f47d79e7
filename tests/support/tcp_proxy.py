"""A TCP forwarder on 127.0.0.1 that a test can cut and restore, to play
"the database server is gone" without stopping the shared PostgreSQL."""

import contextlib
import socket
import subprocess
import threading
import uuid

from tests.support.hall import free_port


class TcpProxy:
    def __init__(self, target_port: int, listen_port: int = 0):
        self.target_port = target_port
        self.listen_port = listen_port
        self._listener: socket.socket | None = None
        self._connections: list[socket.socket] = []
        self._lock = threading.Lock()

    def start(self) -> "TcpProxy":
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.listen_port))
        listener.listen(64)
        self.listen_port = listener.getsockname()[1]
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()
        return self

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(("127.0.0.1", self.target_port), timeout=5)
            except OSError:
                client.close()
                continue
            upstream.settimeout(None)
            with self._lock:
                self._connections += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (source, sink):
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)

    def stop(self) -> None:
        """Refuse new connections and cut every open one."""
        if self._listener:
            # shutdown() wakes the thread blocked in accept(); close() alone does not.
            with contextlib.suppress(OSError):
                self._listener.shutdown(socket.SHUT_RDWR)
            self._listener.close()
            self._listener = None
        with self._lock:
            for sock in self._connections:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                sock.close()
            self._connections.clear()


@contextlib.contextmanager
def proxied_postgres(settings_dict: dict, prefix: str):
    """A scratch PostgreSQL database reached through a TcpProxy: yields the
    proxy (stop it to cut every connection, start it to let them back) and the
    database's URL through the proxy; the database is dropped afterwards."""
    name = f"{prefix}_{uuid.uuid4().hex[:8]}"
    host = settings_dict["HOST"] or "127.0.0.1"
    port = int(settings_dict["PORT"] or 5432)
    user = settings_dict["USER"]
    psql = ["psql", "-h", host, "-p", str(port), "-U", user, "-d", "postgres", "-q", "-c"]
    subprocess.run([*psql, f"CREATE DATABASE {name}"], check=True, capture_output=True)
    proxy = TcpProxy(target_port=port, listen_port=free_port()).start()
    try:
        yield proxy, f"postgres://{user}@127.0.0.1:{proxy.listen_port}/{name}"
    finally:
        proxy.stop()
        subprocess.run([*psql, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"], capture_output=True)
