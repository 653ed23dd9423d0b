"""The lessons' long runs, remembered: what is read back is what playing again gives.

The shipped store (data/results/remembered.json) holds the tables of the rule comparisons and
other long seeded runs the lessons make, keyed by the call's names and a fingerprint of the code
and data it touches. Here: every stored entry is current (its key is the one today's code gives)
and right (played again, it gives the stored table, cell for cell); a call is read back only when
every name in it pins down what it does; an edit of the code makes the call play again.
"""

from __future__ import annotations

import functools
from fractions import Fraction
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


def test_a_call_is_played_once_then_read_back_and_played_again_when_the_code_changes(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = tmp_path / "remembered.json"
    monkeypatch.setenv(RECORD, str(store))
    monkeypatch.setattr(remembered, "_store_path", lambda: store)
    remembered._shipped.cache_clear()
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
    assert played == [1, 1, 1, 1]  # a player of one's own is never read back
    remembered._shipped.cache_clear()


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
