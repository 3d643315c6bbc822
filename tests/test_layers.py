"""The layers point one way: core (engine, catan) <- formats <- league <- api / web / cli.

Every import in src/tablerank counts, also those inside functions and under TYPE_CHECKING: a
type-only import still ties one layer to another. Each test lists every violation with its file
and line. (The direction between the engine and Catan is tests/engine's to check.)
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

SRC = Path(__file__).parents[1] / "src"
PACKAGE = SRC / "tablerank"
MAX_LINES = 400
TOO_LONG_YET: dict[str, str] = {
    # A module over the limit, and why it is not split yet; the entry goes once it is.
}


@dataclass(frozen=True)
class Import:
    """One import statement's target, as a dotted name, and where it is."""

    source: str
    """The importing module, such as tablerank.cli.main."""
    target: str
    where: str
    """file:line, relative to src/."""


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


MODULES = {module_name(path) for path in modules()}


def _base(module: str, path: Path, node: ast.ImportFrom) -> str:
    """The absolute module an ImportFrom names (relative imports resolved)."""
    if node.level == 0:
        return node.module or ""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for _ in range(node.level - 1):
        package = package.rpartition(".")[0]
    return f"{package}.{node.module}" if node.module else package


@cache
def imports_of(path: Path) -> tuple[Import, ...]:
    """Every tablerank module `path` imports; `from X import y` counts as X.y when that is a
    module, else as X."""
    module = module_name(path)
    where = path.relative_to(SRC).as_posix()
    found: list[Import] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _base(module, path, node)
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
                for alias in node.names
            ]
        else:
            continue
        found += [
            Import(module, target, f"{where}:{node.lineno}")
            for target in targets
            if target == "tablerank" or target.startswith("tablerank.")
        ]
    return tuple(found)


def all_imports() -> list[Import]:
    return [found for path in modules() for found in imports_of(path)]


def within(name: str, *packages: str) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


def violations(importers: tuple[str, ...], forbidden: tuple[str, ...]) -> list[str]:
    """`file:line: module imports target` for each import from `importers` into `forbidden`."""
    return [
        f"{i.where}: {i.source} imports {i.target}"
        for i in all_imports()
        if within(i.source, *importers) and within(i.target, *forbidden)
    ]


def test_the_walker_sees_every_kind_of_import() -> None:
    """The checks below are only as good as the import walker: it must see nested,
    type-only and relative imports, and `from package import module`."""
    found = {i.target for i in imports_of(PACKAGE / "cli" / "league" / "roles.py")}
    assert "tablerank.cli.league.access" in found  # from tablerank.cli.league import access
    assert "tablerank.league.services" in found  # inside functions and under TYPE_CHECKING
    assert "tablerank.league.models" in found  # under TYPE_CHECKING only
    assert {i.source for i in all_imports()} >= {"tablerank.api.shapes", "tablerank.cli.main"}


def test_only_the_command_line_imports_the_command_line() -> None:
    found = [
        f"{i.where}: {i.source} imports {i.target}"
        for i in all_imports()
        if not within(i.source, "tablerank.cli") and within(i.target, "tablerank.cli")
    ]
    assert not found, "\n".join(found)


def test_formats_use_only_the_core() -> None:
    shells = ("league", "api", "web", "cli", "server")
    found = violations(("tablerank.formats",), tuple(f"tablerank.{p}" for p in shells))
    assert not found, "\n".join(found)


def test_the_league_knows_no_shell() -> None:
    shells = ("tablerank.api", "tablerank.web", "tablerank.cli")
    found = violations(("tablerank.league",), shells)
    assert not found, "\n".join(found)


@pytest.mark.parametrize(("shell", "other"), [("api", "web"), ("web", "api")])
def test_the_api_and_the_web_stand_apart(shell: str, other: str) -> None:
    forbidden = (f"tablerank.{other}", "tablerank.cli")
    found = violations((f"tablerank.{shell}",), forbidden)
    assert not found, "\n".join(found)


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_cycles_are_found() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_the_command_line_modules_import_each_other_one_way() -> None:
    graph: dict[str, set[str]] = {}
    for i in all_imports():
        if within(i.source, "tablerank.cli") and within(i.target, "tablerank.cli"):
            graph.setdefault(i.source, set()).add(i.target)
    cycles = [" <-> ".join(cycle) for cycle in _cycles(graph)]
    assert not cycles, "\n".join(cycles)


def _length(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_no_module_is_over_the_limit() -> None:
    too_long = [
        f"{path.relative_to(SRC).as_posix()}: {_length(path)} lines"
        for path in modules()
        if "migrations" not in path.parts
        and _length(path) > MAX_LINES
        and path.relative_to(SRC).as_posix() not in TOO_LONG_YET
    ]
    assert not too_long, "\n".join(too_long)


def test_the_allowed_long_modules_are_still_long() -> None:
    """Once a listed module is split, its entry goes (so the list only shrinks)."""
    split = [
        name for name in sorted(TOO_LONG_YET)
        if not (SRC / name).exists() or _length(SRC / name) <= MAX_LINES
    ]  # fmt: skip
    assert not split, "\n".join(split)


def test_the_tournament_core_knows_no_shell_and_no_format() -> None:
    outer = ("formats", "league", "api", "web", "cli", "server")
    found = violations(("tablerank.tournament",), tuple(f"tablerank.{p}" for p in outer))
    assert not found, "\n".join(found)


FRONT_DOORS = (
    "tablerank.league",
    "tablerank.league.services",
    "tablerank.league.queries",
    "tablerank.league.models",
    "tablerank.league.errors",
)
"""What the shells may import of the league: its packages' namespaces, never a module inside."""

FLOORS = {"errors": 0, "models": 1, "store": 2, "ratings": 3, "services": 4, "queries": 5}
"""The league's subpackages from the bottom up: a module imports only from floors below its
own (and from its own package). The queries read by the services' rules (who may read a
league), and no service reads through a query."""


def test_the_shells_use_only_the_league_s_front_doors() -> None:
    shells = ("tablerank.api", "tablerank.web", "tablerank.cli", "tablerank.server")
    found = [
        f"{i.where}: {i.source} imports {i.target}"
        for i in all_imports()
        if within(i.source, *shells)
        and ".migrations." not in i.source
        and within(i.target, "tablerank.league")
        and i.target not in FRONT_DOORS
    ]
    assert not found, "\n".join(found)


def _floor(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["tablerank", "league"] else None


def test_the_league_s_floors_point_down() -> None:
    found = []
    for i in all_imports():
        source, target = _floor(i.source), _floor(i.target)
        if (
            source in FLOORS
            and target in FLOORS
            and source != target
            and (FLOORS[target] >= FLOORS[source])
        ):
            found.append(f"{i.where}: {i.source} ({source}) imports {i.target} ({target})")
    assert not found, "\n".join(found)


def test_the_league_s_top_level_is_small() -> None:
    top = sorted(p.name for p in (PACKAGE / "league").glob("*.py"))
    assert len(top) <= 12, top


def _private_names() -> list[str]:
    found = []
    for path in modules():
        module = module_name(path)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if not isinstance(node, ast.ImportFrom) or node.module == "__future__":
                continue
            base = _base(module, path, node)
            taken = [a.name for a in node.names if a.name.startswith("_")]
            if taken and base.startswith("tablerank") and base != module:
                found.append(f"{path.relative_to(SRC).as_posix()}:{node.lineno}: {taken} of {base}")
    return found


def test_no_module_takes_another_s_private_name() -> None:
    found = _private_names()
    assert not found, "\n".join(found)


def test_no_package_imports_itself_in_a_circle() -> None:
    """Between packages (tablerank.league.store, tablerank.engine.systems, ...), not modules."""
    packages = {module_name(path) for path in PACKAGE.rglob("__init__.py")}
    graph: dict[str, set[str]] = {}
    for i in all_imports():
        source, target = i.source.rpartition(".")[0], i.target.rpartition(".")[0]
        if i.source in packages:
            source = i.source
        if source != target and not within(source, target) and not within(target, source):
            graph.setdefault(source, set()).add(target)
    cycles = [" <-> ".join(cycle) for cycle in _cycles(graph)]
    assert not cycles, "\n".join(cycles)


QUERY_METHODS = frozenset(
    {"filter", "exclude", "select_related", "prefetch_related", "annotate", "order_by"}
    | {"values_list"}
)
"""What a shell calling it builds is a read of the database (a QuerySet's methods), with
`.objects`: a rule about what a page shows, to whom, in which order, that belongs to the league's
queries, where every door shares it."""

SHELL_QUERIES_YET: dict[str, str] = {
    # A shell module that still builds a read, and why; the entry goes once it no longer does.
}


def queries_built(tree: ast.AST, where: str) -> list[str]:
    """`where:line: .name` for each `.objects` and each call of a QuerySet method in `tree`
    (a method call only: the builtin `filter(...)` or a list's `sort` are no query)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "objects":
            found.append((node.lineno, f"{where}:{node.lineno}: .objects"))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in QUERY_METHODS
        ):
            found.append((node.lineno, f"{where}:{node.lineno}: .{node.func.attr}()"))
    return [text for _, text in sorted(found)]


def _shell_modules() -> list[Path]:
    return [
        path
        for shell in ("api", "web", "cli", "server")
        for path in sorted((PACKAGE / shell).rglob("*.py"))
        if "migrations" not in path.parts
    ]


def test_a_query_built_in_a_shell_is_seen() -> None:
    snippet = (
        "rows = GameRecord.objects.all()\n"
        "mine = league.players.filter(user=user).order_by('name')\n"
        "kept = list(filter(None, names))\n"
        "names.sort(key=str.casefold)\n"
        "names = rows.values_list('name', flat=True)\n"
    )
    assert queries_built(ast.parse(snippet), "x.py") == [
        "x.py:1: .objects",
        "x.py:2: .filter()",
        "x.py:2: .order_by()",
        "x.py:5: .values_list()",
    ]


def test_the_shells_build_no_query() -> None:
    """The shells parse input, call the league's services and queries and shape output; a read
    of the database is the queries' (`league/queries`), so the API and the web share it."""
    found = [
        line
        for path in _shell_modules()
        if path.relative_to(SRC).as_posix() not in SHELL_QUERIES_YET
        for line in queries_built(
            ast.parse(path.read_text(encoding="utf-8"), str(path)),
            path.relative_to(SRC).as_posix(),
        )
    ]
    assert not found, "\n".join(found)


def test_the_shells_allowed_to_query_still_do() -> None:
    """Once an allowed module builds no query, its entry goes (so the list only shrinks)."""
    done = [
        name
        for name in sorted(SHELL_QUERIES_YET)
        if not (SRC / name).exists()
        or not queries_built(ast.parse((SRC / name).read_text(encoding="utf-8")), name)
    ]
    assert not done, "\n".join(done)
