"""Tie-Break data files: the shipped ones load, and a teacher's broken file is named precisely."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest
from csv_support import edit

from playground.core.data import DataError
from playground.tiebreak import new_game
from playground.tiebreak.board import Board
from playground.tiebreak.cards import DATA_DIR, load_data


def test_the_shipped_data_loads_as_documented() -> None:
    data = load_data()
    assert sum(data.deck.values()) == 36
    board = Board(data.spaces)
    kinds = {s.kind for s in board.spaces}
    assert kinds == {"start", "tournament", "united", "final", "let", "injury", "plain"}
    assert {s.points for s in board.spaces if s.is_tournament} == {250, 500, 1000, 2000}
    forks = [i for i in range(len(board)) if len(board.options(i, "clockwise", "player")) == 2]
    assert len(forks) == 1


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    target = tmp_path / "my_board"
    shutil.copytree(DATA_DIR, target)
    return target


@pytest.mark.parametrize(
    ("file", "row", "column", "value", "message"),
    [
        ("spaces.csv", 3, "next", "nowhere", r"spaces.csv, row 3, column 'next': 'nowhere' is not an id"),
        ("spaces.csv", 2, "kind", "castle", r"spaces.csv, row 2, column 'kind': 'castle' is not one of"),
        ("spaces.csv", 2, "points", "", r"a tournament space needs points and a surface"),
        ("spaces.csv", 5, "kind", "start", r"exactly one start space; it has 2"),
        ("spaces.csv", 4, "x", "-3", r"row 4, column 'x': '-3' is not a whole number from 0 to 2000"),
        ("deck.csv", 1, "copies", "many", r"deck.csv, row 1, column 'copies': 'many' is not a whole number"),
        ("deck.csv", 2, "points", "2500", r"deck.csv, row 2, column 'points': 2500 points: no tournament"),
        ("let_cards.csv", 2, "effect", "teleport", r"let_cards.csv, row 2, column 'effect'"),
    ],
)
def test_a_broken_file_is_named_with_row_column_and_expectation(
    folder: Path, file: str, row: int, column: str, value: str, message: str
) -> None:
    edit(folder / file, row, column, value)
    with pytest.raises(DataError, match=message):
        new_game(data=folder)


def test_a_fork_must_split_into_a_main_and_a_branch_road(folder: Path) -> None:
    with (folder / "spaces.csv").open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    branch_rows = [i for i, r in enumerate(rows, start=1) if r["track"] == "branch"]
    edit(folder / "spaces.csv", branch_rows[0], "track", "main")
    with pytest.raises(DataError, match="fork at 'fork' must lead to one main and one branch"):
        new_game(data=folder)


def test_an_unreachable_space_is_refused(folder: Path) -> None:
    with (folder / "spaces.csv").open("a", newline="") as handle:
        handle.write("island,Island,plain,,,island,,main,10,10\n")  # a loop of its own
    with pytest.raises(DataError, match="cannot be reached from the start: island"):
        new_game(data=folder)


def test_a_deck_that_cannot_enter_every_tournament_is_refused(folder: Path) -> None:
    path = folder / "deck.csv"
    lines = [line for line in path.read_text().splitlines() if not line.startswith("c2000")]
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(DataError, match=r"no card can enter the board's \[2000\] point tournaments"):
        new_game(data=folder)


def test_a_teachers_own_board_plays(folder: Path) -> None:
    edit(folder / "spaces.csv", 2, "points", "500")  # Auckland becomes a 500 tournament
    game = new_game(data=folder, seed=3).play()
    assert game.is_over() and game.board.spaces[1].points == 500


@pytest.mark.parametrize(("effect", "amount"), [("draw_tokens", "0"), ("lose_token", "-1"), ("move", "0")])
def test_a_let_card_amount_must_mean_something(folder: Path, effect: str, amount: str) -> None:
    edit(folder / "let_cards.csv", 1, "effect", effect)
    edit(folder / "let_cards.csv", 1, "amount", amount)
    with pytest.raises(DataError, match=f"let_cards.csv: row 1 \\(fan_mail\\): a {effect} card needs"):
        new_game(data=folder)


def test_a_missing_folder_is_named_in_full(tmp_path: Path) -> None:
    where = tmp_path / "nowhere"
    with pytest.raises(DataError, match=f"expected the space list at {where}/spaces.csv"):
        new_game(data=where)


def test_moves_through_the_fork_listed_by_hand() -> None:
    """The shipped board's fork, walked by hand: Rio, Crossroads (the fork), then two roads."""
    board = load_data().board

    def ends(start: str, steps: int, face: str, fork: str) -> set[str]:
        return {board.spaces[i].id for i in board.move_ends(board.index[start], steps, face, fork)}

    assert ends("t500_rio", 3, "clockwise", "main") == {"let_2"}  # fork, Miami, Let
    assert ends("t500_rio", 3, "clockwise", "branch") == {"b_let"}  # fork, Madrid, Let
    assert ends("t500_rio", 3, "clockwise", "player") == {"let_2", "b_let"}
    # going back from the rejoin space is a fork too: Paris Clay (main) or Hamburg (branch)
    assert ends("merge", 2, "counter", "main") == {"t250_marrakech"}
    assert ends("merge", 2, "counter", "branch") == {"b_rome"}
    # the player's-choice face may also go the other way round: Practice court, Indian Wells, Pune
    assert ends("t500_rio", 3, "choice", "player") == {"let_2", "b_let", "t250_pune"}


def test_a_column_named_twice_is_refused(folder: Path) -> None:
    lines = (folder / "spaces.csv").read_text().splitlines()
    lines = [lines[0] + ",name"] + [row + ",Nowhere" for row in lines[1:]]
    (folder / "spaces.csv").write_text("\n".join(lines) + "\n")
    with pytest.raises(
        DataError, match=r"spaces\.csv, column 'name': the header names the column 'name' twice"
    ):
        new_game(data=folder)


@pytest.mark.parametrize("cell", ["1_0", "٣", "1.0", " "])
def test_only_plain_digits_are_a_whole_number(folder: Path, cell: str) -> None:
    edit(folder / "deck.csv", 1, "copies", cell)
    with pytest.raises(DataError, match=r"deck.csv, row 1, column 'copies'"):
        new_game(data=folder)


def test_an_empty_board_file_names_every_column_it_needs(folder: Path) -> None:
    (folder / "spaces.csv").write_text("")
    with pytest.raises(DataError, match="the file is empty; expected a header row: id, name, kind, points"):
        new_game(data=folder)
