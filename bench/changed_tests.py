"""`make test-fast`: the test files that cover what changed.

Prints, one per line, the test files to run for the files changed since the
branch left main (on main: since the last commit, `--since REF` or
CHANGED_SINCE=REF for another start), committed or not, untracked files
included. `tests` alone means the whole suite. `make test-fast` runs them,
with the pure cores, under `-m "not browser"`; `--why` says on stderr why
each file was chosen.

A test file is chosen when it depends on a changed file, through the real
import graph (grimp) of cardnight, tables, scoring, bench and tests, with
what Python and Django add to it:

- importing a module runs its packages' __init__ first: `from tables import
  services` depends on every module tables/services/__init__.py imports, and
  `tables.services.receipts` on tables/services/__init__.py;
- a test depends on the conftest.py files of its folder and those above it;
- a test depends on the views of the URLs it names (a URL name such as
  "tiebreak-open", a path such as f"/e/{slug}/board/" or its last part,
  "/prizes/"), resolved through Django's URL conf; a test that walks every
  URL (get_resolver) on every view; a string naming a module
  ("tables.services.play.record_result", for monkeypatch) or a management
  command ("backup") on that module;
- a Python file or template naming a template ("tables/game.html", with a
  partial or not) depends on it; a template on those it names (extends,
  include) and on the tag libraries it loads.

So does the helper a test imports, with all it depends on, in turn. And, for
what Django runs itself rather than through an import:

- settings, migrations, pyproject.toml (pytest's options), the apps'
  AppConfig modules, the modules their ready() imports and those the
  settings name for the database, caches and logging: the whole suite;
- the URL confs, the middleware, context processors, built-in template tags
  and the other modules the settings name: every test that makes requests
  (one that names `client`, `live_server`, `RequestFactory` or `urlopen`);
- a template nobody names by its full name (a name made up at run time):
  every test that makes requests;
- a test that reads every module ("*.py") or template ("*.html") is chosen
  for any changed module or template;
- any other file (bench/x.py outside the graph, a doc, a script): the tests
  that name it ("development.md", "bench/load.py").

Building all this takes well under a second (`--why` prints the time)."""

from __future__ import annotations

import argparse
import ast
import os
import re
import subprocess
import sys
import time
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APPS = ("cardnight", "tables", "scoring")
PACKAGES = (*APPS, "bench", "tests")
ALL = "tests"
# Settings whose project modules every test runs (the others: every request).
SETUP_SETTINGS = {"DATABASES", "CACHES", "LOGGING", "STORAGES"}
RUN_EVERYTHING = re.compile(
    r"(^|/)migrations/[^/]+\.py$|^cardnight/settings[^/]*\.py$|^pyproject\.toml$"
)
MAKES_REQUESTS = re.compile(r"client|live_server|RequestFactory|urlopen", re.I)
WALKS_URLS = re.compile(r"\bget_resolver\b|\burl_patterns\b")
TEMPLATE_NAME = re.compile(r"""["']([\w./-]+\.(?:html|txt|xml|ics))(?:#[\w-]+)?["']""")
GLOB = re.compile(r"(?:\*\*/)?\*(\.\w+)")  # "*.py", "**/*.html": a test reads them all
LOAD_TAG = re.compile(r"{%\s*load\s+([^%]+?)\s*%}")


def git(*args: str, root: Path = ROOT) -> str:
    return subprocess.run(
        ["git", *args], cwd=root, capture_output=True, text=True, check=False
    ).stdout


def changed_files(since: str | None = None, root: Path = ROOT) -> list[str]:
    """The files changed since `since` (by default where the branch left
    main, or on main the commit before HEAD), in commits, staged, unstaged
    or untracked; deleted ones left out (whatever imported them changed
    too)."""
    if not since:
        head = git("rev-parse", "HEAD", root=root).strip()
        since = git("merge-base", "HEAD", "main", root=root).strip()
        since = since or git("merge-base", "HEAD", "origin/main", root=root).strip()
        if not since or since == head:
            since = "HEAD~1" if git("rev-parse", "--verify", "-q", "HEAD~1", root=root) else head
    names = git("diff", "--name-only", since, root=root).splitlines()
    names += git("ls-files", "--others", "--exclude-standard", root=root).splitlines()
    return sorted({n for n in names if n and (root / n).is_file()})


def module_path(module: str, root: Path = ROOT) -> Path:
    path = root / Path(*module.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def path_module(name: str) -> str:
    return name.removesuffix(".py").replace("/", ".").removesuffix(".__init__")


def literal_strings(source: str) -> set[str]:
    """Every string literal of `source`; an f-string with its {...} as "1"."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.add(node.value)
        elif isinstance(node, ast.JoinedStr):
            found.add(
                "".join(
                    part.value if isinstance(part, ast.Constant) else "1" for part in node.values
                )
            )
    return found


def is_test_module(module: str) -> bool:
    return module.startswith("tests.") and module.rpartition(".")[2].startswith("test_")


@dataclass
class Graph:
    """What depends on what: `needs[a]` are the nodes a depends on (modules
    by dotted name, templates as "template:<name>"), plus the groups chosen
    by what Django runs itself."""

    root: Path
    needs: dict[str, set[str]] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)  # module -> text
    setup_modules: set[str] = field(default_factory=set)  # every test runs them
    request_modules: set[str] = field(default_factory=set)  # every request runs them
    request_tests: set[str] = field(default_factory=set)
    readers: dict[str, set[str]] = field(default_factory=dict)  # ".py" -> tests reading all
    templates: set[str] = field(default_factory=set)
    seconds: float = 0.0

    def need(self, node: str, *on: str) -> None:
        self.needs.setdefault(node, set()).update(on)

    def dependents(self) -> dict[str, set[str]]:
        back: dict[str, set[str]] = {}
        for node, needed in self.needs.items():
            for other in needed:
                back.setdefault(other, set()).add(node)
        return back

    @property
    def test_modules(self) -> set[str]:
        return {m for m in self.sources if is_test_module(m)}


def build(root: Path = ROOT) -> Graph:
    started = time.perf_counter()
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    import grimp

    graph = Graph(root)
    imports = grimp.build_graph(*PACKAGES, cache_dir=None)
    for module in imports.modules:
        parts = module.split(".")
        graph.need(module, *imports.find_modules_directly_imported_by(module))
        graph.need(module, *(".".join(parts[:i]) for i in range(1, len(parts))))
        graph.sources[module] = module_path(module, root).read_text(encoding="utf-8")
    modules = set(graph.sources)

    def named_module(dotted: str) -> str | None:
        """The module a dotted name is or is in ("tables.access.roles_context")."""
        parts = dotted.split(".")
        for end in range(len(parts), 0, -1):
            if ".".join(parts[:end]) in modules:
                return ".".join(parts[:end])
        return None

    _django_parts(graph, named_module)
    views = _url_views(graph)
    commands = {m.rpartition(".")[2]: m for m in modules if ".management.commands." in m}
    graph.templates = templates = _templates(graph, root, modules)

    for module, source in graph.sources.items():
        for name in TEMPLATE_NAME.findall(source):
            if "template:" + name in templates:
                graph.need(module, "template:" + name)
        if module.partition(".")[0] not in ("tests", "bench"):
            continue
        strings = literal_strings(source)
        for suffix in {m.group(1) for t in strings if (m := GLOB.fullmatch(t))}:
            graph.readers.setdefault(suffix, set()).add(module)
        if WALKS_URLS.search(source):
            graph.need(module, *views.every)
        if MAKES_REQUESTS.search(source):
            graph.request_tests.add(module)
        for text in strings:
            if text in commands:
                graph.need(module, commands[text])
            elif re.fullmatch(r"[a-z_]+(\.\w+)+", text) and (found := named_module(text)):
                graph.need(module, found)
            graph.need(module, *views.find(text))
    # A test whose helpers make its requests makes requests too (not one
    # whose conftest does: tests/conftest.py has the clients' fixtures).
    graph.request_tests = set(_downstream(graph.request_tests, graph.dependents()))
    for module in modules:
        if module.startswith("tests.") and (is_test_module(module) or module.endswith(".conftest")):
            folder = module.split(".")[:-1]
            conftests = (".".join(folder[:i] + ["conftest"]) for i in range(1, len(folder) + 1))
            graph.need(module, *(c for c in conftests if c in modules and c != module))
    graph.seconds = time.perf_counter() - started
    return graph


def _django_parts(graph: Graph, named_module) -> None:
    """The modules Django itself runs: for every test (AppConfig modules and
    what their ready() imports, the database and cache backends) or for
    every request (URL confs, middleware, context processors...)."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardnight.settings_test")
    import django
    from django.apps import apps
    from django.conf import settings

    if not apps.ready:
        django.setup()
    for config in apps.get_app_configs():
        name = type(config).__module__
        if name.partition(".")[0] in APPS:
            graph.setup_modules.add(name)
            graph.setup_modules.update(graph.needs.get(name, ()))
    graph.setup_modules.add(settings.SETTINGS_MODULE)

    def named(value) -> Iterable[str]:
        if isinstance(value, str):
            if value.partition(".")[0] in APPS and (found := named_module(value)):
                yield found
                yield from (m for m in graph.sources if m.startswith(found + "."))
        elif isinstance(value, dict):
            for item in value.values():
                yield from named(item)
        elif isinstance(value, list | tuple | set | frozenset):
            for item in value:
                yield from named(item)

    for key in dir(settings):
        if key.isupper() and key != "INSTALLED_APPS":
            chosen = graph.setup_modules if key in SETUP_SETTINGS else graph.request_modules
            chosen.update(named(getattr(settings, key)))
    graph.setup_modules |= {m for m in graph.sources if re.match(r"cardnight\.settings", m)}
    graph.request_modules |= {m for m in graph.sources if m.rpartition(".")[2].startswith("urls")}


@dataclass
class _Views:
    names: dict[str, set[str]]
    routes: list[tuple[str, str]]  # (a sample path, its view's module)
    every: set[str]

    def find(self, text: str) -> set[str]:
        """The views `text` names: a URL name, a path or a path's end."""
        if text in self.names or text.rpartition(":")[2] in self.names:
            return self.names.get(text) or self.names[text.rpartition(":")[2]]
        # A path, from a site's root ("/e/1/") or a server's ("1/t/1/", an
        # f-string whose {live_server.url} became "1"; "http://host/t/1/").
        path = re.sub(r"^(1|https?://[^/\s]+)(?=/.)", "", text)
        if not path.startswith("/") or " " in path:
            return set()
        path = re.sub(r"{[^}]*}", "1", path).split("?")[0].split("#")[0]
        whole = {module for sample, module in self.routes if sample == path}
        return whole or {
            module
            for sample, module in self.routes
            if len(path) > 3 and path.endswith("/") and sample.endswith(path)
        }


def _url_views(graph: Graph) -> _Views:
    from django.urls import URLResolver, get_resolver

    names: dict[str, set[str]] = {}
    routes: list[tuple[str, str]] = []

    def walk(patterns, prefix: str) -> None:
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns, route)
                continue
            view = pattern.callback
            admin = getattr(view, "model_admin", None)
            module = type(admin).__module__ if admin else view.__module__
            if module not in graph.sources:
                continue
            if pattern.name:
                names.setdefault(pattern.name, set()).add(module)
            sample = re.sub(r"<[^>]+>", "1", route).lstrip("^").rstrip("$")
            routes.append(("/" + sample.replace("\\", ""), module))

    walk(get_resolver().url_patterns, "")
    return _Views(names, routes, {module for _, module in routes})


def _templates(graph: Graph, root: Path, modules: set[str]) -> set[str]:
    folders = [root / "templates", *(root / app / "templates" for app in APPS)]
    files = {
        "template:" + str(path.relative_to(folder)): path
        for folder in folders
        if folder.is_dir()
        for path in folder.rglob("*")
        if path.is_file()
    }
    libraries = {m.rpartition(".")[2]: m for m in modules if ".templatetags." in m}
    for node, path in files.items():
        text = path.read_text(encoding="utf-8", errors="replace")
        graph.need(node, *("template:" + n for n in TEMPLATE_NAME.findall(text)) & files.keys())
        for load in LOAD_TAG.findall(text):
            graph.need(node, *(libraries[w] for w in load.split() if w in libraries))
    return set(files)


def _downstream(seeds: Iterable[str], back: dict[str, set[str]]) -> dict[str, str | None]:
    """Every node that depends on a seed, each with the node it came from."""
    came_from: dict[str, str | None] = dict.fromkeys(seeds)
    queue = deque(came_from)
    while queue:
        node = queue.popleft()
        for other in back.get(node, ()):
            if other not in came_from:
                came_from[other] = node
                queue.append(other)
    return came_from


@dataclass
class Selection:
    tests: list[str]  # test files, or ["tests"]: the whole suite
    why: dict[str, str]  # test file -> how a change reaches it


def select(changed: Iterable[str], graph: Graph) -> Selection:
    """The test files that depend on the files `changed` (paths from the
    repository's root)."""
    modules, tests, back = set(graph.sources), graph.test_modules, graph.dependents()
    seeds: dict[str, str] = {}  # node -> the changed file it stands for
    groups: dict[str, str] = {}  # test module -> why (not through the graph)

    def everything(reason: str) -> Selection:
        return Selection([ALL], {ALL: reason})

    def group(members: Iterable[str], reason: str) -> None:
        for member in members:
            groups.setdefault(member, reason)

    for name in changed:
        module, suffix = path_module(name), Path(name).suffix
        if suffix != ".py" or name.partition("/")[0] in APPS:
            group(graph.readers.get(suffix, ()), f"{name}: a test that reads every {suffix} file")
        template = "template:" + re.sub(r"^(\w+/)?templates/", "", name)
        if RUN_EVERYTHING.search(name):
            return everything(f"{name} changed")
        if name.endswith(".py") and module in modules:
            if module in graph.setup_modules:
                return everything(f"{name}: every test runs it")
            seeds[module] = name
            if module in graph.request_modules:
                group(graph.request_tests, f"{name}: every request runs it")
        elif template in graph.templates:
            seeds[template] = name
            if not back.get(template):
                group(graph.request_tests, f"{name}: a template no module names in full")
        else:
            base = Path(name).name
            for other, source in graph.sources.items():
                if other.partition(".")[0] == "tests" and (name in source or base in source):
                    seeds.setdefault(other, name)

    came_from = _downstream(seeds, back)
    why: dict[str, str] = {}
    for module in sorted(tests & (came_from.keys() | groups.keys())):
        if module in groups and module not in came_from:
            why[module] = groups[module]
            continue
        chain, node = [], module
        while node is not None:
            chain.append(node)
            node = came_from[node]
        why[module] = (
            " <- ".join(chain[1:]) + f" ({seeds[chain[-1]]})"
            if chain[1:]
            else (f"{seeds[module]} changed")
        )
    if why and set(why) == tests:
        return everything("every test file depends on what changed")
    files = {str(module_path(m, graph.root).relative_to(graph.root)): w for m, w in why.items()}
    return Selection(sorted(files), files)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--since", default=os.environ.get("CHANGED_SINCE"), help="a git ref")
    parser.add_argument("--why", action="store_true", help="say why each file is chosen")
    parser.add_argument("files", nargs="*", help="these changed files instead of git's")
    args = parser.parse_args(argv)
    changed = args.files or changed_files(args.since)
    if not changed:
        return 0
    try:
        graph = build()
    except Exception as error:  # a module that does not parse, say: run it all
        print(f"changed_tests: no graph ({error!r}); the whole suite", file=sys.stderr)
        print(ALL)
        return 0
    selection = select(changed, graph)
    print(
        f"changed_tests: files changed: {len(changed)}; test files chosen: "
        f"{'all' if selection.tests == [ALL] else len(selection.tests)} "
        f"(graph built in {graph.seconds:.2f} s)",
        file=sys.stderr,
    )
    if args.why:
        for test, reason in selection.why.items():
            print(f"  {test}: {reason}", file=sys.stderr)
    print("\n".join(selection.tests))
    return 0


if __name__ == "__main__":
    sys.exit(main())
