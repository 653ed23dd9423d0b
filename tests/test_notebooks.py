"""The teaching notebooks: stored clean, run top to bottom on a fresh kernel, index up to date.

Every ``notebooks/*.ipynb`` is picked up automatically (sorted glob), so a new notebook is
checked the moment it is added. The execution tests start a real kernel with nbclient and run
the cells one by one, so a failure names the cell that raised; they are marked ``notebook``
(deselect them with ``-m "not notebook"`` for a quick run).

Each notebook is executed once per session. Where the browser runs a lesson (Chromium present
and its ``test_browser_notebooks.py`` test selected), that run is the one checked: the browser
test applies the checks below (``check_ran`` and ``PROBE_CHECKS``) to its own tab's kernel, and
the nbclient tests of that notebook skip, saying so. Without Chromium every notebook still runs
here, top to bottom.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product
from pathlib import Path
from urllib.parse import unquote, urlsplit

import nbformat
import pytest
from browser_support import browser_runs_lesson
from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel
from nbclient import NotebookClient
from nbclient.exceptions import CellControlSignal, CellTimeoutError, DeadKernelError

NOTEBOOKS_DIR = Path(__file__).resolve().parent.parent / "notebooks"
NOTEBOOKS = sorted(NOTEBOOKS_DIR.glob("*.ipynb"))
WELCOME = NOTEBOOKS_DIR / "00_welcome.ipynb"

CELL_TIMEOUT = 400  # seconds any one cell may take: a hang guard, ten times the slowest idle cell
NOTEBOOK_TIME_LIMIT = 600  # seconds for a whole notebook, kernel start included: a hang guard (idle: 5-40 s)

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def _name(path: Path) -> str:
    return path.name


def _read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=nbformat.NO_CONVERT)


# -- stored format ----------------------------------------------------------------------------


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_stored_without_outputs(path: Path) -> None:
    """Notebooks are committed clean: no outputs, no execution counts."""
    problems = []
    for index, cell in enumerate(_read(path).cells):
        if cell.cell_type != "code":
            continue
        if cell.get("outputs"):
            problems.append(f"cell {index} has {len(cell['outputs'])} stored output(s)")
        if cell.get("execution_count") is not None:
            problems.append(f"cell {index} has execution count {cell['execution_count']}")
    assert not problems, (
        f"{path.name} is stored with outputs; clear them (JupyterLab: Edit > Clear Outputs of "
        f"All Cells, then save): " + "; ".join(problems)
    )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_stored_format(path: Path) -> None:
    """nbformat 4, schema-valid, and set to open with the project's Python 3 kernel."""
    nb = _read(path)
    assert nb.nbformat == 4, f"{path.name} is nbformat {nb.nbformat}, expected 4"
    nbformat.validate(nb)
    kernelspec = nb.metadata.get("kernelspec", {})
    assert kernelspec.get("name") == "python3", (
        f"{path.name} asks for kernel {kernelspec.get('name')!r}, expected 'python3'"
    )
    language = kernelspec.get("language")
    assert language == "python", f"{path.name}: kernelspec language is {language!r}, not python"


# -- the welcome notebook is the index --------------------------------------------------------

MARKDOWN_LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+[\"'][^)]*[\"'])?\s*\)")
HTML_LINK = re.compile(r"""href\s*=\s*["']([^"']+)["']""", re.IGNORECASE)


def _notebook_links(path: Path) -> list[str]:
    """Relative links to .ipynb files in the markdown cells, fragment and query removed."""
    links = []
    for cell in _read(path).cells:
        if cell.cell_type != "markdown":
            continue
        for target in MARKDOWN_LINK.findall(cell.source) + HTML_LINK.findall(cell.source):
            parts = urlsplit(target)
            if parts.scheme or parts.netloc or parts.path.startswith("/"):
                continue  # a web address or an absolute path is not a relative link
            if parts.path.endswith(".ipynb"):
                links.append(unquote(parts.path))
    return links


def test_welcome_links_point_to_notebooks() -> None:
    links = _notebook_links(WELCOME)
    assert links, f"{WELCOME.name} links to no notebook"
    broken = [link for link in links if not (WELCOME.parent / link).is_file()]
    assert not broken, f"{WELCOME.name} links to notebooks that do not exist: {broken}"


QUIET = ("# The lesson's tools", "# The tools this page uses", "# Check", "# quiet check")
"""How a quiet cell begins: the tools cell, or a check that the text's figures are the maths'."""


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_quiet_cells_are_folded_as_the_welcome_promises(path: Path) -> None:
    """00's "How to use a notebook" says the tools cell and the check cells are folded away."""
    code = [c for c in _read(path).cells if c.cell_type == "code"]
    first = "".join(code[0].source)
    assert first.startswith(QUIET[:2]), f"{path.name}: the first code cell should say it loads the tools"
    unfolded = [
        "".join(c.source).splitlines()[0]
        for c in code
        if "".join(c.source).startswith(QUIET) and not c.metadata.get("jupyter", {}).get("source_hidden")
    ]
    assert not unfolded, f"{path.name}: quiet cells not folded (metadata jupyter.source_hidden): {unfolded}"


FIGURE_MAKERS = {"compare_plot", "lab_plot"}  # return a closed Figure: shown only as a cell's value


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_every_picture_made_is_shown(path: Path) -> None:
    """A figure maker called as a statement before the cell's last line draws nothing on screen."""
    lost = []
    for index, cell in enumerate(_read(path).cells):
        if cell.cell_type != "code":
            continue
        body = ast.parse("".join(cell.source)).body
        for statement in body[:-1]:
            call = statement.value if isinstance(statement, ast.Expr) else None
            if isinstance(call, ast.Call) and getattr(call.func, "id", None) in FIGURE_MAKERS:
                lost.append(f"cell {index}: {ast.unparse(call)}")
    assert not lost, f"{path.name}: pictures built and never shown (wrap in display(...)): {lost}"


CHARTS = {"bars_svg", "compare_plot", "lab_plot", "live_simulation", "pair_grid_svg"}  # draw chances
PLOTS = {"plot", "bar", "barh", "hist", "imshow", "step"}  # matplotlib and pandas drawing methods
DATA_PICTURE = "# a picture to predict from"
"""The comment that marks an opening chart of what the class reasons from (a board, a race, the
stats' chances), not of the answer; a reviewer reads each such cell."""


def _drawn(node: ast.AST) -> set[str]:
    """The charts a piece of code draws: chance-drawing functions called by name, plotting methods."""
    drawn = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Call):
            if isinstance(n.func, ast.Name) and n.func.id in CHARTS:
                drawn.add(n.func.id)
            elif isinstance(n.func, ast.Attribute) and n.func.attr in PLOTS:
                drawn.add(n.func.attr)
    return drawn


def _opening(cells: list) -> list[tuple[int, str]]:
    """The code cells a class sees before its first prediction is revealed: from the start up to the
    next section heading after the first predict_reveal."""
    opening, asked = [], False
    for index, cell in enumerate(cells):
        if cell.cell_type == "markdown" and asked and "".join(cell.source).lstrip().startswith("## "):
            break
        if cell.cell_type == "code":
            opening.append((index, "".join(cell.source)))
            asked = asked or "predict_reveal(" in opening[-1][1]
    return opening if asked else []


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_no_answer_is_drawn_before_the_class_predicts(path: Path) -> None:
    """Run All puts no chart of chances on screen before the first Reveal: such a chart goes into
    predict_reveal's reveals (a matplotlib one through figure_widget) or its explain."""
    early = []
    for index, source in _opening(_read(path).cells):
        if DATA_PICTURE in source:
            continue
        tree = ast.parse(source)
        held, handed_figure = set(), False
        for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
            if getattr(call.func, "id", "") == "predict_reveal":
                for keyword in (k for k in call.keywords if k.arg in ("reveals", "explain")):
                    held |= _drawn(keyword.value)
                    handed_figure |= "figure_widget(" in ast.unparse(keyword.value)
        drawn = _drawn(tree) - held
        if handed_figure:  # a matplotlib chart built in the cell is handed to Reveal
            drawn -= PLOTS
        if drawn:
            early.append(f"cell {index}: {sorted(drawn)}")
    assert not early, f"{path.name}: charts on screen before the first Reveal: {early}"


TOOLS = "# The lesson's tools"
"""How a lesson's first code cell (its imports, nothing on screen) begins."""


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_every_prediction_asked_is_held_back_until_reveal(path: Path) -> None:
    """A "Predict" later in a lesson (its opening has the test above) is answered behind a
    Reveal: the first code cell after it that shows anything ends with its predict_reveal (no
    table as a cell's value before it) and no chart is drawn outside it; or the text keeps the
    answer in a folded <details> block."""
    cells = _read(path).cells
    open_answers, opened = [], False
    for index, cell in enumerate(cells):
        text = "".join(cell.source)
        opened = opened or (cell.cell_type == "code" and "predict_reveal(" in text)
        asked = re.search(r"\bPredict\b(?!, then reveal)", text)  # an instruction, not the how-to
        if not opened or cell.cell_type != "markdown" or not asked or "<details>" in text:
            continue
        early: set[str] = set()
        for following in cells[index + 1 :]:
            if following.cell_type != "code" or following.source.startswith(TOOLS):
                continue
            body = ast.parse(following.source).body
            last = body[-1] if body else None
            shows = isinstance(last, ast.Expr)
            asks = (
                shows
                and isinstance(last.value, ast.Call)  # type: ignore[union-attr]
                and getattr(last.value.func, "id", "") == "predict_reveal"  # type: ignore[union-attr]
            )
            early |= set().union(*(_drawn(s) for s in (body[:-1] if asks else body)))
            if shows or early:
                if not asks or early:
                    what = f"charts {sorted(early)}" if early else "something shown before its Reveal"
                    open_answers.append(f"cell {index}: {what}")
                break
    assert not open_answers, f"{path.name}: predictions whose answer is on screen at once: {open_answers}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_every_prediction_cell_is_folded(path: Path) -> None:
    """A prediction's code holds its answer (the right choice, the explanation): its cell is
    folded (metadata jupyter.source_hidden), so the class sees the question, not the answer."""
    unfolded = [
        index
        for index, cell in enumerate(_read(path).cells)
        if cell.cell_type == "code"
        and "predict_reveal(" in cell.source
        and not cell.metadata.get("jupyter", {}).get("source_hidden")
    ]
    assert not unfolded, f"{path.name}: prediction cells whose code shows the answer: {unfolded}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_every_live_simulation_plays_chance_itself(path: Path) -> None:
    """A lesson's simulation is handed a sampler (sample or sample_many) that rolls, deals or
    plays: without one, live_simulation samples the exact answer it is compared with, so its
    bars could never disagree with a wrong one."""
    bare = []
    for index, cell in enumerate(_read(path).cells):
        if cell.cell_type != "code":
            continue
        source = "\n".join(line for line in cell.source.splitlines() if not line.startswith(("%", "!")))
        for call in (n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Call)):
            if getattr(call.func, "id", "") == "live_simulation":
                given = len(call.args) >= 2 or {k.arg for k in call.keywords} & {"sample", "sample_many"}
                if not given:
                    bare.append(f"cell {index}: {ast.unparse(call)[:80]}")
    assert not bare, f"{path.name}: simulations that sample their own exact answer: {bare}"


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if p != WELCOME], ids=_name)
def test_notebook_listed_in_welcome(path: Path) -> None:
    linked = {(WELCOME.parent / link).resolve() for link in _notebook_links(WELCOME)}
    assert path.resolve() in linked, (
        f"{path.name} is not listed in {WELCOME.name}: add a line linking to ({path.name})"
    )


# -- executing the notebooks ------------------------------------------------------------------


def _launched_python(argv0: str) -> str:
    """The interpreter a kernelspec's argv[0] starts, resolved as jupyter_client does."""
    major, minor = sys.version_info[:2]
    if argv0 in {"python", f"python{major}", f"python{major}.{minor}"}:
        return sys.executable  # jupyter_client launches the current interpreter for these
    return shutil.which(argv0) or argv0


@pytest.fixture(scope="session")
def kernel_name(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A kernel that runs this very Python (the venv's), whatever else is installed.

    The venv's ipykernel provides "python3" pointing at the running interpreter. If "python3"
    resolves to some other Python (a user-wide kernelspec, say), a kernelspec for
    sys.executable is written to a temporary folder put first on JUPYTER_PATH instead.
    """
    try:
        spec = KernelSpecManager().get_kernel_spec("python3")
        python = _launched_python(spec.argv[0])
    except NoSuchKernel:
        python = None
    if python is not None and os.path.abspath(python) == os.path.abspath(sys.executable):
        yield "python3"
        return
    name = "playground-test-python"
    folder = tmp_path_factory.mktemp("jupyter") / "kernels" / name
    folder.mkdir(parents=True)
    (folder / "kernel.json").write_text(
        json.dumps(
            {
                "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                "display_name": "Python 3 (playground tests)",
                "language": "python",
            }
        )
    )
    with pytest.MonkeyPatch.context() as patch:
        jupyter_path = [str(folder.parent.parent), os.environ.get("JUPYTER_PATH", "")]
        patch.setenv("JUPYTER_PATH", os.pathsep.join(p for p in jupyter_path if p))
        yield name


# Code run in the kernel after the notebook's own cells; each prints one JSON line.
KERNEL_PROBE = "import json, sys; print(json.dumps({'prefix': sys.prefix}))"

# The dice explorer of 01: set its sliders, read the exact answer the panel shows.
EXPLORER_CASES = [
    # (measure, dice, sides, bonus, target)
    ("sum", 2, 6, 3, 7),
    ("sum", 1, 6, 2, 7),
    ("difference (first - second)", 2, 6, 1, 0),
    ("highest", 3, 6, 0, 5),
    ("sum", 3, 8, -2, 12),
]
EXPLORER_PROBE = f"""
import json
from playground.widgets import DiceExplorer

assert isinstance(explorer, DiceExplorer), "the notebook's `explorer` is not a dice explorer"
results = []
for measure, dice, sides, bonus, target in {EXPLORER_CASES!r}:
    explorer.measure.value = measure
    explorer.dice.value = dice
    explorer.sides.value = sides
    explorer.bonus.value = bonus
    explorer.target.value = target
    results.append({{"probability": str(explorer.probability), "answer": explorer.answer.value}})
print(json.dumps(results))
"""

# The opening question of 01: the class picks an answer and presses Reveal.
DOUBLE_OR_SEVEN_PROBE = """
import json
results = {}
for choice in hook.choices:
    hook.guess.value = choice
    hook.reveal_button.click()
    results[choice] = hook.answer.value
print(json.dumps(results))
"""

# The live simulation of 01: press roll 10,000 and read the counts.
LIVE_SIM_PROBE = """
import json
sim.reset()
sim.roll(10_000)
print(json.dumps({"counts": {str(k): v for k, v in sim.counts.items()}, "summary": sim.summary.value}))
"""

# The welcome notebook: the opening question, then the rules panel's vacant-tournament line.
WELCOME_PROBE = """
import json
hook.guess.value = "7"
hook.reveal_button.click()
lines = []
for target, sides in [(7, 6), (8, 6), (8, 8), (3, 4)]:
    panel.controls["vacant_target"].value = target
    panel.controls["tiebreak_die_sides"].value = sides
    lines.append({"target": target, "sides": sides, "chance": chance.value})
print(json.dumps({"hook": hook.answer.value, "choices": hook.choices, "lines": lines}))
"""

PROBES: dict[str, dict[str, str]] = {
    "00_welcome.ipynb": {"welcome": WELCOME_PROBE},
    "01_dice_basics.ipynb": {
        "explorer": EXPLORER_PROBE,
        "hook": DOUBLE_OR_SEVEN_PROBE,
        "sim": LIVE_SIM_PROBE,
    },
}


@dataclass
class Run:
    """What happened when a notebook was executed."""

    seconds: float = 0.0
    error: str | None = None  # which cell failed, and how
    probes: dict[str, str] = field(default_factory=dict)  # probe name -> its stdout
    probe_errors: dict[str, str] = field(default_factory=dict)
    unreadable: list[str] = field(default_factory=list)  # "cell N: ..." outputs a class cannot read


def _stdout(cell: nbformat.NotebookNode) -> str:
    return "".join(
        out.get("text", "")
        for out in cell.outputs
        if out.output_type == "stream" and out.get("name") == "stdout"
    )


ADDRESS = re.compile(r"<[^<>]* at 0x[0-9a-f]+>")  # an object's repr: its address, no content
CUT_SHORT = re.compile(r"<td>([^<]*[^<>.][^<]*\.\.\.)</td>")  # pandas' max_colwidth cut, not a "..." row


def _unreadable(cell: nbformat.NotebookNode) -> list[str]:
    """What this cell's results show a class instead of content: an object address in the plain
    text, or a table cell pandas cut short in the HTML."""
    found = []
    for out in cell.get("outputs", []):
        if out.output_type in ("execute_result", "display_data"):
            data = out.get("data", {})
            found += [f"address {m.group()}" for m in ADDRESS.finditer(data.get("text/plain", ""))]
            found += [f"cut short {m.group(1)!r}" for m in CUT_SHORT.finditer(data.get("text/html", ""))]
    return found


def _execute(path: Path, kernel: str, probes: dict[str, str]) -> Run:
    """Run every cell on a fresh kernel, then the probe cells, within the time limits."""
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        timeout=CELL_TIMEOUT,
        kernel_name=kernel,
        resources={"metadata": {"path": str(NOTEBOOKS_DIR)}},
        shutdown_kernel="immediate",  # the kernel is thrown away; no need to wait for it
    )
    run = Run()
    start = time.monotonic()
    deadline = start + NOTEBOOK_TIME_LIMIT

    def run_cell(cell: nbformat.NotebookNode, index: int) -> str | None:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return f"the {NOTEBOOK_TIME_LIMIT} s limit for the whole notebook ran out"
        # Never let one cell run past the whole notebook's limit.
        client.timeout = max(1, min(CELL_TIMEOUT, int(remaining) + 1))
        try:
            client.execute_cell(cell, index, execution_count=client.code_cells_executed + 1)
        except (CellControlSignal, DeadKernelError) as exc:  # raised, timed out, kernel died
            problem = f"{type(exc).__name__}: {ANSI.sub('', str(exc))}"
            if isinstance(exc, CellTimeoutError) and client.timeout < CELL_TIMEOUT:
                problem += f"\n(the {NOTEBOOK_TIME_LIMIT} s limit for the whole notebook ran out)"
            return problem
        run.unreadable += [f"cell {index}: {text}" for text in _unreadable(cell)]
        return None

    try:
        with client.setup_kernel():
            for index, cell in enumerate(nb.cells):
                problem = run_cell(cell, index)
                if problem:
                    first_line = cell.source.strip().splitlines()[0] if cell.source.strip() else ""
                    run.error = f"{path.name}: cell {index} ({first_line!r}) failed\n{problem}"
                    break
            if run.error is None:
                for name, source in {"kernel": KERNEL_PROBE, **probes}.items():
                    probe = nbformat.v4.new_code_cell(source)
                    nb.cells.append(probe)
                    problem = run_cell(probe, len(nb.cells) - 1)
                    if problem:
                        run.probe_errors[name] = problem
                    else:
                        run.probes[name] = _stdout(probe)
    except Exception as exc:  # the kernel did not start, or died while starting
        run.error = f"{path.name}: could not run on kernel {kernel!r}: {exc!r}"
    run.seconds = time.monotonic() - start
    return run


@pytest.fixture(scope="session")
def executed(kernel_name: str, request: pytest.FixtureRequest) -> Callable[[Path], Run]:
    """Each notebook is executed once per session; every test that needs it shares the run.

    A notebook the session's browser test runs is not executed again here: its tests skip.
    """
    runs: dict[Path, Run] = {}

    def get(path: Path) -> Run:
        if browser_runs_lesson(request.session, path.name):
            pytest.skip(f"{path.name} runs in the browser, checked there (test_browser_notebooks.py)")
        if path not in runs:
            runs[path] = _execute(path, kernel_name, PROBES.get(path.name, {}))
        return runs[path]

    return get


def check_ran(notebook: str, run: Run) -> None:
    """Every cell ran without error within the time limit, on this environment's Python."""
    if run.error:
        pytest.fail(run.error, pytrace=False)
    assert run.seconds <= NOTEBOOK_TIME_LIMIT, (
        f"{notebook} took {run.seconds:.1f} s; the limit is {NOTEBOOK_TIME_LIMIT} s"
    )
    assert "kernel" not in run.probe_errors, run.probe_errors.get("kernel")
    assert not run.unreadable, f"{notebook} shows output a class cannot read: {run.unreadable}"
    kernel_prefix = json.loads(run.probes["kernel"])["prefix"]
    assert kernel_prefix == sys.prefix, (
        f"{notebook} ran on the Python in {kernel_prefix}, not this environment's {sys.prefix}"
    )


@pytest.mark.notebook
@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_notebook_runs_top_to_bottom(path: Path, executed: Callable[[Path], Run]) -> None:
    check_ran(path.name, executed(path))


def _enumerate_explorer(measure: str, dice: int, sides: int, bonus: int, target: int) -> Fraction:
    """P(measure + bonus >= target) by listing every roll of the dice."""
    if measure.startswith("difference"):
        dice = 2
    hits = rolls = 0
    for faces in product(range(1, sides + 1), repeat=dice):
        if measure == "sum":
            value = sum(faces)
        elif measure == "highest":
            value = max(faces)
        else:
            value = faces[0] - faces[1]
        hits += value + bonus >= target
        rolls += 1
    return Fraction(hits, rolls)


def _probe(name: str, run: Run) -> object:
    """The JSON a probe printed after the notebook ran, or a failure naming what went wrong."""
    if run.error:
        pytest.fail(f"the notebook failed before `{name}` could be probed:\n{run.error}", pytrace=False)
    assert name not in run.probe_errors, f"probing `{name}` failed:\n{run.probe_errors[name]}"
    return json.loads(run.probes[name])


def check_explorer(run: Run) -> None:
    """In the executed 01 notebook, the explorer's sliders give the enumerated probability."""
    results = _probe("explorer", run)
    assert len(results) == len(EXPLORER_CASES)
    for case, shown in zip(EXPLORER_CASES, results, strict=True):
        expected = _enumerate_explorer(*case)
        assert Fraction(shown["probability"]) == expected, (
            f"explorer with {case}: shows {shown['probability']}, enumeration gives {expected}"
        )
        answer_text = re.sub(r"<[^>]+>", " ", shown["answer"])
        assert re.search(rf"(?<![\d/]){re.escape(str(expected))}(?![\d/])", answer_text), (
            f"explorer with {case}: the answer shown does not read {expected}: {answer_text!r}"
        )


def _two_dice(test) -> Fraction:
    """The share of the 36 rolls of two d6 for which test(first, second) holds."""
    return Fraction(sum(bool(test(a, b)) for a, b in product(range(1, 7), repeat=2)), 36)


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def check_opening_question(run: Run) -> None:
    """A double and a 7 are equally likely (counted here); only that choice is called right."""
    shown = _probe("hook", run)
    double, seven = _two_dice(lambda a, b: a == b), _two_dice(lambda a, b: a + b == 7)
    right = "equally likely" if double == seven else ("a double" if double > seven else "a total of 7")
    assert set(shown) == {"a double", "a total of 7", "equally likely"}
    for choice, answer in shown.items():
        verdict = "Right" if choice == right else "Not quite"
        assert _text(answer).startswith(verdict), f"choosing {choice!r} shows {_text(answer)!r}"
        assert f"{double} ≈ {float(double):.1%}" in answer


def check_live_simulation(run: Run) -> None:
    """10,000 rolls of the panel: every total of two dice within 4 standard errors of its count."""
    shown = _probe("sim", run)
    counts = {int(k): v for k, v in shown["counts"].items()}
    assert sorted(counts) == list(range(2, 13)) and sum(counts.values()) == 10_000
    for total, seen in counts.items():
        p = _two_dice(lambda a, b, total=total: a + b == total)
        assert abs(seen / 10_000 - p) <= 4 * (p * (1 - p) / 10_000) ** 0.5, (total, seen, p)
    assert "10,000 rolls" in shown["summary"]


def check_welcome(run: Run) -> None:
    """The hook calls 7 right with its counted chance; the rules panel's line follows the target
    and the die to the chance counted face by face (the matching card's 1 point plus one die)."""
    shown = _probe("welcome", run)
    assert shown["choices"] == [str(t) for t in range(2, 13)]
    seven = _two_dice(lambda a, b: a + b == 7)
    assert _text(shown["hook"]).startswith("Right: 7")
    assert f"{seven} ≈ {float(seven):.1%}" in shown["hook"]
    for line in shown["lines"]:
        sides, target = line["sides"], line["target"]
        p = Fraction(sum(1 + face >= target for face in range(1, sides + 1)), sides)
        told = f"{float(p):.0%}" if p.denominator == 1 else f"{p} ≈ "
        assert told in line["chance"], (
            f"target {target}, {sides}-sided die: {line['chance']!r} lacks {told!r}"
        )


PROBE_CHECKS: dict[str, list[Callable[[Run], None]]] = {
    "00_welcome.ipynb": [check_welcome],
    "01_dice_basics.ipynb": [check_explorer, check_opening_question, check_live_simulation],
}
"""What the probes of PROBES must show, per notebook (nbclient's run or the browser's)."""


def test_every_probe_is_checked() -> None:
    """A notebook probed with nothing checking the output, or checked with no probe, is a slip."""
    assert set(PROBES) == set(PROBE_CHECKS)


DICE_BASICS = NOTEBOOKS_DIR / "01_dice_basics.ipynb"


@pytest.mark.notebook
def test_dice_basics_explorer_answers_exactly(executed: Callable[[Path], Run]) -> None:
    check_explorer(executed(DICE_BASICS))


@pytest.mark.notebook
def test_dice_basics_opening_question_has_the_counted_answer(executed: Callable[[Path], Run]) -> None:
    check_opening_question(executed(DICE_BASICS))


@pytest.mark.notebook
def test_dice_basics_live_simulation_settles_near_the_exact_bars(executed: Callable[[Path], Run]) -> None:
    check_live_simulation(executed(DICE_BASICS))


@pytest.mark.notebook
def test_welcome_question_and_rules_panel_answer_exactly(executed: Callable[[Path], Run]) -> None:
    check_welcome(executed(WELCOME))
