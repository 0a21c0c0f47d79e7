"""Owner-only files: the database holds sessions and password hashes, and
halls copy backups to USB sticks, so var/, the SQLite database (with its WAL
and SHM files) and every backup are readable by the server's user only
(folders 0700, files 0600), whatever the umask (issue 12, point 10). So
is every other file the app writes: `write_private` is the one way it
writes one (an exported evening and the PDFs hold every couple's names).

Plain functions with no Django import: settings.py calls them.
"""

import os
import stat
from pathlib import Path

DIR_MODE = 0o700
FILE_MODE = 0o600
SQLITE_SIDE_FILES = ("-wal", "-shm", "-journal")


def _tighten(path: Path, mode: int) -> None:
    """Take away from `path` the permissions `mode` does not grant (group
    and others). Never adds any: a database made read-only on purpose stays
    read-only. A file we cannot change is left as it is.

    On Windows, permissions are access lists, not mode bits (os.chmod only
    sets the read-only flag): the per-user data folder, where an installed
    CardNight keeps everything, is readable by that user and the
    administrators only, so nothing needs tightening there."""
    if os.name == "nt":
        return
    try:
        info = path.stat()
        current = info.st_mode & 0o777
        plain = stat.S_ISREG(info.st_mode) or stat.S_ISDIR(info.st_mode)  # not /dev/null
        if plain and current & ~mode:
            os.chmod(path, current & mode)
    except OSError:
        return


def private_dir(path: Path) -> Path:
    """Create `path` (and its parents) owner-only, or tighten it."""
    path = Path(path)
    if not path.is_dir():
        path.mkdir(mode=DIR_MODE, parents=True, exist_ok=True)
    _tighten(path, DIR_MODE)
    return path


def private_file(path: Path) -> Path:
    """Create `path` empty and owner-only if it does not exist, or tighten it.

    An empty file is a valid empty SQLite database: created this way before
    SQLite opens it, the database is 0600 from its first byte, and SQLite
    gives its WAL and SHM files the same permissions as the database."""
    path = Path(path)
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE))
    except FileExistsError:
        _tighten(path, FILE_MODE)
    except OSError:
        pass  # a read-only disk: the database says so when it is written
    return path


def private_database(path: Path) -> Path:
    """The SQLite database file and its side files, owner-only."""
    path = Path(path)
    private_dir(path.parent)
    private_file(path)
    for suffix in SQLITE_SIDE_FILES:
        _tighten(path.with_name(path.name + suffix), FILE_MODE)
    return path


def write_private(path: Path, content: bytes | str, *, exclusive: bool = False) -> Path:
    """Write `content` (text is written as UTF-8) to the file `path`,
    owner-only: created 0600 whatever the umask, and an existing file of
    ours tightened before a byte is written. The one way the app writes a
    file; `path` may also be a device such as /dev/null, left as it is.
    `exclusive`: only create it (FileExistsError if it is there already)."""
    path = Path(path)
    data = content.encode("utf-8") if isinstance(content, str) else content
    flags = os.O_WRONLY | os.O_CREAT | getattr(os, "O_BINARY", 0)
    if exclusive:
        flags |= os.O_EXCL
    fd = os.open(path, flags, FILE_MODE)
    with os.fdopen(fd, "wb") as handle:
        _tighten(path, FILE_MODE)
        if path.is_file():
            handle.truncate()
        handle.write(data)
    return path
