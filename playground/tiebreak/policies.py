"""Simple Tie-Break Triumph players, to simulate seasons and compare strategies.

- ``random_legal`` (from core): any legal move, uniformly.
- ``greedy``: always goes for the biggest tournament in reach, risks every token it may, sends
  the leader to the Injury space when it can, and throws away its cheapest card. On tour it never
  travels or trains; injured, it heals first and otherwise takes the first special action on
  offer (a Training reservation, say) before resting the week.
- ``expected_value``: like greedy, but risks only the tokens that pay for themselves, judging
  with the exact odds of odds.py: a token is worth risking when the extra chance of winning,
  times the tournament's points, beats what the token is worth kept for later.
- ``from_choices``: a whole player from a student's one or two small functions (how many tokens
  to risk, whether to challenge a champion from afar); greedy does everything else.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from playground.core.checks import failed_call
from playground.core.engine import Action, random_legal
from playground.core.numbers import shown, whole_number
from playground.core.players import policy

from .actions import EndTurn, Enter, Heal, Injure, Qualify, Risk, ServeWeek, Train, Travel
from .engine import TiebreakGame
from .odds import MAX_TOKEN_WORTH, p_challenger_wins, p_reach_target, race_args
from .rules import SPONSORS_AS_WILDCARD, TOKEN_TYPES
from .state import Contest

__all__ = ["ChoicePolicy", "Situation", "expected_value", "from_choices", "greedy", "random_legal"]


def _points(game: TiebreakGame, action: Enter | Qualify) -> int:
    return game.board.spaces[action.space].points or 0


def _risk_all(risks: list[Risk]) -> Risk:
    return max(risks, key=lambda a: len(a.tokens))


@policy(TiebreakGame)
def greedy(game: TiebreakGame) -> Action:
    """Biggest tournament first; risk everything; discard the cheapest card."""
    return _choose(game, _risk_all)


@policy(TiebreakGame)
def expected_value(game: TiebreakGame, token_worth: int = 150) -> Action:
    """Like greedy, but each risked token must add more than token_worth expected points.

    token_worth prices a token kept for later in ranking points. 150 is a rough yardstick: a token
    adds 1/6 to a vacant win, which is about 42, 83, 167 and 333 expected points on 250, 500, 1000
    and 2000 cards, so the player risks tokens for the big tournaments and keeps them otherwise.
    token_worth: a whole number of ranking points from 0 to MAX_TOKEN_WORTH (10,000).
    """
    token_worth = whole_number(token_worth, "token_worth", 0, MAX_TOKEN_WORTH)

    def pick(risks: list[Risk]) -> Risk:
        contest = game.state.contest
        if contest is None or game.tasks[0].player != contest.player:
            return _risk_all(risks)
        points = game.board.spaces[contest.space].points or 0
        chances = _win_chances(game, contest, max(len(r.tokens) for r in risks))

        def value(risk: Risk) -> Fraction:
            return chances[len(risk.tokens)] * points - token_worth * len(risk.tokens)

        # only how many tokens are risked changes the odds: judge one choice of each size
        by_size = {len(r.tokens): r for r in reversed(risks)}
        return max(by_size.values(), key=lambda r: (value(r), -len(r.tokens)))

    return _choose(game, pick)


def _win_chances(game: TiebreakGame, contest: Contest, most: int) -> tuple[Fraction, ...]:
    """The entrant's exact chance of winning the contest when risking 0, 1, ..., most tokens.

    Against a reserver (Training) we assume they risk nothing: their start is the matching card.
    """
    rules = game.rules
    base = game.challenger_bonus(contest)
    head, *race = race_args(rules)
    head = head if contest.kind == "defended" else game.reserver_bonus(contest)
    if contest.kind == "vacant":
        return tuple(
            p_reach_target(base + k, rules.vacant_target, rules.tiebreak_die_sides) for k in range(most + 1)
        )
    return tuple(p_challenger_wins(base + k, head, *race) for k in range(most + 1))


def _choose(
    game: TiebreakGame, pick_risk: Callable[[list[Risk]], Risk], actions: list[Action] | None = None
) -> Action:
    """Greedy's choice among actions (default: every legal action), with pick_risk for the risk."""
    actions = game.legal_actions() if actions is None else actions
    kind = game.tasks[0].kind
    if kind == "risk":
        return pick_risk([a for a in actions if isinstance(a, Risk)])
    if kind == "move":
        return max(actions, key=lambda a: (_vacant_points(game, a.to), -a.to))
    if kind in ("discard", "penalty_card"):
        cheapest = min(actions, key=lambda a: a.card.points)
        priciest = max(actions, key=lambda a: a.card.points)
        return cheapest if kind == "discard" else priciest  # a champion's penalty hurts most
    if kind == "penalty_tokens":
        return max(actions, key=lambda a: a.tokens.count("wildcard"))
    if kind == "injured":
        return next((a for a in actions if not isinstance(a, ServeWeek)), actions[0])
    if kind in ("act", "challenge"):  # one pass over the week's actions (often a dozen or more)
        entries, attacks, end, other = [], [], None, None
        for a in actions:
            t = type(a)
            if t is Heal:  # the week it lands on Injury, as in an injured week: heal first
                return a
            if t is Enter or t is Qualify:
                entries.append(a)
            elif t is Injure:
                attacks.append(a)
            elif t is EndTurn:
                end = end or a
            elif other is None and t is not Train and t is not Travel:
                other = a
        if entries:
            return max(entries, key=lambda a: _entry_key(game, a))
        if attacks:  # send the leader to the Injury space
            ranks = game.state.rankings()
            return max(attacks, key=lambda a: ranks[a.target])
        return end if end is not None else other
    if kind == "give_back":
        return min(actions, key=lambda a: a.token == "wildcard")
    return actions[0]


def _entry_key(game: TiebreakGame, action: Enter | Qualify) -> tuple[int, bool, bool]:
    """How greedy ranks entries: most points, then a matching surface, then the Top Ranker's pass."""
    return (
        _points(game, action),
        action.card.surface == _surface(game, action),
        isinstance(action, Qualify) and action.pay == "top ranker",
    )


def _vacant_points(game: TiebreakGame, space: int) -> int:
    """How attractive landing on a space is: the points of a tournament we could enter there."""
    s = game.board.spaces[space]
    if not s.is_tournament:
        return -1 if s.kind == "injury" else 0
    me = game.state.players[game.tasks[0].player]
    if not any(c.points == s.points for c in me.schedule):
        return 0
    return s.points if space not in game.state.titles else s.points // 2


def _surface(game: TiebreakGame, action: Enter | Qualify) -> str | None:
    return game.board.spaces[action.space].surface


# -- a player from a student's small functions ----------------------------------------------------

RISK_FIRST = ("training", "travel", "health", "sponsor", SPONSORS_AS_WILDCARD, "wildcard")
"""The order a from_choices player puts tokens at risk: those greedy never spends first, and the
Wildcard (needed to challenge a champion) last."""


@dataclass(frozen=True)
class Situation:
    """What a student's function is told about one tournament, with the exact chances.

    kind: "vacant" (nobody holds it), "champion" (a champion defends it) or "training" (another
    player reserved it). points: the ranking points it is worth. most: the most tokens you may
    risk now. chances[k]: the exact chance of winning when you risk k tokens, k = 0 to most.
    my_ranking: your ranking now; best_rival: the best ranking among the other players.
    """

    kind: str
    points: int
    most: int
    chances: tuple[Fraction, ...]
    my_ranking: int
    best_rival: int

    def p_win(self, tokens: int) -> Fraction:
        """The exact chance of winning when risking this many tokens (0 to most)."""
        return self.chances[whole_number(tokens, "tokens", 0, self.most)]


RiskChoice = Callable[[Situation], int]
ChallengeChoice = Callable[[Situation], bool]


@dataclass(frozen=True, repr=False, eq=False)
class ChoicePolicy:
    """A whole player: the student's functions decide risks and challenges, greedy the rest.

    A dataclass (not a closure), so worker processes can take it when the student's functions
    are defined at the top level of a module or a notebook, and a lesson's run of it is named by
    its two functions (core.remembered).
    """

    risk: RiskChoice | None
    challenge: ChallengeChoice | None

    def __repr__(self) -> str:
        parts = [f"{name}={getattr(f, '__name__', f)}" for name, f in self._choices()]
        return f"from_choices({', '.join(parts)})"

    def given_functions(self) -> list[Callable[[Situation], object]]:
        """The caller's functions this player calls (so a check of edits to the game covers them)."""
        return [f for _, f in self._choices()]

    def _choices(self) -> list[tuple[str, Callable[[Situation], object]]]:
        return [(name, f) for name, f in (("risk", self.risk), ("challenge", self.challenge)) if f]

    def __call__(self, game: TiebreakGame) -> Action:
        task = game.tasks[0]
        contest = game.state.contest
        if task.kind == "risk" and self.risk is not None and contest and task.player == contest.player:
            return self._pick_risk(game, contest)
        if task.kind == "act" and self.challenge is not None:
            actions = game.legal_actions()
            declined = {
                a.space for a in actions if isinstance(a, Qualify) and not self._will_challenge(game, a)
            }
            kept = [a for a in actions if not (isinstance(a, Qualify) and a.space in declined)]
            return _choose(game, _risk_all, kept)
        return greedy(game)

    def _ask(self, name: str, situation: Situation) -> object:
        """The student's risk or challenge function's answer; its own error named in a sentence."""
        try:
            return getattr(self, name)(situation)
        except Exception as error:
            raise ValueError(
                failed_call(
                    f"the {name} function given to from_choices", f"a {situation.kind} situation", error
                )
            ) from error

    def _pick_risk(self, game: TiebreakGame, contest: Contest) -> Risk:
        risks = [a for a in game.legal_actions() if isinstance(a, Risk)]
        most = max(len(r.tokens) for r in risks)
        kind = {"vacant": "vacant", "defended": "champion", "training": "training"}[contest.kind]
        answer = self._ask("risk", _situation(game, kind, contest, most))
        whole = isinstance(answer, numbers.Integral) and not isinstance(answer, bool | np.bool_)
        if not whole or answer < 0:  # a numpy whole number (np.argmax gives one) is one too
            raise ValueError(
                f"the risk function must return a whole number of tokens, 0 or more; "
                f"it returned {shown(answer)}"
            )
        size = min(int(answer), most)
        return min(
            (r for r in risks if len(r.tokens) == size),
            key=lambda r: sorted(RISK_FIRST.index(t) for t in r.tokens)[::-1],
        )

    def _will_challenge(self, game: TiebreakGame, action: Qualify) -> bool:
        """Ask the student about a challenge from afar, with the best way to qualify there."""
        ways = [a for a in game.legal_actions() if isinstance(a, Qualify) and a.space == action.space]
        best = max(ways, key=lambda a: _entry_key(game, a))
        player = game.tasks[0].player
        champion, champion_card = game.state.titles[best.space]
        contest = Contest(
            player,
            best.space,
            best.card,
            game.ace_space == best.space,
            champion,
            champion_card,
            "defended",
            best.pay,
        )
        most = _riskable(game, player, best.pay)
        answer = self._ask("challenge", _situation(game, "champion", contest, most))
        if not isinstance(answer, bool | np.bool_):
            raise ValueError(f"the challenge function must return True or False; it returned {shown(answer)}")
        return bool(answer)


def _situation(game: TiebreakGame, kind: str, contest: Contest, most: int) -> Situation:
    ranks = game.state.rankings()
    me = contest.player
    return Situation(
        kind=kind,
        points=game.board.spaces[contest.space].points or 0,
        most=most,
        chances=_win_chances(game, contest, most),
        my_ranking=ranks[me],
        best_rival=max(r for p, r in enumerate(ranks) if p != me),
    )


def _riskable(game: TiebreakGame, player: int, pay: str) -> int:
    """How many tokens the player could risk after qualifying by pay (as the engine counts)."""
    rules = game.rules
    held = game.state.players[player].tokens.copy()
    held["wildcard"] -= pay == "wildcard"
    held["sponsor"] -= rules.sponsor_cost if pay == "sponsors" else 0
    slot_used = pay in ("wildcard", "sponsors", "invitation") and rules.wildcard_slot == "used by qualifying"
    caps = {t: rules.max_risk_per_type - (t == "wildcard" and slot_used) for t in TOKEN_TYPES}
    risked = {t: max(0, min(held[t], caps[t])) for t in TOKEN_TYPES}
    stand_in = (  # Sponsors risked as the Wildcard, when its slot is free (Rules.sponsors_risk_as_wildcard)
        rules.sponsors_risk_as_wildcard
        and (pay != "top ranker" or rules.top_ranker_pays_wildcard)
        and risked["wildcard"] < caps["wildcard"]
        and held["sponsor"] - risked["sponsor"] >= rules.sponsor_cost
    )
    return sum(risked.values()) + stand_in


def from_choices(risk: RiskChoice | None = None, challenge: ChallengeChoice | None = None) -> ChoicePolicy:
    """A whole Tie-Break player from one or two small functions of a Situation.

    risk(situation) -> int: how many tokens to risk at this tournament (0 or more; asking for more
    than situation.most risks all you may). Tokens go in the order RISK_FIRST.
    challenge(situation) -> bool: asked when you could challenge a champion at the United Cup or
    the Season Final from afar, the one challenge the rules let you turn down (landing on a
    champion's space, you must try to qualify). Everything else is played as greedy plays it.

        def careful(t):
            return t.most if t.points >= 1000 else 0
        player = from_choices(risk=careful)

    Raises ValueError unless each given choice is a function, and at least one is given; during
    a game, when a function returns something else than asked.
    """
    for name, f in (("risk", risk), ("challenge", challenge)):
        if f is not None and not callable(f):
            raise ValueError(f"{name} must be a function of a Situation; got {shown(f)}")
    if risk is None and challenge is None:
        raise ValueError("give risk, challenge or both: with neither the player is simply greedy")
    return ChoicePolicy(risk, challenge)
