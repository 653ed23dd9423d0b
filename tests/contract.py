"""A generic checker of the engine contract, for every game built on playground.core.engine.

Modelled on OpenSpiel's random-playthrough tests: play seeded random games and, at every node,
check what the design promises. Chance nodes list distinct outcomes whose exact Fraction
probabilities lie in (0, 1] and add up to exactly 1; player nodes offer distinct actions; an
illegal action raises IllegalAction and leaves everything as it was; the same seed tells the
same story; any past step can be rebuilt by replay; the history's probabilities multiply up.

Use it from a game's tests::

    from contract import check_contract
    report = check_contract(lambda seed: tiebreak.new_game(seed=seed), seeds=range(20))

It raises AssertionError (naming the seed and step) at the first broken promise and returns a
ContractReport counting what it checked, so a test can also insist that chance and player
nodes were actually visited.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from itertools import islice
from typing import Any

import pandas as pd

from playground.core.engine import CHANCE, Event, Game, IllegalAction, Result

HISTORY_COLUMNS = ("phase", "actor", "for", "action", "dice", "probability", "path_probability", "outcome")
"""The columns game.history() documents (its index is the step number, named 'step')."""


class NotAnAction:
    """A value no game can accept: a probe for the illegal-action check."""

    def __repr__(self) -> str:
        return "NotAnAction()"


@dataclass
class ContractReport:
    """What the checker visited, so a test can insist the walk was not trivial."""

    games: int = 0
    steps: int = 0
    chance_nodes: int = 0
    player_nodes: int = 0
    illegal_probes: int = 0
    replays: int = 0
    longest_game: int = 0


def _where(game: Game) -> str:
    return f"seed {game.seed}, step {game.step_count}"


def check_chance_node(game: Game) -> dict[Any, Fraction]:
    """Outcomes distinct, probabilities Fractions in (0, 1] adding up to exactly 1."""
    where = _where(game)
    outcomes = game.chance_outcomes()
    assert outcomes, f"{where}: a chance node lists no outcomes"
    values = [value for value, _ in outcomes]
    assert len(set(values)) == len(values), f"{where}: duplicate chance outcomes {values}"
    for value, p in outcomes:
        assert isinstance(p, Fraction), f"{where}: P({value!r}) = {p!r} is not a Fraction"
        assert 0 < p <= 1, f"{where}: P({value!r}) = {p} is outside (0, 1]"
        listed = game.chance_probability(value)
        assert listed == p, f"{where}: chance_probability({value!r}) = {listed}, listed {p}"
    total = sum((p for _, p in outcomes), Fraction(0))
    assert total == 1, f"{where}: chance probabilities add up to {total}, not 1"
    assert game.legal_actions() == values, f"{where}: legal_actions() differs from the outcomes"
    return dict(outcomes)


def check_player_node(game: Game) -> list[Any]:
    """The player to act has at least one action, and no action is listed twice."""
    where = _where(game)
    actions = game.legal_actions()
    assert actions, f"{where}: player {game.current_actor()!r} has no legal action"
    assert len(set(actions)) == len(actions), f"{where}: duplicate legal actions {actions}"
    assert actions == game.player_actions(), f"{where}: legal_actions() != player_actions()"
    return actions


Snapshot = tuple[pd.DataFrame, tuple[Any, ...]]


def snapshot(game: Game) -> Snapshot:
    """Everything an illegal action must leave alone.

    The history is covered by step_count and actions(): apply() only ever appends a step.
    """
    return game.state_frame(), _rest(game)


def _rest(game: Game) -> tuple[Any, ...]:
    return (
        game.current_actor(),
        game.legal_actions(),
        game.actions(),
        game.step_count,
        game.path_probability,
        game.phase(),
        game.figures(),
        game.result(),
        game.rng.getstate(),
    )


def check_illegal_rejected(game: Game, action: Any, before: Snapshot | None = None) -> None:
    """apply(action) raises IllegalAction with a message, and the game is exactly as before."""
    where = _where(game)
    frame_before, rest_before = before if before is not None else snapshot(game)
    try:
        game.apply(action)
    except IllegalAction as error:
        assert str(error).strip(), f"{where}: IllegalAction for {action!r} has no message"
    else:
        raise AssertionError(f"{where}: illegal action {action!r} was accepted")
    frame_after, rest_after = snapshot(game)
    assert frame_after.equals(frame_before), f"{where}: illegal {action!r} changed state_frame()"
    assert rest_after == rest_before, f"{where}: illegal {action!r} changed the game"


def check_finished(game: Game, seen_actions: Iterable[Any]) -> Result:
    """A finished game has a result, nobody to act, and refuses every further action."""
    where = _where(game)
    assert game.is_over(), f"{where}: play() returned before the end"
    assert game.current_actor() is None
    assert game.legal_actions() == [], f"{where}: a finished game still lists actions"
    result = game.result()
    assert isinstance(result, Result), f"{where}: a finished game has no Result"
    assert set(result.winners) <= set(range(game.players)), f"{where}: winners {result.winners}"
    before = snapshot(game)
    for action in [NotAnAction(), *list(dict.fromkeys(seen_actions))[:3]]:
        check_illegal_rejected(game, action, before)
    frame_before = game.state_frame()
    try:
        game.step()
    except IllegalAction:
        pass
    else:
        raise AssertionError(f"{where}: step() on a finished game did not raise IllegalAction")
    assert game.state_frame().equals(frame_before)
    return result


def check_history(game: Game, chance_probabilities: dict[int, Fraction]) -> pd.DataFrame:
    """The documented columns, steps numbered 1..n, and path probabilities that multiply up.

    chance_probabilities maps each chance step number to the probability observed before it.
    """
    where = f"seed {game.seed}"
    history = game.history()
    n = game.step_count
    assert history.index.name == "step", f"{where}: history index is {history.index.name!r}"
    missing = [c for c in HISTORY_COLUMNS if c not in history.columns]
    assert not missing, f"{where}: history lacks columns {missing}"
    assert list(history.index) == list(range(1, n + 1)), f"{where}: steps are not 1..{n}"
    assert list(history["action"].where(history["actor"] != "chance", history["dice"])) == [
        str(a) for a in game.actions()
    ], f"{where}: history actions/dice differ from actions()"
    running = Fraction(1)
    for step, row in history.iterrows():
        if step in chance_probabilities:
            assert row["actor"] == "chance" and row["action"] == "", f"{where}, step {step}"
            assert row["probability"] == chance_probabilities[step], f"{where}, step {step}"
            running *= chance_probabilities[step]
        else:
            assert row["actor"] != "chance" and row["dice"] == "", f"{where}, step {step}"
            assert pd.isna(row["probability"]), f"{where}, step {step}: a player step has odds"
        assert row["path_probability"] == running, f"{where}, step {step}: path probability"
    assert game.path_probability == running, f"{where}: path_probability != product of chances"
    return history


def _replay_points(n: int, count: int) -> list[int]:
    """0, n and up to count evenly spread steps in between."""
    if n + 1 <= count:
        return list(range(n + 1))
    return sorted({0, n, *(round(i * n / (count - 1)) for i in range(count))})


def check_game(
    make_game: Callable[[int], Game],
    seed: int,
    report: ContractReport,
    *,
    max_steps: int = 100_000,
    probes_per_node: int = 2,
    replay_checks: int = 12,
) -> Game:
    """Walk one seeded random game, checking every node; return the finished game."""
    game = make_game(seed)
    assert game.step_count == 0 and game.actions() == [] and game.path_probability == 1
    frames: list[pd.DataFrame] = []
    chance_probabilities: dict[int, Fraction] = {}
    seen: dict[Any, None] = {}  # every action seen anywhere, in order, as illegal probes
    while not game.is_over():
        where = _where(game)
        assert game.step_count < max_steps, f"{where}: no end within {max_steps} steps"
        assert game.result() is None, f"{where}: a result before the end"
        frame = game.state_frame()
        frames.append(frame)
        actor = game.current_actor()
        odds: dict[Any, Fraction] = {}
        if actor == CHANCE:
            report.chance_nodes += 1
            odds = check_chance_node(game)
            legal = list(odds)
        else:
            report.player_nodes += 1
            assert isinstance(actor, int) and 0 <= actor < game.players, f"{where}: {actor!r}"
            legal = check_player_node(game)
        # the sentinel, then actions seen elsewhere (newest kinds first) that are not legal here
        legal_set = set(legal)
        elsewhere = (a for a in reversed(seen) if a not in legal_set)
        probes = [NotAnAction(), *islice(elsewhere, max(0, probes_per_node - 1))][:probes_per_node]
        before = (frame, _rest(game))
        for probe in probes:
            check_illegal_rejected(game, probe, before)
            report.illegal_probes += 1
        seen.update(dict.fromkeys(legal))
        count = game.step_count
        events = game.step()
        assert game.step_count == count + 1, f"{where}: step() did not add exactly one step"
        assert isinstance(events, list) and all(isinstance(e, Event) for e in events), where
        if actor == CHANCE:
            outcome = game.actions()[-1]
            assert outcome in odds, f"{where}: chance drew {outcome!r}, not a listed outcome"
            chance_probabilities[count + 1] = odds[outcome]
    frames.append(game.state_frame())
    check_finished(game, seen)
    history = check_history(game, chance_probabilities)
    n = game.step_count

    again = make_game(seed)
    assert again.play() is again, f"seed {seed}: play() does not return the game itself"
    assert again.actions() == game.actions(), f"seed {seed}: same seed, different actions"
    assert again.history().equals(history), f"seed {seed}: same seed, different history"

    for k in _replay_points(n, replay_checks):
        past = game.at(k)
        assert past.step_count == k and past.actions() == game.actions()[:k], f"seed {seed}, at({k})"
        assert past.state_frame().equals(frames[k]), f"seed {seed}: at({k}) rebuilt another state"
        past_history = past.history()
        if k == 0:  # an empty history has the documented columns (the figures come with rows)
            assert past_history.empty and past_history.index.name == "step"
            assert set(HISTORY_COLUMNS) <= set(past_history.columns), f"seed {seed}: at(0)"
        else:  # dtypes may differ (a column inferred from k rows instead of n), values may not
            pd.testing.assert_frame_equal(
                past_history, history.iloc[:k], check_dtype=False, obj=f"seed {seed}: at({k}) history"
            )
        report.replays += 1
    for bad in (-1, n + 1):
        try:
            game.at(bad)
        except ValueError:
            pass
        else:
            raise AssertionError(f"seed {seed}: at({bad}) did not raise ValueError")

    report.games += 1
    report.steps += n
    report.longest_game = max(report.longest_game, n)
    return game


def check_contract(
    make_game: Callable[[int], Game],
    seeds: Iterable[int] = range(10),
    *,
    max_steps: int = 100_000,
    probes_per_node: int = 2,
    replay_checks: int = 12,
) -> ContractReport:
    """Check the engine contract on one seeded random game per seed; return what was visited."""
    report = ContractReport()
    for seed in seeds:
        check_game(
            make_game,
            seed,
            report,
            max_steps=max_steps,
            probes_per_node=probes_per_node,
            replay_checks=replay_checks,
        )
    return report
