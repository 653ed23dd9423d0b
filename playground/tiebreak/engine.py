"""The Tie-Break Triumph engine: a season of turns, tournaments and tie-breaks.

The game is a queue of tasks. Each task is a decision for one player, a chance step (a die,
a draw from the bag or a deck, a Let card) or bookkeeping that runs by itself. A turn queues:
draw tokens, roll, act, end the week. Arriving somewhere queues what the space asks for (a Let
card, a forced challenge), and a tournament queues its risk decisions and dice. Keeping the flow
as data makes every chance step explicit and every decision a legal-action list.

This module owns the game's frame: the set-up and the first deal, the queue and the week's
bookkeeping (start of a turn, end of the week, refilling the schedule, the next turn), whose move
it is and every chance step, and the results and tables. What a player does lives in the phase
modules mixed into ``TiebreakGame``, each with its design notes:

- ``moving.py``: the roll, the move and what the space arrived at asks for (Let cards and piles);
- ``entering.py``: entering a tournament, or qualifying against its champion;
- ``contest.py``: risking tokens, the vacant die, the tie-break race, the bonuses, the new
  champion and the Top Ranker;
- ``specials.py``: the act phase's special actions (Training, Travel, a Health attack), Injury
  and healing, the champion's penalties, give-backs and the week's discard.

Every reading of the rulebook that is a real choice is a field of ``Rules``. What the engine
does beyond them is not a choice; the reading made here, and why:

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
from itertools import product
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

import pandas as pd

from playground.core.draws import draw_counted, sample_counts, share
from playground.core.engine import CHANCE, Action, Event, Game, Result
from playground.core.matching import find_listed, same_value
from playground.core.numbers import shown
from playground.core.setup import checked_setup, task_methods
from playground.core.zones import ZoneError

from .actions import Enter, Injure, Qualify, Risk, Roll, Travel
from .board import Board
from .cards import Card, LetCard, TiebreakData, load_data
from .contest import ContestPhase
from .entering import EnteringPhase
from .moving import MovingPhase
from .rules import Rules, token_units
from .specials import SpecialsPhase
from .state import AUTO, LetPile, Player, State, Task  # AUTO and Task are imported from here too

_AUTO_KINDS = ("start_turn", "end_week", "refill", "next_turn")
_ADVANCE_KINDS = frozenset(("draw_token", "draw_card", "let_draw", "penalty_card", "penalty_tokens")) | set(
    _AUTO_KINDS
)
"""The tasks _advance may run or skip by itself; any other task waits for its actor."""
_PLAYER_NAMES = ("Ash", "Billie", "Chris", "Dana", "Evert", "Fran")


class TiebreakGame(MovingPhase, EnteringPhase, ContestPhase, SpecialsPhase, Game):
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

    def fresh(self) -> TiebreakGame:
        return TiebreakGame(self.rules, self.data, self.seed, self.players)

    # -- whose move --------------------------------------------------------------------------------

    def current_actor(self) -> int | str | None:
        return self.tasks[0].actor if self.tasks else None

    def phase(self) -> str:
        return self.tasks[0].kind if self.tasks else "over"

    def _chance_for(self) -> int | None:
        task = self.tasks[0]
        if task.kind == "race_roll" and self.state.contest is not None:  # the roller, not the challenger
            c = self.state.contest
            return c.player if c.roller == 0 else c.opponent
        return task.player

    def _player_name(self, player: int) -> str:
        return self.state.players[player].name

    # -- chance ------------------------------------------------------------------------------------

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
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

    def _chance_listed(self, outcome: Action) -> tuple[Action, Fraction] | None:
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

    def _sample_chance(self) -> Action:
        # The same laws as chance_outcomes, drawn with integers only (no Fractions to build).
        sides = self.rules.number_die_sides
        if self.tasks[0].kind == "roll":
            first, second = self.rng.randrange(sides) + 1, self.rng.randrange(sides) + 1
            return Roll(first, second, sample_counts(self._face_counts, self.rng))
        counts = self._drawn_from()
        if counts is None:
            return self.rng.randrange(self.rules.tiebreak_die_sides) + 1
        return self._outcome(sample_counts(sorted(counts.items()), self.rng))

    def _sample_chance_exact(self) -> tuple[Action, Fraction]:
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

    # -- decisions ---------------------------------------------------------------------------------

    def _player_actions(self) -> list[Action]:
        task = self.tasks[0]
        return _OPTIONS[task.kind](self, task)

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
                f"card; paying by {shown(action.pay)} is not possible now."
            )
        return None

    # -- the flow ----------------------------------------------------------------------------------

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
            elif task.kind == "let_draw" and not self._let_pile(task.player).unseen:
                self.tasks.popleft()
                pile = self._let_pile(task.player)
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

    def _new_week(self) -> None:
        self.entered = False  # entered a tournament this week
        self.card_used = False  # a schedule card was used to enter
        self.blocked_this_week = False  # arrived on a Let or Injury space this week
        self.arrival_kind = ""
        self.lets_chained = 0  # Let cards drawn this week after a Let card's move (Rules.let_chain)
        self.ace_space: int | None = None
        self.doubles = False
        self.move_options: tuple[int, ...] = ()

    # -- the week's draws and bookkeeping ----------------------------------------------------------

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

    def _do_start_turn(self, task: Task, _: None) -> list[Event]:
        p = self.state.turn
        self._new_week()
        draws = (
            [Task("draw_token", CHANCE, p, self.rules.tokens_per_turn)] if self.rules.tokens_per_turn else []
        )
        if self.state.players[p].injured_weeks:
            self._then(*draws, Task("injured", p, p))
        else:
            self._then(*draws, *self._week_on_tour(p))
        return []

    def _week_on_tour(self, p: int) -> list[Task]:
        """A fit player's week from the specials before the roll (Rules.specials_before_roll) to its end."""
        before = [Task("prepare", p, p)] if self.rules.specials_before_roll else []
        return [*before, Task("roll", CHANCE, p), Task("act", p, p), Task("end_week", AUTO, p)]

    def _do_end_week(self, task: Task, _: None) -> list[Event]:
        me = self.state.players[task.player]
        if self.rules.injury_landing_counts and self.arrival_kind == "injury" and me.injured_weeks:
            me.injured_weeks -= 1  # the week of landing on the Injury space was the injury's first
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

    def _end(self, reason: str) -> list[Event]:
        self.tasks.clear()
        self.reason = reason
        return [Event(reason[0].upper() + reason[1:] + ".")]

    @staticmethod
    def _take_from(counter: Counter[Any], key: Any) -> None:
        counter[key] -= 1
        if not counter[key]:
            del counter[key]

    # -- results and views -------------------------------------------------------------------------

    def _said(self, action: Action, phase: str = "") -> str:
        """A move as the history writes it: a Health attack names the player it sends to Injury."""
        if isinstance(action, Injure):
            return f"send {self.player_name(action.target)} to the Injury space"
        return str(action)

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
            c, cost = s.contest, self.rules.sponsor_cost
            for t in (*token_units(c.risked, cost), *c.paid_tokens, *token_units(c.opponent_risked, cost)):
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
                raise ZoneError(f"{what}: {shown(key)} has a negative count ({n})")
            total[key] = total.get(key, 0) + n
    return total
