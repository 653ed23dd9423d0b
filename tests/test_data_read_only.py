"""Loaded data is read-only: an edit is refused in a sentence saying how to make a changed copy,
a changed copy plays, and games already played still replay."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from collections.abc import Mapping

import numpy as np
import pytest

from playground import arc, challengers, tiebreak, tsubasa
from playground.core.data import DataError, ReadOnlyDict
from playground.tiebreak.cards import Card

MODULES = {"tiebreak": tiebreak, "tsubasa": tsubasa, "arc": arc, "challengers": challengers}


def _mappings(data: object) -> dict[str, Mapping]:
    return {
        f.name: getattr(data, f.name)
        for f in dataclasses.fields(data)
        if isinstance(getattr(data, f.name), Mapping)
    }


EDITS = [
    lambda m, k: m.__setitem__(k, m[k]),
    lambda m, k: m.__delitem__(k),
    lambda m, k: m.clear(),
    lambda m, k: m.pop(k),
    lambda m, k: m.popitem(),
    lambda m, k: m.setdefault("new", 1),
    lambda m, k: m.update({k: 1}),
]


@pytest.mark.parametrize("name", sorted(MODULES))
def test_every_mapping_of_loaded_data_refuses_every_edit(name: str) -> None:
    module = MODULES[name]
    data = module.load_data()
    mappings = _mappings(data)
    assert mappings, "each game's data has mappings to protect"
    before = {field: dict(m) for field, m in mappings.items()}
    for field, mapping in mappings.items():
        key = next(iter(mapping))
        for edit in EDITS:
            with pytest.raises(
                TypeError, match=rf"cannot be changed in place \(data\.{field}\).*dataclasses\.replace"
            ):
                edit(mapping, key)
        with pytest.raises(TypeError):
            mapping |= {}
    assert {field: dict(m) for field, m in _mappings(module.load_data()).items()} == before


def test_nested_records_and_the_board_are_read_only_too() -> None:
    athlete = next(iter(arc.load_data().athletes.values()))
    with pytest.raises(TypeError, match=r"athlete\.stats"):
        athlete.stats["body"] = 9
    episode = next(iter(arc.load_data().episodes.values()))
    with pytest.raises(TypeError, match=r"episode\.modifiers"):
        episode.modifiers.clear()
    board = tiebreak.load_data().board
    with pytest.raises(TypeError, match=r"board\.start"):
        board.start = 3
    with pytest.raises(TypeError, match=r"board\.index\): every game on it shares it\. Copy the data folder"):
        board.index["x"] = 1
    with pytest.raises(TypeError, match=r"board\.links"):  # even the links the moves follow
        board._links["clockwise"] = ()


def test_a_changed_copy_plays_and_leaves_the_shipped_data_and_old_games_alone() -> None:
    old = tiebreak.new_game(seed=5).play()
    data = tiebreak.load_data()
    deck = dict(data.deck)
    deck[Card(2000, "hard")] = 99  # "what if nearly every card were a 2000?"
    mine = dataclasses.replace(data, deck=deck)
    assert isinstance(mine.deck, ReadOnlyDict) and mine.deck[Card(2000, "hard")] == 99
    changed = tiebreak.new_game(data=mine, seed=5)
    shipped = tiebreak.new_game(seed=5)
    assert changed.chance_outcomes() != shipped.chance_outcomes()
    assert tiebreak.load_data().deck == data.deck != mine.deck
    assert old.at(old.step_count).state_frame().equals(old.state_frame())


def test_a_hand_made_data_object_is_checked_like_a_folder() -> None:
    data = tiebreak.load_data()
    with pytest.raises(DataError, match=r"deck.*is not a tournament card"):
        dataclasses.replace(data, deck={**data.deck, "x": 1})
    with pytest.raises(DataError, match=r"1\.5 copies"):
        dataclasses.replace(data, deck=dict.fromkeys(data.deck, 1.5))
    with pytest.raises(DataError, match="point tournaments"):
        dataclasses.replace(data, deck={})
    with pytest.raises(DataError, match="let_copies"):
        dataclasses.replace(data, let_copies={})
    numpy_counts = dataclasses.replace(data, deck={c: np.int64(n) for c, n in data.deck.items()})
    assert all(type(n) is int for n in numpy_counts.deck.values())  # as pandas gives them
    tiebreak.new_game(data=numpy_counts, seed=1).play()


@pytest.mark.parametrize("name", sorted(MODULES))
def test_read_only_data_pickles_and_copies(name: str) -> None:
    data = MODULES[name].load_data()
    again = pickle.loads(pickle.dumps(data))
    assert _mappings(again) == _mappings(data)
    assert all(isinstance(m, ReadOnlyDict) for m in _mappings(again).values())
    assert copy.deepcopy(data) == data
    game = MODULES[name].new_game(seed=2)
    for _ in range(30):
        game.step()
    assert pickle.loads(pickle.dumps(game)).state_frame().equals(game.state_frame())


@pytest.mark.parametrize(("players", "team_size"), [(6, 3), (4, 5), (2, 5)])
def test_arc_refuses_a_card_list_too_small_for_the_draft(players: int, team_size: int) -> None:
    data = arc.load_data()
    needed = players * team_size
    small = dataclasses.replace(data, athletes=dict(list(data.athletes.items())[: needed - 1]))
    rules = arc.Rules(team_size=team_size)
    with pytest.raises(DataError, match=f"need at least {needed} Athletes; this card list has {needed - 1}"):
        arc.new_game(rules, data=small, seed=1, players=players)
    just = dataclasses.replace(data, athletes=dict(list(data.athletes.items())[:needed]))
    for mode in ("season", "tournament", "graduation"):
        game = arc.new_game(rules.replace(mode=mode), data=just, seed=1, players=players).play()
        assert game.is_over() and game.result() is not None
