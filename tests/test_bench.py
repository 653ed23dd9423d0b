"""make bench: the table it prints is the CSV it writes, with a sensible figure in every row."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from playground import bench


def test_quick_bench_writes_the_table_it_returns(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "results" / "bench.csv"
    table = bench.main(["--quick", "--out", str(out), "engine", "icepool", "memory"])
    assert list(table.columns) == bench.COLUMNS
    pd.testing.assert_frame_equal(pd.read_csv(out), table, check_dtype=False)
    assert "written to" in capsys.readouterr().out
    engine = table[table.section == "engine"]
    games = {(item.split(",")[0], item.split(", ")[1]) for item in engine.item if "reference" not in item}
    expected = {(g, f"{n} players") for g, counts in bench.GAMES.items() for n in counts}
    assert games == expected
    assert (engine.value > 0).all()
    costs = engine[engine.figure == "cost per step in reference rounds"]
    assert len(costs) == len(expected)
    reference = engine[engine.figure == "CPU per round"].value.item()
    speeds = engine[engine.figure == "steps per second per core"].value.to_numpy()
    assert costs.value.to_numpy() == pytest.approx(1 / speeds / reference)  # the same run's reference
    ratios = table[(table.section == "icepool") & (table.figure == "ours / icepool")]
    assert len(ratios) == 4 and (ratios.value > 0).all()
    memory = table[table.section == "memory"].set_index("figure").value
    games = bench.QUICK.memory_games
    assert memory[f"held after {games} games (collected)"] <= memory[f"peak after {games} games"]


def test_a_panel_control_is_found_and_moves_back_and_forth() -> None:
    from playground.widgets import dice_explorer

    panel = dice_explorer()
    before = bench.shown(panel)
    name, act = bench.first_control(panel)
    act(0)
    assert bench.shown(panel) != before, f"setting {name} changed nothing"
    act(1)
    assert bench.shown(panel) == before


def test_unknown_sections_are_refused() -> None:
    among = "engine, odds, icepool, panel, memory, compare, notebook, suite"
    with pytest.raises(ValueError, match=f"sections must be among {among}; got 'speed'"):
        bench.run(bench.QUICK, ("speed",))


def test_a_broken_panel_is_a_row_and_the_others_still_run(monkeypatch: pytest.MonkeyPatch) -> None:
    from playground.widgets import dice_explorer

    def broken() -> None:
        raise RuntimeError("no panel today")

    monkeypatch.setattr(bench, "panel_builders", lambda: [("broken", broken), ("dice", dice_explorer)])
    rows = list(bench.panel_rows(bench.QUICK))
    assert rows[0]["item"] == "broken" and rows[0]["figure"] == "failed: RuntimeError"
    assert [r["figure"] for r in rows[1:]] == ["response", "output changed", "response"]
    assert rows[1]["value"] > 0 and rows[2]["value"] == 1.0
    assert rows[3]["item"] == "core: live_simulation of 3d6 (roll 10,000)" and rows[3]["value"] > 0


def test_a_notebook_is_timed_on_a_fresh_kernel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import nbformat

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("import time\ntime.sleep(0.3)")])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, tmp_path / "01_nap.ipynb")
    monkeypatch.setattr(bench, "NOTEBOOKS", tmp_path)
    rows = {r["figure"]: r for r in bench.notebook_rows(bench.QUICK)}
    assert set(rows) == {"execution after kernel start", "kernel start"}
    assert rows["kernel start"]["item"] == "01_nap.ipynb"
    assert rows["execution after kernel start"]["value"] >= 0.3 and rows["kernel start"]["value"] > 0


def test_the_suite_row_says_how_long_it_took_and_whether_it_passed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "test_tiny.py").write_text("def test_one():\n    assert 1 + 1 == 2\n")
    command = [*bench.SUITE_COMMAND, "--rootdir", str(tmp_path), "-c", "/dev/null", str(tmp_path)]
    monkeypatch.setattr(bench, "SUITE_COMMAND", command)
    time_row, exit_row = bench.suite_rows(bench.QUICK)
    assert time_row["item"].startswith("pytest (1 passed") and time_row["value"] > 0
    assert exit_row["value"] == 0.0


def test_the_comparison_is_timed_serially_and_over_the_cores() -> None:
    rows = {r["figure"].split(" (")[0]: r["value"] for r in bench.compare_rows(bench.QUICK)}
    assert set(rows) == {"serial", "every core", "speed-up"}
    assert rows["speed-up"] == pytest.approx(rows["serial"] / rows["every core"])


def test_the_reference_loop_is_the_same_work_on_every_machine() -> None:
    """Engine costs are told in rounds of this loop, so old and new figures compare only while it
    does exactly the same work: its seeded result pins it (a changed loop fails here)."""
    assert bench.reference_loop(1000) == 9651
    assert bench.reference_loop(20_000) == 193_223
    assert bench.reference_seconds(2) > 0
