"""`make test-fast` chooses its tests by what depends on a change
(bench/changed_tests.py), not by the words of the import lines: a test that
writes `from tables import services` and calls `services.advance(...)` runs
when tables/services/corrections.py changes, since the package's
__init__.py imports it."""

import re
import subprocess
from pathlib import Path

import pytest

from bench import changed_tests

ROOT = Path(changed_tests.ROOT)


@pytest.fixture(scope="module")
def graph():
    return changed_tests.build()


def chosen(graph, *changed: str) -> set[str]:
    return set(changed_tests.select(changed, graph).tests)


def files_matching(pattern: str) -> set[str]:
    found = re.compile(pattern, re.M)
    return {
        str(path.relative_to(ROOT))
        for path in (ROOT / "tests").rglob("test_*.py")
        if found.search(path.read_text(encoding="utf-8"))
    }


def test_a_changed_service_module_runs_the_tests_that_import_only_the_package(graph):
    only_the_package = files_matching(r"^from tables import services$") - files_matching(
        r"tables\.services\.|from tables\.services import"
    )
    assert only_the_package, "no test imports tables.services alone any more"
    for path in only_the_package:
        assert re.search(r"\bservices\.\w+\(", (ROOT / path).read_text(encoding="utf-8"))
    assert only_the_package <= chosen(graph, "tables/services/corrections.py")


def test_a_changed_support_module_runs_the_tests_that_import_it(graph):
    importers = files_matching(
        r"^from tests\.support\.board import|^from tests\.support import [\w, ]*\bboard\b"
        r"|^import tests\.support\.board\b|^from \.+support\.board import"
    )
    assert importers, "no test imports tests/support/board.py any more"
    selection = chosen(graph, "tests/support/board.py")
    assert importers <= selection
    assert selection != {changed_tests.ALL}


def test_a_changed_view_runs_the_tests_that_name_its_urls(graph):
    # test_tiebreak_pages.py imports no view: it posts to reverse("tiebreak-open").
    assert "tests/scoring/test_tiebreak_pages.py" in chosen(graph, "scoring/views/tiebreak.py")


def test_a_changed_template_runs_the_tests_of_the_views_that_render_it(graph):
    assert "tests/scoring/test_tiebreak_pages.py" in chosen(
        graph, "templates/scoring/tiebreak.html"
    )


@pytest.mark.parametrize(
    "changed",
    ["cardnight/settings.py", "tables/migrations/0001_initial.py", "tests/conftest.py"],
)
def test_settings_migrations_and_the_top_conftest_run_everything(graph, changed):
    assert chosen(graph, changed) == {changed_tests.ALL}


def test_a_changed_test_file_runs_itself(graph):
    assert "tests/test_door.py" in chosen(graph, "tests/test_door.py")


def test_changed_means_committed_since_main_staged_unstaged_and_untracked(tmp_path):
    def git(*args):
        subprocess.run(["git", *args], cwd=tmp_path, check=True, capture_output=True)

    git("init", "-q", "-b", "main")
    git("config", "user.email", "t@example.org")
    git("config", "user.name", "t")
    for name in ("kept.py", "committed.py", "edited.py"):
        (tmp_path / name).write_text("")
    git("add", ".")
    git("commit", "-q", "-m", "one")
    (tmp_path / "committed.py").write_text("x = 1\n")
    git("commit", "-q", "-am", "two")
    (tmp_path / "edited.py").write_text("x = 1\n")
    (tmp_path / "new.py").write_text("")
    # On main: the last commit, and what is not committed yet.
    assert changed_tests.changed_files(root=tmp_path) == ["committed.py", "edited.py", "new.py"]
    git("checkout", "-q", "-b", "topic")
    git("commit", "-q", "-am", "three")
    # On a branch: what changed since it left main (committed.py did on main).
    assert changed_tests.changed_files(root=tmp_path) == ["edited.py", "new.py"]
