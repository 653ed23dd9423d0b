"""The engine contract (playground.core.engine), exercised through the toy game Pig.

The generic checker in contract.py walks seeded random games; the tests below first show
that it passes on Pig and that it fails on games that break the contract (a checker that
cannot fail proves nothing), then test the base class's own behaviour piece by piece.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from contract import HISTORY_COLUMNS, check_contract
from toy_game import FACES, HOLD, ROLL, PigGame, new_game

from playground.core.engine import CHANCE, Action, Event, Game, IllegalAction, random_legal

# -- the contract ---------------------------------------------------------------------------


def test_pig_keeps_the_engine_contract() -> None:
    """Six seeded random games of Pig to 10: every node, probe, replay and history checks out."""
    report = check_contract(new_game, seeds=range(6))
    assert report.games == 6
    assert report.chance_nodes > 0 and report.player_nodes > 0
    assert report.illegal_probes >= report.chance_nodes + report.player_nodes
    assert report.replays >= report.games


def test_pig_keeps_the_contract_with_three_players() -> None:
    """More players and a higher target: player indices and turn order still check out."""
    report = check_contract(lambda seed: PigGame(seed, target=20, players=3), seeds=range(3))
    assert report.games == 3 and report.longest_game > 10


class ShortDie(PigGame):
    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        return [(face, Fraction(1, 6)) for face in range(1, 6)]  # the 6 is missing


class DuplicateFace(PigGame):
    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        return [(min(face, 5), Fraction(1, 6)) for face in range(1, 7)]


class DriftingDie(PigGame):
    """One list object for every roll (as engines keep their dice), spoilt in place mid-game:
    the checker's memory of lists it has verified must notice."""

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        faces = self.__dict__.setdefault("_faces", [(face, Fraction(1, 6)) for face in range(1, 7)])
        if self.step_count > 6:
            faces[5] = (6, Fraction(1, 7))
        return faces


class StaleRecord(PigGame):
    """Records the figures as they were one step before (a kept count never recounted)."""

    def _figures_record(self) -> dict[str, int]:
        before = self.__dict__.get("_before", self.figures())
        self._before = self.figures()
        return before


class FloatOdds(PigGame):
    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        return [(face, 1 / 6) for face in range(1, 7)]  # type: ignore[misc]


class LyingProbability(PigGame):
    def _chance_listed(self, outcome: Action) -> tuple[Action, Fraction] | None:
        return (6, Fraction(1, 3)) if outcome == 6 else super()._chance_listed(outcome)


class LooseDie(PigGame):
    """Takes any value equal to a face (3.0, True, Fraction(3)), as a check by == would."""

    def _chance_listed(self, outcome: Action) -> tuple[Action, Fraction] | None:
        return (outcome, Fraction(1, 6)) if outcome in FACES else None


class RepeatedAction(PigGame):
    def _player_actions(self) -> list[Action]:
        return [ROLL, *super()._player_actions(), ROLL]


class NoActions(PigGame):
    def _player_actions(self) -> list[Action]:
        return [] if self.scores[self.player] > 0 else super()._player_actions()


class NoisyRefusal(PigGame):
    def _why_illegal(self, action: Action) -> str | None:
        self.rng.random()  # explaining a refusal must not use up randomness
        return None


class WrongFresh(PigGame):
    def fresh(self) -> PigGame:
        return WrongFresh(self.seed, self.target + 50, self.players)


class Unseeded(PigGame):
    def __init__(self, seed: int = 0, target: int = 10, players: int = 2):
        super().__init__(seed, target, players)
        self.rng = random.Random()  # ignores the seed: same seed, different story


class Endless(PigGame):
    def _apply(self, action: Action) -> list[Event]:
        events = super()._apply(action)
        self.winner = None
        return events


@pytest.mark.parametrize(
    ("broken", "complaint"),
    [
        (ShortDie, "add up to 5/6"),
        (DuplicateFace, "duplicate chance outcomes"),
        (DriftingDie, "add up to 41/42"),
        (FloatOdds, "is not a Fraction"),
        (StaleRecord, "figures recorded for this step are not the figures now"),
        (LyingProbability, "chance_probability"),
        (LooseDie, "illegal action 1.0 was accepted"),
        (RepeatedAction, "duplicate legal actions"),
        (NoActions, "has no legal action"),
        (NoisyRefusal, "changed the game"),
        (WrongFresh, "rebuilt another state"),
        (Unseeded, "same seed, different"),
        (Endless, "no end within 80 steps"),
    ],
)
def test_the_contract_checker_catches_broken_games(broken: type[PigGame], complaint: str) -> None:
    """Each way of breaking the contract is caught, with a message saying which."""
    with pytest.raises(AssertionError, match=complaint):
        check_contract(broken, seeds=range(4), max_steps=80)


# -- the base class, piece by piece -----------------------------------------------------------


def scripted(*actions: Action, target: int = 10) -> PigGame:
    """A game with the given actions and chance outcomes applied in order."""
    game = new_game(0, target=target)
    for action in actions:
        game.apply(action)
    return game


def test_a_scripted_turn() -> None:
    """Roll 3, roll 4, hold: 7 banked; then the second player rolls a 1 and loses the turn."""
    game = scripted(ROLL, 3, ROLL, 4, HOLD, ROLL, 1)
    assert game.scores == [7, 0]
    assert game.current_actor() == 0
    assert game.actions() == [ROLL, 3, ROLL, 4, HOLD, ROLL, 1]
    assert game.step_count == 7


def test_events_are_the_history_outcomes_in_order() -> None:
    """events() lists what the history's outcome column shows, step by step, without the table."""
    game = new_game(3).play()
    outcomes = [text for text in game.history()["outcome"] if text]
    assert game.events() and "; ".join(e.text for e in game.events()) == "; ".join(outcomes)


def test_chance_actor_and_legal_outcomes() -> None:
    """After 'roll' chance acts, and its legal actions are the faces of the die."""
    game = scripted(ROLL)
    assert game.current_actor() == CHANCE
    assert game.legal_actions() == [face for face, _ in game.chance_outcomes()]
    assert game.chance_probability(7) is None


def test_apply_returns_events() -> None:
    """apply() returns what happened; an Event prints as its sentence."""
    events = scripted(ROLL).apply(5)
    assert len(events) == 1 and isinstance(events[0], Event)
    assert str(events[0]) == events[0].text == "Player 1 rolled 5."


def test_illegal_player_action_explains_and_changes_nothing() -> None:
    """Holding before rolling is refused with the game's own sentence; nothing moves."""
    game = scripted(ROLL, 4, ROLL, 2, HOLD)
    frame, rng_state = game.state_frame(), game.rng.getstate()
    with pytest.raises(IllegalAction, match="roll at least once"):
        game.apply(HOLD)
    with pytest.raises(IllegalAction, match=r"'jump' is not allowed now.*roll"):
        game.apply("jump")
    assert game.state_frame().equals(frame) and game.rng.getstate() == rng_state
    assert game.step_count == 5 and game.actions()[-1] == HOLD


def test_impossible_chance_outcome_is_refused() -> None:
    """A 7 cannot come up on a d6, and a player action is not a die face."""
    game = scripted(ROLL)
    for outcome in (7, 0, ROLL):
        with pytest.raises(IllegalAction, match="cannot come up"):
            game.apply(outcome)
    assert game.current_actor() == CHANCE and game.step_count == 1


def test_finished_game_refuses_apply_and_step() -> None:
    """After the end nobody can move: apply and step both raise, and nothing changes."""
    game = scripted(ROLL, 6, ROLL, 5, HOLD)  # 11 >= 10: player 1 wins
    assert game.is_over() and game.result() is not None
    assert game.result().winners == (0,)
    frame = game.state_frame()
    for attempt in (lambda: game.apply(ROLL), lambda: game.apply(3), game.step):
        with pytest.raises(IllegalAction, match="game is over"):
            attempt()
    assert game.state_frame().equals(frame) and game.step_count == 5
    assert game.play() is game and game.step_count == 5


def test_path_probability_multiplies_the_chance_steps() -> None:
    """Three dice shown: the path has probability (1/6)^3, step by step in the history."""
    game = scripted(ROLL, 3, ROLL, 1, ROLL, 6)
    rolling = scripted(ROLL)
    one = rolling.chance_probability(3)
    assert one == Fraction(1, 6) and new_game().chance_probability(3) is None  # no die in the air yet
    assert game.path_probability == one**3
    history = game.history()
    assert list(history["path probability"]) == [1, one, one, one**2, one**2, one**3]
    assert list(history["probability"].dropna()) == [one, one, one]


def test_history_columns_and_rows() -> None:
    """The documented columns, with actor names, dice for chance and the figures after each step."""
    history = scripted(ROLL, 3, ROLL, 4, HOLD).history()
    assert history.index.name == "step" and list(history.index) == [1, 2, 3, 4, 5]
    assert list(history.columns[: len(HISTORY_COLUMNS)]) == list(HISTORY_COLUMNS)
    assert list(history["actor"]) == ["Player 1", "chance", "Player 1", "chance", "Player 1"]
    assert list(history["action"]) == [ROLL, "", ROLL, "", HOLD]
    assert list(history["chance outcome"]) == ["", "3", "", "4", ""]
    assert list(history["phase"]) == ["decide", "roll", "decide", "roll", "decide"]
    assert list(history["score 1"]) == [0, 0, 0, 0, 7]
    assert list(history["turn total"]) == [0, 3, 3, 7, 0]
    assert history.loc[5, "outcome"] == "Player 1 banked 7."


def test_empty_history_has_the_documented_columns() -> None:
    """Before any step the table is empty but already has its columns: the documented ones,
    then the game's key figures, as after a step."""
    game = new_game()
    history = game.history()
    assert history.empty and history.index.name == "step"
    assert list(history.columns) == [*HISTORY_COLUMNS, *game.figures()]


@pytest.mark.parametrize(
    ("start", "stop"),
    [(0, None), (2, 5), (0, 3), (-3, None), (4, -2), (5, 5), (100, None), (0, 100)],
)
def test_history_slices_like_a_list_and_keeps_step_numbers(start: int, stop: int | None) -> None:
    """history(start, stop) is the same rows as slicing the full history, numbered as there."""
    game = new_game(4).play()
    full = game.history()
    part = game.history(start, stop)
    expected = full.iloc[start:stop]
    assert list(part.index) == list(expected.index)
    assert list(part.index) == list(range(game.step_count + 1))[1:][start:stop]
    if not expected.empty:
        assert part.equals(expected)


def test_at_rebuilds_the_past_and_leaves_the_present_alone() -> None:
    """at(k) is the game after k steps; playing on from it does not touch the original."""
    game = scripted(ROLL, 3, ROLL, 4, HOLD, ROLL, 2)
    past = game.at(3)
    assert past.actions() == [ROLL, 3, ROLL] and past.current_actor() == CHANCE
    assert past.state_frame().equals(scripted(ROLL, 3, ROLL).state_frame())
    past.apply(1)
    assert game.step_count == 7 and game.scores == [7, 0]
    assert game.at(game.step_count).state_frame().equals(game.state_frame())
    for bad in (-1, 8):
        with pytest.raises(ValueError, match="from 0 to 7"):
            game.at(bad)


def test_same_seed_same_history_different_seed_different_story() -> None:
    """The seed alone decides a random game."""
    a, b = new_game(11).play(), new_game(11).play()
    assert a.history().equals(b.history())
    stories = {tuple(new_game(seed).play().actions()) for seed in range(6)}
    assert len(stories) > 1


def test_random_legal_uses_the_game_generator() -> None:
    """The default player picks a legal action using the game's own seeded generator."""
    game = scripted(ROLL, 4)
    twin = scripted(ROLL, 4)
    choices = [random_legal(game) for _ in range(30)]
    assert set(choices) == {ROLL, HOLD}
    assert choices == [random_legal(twin) for _ in range(30)]
    expected_rng = random.Random(0)
    assert choices == [expected_rng.choice([ROLL, HOLD]) for _ in range(30)]


# -- policies -------------------------------------------------------------------------------


class Recorder:
    """A policy: roll until the turn total reaches a threshold, recording who asked."""

    def __init__(self, threshold: int):
        self.threshold = threshold
        self.asked: list[int] = []
        self.chose: list[Action] = []

    def __call__(self, game: Game) -> Action:
        assert isinstance(game, PigGame)
        self.asked.append(game.current_actor())  # type: ignore[arg-type]
        choice = HOLD if game.turn_rolls and game.turn_total >= self.threshold else ROLL
        self.chose.append(choice)
        return choice


def player_steps(game: Game, player: int) -> list[str]:
    history = game.history()
    return list(history.loc[history["actor"] == game.player_name(player), "action"])


def test_play_with_one_callable_for_everyone() -> None:
    """A single callable plays every seat; every player step is exactly its choice."""
    policy = Recorder(5)
    game = new_game(3).play(policy)
    assert game.is_over()
    history = game.history()
    assert list(history.loc[history["actor"] != "chance", "action"]) == policy.chose
    assert set(policy.asked) == {0, 1}


@pytest.mark.parametrize("as_dict", [False, True])
def test_play_with_a_policy_per_player(as_dict: bool) -> None:
    """A list (or dict) of policies: seat i asks policy i, and only for its own steps."""
    cautious, bold = Recorder(2), Recorder(12)
    policies = {0: cautious, 1: bold} if as_dict else [cautious, bold]
    game = new_game(5, target=20).play(policies)
    assert game.is_over()
    assert set(cautious.asked) == {0} and set(bold.asked) == {1}
    assert player_steps(game, 0) == cautious.chose
    assert player_steps(game, 1) == bold.chose


def test_step_with_a_policy() -> None:
    """step(policy) asks the policy at a player node, and ignores it at a chance node."""
    game = scripted(ROLL, 4)
    game.step(lambda g: HOLD)
    assert game.actions()[-1] == HOLD and game.scores == [4, 0]
    game.step(lambda g: ROLL)
    called: list[Game] = []
    game.step(lambda g: called.append(g) or ROLL)  # chance acts: the policy is not asked
    assert called == [] and game.history(-1)["actor"].iloc[0] == "chance"


def test_a_policy_choosing_an_illegal_action_is_refused() -> None:
    """A policy's illegal choice raises like any other, and the step is not recorded."""
    game = new_game()
    with pytest.raises(IllegalAction):
        game.step(lambda g: HOLD)
    assert game.step_count == 0


def test_a_policy_that_edits_a_game_of_ones_own_is_refused_and_put_back() -> None:
    """A game with neither rules nor data (Pig) is guarded too: its public fields are sealed."""
    game = new_game(seed=4)
    game.step(lambda g: ROLL)
    game.step()
    count, scores = game.step_count, list(game.scores)

    def cheat(game: Game) -> Action:
        game.scores[0] += 90
        return HOLD

    with pytest.raises(IllegalAction, match=r"changed game\.state \(or another of the game's fields\)"):
        game.step(cheat)
    assert game.step_count == count and game.scores == scores
    game.step(lambda g: HOLD)  # an honest pick is taken
    assert game.step_count == count + 1


def test_play_gives_up_after_max_steps() -> None:
    """A game that does not end within max_steps raises RuntimeError naming the limit."""
    game = new_game(0, target=1000)
    with pytest.raises(RuntimeError, match="within 25 steps"):
        game.play(max_steps=25)
    assert game.step_count == 25 and not game.is_over()


def test_play_accepts_a_game_ending_exactly_at_max_steps() -> None:
    """A game that needs n steps finishes with max_steps=n."""
    n = new_game(3).play().step_count
    game = new_game(3)
    assert game.play(max_steps=n) is game and game.is_over()


# -- exact versus simulation ----------------------------------------------------------------


def hold_at_once(game: Game) -> Action:
    """Roll once, then hold."""
    assert isinstance(game, PigGame)
    return HOLD if game.turn_rolls else ROLL


def win_chance_by_tree(
    make: Callable[[], Game], policy: Callable[[Game], Action], depth: int
) -> tuple[Fraction, Fraction]:
    """P(player 1 wins) summed over the engine's own game tree, cut at depth steps.

    Returns (mass of paths where player 1 won, mass of paths not finished by the cut).
    """
    won, open_mass = Fraction(0), Fraction(0)
    frontier: list[list[Action]] = [[]]
    while frontier:
        actions = frontier.pop()
        game = make()
        for a in actions:
            game.apply(a)
        if game.is_over():
            if game.result().winners == (0,):  # type: ignore[union-attr]
                won += game.path_probability
        elif len(actions) >= depth:
            open_mass += game.path_probability
        elif game.current_actor() == CHANCE:
            frontier.extend([*actions, face] for face, _ in game.chance_outcomes())
        else:
            frontier.append([*actions, policy(game)])
    return won, open_mass


def test_exact_first_player_win_chance_and_simulation_agree() -> None:
    """Pig to 2, everyone rolls once then holds: the first player wins with 6/7.

    By hand: each turn scores (wins) unless a 1 comes up (1/6), so player 1 wins on their
    k-th turn with (1/6)^(2k - 2) * 5/6; the geometric series adds up to (5/6) / (1 - 1/36).
    The engine's own tree and a seeded simulation must both agree with that.
    """
    exact = Fraction(5, 6) / (1 - Fraction(1, 36))
    won, open_mass = win_chance_by_tree(lambda: new_game(0, target=2), hold_at_once, depth=40)
    assert won <= exact <= won + open_mass and open_mass < Fraction(1, 10**12)

    n = 3000
    wins = sum(
        new_game(seed, target=2).play(hold_at_once).result().winners == (0,)  # type: ignore[union-attr]
        for seed in range(n)
    )
    se = math.sqrt(exact * (1 - exact) / n)
    assert abs(wins / n - exact) <= 4 * se


def test_state_frame_is_a_table_per_player() -> None:
    """The toy's state_frame has one row per player, as the contract asks."""
    frame = scripted(ROLL, 3).state_frame()
    assert isinstance(frame, pd.DataFrame)
    assert list(frame.index) == ["Player 1", "Player 2"]
    assert frame.loc["Player 1", "turn total"] == 3


def test_checked_setup_defaults_the_rules_and_refuses_in_words() -> None:
    from playground.core.setup import checked_setup
    from playground.tiebreak import Rules

    assert checked_setup(None, Rules, 3, range(2, 7), "Tie-Break Triumph") == (Rules(), 3)
    _, players = checked_setup(None, Rules, np.int64(3), range(2, 7), "Tie-Break Triumph")
    assert type(players) is int and players == 3  # as pandas gives a count
    with pytest.raises(
        TypeError,
        match=r"Rules object \(playground\.tiebreak\.Rules\(\.\.\.\), passed as rules=\.\.\.\); got \{\}",
    ):
        checked_setup({}, Rules, 3, range(2, 7), "Tie-Break Triumph")
    from playground.tsubasa import Rules as TsubasaRules

    with pytest.raises(TypeError, match=r"got another game's rules, playground\.tsubasa\.Rules\(\.\.\.\)"):
        checked_setup(TsubasaRules(), Rules, 3, range(2, 7), "Tie-Break Triumph")
    for bad in (7, 1, True, 2.0, "3"):
        with pytest.raises(ValueError, match=r"Tie-Break Triumph is for 2 to 6 players; got"):
            checked_setup(None, Rules, bad, range(2, 7), "Tie-Break Triumph")
    with pytest.raises(ValueError, match="is for exactly 2 players; got 3"):
        checked_setup(None, Rules, 3, range(2, 3), "Captain Tsubasa")


def test_every_game_takes_its_data_as_a_folder() -> None:
    """A teacher's folder of CSVs goes straight to new_game; the shipped folder plays as the default."""
    from playground import arc, challengers, tiebreak, tsubasa
    from playground.arc.cards import DATA_DIR as ARC
    from playground.challengers.cards import DATA_DIR as CHALLENGERS
    from playground.tiebreak.cards import DATA_DIR as TIEBREAK
    from playground.tsubasa.cards import DATA_DIR as TSUBASA

    for game, folder in ((arc, ARC), (challengers, CHALLENGERS), (tiebreak, TIEBREAK), (tsubasa, TSUBASA)):
        mine = game.new_game(data=str(folder), seed=1).play().history()
        assert mine.equals(game.new_game(seed=1).play().history()), game.__name__
