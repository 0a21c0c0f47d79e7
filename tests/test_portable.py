"""Nothing Unix-only on the runtime path: the hall's laptop is most often a
Windows machine. Every module the installed package runs (cardnight, tables,
scoring: what the wheel carries) is read, and any import of a module that
exists only on Unix, any call to an os or signal function Windows lacks, and
any shell command fails the test. The tests and benches may use them (they
run on the project's Linux machines)."""

import ast
from pathlib import Path

import pytest

from tests.support.source import parse

ROOT = Path(__file__).resolve().parent.parent
RUNTIME = ("cardnight", "tables", "scoring")

UNIX_ONLY_MODULES = {
    "fcntl", "termios", "tty", "pty", "pwd", "grp", "resource", "posix", "crypt",
    "syslog", "spwd", "nis", "readline", "curses", "gunicorn",
}  # fmt: skip
UNIX_ONLY_OS = {
    "fork", "forkpty", "geteuid", "getuid", "getegid", "getgid", "setuid", "setgid",
    "seteuid", "getpgid", "setpgid", "setsid", "killpg", "getpgrp", "chown", "lchown",
    "mkfifo", "mknod", "nice", "getloadavg", "sysconf", "statvfs", "sync", "wait3", "wait4",
    "uname", "openpty", "getppid",
}  # fmt: skip
UNIX_ONLY_SIGNALS = {
    "SIGKILL", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGALRM", "SIGCHLD",
    "SIGPIPE", "SIGSTOP", "SIGCONT", "SIGTSTP", "SIGWINCH", "alarm", "pause",
    "setitimer", "siginterrupt", "pthread_kill", "sigwait",
}  # fmt: skip
SHELL_PROGRAMS = {"sh", "bash", "hostname", "ip", "ifconfig", "cp", "mv", "rm", "chmod", "kill"}


def runtime_files() -> list[Path]:
    return sorted(p for package in RUNTIME for p in (ROOT / package).rglob("*.py"))


def _posix_only(node: ast.AST) -> bool:
    """`if os.name == "posix":`, whose body never runs on Windows."""
    test = getattr(node, "test", None)
    return (
        isinstance(node, ast.If)
        and isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Attribute)
        and ast.unparse(test.left) == "os.name"
        and isinstance(test.ops[0], ast.Eq)
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value == "posix"
    )


def _portable_walk(tree: ast.AST):
    """Every node, but for the bodies of `if os.name == "posix":`."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if _posix_only(node):
            todo.extend(node.orelse)
            todo.append(node.test)
        else:
            todo.extend(ast.iter_child_nodes(node))


def unix_only(tree: ast.AST) -> list[str]:
    found = []
    for node in _portable_walk(tree):
        if isinstance(node, ast.Import):
            found += [
                f"import {a.name}" for a in node.names if a.name.split(".")[0] in UNIX_ONLY_MODULES
            ]
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module.split(".")[0] in UNIX_ONLY_MODULES:
                found.append(f"from {node.module} import …")
            if node.module == "os":
                found += [f"os.{a.name}" for a in node.names if a.name in UNIX_ONLY_OS]
            if node.module == "signal":
                found += [f"signal.{a.name}" for a in node.names if a.name in UNIX_ONLY_SIGNALS]
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id == "os" and node.attr in UNIX_ONLY_OS:
                found.append(f"os.{node.attr}")
            if node.value.id == "signal" and node.attr in UNIX_ONLY_SIGNALS:
                found.append(f"signal.{node.attr}")
        elif isinstance(node, ast.Call):
            for keyword in node.keywords:
                if keyword.arg == "shell" and not (
                    isinstance(keyword.value, ast.Constant) and keyword.value.value is False
                ):
                    found.append("a call with shell=True")
            if node.args and isinstance(node.args[0], ast.List | ast.Tuple):
                first = node.args[0].elts[0] if node.args[0].elts else None
                if isinstance(first, ast.Constant) and first.value in SHELL_PROGRAMS:
                    found.append(f"the shell command {first.value!r}")
            if isinstance(node.func, ast.Attribute) and node.func.attr == "system":
                found.append("os.system")
    return found


@pytest.mark.parametrize(
    "source, what",
    [
        ("import fcntl", "import fcntl"),
        ("from pwd import getpwnam", "from pwd import …"),
        ("import os\nos.fork()", "os.fork"),
        ("import os\nos.geteuid()", "os.geteuid"),
        ("from os import killpg", "os.killpg"),
        ("import signal\nsignal.signal(signal.SIGHUP, f)", "signal.SIGHUP"),
        ("import subprocess\nsubprocess.run('ls', shell=True)", "a call with shell=True"),
        ("import subprocess\nsubprocess.run(['hostname', '-I'])", "the shell command 'hostname'"),
    ],
)
def test_the_check_finds_each_kind_of_unix_only_code(source, what):
    assert what in unix_only(parse(source))


def test_unix_only_code_under_a_posix_check_passes_and_its_else_is_checked():
    guarded = 'import os\nif os.name == "posix":\n    os.killpg(1, 15)\nelse:\n    os.fork()\n'
    assert unix_only(parse(guarded)) == ["os.fork"]


def test_portable_code_passes_the_check():
    source = (
        "import os, signal, subprocess, sys\n"
        "os.getpid(); os.replace('a', 'b'); signal.signal(signal.SIGINT, f)\n"
        "subprocess.run([sys.executable, '-m', 'cardnight'], shell=False)\n"
    )
    assert unix_only(parse(source)) == []


def test_nothing_unix_only_runs_in_the_installed_package():
    files = runtime_files()
    assert len(files) > 100, "the runtime code was not found"
    found = {}
    for path in files:
        hits = unix_only(parse(path))
        if hits:
            found[str(path.relative_to(ROOT))] = hits
    assert found == {}
