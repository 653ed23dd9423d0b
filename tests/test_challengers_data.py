"""Challengers! data files: the shipped ones load as documented, and a broken file is named precisely."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from csv_support import edit

from playground.challengers import Rules, new_game
from playground.challengers.cards import DATA_DIR, MAX_STRENGTH, load_data
from playground.core.data import DataError
from playground.core.rules import RulesError


def test_the_shipped_data_loads_as_documented() -> None:
    data = load_data()
    start = sorted(c.strength for c in data.cards.values() if c.level == "S" for _ in range(c.copies))
    assert start == [1, 1, 1, 2, 3, 4]  # the published Starting Deck's strengths
    assert data.set_ids(always_in=True) == ["city"]
    assert len(data.set_ids(always_in=False)) == 6
    assert len(data.robot_pile) == 19
    for card in data.cards.values():
        if card.level in MAX_STRENGTH:
            assert card.strength <= MAX_STRENGTH[card.level], card
    timings = {c.timing for c in data.cards.values()}
    assert timings == {
        "none",
        "on_reveal",
        "during_attack",
        "from_bench",
        "with_flag",
        "losing_flag",
        "upon_selection",
    }
    # mats by player count as published: 1-2 players one mat, 3-4 two, 5-6 three, 7-8 four
    for players, mats in [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (7, 4), (8, 4)]:
        assert max(p.mat for p in data.brackets[players]) == mats


def test_the_shipped_brackets_show_the_levels_and_keeps_of_the_rules_defaults() -> None:
    """Each bracket line's level and keep, read from brackets.csv itself (csv module, not the
    loader), are the one level and count per round of the 'one per round' fields' defaults, so
    the shipped data plays the same deck phases either way; the loader gives the same lines."""
    import csv

    rules, data = Rules(), load_data()
    with (DATA_DIR / "brackets.csv").open(newline="") as file:
        rows = list(csv.DictReader(file))
    assert len(rows) == sum(len(p) for p in data.brackets.values())
    for row in rows:
        r = int(row["round"])
        for side in ("first", "second"):
            assert (row[f"{side}_level"], int(row[f"{side}_keep"])) == (rules.level(r), rules.keep(r))
    for pairings in data.brackets.values():
        for p in pairings:
            assert p.line_of(p.first) == p.line_of(p.second) == (rules.level(p.round), rules.keep(p.round))


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    target = tmp_path / "my_cards"
    shutil.copytree(DATA_DIR, target)
    return target


@pytest.mark.parametrize(
    ("file", "row", "column", "value", "message"),
    [
        (
            "cards.csv",
            5,
            "strength",
            "lots",
            r"cards.csv, row 5, column 'strength': 'lots' is not a whole number",
        ),
        ("cards.csv", 5, "strength", "5", r"row 5 \(courier\): a level A card has strength at most 3"),
        ("cards.csv", 6, "timing", "at dawn", r"cards.csv, row 6, column 'timing': 'at dawn' is not one of"),
        ("cards.csv", 6, "timing", "with_flag", r"row 6 \(busker\): a fans effect needs a timing among"),
        ("cards.csv", 7, "set", "moon", r"cards.csv, row 7, column 'set': 'moon' is not 'start' or a set"),
        ("cards.csv", 8, "level", "S", r"level S cards, and only they, belong to the set 'start'"),
        ("robot.csv", 3, "position", "9", r"positions must run 1, 2, 3"),
        ("brackets.csv", 1, "second", "9", r"brackets.csv, row 1, column 'second': '9' is not a bracket"),
        ("brackets.csv", 15, "second", "2", r"round 1 of a 3-player game must pair"),
        (
            "brackets.csv",
            30,
            "mat",
            "1",
            r"row 30, column 'mat': mat 1 already holds a match in round 1 of a 4-player game \(row 29\)",
        ),
        ("sets.csv", 1, "always_in", "false", r"one set must be always in"),
        (
            "brackets.csv",
            3,
            "first_keep",
            "-1",
            r"brackets.csv, row 3, column 'first_keep': '-1' is not a whole",
        ),
        (
            "brackets.csv",
            4,
            "second_keep",
            "two",
            r"row 4, column 'second_keep': 'two' is not a whole number",
        ),
        (
            "brackets.csv",
            6,
            "second_keep",
            "6",
            r"row 6, column 'second_keep': '6' is not a whole number from 0",
        ),
        ("brackets.csv", 5, "first_level", "D", r"row 5, column 'first_level': 'D' is not one of A, B, C"),
        ("brackets.csv", 7, "second_level", "", r"brackets.csv, row 7, column 'second_level'"),
        ("robot.csv", 2, "level", "R", r"robot.csv, row 2, column 'level': 'R' is not one of A, B, C"),
    ],
)
def test_a_broken_file_is_named_with_row_column_and_expectation(
    folder: Path, file: str, row: int, column: str, value: str, message: str
) -> None:
    edit(folder / file, row, column, value)
    with pytest.raises(DataError, match=message):
        load_data(folder)


def test_a_missing_file_is_named(folder: Path) -> None:
    (folder / "robot.csv").unlink()
    with pytest.raises(DataError, match=r"robot.csv: the file is missing"):
        load_data(folder)


def test_a_teachers_folder_plays(folder: Path) -> None:
    edit(folder / "cards.csv", 5, "strength", "3")
    game = new_game(data=folder, seed=2, players=3).play()
    assert game.is_over()


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"bench_seats": 0}, r"'bench_seats' cannot be 0: it must be a whole number from 1 to 12"),
        ({"keep_round_3": 6}, r"'keep_round_3' cannot be 6"),
        (
            {"draw_per_round": 1, "level_and_keep": "one per round"},
            r"'keep_round_1' is 2, but only 1 cards are drawn",
        ),
        ({"level_round_7": "D"}, r"'level_round_7' cannot be 'D': it must be one of 'A', 'B', 'C'"),
        ({"left_out_set": "moon"}, r"'left_out_set' cannot be 'moon'"),
    ],
)
def test_out_of_range_rules_are_refused_by_name(changes: dict, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules(**changes)


def test_bad_player_counts_are_refused() -> None:
    for players in (0, 9, 2.0, True):
        with pytest.raises(ValueError, match="Challengers! is for 1 to 8 players"):
            new_game(players=players)


def test_a_folder_is_read_again_only_when_a_file_changes(folder: Path) -> None:
    """Games started one after another share one reading; an edited file is read afresh."""
    first = load_data(folder)
    assert load_data(folder) is first and load_data(str(folder)) is first
    edit(folder / "robot.csv", 1, "strength", "10")
    changed = load_data(folder)
    assert changed is not first and changed.cards[changed.robot_pile[0]].strength == 10
