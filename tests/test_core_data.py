"""Loading component CSVs (playground.core.data): types converted, every mistake located.

A teacher fixing their own card list reads only the error message, so each malformed case
checks that the message names the file, the row, the column and what was expected.
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from playground.core.data import Column, DataError, Schema, load_table

POWER_LOW, POWER_HIGH = 1, 10
POSITIONS = ("GK", "DF", "MF", "FW")

TEAMS = Schema("team", [Column("id"), Column("name")])


def one_captain_per_team(rows: list[dict[str, Any]]) -> str | None:
    """A schema-level check: a problem sentence, or None when the table is fine."""
    captains: dict[str, int] = {}
    for row in rows:
        if row["captain"]:
            captains[row["team"]] = captains.get(row["team"], 0) + 1
    doubled = sorted(team for team, n in captains.items() if n > 1)
    return f"team {doubled[0]} has more than one captain" if doubled else None


PLAYERS = Schema(
    "player",
    [
        Column("id"),
        Column("name"),
        Column("team", references="team"),
        Column("power", int, low=POWER_LOW, high=POWER_HIGH),
        Column("captain", bool),
        Column("position", choices=POSITIONS),
        Column("shirt", int, low=1, optional=True),
        Column("nickname", optional=True),
    ],
    checks=[one_captain_per_team],
)
HEADER = ["id", "name", "team", "power", "captain", "position", "shirt", "nickname"]
GOOD_ROW = ["p1", "Tsubasa", "nankatsu", "9", "true", "MF", "10", "Tsu"]
KNOWN = {"team": {"nankatsu", "toho"}}


def write_csv(folder: Path, name: str, rows: Sequence[Sequence[str]]) -> Path:
    """Write rows (the first is the header) as a CSV file and return its path."""
    path = folder / name
    with path.open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(rows)
    return path


def players_file(folder: Path, *rows: Sequence[str], header: Sequence[str] = HEADER) -> Path:
    return write_csv(folder, "players.csv", [header, *rows])


def load_error(path: Path, schema: Schema = PLAYERS, known: Any = KNOWN) -> DataError:
    """Load a file that must fail, and return the DataError."""
    with pytest.raises(DataError) as excinfo:
        load_table(path, schema, known)
    return excinfo.value


def assert_located(error: DataError, file: str, row: int | None, column: str | None) -> None:
    """The error's attributes and its message both say where the problem is."""
    text = str(error)
    assert error.path.name == file and text.startswith(file)
    assert error.row == row and error.column == column
    if row is not None:
        assert f"row {row}" in text
    else:
        assert "row " not in text.split(":")[0]
    if column is not None:
        assert f"column '{column}'" in text


# -- good files -----------------------------------------------------------------------------


def test_a_good_file_is_converted_to_typed_rows(tmp_path: Path) -> None:
    """Ints become ints, booleans bools, empty optional cells None, text is stripped."""
    path = players_file(
        tmp_path,
        GOOD_ROW,
        ["p2", "  Hyuga ", "toho", " 10 ", "No", "FW", "", ""],
        ["p3", "Wakabayashi", "nankatsu", "1", "0", "GK", "1", "  "],
    )
    rows = load_table(path, PLAYERS, KNOWN)
    assert rows == [
        {
            "id": "p1",
            "name": "Tsubasa",
            "team": "nankatsu",
            "power": 9,
            "captain": True,
            "position": "MF",
            "shirt": 10,
            "nickname": "Tsu",
        },
        {
            "id": "p2",
            "name": "Hyuga",
            "team": "toho",
            "power": 10,
            "captain": False,
            "position": "FW",
            "shirt": None,
            "nickname": None,
        },
        {
            "id": "p3",
            "name": "Wakabayashi",
            "team": "nankatsu",
            "power": 1,
            "captain": False,
            "position": "GK",
            "shirt": 1,
            "nickname": None,
        },
    ]
    assert all(type(r["power"]) is int and type(r["captain"]) is bool for r in rows)


@pytest.mark.parametrize(
    ("cell", "value"),
    [
        ("true", True),
        ("TRUE", True),
        ("Yes", True),
        ("1", True),
        ("false", False),
        ("no", False),
        ("NO", False),
        ("0", False),
    ],
)
def test_every_spelling_of_a_bool(tmp_path: Path, cell: str, value: bool) -> None:
    """Spreadsheets write TRUE, people write yes: all accepted, in any case."""
    row = list(GOOD_ROW)
    row[4] = cell
    assert load_table(players_file(tmp_path, row), PLAYERS, KNOWN)[0]["captain"] is value


def test_column_order_and_extra_columns_do_not_matter(tmp_path: Path) -> None:
    """Columns are found by name; a column the schema does not know is ignored."""
    header = ["notes", *reversed(HEADER)]
    path = players_file(tmp_path, ["any note", *reversed(GOOD_ROW)], header=header)
    (row,) = load_table(path, PLAYERS, KNOWN)
    assert row == dict(zip(HEADER, ["p1", "Tsubasa", "nankatsu", 9, True, "MF", 10, "Tsu"], strict=True))


def test_references_to_another_loaded_table(tmp_path: Path) -> None:
    """The ids of one table (teams) are what another (players) may refer to."""
    teams = load_table(write_csv(tmp_path, "teams.csv", [["id", "name"], ["a", "A"]]), TEAMS)
    known = {"team": {t["id"] for t in teams}}
    row = ["p1", "X", "a", "5", "no", "DF", "", ""]
    assert load_table(players_file(tmp_path, row), PLAYERS, known)[0]["team"] == "a"


def test_an_empty_optional_reference_is_not_checked(tmp_path: Path) -> None:
    """An optional reference left empty is None, not an unknown id."""
    schema = Schema("link", [Column("id"), Column("team", references="team", optional=True)])
    path = write_csv(tmp_path, "links.csv", [["id", "team"], ["l1", ""], ["l2", "toho"]])
    assert [r["team"] for r in load_table(path, schema, KNOWN)] == [None, "toho"]


def test_the_path_may_be_a_string(tmp_path: Path) -> None:
    """A teacher may type the path as text."""
    path = players_file(tmp_path, GOOD_ROW)
    assert load_table(str(path), PLAYERS, KNOWN) == load_table(path, PLAYERS, KNOWN)


# -- files that are wrong -------------------------------------------------------------------


def test_data_error_is_a_value_error() -> None:
    """Code catching ValueError also catches bad data."""
    assert issubclass(DataError, ValueError)


def test_missing_file(tmp_path: Path) -> None:
    """The message names the file and what list was expected there."""
    error = load_error(tmp_path / "players.csv")
    assert_located(error, "players.csv", None, None)
    assert "missing" in str(error) and "player" in str(error)


def test_missing_column(tmp_path: Path) -> None:
    """A header without 'power' names that column and lists the expected columns."""
    header = [c for c in HEADER if c != "power"]
    row = [v for c, v in zip(HEADER, GOOD_ROW, strict=True) if c != "power"]
    error = load_error(players_file(tmp_path, row, header=header))
    assert_located(error, "players.csv", None, "power")
    assert "no column 'power'" in str(error)
    assert ", ".join(HEADER) in str(error)


def bad_cell(tmp_path: Path, column: str, cell: str, row_number: int = 2) -> DataError:
    """A file whose data row number row_number has cell in column; return its DataError."""
    rows = [list(GOOD_ROW) for _ in range(row_number)]
    for i, row in enumerate(rows):
        row[0] = f"p{i + 1}"
        row[4] = "false"
    rows[-1][HEADER.index(column)] = cell
    error = load_error(players_file(tmp_path, *rows))
    assert_located(error, "players.csv", row_number, column)
    assert repr(cell) in str(error)
    return error


@pytest.mark.parametrize("cell", ["nine", "9.5", "9 points", "--9"])
def test_not_a_whole_number(tmp_path: Path, cell: str) -> None:
    """Row 2 of the data, column 'power': says a whole number in the range was expected."""
    error = bad_cell(tmp_path, "power", cell)
    assert f"a whole number from {POWER_LOW} to {POWER_HIGH}" in str(error)


@pytest.mark.parametrize("cell", [str(POWER_LOW - 1), str(POWER_HIGH + 1), "-3"])
def test_whole_number_out_of_range(tmp_path: Path, cell: str) -> None:
    """A number outside its bounds is located and the bounds are stated."""
    error = bad_cell(tmp_path, "power", cell, row_number=3)
    assert f"from {POWER_LOW} to {POWER_HIGH}" in str(error)


def test_lower_bound_only(tmp_path: Path) -> None:
    """A column with only a lower bound says 'of at least'."""
    error = bad_cell(tmp_path, "shirt", "0", row_number=1)
    assert "a whole number of at least 1 (or empty)" in str(error)


@pytest.mark.parametrize("cell", ["maybe", "y", "2", "truee"])
def test_bad_bool(tmp_path: Path, cell: str) -> None:
    """Only the listed spellings count as true or false."""
    assert "true or false" in str(bad_cell(tmp_path, "captain", cell))


@pytest.mark.parametrize("cell", ["keeper", "gk", "ST"])
def test_value_not_in_choices(tmp_path: Path, cell: str) -> None:
    """A position outside the list is refused and every allowed position is listed."""
    error = bad_cell(tmp_path, "position", cell)
    assert "one of " + ", ".join(POSITIONS) in str(error)


def test_duplicate_id(tmp_path: Path) -> None:
    """The second row using an id is the one reported."""
    second = list(GOOD_ROW)
    second[4] = "false"
    error = load_error(players_file(tmp_path, GOOD_ROW, second))
    assert_located(error, "players.csv", 2, "id")
    assert "'p1'" in str(error) and "twice" in str(error)


def test_unknown_reference(tmp_path: Path) -> None:
    """A team id that is not in the team list is named, with the list it should be in."""
    error = bad_cell(tmp_path, "team", "hanawa")
    assert "not an id in the team list" in str(error)


def test_reference_to_a_table_not_given(tmp_path: Path) -> None:
    """Without the team ids, no team reference can be confirmed: refused, not accepted."""
    error = load_error(players_file(tmp_path, GOOD_ROW), known=None)
    assert_located(error, "players.csv", 1, "team")


@pytest.mark.parametrize("column", ["name", "power", "captain", "position"])
def test_empty_required_cell(tmp_path: Path, column: str) -> None:
    """An empty cell in a required column is located; the expectation has no '(or empty)'."""
    error = bad_cell(tmp_path, column, "")
    assert "(or empty)" not in str(error)


def test_extra_cells_in_a_row(tmp_path: Path) -> None:
    """More cells than the header: the row is named and the header's size stated."""
    second = ["p2", *GOOD_ROW[1:4], "no", *GOOD_ROW[5:], "x"]
    error = load_error(players_file(tmp_path, GOOD_ROW, second))
    assert_located(error, "players.csv", 2, None)
    assert f"more cells than the header's {len(HEADER)}" in str(error)


def test_short_row(tmp_path: Path) -> None:
    """Fewer cells than the header: the first missing column is named."""
    error = load_error(players_file(tmp_path, GOOD_ROW[:5]))
    assert_located(error, "players.csv", 1, "position")
    assert "short" in str(error)


def test_header_only_file(tmp_path: Path) -> None:
    """A file with a header and no rows says that at least one entry was expected."""
    error = load_error(players_file(tmp_path))
    assert_located(error, "players.csv", None, None)
    assert "no rows" in str(error) and "player" in str(error)


def test_completely_empty_file(tmp_path: Path) -> None:
    """A 0-byte file has no header at all: the first expected column is reported missing."""
    path = tmp_path / "players.csv"
    path.write_text("", encoding="utf-8")
    assert_located(load_error(path), "players.csv", None, "id")


def test_schema_level_check(tmp_path: Path) -> None:
    """A check over the whole table reports its sentence with the file name."""
    second = ["p2", "Misaki", "nankatsu", "8", "yes", "MF", "11", ""]
    error = load_error(players_file(tmp_path, GOOD_ROW, second))
    assert_located(error, "players.csv", None, None)
    assert str(error) == "players.csv: team nankatsu has more than one captain"
    other_team = [*second[:2], "toho", *second[3:]]
    assert len(load_table(players_file(tmp_path, GOOD_ROW, other_team), PLAYERS, KNOWN)) == 2


def test_rows_are_numbered_from_the_first_data_row(tmp_path: Path) -> None:
    """Row 1 is the first row under the header, whatever line it is on in the file."""
    error = bad_cell(tmp_path, "power", "x", row_number=1)
    assert error.row == 1


def test_column_expectation_words() -> None:
    """Column.expectation() is the phrase every cell error ends with."""
    assert Column("n", int, low=1, high=3).expectation() == "a whole number from 1 to 3"
    assert Column("n", int).expectation() == "a whole number"
    assert Column("b", bool, optional=True).expectation() == "true or false (or empty)"
    assert Column("s").expectation() == "some text"
    assert PLAYERS.column_names() == HEADER


# -- known bugs ------------------------------------------------------------------------------


def test_excel_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    """Excel's 'CSV UTF-8' format writes a BOM; the file is otherwise perfectly good."""
    path = tmp_path / "teams.csv"
    path.write_text("id,name\na,Alpha\n", encoding="utf-8-sig")
    assert load_table(path, TEAMS) == [{"id": "a", "name": "Alpha"}]


def test_int_column_with_choices(tmp_path: Path) -> None:
    """A die-size column: whole numbers, limited to the listed sizes."""
    schema = Schema("die", [Column("id"), Column("sides", int, choices=("4", "6", "8"))])
    path = write_csv(tmp_path, "dice.csv", [["id", "sides"], ["d", "6"]])
    assert load_table(path, schema) == [{"id": "d", "sides": 6}]


# -- untrusted files stay data ----------------------------------------------------------------


def test_a_formula_looking_cell_is_text_never_evaluated(tmp_path: Path) -> None:
    rows = load_table(
        players_file(tmp_path, ["p1", "=1+1", "nankatsu", "9", "true", "MF", "", "@SUM(A1)"]), PLAYERS, KNOWN
    )
    assert rows[0]["name"] == "=1+1" and rows[0]["nickname"] == "@SUM(A1)"
    error = load_error(players_file(tmp_path, ["p1", "A", "nankatsu", "=2*4", "true", "MF", "", ""]))
    assert_located(error, "players.csv", 1, "power")


def test_a_file_that_is_not_utf8_text_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "players.csv"
    path.write_bytes(",".join(HEADER).encode() + b"\np1,\xff\xfe,nankatsu,9,true,MF,,\n")
    assert "is not UTF-8 text" in str(load_error(path))
    path.write_bytes(",".join(HEADER).encode() + b"\np1,A\x00B,nankatsu,9,true,MF,,\n")
    assert "NUL byte" in str(load_error(path))


def test_a_file_or_a_cell_too_large_is_refused_before_it_is_read_whole(tmp_path: Path) -> None:
    from playground.core.data import MAX_CELL_CHARS, MAX_FILE_BYTES

    error = load_error(
        players_file(tmp_path, ["p1", "x" * (MAX_CELL_CHARS + 1), "nankatsu", "9", "true", "MF", "", ""])
    )
    assert_located(error, "players.csv", 1, "name")
    assert "at most 1,000" in str(error)
    path = players_file(
        tmp_path, *[[f"p{i}", "A" * 900, "nankatsu", "9", "false", "MF", "", ""] for i in range(1200)]
    )
    assert path.stat().st_size > MAX_FILE_BYTES
    assert "a component list may be at most 1,000,000" in str(load_error(path))


def test_a_broken_quote_is_a_data_error(tmp_path: Path) -> None:
    path = tmp_path / "players.csv"
    path.write_text(",".join(HEADER) + '\np1,"A' + "b" * 200_000 + ",nankatsu,9,true,MF,,\n")
    assert "the CSV cannot be read: field larger than field limit" in str(load_error(path))


# -- each game's loader, fed what an untrusted folder may hold ----------------------------------

GAME_FILES = {
    "tiebreak": "spaces.csv",
    "tsubasa": "players.csv",
    "challengers": "sets.csv",
    "arc": "regions.csv",
}
"""Per game, a file of its data folder with a text column 'name'."""


def game_folder(game: str, tmp_path: Path) -> Path:
    """A copy of the game's shipped data folder, to spoil one file of."""
    import shutil

    folder = tmp_path / game
    shutil.copytree(Path(__file__).resolve().parent.parent / "data" / game, folder)
    return folder


def load_game(game: str, folder: Path) -> Any:
    import importlib

    return importlib.import_module(f"playground.{game}").load_data(folder)


@pytest.mark.parametrize("game", sorted(GAME_FILES))
def test_a_games_formula_looking_names_stay_text(game: str, tmp_path: Path) -> None:
    from csv_support import edit

    folder = game_folder(game, tmp_path)
    edit(folder / GAME_FILES[game], 1, "name", "=1+1")
    edit(folder / GAME_FILES[game], 2, "name", "@SUM(A1)")
    shown = repr(load_game(game, folder))
    assert "'=1+1'" in shown and "'@SUM(A1)'" in shown


@pytest.mark.parametrize("game", sorted(GAME_FILES))
def test_a_games_broken_encoding_or_huge_cell_is_refused_by_file(game: str, tmp_path: Path) -> None:
    from csv_support import edit

    name = GAME_FILES[game]
    folder = game_folder(game, tmp_path)
    original = (folder / name).read_bytes()
    (folder / name).write_bytes(original.replace(b",", b",\xff", 1))
    with pytest.raises(DataError, match=f"{name}: byte .* is not UTF-8 text"):
        load_game(game, folder)
    (folder / name).write_bytes(original)
    edit(folder / name, 1, "name", "x" * 5000)
    with pytest.raises(DataError, match=f"{name}, row 1, column 'name': the cell has 5,000 characters"):
        load_game(game, folder)


@pytest.mark.parametrize("game", sorted(GAME_FILES))
@pytest.mark.parametrize("trick", ["folder", "device", "pipe", "huge file", "traversal"])
def test_path_tricks_in_a_games_folder_are_refused_at_once(game: str, trick: str, tmp_path: Path) -> None:
    """A folder, /dev/zero, a named pipe (reading either would never end) or a sparse 2 GB file in
    place of a CSV, and a data= path that climbs out and back in, answer at once with the file named."""
    import os

    name = GAME_FILES[game]
    folder = game_folder(game, tmp_path)
    target = folder / name
    target.unlink()
    if trick == "folder":
        target.mkdir()
    elif trick == "device":
        target.symlink_to("/dev/zero")
    elif trick == "pipe":
        os.mkfifo(target)
    elif trick == "huge file":
        with target.open("wb") as handle:
            handle.truncate(2 * 10**9)
    else:  # a path with .. parts is just a path: the same missing file, named in full
        folder = tmp_path / ".." / tmp_path.name / game
    with pytest.raises(DataError) as caught:
        load_game(game, folder)
    message = str(caught.value)
    assert message.startswith(name), message
    expected = {"huge file": "a component list may be at most", "traversal": "the file is missing"}
    assert expected.get(trick, "is not a plain file") in message, message
