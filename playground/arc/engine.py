"""Tournament Arc's engine: setup, the task queue, chance and the draft, on the core engine contract.

The game is a queue of tasks. A task is a player's decision (keep an Athlete, play an Episode,
pick a team), a chance step (draw a card: each card id with its copies over the deck), or a
bookkeeping step the engine does by itself (pass the draft hands, end a turn). The training
rounds live in training.py; competing and the extended modes in compete.py.
"""

from __future__ import annotations

import dataclasses
from collections import deque
from fractions import Fraction
from pathlib import Path
from typing import Any

import pandas as pd

from playground.core.data import DataError
from playground.core.engine import CHANCE, Action, Event, Result
from playground.core.numbers import shown
from playground.core.setup import checked_setup, task_methods
from playground.core.zones import Row, Zone, check_conserved

from .actions import Discard, EndTurn, Keep, Mulligan, Pick, Play, Take
from .cards import ArcData, load_data
from .compete import Competition
from .rules import Rules
from .state import TOKEN, State, Task
from .training import TrainingPhase

ONE = Fraction(1)
FIRST_GAME_SPORTS = ("Relay Race", "Baseball", "Golf")
CHANCE_KINDS = {"region", "athlete", "episode", "sport", "steal"}
PLAYER_KINDS = {"keep", "turn", "discard_down", "take", "pick", "graduate"}
PHASES = {  # a Region or an Athlete is drawn in whichever phase the game is in
    "keep": "draft",
    "turn": "training",
    "episode": "training",
    "discard_down": "training",
    "take": "training",
    "steal": "training",
    "sport": "sport reveal",
    "pick": "competing",
    "graduate": "graduation",
}


class ArcGame(TrainingPhase, Competition):
    """A game of Tournament Arc: one season, a tournament, or a graduation series."""

    SEALED_PRIVATE = ("_picks",)  # the face-down picks: private, yet state (see core/asking.py)

    def __init__(
        self,
        rules: Rules | None = None,
        data: ArcData | Path | str | None = None,
        seed: int = 0,
        players: int = 2,
    ):
        self.rules, players = checked_setup(rules, Rules, players, range(2, 7), "Tournament Arc")
        super().__init__(seed, players)
        self.data = load_data(data)
        d = self.data
        _check_enough(d, self.rules, players)
        top = d.sport_ids(FIRST_GAME_SPORTS) if self.rules.first_game_sports else ()
        self.state = State(
            d,
            self.rules,
            players,
            Zone("region deck", list(d.regions)),
            Zone("athlete deck", list(d.athletes)),
            Zone("episode deck", d.episode_deck()),
            Zone("sport deck", [s for s in d.sports if s not in top]),
            Row("sport deck top (known order)", top),
        )
        self.tasks: deque[Task] = deque()
        self.round = 0
        self.season = 1
        self.mulligan_used: set[int] = set()
        self.starter = (self.rules.first_player - 1) % players  # who starts this season's rounds
        self._turn_plays: tuple[int | None, int] = (None, 0)  # whose turn, cards played in it
        self._phase = "draft"
        self._result: Result | None = None
        self._census: dict[str, int] | None = None  # what check_conserved counts against
        # the stack ids, and each card's plays while they are on the table (a turn lists dozens)
        self._plays_known: tuple[tuple[str, ...], dict[str, tuple[Play, ...]]] = ((), {})
        self._start_competition_state()
        self._then(Task("region"), *self._draft_tasks())
        self._advance([])

    # -- the contract ---------------------------------------------------------------------------

    def fresh(self) -> ArcGame:
        return ArcGame(self.rules, self.data, self.seed, self.players)

    def current_actor(self) -> int | str | None:
        if not self.tasks:
            return None
        task = self.tasks[0]
        return CHANCE if task.kind in CHANCE_KINDS else task.player

    def phase(self) -> str:
        if not self.tasks:
            return "over"
        task = self.tasks[0]
        if task.kind == "region" and task.info == "sport":
            return "sport reveal"  # a Region the revealed Sport's effect turns over
        return PHASES.get(task.kind, self._phase)

    def _chance_for(self) -> int | None:
        return self.tasks[0].player if self.tasks else None

    def figures(self) -> dict[str, Any]:
        """The Sport and the Main Character now, counted afresh from the table."""
        s = self.state
        mc = tuple(st.top for st in s.main_character_stacks()) if s.revealed else ()
        return self._figures_from((s.active_sport[0] if len(s.active_sport) else "", mc))

    def _figures_record(self) -> tuple[str, tuple[str, ...]]:
        """The Sport's card and the Main Character's cards after a step; named when read.

        This runs after every step of every simulated game, so the Main Character is worked out
        only once the Athletes are face up (it is shown only then), and counted again only after
        a step that changed a stack (State.main_character_tops).
        """
        s = self.state
        sport = s.active_sport
        return (sport[0] if len(sport) else "", s.main_character_tops() if s.revealed else ())

    def _figures_from(self, record: tuple[str, tuple[str, ...]]) -> dict[str, Any]:
        sport, mc = record
        name = self.data.name
        return {"sport": name(sport) if sport else "", "main character": ", ".join(map(name, mc))}

    def _said(self, action: Action, phase: str = "") -> str:
        """A card or Region drawn by its name, except what goes into a private hand: an Athlete drawn
        for the draft until everyone flips their Athletes face up, an Episode drawn into a hand
        (standard ruleset; the competitive pool is public), a card taken from a hand by Birthday
        Party. A card played says its name. (The probability column is the referee's exact chance,
        given every card: a careful reader may work out a hidden draw from it.)"""
        if isinstance(action, str):
            if action in self.data.athletes and not self.state.revealed:
                return "an Athlete"
            if action in self.data.episodes and self.rules.ruleset == "standard":
                return "an Episode"
            return self.data.name(action)
        if isinstance(action, Pick):  # picked at the same moment: a team stays hidden until the score
            return f"send out {len(action.stacks)} Athlete(s) face down"
        if isinstance(action, Take):  # Birthday Party, looked at and chosen: into a private hand
            return "take a card from the hand looked at"
        if isinstance(action, Play | Discard):  # each field, not the printed words
            target = getattr(action, "target", "")
            where = "/".join(
                f"stack {t[1:]}" if t[:1] == "#" else self.data.name(t) for t in target.split("/")
            )
            named = {"card": self.data.name(action.card)} | ({"target": where} if target else {})
            return str(dataclasses.replace(action, **named))
        return str(action)

    def result(self) -> Result | None:
        """How the game ended (a fresh copy each time: editing its scores changes nothing)."""
        r = self._result
        return None if r is None else Result(r.winners, dict(r.scores), r.reason)

    def state_frame(self) -> pd.DataFrame:
        """One row per Athlete on the table (see State.athletes_frame)."""
        return self.state.athletes_frame()

    def chance_step_count(self) -> int:
        """How many steps so far were chance's: cards drawn, Regions and Sports revealed."""
        return sum(1 for s in self._steps if s.actor == CHANCE)

    def check_conserved(self) -> None:
        """Raise ZoneError naming each card (or the Main Character token) lost or duplicated.

        Every card of the data folder and the one token must lie in exactly one zone or stack:
        the soak and the tests call this after every step, so it counts the zones as they lie
        (the token is in the supply or on its one holder: one either way) instead of building
        the Table that zones_frame shows.
        """
        s = self.state
        if self._census is None:
            self._census = s.expected_census()
        tops = Row("stack tops", [st.top for st in s.stacks])
        zones = [*s.shared_zones(), *(st.under for st in s.stacks), tops, Row("token", [TOKEN])]
        check_conserved(zones, self._census)

    def zones_frame(self) -> pd.DataFrame:
        """One row per card zone: decks, hands, piles, stacks (cards by name)."""
        return self.state.table().frame(self.data.name)

    # -- chance -----------------------------------------------------------------------------------

    def _source(self, task: Task) -> Zone | Row:
        s = self.state
        if task.kind == "region":
            return s.region_deck
        if task.kind == "athlete":
            return s.athlete_deck
        if task.kind == "episode":
            return s.episode_deck
        if task.kind == "steal":
            return s.hands[task.info]
        return s.sport_top if len(s.sport_top) else s.sport_deck

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        source = self._source(self.tasks[0])
        if isinstance(source, Row):
            return [(source[0], Fraction(1))]
        return source.draw_outcomes()

    def _chance_listed(self, outcome: Action) -> tuple[Action, Fraction] | None:
        # every outcome is a card id, a str: an equal str is the card listed
        if type(outcome) is not str:
            return None
        source = self._source(self.tasks[0])
        if isinstance(source, Row):
            return (source[0], Fraction(1)) if outcome == source[0] else None
        return source.draw_listed(outcome)

    def _sample_chance(self) -> Action:
        return self._sample_chance_exact()[0]

    def _sample_chance_exact(self) -> tuple[Action, Fraction]:
        """The card drawn and its exact chance from one ticket: every chance step of a simulation.

        Zone.draw: the same single ticket as Zone.sample, so a seed tells the same story; the
        chance is the drawn card's copies over the deck's.
        """
        source = self._source(self.tasks[0])
        if isinstance(source, Row):
            return source[0], ONE
        return source.draw(self.rng)

    def _why_not_while_drawing(self) -> str:
        """Why no card can be played while a card is being drawn."""
        player, plays = self._turn_plays
        n = self.rules.plays_per_turn
        if player is not None and plays >= n and self.tasks[0].kind == "episode":
            return (
                f"{self.player_name(player)} has already played {n} Episode cards this turn: a turn has "
                f"exactly {n} plays, then the hand is refilled."
            )
        what = {
            "athlete": "an Athlete card",
            "episode": "an Episode card",
            "region": "a Region card",
            "sport": "the Sport card",
            "steal": "a card from a hand",
        }
        drawn = what[self.tasks[0].kind]
        return f"No card can be played now: {drawn} is being drawn first."

    # -- player actions ---------------------------------------------------------------------------

    def _player_actions(self) -> list[Action]:
        task = self.tasks[0]
        return _OPTIONS[task.kind](self, task)

    def _options_keep(self, task: Task) -> list[Action]:
        return [Keep(a) for a in self.state.draft_hands[task.player].kinds()]

    def _why_illegal(self, action: Action) -> str | None:
        if self.current_actor() == CHANCE:
            return (
                self._why_not_while_drawing()
                if isinstance(action, Play | Discard | EndTurn | Mulligan)
                else None
            )
        task = self.tasks[0]
        who = self.player_name(task.player) if task.player is not None else "Nobody"
        if isinstance(action, Play) and task.kind == "turn":
            return self._why_play_illegal(action, task.player)
        if isinstance(action, Play) and task.kind == "discard_down":
            return f"{who} must first discard down to the hand size: name a card to discard."
        if isinstance(action, Play):
            now = self.phase()
            return f"No Episode can be played now: they are played in training; this is the {now} phase."
        if isinstance(action, Keep):
            if task.kind != "keep":
                return f"Athletes are kept in the draft; this is the {self.phase()} phase: none can be kept."
            hand = ", ".join(self.state.draft_hands[task.player].kinds())
            return (
                f"{who} can keep only an Athlete from their own draft hand, by its id ({hand}); "
                f"got {shown(action.athlete, 40)}."
            )
        return None

    # -- applying -----------------------------------------------------------------------------------

    def _apply(self, action: Action) -> list[Event]:
        task = self.tasks.popleft()
        events = _DO[task.kind](self, task, action)
        self._advance(events)
        return events

    def _then(self, *tasks: Task) -> None:
        """Queue tasks at the end."""
        self.tasks.extend(tasks)

    def _now(self, *tasks: Task) -> None:
        """Queue tasks at the front, in the order given."""
        self.tasks.extendleft(reversed(tasks))

    def _advance(self, events: list[Event]) -> None:
        """Run bookkeeping steps and skip draws from empty decks until someone must act."""
        while self.tasks:
            task = self.tasks[0]
            if task.kind in PLAYER_KINDS:
                return
            if task.kind in CHANCE_KINDS:
                if self._ready_to_draw(task, events):
                    return
                self.tasks.popleft()
                continue
            self.tasks.popleft()
            events.extend(_AUTO[task.kind](self, task) or [])

    def _ready_to_draw(self, task: Task, events: list[Event]) -> bool:
        """Whether the task's deck has a card, reshuffling its discards first where allowed."""
        s = self.state
        source = self._source(task)
        if source:
            return True
        if task.kind in ("episode", "athlete") and self.rules.reshuffle_discards:
            pile = s.episode_discard if task.kind == "episode" else s.athlete_discard
            if len(pile):
                for card in pile.clear():
                    source.add(card)
                events.append(
                    Event(f"the {task.kind} deck ran out: its discard pile is shuffled into a new deck")
                )
                return True
        events.append(Event(f"no card left to draw for the {task.kind} deck: nothing is drawn"))
        return False

    def _do_region(self, task: Task, card: str) -> list[Event]:
        s = self.state
        s.region_deck.move(card, s.active_regions)
        if task.info == "sport":
            self.sport_regions.append(card)
        return [Event(f"{s.data.name(card)} is an active Region")]

    def _do_athlete(self, task: Task, card: str) -> list[Event]:
        s = self.state
        p, dest = task.player, task.info
        name = s.data.name(card)
        if dest == "draft":
            s.athlete_deck.move(card, s.draft_hands[p])
            return [Event(f"{self.player_name(p)} draws an Athlete for the draft")]
        if dest == "team":
            s.athlete_deck.remove(card)
            s.new_stack(p, card)
            return [Event(f"{self.player_name(p)} drafts {name}")]
        how, stack_id = dest
        st = s.stack(stack_id)
        s.athlete_deck.remove(card)
        s.stacks_changed()
        if how == "under":
            st.under.add(card)
            return [Event(f"{name} goes under {s.data.name(st.top)} and acts as an Episode card")]
        dropped = [] if self.rules.transformation_keeps_attached else list(st.under)
        for c in dropped:  # the old Athlete's own cards, Moving to and Evil Clone among them
            st.under.move(c, s.athlete_discard if c in s.data.athletes else s.episode_discard)
        st.under.add(st.top)
        old, st.top = st.top, card
        gone = f" (its {len(dropped)} attached card(s) discarded)" if dropped else ""
        return [
            Event(
                f"{s.data.name(old)} transforms: {name} on top, {s.data.name(old)} under as an Episode "
                f"card{gone}"
            )
        ]

    def _do_keep(self, task: Task, action: Keep) -> list[Event]:
        s = self.state
        s.draft_hands[task.player].remove(action.athlete)
        s.new_stack(task.player, action.athlete)
        return [Event(f"{self.player_name(task.player)} keeps an Athlete face down")]

    # -- bookkeeping ----------------------------------------------------------------------------

    def order(self) -> list[int]:
        """Who takes turns this round, in clockwise order."""
        n = self.players
        first = self.starter
        if self.rules.rotate_start:
            first = (first + max(self.round - 1, 0)) % n
        return [(first + i) % n for i in range(n)]

    def _draft_tasks(self) -> list[Task]:
        k = self.rules.team_size
        tasks = [Task("athlete", p, "draft") for p in range(self.players) for _ in range(k)]
        for pick in range(k):
            tasks += [Task("keep", p) for p in range(self.players)]
            if pick < k - 1:
                tasks.append(Task("pass_draft"))
        return [*tasks, Task("reveal_team"), Task("start_training")]

    def _auto_pass_draft(self, task: Task) -> list[Event]:
        hands = self.state.draft_hands
        cards = [h.clear() for h in hands]
        for p, held in enumerate(cards):
            for c in held:
                hands[(p + 1) % self.players].add(c)
        return [Event("the rest of each draft hand is passed clockwise")]

    def _auto_reveal_team(self, task: Task) -> list[Event]:
        self.state.revealed = True
        return [Event("everyone flips their Athletes face up")]


_DO = task_methods(ArcGame, "_do_")
"""What each kind of task does (its own and Competition's), by kind."""
_AUTO = task_methods(ArcGame, "_auto_")
"""The bookkeeping steps the engine runs by itself, by kind."""
_OPTIONS = task_methods(ArcGame, "_options_")
"""The legal actions of each kind of decision, by kind."""


def _check_enough(data: ArcData, rules: Rules, players: int) -> None:
    """A data set too small to play with these players is refused now, with the numbers needed:
    never a game stuck in the draft with a player to act and nothing to do."""
    needed = players * rules.team_size
    if len(data.athletes) < needed:
        raise DataError(
            "athletes.csv",
            None,
            None,
            f"{players} players drafting {rules.team_size} Athletes each need at least {needed} "
            f"Athletes; this card list has {len(data.athletes)}. Add Athletes, or play with fewer "
            "players or a smaller team_size.",
        )
    for name, cards in (("regions.csv", data.regions), ("sports.csv", data.sports)):
        if not cards:
            raise DataError(name, None, None, "a game needs at least one card of this list; it has none")


def new_game(
    rules: Rules | None = None, data: ArcData | Path | str | None = None, seed: int = 0, players: int = 2
) -> ArcGame:
    """A new game of Tournament Arc (2 to 6 players), seeded: same seed, same story."""
    return ArcGame(rules, data, seed, players)
