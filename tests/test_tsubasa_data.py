"""Captain Tsubasa data files: the shipped (illustrative) ones load, and a broken file is named precisely."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from csv_support import edit

from playground.core.data import DataError
from playground.tsubasa import new_game
from playground.tsubasa.cards import DATA_DIR, load_data


def test_the_shipped_data_has_the_rulebooks_components() -> None:
    data = load_data()
    for team in ("nankatsu", "toho"):
        cards = [data.cards[c] for c in data.team_cards(team)]
        assert len(cards) == 12 and [c.kind for c in cards].count("fan") == 1  # 11 players and a fan
        assert len(data.of_kind("motivation", team)) == 4
        assert len(data.special_ids(team, "shot")) == len(data.special_ids(team, "defense")) == 3
    for half in (1, 2):
        halves = [c for c in data.of_kind("match") if data.cards[c].half == half]
        assert len(halves) == 13
        assert sum(not data.cards[c].first_match for c in halves) == 4  # the starred cards
    assert len(data.of_kind("signing")) == 8
    assert data.supplies == {"fatigue": 8, "yellow_red": 2}
    # a few cards owe a Mandatory Action when their Optional Ability 1 is used (card anatomy 7)
    mandatory = {c.id: c.mandatory for c in data.cards.values() if c.mandatory}
    assert len(mandatory) >= 3 and set(mandatory.values()) == {"eliminate_self", "discard_self"}
    assert all(data.cards[c].abilities for c in mandatory)
    # each Special Defense stops exactly one Special Shot (rules-notes)
    for team in ("nankatsu", "toho"):
        matrix = data.stop_matrix(team)
        assert all(sum(row) == 1 for row in matrix) and all(
            sum(col) == 1 for col in zip(*matrix, strict=True)
        )


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    target = tmp_path / "my_cards"
    shutil.copytree(DATA_DIR, target)
    return target


@pytest.mark.parametrize(
    ("file", "row", "column", "value", "message"),
    [
        (
            "players.csv",
            3,
            "shot",
            "lots",
            r"players.csv, row 3, column 'shot': 'lots' is not a whole number from 0 to 9",
        ),
        (
            "players.csv",
            1,
            "team",
            "brazil",
            r"players.csv, row 1, column 'team': 'brazil' is not one of nankatsu, toho",
        ),
        ("players.csv", 2, "ability1", "fly", r"players.csv, row 2, column 'ability1': 'fly' is not one of"),
        ("players.csv", 2, "role", "field", r"players.csv: team nankatsu has no keeper"),
        (
            "motivation.csv",
            1,
            "replaces",
            "n_pele",
            r"motivation.csv, row 1, column 'replaces': 'n_pele' is not an id",
        ),
        (
            "motivation.csv",
            1,
            "replaces",
            "t_hyuga",
            r"motivation.csv, row 1, column 'replaces': 't_hyuga' is not a nankatsu player",
        ),
        (
            "motivation.csv",
            2,
            "cost_defense",
            "6",
            r"motivation.csv, row 2, column 'cost_defense': '6' is not a whole number from 0 to 5",
        ),
        (
            "match_cards.csv",
            4,
            "half",
            "3",
            r"match_cards.csv, row 4, column 'half': '3' is not a whole number from 1 to 2",
        ),
        (
            "match_cards.csv",
            4,
            "first_match_removed",
            "maybe",
            r"row 4, column 'first_match_removed': 'maybe' is not true or false",
        ),
        (
            "specials.csv",
            7,
            "stops",
            "n_drive",
            r"specials.csv: row 7 \(n_stop_tiger\): 'n_drive' is not a Special Shot of the other team",
        ),
        ("specials.csv", 1, "stops", "t_tiger", r"row 1 \(n_drive\): a Special Shot stops nothing"),
        (
            "signings.csv",
            1,
            "role",
            "coach",
            r"signings.csv, row 1, column 'role': 'coach' is not one of field, keeper",
        ),
        ("supplies.csv", 1, "id", "bananas", r"supplies.csv: the supplies are exactly the rows"),
        (
            "match_cards.csv",
            2,
            "mandatory",
            "explode",
            r"match_cards.csv, row 2, column 'mandatory': 'explode' is not one of eliminate_self, "
            r"discard_self",
        ),
        (
            "players.csv",
            10,
            "mandatory",
            "discard_self",
            r"players.csv: row 10 \(n_nankatsu_back2\): the Mandatory Action 'discard_self' comes with "
            r"Optional Ability 1, and 'ability1' is empty",
        ),
        (
            "players.csv",
            2,
            "id",
            "n_tsubasa",
            r"players.csv, row 2, column 'id': the id 'n_tsubasa' appears twice",
        ),
    ],
)
def test_a_broken_file_is_named_with_row_column_and_expectation(
    folder: Path, file: str, row: int, column: str, value: str, message: str
) -> None:
    edit(folder / file, row, column, value)
    with pytest.raises(DataError, match=message):
        new_game(data=folder)


def test_an_id_used_in_two_files_is_refused(folder: Path) -> None:
    edit(folder / "signings.csv", 1, "id", "n_tsubasa")
    with pytest.raises(
        DataError,
        match=r"signings.csv, row \d+, column 'id': the id 'n_tsubasa' is already used in players.csv, row",
    ):
        new_game(data=folder)


def test_a_missing_file_is_named(folder: Path) -> None:
    (folder / "specials.csv").unlink()
    with pytest.raises(DataError, match=r"specials\.csv: the file is missing"):
        new_game(data=folder)


def test_a_teachers_own_cards_play(folder: Path) -> None:
    edit(folder / "players.csv", 1, "shot", "9")  # a stronger Tsubasa
    game = new_game(data=folder, seed=2).play()
    assert game.is_over() and game.data.cards["n_tsubasa"].shot == 9
    game.check_conserved()


def test_files_read_before_are_not_parsed_again_and_a_change_is_seen(folder: Path) -> None:
    """A simulation calls new_game() hundreds of times: the same bytes give the same data, parsed
    once; a file edited between two loads (even within the same clock tick) is parsed afresh."""
    first = load_data(folder)
    assert load_data(folder) is first and load_data(str(folder)) is first
    assert load_data() is load_data(DATA_DIR)
    edit(folder / "players.csv", 1, "shot", "8")
    changed = load_data(folder)
    assert changed is not first and changed.cards["n_tsubasa"].shot == 8
    assert first.cards["n_tsubasa"].shot != 8
