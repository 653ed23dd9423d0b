"""Exact odds of Tie-Break Triumph's tokens: what risking one more token buys.

Each risked token adds 1 to the bonus: at a vacant tournament to the one roll against the
target, at a defended one to the challenger's start in the race. Here: how many tokens a
tie-break takes (max_tokens, max_defended_tokens), the bonus and start they make (vacant_bonus,
challenger_start), the chances of winning (p_vacant_win, p_defended_win), the token tables a
lesson shows (token_value_table, defended_token_table; with a token's own worth,
token_net_table and best_tokens) and the same tokens spent at a vacant and at a defended
tournament side by side (vacant_vs_defended). Chances are exact Fractions.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pandas as pd

from playground.core.numbers import flag, shown, whole_number

from .odds_race import p_challenger_wins, race_args
from .odds_target import DEFAULT_RULES, _check_int, _check_rules, p_reach_target
from .rules import TOKEN_TYPES, Rules

__all__ = [
    "MAX_CARD_POINTS",
    "MAX_TOKEN_WORTH",
    "best_tokens",
    "challenger_start",
    "defended_token_table",
    "max_defended_tokens",
    "max_tokens",
    "p_defended_win",
    "p_vacant_win",
    "token_net_table",
    "token_value_table",
    "vacant_bonus",
    "vacant_vs_defended",
]


def max_tokens(rules: Rules = DEFAULT_RULES) -> int:
    """The most tokens one tie-break can take: one of each type (rulebook), or the rules' cap."""
    return len(TOKEN_TYPES) * _check_rules(rules).max_risk_per_type


def max_defended_tokens(rules: Rules = DEFAULT_RULES, top_ranker: bool = False) -> int:
    """The most tokens a challenger can risk against a champion, after qualifying.

    As in the engine: the Wildcard that qualifies fills the Wildcard slot (unless
    rules.wildcard_slot is "free"), and a Top Ranker holds no Wildcard at all while
    rules.top_ranker_returns_wildcards; a Sponsor pair may then stand in for one Wildcard when
    rules.sponsors_risk_as_wildcard and rules.top_ranker_pays_wildcard are both on. top_ranker
    means qualifying as the Top Ranker: a Top Ranker who pays with a Sponsor pair instead (only
    with top_ranker_pays_wildcard) gets the Wildcard's point but holds no Wildcard token, a case
    neither setting counts exactly.
    """
    per_type = _check_rules(rules).max_risk_per_type
    if flag(top_ranker, "top_ranker"):
        held = 0 if rules.top_ranker_returns_wildcards else per_type
        stand_in = rules.sponsors_risk_as_wildcard and rules.top_ranker_pays_wildcard and held < per_type
        wildcards = held + stand_in
    else:
        wildcards = per_type - (rules.wildcard_slot == "used by qualifying")
    return (len(TOKEN_TYPES) - 1) * per_type + wildcards


def _check_tokens(tokens: int, most: int) -> int:
    tokens = _check_int("tokens", tokens, 0)
    if tokens > most:
        raise ValueError(f"at most {most} tokens can be risked in this tie-break; got {shown(tokens)}")
    return tokens


def vacant_bonus(tokens: int, ace: bool = False, rules: Rules = DEFAULT_RULES) -> int:
    """Bonus points at a vacant tournament: matching card, Ace if doubles, 1 per risked token.

    tokens: 0 to max_tokens(rules); ace: True or False; rules: a Tie-Break Rules (by keyword).
    """
    tokens = _check_tokens(tokens, max_tokens(rules))
    return rules.matching_card_bonus + (rules.ace_bonus if flag(ace, "ace") else 0) + tokens


def p_vacant_win(tokens: int, ace: bool = False, rules: Rules = DEFAULT_RULES) -> Fraction:
    """The chance of winning a vacant tournament: bonus points plus one die reach the target."""
    bonus = vacant_bonus(tokens, ace, rules)
    return p_reach_target(bonus, rules.vacant_target, rules.tiebreak_die_sides)


def challenger_start(
    tokens: int,
    ace: bool = False,
    surface: bool = False,
    rules: Rules = DEFAULT_RULES,
    top_ranker: bool = False,
) -> int:
    """The challenger's starting total in a defended tie-break.

    Matching card, plus the qualifying Wildcard's point (the Top Ranker qualifies without one and
    so gets no point for it), plus Ace, plus matching surface, plus 1 per risked token.
    """
    tokens = _check_tokens(tokens, max_defended_tokens(rules, top_ranker))
    return (
        rules.matching_card_bonus
        + (0 if top_ranker else rules.wildcard_bonus)
        + (rules.ace_bonus if flag(ace, "ace") else 0)
        + (rules.surface_bonus if flag(surface, "surface") else 0)
        + tokens
    )


def p_defended_win(
    tokens: int,
    ace: bool = False,
    surface: bool = False,
    rules: Rules = DEFAULT_RULES,
    top_ranker: bool = False,
) -> Fraction:
    """The chance a qualified challenger takes a defended tournament (the tie-break race)."""
    return p_challenger_wins(challenger_start(tokens, ace, surface, rules, top_ranker), *race_args(rules))


MAX_CARD_POINTS = 1_000_000
"""The most ranking points a card may be worth in a token table (the rulebook's best card: 2000)."""


def _token_table(p_win: Callable[[int], Fraction], card_points: int, k_max: int, paid: int | None):
    card_points = whole_number(card_points, "card_points (what the card is worth)", 0, MAX_CARD_POINTS)
    rows = []
    p0 = p_win(0)
    previous: Fraction | None = None
    for k in range(k_max + 1):
        p = p_win(k)
        row = {
            "tokens": k,
            "p_win": p,
            "decimal": float(p),
            "gain": None if previous is None else p - previous,
            "expected_points": card_points * p,
            "marginal_points": None if previous is None else card_points * (p - previous),
            "points_per_token": None if k == 0 else card_points * (p - p0) / k,
        }
        if paid is not None:
            row["expected_tokens_to_champion"] = (k + paid) * (1 - p)
        rows.append(row)
        previous = p
    return pd.DataFrame(rows)


def token_value_table(
    ace: bool = False, rules: Rules = DEFAULT_RULES, card_points: int = 250
) -> pd.DataFrame:
    """What each extra token buys at a vacant tournament, for a card worth card_points.

    One row per number of tokens k = 0..max: ``p_win`` (exact), ``decimal``, ``gain`` (the chance
    the k-th token adds), ``expected_points`` (card_points * p_win), ``marginal_points`` (the
    expected ranking points the k-th token adds) and ``points_per_token`` (expected points gained
    over risking nothing, divided by k). At a vacant tournament risked tokens go back to the bag
    either way, so their cost is only that they are not kept for later. card_points: a whole
    number from 0 to MAX_CARD_POINTS (1,000,000); ace True or False.
    """
    return _token_table(lambda k: p_vacant_win(k, ace, rules), card_points, max_tokens(rules), None)


def defended_token_table(
    ace: bool = False,
    surface: bool = False,
    rules: Rules = DEFAULT_RULES,
    top_ranker: bool = False,
    card_points: int = 250,
) -> pd.DataFrame:
    """The same table for a defended tournament's race, plus what the champion expects to gain.

    Every token put into the tie-break leaves the challenger either way: back to the bag on a
    win, to the champion on a loss (when rules.champion_takes_tokens). So
    ``expected_tokens_to_champion`` = (k + the qualifying Wildcard) * P(lose); the Top Ranker
    pays no Wildcard, and with rules.champion_takes_qualifying off the champion keeps only the
    k. The column is absent when the champion takes nothing. card_points as for
    token_value_table.
    """
    rules = _check_rules(rules)
    qualifying = 0 if flag(top_ranker, "top_ranker") or not rules.champion_takes_qualifying else 1
    paid = qualifying if rules.champion_takes_tokens else None
    return _token_table(
        lambda k: p_defended_win(k, ace, surface, rules, top_ranker),
        card_points,
        max_defended_tokens(rules, top_ranker),
        paid,
    )


MAX_TOKEN_WORTH = 10_000
"""The highest worth a token may be given: more than any card (2000) can ever repay."""


def token_net_table(frame: pd.DataFrame, token_worth: int) -> pd.DataFrame:
    """A token table (token_value_table or defended_token_table) with ``net_points`` added.

    net_points = expected_points - tokens * token_worth. token_worth is what a token kept for
    later is worth to you in ranking points: the rulebook prices no token, so this is an
    assumption the student sets. Risked tokens leave the player whether the tie-break is won or
    lost, so each costs its worth either way. (The Wildcard that qualifies for a defended
    tournament is paid whatever is risked, so it is left out: it does not change which choice is
    best.) token_worth: a whole number from 0 to MAX_TOKEN_WORTH, else ValueError.
    """
    token_worth = whole_number(token_worth, "token_worth (ranking points)", 0, MAX_TOKEN_WORTH)
    missing = {"tokens", "expected_points"} - set(getattr(frame, "columns", ()))
    if missing:
        raise ValueError(
            f"frame must be a token table with tokens and expected_points; it lacks {sorted(missing)}"
        )
    out = frame.copy()
    out["net_points"] = [
        points - k * token_worth for k, points in zip(out.tokens, out.expected_points, strict=True)
    ]
    return out


def best_tokens(frame: pd.DataFrame, token_worth: int) -> int:
    """How many tokens give the most net_points (see token_net_table); on a tie the fewest.

    At a vacant tournament each token adds card_points / 6 until the win is sure, so the answer
    is 0 when a token is worth more than that to you and "just enough for a sure win" when less.
    """
    net = token_net_table(frame, token_worth)
    best = max(net.net_points)
    return int(next(k for k, v in zip(net.tokens, net.net_points, strict=True) if v == best))


def vacant_vs_defended(
    rules: Rules = DEFAULT_RULES, ace: bool = False, surface: bool = False, top_ranker: bool = False
) -> pd.DataFrame:
    """The same hand of tokens spent at a vacant tournament and at a defended one, side by side.

    Row ``tokens`` is how many tokens the player gives up. At the vacant tournament all of them
    are risked (bonus: card + Ace + tokens). At the defended one, unless the player is Top
    Ranker, one of them is the Wildcard handed in to qualify (worth rules.wildcard_bonus) and
    the others are risked. Both sides hold the same matching card and the same Ace; the surface
    point exists only against a champion. A Top Ranker holds no Wildcard while
    rules.top_ranker_returns_wildcards, so has one kind fewer to risk at either tournament.
    Columns: tokens, vacant_bonus, p_vacant, defended_start, p_defended (None where that many
    tokens cannot be spent) and defended_better (None unless both sides are possible).
    """
    vacant_most = max_tokens(rules)
    for name, value in (("ace", ace), ("surface", surface), ("top_ranker", top_ranker)):
        flag(value, name)
    if top_ranker and rules.top_ranker_returns_wildcards:
        vacant_most -= rules.max_risk_per_type
    paid = 0 if top_ranker else 1  # the qualifying Wildcard
    defended_most = max_defended_tokens(rules, top_ranker) + paid
    rows = []
    for tokens in range(max(vacant_most, defended_most) + 1):
        vacant = tokens <= vacant_most
        defended = paid <= tokens <= defended_most
        p_vacant = p_vacant_win(tokens, ace, rules) if vacant else None
        p_defended = p_defended_win(tokens - paid, ace, surface, rules, top_ranker) if defended else None
        rows.append(
            {
                "tokens": tokens,
                "vacant_bonus": vacant_bonus(tokens, ace, rules) if vacant else None,
                "p_vacant": p_vacant,
                "defended_start": challenger_start(tokens - paid, ace, surface, rules, top_ranker)
                if defended
                else None,
                "p_defended": p_defended,
                "defended_better": None if p_vacant is None or p_defended is None else p_defended > p_vacant,
            }
        )
    return pd.DataFrame(rows).astype({"vacant_bonus": "Int64", "defended_start": "Int64"})
