"""What `make run` says on a laptop that is not ready: a Python that is too
old (and a .venv an older Python left), or no internet after an upgrade.
Each is a sentence saying what to do, never pip's pages of errors, and a
working environment is never thrown away."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")

OLD_PYTHON = """#!/bin/sh
# Python 3.9, as far as the Makefile can tell.
case "$1" in
  --version) echo "Python 3.9.18" ;;
  -c) exit 1 ;;
  *) echo "pip: many lines of errors" >&2; exit 1 ;;
esac
"""
NEW_PYTHON = """#!/bin/sh
case "$1" in
  --version) echo "Python 3.12.1" ;;
  *) exit 0 ;;
esac
"""
NO_INTERNET = """#!/bin/sh
echo "ERROR: No matching distribution found for Django==9.9" >&2
exit 1
"""


def script(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    path.chmod(0o755)
    return path


def make(*args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MAKE")}
    return subprocess.run(
        ["make", "--no-print-directory", *args], cwd=ROOT, env=env,
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip


def test_a_python_too_old_is_one_sentence_and_no_environment(tmp_path):
    python = script(tmp_path / "python3.9", OLD_PYTHON)
    venv = tmp_path / "venv"
    result = make("install", f"VENV={venv}", f"PYTHON={python}")
    assert result.returncode != 0
    said = result.stdout + result.stderr
    assert "CardNight needs Python 3.11 or newer" in said
    assert "Python 3.9.18" in said
    assert "many lines of errors" not in said
    assert not venv.exists()


def test_a_venv_an_older_python_left_is_made_again(tmp_path):
    venv = tmp_path / "venv"
    script(venv / "bin" / "python", OLD_PYTHON)
    result = make("venv-check", f"VENV={venv}")
    assert result.returncode == 0
    assert "too old: making it again" in result.stdout
    assert not venv.exists()
    script(venv / "bin" / "python", NEW_PYTHON)  # a good one is kept
    assert make("venv-check", f"VENV={venv}").returncode == 0
    assert (venv / "bin" / "python").exists()


def test_offline_after_an_upgrade_the_packages_installed_before_are_kept(tmp_path):
    venv = tmp_path / "venv"
    script(venv / "bin" / "python", NEW_PYTHON)
    script(venv / "bin" / "pip", NO_INTERNET)
    installed = venv / ".installed"
    installed.write_text("")
    old = 1_000_000_000  # 2001: older than requirements.txt, as after a pull that changed it
    os.utime(installed, (old, old))
    result = make(f"{venv}/.installed", f"VENV={venv}")
    assert result.returncode == 0, result.stderr
    assert "an upgrade needs the internet once" in result.stdout
    assert (venv / "bin" / "python").exists()
    installed.unlink()  # never installed at all: nothing to serve with
    assert make(f"{venv}/.installed", f"VENV={venv}").returncode != 0
