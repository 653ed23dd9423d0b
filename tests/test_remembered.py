"""The lessons' long runs, remembered: what is read back is what playing again gives.

The shipped store (data/results/remembered.json) holds the tables of the rule comparisons and
other long seeded runs the lessons make, keyed by the call's names and a fingerprint of the code
and data it touches. Here: every stored entry is current (its key is the one today's code gives)
and right (played again, it gives the stored table, cell for cell); a call is read back only when
every name in it pins down what it does; an edit of the code makes the call play again.
"""

from __future__ import annotations

import functools
import itertools
import linecache
import math
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from playground import arc, challengers, tiebreak, tsubasa
from playground.core import remembered
from playground.core.compare import compare_rules, steps
from playground.core.remembered import (
    RECORD,
    NotRemembered,
    _call_key,
    _decoded,
    _encoded,
    _replayed,
    _stored_calls,
    _token,
    _untoken,
)
from playground.tiebreak.measures import WinShare
from playground.tiebreak.policies import greedy

STORE = _stored_calls()


def test_the_lessons_runs_are_stored() -> None:
    """make results wrote the lessons' comparisons (a store emptied by mistake would pass the rest)."""
    functions = {entry["call"]["function"] for entry in STORE.values()}
    assert "playground.core.compare:compare_rules" in functions
    assert "playground.tsubasa.measures:kickoff_record" in functions
    assert "playground.tiebreak.measures:win_share" in functions
    assert len(STORE) >= 8


@pytest.mark.parametrize("key", sorted(STORE), ids=lambda k: k[:10])
def test_a_stored_run_is_current_and_played_again_gives_the_same(key: str) -> None:
    entry = STORE[key]
    assert _call_key(entry["call"]) == key, (
        "the code or data this run depends on has changed since it was stored: run `make results`"
    )
    assert _encoded(_replayed(entry["call"])) == entry["value"]


@pytest.mark.parametrize(
    "value",
    [
        None,
        True,
        3,
        -(10**30),
        2.5,
        "text",
        Fraction(1, 3),
        [1, (2, "x")],
        {"b": 1, "a": [2.0]},
        tiebreak.Rules(champion_head_start=2),
        tsubasa.Rules(),
        challengers.Rules(bench_seats=5),
        arc.Rules(),
        greedy,
        steps,
        tiebreak.new_game,
    ],
)
def test_a_token_names_its_value_exactly(value: Any) -> None:
    named = _token(value)
    back = _untoken(named)
    assert back == value and type(back) is type(value)
    assert _token(back) == named


def own_function(game: Any) -> float:
    return 1.0


@pytest.mark.parametrize(
    "value",
    [lambda game: 1.0, own_function, object(), float("nan"), [list(range(2_000))], pd.DataFrame()],
    ids=["lambda", "a test's function", "object", "nan", "too many items", "a frame"],
)
def test_only_what_a_name_pins_down_is_remembered(value: Any) -> None:
    with pytest.raises(NotRemembered):
        _token(value)


def test_a_table_comes_back_cell_for_cell_with_its_attrs() -> None:
    table = compare_rules.__wrapped__(
        tiebreak.new_game, tiebreak.Rules(), tiebreak.Rules(target_score_2p=500), games=3, players=2
    )
    back = _decoded(_encoded(table))
    pd.testing.assert_frame_equal(back, table)
    assert back.attrs == table.attrs
    assert _decoded(_encoded({"won": 1, "lost": 2})) == {"won": 1, "lost": 2}
    share = WinShare("greedy", 200, 4, 0.25)
    assert _decoded(_encoded(share)) == share


@pytest.fixture
def recording(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A store of one's own, both read and recorded (as make results does), emptied caches after."""
    store = tmp_path / "remembered.json"
    monkeypatch.setenv(RECORD, str(store))
    monkeypatch.setattr(remembered, "_store_path", lambda: store)
    remembered._shipped.cache_clear()
    yield store
    remembered._shipped.cache_clear()


def test_a_call_is_played_once_then_read_back_and_played_again_when_the_code_changes(
    recording: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = recording
    played: list[int] = []
    real = compare_rules.__wrapped__

    @functools.wraps(real)  # the same signature, so executor and progress are known as such
    def counting(*args: Any, **kwargs: Any) -> pd.DataFrame:
        played.append(1)
        return real(*args, **kwargs)

    read_back = remembered.remembered(ignore=("executor", "chunk", "progress"))(counting)
    call = (tiebreak.new_game, tiebreak.Rules(), tiebreak.Rules(target_score_2p=500))
    first = read_back(*call, games=4, players=2, executor="serial")
    assert played == [1] and len(_stored_calls(store)) == 1
    remembered._shipped.cache_clear()
    again = read_back(*call, games=4, players=2, executor="process")  # where it plays changes nothing
    assert played == [1]
    pd.testing.assert_frame_equal(again, first)
    read_back(*call, games=5, players=2)  # another call plays
    assert played == [1, 1]
    monkeypatch.setattr(remembered, "_package_print", lambda package: f"edited {package}")
    remembered._shipped.cache_clear()
    read_back(*call, games=4, players=2)  # the engine was edited since: played, not read back
    assert played == [1, 1, 1]
    read_back(*call, games=4, players=2, policies=lambda game: game.legal_actions()[0])
    assert played == [1, 1, 1, 1]  # a lambda is never read back


def test_ignore_must_name_arguments() -> None:
    with pytest.raises(ValueError, match="ignore must be a tuple of argument names"):
        remembered.remembered(ignore="progress")  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["", "[]", '{"entries": [1]}', '{"entries": {"k": 1}}', '{"entries": {'])
def test_a_damaged_store_is_no_store(text: str, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A store cut short or of another shape is read as none: a warning names it and every call
    is played (robustness review 13, finding 2)."""
    store = tmp_path / "remembered.json"
    store.write_text(text, encoding="utf-8")
    monkeypatch.setattr(remembered, "_store_path", lambda: store)
    remembered._shipped.cache_clear()
    try:
        with pytest.warns(UserWarning, match="cannot be read"):
            table = compare_rules(
                tiebreak.new_game, tiebreak.Rules(), tiebreak.Rules(target_score_2p=500), games=3
            )
        assert list(table.index) == ["steps"]
    finally:
        remembered._shipped.cache_clear()


CELLS = itertools.count()


def notebook_function(source: str, name: str, **names: Any) -> Any:
    """A function as a notebook cell makes it: in __main__, its source in linecache (as IPython
    keeps a cell's text), the cell's names as its globals."""
    cell = f"<ipython-input-{next(CELLS)}>"
    linecache.cache[cell] = (len(source), None, source.splitlines(True), cell)
    namespace = {"__name__": "__main__", **names}
    exec(compile(source, cell, "exec"), namespace)
    return namespace[name]


CHALLENGE = """def my_challenge(t):
    # challenge from afar only with at least an even chance
    return t.p_win(t.most) >= LIMIT
"""


def test_a_notebooks_function_is_named_by_its_source_and_the_names_it_uses() -> None:
    """The strategy lab's function: made again from its token it answers the same, and a change
    of its text or of a value it uses is another name (so another call, played)."""
    from playground.tiebreak.policies import from_choices

    f = notebook_function(CHALLENGE, "my_challenge", LIMIT=Fraction(1, 2))
    named = _token(from_choices(challenge=f))
    back = _untoken(named)
    assert _token(back) == named

    class Situation:
        most = 2

        def p_win(self, k: int) -> Fraction:
            return Fraction(k, 5)

    assert back.challenge(Situation()) is f(Situation()) is False
    stricter = notebook_function(CHALLENGE, "my_challenge", LIMIT=Fraction(1, 3))
    assert stricter(Situation()) is True and _token(stricter) != _token(f)
    edited = notebook_function(CHALLENGE.replace(">=", ">"), "my_challenge", LIMIT=Fraction(1, 2))
    assert _token(edited) != _token(f)
    uses_math = notebook_function("def half(x):\n    return math.floor(x / 2)\n", "half", math=math)
    assert _untoken(_token(uses_math))(7) == 3


def test_a_notebooks_function_is_not_remembered_when_its_text_does_not_pin_it_down() -> None:
    """A closure, a function whose cell was edited since it was made, one that uses an object
    with no name: played, never read back."""
    base = 10

    def closure(t: Any) -> int:
        return base

    closure.__module__ = "__main__"
    edited = notebook_function(CHALLENGE, "my_challenge", LIMIT=Fraction(1, 2))
    cell = edited.__code__.co_filename
    text = CHALLENGE.replace(">= LIMIT", "<= LIMIT")
    linecache.cache[cell] = (len(text), None, text.splitlines(True), cell)
    odd = notebook_function(CHALLENGE, "my_challenge", LIMIT=object())
    for f in (closure, edited, odd):
        with pytest.raises(NotRemembered):
            _token(f)


def test_a_strategy_labs_run_is_read_back_until_its_function_changes(recording: Path) -> None:
    from playground.tiebreak.measures import win_share
    from playground.tiebreak.policies import from_choices

    store = recording
    risk = notebook_function("def my_risk(t):\n    return t.most\n", "my_risk")
    first = win_share(from_choices(risk=risk), seasons=2, players=2, executor="serial")
    assert len(_stored_calls(store)) == 1
    remembered._shipped.cache_clear()
    assert win_share(from_choices(risk=risk), seasons=2, players=2) == first
    (entry,) = _stored_calls(store).values()
    assert _encoded(_replayed(entry["call"])) == entry["value"]
    other = notebook_function("def my_risk(t):\n    return 0\n", "my_risk")
    win_share(from_choices(risk=other), seasons=2, players=2, executor="serial")
    assert len(_stored_calls(store)) == 2
