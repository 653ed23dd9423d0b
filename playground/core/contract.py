"""A generic checker of the engine contract, for every game built on playground.core.engine.

Modelled on OpenSpiel's random-playthrough tests: play seeded games and, at every node, check
what the design promises. Chance nodes list distinct outcomes whose exact Fraction probabilities
lie in (0, 1] and add up to exactly 1; player nodes offer distinct actions; an illegal action
raises IllegalAction and leaves everything as it was; the same seed tells the same story; any past
step can be rebuilt by replay; the history's probabilities multiply up.

The tests and the soak (``python -m playground.soak``) both call it::

    from playground.core.contract import check_contract
    report = check_contract(lambda seed: tiebreak.new_game(seed=seed), seeds=range(20))

It raises ContractBroken (an AssertionError, naming the seed and step) at the first broken
promise and returns a ContractReport counting what it checked, so a test can also insist that
chance and player nodes were actually visited. The checks are explicit raises, not asserts, so
they hold under ``python -O`` too, and each message is formatted only when a check fails. The
soak keeps them cheap for thousands of games with ``probe_every``, ``frame_every`` (the state
table is the costly part), ``listed_checks`` and ``replay_checks``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from itertools import islice
from typing import Any

import pandas as pd

from .engine import CHANCE, HISTORY_COLUMNS, Event, Game, IllegalAction, Policies, Result
from .matching import find_listed
from .numbers import shown


class ContractBroken(AssertionError):
    """A game broke a promise of the engine contract; the message names the seed and step."""


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
    lookalike_probes: int = 0
    replays: int = 0
    longest_game: int = 0


def _where(game: Game) -> str:
    return f"seed {game.seed}, step {game.step_count}"


class VerifiedLists:
    """The last few chance lists found sound, so an engine's constant list is checked once.

    A game often hands out the very same list object at every roll (all the faces of its dice,
    made once per rules). Such a list, still equal element for element to the copy taken when it
    was checked (a comparison by identity, in C), needs no second check of its range and total.
    A few are kept, newest last, holding the lists themselves so that their ids stay theirs.
    """

    KEEP = 8

    def __init__(self) -> None:
        self._lists: dict[int, tuple[list[Any], list[Any], dict[Any, Fraction], list[Any]]] = {}

    def get(self, outcomes: list[Any]) -> tuple[dict[Any, Fraction], list[Any]] | None:
        """The odds and values of a list already checked and unchanged since, or None."""
        known = self._lists.get(id(outcomes))
        if known is None or known[0] is not outcomes or known[1] != outcomes:
            return None
        return known[2], known[3]

    def add(self, outcomes: list[Any], odds: dict[Any, Fraction], values: list[Any]) -> None:
        self._lists[id(outcomes)] = (outcomes, list(outcomes), odds, values)
        if len(self._lists) > self.KEEP:
            del self._lists[next(iter(self._lists))]


def check_chance_node(
    game: Game, listed_checks: int | None = None, verified: VerifiedLists | None = None
) -> tuple[dict[Any, Fraction], bool]:
    """Outcomes distinct, probabilities Fractions in (0, 1] adding up to exactly 1.

    chance_probability() must agree with the list for every outcome, or for listed_checks of
    them spread over the list (a draw from a pile of hundreds of unseen cards lists hundreds).
    The range and the total are checked on whole numbers over one common denominator: exact,
    and far cheaper than adding hundreds of Fractions; a list found in verified (the same
    object, unchanged) skips them. Returns the odds and whether the list was new to verified.
    """
    where = _where(game)
    outcomes = game.chance_outcomes()
    known = verified.get(outcomes) if verified is not None else None
    if known is not None:
        odds, values = known
    else:
        odds, values = _sound_odds(where, outcomes)
        if verified is not None:
            verified.add(outcomes, odds, values)
    stride = 1 if listed_checks is None else max(1, -(-len(outcomes) // max(1, listed_checks)))
    for value, p in outcomes[::stride]:
        listed = game.chance_probability(value)
        if listed != p:
            raise ContractBroken(f"{where}: chance_probability({shown(value)}) = {listed}, listed {p}")
    if game.legal_actions() != values:
        raise ContractBroken(f"{where}: legal_actions() differs from the outcomes")
    return odds, known is None


def _sound_odds(where: str, outcomes: list[Any]) -> tuple[dict[Any, Fraction], list[Any]]:
    """The list's odds and values, if its outcomes are distinct and its chances exact, in range
    and adding up to 1 (ContractBroken if not)."""
    if not outcomes:
        raise ContractBroken(f"{where}: a chance node lists no outcomes")
    values = [value for value, _ in outcomes]
    odds = dict(outcomes)
    if len(odds) != len(values):
        raise ContractBroken(f"{where}: duplicate chance outcomes {values}")
    for value, p in outcomes:
        if type(p) is not Fraction:
            raise ContractBroken(f"{where}: P({shown(value)}) = {shown(p)} is not a Fraction")
        if not (0 < p.numerator <= p.denominator):
            raise ContractBroken(f"{where}: P({shown(value)}) = {p} is outside (0, 1]")
    denominator = math.lcm(*(p.denominator for _, p in outcomes))
    total = sum(p.numerator * (denominator // p.denominator) for _, p in outcomes)
    if total != denominator:
        raise ContractBroken(f"{where}: chance probabilities add up to {Fraction(total, denominator)}, not 1")
    return odds, values


def check_player_node(game: Game) -> list[Any]:
    """The player to act has at least one action, and no action is listed twice."""
    where = _where(game)
    actions = game.legal_actions()
    if not actions:
        raise ContractBroken(f"{where}: player {shown(game.current_actor())} has no legal action")
    if len(set(actions)) != len(actions):
        raise ContractBroken(f"{where}: duplicate legal actions {actions}")
    if actions != game._player_actions():
        raise ContractBroken(f"{where}: legal_actions() != _player_actions()")
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
        if not str(error).strip():
            raise ContractBroken(f"{where}: IllegalAction for {shown(action)} has no message") from None
    else:
        raise ContractBroken(f"{where}: illegal action {shown(action)} was accepted")
    frame_after, rest_after = snapshot(game)
    if not frame_after.equals(frame_before):
        raise ContractBroken(f"{where}: illegal {shown(action)} changed state_frame()")
    if rest_after != rest_before:
        raise ContractBroken(f"{where}: illegal {shown(action)} changed the game")


def lookalikes(action: Any, classes: Iterable[type]) -> list[Any]:
    """Values that compare equal to ``action`` (or nearly) without being it, as a student makes them.

    For a NamedTuple or dataclass action: a plain tuple of its fields; every other class among
    ``classes`` built from the same field values; and each whole-number field as a float, a
    Fraction, a bool (for 0 and 1) and a numpy integer. For a whole-number action (a die face):
    the same four. A str action has none (an equal str is the same value).
    """
    if type(action) is int:
        return _numeric_twins(action)
    fields = _fields_of(action)
    if fields is None:
        return []
    values = [value for _, value in fields]
    found: list[Any] = [tuple(values)]
    for cls in classes:
        if cls is not type(action):
            with contextlib.suppress(Exception):  # another arity or kind of field: no twin
                found.append(cls(*values))
    for i, (_, value) in enumerate(fields):
        if type(value) is int:
            for twin in _numeric_twins(value):
                with contextlib.suppress(Exception):  # a class checking its fields refuses it
                    found.append(_rebuilt(action, i, twin))
    return found


def _numeric_twins(value: int) -> list[Any]:
    import numpy as np

    twins: list[Any] = [float(value), Fraction(value), np.int64(value)]
    return [*twins, bool(value)] if value in (0, 1) else twins


def _fields_of(action: Any) -> list[tuple[str, Any]] | None:
    if isinstance(action, tuple) and hasattr(action, "_fields"):
        return list(zip(action._fields, action, strict=True))
    if dataclasses.is_dataclass(action) and not isinstance(action, type):
        return [(f.name, getattr(action, f.name)) for f in dataclasses.fields(action)]
    return None


def _rebuilt(action: Any, index: int, value: Any) -> Any:
    """The action with its index-th field replaced (NamedTuple or dataclass)."""
    if isinstance(action, tuple):
        return action._replace(**{action._fields[index]: value})
    name = dataclasses.fields(action)[index].name
    return dataclasses.replace(action, **{name: value})


def check_lookalikes_refused(
    game: Game, actions: Iterable[Any], listed: list[Any], classes: set[type], before: Snapshot
) -> int:
    """Every look-alike of each of ``actions`` (some or all of the ``listed`` ones) is refused,
    the game untouched, unless it is itself exactly a listed action (then apply would apply that
    one). Returns how many were tried.

    The whole state table is compared after the first refusal; after the others, everything
    else (actions, history, figures, the generator): the table is the costly part.
    """
    where = _where(game)
    tried = 0
    for action in actions:
        for twin in lookalikes(action, classes):
            if find_listed(twin, listed) is not None:
                continue
            if tried == 0:
                check_illegal_rejected(game, twin, before)
            else:
                try:
                    game.apply(twin)
                except IllegalAction:
                    pass
                else:
                    raise ContractBroken(
                        f"{where}: the look-alike {shown(twin, 80)} of {shown(action, 80)} was accepted"
                    )
                if _rest(game) != before[1]:
                    raise ContractBroken(
                        f"{where}: the refused look-alike {shown(twin, 80)} changed the game"
                    )
            tried += 1
    return tried


def check_finished(game: Game, seen_actions: Iterable[Any], probes: int = 4) -> Result:
    """A finished game has a result, nobody to act, and refuses every further action.

    probes: how many actions to try (a sentinel, then actions seen during the game).
    """
    where = _where(game)
    if not game.is_over():
        raise ContractBroken(f"{where}: play() returned before the end")
    if game.current_actor() is not None:
        raise ContractBroken(f"{where}: a finished game has someone to act")
    if game.legal_actions():
        raise ContractBroken(f"{where}: a finished game still lists actions")
    result = game.result()
    if not isinstance(result, Result):
        raise ContractBroken(f"{where}: a finished game has no Result")
    if not set(result.winners) <= set(range(game.players)):
        raise ContractBroken(f"{where}: winners {result.winners}")
    before = snapshot(game)
    for action in [NotAnAction(), *list(dict.fromkeys(seen_actions))[: probes - 1]]:
        check_illegal_rejected(game, action, before)
    try:
        game.step()
    except IllegalAction:
        pass
    else:
        raise ContractBroken(f"{where}: step() on a finished game did not raise IllegalAction")
    if not game.state_frame().equals(before[0]):
        raise ContractBroken(f"{where}: step() on a finished game changed it")
    return result


def check_history(game: Game, chance_probabilities: dict[int, Fraction]) -> pd.DataFrame:
    """The documented columns, steps numbered 1..n, and path probabilities that multiply up.

    chance_probabilities maps each chance step number to the probability observed before it.
    """
    where = f"seed {game.seed}"
    history = game.history()
    n = game.step_count
    if history.index.name != "step":
        raise ContractBroken(f"{where}: history index is {shown(history.index.name)}")
    missing = [c for c in HISTORY_COLUMNS if c not in history.columns]
    if missing:
        raise ContractBroken(f"{where}: history lacks columns {missing}")
    if list(history.index) != list(range(1, n + 1)):
        raise ContractBroken(f"{where}: steps are not 1..{n}")
    told = history["action"].where(history["actor"] != "chance", history["chance outcome"])
    if list(told) != [game._said(s.action, s.phase) for s in game._steps]:
        raise ContractBroken(f"{where}: history actions/dice differ")
    running = Fraction(1)
    columns = ("actor", "action", "chance outcome", "probability", "path probability")
    for step, actor, action, dice, probability, path in zip(
        history.index, *(history[c] for c in columns), strict=True
    ):
        if step in chance_probabilities:
            if not (actor == "chance" and action == ""):
                raise ContractBroken(f"{where}, step {step}: a chance row")
            if probability != chance_probabilities[step]:
                raise ContractBroken(f"{where}, step {step}: probability")
            running *= chance_probabilities[step]
        else:
            if not (actor != "chance" and dice == ""):
                raise ContractBroken(f"{where}, step {step}: a player row")
            if not pd.isna(probability):
                raise ContractBroken(f"{where}, step {step}: a player step has odds")
        if path != running:
            raise ContractBroken(f"{where}, step {step}: path probability")
    if game.path_probability != running:
        raise ContractBroken(f"{where}: the path probability is not the product of the chances")
    return history


def _replay_points(steps: list[int], count: int) -> list[int]:
    """The first and last of the steps and up to count evenly spread ones in between."""
    if len(steps) <= count:
        return steps
    last = len(steps) - 1
    return sorted({steps[0], steps[-1], *(steps[round(i * last / (count - 1))] for i in range(count))})


def check_game(
    make_game: Callable[[int], Game],
    seed: int,
    report: ContractReport,
    *,
    max_steps: int = 100_000,
    probes_per_node: int = 2,
    replay_checks: int = 12,
    policies: Policies = None,
    probe_every: int = 1,
    frame_every: int = 1,
    listed_checks: int | None = None,
    lookalikes_per_node: int | None = None,
    after_step: Callable[[Game], object] | None = None,
) -> Game:
    """Walk one seeded game, checking every node; return the finished game.

    policies: who plays (random legal players by default; a list or dict gives one per seat).
    probe_every/frame_every: probe illegal actions at one node in probe_every, and keep the state
    table of one step in frame_every for the replay checks (1 and 1: everywhere); listed_checks
    limits the outcomes asked of chance_probability() per chance node (see check_chance_node;
    None: all, and the drawn one is always checked by apply and the history). At a probed node,
    the look-alikes of lookalikes_per_node of the listed actions (None: all of them, chance
    outcomes too) must be refused (see check_lookalikes_refused), built from the action classes
    seen so far. after_step is called after every step (a game's own invariants: every card
    accounted for).
    """
    game = make_game(seed)
    if not (game.step_count == 0 and game.actions() == [] and game.path_probability == 1):
        raise ContractBroken(f"seed {seed}: a new game has steps already")
    frames: dict[int, pd.DataFrame] = {}
    chance_probabilities: dict[int, Fraction] = {}
    seen: dict[Any, None] = {}  # every action seen anywhere, in order, as illegal probes
    classes: set[type] = set()  # every action class seen so far, for the look-alike probes
    verified = VerifiedLists()
    nodes = 0
    while not game.is_over():
        where = _where(game)
        count = game.step_count
        if count >= max_steps:
            raise ContractBroken(f"{where}: no end within {max_steps} steps")
        if game.result() is not None:
            raise ContractBroken(f"{where}: a result before the end")
        probing = nodes % probe_every == 0
        nodes += 1
        frame = game.state_frame() if probing or count % frame_every == 0 else None
        if count % frame_every == 0:
            frames[count] = frame
        actor = game.current_actor()
        odds: dict[Any, Fraction] = {}
        new_list = True  # a chance list already verified was added to seen then
        if actor == CHANCE:
            report.chance_nodes += 1
            odds, new_list = check_chance_node(game, listed_checks, verified)
            legal = odds  # its keys, in the list's order
        else:
            report.player_nodes += 1
            if not (isinstance(actor, int) and 0 <= actor < game.players):
                raise ContractBroken(f"{where}: actor {shown(actor)}")
            legal = check_player_node(game)
        if probing:  # the sentinel, then actions seen elsewhere (newest first) not legal here
            legal_set = set(legal)
            elsewhere = (a for a in reversed(seen) if a not in legal_set)
            probes = [NotAnAction(), *islice(elsewhere, max(0, probes_per_node - 1))][:probes_per_node]
            before = (frame, _rest(game))
            for probe in probes:
                check_illegal_rejected(game, probe, before)
                report.illegal_probes += 1
            listed = list(legal)
            if lookalikes_per_node is not None and len(listed) > lookalikes_per_node:
                start = nodes % len(listed)  # a different few at each probed node
                chosen = (listed[(start + i) % len(listed)] for i in range(lookalikes_per_node))
            else:
                chosen = iter(listed)
            classes.update(type(a) for a in listed)
            report.lookalike_probes += check_lookalikes_refused(game, chosen, listed, classes, before)
        if new_list:
            seen.update(dict.fromkeys(legal))
        events = game.step(game.policy_for(policies))
        if game.step_count != count + 1:
            raise ContractBroken(f"{where}: step() did not add exactly one step")
        if not (isinstance(events, list) and all(isinstance(e, Event) for e in events)):
            raise ContractBroken(f"{where}: step() returned {shown(events, 80)}, not a list of Events")
        newest = game._steps[-1]  # (actions() or history() would copy the whole story)
        if game._figures_from(newest.figures) != game.figures():
            raise ContractBroken(f"{where}: the figures recorded for this step are not the figures now")
        if actor == CHANCE:
            outcome = newest.action
            if outcome not in odds:
                raise ContractBroken(f"{where}: chance drew {shown(outcome)}, not a listed outcome")
            chance_probabilities[count + 1] = odds[outcome]
        if after_step is not None:
            after_step(game)
    n = game.step_count
    frames[n] = game.state_frame()
    check_finished(game, seen, probes=2 * probes_per_node)
    history = check_history(game, chance_probabilities)

    again = make_game(seed)
    if again.play(policies) is not again:
        raise ContractBroken(f"seed {seed}: play() does not return the game itself")
    if again.actions() != game.actions():
        raise ContractBroken(f"seed {seed}: same seed, different actions")
    if not again.history().equals(history):
        raise ContractBroken(f"seed {seed}: same seed, different history")

    for k in _replay_points(sorted(frames), replay_checks):
        past = game.at(k)
        if not (past.step_count == k and past.actions() == game.actions()[:k]):
            raise ContractBroken(f"seed {seed}: at({k}) steps")
        if not past.state_frame().equals(frames[k]):
            raise ContractBroken(f"seed {seed}: at({k}) rebuilt another state")
        past_history = past.history()
        if k == 0:  # an empty history has the documented columns (the figures come with rows)
            if not (
                past_history.empty
                and past_history.index.name == "step"
                and set(HISTORY_COLUMNS) <= set(past_history.columns)
            ):
                raise ContractBroken(f"seed {seed}: at(0) has rows or lacks the documented columns")
        else:  # dtypes may differ (a column inferred from k rows instead of n), values may not
            try:
                pd.testing.assert_frame_equal(past_history, history.iloc[:k], check_dtype=False)
            except AssertionError as error:
                raise ContractBroken(f"seed {seed}: at({k}) history differs: {error}") from None
        report.replays += 1
    for bad in (-1, n + 1):
        try:
            game.at(bad)
        except ValueError:
            pass
        else:
            raise ContractBroken(f"seed {seed}: at({bad}) did not raise ValueError")

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
    lookalikes_per_node: int | None = None,
) -> ContractReport:
    """Check the engine contract on one seeded random game per seed; return what was visited
    (lookalikes_per_node: see check_game; None, the look-alikes of every listed action)."""
    report = ContractReport()
    for seed in seeds:
        check_game(
            make_game,
            seed,
            report,
            max_steps=max_steps,
            probes_per_node=probes_per_node,
            replay_checks=replay_checks,
            lookalikes_per_node=lookalikes_per_node,
        )
    return report
