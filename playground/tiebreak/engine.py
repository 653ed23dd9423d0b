"""The Tie-Break Triumph engine: a season of turns, tournaments and tie-breaks.

The game is a queue of tasks. Each task is a decision for one player, a chance step (a die,
a draw from the bag or a deck, a Let card) or bookkeeping that runs by itself. A turn queues:
draw tokens, roll, act, end the week. Arriving somewhere queues what the space asks for (a Let
card, a forced challenge), and a tournament queues its risk decisions and dice. Keeping the flow
as data makes every chance step explicit and every decision a legal-action list.

Every reading of the rulebook that is a real choice is a field of ``Rules``. What the engine
does beyond them is not a choice, and why:

- The injury weeks are the turns after the one you land on the Injury space; that turn is still
  yours (Health, and the special actions ``Rules.injured_actions`` allows). A player who is
  injured is never on tour, so a fight with them cannot happen: their titles count as vacant to
  visitors, and a visitor to a tournament they reserved plays it as vacant (the rulebook's
  "your tournaments count as vacant"); the reserved card is lost if the visitor wins.
- Arriving at a champion's space forces a qualification attempt once a week: a second arrival
  the same week (by a flight, say) cannot be a second tournament that week.
- A Let card that moves you onto another Let space draws no second card: chains of Let cards
  could otherwise loop for ever (two piles that send you to each other).
- No card is used when a qualification fails, so the week's discard still follows.
- Decks, the token bag and the Let piles are counted, not ordered: every draw is a chance step
  over what is left. A Let pile is dealt from the shuffled Let deck: the top card of a pile no one
  has drawn to the bottom yet is equally likely to be any card still unseen, so an unseen draw is
  a chance step over every unseen card; once a pile's own cards have all been seen, its order is
  known (cards go back to the bottom) and drawing from it is no chance at all.
"""

from __future__ import annotations

import math
from collections import Counter, deque
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement, product
from pathlib import Path
from typing import Any, NamedTuple
from weakref import WeakKeyDictionary

import pandas as pd

from playground.core.draws import draw_counted, sample_counts, share
from playground.core.engine import CHANCE, Action, Event, Game, Result
from playground.core.matching import find_listed, same_value
from playground.core.numbers import is_whole, shown
from playground.core.setup import checked_setup, task_methods
from playground.core.zones import ZoneError

from .actions import (
    Discard,
    EndTurn,
    Enter,
    GiveBack,
    Heal,
    Injure,
    Move,
    Qualify,
    Risk,
    Roll,
    ServeWeek,
    Take,
    Train,
    Travel,
)
from .board import Board
from .cards import Card, LetCard, TiebreakData, load_data
from .rules import TOKEN_TYPES, Rules
from .state import Contest, LetPile, Player, State

AUTO = "auto"


class Task(NamedTuple):
    """One pending piece of the game: its kind, who acts (a player, CHANCE or AUTO), for whom."""

    kind: str
    actor: int | str
    player: int
    count: int = 1


_CHANCE_KINDS = ("draw_card", "draw_token", "roll", "let_draw", "vacant_roll", "race_roll")
_AUTO_KINDS = ("start_turn", "end_week", "refill", "next_turn", "penalty")
_ADVANCE_KINDS = frozenset(("draw_token", "draw_card", "let_draw", "penalty_card", "penalty_tokens")) | set(
    _AUTO_KINDS
)
"""The tasks _advance may run or skip by itself; any other task waits for its actor."""
_PLAYER_NAMES = ("Ash", "Billie", "Chris", "Dana", "Evert", "Fran")


class TiebreakGame(Game):
    """A whole game of Tie-Break Triumph for 2 to 6 players."""

    def __init__(
        self,
        rules: Rules | None = None,
        data: TiebreakData | Path | str | None = None,
        seed: int = 0,
        players: int = 2,
    ):
        rules, players = checked_setup(rules, Rules, players, range(2, 7), "Tie-Break Triumph")
        super().__init__(seed, players)
        self.rules = rules
        self.data = data if isinstance(data, TiebreakData) else load_data(data)
        self.board = self.data.board
        self.target = rules.target_score(players)
        sides = rules.number_die_sides
        faces = {f: n for f, n in rules.direction_faces().items() if n}  # as the die is read now
        self._face_chance = {f: Fraction(n, sum(faces.values())) for f, n in faces.items()}
        # the same whole-number counts sample_exact would build from these chances on every roll
        lcm = math.lcm(*(p.denominator for p in self._face_chance.values()))
        self._face_counts = [(f, p.numerator * (lcm // p.denominator)) for f, p in self._face_chance.items()]
        self._ranking_keys = [f"{_PLAYER_NAMES[p]} ranking" for p in range(players)]
        self._points = [space.points for space in self.board.spaces]
        # moves and travels depend on the board alone: every game on this board shares them
        self._ends, self._travels = _BOARD_CACHES.setdefault(self.board, ({}, {}))
        self._rolls = [
            (Roll(a, b, f), p / (sides * sides))
            for a, b in product(range(1, sides + 1), repeat=2)
            for f, p in self._face_chance.items()
        ]
        # for the trusted draw of sample_chance_exact: each roll made once, each face's chance
        self._roll_of = {(r.first, r.second, r.face): (r, p) for r, p in self._rolls}
        self._face_total = sum(n for _, n in self._face_counts)
        die = rules.tiebreak_die_sides
        self._die = [(d, Fraction(1, die)) for d in range(1, die + 1)]
        self.state = State(
            board=self.board,
            players=[
                Player(_PLAYER_NAMES[p], self.board.start, Counter(self.data.deck)) for p in range(players)
            ],
            bag=Counter({t: n for t, n in rules.bag().items() if n}),
            let_unseen=Counter(self.data.let_copies),
            let_piles=self._deal_let_piles(),
        )
        self.tasks: deque[Task] = deque()
        self.reason = ""
        self._whole_counts: tuple[dict[str, int], int, dict[str, int], list[int]] | None = None
        self._titles_seen: dict[int, tuple[int, Card]] = {}  # what _figures_record last kept
        self._titles_record: tuple[tuple[int, tuple[int, Card]], ...] = ()
        self._new_week()
        for p in range(players):
            self.tasks.append(Task("draw_card", CHANCE, p, rules.schedule_size))
        self.tasks.append(Task("start_turn", AUTO, 0))
        self._advance([])

    def _deal_let_piles(self) -> list[LetPile]:
        """Deal the Let deck round the piles, one card at a time (sizes differ by at most one)."""
        piles = 1 if self.rules.let_piles == "one shared pile" else max(len(self.board.let_spaces), 1)
        cards = sum(self.data.let_copies.values())
        return [LetPile(cards // piles + (k < cards % piles)) for k in range(piles)]

    def _let_pile_at(self, position: int) -> int:
        """The index of the Let pile drawn from at a Let space."""
        return 0 if len(self.state.let_piles) == 1 else self.board.let_spaces.index(position)

    def fresh(self) -> TiebreakGame:
        return TiebreakGame(self.rules, self.data, self.seed, self.players)

    # -- whose move -------------------------------------------------------------------------------

    def current_actor(self) -> int | str | None:
        return self.tasks[0].actor if self.tasks else None

    def phase(self) -> str:
        return self.tasks[0].kind if self.tasks else "over"

    def chance_for(self) -> int | None:
        task = self.tasks[0]
        if task.kind == "race_roll" and self.state.contest is not None:  # the roller, not the challenger
            c = self.state.contest
            return c.player if c.roller == 0 else c.opponent
        return task.player

    def _player_name(self, player: int) -> str:
        return self.state.players[player].name

    # -- chance -----------------------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        task = self.tasks[0]
        if task.kind == "roll":
            return self._rolls
        counts = self._drawn_from()
        if counts is None:
            return self._die
        total = sum(counts.values())
        return [(self._outcome(k), Fraction(n, total)) for k, n in sorted(counts.items()) if n]

    def _drawn_from(self) -> Counter[Any] | None:
        """The deck, bag or Let pile the pending draw comes from (None for a die)."""
        task = self.tasks[0]
        if task.kind == "draw_card":
            return self.state.players[task.player].deck
        if task.kind == "draw_token":
            return self.state.bag
        if task.kind == "let_draw":  # only a pile with unseen cards left is a chance step
            return self.state.let_unseen
        return None

    def _outcome(self, key: Any) -> Any:
        """What a draw shows: Let cards are counted by id but drawn as cards."""
        return self._let(key) if self.tasks[0].kind == "let_draw" else key

    def chance_listed(self, outcome: Action) -> tuple[Action, Fraction] | None:
        # Look-ups, rather than a search through every outcome; a candidate found by == is
        # confirmed with same_value (a float face, a Let card with a forged effect is refused).
        kind = self.tasks[0].kind
        if kind == "roll":
            if not (type(outcome) is Roll and type(outcome.first) is type(outcome.second) is int):
                return None
            found = self._roll_of.get((outcome.first, outcome.second, outcome.face))
            return found if found is not None and same_value(found[0], outcome) else None
        counts = self._drawn_from()
        if counts is None:
            die = self.rules.tiebreak_die_sides
            return self._die[outcome - 1] if _is_face(outcome, die) else None
        if kind == "let_draw":  # Let piles count cards by id
            if type(outcome) is not LetCard or type(outcome.id) is not str or counts.get(outcome.id, 0) < 1:
                return None
            key, listed = outcome.id, self._let(outcome.id)
            listed = listed if same_value(listed, outcome) else None
        else:
            key = listed = find_listed(outcome, [card for card, n in counts.items() if n > 0])
        if listed is None:
            return None
        return listed, Fraction(counts[key], sum(counts.values()))

    def sample_chance(self) -> Action:
        # The same laws as chance_outcomes, drawn with integers only (no Fractions to build).
        sides = self.rules.number_die_sides
        if self.tasks[0].kind == "roll":
            first, second = self.rng.randrange(sides) + 1, self.rng.randrange(sides) + 1
            return Roll(first, second, sample_counts(self._face_counts, self.rng))
        counts = self._drawn_from()
        if counts is None:
            return self.rng.randrange(self.rules.tiebreak_die_sides) + 1
        return self._outcome(sample_counts(sorted(counts.items()), self.rng))

    def sample_chance_exact(self) -> tuple[Action, Fraction]:
        # sample_chance and chance_probability in one integer draw (the same tickets as
        # sample_chance): this is every chance step of a simulation
        rng = self.rng
        if self.tasks[0].kind == "roll":
            sides = self.rules.number_die_sides
            first, second = rng.randrange(sides) + 1, rng.randrange(sides) + 1
            face = draw_counted(self._face_counts, self._face_total, rng)[0]
            return self._roll_of[first, second, face]
        counts = self._drawn_from()
        if counts is None:
            return self._die[rng.randrange(self.rules.tiebreak_die_sides)]
        total = counts.total()
        key, n = draw_counted(sorted(counts.items()), total, rng)
        return self._outcome(key), share(n, total)

    def _let(self, let_id: str):
        return next(c for c in self.data.let_cards if c.id == let_id)

    # -- decisions --------------------------------------------------------------------------------

    def _player_actions(self) -> list[Action]:
        task = self.tasks[0]
        return _OPTIONS[task.kind](self, task)

    def _options_move(self, task: Task) -> list[Action]:
        return [Move(i, self.board.spaces[i].name) for i in self.move_options]

    def _options_act(self, task: Task) -> list[Action]:
        options: list[Action] = [EndTurn()]
        if self.state.players[task.player].injured_weeks:  # the week you land on the Injury space
            return options + self._injured_options(task.player)
        if not self.entered:
            options += self._entries(task.player)
        return options + self._specials(task.player, travel=True)

    def _specials(self, p: int, travel: bool) -> list[Action]:
        """The special actions a player can pay for now: Training, Travel, a Health attack."""
        me = self.state.players[p]
        options: list[Action] = []
        if me.tokens["training"] >= self.rules.training_cost:
            empty = [
                i
                for i in self.board.tournaments
                if i not in self.state.titles and i not in self.state.reservations
            ]
            match = self.rules.training_needs_match
            for card in sorted(set(me.schedule)):
                options += [
                    Train(card, i, self.board.spaces[i].name)
                    for i in empty
                    if not match or self.board.spaces[i].points == card.points
                ]
        pays = (["tokens"] if me.tokens["travel"] >= self.rules.travel_cost else []) + (
            ["ticket"] if me.held_let("keep_travel") else []
        )
        for pay in pays if travel else ():
            options += self._travel_options(me.position, pay)
        if me.tokens["health"] >= self.rules.health_attack_cost and self.rules.injury_weeks:
            again = self.rules.injured_can_be_injured
            options += [
                Injure(q)
                for q in range(self.players)
                if q != p and (again or self.state.players[q].injured_weeks == 0)
            ]
        return options

    def _travel_options(self, position: int, pay: str) -> list[Travel]:
        """Travel to every other space, paid one way: made once per game for each start and pay."""
        key = (position, pay)
        if key not in self._travels:
            spaces = enumerate(self.board.spaces)
            self._travels[key] = [Travel(i, s.name, pay) for i, s in spaces if i != position]
        return self._travels[key]

    def _entries(self, p: int) -> list[Action]:
        """Tournaments the player may enter now: where they stand, or United/Final from afar."""
        me = self.state.players[p]
        spaces = [me.position]
        if self.rules.remote_united_final and not self._remote_blocked():
            spaces += [
                i
                for i in self.board.tournaments
                if self.board.spaces[i].kind in ("united", "final") and i != me.position
            ]
        options: list[Action] = []
        for i in spaces:
            space = self.board.spaces[i]
            if not space.is_tournament or self.state.titles.get(i, (None,))[0] == p:
                continue
            if self._defended(i, p):
                if i != me.position:  # a champion on your own space is a forced challenge instead
                    options += self._qualifications(p, i)
                continue
            reserved = self.state.reservations.get(i)
            if reserved and reserved[0] == p:
                if self.rules.own_reservation == "play as vacant":
                    options.append(Enter(i, space.name, reserved[1]))
                continue
            options += [Enter(i, space.name, c) for c in sorted(set(me.schedule)) if c.points == space.points]
        return options

    def _qualifications(self, p: int, space: int) -> list[Action]:
        """Every way to qualify against the champion at space: a matching card and a Wildcard."""
        me = self.state.players[p]
        # the Top Ranker qualifies as such, with no Wildcard point (or, if the rules let them,
        # pays a Sponsor pair or an Invitation for the Wildcard's point)
        if self.state.top_ranker == p:
            pays = ["top ranker"]
            if self.rules.top_ranker_pays_wildcard:
                pays += [pay for pay in self._wildcard_payments(me) if pay != "wildcard"]
        else:
            pays = self._wildcard_payments(me)
        points = self.board.spaces[space].points
        cards = sorted(c for c in set(me.schedule) if c.points == points)
        return [Qualify(space, self.board.spaces[space].name, c, pay) for c in cards for pay in pays]

    def _wildcard_payments(self, me: Player) -> list[str]:
        """The ways a player can show a Wildcard: the token, a Sponsor pair, an Invitation card."""
        pays = []
        if me.tokens["wildcard"]:
            pays.append("wildcard")
        if me.tokens["sponsor"] >= self.rules.sponsor_cost:
            pays.append("sponsors")
        if me.held_let("keep_wildcard"):
            pays.append("invitation")
        return pays

    def _options_challenge(self, task: Task) -> list[Action]:
        return self._qualifications(task.player, self.state.players[task.player].position)

    def _options_risk(self, task: Task) -> list[Action]:
        contest = self.state.contest
        slot_used = (
            contest is not None
            and task.player == contest.player
            and contest.pay in ("wildcard", "sponsors", "invitation")
            and self.rules.wildcard_slot == "used by qualifying"
        )
        return [Risk(r) for r in self._risks(self.state.players[task.player].tokens, slot_used)]

    def _risks(self, tokens: Counter[str], wildcard_slot_used: bool) -> list[tuple[str, ...]]:
        limit = self.rules.max_risk_per_type
        caps = tuple(
            max(min(tokens[t], limit - (1 if t == "wildcard" and wildcard_slot_used else 0)), 0)
            for t in TOKEN_TYPES
        )
        return _risk_combinations(caps)

    def _options_discard(self, task: Task) -> list[Action]:
        return [Discard(c) for c in sorted(set(self.state.players[task.player].schedule))]

    _options_penalty_card = _options_discard

    def _options_penalty_tokens(self, task: Task) -> list[Action]:
        victim = self.state.players[task.player].tokens
        k = min(self.rules.failed_qualify_tokens, sum(victim.values()))
        if k == 0:  # nothing to take: the step is skipped
            return []
        return [
            Take(combo)
            for combo in combinations_with_replacement(TOKEN_TYPES, k)
            if all(combo.count(t) <= victim[t] for t in set(combo))
        ]

    def _options_give_back(self, task: Task) -> list[Action]:
        return [GiveBack(t) for t in TOKEN_TYPES if self.state.players[task.player].tokens[t]]

    def _options_injured(self, task: Task) -> list[Action]:
        return [ServeWeek(), *self._injured_options(task.player)]

    def _injured_options(self, p: int) -> list[Action]:
        """What an injured player may do besides ending the week: Health, and the allowed specials."""
        options: list[Action] = [Heal()] if self.state.players[p].tokens["health"] else []
        if self.rules.injured_actions == "all but travel":
            options += self._specials(p, travel=False)
        return options

    def _why_illegal(self, action: Action) -> str | None:
        task = self.tasks[0]
        me = self.state.players[task.player]
        if isinstance(action, Travel) and me.injured_weeks:
            return f"{me.name} is injured ({me.injured_weeks} weeks left) and cannot travel."
        if isinstance(action, Risk):
            over = [t for t in set(action.tokens) if action.tokens.count(t) > self.rules.max_risk_per_type]
            if over:
                return (
                    f"In a tie-break you may risk at most {self.rules.max_risk_per_type} token of each "
                    f"type; {me.name} offered {action.tokens.count(over[0])} {over[0]} tokens."
                )
            missing = [t for t in set(action.tokens) if action.tokens.count(t) > me.tokens[t]]
            if missing:
                return f"{me.name} has only {me.tokens[missing[0]]} {missing[0]} tokens to risk."
        if isinstance(action, Enter | Qualify):
            points = self.board.spaces[action.space].points
            if action.card not in me.schedule or action.card.points != points:
                cards = ", ".join(str(c) for c in me.schedule) or "no cards"
                return (
                    f"To enter {action.name} you need a schedule card worth {points} points; "
                    f"{me.name}'s schedule has {cards}."
                )
        if isinstance(action, Qualify) and task.kind in ("challenge", "act"):
            return (
                f"To challenge the champion at {action.name}, {me.name} needs a Wildcard token, "
                f"{self.rules.sponsor_cost} Sponsor tokens, an Invitation card or the Top Ranker "
                f"card; paying by {action.pay!r} is not possible now."
            )
        return None

    # -- applying -------------------------------------------------------------------------------

    def _apply(self, action: Action) -> list[Event]:
        task = self.tasks.popleft()
        events = _DO[task.kind](self, task, action)
        self._advance(events)
        return events

    def _advance(self, events: list[Event]) -> None:
        """Run the bookkeeping tasks and skip chance steps that cannot happen (an empty bag)."""
        while self.tasks:
            task = self.tasks[0]
            if task.kind not in _ADVANCE_KINDS:  # a decision or a chance step that can happen
                return
            if task.kind == "draw_token" and not self.state.bag:
                self.tasks.popleft()
                events.append(Event("The token bag is empty: no token drawn."))
            elif task.kind == "draw_card" and not self.state.players[task.player].deck:
                self.tasks.popleft()
                events.append(Event(f"{self.player_name(task.player)}'s deck is empty: no card drawn."))
            elif task.kind == "let_draw" and not self._let_pile().unseen:
                self.tasks.popleft()
                pile = self._let_pile()
                if pile.seen:  # every card of this pile has been seen: its order is known
                    events += self._let_effect(task.player, self._let(pile.seen.popleft()))
                else:
                    events.append(
                        Event("Every card of this Let pile is in a player's hand: nothing to draw.")
                    )
            elif task.kind in _AUTO_KINDS:
                self.tasks.popleft()
                events += _DO[task.kind](self, task, None)
            elif task.kind in ("penalty_card", "penalty_tokens") and not self._player_actions():
                self.tasks.popleft()
            else:
                return

    def _then(self, *tasks: Task) -> None:
        """Put tasks at the front of the queue, in the given order."""
        self.tasks.extendleft(reversed(tasks))

    def _let_pile(self) -> LetPile:
        """The pile of the Let space the player to draw stands on."""
        return self.state.let_piles[self._let_pile_at(self.state.players[self.tasks[0].player].position)]

    def _remote_blocked(self) -> bool:
        """Are United/Final from afar closed now, after a Let or Injury space acted on the player?"""
        if self.rules.remote_block == "whole week":
            return self.blocked_this_week
        return self.arrival_kind in ("let", "injury")

    def _new_week(self) -> None:
        self.entered = False  # entered a tournament this week
        self.card_used = False  # a schedule card was used to enter
        self.blocked_this_week = False  # arrived on a Let or Injury space this week
        self.arrival_kind = ""
        self.ace_space: int | None = None
        self.doubles = False
        self.move_options: tuple[int, ...] = ()

    # chance steps

    def _do_draw_card(self, task: Task, card: Card) -> list[Event]:
        me = self.state.players[task.player]
        self._take_from(me.deck, card)
        me.schedule.append(card)
        if task.count > 1:
            self.tasks.appendleft(Task(task.kind, task.actor, task.player, task.count - 1))
        return [Event(f"{me.name} draws a {card} tournament card.")]

    def _do_draw_token(self, task: Task, token: str) -> list[Event]:
        me = self.state.players[task.player]
        self._take_from(self.state.bag, token)
        if task.count > 1:
            self.tasks.appendleft(Task(task.kind, task.actor, task.player, task.count - 1))
        if me.injured_weeks and token != "health":
            self.state.bag[token] += 1
            return [Event(f"{me.name} draws a {token} token but, injured, keeps only Health: it goes back.")]
        me.tokens[token] += 1
        return [Event(f"{me.name} draws a {token} token.")] + self._top_ranker_wildcards()

    def _do_roll(self, task: Task, roll: Roll) -> list[Event]:
        me = self.state.players[task.player]
        steps = roll.first + roll.second
        key = (me.position, steps, *self.rules.move_of(roll.face))
        options = self._ends.get(key)
        if options is None:  # each move is walked once per board, not once per roll
            options = self._ends[key] = self.board.move_ends(*key)
        events = [Event(f"{me.name} rolls {roll}" + (" (doubles: an Ace!)" if roll.doubles else "") + ".")]
        self.doubles = roll.doubles
        if len(options) == 1:
            return events + self._arrive(task.player, options[0], by_dice=True)
        self.move_options = options
        self._then(Task("move", task.player, task.player))
        return events

    def _do_let_draw(self, task: Task, card: Any) -> list[Event]:
        self._take_from(self.state.let_unseen, card.id)
        self._let_pile().unseen -= 1
        return self._let_effect(task.player, card)

    def _do_vacant_roll(self, task: Task, die: int) -> list[Event]:
        c = self.state.contest
        assert c is not None
        total = self._challenger_bonus(c) + len(c.risked) + die
        won = total >= self.rules.vacant_target
        verdict = "wins" if won else "short of"
        text = f"Tie-break die {die}: total {total} ({verdict} {self.rules.vacant_target})."
        return [Event(text)] + self._finish(c, won)

    def _do_race_roll(self, task: Task, die: int) -> list[Event]:
        c = self.state.contest
        assert c is not None
        r = c.roller
        c.scores[r] += die
        who = self.state.players[c.player if r == 0 else c.opponent].name
        events = [Event(f"{who} rolls {die}: {c.scores[0]}-{c.scores[1]}.")]
        if self._race_won(c, r):
            return events + self._finish(c, r == 0)
        c.roller = 1 - r
        self._then(Task("race_roll", CHANCE, task.player))
        return events

    # decisions

    def _do_move(self, task: Task, action: Move) -> list[Event]:
        return self._arrive(task.player, action.to, by_dice=True)

    def _do_act(self, task: Task, action: Action) -> list[Event]:
        p = task.player
        me = self.state.players[p]
        if isinstance(action, EndTurn):
            return [Event(f"{me.name} ends the week.")]
        self._then(task)  # acting goes on until the player ends the week
        if isinstance(action, Heal):
            return self._heal(me)
        if isinstance(action, Enter):
            return self._enter(p, action)
        if isinstance(action, Qualify):
            return self._qualify(p, action)
        return self._special(p, action)

    def _special(self, p: int, action: Action) -> list[Event]:
        """Carry out a paid special action (Training, Travel, a Health attack)."""
        me = self.state.players[p]
        if isinstance(action, Train):
            self._spend(me, "training", self.rules.training_cost)
            me.schedule.remove(action.card)
            self.state.reservations[action.space] = (p, action.card)
            return [Event(f"{me.name} reserves {action.name} with a face-down {action.card}.")]
        if isinstance(action, Travel):
            if action.pay == "tokens":
                self._spend(me, "travel", self.rules.travel_cost)
            else:
                self._return_let(me, "keep_travel")
            return [Event(f"{me.name} flies to {action.name}.")] + self._arrive(p, action.to, by_dice=False)
        if isinstance(action, Injure):
            self._spend(me, "health", self.rules.health_attack_cost)
            return self._injure(action.target, f"{me.name} sends {self.player_name(action.target)}")
        raise AssertionError(action)

    def _do_challenge(self, task: Task, action: Qualify) -> list[Event]:
        return self._qualify(task.player, action)

    def _do_risk(self, task: Task, action: Risk) -> list[Event]:
        c = self.state.contest
        assert c is not None
        who = self.state.players[task.player]
        for t in action.tokens:
            who.tokens[t] -= 1
        events = [Event(f"{who.name} risks {', '.join(action.tokens) or 'no tokens'}.")]
        if task.player == c.player:
            c.risked = action.tokens
            if c.kind == "vacant":
                self._then(Task("vacant_roll", CHANCE, c.player))
                return events
            if c.kind == "training":
                self._then(Task("risk", c.opponent, c.opponent))
                return events
        else:
            c.opponent_risked = action.tokens
        return events + self._start_race(c)

    def _do_penalty_card(self, task: Task, action: Discard) -> list[Event]:
        victim = self.state.players[task.player]
        self._discard(victim, action.card)
        return [Event(f"The champion makes {victim.name} discard {action.card}.")]

    def _do_penalty_tokens(self, task: Task, action: Take) -> list[Event]:
        victim = self.state.players[task.player]
        champion = self.state.players[task.actor]
        for t in action.tokens:
            victim.tokens[t] -= 1
            champion.tokens[t] += 1
        return [
            Event(f"{champion.name} takes {', '.join(action.tokens)} from {victim.name}.")
        ] + self._top_ranker_wildcards()

    def _do_give_back(self, task: Task, action: GiveBack) -> list[Event]:
        me = self.state.players[task.player]
        self._spend(me, action.token, 1)
        return [Event(f"{me.name} puts a {action.token} token back in the bag.")]

    def _do_discard(self, task: Task, action: Discard) -> list[Event]:
        me = self.state.players[task.player]
        self._discard(me, action.card)
        return [Event(f"{me.name} lets a week pass and discards {action.card}.")]

    def _heal(self, me: Player) -> list[Event]:
        """Spend one Health token: a week less injured."""
        self._spend(me, "health", 1)
        me.injured_weeks -= 1
        if me.injured_weeks == 0:
            return [Event(f"{me.name} spends a Health token and is fit again.")]
        return [Event(f"{me.name} spends a Health token: {me.injured_weeks} weeks left.")]

    def _do_injured(self, task: Task, action: Action) -> list[Event]:
        me = self.state.players[task.player]
        if isinstance(action, Heal):
            events = self._heal(me)
            if me.injured_weeks == 0:  # back on tour this very week
                self._then(
                    Task("roll", CHANCE, task.player),
                    Task("act", task.player, task.player),
                    Task("end_week", AUTO, task.player),
                )
            else:
                self._then(task)
            return events
        if not isinstance(action, ServeWeek):  # Training or a Health attack from the Injury space
            self._then(task)
            return self._special(task.player, action)
        me.injured_weeks -= 1
        self._then(Task("end_week", AUTO, task.player))
        return [Event(f"{me.name} rests a week ({me.injured_weeks} left).")]

    # bookkeeping

    def _do_start_turn(self, task: Task, _: None) -> list[Event]:
        p = self.state.turn
        self._new_week()
        draws = (
            [Task("draw_token", CHANCE, p, self.rules.tokens_per_turn)] if self.rules.tokens_per_turn else []
        )
        if self.state.players[p].injured_weeks:
            self._then(*draws, Task("injured", p, p))
        else:
            self._then(*draws, Task("roll", CHANCE, p), Task("act", p, p), Task("end_week", AUTO, p))
        return []

    def _do_end_week(self, task: Task, _: None) -> list[Event]:
        me = self.state.players[task.player]
        later = [Task("refill", AUTO, task.player), Task("next_turn", AUTO, task.player)]
        if not self.card_used and me.schedule:
            self._then(Task("discard", task.player, task.player), *later)
        else:
            self._then(*later)
        return []

    def _do_refill(self, task: Task, _: None) -> list[Event]:
        me = self.state.players[task.player]
        missing = self.rules.schedule_size - len(me.schedule)
        left = sum(me.deck.values())
        if missing > left and self.rules.end_when == "first cannot refill":
            return self._end(f"{me.name} cannot refill the schedule: the season is over")
        if min(missing, left) > 0:
            self._then(Task("draw_card", CHANCE, task.player, min(missing, left)))
        if all(not p.schedule and not p.deck for p in self.state.players):
            return self._end("every tournament card has been used: the season is over")
        return []

    def _do_next_turn(self, task: Task, _: None) -> list[Event]:
        self.state.turn = (self.state.turn + 1) % self.players
        self.state.week += self.state.turn == 0
        self._then(Task("start_turn", AUTO, self.state.turn))
        return []

    # -- rules in action --------------------------------------------------------------------------

    def _arrive(self, p: int, position: int, by_dice: bool) -> list[Event]:
        """Put a piece on a space and queue what that space asks for."""
        me = self.state.players[p]
        me.position = position
        space = self.board.spaces[position]
        self.ace_space = position if by_dice and self.doubles else None
        self.arrival_kind = space.kind
        self.blocked_this_week |= space.kind in ("let", "injury")
        events = [Event(f"{me.name} arrives at {space.name}.")]
        if space.kind == "injury":
            return events + self._injure(p, f"{me.name} lands on the Injury space and")
        if space.kind == "let":
            self._then(Task("let_draw", CHANCE, p))
        elif self._defended(position, p) and not self.entered:
            self.entered = self.rules.failed_qualify_is_entry  # a qualification below sets it anyway
            if self._options_challenge(Task("challenge", p, p)):
                self._then(Task("challenge", p, p))
            else:
                champion = self.state.titles[position][0]
                events.append(
                    Event(
                        f"{me.name} cannot qualify against {self.player_name(champion)}: "
                        "the champion takes a card and tokens."
                    )
                )
                penalties = [Task("penalty_card", champion, p)] * self.rules.failed_qualify_cards
                if self.rules.failed_qualify_tokens:
                    penalties.append(Task("penalty_tokens", champion, p))
                self._then(*penalties)
        return events

    def _defended(self, position: int, p: int) -> bool:
        """Is there a champion other than p, fit to defend, at this space?"""
        holder = self.state.titles.get(position)
        return holder is not None and holder[0] != p and not self.state.players[holder[0]].injured_weeks

    def _injure(self, p: int, lead: str) -> list[Event]:
        who = self.state.players[p]
        if not self.rules.injury_weeks:
            return [Event(f"{lead} to the Injury space, but injuries last 0 weeks.")]
        who.position = self.board.injury
        who.injured_weeks = self.rules.injury_weeks
        return [Event(f"{lead} to the Injury space for {who.injured_weeks} weeks.")]

    def _let_effect(self, p: int, card: Any) -> list[Event]:
        me = self.state.players[p]
        events = [Event(f"{me.name} draws the Let card {card.name}: {card.description}")]
        pile = self._let_pile_at(me.position)
        if card.effect in ("keep_wildcard", "keep_travel"):
            me.lets.append((card, pile))
        else:
            self.state.let_piles[pile].seen.append(card.id)
        if card.effect == "draw_tokens":
            self._then(Task("draw_token", CHANCE, p, card.amount))
        elif card.effect == "lose_token" and me.token_count():
            self._then(*[Task("give_back", p, p)] * min(card.amount, me.token_count()))
        elif card.effect == "move":
            direction = "clockwise" if card.amount > 0 else "counter"
            to = self.board.destinations(me.position, abs(card.amount), direction, "main")[0]
            space = self.board.spaces[to]
            keep_ace = self.rules.ace_after_let_move and self.ace_space is not None
            if space.kind == "let":  # a Let card never sends you to draw another
                me.position = to
                self.ace_space = to if keep_ace else None
                events.append(Event(f"{me.name} moves to {space.name} (no second Let card)."))
            else:
                events += self._arrive(p, to, by_dice=keep_ace)
        return events

    def _enter(self, p: int, action: Enter) -> list[Event]:
        me = self.state.players[p]
        self.entered = True
        reserved = self.state.reservations.get(action.space)
        ace = self.ace_space == action.space
        if reserved and reserved[0] == p:
            del self.state.reservations[action.space]
            self.card_used = not self.rules.own_reservation_costs_week
            self.state.contest = Contest(p, action.space, action.card, ace)
            text = f"{me.name} plays their reserved {action.name}: a vacant tournament."
        else:
            me.schedule.remove(action.card)
            self.card_used = True  # a card from the schedule entered: no week's discard
            self.state.contest = Contest(p, action.space, action.card, ace)
            text = f"{me.name} enters {action.name} with {action.card}."
            if reserved and not self.state.players[reserved[0]].injured_weeks:
                c = self.state.contest
                c.kind, c.opponent, c.opponent_card = "training", reserved[0], reserved[1]
                del self.state.reservations[action.space]  # the face-down card is now in play
                text += f" {self.player_name(reserved[0])} reserved it: a tie-break on equal terms."
        self._then(Task("risk", p, p))
        return [Event(text)]

    def _qualify(self, p: int, action: Qualify) -> list[Event]:
        me = self.state.players[p]
        self.entered = self.card_used = True
        me.schedule.remove(action.card)
        paid: tuple[str, ...] = ()
        if action.pay == "wildcard":
            paid = ("wildcard",)
        elif action.pay == "sponsors":
            paid = ("sponsor",) * self.rules.sponsor_cost
        elif action.pay == "invitation":
            self._return_let(me, "keep_wildcard")
        for t in paid:
            me.tokens[t] -= 1
        champion, champion_card = self.state.titles[action.space]
        self.state.contest = Contest(
            p,
            action.space,
            action.card,
            self.ace_space == action.space,
            champion,
            champion_card,
            "defended",
            action.pay,
            paid,
        )
        self._then(Task("risk", p, p))
        return [
            Event(
                f"{me.name} qualifies for {action.name} ({action.pay}) and challenges "
                f"{self.player_name(champion)}."
            )
        ]

    def challenger_bonus(self, contest: Contest | None = None) -> int:
        """The challenger's points before any die (matching card, Ace, surface, Wildcard) in
        ``contest``: the tournament being played now if left out, or one a player is weighing."""
        return self._challenger_bonus(self._a_contest(contest))

    def reserver_bonus(self, contest: Contest | None = None) -> int:
        """The reserver's points before any die in a Training tie-break (``contest`` as above)."""
        return self._reserver_bonus(self._a_contest(contest))

    def _a_contest(self, contest: Any) -> Contest:
        if contest is None:
            if self.state.contest is None:
                raise ValueError(
                    "no tournament is being played now, so there is no bonus to count; give a "
                    "Contest to weigh one, or ask again once a player has entered one"
                )
            return self.state.contest
        if not isinstance(contest, Contest):
            raise TypeError(f"contest must be a Contest (game.state.contest); got {type(contest).__name__}")
        if not (is_whole(contest.space) and 0 <= contest.space < len(self.board.spaces)):
            raise ValueError(
                f"the contest's space must be a space of the board, 0 to {len(self.board.spaces) - 1}; "
                f"got {shown(contest.space)}"
            )
        cards = [contest.card, *([contest.opponent_card] if contest.opponent_card is not None else [])]
        if not all(isinstance(card, Card) for card in cards):
            raise TypeError("the contest's card and opponent_card must be tournament cards (Card)")
        return contest

    def _challenger_bonus(self, c: Contest) -> int:
        r = self.rules
        bonus = r.matching_card_bonus + (r.ace_bonus if c.ace else 0)
        if c.kind == "defended":
            if r.surface_match == "space":
                surface = self.board.spaces[c.space].surface
            else:
                surface = c.opponent_card.surface if c.opponent_card else None
            bonus += r.surface_bonus if c.card.surface == surface else 0
            bonus += r.wildcard_bonus if c.pay != "top ranker" else 0
        return bonus

    def _reserver_bonus(self, c: Contest) -> int:
        matches = c.opponent_card is not None and c.opponent_card.points == self.board.spaces[c.space].points
        return self.rules.matching_card_bonus if self.rules.reserver_card_point and matches else 0

    def _start_race(self, c: Contest) -> list[Event]:
        r = self.rules
        mine = self._challenger_bonus(c) + len(c.risked)
        theirs = (
            r.champion_head_start
            if c.kind == "defended"
            else self._reserver_bonus(c) + len(c.opponent_risked)
        )
        c.scores = [mine, theirs]
        c.roller = 0 if r.race_first == "challenger" else 1
        events = [
            Event(f"Tie-break race to {r.race_target}, win by {r.race_margin}: starts {mine}-{theirs}.")
        ]
        if r.race_won_at_start:
            for side in (0, 1):
                if self._race_won(c, side):
                    return events + [Event("Already won before anyone rolls.")] + self._finish(c, side == 0)
        self._then(Task("race_roll", CHANCE, c.player))
        return events

    def _race_won(self, c: Contest, side: int) -> bool:
        """Does side (0 the arriving player, 1 the other) meet the race's target and margin?"""
        mine, theirs = c.scores[side], c.scores[1 - side]
        return mine >= self.rules.race_target and mine - theirs >= self.rules.race_margin

    def _finish(self, c: Contest, challenger_won: bool) -> list[Event]:
        """Settle a tournament: cards to the board or the discards, tokens to the bag or the champion."""
        s = self.state
        me = s.players[c.player]
        s.contest = None
        spent = c.risked + c.paid_tokens
        name = self.board.spaces[c.space].name
        if c.kind == "defended" and not challenger_won:
            me.discards[c.card] += 1
            keeper = s.players[c.opponent].tokens if self.rules.champion_takes_tokens else s.bag
            for t in spent:
                keeper[t] += 1
            return [
                Event(
                    f"{self.player_name(c.opponent)} defends {name} and keeps "
                    f"{', '.join(spent) or 'no tokens'}."
                )
            ] + self._top_ranker_wildcards()
        for t in spent + c.opponent_risked:
            s.bag[t] += 1
        if c.kind == "training":
            loser, loser_card = (c.opponent, c.opponent_card) if challenger_won else (c.player, c.card)
            s.players[loser].discards[loser_card] += 1
            winner, card = (c.player, c.card) if challenger_won else (c.opponent, c.opponent_card)
            return self._crown(winner, card, c.space)
        if not challenger_won:
            me.discards[c.card] += 1
            return [Event(f"{me.name} does not win {name}; the card is discarded.")]
        reserved = s.reservations.pop(c.space, None)
        if reserved:  # an injured player's reservation is lost
            s.players[reserved[0]].discards[reserved[1]] += 1
        return self._crown(c.player, c.card, c.space)

    def _crown(self, p: int, card: Card, space: int) -> list[Event]:
        """Put p's card on the space as its champion; the old champion's card is discarded."""
        s = self.state
        old = s.titles.get(space)
        if old:
            s.players[old[0]].discards[old[1]] += 1
        s.titles[space] = (p, card)
        events = [
            Event(f"{self.player_name(p)} wins {self.board.spaces[space].name}! Ranking {s.ranking(p)}.")
        ]
        events += self._update_top_ranker()
        if s.ranking(p) >= self.target:
            events += self._end(f"{self.player_name(p)} reached {self.target} ranking points")
        return events

    def _update_top_ranker(self) -> list[Event]:
        s = self.state
        ranks = s.rankings()
        best = max(ranks)
        leaders = [p for p, r in enumerate(ranks) if r == best]
        keeps = self.rules.top_ranker_tie == "holder keeps" and s.top_ranker in leaders
        holder = leaders[0] if len(leaders) == 1 else (s.top_ranker if keeps else None)
        if holder == s.top_ranker:
            return []
        s.top_ranker = holder
        if holder is None:
            return [Event("Rankings are tied: nobody holds the Top Ranker card.")]
        return [Event(f"{self.player_name(holder)} is now the Top Ranker.")] + self._top_ranker_wildcards()

    def _top_ranker_wildcards(self) -> list[Event]:
        s = self.state
        if s.top_ranker is None or not self.rules.top_ranker_returns_wildcards:
            return []
        holder = s.players[s.top_ranker]
        n = holder.tokens["wildcard"]
        if not n:
            return []
        holder.tokens["wildcard"] = 0
        s.bag["wildcard"] += n
        return [Event(f"{holder.name} is the Top Ranker: {n} Wildcard token(s) go back to the bag.")]

    def _end(self, reason: str) -> list[Event]:
        self.tasks.clear()
        self.reason = reason
        return [Event(reason[0].upper() + reason[1:] + ".")]

    def _return_let(self, me: Player, effect: str) -> None:
        """Spend a kept Let card: it goes to the bottom of the pile it was drawn from."""
        held = next(h for h in me.lets if h[0].effect == effect)
        me.lets.remove(held)
        self.state.let_piles[held[1]].seen.append(held[0].id)

    def _spend(self, player: Player, token: str, n: int) -> None:
        """Pay n tokens of one type back into the bag."""
        player.tokens[token] -= n
        self.state.bag[token] += n

    @staticmethod
    def _discard(player: Player, card: Card) -> None:
        """A schedule card goes to its owner's discards."""
        player.schedule.remove(card)
        player.discards[card] += 1

    @staticmethod
    def _take_from(counter: Counter[Any], key: Any) -> None:
        counter[key] -= 1
        if not counter[key]:
            del counter[key]

    # -- results and views ------------------------------------------------------------------------

    def result(self) -> Result | None:
        if self.tasks:
            return None
        ranks = self.state.rankings()
        best = max(ranks)
        leaders = [p for p, r in enumerate(ranks) if r == best]
        if len(leaders) > 1 and self.rules.final_tie == "most 2000 titles":
            big = {
                p: sum(
                    1
                    for i, (h, _) in self.state.titles.items()
                    if h == p and self.board.spaces[i].points == 2000
                )
                for p in leaders
            }
            most = max(big.values())
            leaders = [p for p in leaders if big[p] == most]
        return Result(tuple(leaders), dict(enumerate(ranks)), self.reason)

    def check_conserved(self) -> None:
        """Raise ZoneError if a token, a tournament card or a Let card was lost or duplicated.

        Tokens: the bag, the players and a tournament's stakes hold the rules' whole bag.
        Tournament cards: each player's deck, schedule, discards, titles, reservations and the card
        in a tournament are their whole deck. Let cards: every card is unseen, seen at the bottom of
        a pile or kept by a player, and each pile still has the cards dealt to it. No zone holds a
        negative count. (The soak and the tests call this after every step, so it adds plain
        dicts rather than Counters: a few microseconds a step.)
        """
        s = self.state
        tokens = _tally([s.bag, *(p.tokens for p in s.players)], "tokens")
        if s.contest:
            for t in (*s.contest.risked, *s.contest.paid_tokens, *s.contest.opponent_risked):
                tokens[t] = tokens.get(t, 0) + 1
        want, deck, let_copies, dealt = self._whole()
        if {t: n for t, n in tokens.items() if n} != want:
            raise ZoneError(f"step {self.step_count}: the tokens are {tokens}, not the bag's {want}")
        held = [0] * len(s.players)
        for holder, _ in (*s.titles.values(), *s.reservations.values()):
            held[holder] += 1
        if s.contest:
            held[s.contest.player] += 1
            if s.contest.kind == "training" and s.contest.opponent is not None:
                held[s.contest.opponent] += 1
        for i, p in enumerate(s.players):
            cards = (
                sum(_tally([p.deck, p.discards], f"{p.name}'s cards").values()) + len(p.schedule) + held[i]
            )
            if cards != deck:
                raise ZoneError(f"step {self.step_count}: {p.name} has {cards} tournament cards, not {deck}")
        lets = _tally([s.let_unseen], "Let cards")
        kept = [0] * len(s.let_piles)
        for p in s.players:
            for card, origin in p.lets:
                lets[card.id] = lets.get(card.id, 0) + 1
                kept[origin] += 1
        for pile in s.let_piles:
            for let_id in pile.seen:
                lets[let_id] = lets.get(let_id, 0) + 1
        if {k: n for k, n in lets.items() if n} != let_copies:
            raise ZoneError(f"step {self.step_count}: the Let cards are {lets}, not {let_copies}")
        for k, (pile, size) in enumerate(zip(s.let_piles, dealt, strict=True)):
            if pile.unseen < 0 or pile.unseen + len(pile.seen) + kept[k] != size:
                raise ZoneError(
                    f"step {self.step_count}: Let pile {k + 1} lost or gained cards ({size} dealt)"
                )

    def _whole(self) -> tuple[dict[str, int], int, dict[str, int], list[int]]:
        """What check_conserved counts against, made once a game: the bag's tokens, the size of
        each player's deck, the Let cards and the cards dealt to each Let pile."""
        if self._whole_counts is None:
            self._whole_counts = (
                {t: n for t, n in self.rules.bag().items() if n},
                sum(self.data.deck.values()),
                {k: n for k, n in self.data.let_copies.items() if n},
                [pile.unseen for pile in self._deal_let_piles()],
            )
        return self._whole_counts

    def state_frame(self) -> pd.DataFrame:
        return self.state.players_frame()

    def board_frame(self) -> pd.DataFrame:
        return self.state.board_frame()

    def figures(self) -> dict[str, Any]:
        return self._figures_from(self._figures_record())

    def _figures_record(self) -> tuple[int, tuple[tuple[int, tuple[int, Card]], ...]]:
        # the week and the titles, as they stand: kept after every step of every simulated
        # game, so the rankings are summed only when the history is read; the titles change
        # rarely, so steps in between share one record of them
        titles = self.state.titles
        if titles != self._titles_seen:
            self._titles_seen = dict(titles)
            self._titles_record = tuple(titles.items())
        return self.state.week, self._titles_record

    def _figures_from(self, record: tuple[int, tuple[tuple[int, tuple[int, Card]], ...]]) -> dict[str, Any]:
        week, titles = record
        ranks = [0] * self.players  # State.rankings, from the titles kept
        points = self._points
        for space, (holder, _) in titles:
            ranks[holder] += points[space]
        figures: dict[str, Any] = {"week": week}
        figures.update(zip(self._ranking_keys, ranks, strict=True))
        return figures


_DO = task_methods(TiebreakGame, "_do_")
"""What each kind of task does, found once here rather than by name on every step."""
_OPTIONS = task_methods(TiebreakGame, "_options_")
"""The legal actions of each kind of decision, found once here rather than by name on every step."""

_BOARD_CACHES: WeakKeyDictionary[Board, tuple[dict[Any, tuple[int, ...]], dict[Any, list[Travel]]]] = (
    WeakKeyDictionary()
)
"""Per board: the ends of each move (position, steps, direction, fork) and the Travel actions
from each space paid each way. A board never changes, so the games on it can share them."""


@lru_cache(maxsize=4096)
def _risk_combinations(caps: tuple[int, ...]) -> list[tuple[str, ...]]:
    """Every way to risk up to caps[i] tokens of each type, listed once per caps (a race asks for
    the same few again and again; callers copy the list before changing it)."""
    return [
        tuple(t for t, n in zip(TOKEN_TYPES, counts, strict=True) for _ in range(n))
        for counts in product(*(range(cap + 1) for cap in caps))
    ]


def _is_face(value: object, sides: int) -> bool:
    """Is value a face of a die with this many sides (a whole number, not a bool or a float)?"""
    return type(value) is int and 1 <= value <= sides


def new_game(
    rules: Rules | None = None,
    data: TiebreakData | Path | str | None = None,
    seed: int = 0,
    players: int = 2,
) -> TiebreakGame:
    """A new game of Tie-Break Triumph, ready for its first step."""
    return TiebreakGame(rules, data, seed, players)


def _tally(zones: list[Counter[Any]], what: str) -> dict[Any, int]:
    """The zones' counts added up (ZoneError if any count is negative: a zone cannot owe)."""
    total: dict[Any, int] = {}
    for zone in zones:
        for key, n in zone.items():
            if n < 0:
                raise ZoneError(f"{what}: {key!r} has a negative count ({n})")
            total[key] = total.get(key, 0) + n
    return total
