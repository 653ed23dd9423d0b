"""Loading component lists (cards, board spaces) from CSV files, with a schema.

A teacher can point a game at their own folder of CSV files. When a file is wrong, the error
must say which file, which row, which column and what was expected, so it can be fixed without
reading Python. Parsing is the csv module's job; this module only checks and converts.

A file is data and nothing else: no cell is ever evaluated (a cell like ``=1+1`` is the text
"=1+1", and not a number), and a file larger than MAX_FILE_BYTES, a cell longer than
MAX_CELL_CHARS, text that is not UTF-8 or a NUL byte is refused with a DataError.
"""

from __future__ import annotations

import csv
import hashlib
import io
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from .numbers import an, shown, whole_number

T = TypeVar("T")

MAX_FILE_BYTES = 1_000_000
"""The largest component file read (a card list of thousands of rows is a few hundred KB)."""

MAX_CELL_CHARS = 1_000
"""The longest cell: a card's name or description, not a book."""


class DataError(ValueError):
    """A component file does not match its schema."""

    def __init__(self, path: Path | str, row: int | None, column: str | None, expected: str):
        self.path, self.row, self.column, self.expected = Path(path), row, column, expected
        where = f"{self.path.name}"
        if row is not None:
            where += f", row {row}"
        if column is not None:
            where += f", column '{column}'"
        super().__init__(f"{where}: {expected}")


@dataclass(frozen=True)
class Column:
    """One column of a component file.

    kind is int, str or bool; choices limits the values; references names another table whose
    ids the value must be one of; low/high bound an int; optional allows an empty cell (None).
    """

    name: str
    kind: type = str
    choices: tuple[str, ...] | None = None
    references: str | None = None
    low: int | None = None
    high: int | None = None
    optional: bool = False

    def expectation(self) -> str:
        """What a cell of this column must hold, in words."""
        if self.choices is not None:
            text = "one of " + ", ".join(str(c) for c in self.choices)
        elif self.kind is int:
            bounds = ""
            if self.low is not None and self.high is not None:
                bounds = f" from {self.low} to {self.high}"
            elif self.low is not None:
                bounds = f" of at least {self.low}"
            text = "a whole number" + bounds
        elif self.kind is bool:
            text = "true or false"
        else:
            text = "some text"
        return text + (" (or empty)" if self.optional else "")


@dataclass(frozen=True)
class Schema:
    """The columns of one component file; the first column named ``id`` identifies rows."""

    name: str
    columns: Sequence[Column]
    checks: Sequence[Callable[[list[dict[str, Any]]], str | None]] = field(default=())

    def column_names(self) -> list[str]:
        return [c.name for c in self.columns]


_TRUE = {"true", "yes", "1"}
_FALSE = {"false", "no", "0"}


def _convert(raw: str, col: Column) -> Any:
    """Convert one cell, or raise ValueError if it does not fit the column."""
    text = raw.strip()
    if text == "":
        if col.optional:
            return None
        raise ValueError
    if col.kind is int:
        if not _WHOLE.fullmatch(text):  # int() would take "1_0" and other scripts' digits too
            raise ValueError
        value: Any = int(text)
        if (col.low is not None and value < col.low) or (col.high is not None and value > col.high):
            raise ValueError
    elif col.kind is bool:
        low = text.lower()
        if low not in _TRUE | _FALSE:
            raise ValueError
        value = low in _TRUE
    else:
        value = text
    if col.choices is not None and text not in col.choices:
        raise ValueError
    return value


_WHOLE = re.compile(r"[+-]?[0-9]+")
"""A whole number as a CSV cell writes it: ASCII digits, an optional sign."""


def load_table(
    path: Path | str,
    schema: Schema,
    known_ids: Mapping[str, set[str]] | None = None,
) -> list[dict[str, Any]]:
    """Read one CSV file and return its rows as dicts of converted values.

    path: a plain file (str or Path) of at most MAX_FILE_BYTES, UTF-8 text without NUL bytes,
    cells of at most MAX_CELL_CHARS; a folder, a device or a pipe is refused before any read.
    known_ids maps a table name to its ids, for columns that reference another table.
    Raises DataError naming file, row (1 = the first data row), column and the expectation.
    """
    if not isinstance(path, str | Path):
        raise DataError(
            str(path)[:60], None, None, f"path must be a file name (str or Path); got {shown(path, 60)}"
        )
    path = Path(path)
    known_ids = known_ids or {}
    if not path.is_file():
        if path.exists():  # a folder, a device (/dev/zero) or a pipe would never end or mean nothing
            raise DataError(
                path,
                None,
                None,
                f"{path} is not a plain file (a folder, a device or a pipe); expected a CSV file",
            )
        raise DataError(path, None, None, f"the file is missing; expected the {schema.name} list at {path}")
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise DataError(
            path,
            None,
            None,
            f"the file is {size:,} bytes; a component list may be at most {MAX_FILE_BYTES:,}",
        )
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise DataError(
            path, None, None, f"byte {error.start} is not UTF-8 text; save the file as UTF-8"
        ) from None
    if "\0" in text:
        raise DataError(path, None, None, "the file holds a NUL byte: it is not a text (CSV) file")
    try:
        return _rows(path, io.StringIO(text, newline=""), schema, known_ids)
    except csv.Error as error:
        raise DataError(path, None, None, f"the CSV cannot be read: {error}") from None


def _rows(
    path: Path, handle: io.StringIO, schema: Schema, known_ids: Mapping[str, set[str]]
) -> list[dict[str, Any]]:
    """The checked rows of one CSV text (see load_table)."""
    reader = csv.DictReader(handle)
    if reader.fieldnames is None:
        names = schema.column_names()
        raise DataError(path, None, names[0], f"the file is empty; expected a header row: {', '.join(names)}")
    header = [name.strip() for name in reader.fieldnames]
    twice = next((name for name in header if header.count(name) > 1), None)
    if twice is not None:
        raise DataError(path, None, twice, f"the header names the column '{twice}' twice; each column once")
    reader.fieldnames = header
    missing = [c for c in schema.column_names() if c not in header]
    if missing:
        raise DataError(
            path,
            None,
            missing[0],
            f"the header has no column '{missing[0]}'; expected columns: {', '.join(schema.column_names())}",
        )
    rows: list[dict[str, Any]] = []
    seen: set[Any] = set()
    for number, raw in enumerate(reader, start=1):
        if None in raw:
            raise DataError(path, number, None, f"the row has more cells than the header's {len(header)}")
        row: dict[str, Any] = {}
        for col in schema.columns:
            cell = raw[col.name]
            if cell is None:
                raise DataError(path, number, col.name, f"the row is short; expected {col.expectation()}")
            if len(cell) > MAX_CELL_CHARS:
                raise DataError(
                    path,
                    number,
                    col.name,
                    f"the cell has {len(cell):,} characters; at most {MAX_CELL_CHARS:,}",
                )
            try:
                row[col.name] = _convert(cell, col)
            except ValueError:
                raise DataError(path, number, col.name, f"{shown(cell)} is not {col.expectation()}") from None
            if col.references is not None and row[col.name] is not None:
                targets = known_ids.get(col.references, set())
                if row[col.name] not in targets:
                    raise DataError(
                        path,
                        number,
                        col.name,
                        f"{shown(cell)} is not an id in the {col.references} list",
                    )
        if "id" in row:
            if row["id"] in seen:
                raise DataError(
                    path,
                    number,
                    "id",
                    f"the id {shown(row['id'])} appears twice; ids must be unique",
                )
            seen.add(row["id"])
        rows.append(row)
    if not rows:
        raise DataError(path, None, None, f"the file has no rows; expected at least one {schema.name} entry")
    for check in schema.checks:
        problem = check(rows)
        if problem:
            raise DataError(path, None, None, problem)
    return rows


READ_ONLY = (
    "Loaded game data cannot be changed in place ({what}): every game shares it, and replaying "
    "a game already played (at(), the scrub slider, Reset) needs it as it was. Make a changed "
    "copy instead: copy = dict({owner}.{field}), change the copy, then "
    "mine = dataclasses.replace({owner}, {field}=copy){up}, and new_game(data=mine); or copy "
    "the data folder, edit its CSV files and pass the folder as data=."
)


class ReadOnlyDict(dict):  # type: ignore[type-arg]
    """A dict of loaded data that refuses every change, in a sentence saying how to make a copy.

    A dict underneath, so that the engines' look-ups stay as fast as a dict's; ``dict(d)``,
    ``{**d}`` and ``d | other`` give ordinary (changeable) dicts. Pickles and copies as itself.
    """

    __slots__ = ("_advice", "_field", "_owner")

    def __init__(
        self,
        items: Mapping[Any, Any] | Sequence[tuple[Any, Any]] = (),
        field: str = "items",
        owner: str = "data",
        advice: str = "",
    ) -> None:
        """advice: how to make a changed copy, where the dataclasses.replace route of READ_ONLY
        does not fit (the owner is no dataclass)."""
        dict.__init__(self, items)
        self._field, self._owner, self._advice = field, owner, advice

    def _refuse(self, *_: Any, **__: Any) -> None:
        what = f"{self._owner}.{self._field}"
        if self._advice:
            raise TypeError(f"Loaded game data cannot be changed in place ({what}): {self._advice}")
        up = "" if self._owner == "data" else " (and so on up to the data object)"
        raise TypeError(READ_ONLY.format(what=what, field=self._field, owner=self._owner, up=up))

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _refuse  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return (ReadOnlyDict, (dict(self), self._field, self._owner, self._advice))

    def __copy__(self) -> ReadOnlyDict:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> ReadOnlyDict:
        return self


def read_only(record: Any, *fields: str, owner: str = "data") -> None:
    """Freeze the named dict fields of a frozen dataclass record (call from its __post_init__):
    each becomes a ReadOnlyDict, so a record built by ``dataclasses.replace`` is frozen too.
    owner: what the record is called in the error's advice ("data", "athlete")."""
    for name in fields:
        value = getattr(record, name)
        if not isinstance(value, Mapping):
            raise TypeError(
                f"{type(record).__name__}.{name} must be a mapping (a dict); got {type(value).__name__}"
            )
        if not isinstance(value, ReadOnlyDict):
            object.__setattr__(record, name, ReadOnlyDict(value, name, owner))


PACKAGE = Path(__file__).resolve().parents[1]


def shipped_data(game: str) -> Path:
    """The folder of a game's shipped data: inside the package in an installed wheel (which
    carries the top-level data/ as playground/data), else the checkout's data/ beside it.

    game: the name of a game's folder there, one plain word such as "tiebreak".
    """
    if not isinstance(game, str) or not re.fullmatch(r"[a-z]+", game):
        raise ValueError(
            f"game must be the name of a game's data folder, a word such as 'tiebreak'; got {shown(game)}"
        )
    inside = PACKAGE / "data" / game
    return inside if inside.is_dir() else PACKAGE.parent / "data" / game


def data_folder(data: object, shipped: Path, kind: type | None = None) -> Path:
    """The folder a game's ``data=`` names: None for the shipped one, else a path (str or Path).

    kind: the game's data class, when its load_data also takes a data object (named in the error).
    """
    if data is None:
        return shipped
    if not isinstance(data, str | Path):
        also = f", {an(kind.__name__)} (as load_data() gives)" if isinstance(kind, type) else ""
        raise ValueError(f"data must be a folder path (text or a Path){also} or None; got {shown(data, 60)}")
    return Path(data)


def read_once(read: Callable[[Path], T], files: Sequence[str], keep: int = 8) -> Callable[[Path], T]:
    """``read(folder)``, remembered while the bytes of the folder's ``files`` stay the same.

    A rule comparison starts hundreds of games, each asking for its data; parsing and checking
    the CSV files every time was a quarter to a third of the time. The files' bytes are read and
    hashed on each call (microseconds for a card list), so any edit is seen, however quick; the
    last ``keep`` sets of files are remembered. The data returned is shared by every game that
    asks: read it, never change it. A file missing, not a plain file or over MAX_FILE_BYTES is
    left to ``read``, which says what is wrong. keep: a whole number from 1 to 1,000.
    """
    if not callable(read):
        raise TypeError(f"read must be a function of a folder (a loader); got {shown(read, 60)}")
    keep = whole_number(keep, "keep (how many sets of files to remember)", 1, 1_000)

    @lru_cache(maxsize=keep)
    def remembered(folder: str, digest: bytes) -> T:
        return read(Path(folder))

    def load(folder: Path) -> T:
        digest = hashlib.blake2b()
        try:
            for name in files:
                path = Path(folder, name)
                if not path.is_file() or path.stat().st_size > MAX_FILE_BYTES:
                    return read(folder)
                digest.update(path.read_bytes())
                digest.update(b"\0")  # where one file ends and the next begins
        except (OSError, ValueError):
            return read(folder)
        return remembered(str(folder.resolve()), digest.digest())

    return load
