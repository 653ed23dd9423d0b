"""Build the no-install JupyterLite site of every lesson: ``make lite`` (or ``python lite/build.py``).

The site runs in the browser on the Pyodide kernel, so a Chromebook needs nothing installed.
Pyodide's kernel imports only what it ships (numpy, pandas, matplotlib, ...) and what piplite
installs, so each lesson in the site gets one first cell, ``%pip install -q game-math-playground``,
which installs the project's wheel from the site itself (the lessons in notebooks/ stay as they
are for JupyterLab). The Pyodide runtime comes from Pyodide's public CDN, as published sites do;
``--pyodide-url`` points the kernel at another copy (a local one, for a school without that CDN).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import nbformat

PROJECT = Path(__file__).resolve().parents[1]
INSTALL = "%pip install -q game-math-playground  # the playground, from this site (a few seconds)"
KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"
BROWSER_KERNEL = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}


def lessons_for_the_browser(into: Path) -> list[Path]:
    """Every notebook, each with the install cell first (folded, like the lessons' tool cells)
    and the browser's Pyodide kernel named as its kernel."""
    into.mkdir(parents=True, exist_ok=True)
    written = []
    for path in sorted((PROJECT / "notebooks").glob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        cell = nbformat.v4.new_code_cell(INSTALL, metadata={"jupyter": {"source_hidden": True}})
        nb.cells.insert(0, cell)
        nb.metadata["kernelspec"] = {
            "name": "python",
            "display_name": "Python (Pyodide)",
            "language": "python",
        }
        target = into / path.name
        nbformat.write(nb, target)
        written.append(target)
    return written


def build(output: Path, pyodide_url: str | None = None) -> Path:
    """Build the site into output (replaced): the wheel, the lessons, the kernel's settings."""
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", work / "wheels", PROJECT],
            check=True,
        )
        (wheel,) = (work / "wheels").glob("*.whl")
        lessons_for_the_browser(work / "contents")
        settings = {KERNEL_SETTINGS: {"pyodideUrl": pyodide_url}} if pyodide_url else {}
        (work / "jupyter-lite.json").write_text(
            json.dumps(
                {"jupyter-lite-schema-version": 0, "jupyter-config-data": {"litePluginSettings": settings}}
            )
        )
        if output.exists():
            shutil.rmtree(output)
        for step in ("build", "check"):  # check: the site's configuration against its schemas
            subprocess.run(
                [
                    sys.executable, "-m", "jupyter", "lite", step,
                    "--lite-dir", work, "--contents", work / "contents", "--output-dir", output,
                    "--piplite-wheels", wheel,
                ],
                check=True,
                cwd=work,
            )  # fmt: skip
    return output


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", type=Path, nargs="?", default=PROJECT / "build" / "lite")
    parser.add_argument(
        "--pyodide-url",
        help="the Pyodide runtime's pyodide.js: a full URL or a path inside the site (default: its CDN)",
    )
    arguments = parser.parse_args()
    site = build(arguments.output, arguments.pyodide_url)
    print(
        f"The site is in {site}: serve it from any static host (or: jupyter lite serve --output-dir {site})."
    )


if __name__ == "__main__":
    main()
