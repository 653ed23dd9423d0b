"""The Challengers! engine: set-up, seven rounds of deck phase and matches, scoring, the final.

The game is a queue of tasks, as in Tie-Break: each task is a decision for one player, a chance
step (a set left out by lot, a trophy drawn for a mat's stack, a card drawn from a level deck or
revealed from a deck, a flag toss) or bookkeeping that runs by itself. The deck phase lives in
``deck_phase.py`` and the match in ``match.py``; this module owns the set-up, the order of a
round, the chance steps, scoring and the final.

Readings that are not rules choices, and why:

- A deck is a multiset: the next card revealed or drawn is equally likely to be any card still
  in it, so every reveal and draw is a chance step over the counts, with its exact probability.
- The Robot is no player: it makes no decisions (it reveals until it reaches the flag) and does
  not score. What becomes of a trophy it wins, and how its deck grows, are rules fields.
- Between rounds every player moves to the mat their bracket shows (the bracket file), and reads
  there the level deck and the number of cards to keep (or the Rules' one per round).
"""

from __future__ import annotations

import re
from collections import Counter, deque
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import pandas as pd

from playground.core.draws import share
from playground.core.engine import (
    CHANCE,
    Action,
    Event,
    Game,
    IllegalAction,
    Result,
)
from playground.core.numbers import shown
from playground.core.setup import checked_setup, task_methods
from playground.core.zones import Row, Zone, check_conserved

from .cards import ROBOT, ChallengersData, Pairing, load_data
from .deck_phase import DeckPhaseFlow, checked_decks
from .match import MatchFlow
from .rules import EACH_BRACKET, MAX_ROUNDS, Rules
from .state import AUTO, FAN, LevelDeck, Match, State, Task, new_side, trophy_fans, trophy_id, trophy_round

PLAYER_NAMES = ("Ash", "Billie", "Chris", "Dana", "Evert", "Fran", "Gus", "Hana")
CHANCE_KINDS = ("lot_set", "trophy", "draw", "reveal_draw", "toss", "lots")


SOLO_REASON = "a solo tournament: the Robot is never ranked, so the player wins; the fans won are the score"


class ChallengersGame(DeckPhaseFlow, MatchFlow, Game):
    """A whole Challengers! tournament for 1 to 8 players (the Robot fills an odd count)."""

    def __init__(
        self,
        rules: Rules | None = None,
        data: ChallengersData | Path | str | None = None,
        seed: int = 0,
        players: int = 2,
        decks: Sequence[Sequence[str]] | None = None,
    ):
        rules, players = checked_setup(rules, Rules, players, range(1, 9), "Challengers!")
        super().__init__(seed, players)
        self.rules = rules
        self.data = load_data(data)
        if rules.left_out_set != "by lot" and rules.left_out_set not in self.data.set_ids(always_in=False):
            raise ValueError(
                f"left_out_set {shown(rules.left_out_set)} is not an optional set of this data; "
                f"choose one of {', '.join(self.data.set_ids(always_in=False))} or 'by lot'"
            )
        self.robot = players if players % 2 else None
        names = [*PLAYER_NAMES[:players], *(["Robot"] if self.robot is not None else [])]
        start = self.data.starting_deck()
        robot_cards = self.data.robot_pile[: rules.robot_start_cards]
        bonuses = {c.id: c.from_bench for c in self.data.cards.values() if c.from_bench}
        sides = [new_side(n, dict(start) if i != self.robot else {}, bonuses) for i, n in enumerate(names)]
        if self.robot is not None:
            for card in robot_cards:
                sides[self.robot].deck.add(card)
        self.mats = len(sides) // 2
        self.state = State(
            sides=sides,
            cards=self.data.cards,
            levels={},
            box=Zone("box"),
            reserve=Zone("fan reserve", {FAN: rules.fan_reserve} if rules.fan_reserve else {}),
            trophy_piles=[
                Zone(f"round {r} trophies", Counter(trophy_id(r, f) for f in rules.trophy_fans(r)))
                for r in range(1, MAX_ROUNDS + 1)
            ],
            stacks=[Row(f"mat {m} trophy stack") for m in range(1, self.mats + 1)],
            robot_pile=Row(
                "Robot pile",
                self.data.robot_pile[rules.robot_start_cards :]
                if self.robot is not None
                else self.data.robot_pile,
            ),
        )
        if self.robot is None:  # the Robot deck stays in the box
            for card in self.state.robot_pile.clear():
                self.state.box.add(card)
        self.expected = self.state.table().census() + self._unbuilt_level_cards()
        players_hold = Counter({c: n for c, n in self.expected.items() if c in self.data.cards})
        self.decks = checked_decks(decks, players, players_hold - Counter(self.data.robot_pile))
        self.tasks: deque[Task] = deque()
        self.reason = ""
        self._figures: dict[str, Any] | None = None
        self._phase_names: dict[tuple[int, str], str] = {}
        if rules.left_out_set == "by lot":
            self.tasks.append(Task("lot_set", CHANCE, 0))
        else:
            self.tasks.append(Task("build_decks", AUTO, 0, rules.left_out_set))
        for mat in range(self.mats):
            for r in range(1, MAX_ROUNDS + 1):
                self.tasks.append(Task("trophy", CHANCE, mat, r))
        self.tasks.append(Task("round", AUTO, 0, 1))
        self._advance([])

    def _unbuilt_level_cards(self):
        """Every level card of every set: they join the census when the level decks are built."""
        total = Zone("all level cards")
        for card in self.data.cards.values():
            if card.level in ("A", "B", "C"):
                total.add(card.id, card.copies)
        return total.counts()

    def fresh(self) -> ChallengersGame:
        return ChallengersGame(self.rules, self.data, self.seed, self.players, self.decks)

    # -- whose move ---------------------------------------------------------------------------

    def current_actor(self) -> int | str | None:
        return self.tasks[0].actor if self.tasks else None

    def phase(self) -> str:
        if not self.tasks:
            return "over"
        key = (self.state.round, self.tasks[0].kind)
        name = self._phase_names.get(key)
        if name is None:  # the few names of a tournament, each written once
            r, kind = key
            where = "final" if r > self.rules.rounds else f"round {r}"
            name = self._phase_names[key] = f"{where}: {kind}" if r else f"set-up: {kind}"
        return name

    def _chance_for(self) -> int | None:
        task = self.tasks[0]
        if task.kind in ("draw", "reveal_draw"):
            return task.side if task.side < self.players else None
        return None

    def _player_name(self, player: int) -> str:
        return self.state.sides[player].name

    def _seats(self) -> int:
        return len(self.state.sides)  # the Robot's too

    # -- chance --------------------------------------------------------------------------------

    def _chance_counts(self) -> list[tuple[str, int]]:
        """The pending chance step as (outcome, weight) pairs: every outcome equally weighted per copy."""
        task = self.tasks[0]
        zone = self._chance_zone(task)
        if zone is not None:
            return [(c, zone.count(c)) for c in zone.kinds()]
        if task.kind == "lot_set":
            return [(s, 1) for s in self.data.set_ids(always_in=False)]
        if task.kind == "toss":  # one side each
            return [(self.player_name(s), 1) for s in task.extra]
        if task.kind == "lots":  # one tied player each
            return [(self.player_name(s), 1) for s in task.extra[1]]
        return []  # a player acts: no chance step is pending

    def _chance_zone(self, task: Task) -> Zone | None:
        """The pile a draw, reveal or trophy comes from (None for a lot, a toss or a decision)."""
        kind = task.kind
        if kind == "reveal_draw":
            return self.state.sides[task.side].deck
        if kind == "draw":
            return self.state.levels[self.state.deck_phase.level].top()
        if kind == "trophy":
            return self.state.trophy_piles[task.extra - 1]
        return None

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        counts = self._chance_counts()
        total = sum(n for _, n in counts)
        return [(value, share(n, total)) for value, n in counts]

    def _chance_listed(self, outcome: Action) -> tuple[Action, Fraction] | None:
        """Copies over the pile's size for a card or trophy: one look-up, not the whole list
        (every outcome is a card's or a player's name: a str, so an equal str is the one listed)."""
        if type(outcome) is not str:
            return None
        zone = self._chance_zone(self.tasks[0])
        if zone is not None:
            return zone.draw_listed(outcome)
        counts = self._chance_counts()
        n = dict(counts).get(outcome, 0)
        return (outcome, share(n, len(counts))) if n else None

    def _sample_chance(self) -> Action:
        return self._draw()[0]

    def _sample_chance_exact(self) -> tuple[Action, Fraction]:
        """The outcome and its exact chance from one draw (the engine's trusted path)."""
        outcome, n, total = self._draw()
        return outcome, share(n, total)

    def _draw(self) -> tuple[str, int, int]:
        """One outcome of the pending chance step: (outcome, its copies, all copies).

        The same single ticket from the generator as core's ``sample_counts`` over the same
        sorted counts, so a seed tells the same story.
        """
        task = self.tasks[0]
        zone = self._chance_zone(task)
        if zone is None:
            counts = self._chance_counts()
            kinds, count, total = [c for c, _ in counts], dict(counts).__getitem__, len(counts)
        else:
            kinds, count, total = zone.kinds(), zone.count, len(zone)
        if not total:
            raise IllegalAction("No chance step is pending: a player is to act.")
        ticket = self.rng.randrange(total)
        for value in kinds:
            n = count(value)
            ticket -= n
            if ticket < 0:
                return value, n, total
        raise AssertionError("the counts add up to the total")  # unreachable: ticket < total

    # -- decisions -----------------------------------------------------------------------------

    def _player_actions(self) -> list[Action]:
        task = self.tasks[0]
        return OPTIONS[task.kind](self, task)

    def _why_illegal(self, action: Action) -> str | None:
        task = self.tasks[0]
        return self._deck_phase_why(task, action) or self._match_why(task, action)

    # -- applying ------------------------------------------------------------------------------

    def _apply(self, action: Action) -> list[Event]:
        task = self.tasks.popleft()
        events = HANDLERS[task.kind](self, task, action)
        self._advance(events)
        return events

    def _advance(self, events: list[Event]) -> None:
        """Run bookkeeping and the Robot's moves until a player or chance must act."""
        while self.tasks:
            task = self.tasks[0]
            if task.actor == AUTO:
                self.tasks.popleft()
                events += HANDLERS[task.kind](self, task, None)
            elif task.kind == "draw" and self.state.levels[self.state.deck_phase.level].top() is None:
                self.tasks.popleft()
                events += self._empty_level_deck(task)
            else:
                return

    def _then(self, *tasks: Task) -> None:
        """Put tasks at the front of the queue, in the given order."""
        self.tasks.extendleft(reversed(tasks))

    def _actor_of(self, side: int) -> int | str:
        """Who decides for a side: the player, or AUTO for the Robot."""
        return AUTO if side == self.robot else side

    # -- set-up --------------------------------------------------------------------------------

    def _do_lot_set(self, task: Task, left_out: str) -> list[Event]:
        return self._build_decks(left_out)

    def _do_build_decks(self, task: Task, _: None) -> list[Event]:
        return self._build_decks(task.extra)

    def _build_decks(self, left_out: str) -> list[Event]:
        """The basic set and five of the six others make the level decks; the sixth goes in the box."""
        st = self.state
        st.left_out = left_out
        chosen = [s for s in self.data.sets if s != left_out]
        for level in ("A", "B", "C"):
            st.levels[level] = LevelDeck(
                level,
                [Zone(f"level {level} deck", self.data.level_cards(level, chosen))],
                Zone(f"level {level} compartment"),
            )
            for card, n in self.data.level_cards(level, [left_out]).items():
                st.box.add(card, n)
        return [
            Event(f"{self.data.sets[left_out][0]} stays in the box; the other sets make the level decks.")
        ]

    def _do_trophy(self, task: Task, trophy: str) -> list[Event]:
        """One trophy from a round's pile onto a mat's stack (round 1 ends up on top)."""
        self.state.trophy_piles[task.extra - 1].move(trophy, self.state.stacks[task.side])
        mat, fans = task.side + 1, trophy_fans(trophy)
        return [Event(f"Mat {mat} stacks a round {task.extra} trophy face down ({fans} fans on its back).")]

    # -- the order of a round ------------------------------------------------------------------

    def _do_round(self, task: Task, _: None) -> list[Event]:
        """A round: every player's deck phase, then the matches. Our reading of "each at their own
        pace": the deck phases run one after another, in seat order or rotating (Rules.
        deck_phase_order; draws are uniform, so the order changes no chance, only which cards a
        later player's draw can meet)."""
        r = task.extra
        self.state.round = r
        self._rescore()
        pairings = [p for p in self.data.brackets[self.players] if p.round == r]
        queued: list[Task] = []
        lines: dict[int, tuple[str, int]] = {}
        for p in pairings:
            for label in (p.first, p.second):
                self.state.sides[self._side_of(label)].mat = p.mat
                lines[self._side_of(label)] = self._bracket_line(p, label, r)
        drafting = range(len(self.state.sides))
        if r == 1 and self.decks is not None:  # chosen at set-up instead of drafted
            queued.append(Task("chosen_decks", AUTO, 0, self.decks))
            drafting = [] if self.robot is None else [self.robot]
        drafting = list(drafting)
        if drafting and self.rules.deck_phase_order == "rotating":
            first = (r - 1) % len(drafting)
            drafting = drafting[first:] + drafting[:first]
        for side in drafting:
            queued += self._deck_phase_tasks(side, lines[side])
        for p in pairings:
            queued.append(
                Task("match_start", AUTO, 0, (p.mat, self._side_of(p.first), self._side_of(p.second)))
            )
        queued.append(Task("round", AUTO, 0, r + 1) if r < self.rules.rounds else Task("score", AUTO, 0))
        self._then(*queued)
        return [Event(f"Round {r} begins: everyone moves to the mat on their bracket.")]

    def _bracket_line(self, pairing: Pairing, label: str, r: int) -> tuple[str, int]:
        """The level deck and keep count a bracket reads this round: its own line in the bracket
        file, or the Rules' one level and count for everyone."""
        if self.rules.level_and_keep == EACH_BRACKET:
            return pairing.line_of(label)
        return self.rules.level(r), self.rules.keep(r)

    def _side_of(self, label: str) -> int:
        return self.robot if label == ROBOT else int(label) - 1

    def humans(self) -> list[int]:
        return list(range(self.players))

    # -- scoring and the final -----------------------------------------------------------------

    def standings(self) -> list[int]:
        """Players best first by the rulebook's order (fans, trophies, highest-round trophy)."""
        return sorted(self.humans(), key=lambda p: self.state.sides[p].rank_key(), reverse=True)

    def _do_score(self, task: Task, _: None) -> list[Event]:
        order = self.standings()
        scores = ", ".join(f"{self.player_name(p)} {self.state.sides[p].score()}" for p in order)
        events = [Event(f"After round {self.rules.rounds}, fans: {scores}.")]
        if self.players == 1:  # the rulebook gives a lone player no goal (Rules.solo_goal)
            if self.rules.solo_goal == "fans are the score":
                self.reason = SOLO_REASON
            else:
                won, lost = self._solo_record()
                beat = "beat the Robot" if won > lost else "did not beat the Robot"
                self.reason = f"a solo tournament: the player {beat}, winning {won} of {won + lost} matches"
            return events
        if self.players < self.rules.final_from_players:
            self.reason = f"no final with {self.players} players: most fans wins"
            return events
        keys = {p: self.state.sides[p].rank_key() for p in order}
        second = keys[order[1]]
        sure = tuple(p for p in order if keys[p] > second)
        tied = tuple(p for p in order if keys[p] == second)
        places = 2 - len(sure)
        if len(tied) == places:
            return events + self._start_final(sure + tied)
        if self.rules.lots_break_ties:
            self._then(Task("lots", CHANCE, 0, (sure, tied, places)))
            return events + [Event("A tie for a place in the final: lots are drawn.")]
        return events + self._start_final(sure + tuple(sorted(tied))[:places])

    def _do_lots(self, task: Task, name: str) -> list[Event]:
        sure, tied, places = task.extra
        chosen = next(p for p in tied if self.player_name(p) == name)
        sure = (*sure, chosen)
        if places > 1:
            self._then(Task("lots", CHANCE, 0, (sure, tuple(p for p in tied if p != chosen), places - 1)))
            return [Event(f"{name} wins a lot for the final.")]
        return [Event(f"{name} wins the lot for the final."), *self._start_final(sure)]

    def _start_final(self, finalists: tuple[int, ...]) -> list[Event]:
        self.state.finalists = finalists
        self.state.round = self.rules.rounds + 1
        self._rescore()
        a, b = finalists
        for p in finalists:
            self.state.sides[p].mat = 1
        self._then(
            *[Task("remove", p, p) for p in finalists],
            Task("match_start", AUTO, 0, (1, a, b, True)),
        )
        return [Event(f"The final: {self.player_name(a)} against {self.player_name(b)}.")]

    def _match_over(self, match: Match) -> None:
        """Called by the match flow: a final decides the champion."""
        if match.final:
            self.state.champion = match.winner
            self.reason = f"{self.player_name(match.winner)} won the final"

    def _solo_record(self) -> tuple[int, int]:
        """A lone player's matches against the Robot: (won, lost)."""
        won = sum(m["winner"] == self.player_name(0) for m in self.state.match_log)
        return won, len(self.state.match_log) - won

    def result(self) -> Result | None:
        if self.tasks:
            return None
        scores = {p: self.state.sides[p].score() for p in self.humans()}
        if self.state.champion is not None:
            return Result((self.state.champion,), scores, self.reason)
        if self.players == 1 and self.rules.solo_goal == "beat the robot":
            won, lost = self._solo_record()
            return Result((0,) if won > lost else (), scores, self.reason)
        best = max(self.state.sides[p].rank_key() for p in self.humans())
        winners = tuple(p for p in self.humans() if self.state.sides[p].rank_key() == best)
        return Result(winners, scores, self.reason)

    # -- views -----------------------------------------------------------------------------------

    def state_frame(self) -> pd.DataFrame:
        return self.state.sides_frame()

    def zones_frame(self) -> pd.DataFrame:
        """Every zone of the tournament: its name, how many cards or tokens, and which (by name)."""
        return self.state.table().frame(self._named)  # the all-seeing census: trophies with their fans

    def deck_frame(self, player: int) -> pd.DataFrame:
        """A seat's whole deck wherever its cards are now, one row per card name (the Robot's too)."""
        return self.state.deck_frame(self.seat(player))

    def check_conserved(self) -> None:
        """Raise ZoneError if any card, trophy or fan was lost or duplicated."""
        expected = self.expected if self.state.levels else self.expected - self._unbuilt_level_cards()
        check_conserved(self.state.zones(), expected)

    def figures(self) -> dict[str, Any]:
        """The round and every player's fans (a copy: the history keeps its own)."""
        return dict(self._figures_record())

    def _figures_record(self) -> dict[str, Any]:
        """The figures, worked out again only after they change (a fan gained, a trophy won, a
        new round: see ``_rescore``), not on every step; shared by the steps' records, so never
        handed out."""
        if self._figures is None:
            figures: dict[str, Any] = {"round": self.state.round}
            for p in self.humans():
                figures[f"{self.player_name(p)} fans"] = self.state.sides[p].score()
            self._figures = figures
        return self._figures

    def _said(self, action: Action, phase: str = "") -> str:
        """A card drawn or revealed by its name, the set left out by lot by its name, a trophy by its
        round and fans. The history is the referee's record, as the zones table is: it shows the fans
        on a face-down trophy's back, which the players at the table do not see (its probability,
        3/4 for one of the three 2-fan trophies of round 1, would tell them anyway)."""
        if isinstance(action, str) and TROPHY.fullmatch(action):
            return f"a round {trophy_round(action)} trophy of {trophy_fans(action)} fans"
        return self._named(action)

    def _named(self, thing: Any) -> str:
        """A card or a set by its name (trophies, fans, sides and players are already words)."""
        if isinstance(thing, str):
            if thing in self.data.cards:
                return self.data.cards[thing].name
            if thing in self.data.sets:
                return self.data.sets[thing][0]
        return str(thing)

    def _rescore(self) -> None:
        """Forget the figures: the engine calls this whenever fans, trophies or the round change
        (code that edits those zones directly calls it too)."""
        self._figures = None


TROPHY = re.compile(r"R\d+ trophy \d+")  # a trophy's id, as state.trophy_id writes it


HANDLERS: dict[str, Callable[..., list[Event]]] = task_methods(ChallengersGame, "_do_")
"""Each task kind's handler (``_do_<kind>``), looked up once rather than by name on every step."""

OPTIONS: dict[str, Callable[..., list[Action]]] = task_methods(ChallengersGame, "_options_")
"""Each decision's list of legal actions (``_options_<kind>``)."""


def new_game(
    rules: Rules | None = None,
    data: ChallengersData | Path | str | None = None,
    seed: int = 0,
    players: int = 2,
    decks: Sequence[Sequence[str]] | None = None,
) -> ChallengersGame:
    """A new Challengers! tournament for 1 to 8 players, ready for its first step.

    decks: None (everyone starts with the Starting Deck and drafts in round 1), or one list of
    card ids per player: the decks they play round 1 with instead (see deck_phase.checked_decks).
    """
    return ChallengersGame(rules, data, seed, players, decks)
