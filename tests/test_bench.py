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
    games = {(item.split(",")[0], item.split(", ")[1]) for item in engine.item}
    expected = {(g, f"{n} players") for g, counts in bench.GAMES.items() for n in counts}
    assert games == expected
    assert (engine.value > 0).all()
    ratios = table[(table.section == "icepool") & (table.figure == "ours / icepool")]
    assert len(ratios) == 4 and (ratios.value > 0).all()
    memory = table[table.section == "memory"].set_index("figure").value
    assert memory["held at the end"] <= memory[f"peak after {bench.QUICK.memory_games} games"]


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
    with pytest.raises(
        ValueError, match="sections must be among engine, odds, icepool, panel, memory; got 'speed'"
    ):
        bench.run(bench.QUICK, ("speed",))


def test_a_broken_panel_is_a_row_and_the_others_still_run(monkeypatch: pytest.MonkeyPatch) -> None:
    from playground.widgets import dice_explorer

    def broken() -> None:
        raise RuntimeError("no panel today")

    monkeypatch.setattr(bench, "panel_builders", lambda: [("broken", broken), ("dice", dice_explorer)])
    rows = list(bench.panel_rows(bench.QUICK))
    assert rows[0]["item"] == "broken" and rows[0]["figure"] == "failed: RuntimeError"
    assert [r["figure"] for r in rows[1:]] == ["response", "output changed"]
    assert rows[1]["value"] > 0 and rows[2]["value"] == 1.0
