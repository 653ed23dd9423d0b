"""The wheel is the package: built, installed in a fresh environment, used outside the checkout.

A school server, a hosted notebook service or a browser kernel installs the playground the way
pip installs any package, from its wheel. So the wheel must carry the game data, ask for no app
(JupyterLab, a kernel, Voila: the "app" extra), and work from a folder that is not the checkout.
The environment is made once for this file: a venv with the wheel (see ``installed``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import zipfile
from email.parser import Parser
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

PROJECT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((PROJECT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
APP = {"jupyterlab", "ipykernel", "voila"}

PLAY_EVERY_GAME = """
import json, sys
import playground
from playground import arc, challengers, tiebreak, tsubasa
from playground.core.data import PACKAGE
assert "site-packages" in playground.__file__, playground.__file__
found = {}
for game in (tiebreak, tsubasa, challengers, arc):
    cards = sys.modules[game.__name__ + ".cards"]
    data = game.load_data()
    result = game.new_game(seed=5).play().result()
    found[game.__name__] = {
        "data": str(cards.DATA_DIR.relative_to(PACKAGE)),
        "winners": list(result.winners),
    }
from playground.core.remembered import _call_key, _stored_calls
found["remembered"] = sum(_call_key(e["call"]) == key for key, e in _stored_calls().items())
print(json.dumps(found))
"""


def _run(args: list[str | Path], cwd: Path, timeout: int) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # a fresh environment's own path
    done = subprocess.run(
        [str(a) for a in args], cwd=cwd, env=clean, capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, (
        f"{' '.join(map(str, args))} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    )
    return done


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's wheel, built as pip builds it."""
    folder = tmp_path_factory.mktemp("dist")
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", folder, PROJECT], folder, 600)
    (built,) = folder.glob("*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the wheel installed by pip: its python.

    The requirements come from this test environment's packages (put on the venv's path by a
    .pth file, behind the venv's own packages, with none of their start-up hooks, so not the
    checkout's editable install) and pip installs with no index: a requirement the wheel names
    that is not there fails the install, and the install takes seconds, not a download.
    """
    env = tmp_path_factory.mktemp("env")
    _run([sys.executable, "-m", "venv", env], env, 300)
    python = env / "bin" / "python"
    own = _run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], env, 60).stdout
    (Path(own.strip()) / "test-environment.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    _run([python, "-m", "pip", "install", "-q", "--no-index", "--disable-pip-version-check", wheel], env, 600)
    return python


def test_the_wheel_carries_every_data_file_and_asks_for_no_app(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
        requires = Parser().parsestr(archive.read(metadata).decode()).get_all("Requires-Dist")
    for file in (PROJECT / "data").rglob("*"):
        if file.is_file():
            assert f"playground/data/{file.relative_to(PROJECT / 'data')}" in names, file
    for front_end in (PROJECT / "playground").rglob("*.js"):
        assert str(front_end.relative_to(PROJECT)) in names, front_end
    always = [r for r in requires if "extra ==" not in r]
    assert not {r.split(">")[0].split("=")[0].strip() for r in always} & APP, always
    assert {r.split(">")[0].strip() for r in requires if 'extra == "app"' in r} == APP


def test_installed_from_the_wheel_every_game_plays_from_its_own_data(installed: Path, tmp_path: Path) -> None:
    """From a folder outside the checkout, each game loads the data inside the installed package
    and plays a seeded game to the same end as the checkout's own code; every lesson run kept in
    the store is read back there too (the installed code and data have the same fingerprint)."""
    from playground import arc, challengers, tiebreak, tsubasa
    from playground.core.remembered import _stored_calls

    found = json.loads(_run([installed, "-c", PLAY_EVERY_GAME], tmp_path, 300).stdout)
    assert found.pop("remembered") == len(_stored_calls()) > 0
    for game in (tiebreak, tsubasa, challengers, arc):
        here = game.new_game(seed=5).play().result()
        short = game.__name__.rsplit(".", 1)[1]
        assert found[game.__name__] == {"data": f"data/{short}", "winners": list(here.winners)}


@pytest.mark.notebook
def test_installed_from_the_wheel_the_lessons_import_and_the_first_lesson_runs(
    installed: Path, tmp_path: Path
) -> None:
    """Every lesson's set-up cell (its imports and data) runs on a kernel of the wheel's
    environment, in one kernel one after another; lesson 01 runs whole."""
    kernels = tmp_path / "jupyter" / "kernels" / "wheel"
    kernels.mkdir(parents=True)
    (kernels / "kernel.json").write_text(
        json.dumps(
            {
                "argv": [str(installed), "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                "display_name": "the wheel",
                "language": "python",
            }
        )
    )
    setups = [
        next(c for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code")
        for path in NOTEBOOKS
    ]
    probe = nbformat.v4.new_code_cell("import playground; print(playground.__file__)")
    together = nbformat.v4.new_notebook(cells=[*setups, probe])
    first = nbformat.read(PROJECT / "notebooks" / "01_dice_basics.ipynb", as_version=4)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("JUPYTER_PATH", str(tmp_path / "jupyter"))
        patch.delenv("PYTHONPATH", raising=False)  # the kernel imports the wheel, nothing else
        for nb in (together, first):
            NotebookClient(
                nb, timeout=300, kernel_name="wheel", resources={"metadata": {"path": str(tmp_path)}}
            ).execute()
    assert "site-packages" in together.cells[-1].outputs[0]["text"]
