"""The package's layout (design.md): four game rooms of the same shape around one core.

Read from the source, not by importing: no module is longer than one sitting, core knows no game,
no game knows another, and inside a room the imports that run form no circle (a phase module
names its game class only for type checking).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import playground

ROOT = Path(playground.__file__).parent
GAMES = ("tiebreak", "tsubasa", "arc", "challengers")
MOST_LINES = 600
"""design.md: a module past about 600 lines is split (by phase, or by topic)."""


def _modules() -> list[Path]:
    return sorted(ROOT.rglob("*.py"))


def _runtime_imports(path: Path) -> set[str]:
    """The modules ``path`` imports when it runs, as dotted names (relative ones resolved);
    imports under ``if TYPE_CHECKING:`` do not run, so they are left out."""
    package = ".".join(("playground", *path.relative_to(ROOT).parent.parts))
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for other in child.orelse:
                    visit(other)
                continue
            if isinstance(child, ast.Import):
                found.update(alias.name for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    parts = package.split(".")[: len(package.split(".")) - child.level + 1]
                    base = ".".join([*parts, base] if base else parts)
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in child.names)
            visit(child)

    visit(tree)
    return found


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_is_longer_than_one_sitting(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MOST_LINES, f"{path.relative_to(ROOT)} has {lines} lines; split it by phase or topic"


def test_core_knows_no_game_and_no_game_knows_another() -> None:
    for path in _modules():
        room = path.relative_to(ROOT).parts[0]
        if room not in (*GAMES, "core", "widgets"):
            continue  # the bench and the soak measure every game: they know them all
        others = [g for g in GAMES if g != room]
        known = {name for name in _runtime_imports(path) if name.startswith("playground.")}
        strangers = sorted(n for n in known if n.split(".")[1] in others)
        assert not strangers, f"{path.relative_to(ROOT)} imports {strangers}"


@pytest.mark.parametrize("game", GAMES)
def test_a_game_rooms_imports_form_no_circle(game: str) -> None:
    folder = ROOT / game
    names = {p.stem for p in folder.glob("*.py")} - {"__init__"}
    graph = {
        p.stem: {n.split(".")[2] for n in _runtime_imports(p) if n.startswith(f"playground.{game}.")} & names
        for p in folder.glob("*.py")
        if p.stem != "__init__"
    }
    state: dict[str, str] = {}

    def walk(module: str, path: list[str]) -> None:
        state[module] = "open"
        for needed in sorted(graph[module]):
            if state.get(needed) == "open":
                circle = [*path[path.index(needed) :], needed] if needed in path else [module, needed]
                raise AssertionError(f"{game}: an import circle: {' -> '.join(circle)}")
            if needed not in state:
                walk(needed, [*path, needed])
        state[module] = "done"

    for module in sorted(graph):
        if module not in state:
            walk(module, [module])
    assert graph.get("engine"), f"{game}: the engine imports none of its room's modules"


def test_the_wheel_lists_every_package_folder_and_every_data_folder() -> None:
    """pyproject.toml names its packages one by one (the data folder is mapped into the package),
    so a new folder must be added there or the wheel would leave it out."""
    import tomllib

    root = Path(playground.__file__).resolve().parents[1]
    setuptools = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]
    folders = {
        ".".join(init.parent.relative_to(root).parts) for init in (root / "playground").rglob("__init__.py")
    }
    data = {f"playground.data.{d.name}" for d in (root / "data").iterdir() if d.is_dir()}
    assert set(setuptools["packages"]) == folders | data | {"playground.data"}
    assert setuptools["package-dir"] == {"playground.data": "data"}
