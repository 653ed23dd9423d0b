"""The Captain Tsubasa engine: set-up, kick-off, rounds, halves, injury time and extra time.

The match is a queue of tasks, as in Tie-Break: each task is a decision for one coach, a chance
step (a coin, a card drawn from a counted deck, a die) or bookkeeping that runs by itself. This
module owns the match's frame; the attack phase (playing cards, optional abilities and the
Mandatory Action) lives in ``attack.py``, Motivation and Signings in ``advanced.py``, and the
Shooting/Passing duel (dice, rerolls, the keeper's save, the Special Shot) in ``duel.py``.

Every reading the rulebook leaves open is a field of ``Rules``, its help text saying "Ruling"
(or "Rulebook" where the rulebook's words decide the default): when Motivation may be used, the
points a pool starts with and what extra time keeps and reshuffles, whether a reroll or an
ability outlasts its card leaving play, where a replaced keeper goes, injury time's start, who
may reroll, signed players after the round, extra time's second kick-off, and the rest.

Two readings stay without a field, since the rulebook settles them: the keeper's save is the
defender's decision (optional abilities are voluntary), and a Special Shot's two cards are
chosen face down and shown together.
"""

from __future__ import annotations

from collections import deque
from fractions import Fraction
from functools import cache
from math import gcd
from pathlib import Path
from typing import Any

import pandas as pd

from playground.core.draws import share
from playground.core.engine import CHANCE, Action, Event, Game, Result
from playground.core.matching import same_value
from playground.core.setup import checked_setup, task_methods
from playground.core.zones import Row, Table, Zone, ZoneError

from .actions import Dice, KickOff, Skip, TakeHidden, TakePitch, Use
from .advanced import AdvancedRules
from .attack import AttackPhase, Pending
from .cards import FATIGUE, TEAMS, YELLOW_RED, TsubasaData, load_data
from .duel import DuelPhase
from .illegal import explain_illegal
from .rules import POINT_KINDS, Rules
from .state import AUTO, COACH_NAMES, Coach, Duel, State, Task, said, todo

ALWAYS_A_CHOICE = frozenset({"kickoff", "attack", "ability", "aim", "spend", "reroll", "keeper"})
"""Decisions that always offer a move (pass, skip, keep the dice, spend 0 ...): never dropped for
want of one, so the queue need not list their options before the coach is asked."""


@cache
def _uniform_outcomes(kind: str, sides: int) -> tuple[Action, ...]:
    """A coin's or a die's outcomes, all equally likely, in the order chance_outcomes lists them."""
    if kind == "coin":
        return COACH_NAMES
    faces = range(1, sides + 1)
    return tuple(Dice(a, d) for a in faces for d in faces) if kind == "dice" else tuple(faces)


@cache
def _uniform(kind: str, sides: int) -> dict[Action, Fraction]:
    """The same outcomes with their chance, built once per kind and die (read-only)."""
    outcomes = _uniform_outcomes(kind, sides)
    return dict.fromkeys(outcomes, Fraction(1, len(outcomes)))


@cache
def _uniform_listed(kind: str, sides: int) -> dict[Action, tuple[Action, Fraction]]:
    """Each outcome -> (the listed outcome, its chance): what chance_listed looks up."""
    return {outcome: (outcome, p) for outcome, p in _uniform(kind, sides).items()}


class TsubasaGame(AttackPhase, AdvancedRules, DuelPhase, Game):
    """A whole match of Captain Tsubasa: The Card Game, Nankatsu (coach 0) against Toho (coach 1)."""

    SEALED_PRIVATE = ("_face_down",)  # private, so no player reads it, yet state (see core/asking.py)

    def __init__(
        self,
        rules: Rules | None = None,
        data: TsubasaData | Path | str | None = None,
        seed: int = 0,
        players: int = 2,
    ):
        rules, players = checked_setup(rules, Rules, players, range(2, 3), "Captain Tsubasa (two coaches)")
        super().__init__(seed, 2)
        self.rules = rules
        self.data = load_data(data)
        self.state = self._set_up()
        self.census = self.state.table.census()
        self.tasks: deque[Task] = deque()
        self.pending: list[Pending] = []  # the optional abilities still to decide, next first
        self.after_abilities: Task | None = None  # the decision asked again after them (None: turn over)
        self._face_down: dict[int, str] = {}  # the Special Shot cards chosen, until both are shown
        self.outcome = ""  # how the round ended: "goal", "kept" or "lost"
        self.rounds: list[tuple[str, str]] = []  # (duel kind, result) of every round played
        self.reason = ""
        self.first_kicker: int | None = None  # who kicked off the match
        self.injury_next = False  # injury time begins with the next round (Rules.injury_time_starts)
        self.declined: set[int] = set()  # coaches who kept the dice as they lie now
        for half in ("1", "2"):
            for _ in range(rules.match_cards_removed):
                self.tasks.append(todo("remove_match", CHANCE, 0, half))
        for _ in range(rules.pitch_size):
            self.tasks.append(todo("reveal", CHANCE, 0))
        if rules.signings:
            for _ in range(rules.signings_on_offer):
                self.tasks.append(todo("offer", CHANCE, 0))
            self.tasks.append(todo("close_offer", AUTO, 0))
        self.tasks.append(todo("coin", CHANCE, 0))
        self._advance([])

    def _set_up(self) -> State:
        """Every card in its starting zone; the First Match variant boxes its cards first."""
        d, r = self.data, self.rules
        box = Zone("box")

        def kept(ids: list[str]) -> list[str]:
            out = []
            for i in ids:
                if not r.first_match or d.cards[i].first_match:
                    out.append(i)
                else:
                    box.add(i)
            return out

        coaches = []
        for i, team in enumerate(TEAMS):
            name = COACH_NAMES[i]
            coaches.append(
                Coach(
                    name,
                    team,
                    deck=Zone(f"{name} deck", kept(d.team_cards(team))),
                    hand=Zone(f"{name} hand"),
                    play=Row(f"{name} play area"),
                    discard=Zone(f"{name} discard pile"),
                    penalty=Row(f"{name} penalty card"),
                    motivation=Zone(
                        f"{name} motivation cards", d.of_kind("motivation", team) if r.motivation else ()
                    ),
                    shots=Zone(f"{name} Special Shots", d.special_ids(team, "shot")),
                    defenses=Zone(f"{name} Special Defenses", d.special_ids(team, "defense")),
                    points=dict.fromkeys(POINT_KINDS, r.starting_points),
                )
            )
            if not r.motivation:
                for card in d.of_kind("motivation", team):
                    box.add(card)
        halves = {h: kept([c for c in d.of_kind("match") if d.cards[c].half == h]) for h in (1, 2)}
        supply = Zone("supply", {YELLOW_RED: d.supplies[YELLOW_RED]})
        if d.supplies[FATIGUE]:
            (box if r.first_match else supply).add(FATIGUE, d.supplies[FATIGUE])
        signings = d.of_kind("signing")
        state = State(
            data=d,
            coaches=coaches,
            table=Table(),
            match_deck=Zone("Match deck", halves[1]),
            next_half=Zone("2nd half Match deck", halves[2]),
            pitch=Row("pitch"),
            box=box,
            supply=supply,
            signing_pool=Zone("signings", signings if r.signings else ()),
            offer=Row("signings on offer"),
        )
        if not r.signings:
            for card in signings:
                box.add(card)
        for c in coaches:
            for z in c.zones():
                state.table.put(z)
        for z in (
            state.match_deck,
            state.next_half,
            state.pitch,
            box,
            supply,
            state.signing_pool,
            state.offer,
        ):
            state.table.put(z)
        return state

    def fresh(self) -> TsubasaGame:
        return TsubasaGame(self.rules, self.data, self.seed)

    # -- whose move -------------------------------------------------------------------------------

    def current_actor(self) -> int | str | None:
        return self.tasks[0].actor if self.tasks else None

    def phase(self) -> str:
        return self.tasks[0].kind if self.tasks else "over"

    def _chance_for(self) -> int | None:
        task = self.tasks[0]
        return task.coach if task.kind in ("draw", "hidden", "injury", "reroll_die", "save") else None

    def _player_name(self, player: int) -> str:
        return COACH_NAMES[player]

    @property
    def defender(self) -> int:
        return 1 - self.state.attacker

    def limit(self) -> int:
        """The card limit of this round (lower in extra time)."""
        return self.rules.extra_time_limit if self.state.period.startswith("extra") else self.rules.card_limit

    def cards_in_play(self) -> int:
        """Cards in both play areas together (penalty cards do not count)."""
        first, second = self.state.coaches
        return len(first.play) + len(second.play)

    def _why_illegal(self, action: Action) -> str | None:
        """Say in one sentence why this move is not allowed now (the move is refused, nothing changes)."""
        return explain_illegal(self, action)

    # -- chance -----------------------------------------------------------------------------------

    def _drawn_from(self) -> Zone | None:
        """The zone the pending chance step draws a card from (None for a coin or a die)."""
        task, s = self.tasks[0], self.state
        kind = task.kind
        if kind == "draw":
            return s.coaches[task.coach].deck
        if kind in ("reveal", "hidden"):
            return s.match_deck
        if kind == "remove_match":
            return self._drawn_from_half(task.arg)
        if kind == "offer":
            return s.signing_pool
        if kind == "injury":
            return s.coaches[task.coach].hand
        return None

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        zone = self._drawn_from()
        if zone is not None:
            return zone.draw_outcomes()
        return list(_uniform(self.tasks[0].kind, self.rules.die_sides).items())

    def _chance_listed(self, outcome: Action) -> tuple[Action, Fraction] | None:
        """One look-up (this runs on every chance step), not a search through every outcome;
        the candidate is confirmed with same_value (a plain tuple or a float die is refused)."""
        zone = self._drawn_from()
        if zone is not None:
            return zone.draw_listed(outcome)
        try:
            found = _uniform_listed(self.tasks[0].kind, self.rules.die_sides).get(outcome)
        except TypeError:  # an unhashable guess is no outcome of a coin or a die
            return None
        return found if found is not None and same_value(found[0], outcome) else None

    def _sample_chance(self) -> Action:
        return self._sample_chance_exact()[0]

    def _sample_chance_exact(self) -> tuple[Action, Fraction]:
        """The outcome core's ``sample_exact`` would draw from ``chance_outcomes`` with this
        generator (the same integer ticket, so a seed tells the same story), with its chance,
        without building the Fractions of the other outcomes: over their common denominator
        they are whole counts."""
        zone = self._drawn_from()
        if zone is None:  # a coin or a die: every outcome has the same chance, one ticket each
            kind, sides = self.tasks[0].kind, self.rules.die_sides
            outcomes = _uniform_outcomes(kind, sides)
            outcome = outcomes[self.rng.randrange(len(outcomes))]
            return outcome, _uniform(kind, sides)[outcome]
        kinds = zone.kinds()
        if not kinds:
            raise ZoneError(f"{zone.name} is empty: no card can be drawn")
        counts = [zone.count(card) for card in kinds]
        total = sum(counts)
        common = gcd(*counts)  # Fractions in lowest terms share the denominator total / common
        ticket = self.rng.randrange(total // common) * common
        for card, n in zip(kinds, counts, strict=True):
            ticket -= n
            if ticket < 0:
                return card, share(n, total)
        raise AssertionError("the counts add up to the total")  # cannot happen

    # -- the flow ---------------------------------------------------------------------------------

    def _player_actions(self) -> list[Action]:
        task = self.tasks[0]
        return _OPTIONS[task.kind](self, task)

    def _apply(self, action: Action) -> list[Event]:
        task = self.tasks.popleft()
        events = _EFFECTS[task.kind](self, task, action)
        self._advance(events)
        return events

    def _advance(self, events: list[Event]) -> None:
        """Run bookkeeping tasks, and drop draws from empty piles and decisions without a choice,
        until someone must act."""
        tasks = self.tasks
        while tasks:
            task = tasks[0]
            if task.actor == AUTO:
                tasks.popleft()
                events.extend(_EFFECTS[task.kind](self, task, None))
            elif task.actor == CHANCE:
                if task.kind == "draw" and not len(self.state.coaches[task.coach].deck):
                    events.extend(self._reshuffle(task.coach))
                elif (zone := self._drawn_from()) is not None and not len(zone):
                    tasks.popleft()
                else:
                    return
            elif task.kind in ALWAYS_A_CHOICE or self._player_actions():
                return
            else:
                tasks.popleft()

    def _then(self, *tasks: Task) -> None:
        """Put tasks at the front of the queue, in the order given."""
        if len(tasks) == 1:  # the usual case, without reversing
            self.tasks.appendleft(tasks[0])
        else:
            self.tasks.extendleft(reversed(tasks))

    def _reshuffle(self, coach: int) -> list[Event]:
        """An empty deck takes the discard pile back; with nothing to take, the draw is dropped."""
        c = self.state.coaches[coach]
        if not len(c.discard):
            self.tasks.popleft()
            return []
        for card in c.discard.clear():
            c.deck.add(card)
        return [said(f"{c.name} shuffles the discard pile into a new draw deck")]

    # -- set-up and kick-off ------------------------------------------------------------------------

    def _do_remove_match(self, task: Task, card: str) -> list[Event]:
        zone = self._drawn_from_half(task.arg)
        zone.move(card, self.state.box)
        return [said(f"a {'1st' if task.arg == '1' else '2nd'} half Match card goes to the box unseen")]

    def _drawn_from_half(self, half: str) -> Zone:
        return self.state.match_deck if half == "1" else self.state.next_half

    def _do_reveal(self, task: Task, card: str) -> list[Event]:
        self.state.match_deck.move(card, self.state.pitch)
        return [said(f"{self.state.card_name(card)} is turned face up on the pitch")]

    def _do_offer(self, task: Task, card: str) -> list[Event]:
        self.state.signing_pool.move(card, self.state.offer)
        return [said(f"{self.state.card_name(card)} is offered as a signing")]

    def _do_close_offer(self, task: Task, _: None) -> list[Event]:
        for card in self.state.signing_pool.clear():
            self.state.box.add(card)
        return []

    def _do_coin(self, task: Task, winner: str) -> list[Event]:
        w = COACH_NAMES.index(winner)
        if task.arg == "extra":
            return self._kick_off(w, f"the coin picks {winner} to attack first in extra time")
        self._then(todo("kickoff", w, w))
        return [said(f"{winner} wins the coin toss")]

    def _options_kickoff(self, task: Task) -> list[Action]:
        return [KickOff(True), KickOff(False)]

    def _do_kickoff(self, task: Task, action: KickOff) -> list[Event]:
        kicker = task.coach if action.take else 1 - task.coach
        self.first_kicker = kicker
        return self._kick_off(kicker, f"{COACH_NAMES[kicker]} kicks off with the ball")

    def _kick_off(self, kicker: int, text: str) -> list[Event]:
        self.state.attacker = self.state.kicked_off = kicker
        self._then(todo("start_round", AUTO, kicker))
        return [said(text)]

    # -- a round ------------------------------------------------------------------------------------

    def _do_start_round(self, task: Task, _: None) -> list[Event]:
        s = self.state
        s.round += 1
        s.duel = Duel()
        self.outcome = ""
        queue = []
        for c in (s.attacker, self.defender):
            coach = s.coaches[c]
            coach.passed, coach.rerolled, coach.left_play = False, [], []
            queue += [todo("draw", CHANCE, c)] * max(0, self.rules.hand_size - len(coach.hand))
        if not s.period.startswith("extra"):
            queue += [todo("take", self.defender, self.defender), todo("take", s.attacker, s.attacker)]
        queue += [todo("check_injury_time", AUTO, 0), todo("attack", s.attacker, s.attacker)]
        self._then(*queue)
        return [said(f"{s.period}, round {s.round}: {COACH_NAMES[s.attacker]} attacks")]

    def _do_draw(self, task: Task, card: str) -> list[Event]:
        c = self.state.coaches[task.coach]
        c.deck.move(card, c.hand)
        return [said(f"{c.name} draws a card")]

    def _options_take(self, task: Task) -> list[Action]:
        s = self.state
        options: list[Action] = [TakePitch(card) for card in dict.fromkeys(s.pitch)]
        return options + [TakeHidden()] if len(s.match_deck) else options

    def _do_take(self, task: Task, action: Action) -> list[Event]:
        c = self.state.coaches[task.coach]
        if isinstance(action, TakePitch):
            self.state.pitch.move(action.card, c.hand)
            return [said(f"{c.name} takes {self.state.card_name(action.card)} from the pitch")]
        self._then(todo("hidden", CHANCE, task.coach))
        return [said(f"{c.name} takes the hidden top Match card")]

    def _do_hidden(self, task: Task, card: str) -> list[Event]:
        self.state.match_deck.move(card, self.state.coaches[task.coach].hand)
        return []

    def _do_check_injury_time(self, task: Task, _: None) -> list[Event]:
        s = self.state
        if s.period.startswith("extra") or s.injury_time or len(s.pitch) or len(s.match_deck):
            return []
        if self.rules.injury_time_starts == "next round" and not self.injury_next:
            self.injury_next = True  # this round is the last normal one
            return [said("the last Match cards are gone: injury time begins next round")]
        s.injury_time = True
        return [said("the last Match cards are gone: injury time begins")]

    def _end_round(self, outcome: str) -> list[Event]:
        """The round's result is known: possession moves, play areas are discarded, the pitch refills."""
        s = self.state
        self.outcome = outcome
        self.rounds.append((s.duel.kind or "control and advance", s.duel.result or outcome))
        self.pending.clear()
        self.tasks.clear()  # what the round still had in line (a moment to motivate, the aim) is moot
        if outcome in ("goal", "lost"):
            s.attacker = self.defender
        self._then(todo("discard", AUTO, 0))
        return []

    def _do_discard(self, task: Task, _: None) -> list[Event]:
        s = self.state
        for coach, c in enumerate(s.coaches):
            for card in c.play.clear():
                self._discard_of(coach, card).add(card)
        refill = 0 if s.period.startswith("extra") else max(0, self.rules.pitch_size - len(s.pitch))
        self._then(*[todo("reveal", CHANCE, 0)] * refill, todo("next_round", AUTO, 0))
        return []

    def _do_next_round(self, task: Task, _: None) -> list[Event]:
        s = self.state
        if self.injury_next and not s.injury_time and not s.period.startswith("extra"):
            s.injury_time = True
            self._then(todo("start_round", AUTO, 0))
            return [said("injury time begins")]
        if s.period.startswith("extra"):
            last = s.round >= self.rules.extra_time_rounds
            over = last and (
                self.outcome != "kept"
                or s.round - self.rules.extra_time_rounds + 1 >= self.rules.injury_time_rounds
            )
        else:
            if s.injury_time:
                s.injury_rounds += 1
            over = s.injury_time and (
                self.outcome != "kept" or s.injury_rounds >= self.rules.injury_time_rounds
            )
        if not over:
            self._then(todo("start_round", AUTO, 0))
            return []
        return self._end_period()

    def _end_period(self) -> list[Event]:
        s = self.state
        ended = s.period
        events = [said(f"the {ended} is over: Nankatsu {s.coaches[0].score} - {s.coaches[1].score} Toho")]
        s.round, s.injury_time, s.injury_rounds = 0, False, 0
        self.injury_next = False
        level = s.coaches[0].score == s.coaches[1].score
        if ended == "1st half":
            s.period = "2nd half"
            self._gather(with_hand=True)
            for card in s.next_half.clear():
                s.match_deck.add(card)
            reveals = [todo("reveal", CHANCE, 0)] * self.rules.pitch_size
            self._then(*reveals, todo("second_half", AUTO, 1 - s.kicked_off))
        elif ended == "2nd half" and level and self.rules.extra_time:
            s.period = "extra time, 1st half"
            self._gather(with_hand=True)
            if self.rules.extra_time_points == "reset":
                for c in s.coaches:
                    c.points = dict.fromkeys(POINT_KINDS, self.rules.starting_points)
            self._then(todo("coin", CHANCE, 0, "extra"))
        elif ended == "extra time, 1st half":
            s.period = "extra time, 2nd half"
            if self.rules.extra_time_halftime_reshuffle:
                self._gather(with_hand=True)
            if self.rules.extra_time_second_kickoff == "coin":
                self._then(todo("coin", CHANCE, 0, "extra"))
            else:
                events += self._kick_off(1 - s.kicked_off, f"{COACH_NAMES[1 - s.kicked_off]} kicks off")
        else:
            if not level:
                self.reason = f"won in the {ended}"
            elif ended.startswith("extra time"):
                self.reason = "shared title after extra time"
            else:
                self.reason = f"shared title: level after the {ended}, and extra time is off"
            self.tasks.clear()
        return events

    def _do_second_half(self, task: Task, _: None) -> list[Event]:
        return self._kick_off(task.coach, f"{COACH_NAMES[task.coach]} kicks off the 2nd half")

    def _gather(self, with_hand: bool) -> None:
        """Halftime: each coach's hand and discard pile go back into the draw deck (points kept)."""
        for c in self.state.coaches:
            for zone in (c.discard, c.hand) if with_hand else (c.discard,):
                for card in zone.clear():
                    c.deck.add(card)

    def play_round(self, policies: Any = None) -> TsubasaGame:
        """Play on until the next round starts (or the match ends); return the game itself."""
        here = (self.state.period, self.state.round)
        while not self.is_over() and (self.state.period, self.state.round) == here:
            self.step(self.policy_for(policies))
        return self

    def play_to_duel(self, policies: Any = None) -> TsubasaGame:
        """Play on until this round's duel dice are about to be rolled (or the round ends without them)."""
        here = (self.state.period, self.state.round)
        while not self.is_over() and self.phase() != "dice" and (self.state.period, self.state.round) == here:
            self.step(self.policy_for(policies))
        return self

    # -- the end ------------------------------------------------------------------------------------

    def result(self) -> Result | None:
        if self.tasks:
            return None
        scores = {i: c.score for i, c in enumerate(self.state.coaches)}
        best = max(scores.values())
        return Result(tuple(i for i, v in scores.items() if v == best), scores, self.reason)

    def check_conserved(self) -> None:
        """Raise ZoneError if any card was lost or duplicated since set-up."""
        self.state.table.check_conserved(self.census)

    # -- tables -------------------------------------------------------------------------------------

    def state_frame(self) -> pd.DataFrame:
        """One row per coach, then one per shared zone (pitch, Match deck, box, signings)."""
        return self.state.both_frame()

    def figures(self) -> dict[str, Any]:
        return self._figures_from(self._figures_record())

    def _figures_record(self) -> tuple[str, int, int, int, int]:
        """The figures as a tuple, made after every step; the dict only when the history is read."""
        s = self.state
        return (s.period, s.round, s.attacker, s.coaches[0].score, s.coaches[1].score)

    def _said(self, action: Action, phase: str = "") -> str:
        """Card ids as the cards' names, ability ids as words: "use discard opponent (Tsubasa Ozora)"."""
        name = self.state.card_name
        if phase == "remove_match":  # put back in the box without anyone looking at it
            return "a Match card, unseen"
        if isinstance(action, str):
            return name(action)
        if not isinstance(action, tuple) or not hasattr(action, "_fields"):
            return str(action)
        data = self.state.data
        # each field, not the printed words: a teacher's card id may be any word ("pass", "on")
        named = [
            name(v) if isinstance(v, str) and (v in data.cards or v in data.specials) else v for v in action
        ]
        if isinstance(action, Use | Skip):  # an ability id, in words
            named[0] = named[0].replace("_", " ")
        return str(type(action)(*named))

    def _figures_from(self, record: tuple[str, int, int, int, int]) -> dict[str, Any]:
        period, rounds, attacker, nankatsu, toho = record
        return {
            "period": period,
            "round": rounds,
            "attacker": COACH_NAMES[attacker],
            "Nankatsu": nankatsu,
            "Toho": toho,
        }


_OPTIONS = task_methods(TsubasaGame, "_options_")
_EFFECTS = task_methods(TsubasaGame, "_do_")


def new_game(
    rules: Rules | None = None, data: TsubasaData | Path | str | None = None, seed: int = 0, players: int = 2
) -> TsubasaGame:
    """A new match, Nankatsu against Toho, ready for the set-up's first chance step."""
    return TsubasaGame(rules, data, seed, players)
