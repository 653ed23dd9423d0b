"""A data object, a teacher's changed copy of a game's data, checked by the game's own loader.

A copy made with ``dataclasses.replace`` is written back as the CSV files of its folder and read
by the same code that reads a folder, so it meets every check a folder meets, in the same words.
"""

from __future__ import annotations

import csv
import dataclasses
import tempfile
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from .data import DataError
from .numbers import an, shown

T = TypeVar("T")

DATA_OBJECT = "(the data object)"
"""What a DataError calls the data object it refuses, in place of a folder's path."""


def cell(value: Any) -> str:
    """A value as a CSV cell holds it: None empty, a bool true or false, anything else its text."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return value if isinstance(value, str) else str(value)


def cell_list(values: Any) -> str:
    """A list of values as one cell, separated by ";" (a text, or a value that is not a list or
    tuple, is its own text: the loader then reads back something else, and says so)."""
    if isinstance(values, tuple | list):
        return ";".join(cell(v) for v in values)
    return cell(values)


def records(table: Mapping[Any, Any], name: str, kind: type[T]) -> Iterator[tuple[Any, T]]:
    """The (key, record) pairs of a data object's field ``name``, each checked to be a ``kind``:
    a DataError naming the field and the key when one is not (a row writer cannot write it)."""
    if not isinstance(kind, type):
        raise TypeError(f"kind must be a record class; got {shown(kind)}")
    if not isinstance(table, Mapping):
        raise DataError(DATA_OBJECT, None, cell(name), f"{cell(name)} must map ids to records")
    for key, record in table.items():
        if type(record) is not kind:
            raise DataError(
                DATA_OBJECT,
                None,
                cell(name),
                f"{cell(name)}[{shown(key, 40)}] is {shown(record)}; expected {an(kind.__name__)} record "
                f"(make it with dataclasses.replace from one that load_data() gives)",
            )
        yield key, record


Rows = Mapping[str, Sequence[Sequence[str]]]
"""A data object written out: per file name, its rows of cells, the header row first."""


class _Validated:
    """The data objects already checked, by identity, with what checking them gave.

    The objects are frozen dataclasses holding dicts, so unhashable: an entry is keyed by id()
    and holds a weak reference, which tells whether the object at that id is still the one
    checked, and whose callback drops the entry when the object goes. At most ``keep`` entries
    (the oldest used goes first). An entry holds the object's checked equal (a different
    object) strongly, for as long as the object itself lives; an object checked to be itself
    is held weakly only.
    """

    def __init__(self, keep: int) -> None:
        self.keep = keep
        self._entries: OrderedDict[int, tuple[weakref.ref[Any], Any]] = OrderedDict()

    def get(self, data: Any) -> Any:
        entry = self._entries.get(id(data))
        if entry is None or entry[0]() is not data:
            return None
        self._entries.move_to_end(id(data), last=True)
        return data if entry[1] is None else entry[1]

    def put(self, data: Any, checked: Any) -> None:
        key = id(data)
        entry = self._entries.get(key)
        if entry is not None and entry[0]() is data and (data if entry[1] is None else entry[1]) is checked:
            self._entries.move_to_end(key, last=True)
            return
        entries = self._entries

        def forget(ref: weakref.ref[Any], key: int = key) -> None:
            if entries.get(key, (None,))[0] is ref:
                entries.pop(key, None)

        entries[key] = (weakref.ref(data, forget), None if checked is data else checked)
        entries.move_to_end(key, last=True)
        while len(entries) > self.keep:
            entries.popitem(last=False)


_VALIDATED = _Validated(keep=32)


def remember_valid(data: T) -> T:
    """Mark a data object as valid (one that a game's loader made from its files), so that
    validate_data accepts it at once; returns it. A dictionary look-up, and a weak reference
    the first time: the object is not kept alive by it."""
    if not dataclasses.is_dataclass(data) or isinstance(data, type):
        raise TypeError(f"only a game's data object can be marked valid; got {shown(data)}")
    _VALIDATED.put(data, data)
    return data


def validate_data(data: T, kind: type[T], rows: Callable[[T], Rows], read: Callable[[Path], T]) -> T:
    """Check a data object (a changed copy of a game's data) exactly as its folder would be.

    data: an instance of kind, the game's frozen data class. rows(data) writes it back as the
    rows of its CSV files (the inverse of read); they are written to a temporary folder and
    read(folder), the game's own loader, reads them: so a copy is held to every check a folder
    gets (the schemas' types, ranges and choices, ids used twice, references between files,
    data too small to play), by the same code. A DataError from the loader is raised again with
    its path "(the data object) <file>", its row, column and expectation, and the id of the
    record in that row. When the files read back give data not equal to the object, the object
    holds something no data file can say (a str where a whole number belongs, a list where the
    loader makes a tuple, a field the files do not carry): a DataError names the first field and
    record that differ and what the files give there.

    Returns the data read back: equal to data, with the types a folder gives (a numpy whole
    number becomes an int). An object already checked, or marked by remember_valid (what a
    game's load_data gives for a folder), is answered by identity at once: simulations start
    thousands of games with the same data=. A new object costs writing and reading its files,
    a few milliseconds for the shipped card lists. A data object of another class is refused
    with a TypeError.
    """
    if not (isinstance(kind, type) and dataclasses.is_dataclass(kind)):
        raise TypeError(f"kind must be a game's data class (a dataclass); got {shown(kind)}")
    if not (callable(rows) and callable(read)):
        raise TypeError("rows and read must be functions: the data object's rows, and the game's loader")
    if not isinstance(data, kind):
        raise TypeError(
            f"data must be {an(kind.__name__)} (as load_data() gives, or a dataclasses.replace copy "
            f"of one); got {an(type(data).__name__)}"
        )
    known = _VALIDATED.get(data)
    if known is not None:
        return known
    try:
        tables = rows(data)
    except DataError:
        raise
    except (TypeError, ValueError, AttributeError, KeyError, IndexError) as error:
        raise DataError(
            DATA_OBJECT,
            None,
            None,
            f"it holds something no data file can say, so its files cannot be written "
            f"({type(error).__name__}); make the changed copy with dataclasses.replace from the "
            f"records load_data() gives",
        ) from None
    with tempfile.TemporaryDirectory(prefix="data-object-") as temporary:
        folder = Path(temporary)
        for name, table in tables.items():
            _write(folder / name, table)
        try:
            again = read(folder)
        except DataError as error:
            raise _from_object(error, tables, temporary) from None
    if again != data:
        column, problem = _first_difference(data, again)
        raise DataError(DATA_OBJECT, None, column, problem)
    _VALIDATED.put(data, again)
    _VALIDATED.put(again, again)
    return again


def _write(path: Path, table: Sequence[Sequence[str]]) -> None:
    """One file of a data object written out as CSV (UTF-8)."""
    try:
        with path.open("w", newline="", encoding="utf-8") as handle:
            csv.writer(handle).writerows(table)
    except UnicodeEncodeError:
        for number, row in enumerate(table):
            for column, text in zip(table[0], row, strict=False):
                try:
                    text.encode("utf-8")
                except UnicodeEncodeError:
                    raise DataError(
                        f"{DATA_OBJECT} {path.name}",
                        number or None,
                        column,
                        f"{shown(text, 60)} holds a character that is not UTF-8 text (a lone surrogate)",
                    ) from None
        raise


def _from_object(error: DataError, tables: Rows, folder: str) -> DataError:
    """The loader's DataError about a written-out data object, said of the object."""
    name = error.path.name
    expected = error.expected.replace(folder, DATA_OBJECT)
    table = tables.get(name)
    if table and error.row is not None and 0 < error.row < len(table) and "id" in table[0]:
        record = table[error.row][list(table[0]).index("id")]
        expected += f" (in the record {shown(record)})"
    return DataError(f"{DATA_OBJECT} {name}", error.row, error.column, expected)


def _first_difference(data: Any, again: Any) -> tuple[str | None, str]:
    """(field, sentence) of the first place where a data object and its files read back differ."""
    if type(data) is not type(again):
        return None, f"it is {an(type(data).__name__)}; its files read back give {an(type(again).__name__)}"
    for f in dataclasses.fields(data):
        if f.compare:
            problem = _difference(getattr(data, f.name), getattr(again, f.name), f.name)
            if problem:
                return f.name, problem
    return None, "it differs from what its files read back give"


def _difference(given: Any, again: Any, where: str) -> str | None:
    """Where and how given (from a data object) differs from again (its files read back)."""
    if given is again:
        return None
    if isinstance(given, Mapping) and isinstance(again, Mapping):
        for key in given:
            if key not in again:
                return f"{where} has the entry {shown(key, 40)}, which its files read back do not give"
        for key in again:
            if key not in given:
                return f"{where} has no entry {shown(key, 40)}, which its files read back give"
        for key in again:
            problem = _difference(given[key], again[key], f"{where}[{shown(key, 40)}]")
            if problem:
                return problem
        return None
    if type(given) is type(again):
        if dataclasses.is_dataclass(given):
            for f in dataclasses.fields(given):
                if f.compare:
                    problem = _difference(getattr(given, f.name), getattr(again, f.name), f"{where}.{f.name}")
                    if problem:
                        return problem
            return None
        if isinstance(given, tuple | list):
            if len(given) != len(again):
                return (
                    f"{where} holds {len(given)} items, {shown(given)}; its files read back give "
                    f"{len(again)}, {shown(again)}"
                )
            if given != again and all(x in again for x in given) and all(x in given for x in again):
                return (
                    f"{where} holds its items in an order its files cannot: read back they come in "
                    f"this order: {shown(again, 200)}"
                )
            for number, (mine, theirs) in enumerate(zip(given, again, strict=True)):
                problem = _difference(mine, theirs, f"{where}[{number}]")
                if problem:
                    return problem
            return None
        if given == again:
            return None
    elif given == again:
        return None
    return (
        f"{where} is {shown(given)} ({an(type(given).__name__)}), which no data file can hold: "
        f"written to its file and read back it is {shown(again)} ({an(type(again).__name__)})"
    )
