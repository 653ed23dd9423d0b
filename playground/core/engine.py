"""The engine contract every game follows, modelled on OpenSpiel's pure-Python games.

A game is a state that knows who acts next. When a player acts, ``legal_actions()`` lists what
they may do; when chance acts (a die, a draw from a bag), ``chance_outcomes()`` lists every
outcome with its exact probability. ``apply`` changes the state and returns what happened. The
base class here owns what is the same for every game: the seeded random generator, the
validation that keeps the state untouched on an illegal action, the history with the exact
probability of every chance step and of the whole path, and replay from the seed. The marks
for one game's own players and measures (``policy``, ``takes_game``) are in players.py.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import islice
from typing import Any, NamedTuple

import pandas as pd

from .asking import PLAYED_BY_POLICY, Asking, state_seal
from .checks import _check_every_seat, _check_policy, _seat_policy, check_policies
from .draws import CountedRandom, sample_exact
from .gc_pause import gc_paused
from .matching import find_listed, lookalike_sentence
from .numbers import is_whole, shown, whole_number
from .setup import _fixed_at_start
from .showing import joined

CHANCE = "chance"
"""The actor at a chance step: a die roll, a draw, a shuffle."""

Action = Hashable
Policy = Callable[["Game"], Action]
Policies = Policy | Sequence[Policy] | Mapping[int, Policy] | None
# The columns every game's history begins with (after its index, the step number).
HISTORY_COLUMNS = (
    "phase",
    "actor",
    "for",
    "action",
    "chance outcome",
    "probability",
    "path probability",
    "outcome",
)
"""What a game is played with: one policy for everyone, or one per player."""


class IllegalAction(ValueError):
    """An action that the rules do not allow now. The game's state is unchanged."""


GAME_OVER = "The game is over: nobody can move any more."
MAX_STEPS = 10**7
"""The most steps play() may be asked to play (the longest soaked game has about 22,000)."""


@dataclass(frozen=True)
class Event:
    """Something that happened when an action was applied, told in one short sentence."""

    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Result:
    """How a finished game ended: who won, the final scores, and why it ended."""

    winners: tuple[int, ...]
    scores: Mapping[int, Any]
    reason: str


class _Step(NamedTuple):
    """One step of the history (a tuple: built on every step, so it must be cheap to make)."""

    phase: str
    actor: int | str
    for_player: int | None
    action: Action
    probability: Fraction | None
    events: tuple[Event, ...]
    figures: Any  # what _figures_record kept; _figures_from turns it into the history's columns


_new_step = tuple.__new__  # a _Step from its fields without NamedTuple's Python-level __new__


def random_legal(game: Game) -> Action:
    """A player who picks uniformly among the legal actions, with the game's own generator."""
    if not isinstance(game, Game):
        raise TypeError(f"random_legal plays a game of the playground (from new_game); got {shown(game, 60)}")
    actions = game.legal_actions()
    if not actions:
        raise IllegalAction("The game is over: nobody can move any more.")
    return game.rng.choice(actions)


class Game(ABC):
    """Base of every game engine. Subclasses fill in the abstract methods below.

    Subclasses must call ``super().__init__(seed, players)`` before building their state, and
    implement :meth:`fresh` so the history can be replayed from the seed. ``rules``, ``data``,
    ``players`` and ``seed`` are set once, at the start; assigning one again is refused.
    """

    rules = _fixed_at_start("rules", "rules are")
    data = _fixed_at_start("data", "data are")
    players = _fixed_at_start("players", "number of players is")
    seed = _fixed_at_start("seed", "seed is")

    def __init__(self, seed: int, players: int):
        # None would seed from the clock (the same call, two stories); a negative seed would tell
        # the story of its positive twin (random.Random(-5) is random.Random(5)), so both are refused
        if type(seed) is not int or seed < 0:
            if not is_whole(seed) or seed < 0:
                raise ValueError(f"seed must be a whole number from 0 up (any size); got {shown(seed, 60)}")
            seed = int(seed)  # a numpy integer, as np.arange gives it
        self.seed = seed
        self.players = players
        self.rng = CountedRandom(seed)  # counted, so a step taken back takes its draws back too
        self._steps: list[_Step] = []
        self._paths = [Fraction(1)]
        self._offered: tuple[int, list[Action]] | None = None
        self._stepping, self._asking = False, None

    # -- what each game defines ----------------------------------------------------------------

    @abstractmethod
    def fresh(self) -> Game:
        """A new game with the same rules, data, seed and players, before any step."""

    def __copy__(self) -> Game:
        """copy.copy(game) is a whole copy, as copy.deepcopy gives: a shallow one would share the
        state, history and generator, so playing it would move this game too."""
        return copy.deepcopy(self)

    def __getstate__(self) -> dict[str, Any]:
        """A copy or a pickle is a game of its own, never one a player is being asked about."""
        return {**vars(self), "_stepping": False, "_offered": None, "_asking": None}

    @abstractmethod
    def current_actor(self) -> int | str | None:
        """The player index to act, CHANCE, or None when the game is over."""

    @abstractmethod
    def _player_actions(self) -> list[Action]:
        """The legal actions of the player to act (called only when a player acts)."""

    @abstractmethod
    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """Every outcome of the pending chance step with its exact probability (called only
        while chance is to act)."""

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Change the state for an action already checked to be legal."""

    @abstractmethod
    def result(self) -> Result | None:
        """The result once the game is over, else None."""

    @abstractmethod
    def state_frame(self) -> pd.DataFrame:
        """The state now, one row per meaningful thing."""

    def phase(self) -> str:
        """The name of the current phase, for the history."""
        return ""

    def figures(self) -> dict[str, Any]:
        """The key figures recorded in the history after each step (scores, positions)."""
        return {}

    def _figures_record(self) -> Any:
        """What is kept of the figures after each step, to be read by :meth:`_figures_from` later.

        The default keeps ``figures()`` itself. A game whose figures cost a dict per step keeps
        something cheaper (a tuple of what they are computed from) and builds the dict only when
        the history is asked for: a simulation of thousands of games never asks.
        """
        return self.figures()

    def _figures_from(self, record: Any) -> Mapping[str, Any]:
        """The figures a record from :meth:`_figures_record` stands for (the default: itself)."""
        return record

    def _why_illegal(self, action: Action) -> str | None:
        """The game's own reason why a player's action is not allowed now, or None for the
        general sentence. Called only while someone is to act; may assume nothing of the action
        (it is any object a student typed)."""
        return None

    def chance_for(self) -> int | None:
        """Whose roll or draw is pending: None when it is nobody's, or no roll or draw is pending."""
        return self._chance_for() if self.current_actor() == CHANCE else None

    def _chance_for(self) -> int | None:
        """Whose the pending chance step is, asked only when one is pending."""
        return None

    def player_name(self, player: int) -> str:
        """The name of seat ``player`` (a whole number from 0 to the seats less one), as tables show it."""
        if type(player) is not int or not 0 <= player < self._seats():  # the engine's own calls skip this
            player = self.seat(player)
        return self._player_name(player)

    def _player_name(self, player: int) -> str:
        """The game's name for a seat already checked to be one."""
        return f"Player {player + 1}"

    def _seats(self) -> int:
        """How many seats the table has: the players, and any seat the game plays itself (a Robot)."""
        return self.players

    def seat(self, player: Any, name: str = "player") -> int:
        """``player`` as a seat number, or a ValueError naming the seats there are."""
        return whole_number(player, name, 0, self._seats() - 1)

    def _chance_listed(self, outcome: Action) -> tuple[Action, Fraction] | None:
        """The listed outcome that is ``outcome`` (same type, field for field), with its exact
        probability; None if it cannot come up now (or only looks like an outcome: a plain
        tuple, a float for a face). Called only while chance is to act.

        Games with many outcomes override this and :meth:`_sample_chance` to avoid listing them;
        an override finds its candidate by a look-up and confirms it with ``same_value``.
        """
        odds = dict(self._chance_outcomes())
        found = find_listed(outcome, odds)
        return None if found is None else (found, odds[found])

    def _sample_chance(self) -> Action:
        """Draw the outcome of the pending chance step with the game's generator."""
        return sample_exact(self._chance_outcomes(), self.rng)

    def _sample_chance_exact(self) -> tuple[Action, Fraction]:
        """Draw the pending chance outcome together with its exact probability.

        This is the trusted path of ``step`` and ``play``: the outcome comes from the game's own
        law, so it is not looked up again as a stranger's would be. Games override it to get both
        from one draw; the default draws with :meth:`_sample_chance` and looks it up with
        :meth:`_chance_listed`, and still refuses an outcome its own law calls impossible.
        """
        outcome = self._sample_chance()
        found = self._chance_listed(outcome)
        if found is None:
            raise IllegalAction(f"{shown(outcome)} cannot come up on this roll or draw.")
        return outcome, found[1]

    # -- chance, as anyone may ask ---------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """Every outcome of the pending roll or draw with its exact probability; [] when a player
        is to act or the game is over (no roll or draw is pending). A new list each time: editing
        it leaves the game's own untouched."""
        return list(self._chance_outcomes()) if self.current_actor() == CHANCE else []

    def chance_listed(self, outcome: Action) -> tuple[Action, Fraction] | None:
        """The listed outcome that is ``outcome`` with its exact probability; None if it cannot
        come up now (a look-alike, or no roll or draw is pending)."""
        if self.current_actor() != CHANCE:
            return None
        try:
            return self._chance_listed(outcome)
        except Exception:  # an object the game cannot even hash or compare is none of its outcomes
            return None

    def chance_probability(self, outcome: Action) -> Fraction | None:
        """The exact probability of one chance outcome (None if impossible or none is pending)."""
        found = self.chance_listed(outcome)
        return None if found is None else found[1]

    def sample_chance(self) -> Action:
        """Draw the outcome of the pending roll or draw with the game's generator (the game is not
        moved: ``apply`` the outcome to play it). Raises IllegalAction when none is pending."""
        actor = self.current_actor()
        if actor != CHANCE:
            who = "the game is over" if actor is None else f"{self.player_name(actor)} is to act now"
            raise IllegalAction(f"No roll or draw is pending: {who}.")
        return self._sample_chance()

    # -- the shared contract -------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.current_actor() is None

    def legal_actions(self) -> list[Action]:
        """What may happen next: the player's actions, or chance's possible outcomes."""
        actor = self.current_actor()
        if actor is None:
            return []
        if actor == CHANCE:
            return [value for value, _ in self._chance_outcomes()]
        return list(self._player_actions_now())

    def _player_actions_now(self) -> list[Action]:
        """The player's actions, listed once per step while ``step`` asks a policy to choose.

        The pick is then checked against the very list it was chosen from instead of listing
        again (about a sixth of a bulk simulation's time). Outside ``step`` the list is made
        afresh every time, so code that edits the state directly (a test's scene) sees it.
        """
        if not self._stepping:
            return self._player_actions()
        count = len(self._steps)
        if self._offered is None or self._offered[0] != count:
            self._offered = (count, self._player_actions())
        return self._offered[1]

    def apply(self, action: Action, by: int | None = None) -> list[Event]:
        """Apply one action (or chance outcome) and return what happened.

        The action is matched against the listed ones by type and by the types and values of its
        fields, and the game applies its own listed object (a plain tuple, another action class
        with equal fields, or a float for a whole number is refused). by: the player the move is
        meant for (a seat number), refused unless that player is to act; None, whoever is. Raises
        IllegalAction, with the state untouched, if the action is not allowed now.
        """
        actor = self.current_actor()
        if actor is None:
            raise IllegalAction(GAME_OVER)
        if by is not None:
            if not is_whole(by) or not 0 <= by < self.players:
                raise IllegalAction(
                    f"by must be a seat number from 0 to {self.players - 1} (the player the move is "
                    f"meant for), or None for whoever is to act; got {shown(by, 40)}"
                )
            if by != actor:
                now = "chance (a roll or a draw)" if actor == CHANCE else self.player_name(actor)
                raise IllegalAction(f"It is not {self.player_name(by)}'s move: {now} is to act now.")
        probability: Fraction | None = None
        if actor == CHANCE:
            found = self.chance_listed(action)
            if found is None:
                raise IllegalAction(self.why_illegal(action))
            listed, probability = found
        else:
            listed = find_listed(action, self._player_actions_now())
            if listed is None:
                raise IllegalAction(self.why_illegal(action))
        for_player = self._chance_for() if actor == CHANCE else actor
        return self._commit(self.phase(), actor, for_player, listed, probability)

    def why_illegal(self, action: Action) -> str:
        """A sentence a 12-year-old can read, saying why this action is not allowed now.

        It never raises, whatever the action is: the game's own reason where it has one, the
        difference from a look-alike of a listed action, or what may be chosen now.
        """
        actor = self.current_actor()
        if actor is None:
            return GAME_OVER
        listed = self.legal_actions()
        near = lookalike_sentence(action, listed, self._said if actor != CHANCE else None)
        if near:
            return near
        try:
            reason = self._why_illegal(action)
        except Exception:  # the game's reasons expect actions of its own kinds: any object may come
            reason = None
        if reason:
            return reason
        given = shown(action, 80)
        if actor == CHANCE:
            example = f"for example {shown(listed[0], 60)}" if listed else "none is pending"
            return (
                f"{given} cannot come up now: it is none of the {len(listed)} outcomes of this roll "
                f"or draw ({example}). step() rolls or draws with the game's own generator."
            )
        said = Counter(map(self._said, listed))  # choices that read alike are said once, counted
        named = [f"{text} ({n} ways)" if n > 1 else text for text, n in islice(said.items(), 8)]
        choices = ", ".join(named) + (", ..." if len(said) > 8 else "")
        return f"{given} is not allowed now. {self.player_name(actor)} can choose: {choices}."

    def _commit(
        self,
        phase: str,
        actor: int | str,
        for_player: int | None,
        action: Action,
        probability: Fraction | None,
    ) -> list[Event]:
        """Apply an action known to be legal and record the step (phase and for_player as before it).

        The step happens in full or not at all: if anything goes wrong inside it (a bug, the
        kernel's stop button, a MemoryError), the game is rebuilt as it was before the step from
        its own history, and the exception goes on to the caller.
        """
        count = len(self._steps)
        self._offered = None
        try:
            events = self._apply(action)
            step = (phase, actor, for_player, action, probability, tuple(events), self._figures_record())
            self._steps.append(_new_step(_Step, step))
        except BaseException:
            self._restore(count)
            raise
        return events

    def _restore(self, count: int) -> None:
        """Put the game back as it was after ``count`` steps, rebuilt by replaying its own (trusted)
        history and swapped in at once, keeping its generator; a second interrupt starts the
        rebuild again. Costs a replay of the game so far (a long season: a fraction of a second)."""
        while True:
            try:
                del self._steps[count:]
                del self._paths[count + 1 :]
                rebuilt = self.fresh()
                for s in self._steps:
                    rebuilt._apply(s.action)
                state = dict(vars(rebuilt))
                state.update(
                    rng=self.rng, _steps=self._steps, _paths=self._paths, _offered=None, _stepping=False
                )
                self.__dict__ = state
                return
            except KeyboardInterrupt:
                continue

    def policy_for(self, policies: Policies) -> Policy | None:
        """The policy of the player to act: one for everyone, or one per player (list or dict)."""
        actor = self.current_actor()
        if policies is None or not isinstance(actor, int) or callable(policies):
            return policies if callable(policies) else None
        check_policies(policies)
        return _seat_policy(policies, actor, self.players, self.player_name)

    def step(self, policy: Policy | None = None) -> list[Event]:
        """Play one step: chance rolls with the game's generator, a player uses the policy."""
        actor = self.current_actor()
        if actor is None:
            raise IllegalAction(GAME_OVER)
        if policy is not None:
            _check_policy(policy, "the policy")
        return self._step_as(actor, policy)

    def _step_as(self, actor: int | str, policy: Policy | None) -> list[Event]:
        """One step for the actor to move now. Chance draws through :meth:`_sample_chance_exact`;
        random legal play picks from the listed actions as ``random_legal`` would; any other
        policy's pick is matched against that list (as :meth:`apply` matches) and refused with
        the state untouched, as is a policy that moves or edits the game it is asked about
        (``trial = game; trial.apply(a)``), the game put back (see asking.py)."""
        if self._stepping:  # called from inside a policy asked about this very game
            raise IllegalAction(PLAYED_BY_POLICY)
        drawn, count = getattr(self.rng, "words", None), len(self._steps)
        try:
            return self._step_drawn(actor, policy)
        except BaseException:  # a step taken back (a refusal, the stop button): its draws too
            self._stepping = False  # asked nobody now, even if a stop cut short the asking's finally
            if self._asking is not None:  # ... and whatever the player did is undone
                self._asking.put_back(self)
                self._asking = None
            if len(self._steps) == count and isinstance(self.rng, CountedRandom):
                self.rng.take_back(drawn)
            raise

    def _step_drawn(self, actor: int | str, policy: Policy | None) -> list[Event]:
        phase = self.phase()
        if actor == CHANCE:
            action, probability = self._sample_chance_exact()
            return self._commit(phase, actor, self._chance_for(), action, probability)
        actions = self._player_actions()
        if policy is None or policy is random_legal:
            if not actions:
                raise IllegalAction(GAME_OVER)
            return self._commit(phase, actor, actor, self.rng.choice(actions), None)
        count, seal, interrupted = len(self._steps), state_seal(self, policy), True
        asking = Asking(count, self._steps.copy() if seal is not None else None, seal, policy, self.rng)
        try:  # set inside: a stop between the lines must not leave the game "stepping"
            self._asking, self._stepping = asking, True  # a policy only reads: the list can be kept
            self._offered = (count, actions)
            pick = policy(self)
            interrupted = False
        finally:  # an error or a stop on its way goes on as it was, after the game is put back
            self._stepping, self._offered = False, None
            refused = asking.put_back(self)  # cut short by a stop, _step_as finishes it
            self._asking = None
            if refused and not interrupted:
                raise IllegalAction(refused)
        listed = find_listed(pick, actions)
        if listed is None:
            raise IllegalAction(f"The policy's choice is refused: {self.why_illegal(pick)}")
        return self._commit(phase, actor, actor, listed, None)

    def play(
        self,
        policies: Policies = None,
        max_steps: int = 1_000_000,
    ) -> Game:
        """Play to the end (random legal players by default) and return the game itself.

        policies: a function ``game -> action`` for everyone, or a list or dict of them, one per
        player. max_steps: a whole number from 1 to 10**7, a guard against a game that never
        ends. The cyclic garbage collector is paused while the game plays (see :func:`gc_paused`).
        """
        max_steps = whole_number(max_steps, "max_steps", 1, MAX_STEPS)
        one = policies is None or callable(policies)  # one policy for everyone: no lookup per step
        if not one:
            check_policies(policies)
            _check_every_seat(policies, self.players, self.player_name)
        with gc_paused():
            for _ in range(max_steps):
                actor = self.current_actor()
                if actor is None:
                    return self
                self._step_as(actor, policies if one else self.policy_for(policies))  # type: ignore[arg-type]
        if self.is_over():
            return self
        raise RuntimeError(f"the game did not end within {max_steps:,} steps (max_steps)")

    @property
    def step_count(self) -> int:
        return len(self._steps)

    @property
    def path_probability(self) -> Fraction:
        """The exact probability of every chance outcome so far, multiplied together."""
        return self._path_probabilities(len(self._steps))[-1]

    def _path_probabilities(self, stop: int) -> list[Fraction]:
        """Running products of the chance probabilities, [1, after step 1, ..., after step stop].

        Built lazily and kept: the products grow to hundreds of digits over a season, and a
        simulation of thousands of games never asks for them.
        """
        running = self._paths
        for s in self._steps[len(running) - 1 : stop]:
            running.append(running[-1] * s.probability if s.probability is not None else running[-1])
        return running[: stop + 1]

    def actions(self) -> list[Action]:
        """Every action and chance outcome applied so far, in order: the game's whole story, for
        replaying it, secret choices included (a face-down pick reads as itself here, unlike in
        the history and the state): a fair player function reads ``legal_actions`` and the state."""
        return [s.action for s in self._steps]

    def at(self, step: int) -> Game:
        """The game as it was after ``step`` steps, rebuilt by replaying from the seed.

        The rebuilt game's own generator is fresh, so playing on from it tells a new story:
        like a time-travelling debugger, the past is exact and the future is open.
        """
        step = whole_number(step, "step", 0, len(self._steps))
        game = self.fresh()
        for s in self._steps[:step]:
            game.apply(s.action)
        return game

    def events(self) -> list[Event]:
        """Every event so far, in order, without the history table (which costs more than a game)."""
        return [e for s in self._steps for e in s.events]

    def history(self, start: int = 0, stop: int | None = None) -> pd.DataFrame:
        """One row per step: what was done, by whom, its exact chance, and the key figures.

        start and stop pick a slice of the steps (as in a Python slice), so a panel showing
        the latest rows does not build the whole table. A game may leave unnamed what its players
        cannot see (a face-down draw), but the probability is the referee's exact chance, given
        every card: a careful reader may work out a hidden card from it.
        """
        n = len(self._steps)
        start = whole_number(start, "start")  # any whole number, as in a Python slice
        stop = None if stop is None else whole_number(stop, "stop")
        rows = []
        picked = range(n)[start:stop]
        paths = self._path_probabilities(picked.stop)
        for number in picked:
            s = self._steps[number]
            rows.append(
                {
                    "step": number + 1,
                    "phase": s.phase.replace("_", " "),  # words, as a class reads them
                    "actor": "chance" if s.actor == CHANCE else self.player_name(s.actor),
                    "for": "" if s.for_player is None else self.player_name(s.for_player),
                    "action": self._said(s.action, s.phase) if s.actor != CHANCE else "",
                    "chance outcome": self._said(s.action, s.phase) if s.actor == CHANCE else "",
                    "probability": s.probability,
                    "path probability": paths[number + 1],
                    "outcome": joined(e.text for e in s.events),
                    **self._figures_from(s.figures),
                }
            )
        figures = [] if rows else list(self._figures_from(self._figures_record()))  # the columns, no rows
        return pd.DataFrame(rows, columns=None if rows else ["step", *HISTORY_COLUMNS, *figures]).set_index(
            "step"
        )

    def _said(self, action: Action, phase: str = "") -> str:
        """A move or a chance outcome as the history writes it for a class (a game names its cards,
        and hides what its rules keep unseen; phase: the step's phase, when known)."""
        return str(action)
