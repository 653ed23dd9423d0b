"""Simple Tie-Break Triumph players, to simulate seasons and compare strategies.

- ``random_legal`` (from core): any legal move, uniformly.
- ``greedy``: always goes for the biggest tournament in reach, risks every token it may,
  never spends tokens on travel or training, and throws away its cheapest card.
- ``expected_value``: like greedy, but risks only the tokens that pay for themselves, judging
  with the exact odds of odds.py: a token is worth risking when the extra chance of winning,
  times the tournament's points, beats what the token is worth kept for later.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from playground.core.engine import Action, random_legal

from .actions import EndTurn, Enter, Injure, Qualify, Risk, ServeWeek, Train, Travel
from .engine import TiebreakGame
from .odds import p_challenger_wins, p_reach_target, race_args

__all__ = ["expected_value", "greedy", "random_legal"]


def _points(game: TiebreakGame, action: Enter | Qualify) -> int:
    return game.board.spaces[action.space].points or 0


def greedy(game: TiebreakGame) -> Action:
    """Biggest tournament first; risk everything; discard the cheapest card."""
    return _choose(game, lambda risks: max(risks, key=lambda a: len(a.tokens)))


def expected_value(game: TiebreakGame, token_worth: int = 150) -> Action:
    """Like greedy, but each risked token must add more than token_worth expected points.

    token_worth prices a token kept for later in ranking points. 150 is a rough yardstick: a token
    adds 1/6 to a vacant win, which is about 42, 83, 167 and 333 expected points on 250, 500, 1000
    and 2000 cards, so the player risks tokens for the big tournaments and keeps them otherwise.
    """

    def pick(risks: list[Risk]) -> Risk:
        contest = game.state.contest
        if contest is None or game.tasks[0].player != contest.player:
            return max(risks, key=lambda a: len(a.tokens))
        points = game.board.spaces[contest.space].points or 0
        rules = game.rules
        base = game.challenger_bonus(contest)
        # against a reserver (Training), assume they risk nothing: their start is the matching card
        head, *race = race_args(rules)
        head = head if contest.kind == "defended" else game.reserver_bonus(contest)

        def value(risk: Risk) -> Fraction:
            start = base + len(risk.tokens)
            if contest.kind == "vacant":
                p = p_reach_target(start, rules.vacant_target, rules.tiebreak_die_sides)
            else:
                p = p_challenger_wins(start, head, *race)
            return p * points - token_worth * len(risk.tokens)

        # only how many tokens are risked changes the odds: judge one choice of each size
        by_size = {len(r.tokens): r for r in reversed(risks)}
        return max(by_size.values(), key=lambda r: (value(r), -len(r.tokens)))

    return _choose(game, pick)


def _choose(game: TiebreakGame, pick_risk: Callable[[list[Risk]], Risk]) -> Action:
    actions = game.legal_actions()
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
    if kind in ("act", "challenge"):
        entries = [a for a in actions if isinstance(a, Enter | Qualify)]
        if entries:
            return max(
                entries,
                key=lambda a: (
                    _points(game, a),
                    a.card.surface == _surface(game, a),
                    isinstance(a, Qualify) and a.pay == "top ranker",
                ),
            )
        attacks = [a for a in actions if isinstance(a, Injure)]
        if attacks:  # send the leader to the Injury space
            ranks = game.state.rankings()
            return max(attacks, key=lambda a: ranks[a.target])
        quiet = [a for a in actions if not isinstance(a, Train | Travel)]
        return next((a for a in quiet if isinstance(a, EndTurn)), quiet[0])
    if kind == "give_back":
        return min(actions, key=lambda a: a.token == "wildcard")
    return actions[0]


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
