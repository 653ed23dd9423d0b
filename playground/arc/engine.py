"""Tournament Arc's engine: setup, the draft and training, on the core engine contract.

The game is a queue of tasks. A task is a player's decision (keep an Athlete, play an Episode,
pick a team), a chance step (draw a card: each card id with its copies over the deck), or a
bookkeeping step the engine does by itself (pass the draft hands, end a turn). Competing and
the extended modes live in compete.py.
"""

from __future__ import annotations

from collections import deque
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

import pandas as pd

from playground.core.data import DataError
from playground.core.engine import CHANCE, Action, Event, Result
from playground.core.setup import checked_setup, task_methods
from playground.core.zones import Row, Zone, check_conserved

from .actions import Discard, EndTurn, Keep, Mulligan, Play, Take
from .cards import ArcData, load_data
from .compete import Competition
from .rules import Rules
from .state import TOKEN, State, Task

ONE = Fraction(1)
FIRST_GAME_SPORTS = ("Relay Race", "Baseball", "Golf")
CHANCE_KINDS = {"region", "athlete", "episode", "sport", "steal"}
PLAYER_KINDS = {"keep", "turn", "discard_down", "take", "pick", "graduate"}
PHASES = {
    "region": "draft",
    "keep": "draft",
    "athlete": "draft",
    "turn": "training",
    "episode": "training",
    "discard_down": "training",
    "take": "training",
    "steal": "training",
    "sport": "sport reveal",
    "pick": "competing",
    "graduate": "graduation",
}


class ArcGame(Competition):
    """A game of Tournament Arc: one season, a tournament, or a graduation series."""

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
        return PHASES.get(self.tasks[0].kind, self._phase) if self.tasks else "over"

    def chance_for(self) -> int | None:
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
        return {"sport": name(sport) if sport else "", "main_character": ", ".join(map(name, mc))}

    def result(self) -> Result | None:
        return self._result

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
        """One row per card zone: decks, hands, piles, stacks."""
        return self.state.table().frame()

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

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        source = self._source(self.tasks[0])
        if isinstance(source, Row):
            return [(source[0], Fraction(1))]
        return source.draw_outcomes()

    def chance_listed(self, outcome: Action) -> tuple[Action, Fraction] | None:
        # every outcome is a card id, a str: an equal str is the card listed
        if type(outcome) is not str:
            return None
        source = self._source(self.tasks[0])
        if isinstance(source, Row):
            return (source[0], Fraction(1)) if outcome == source[0] else None
        return source.draw_listed(outcome)

    def sample_chance(self) -> Action:
        return self.sample_chance_exact()[0]

    def sample_chance_exact(self) -> tuple[Action, Fraction]:
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

    def _source_of_plays(self, p: int) -> Zone:
        return self.state.pool if self.rules.ruleset == "competitive" else self.state.hands[p]

    def _options_turn(self, task: Task) -> list[Action]:
        p = task.player
        stacks = tuple([st.id for st in self.state.stacks])
        if self._plays_known[0] != stacks:
            self._plays_known = (stacks, {})
        known = self._plays_known[1]  # card -> its plays while these stacks are on the table
        varying = self.data.targets_vary
        actions: list[Action] = []
        for card in self._source_of_plays(p).kinds():
            found = known.get(card)
            if found is None:
                targets = self._targets(card, p, stacks)
                if card in varying:  # made afresh: kept, they would fill memory game after game
                    found = [Play(card, t) for t in targets]
                else:
                    found = known[card] = plays(card, targets)
            actions.extend(found)
        if (
            self.rules.mulligan
            and self.rules.ruleset == "standard"
            and task.info == 0
            and p not in self.mulligan_used
            and len(self.state.hands[p])
        ):
            actions.append(Mulligan())
        return actions or [EndTurn()]

    def _targets(self, card: str, p: int, stacks: tuple[str, ...] | None = None) -> tuple[str, ...]:
        """Where an Episode card can be played (every Athlete, unless the card says otherwise).

        stacks: the ids of the Athletes on the table, when the caller has them already.
        """
        s = self.state
        e = s.data.episodes[card]
        if card in s.data.played_on_athletes:
            return tuple(st.id for st in s.stacks) if stacks is None else stacks
        if e.effect == "non_canon_ova":
            dads = s.data.dads
            found = tuple(f"{st.id}/{c}" for st in s.stacks for c in dict.fromkeys(st.under) if c not in dads)
            return found or ("",)
        if e.effect == "birthday_party" and self.rules.ruleset == "standard":
            return tuple(f"P{v + 1}" for v in range(self.players) if v != p)
        return ("",)

    def _options_discard_down(self, task: Task) -> list[Action]:
        return [Discard(c) for c in self.state.hands[task.player].kinds()]

    def _options_take(self, task: Task) -> list[Action]:
        return [Take(c) for c in self.state.hands[task.info].kinds()]

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
        if isinstance(action, Play):
            now = self.phase()
            return f"No Episode can be played now: they are played in training; this is the {now} phase."
        if isinstance(action, Keep):
            if task.kind != "keep":
                return f"Athletes are kept in the draft; this is the {self.phase()} phase: none can be kept."
            return f"{who} can only keep an Athlete from their draft hand now."
        return None

    def _why_play_illegal(self, action: Play, p: int) -> str:
        s = self.state
        who = self.player_name(p)
        e = s.data.episodes.get(action.card)
        if e is None:
            return f"{action.card!r} is not an Episode card."
        where = "the public pool" if self.rules.ruleset == "competitive" else f"{who}'s hand"
        if action.card not in self._source_of_plays(p):
            return f"{e.name} is not in {where}: only cards there can be played."
        dads = s.data.dads
        if e.effect == "non_canon_ova" and "/" in action.target and action.target.split("/")[1] in dads:
            return "Non-Canon OVA cannot discard Someone's Dad: he counts as an Athlete, not an Episode."
        if e.effect == "non_canon_ova" and action.target in {st.id for st in s.stacks}:
            top = s.stack(action.target).top
            if top in dads:
                return "Non-Canon OVA cannot be played on Someone's Dad: he is an Athlete, not an Episode."
            return "Non-Canon OVA discards a card attached to an Athlete: name the card, like #3/E05."
        if (
            e.kind != "attach"
            and action.target.startswith("#")
            and e.effect not in ("growth_spurt", "magical_girl", "non_canon_ova")
        ):
            return f"{e.name} is a {e.kind} card: only star-icon (attach) cards are attached to an Athlete."
        targets = self._targets(action.card, p)
        shown = ", ".join(t or "(no target)" for t in targets[:8])
        return f"{e.name} cannot be played on {action.target or '(no target)'}; it can go on: {shown}."

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
        st.under.add(st.top)
        old, st.top = st.top, card
        return [
            Event(
                f"{s.data.name(old)} transforms: {name} on top, {s.data.name(old)} under as an Episode card"
            )
        ]

    def _do_episode(self, task: Task, card: str) -> list[Event]:
        s = self.state
        if task.player is None:
            s.episode_deck.move(card, s.pool)
            return [Event(f"{s.data.name(card)} joins the public pool")]
        s.episode_deck.move(card, s.hands[task.player])
        return [Event(f"{self.player_name(task.player)} draws an Episode")]

    def _do_steal(self, task: Task, card: str) -> list[Event]:
        s = self.state
        s.hands[task.info].move(card, s.hands[task.player])
        return [
            Event(f"{self.player_name(task.player)} takes a card from {self.player_name(task.info)}'s hand")
        ]

    def _do_take(self, task: Task, action: Take) -> list[Event]:
        return self._do_steal(task, action.card)

    def _do_keep(self, task: Task, action: Keep) -> list[Event]:
        s = self.state
        s.draft_hands[task.player].remove(action.athlete)
        s.new_stack(task.player, action.athlete)
        return [Event(f"{self.player_name(task.player)} keeps an Athlete face down")]

    def _do_discard_down(self, task: Task, action: Discard) -> list[Event]:
        s = self.state
        s.hands[task.player].move(action.card, s.episode_discard)
        return [Event(f"{self.player_name(task.player)} discards {s.data.name(action.card)}")]

    def _do_turn(self, task: Task, action: Action) -> list[Event]:
        p = task.player
        self._turn_plays = (p, task.info if isinstance(action, Mulligan) else task.info + 1)
        if isinstance(action, EndTurn):
            return [Event(f"{self.player_name(p)} has no card to play and ends the turn")]
        if isinstance(action, Mulligan):
            hand = self.state.hands[p]
            cards = hand.clear()
            for c in cards:
                self.state.episode_discard.add(c)
            self.mulligan_used.add(p)
            self._now(*[Task("episode", p) for _ in cards], Task("turn", p, 0))
            return [
                Event(f"{self.player_name(p)} takes a mulligan: {len(cards)} cards discarded and redrawn")
            ]
        events, follow = self._play(p, action)
        plays = task.info + 1
        rest = [Task("turn", p, plays)] if plays < self.rules.plays_per_turn else []
        self._now(*follow, *rest)
        return events

    def _play(self, p: int, action: Play) -> tuple[list[Event], list[Task]]:
        """Play one Episode card: its effect now, and any draws it needs next."""
        s = self.state
        e = s.data.episodes[action.card]
        self._source_of_plays(p).remove(action.card)
        who = self.player_name(p)
        follow: list[Task] = []
        if e.kind == "attach":
            st = s.stack(action.target)
            st.under.add(action.card)
            s.attached(st, action.card)
            text = f"{who} attaches {e.name} to {s.data.name(st.top)}"
        elif e.effect == "someones_dad":
            s.new_stack(p, action.card)
            text = f"{who} plays Someone's Dad: he joins the team as an Athlete"
        elif e.kind == "lock":
            s.locks.add(action.card)
            text = f"{who} plays {e.name}: it stays on the table, active"
            if e.effect == "extra_region":
                follow.append(Task("region"))
        else:
            s.episode_discard.add(action.card)
            text, follow = self._discard_effect(p, e.effect, action.target)
        return [Event(text)], follow

    def _discard_effect(self, p: int, effect: str, target: str) -> tuple[str, list[Task]]:
        s = self.state
        who = self.player_name(p)
        if effect == "non_canon_ova":
            if not target:
                return f"{who} plays Non-Canon OVA, but no card is attached anywhere", []
            stack_id, card = target.split("/")
            st = s.stack(stack_id)
            st.under.move(card, s.athlete_discard if card in s.data.athletes else s.episode_discard)
            s.stacks_changed()
            return (
                f"{who} plays Non-Canon OVA: {s.data.name(card)} is discarded from {s.data.name(st.top)}",
                [],
            )
        if effect == "birthday_party":
            if not target:
                return f"{who} plays Birthday Party: there are no hands to take from", []
            victim = int(target[1:]) - 1
            kind = "steal" if self.rules.birthday_party_random else "take"
            if not len(s.hands[victim]):
                return f"{who} plays Birthday Party on {self.player_name(victim)}, whose hand is empty", []
            return f"{who} plays Birthday Party on {self.player_name(victim)}", [Task(kind, p, victim)]
        how = "under" if effect == "growth_spurt" else "over"
        name = "Growth Spurt" if effect == "growth_spurt" else "Magical Girl Transformation"
        return f"{who} plays {name} on {s.data.name(s.stack(target).top)}", [
            Task("athlete", p, (how, target))
        ]

    # -- bookkeeping ----------------------------------------------------------------------------

    def order(self) -> list[int]:
        """Who takes turns this round, in clockwise order."""
        n = self.players
        first = (self.rules.first_player - 1) % n
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

    def _auto_start_training(self, task: Task) -> list[Event]:
        s = self.state
        self._phase = "training"
        self.round = 0
        if self.rules.ruleset == "standard":
            draws = [
                Task("episode", p)
                for p in range(self.players)
                for _ in range(self.rules.hand_size - len(s.hands[p]))
            ]
        else:
            draws = [Task("episode") for _ in range(self.rules.pool_size - len(s.pool))]
        if self.rules.mode == "tournament":
            self._now(*draws, Task("tournament_round"))
            return []
        reveal = [Task("sport")] if self.rules.sport_reveal_after == 0 else []
        self._now(*draws, *reveal, Task("training_round"))
        return []

    def _auto_training_round(self, task: Task) -> list[Event]:
        self.round += 1
        self._now(*self._turn_tasks(), Task("round_end"))
        return []

    def _turn_tasks(self) -> list[Task]:
        return [t for p in self.order() for t in (Task("turn", p, 0), Task("after_turn", p))]

    def _auto_after_turn(self, task: Task) -> list[Event]:
        s = self.state
        p = task.player
        if self.rules.ruleset == "competitive":
            self._now(*[Task("episode") for _ in range(self.rules.pool_size - len(s.pool))])
            return []
        extra = len(s.hands[p]) - self.rules.hand_size
        if extra > 0:
            self._now(*[Task("discard_down", p) for _ in range(extra)])
        else:
            self._now(*[Task("episode", p) for _ in range(-extra)])
        return []

    def _auto_round_end(self, task: Task) -> list[Event]:
        done = self.round >= self.rules.training_rounds
        reveal = [Task("sport")] if self.round == self.rules.sport_reveal_after else []
        self._now(*reveal, Task("compete") if done else Task("training_round"))
        return []


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


@lru_cache(maxsize=4096)
def plays(card: str, targets: tuple[str, ...]) -> tuple[Play, ...]:
    """Playing a card on each of these targets, made once for every game: a turn lists dozens,
    and the stack ids (#1, #2, ...) are the same from game to game. Only for targets that are
    the stacks or none: the varying ones would fill the cache (see _options_turn)."""
    return tuple(Play(card, t) for t in targets)


def new_game(
    rules: Rules | None = None, data: ArcData | Path | str | None = None, seed: int = 0, players: int = 2
) -> ArcGame:
    """A new game of Tournament Arc (2 to 6 players), seeded: same seed, same story."""
    return ArcGame(rules, data, seed, players)
