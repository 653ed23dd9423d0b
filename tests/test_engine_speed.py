"""The engines' speed-ups keep the contract: same histories, illegal actions still refused.

``step`` lists a player's actions once and checks the policy's pick against that list; ``play``
pauses the garbage collector. Each is checked here against the slow, obvious way.
"""

from __future__ import annotations

import contextlib
import gc
import random
from typing import Any

import pandas as pd
import pytest
from toy_game import HOLD, ROLL, PigGame

from playground import arc, challengers, tiebreak, tsubasa
from playground.core.engine import Action, Game, IllegalAction, gc_paused, random_legal

GAMES = [(tiebreak, 4), (tsubasa, 2), (challengers, 3), (arc, 4)]


def by_hand(game: Game, seed: int) -> Game:
    """Play with the public contract only: list the legal actions, pick one, apply it."""
    rng = random.Random(seed)
    while not game.is_over():
        if game.current_actor() == "chance":
            game.apply(game.sample_chance())
        else:
            game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize(("module", "players"), GAMES, ids=[m.__name__.split(".")[-1] for m, _ in GAMES])
def test_step_and_apply_by_hand_tell_the_same_story(module: object, players: int) -> None:
    """A policy choosing through step() gives the history of the same choices applied by hand."""
    rng = random.Random(5)

    def pick(game: Game) -> Action:
        return rng.choice(game.legal_actions())

    stepped = module.new_game(seed=3, players=players).play(pick)  # type: ignore[attr-defined]
    manual = by_hand(module.new_game(seed=3, players=players), 5)  # type: ignore[attr-defined]
    assert manual.actions() == stepped.actions()
    pd.testing.assert_frame_equal(manual.history(), stepped.history())


@pytest.mark.parametrize(("module", "players"), GAMES, ids=[m.__name__.split(".")[-1] for m, _ in GAMES])
def test_the_trusted_random_play_is_the_checked_public_one(module: object, players: int) -> None:
    """play() draws chance with sample_chance_exact and picks random actions without checking
    them; the public path (sample_chance, random_legal, apply checking both) tells the same story."""
    trusted = module.new_game(seed=8, players=players).play()  # type: ignore[attr-defined]
    checked = module.new_game(seed=8, players=players)  # type: ignore[attr-defined]
    while not checked.is_over():
        if checked.current_actor() == "chance":
            checked.apply(checked.sample_chance())
        else:
            checked.apply(random_legal(checked))
    assert checked.actions() == trusted.actions()
    pd.testing.assert_frame_equal(checked.history(), trusted.history())


def test_tiebreak_exact_draw_is_the_draw_and_its_listed_chance() -> None:
    """At every chance step of a season, sample_chance_exact takes the same tickets as
    sample_chance to the same outcome, with the probability chance_outcomes lists for it."""
    game = tiebreak.new_game(seed=2, players=3)
    kinds = set()
    while not game.is_over():
        if game.current_actor() == "chance":
            kinds.add(game.phase())
            state = game.rng.getstate()
            outcome, p = game._sample_chance_exact()
            after = game.rng.getstate()
            game.rng.setstate(state)
            assert game.sample_chance() == outcome
            assert game.rng.getstate() == after
            assert dict(game.chance_outcomes())[outcome] == p
        game.step()
    assert {"roll", "draw_card", "draw_token", "race_roll"} <= kinds


def test_an_illegal_pick_inside_step_is_refused_and_changes_nothing() -> None:
    """The kept action list still refuses what is not on it, and is forgotten after the step."""
    game = PigGame(seed=1)
    game.step()  # the first roll
    game.step()
    before = (game.scores[:], game.turn_total, game.player, game.step_count)
    with pytest.raises(IllegalAction):
        game.step(lambda g: "jump")
    assert (game.scores[:], game.turn_total, game.player, game.step_count) == before
    assert game._offered is None and not game._stepping
    game.step(lambda g: g.legal_actions()[-1])  # the next step lists its own actions afresh
    assert game.actions()[-1] == (HOLD if before[1] else ROLL)


def test_play_restores_the_garbage_collector() -> None:
    """play pauses collection and gives it back as it found it, even when a policy fails."""
    assert gc.isenabled()
    PigGame(seed=2).play()
    assert gc.isenabled()

    def broken(game: Game) -> Action:
        raise RuntimeError("a policy bug")

    with pytest.raises(RuntimeError, match="a policy bug"):
        PigGame(seed=2).play(broken)
    assert gc.isenabled()
    gc.disable()
    try:
        PigGame(seed=2).play()
        assert not gc.isenabled()  # the caller had switched it off: it stays off
    finally:
        gc.enable()


@pytest.mark.parametrize("stop_at", range(4))  # the lines up to its yield
def test_a_stop_at_any_line_of_the_pause_gives_the_collector_back(stop_at: int) -> None:
    """The stop button on any line of gc_paused, before the game plays, leaves the collector on
    (robustness review 15, L1: it stayed off when the stop came just after gc.disable())."""
    import sys

    from playground.core import gc_pause

    seen = [0]

    def tracer(frame: Any, event: str, arg: Any) -> Any:
        if frame.f_code is gc_pause.gc_paused.__wrapped__.__code__:
            if event == "line":
                seen[0] += 1
                if seen[0] == stop_at + 1:
                    raise KeyboardInterrupt
            return tracer
        return None

    sys.settrace(tracer)
    try:
        with contextlib.suppress(KeyboardInterrupt):
            PigGame(seed=2).play()
    finally:
        sys.settrace(None)
    assert gc.isenabled()


@pytest.mark.parametrize("module", [tiebreak, tsubasa, challengers, arc], ids=lambda m: m.__name__)
def test_games_leave_no_reference_cycles(module) -> None:
    """Pausing the collector for a batch of games (gc_paused) is safe because a game makes no
    reference cycles: with it paused, 60 finished games leave nothing for a full collection."""
    gc.collect()
    with gc_paused():
        for seed in range(60):
            module.new_game(seed=seed, players=2).play()
        gc.set_debug(gc.DEBUG_SAVEALL)  # keep what a collection finds, to name it on failure
        try:
            found = gc.collect()
            kinds = sorted({type(x).__name__ for x in gc.garbage})
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
    assert found == 0, kinds


def test_gc_paused_nests_and_restores() -> None:
    with gc_paused():
        assert not gc.isenabled()
        with gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(KeyError), gc_paused():
        raise KeyError("a failing batch")
    assert gc.isenabled()


def test_tiebreak_figures_are_the_state_rankings() -> None:
    """Tie-Break's figures sum the titles inline: they must be the State's own rankings."""
    game = tiebreak.new_game(seed=11, players=5)
    while not game.is_over():
        game.step()
        if game.step_count % 97 == 0 or game.is_over():
            row = game.history(start=-1).iloc[-1]
            names = [p.name for p in game.state.players]
            assert [row[f"{name} ranking"] for name in names] == game.state.rankings()
    assert sum(game.state.rankings()) > 0  # titles were won, so the sums were tested on real values


def test_games_on_one_board_share_its_moves_and_give_fresh_histories() -> None:
    """The per-board move cache is filled by one game and gives the next the same story."""
    data = tiebreak.load_data()
    first = tiebreak.new_game(data=data, seed=4, players=3).play()
    again = tiebreak.new_game(data=data, seed=4, players=3).play()  # now every move is cached
    alone = tiebreak.new_game(seed=4, players=3).play()  # a board of its own, its own cache
    assert first.actions() == again.actions() == alone.actions()
