"""The no-install JupyterLite site (make lite), built here and checked as far as this machine can.

The Pyodide runtime comes from Pyodide's CDN, out of reach here, so no lesson runs in a browser
in this test: it checks what the site holds (every lesson, with its install cell and the browser
kernel; the project's wheel with its data), that the widget front ends are those of the wheels a
kernel installs, that every requirement of the wheel can be installed in a browser kernel, and
that ``jupyter lite check`` accepts the site (part of the build).
"""

from __future__ import annotations

import importlib.metadata as metadata
import json
import re
import sys
import zipfile
from pathlib import Path

import nbformat
import pytest

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT / "lite"))
import build as lite  # noqa: E402  (lite/build.py, the script make lite runs)

LOCAL_PYODIDE = "http://127.0.0.1:8000/pyodide/pyodide.js"  # a school server's copy, say
# Pyodide ships these compiled; every other requirement must be a pure-Python wheel (piplite)
PYODIDE_SHIPS = {"numpy", "pandas", "matplotlib"}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return lite.build(tmp_path_factory.mktemp("lite") / "site", pyodide_url=LOCAL_PYODIDE)


def test_every_lesson_is_in_the_site_with_its_install_cell_and_the_browser_kernel(site: Path) -> None:
    for source in sorted((PROJECT / "notebooks").glob("*.ipynb")):
        copy = nbformat.read(site / "files" / source.name, as_version=4)
        original = nbformat.read(source, as_version=4)
        assert copy.cells[0].source == lite.INSTALL and copy.cells[0].cell_type == "code"
        assert [c.source for c in copy.cells[1:]] == [c.source for c in original.cells]
        assert copy.metadata["kernelspec"]["name"] == "python"


def test_the_site_serves_the_wheel_with_its_data(site: Path) -> None:
    (wheel,) = (site / "pypi").glob("game_math_playground-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    assert {
        f"playground/data/{f.relative_to(PROJECT / 'data')}" for f in (PROJECT / "data").rglob("*.csv")
    } <= names
    index = json.loads((site / "pypi" / "all.json").read_text())
    assert "game-math-playground" in {name.replace("_", "-") for name in index}


def test_the_widget_front_ends_are_those_of_the_installed_wheels(site: Path) -> None:
    """The site's JavaScript for ipywidgets and anywidget is the version their Python side expects."""
    for extension, package in (
        ("@jupyter-widgets/jupyterlab-manager", "jupyterlab_widgets"),
        ("anywidget", "anywidget"),
    ):
        shipped = json.loads((site / "extensions" / extension / "package.json").read_text())
        if package == "anywidget":
            assert shipped["version"] == metadata.version("anywidget")
        else:  # jupyterlab_widgets 3.0.x carries the jupyterlab-manager 5.0.x front end
            assert shipped["version"].split(".")[0] == "5" and metadata.version(package).startswith("3.")
    loaded = {
        e["name"]
        for e in json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"][
            "federated_extensions"
        ]
    }
    assert {
        "@jupyter-widgets/jupyterlab-manager",
        "anywidget",
        "@jupyterlite/pyodide-kernel-extension",
    } <= loaded


def test_every_requirement_of_the_wheel_installs_in_a_browser_kernel() -> None:
    """No app (JupyterLab, ipykernel, Voila: the browser kernel refuses them); each requirement is
    shipped by Pyodide or is a pure-Python wheel, which piplite installs. (Their own requirements,
    such as ipywidgets' traitlets and comm, come with the Pyodide kernel or are pure Python too.)"""
    requires = [r for r in metadata.requires("game-math-playground") or [] if "extra ==" not in r]
    names = {re.split(r"[\[<>=!~; ]", r, maxsplit=1)[0].lower().replace("_", "-") for r in requires}
    assert {"ipywidgets", "anywidget", "sympy"} <= names
    assert not names & {"jupyterlab", "ipykernel", "voila", "jupyter-server", "notebook"}
    for name in names - PYODIDE_SHIPS:
        wheel = metadata.distribution(name).read_text("WHEEL") or ""
        assert "Root-Is-Purelib: true" in wheel, f"{name} is not a pure-Python wheel"


def test_a_local_pyodide_runtime_is_one_setting(site: Path) -> None:
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    assert config["litePluginSettings"][lite.KERNEL_SETTINGS]["pyodideUrl"] == LOCAL_PYODIDE
