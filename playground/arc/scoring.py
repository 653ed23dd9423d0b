"""How an Athlete scores, on plain values a student can type, and the tip "multiply after adding".

The rulebook's score of one Athlete: add the relevant stats (base stats plus every attached
modifier), then multiply by every active bonus (Homefield, Main Character, Evil Clone). The
engine scores with these same functions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from math import prod

import sympy

from playground.core.checks import check_iterable, check_key, listed
from playground.core.numbers import flag, is_whole, shown, whole_number

from .cards import STATS

MAX_EPISODES = 1000
MAX_VALUE = 10**6
MAX_MULTIPLIERS = 50


def _int(value: object, what: str) -> int:
    if not is_whole(value) or abs(value) > MAX_VALUE:
        raise ValueError(
            f"{what} must be a whole number from {-MAX_VALUE} to {MAX_VALUE}; got {shown(value)}"
        )
    return int(value)


def checked_stats(mapping: object, what: str) -> dict[str, int]:
    """A mapping of stat -> whole number, checked: each key one of the five stats (a typo would
    silently count as 0), each value from -1,000,000 to 1,000,000."""
    if not isinstance(mapping, Mapping):
        raise ValueError(f"{what} must be a mapping like {{'body': 2}}; got {shown(mapping, 60)}")
    for key in mapping:
        checked_stat(key, f"{what}'s key")
    return {k: _int(v, f"{what}[{shown(k)}]") for k, v in mapping.items()}


def checked_stat(name: object, what: str = "a stat") -> str:
    """A stat's name, or a ValueError naming the five (with a hint for a capital letter)."""
    if name in STATS:
        return name  # type: ignore[return-value]
    hint = (
        f" (stat names are lower case: {shown(name.lower())})"
        if isinstance(name, str) and name.lower() in STATS
        else ""
    )
    raise ValueError(f"{what} {shown(name, 40)} is not a stat; the stats are {', '.join(STATS)}{hint}")


def athlete_total(
    base: Mapping[str, int], episodes: Sequence[Mapping[str, int]], relevant: Iterable[str]
) -> int:
    """The relevant stats added up: base stats plus every attached modifier, before bonuses.

    A stat missing from ``base`` or from an Episode counts as 0. At most 1000 Episodes, values
    between -1,000,000 and 1,000,000.
    """
    return checked_athlete(base, episodes)(relevant)


def checked_athlete(
    base: Mapping[str, int], episodes: Sequence[Mapping[str, int]], multiplier: int = 1
) -> Callable[[Iterable[str]], int]:
    """An Athlete's inputs checked once (as athlete_score checks them): then its score for any
    relevant stats, times the multiplier. An average over twenty Sports checks them once."""
    base = checked_stats(base, "base")
    if isinstance(episodes, Mapping) or not isinstance(episodes, Sequence):
        raise ValueError("episodes must be a list of mappings, one per attached card, like [{'body': 2}]")
    if len(episodes) > MAX_EPISODES:
        raise ValueError(f"at most {MAX_EPISODES} attached Episodes; got {len(episodes)}")
    mods = [checked_stats(e, f"episodes[{i}]") for i, e in enumerate(episodes)]
    multiplier = _int(multiplier, "multiplier")

    def score(relevant: Iterable[str]) -> int:
        stats = (
            [relevant]
            if isinstance(relevant, str)
            else listed(relevant, "relevant", "stat names, like ['body']", 20)
        )
        for stat in stats:
            checked_stat(stat, "relevant stat")
        return relevant_sum(base, mods, list(dict.fromkeys(stats))) * multiplier

    return score


def relevant_sum(base: Mapping[str, int], mods: Sequence[Mapping[str, int]], relevant: Sequence[str]) -> int:
    """The arithmetic itself, on values already checked: every relevant stat, base plus modifiers.

    athlete_total checks a student's input and then calls this; the engine, whose cards were
    checked when loaded, calls it directly. base and each of mods: a mapping of stat to number;
    mods a list of them; relevant a list of stat names (or one name).
    """
    try:  # the engine calls this for every Athlete it scores: the checks cost one pass over mods
        plain = isinstance(base, Mapping) and all(isinstance(m, Mapping) for m in mods)
    except TypeError:  # mods is no list
        plain = False
    if not plain:
        raise TypeError(
            f"base and each modifier must map stats to numbers; got {shown(base, 40)} and {shown(mods, 40)}"
        )
    if isinstance(relevant, str):  # one stat, not its letters
        relevant = [relevant]
    try:
        return sum(base.get(s, 0) + sum(m.get(s, 0) for m in mods) for s in relevant)
    except TypeError as error:  # why, in words, only once the sum failed
        check_iterable(relevant, "relevant", "stat names, like ['body']")
        for stat in relevant:
            check_key(stat, "a relevant stat")
        raise TypeError(
            "base and each modifier must map stats to whole numbers (checked_stats checks them); "
            f"{shown(base, 40)} and {shown(mods, 40)} do not add up"
        ) from error


def athlete_score(
    base: Mapping[str, int],
    episodes: Sequence[Mapping[str, int]],
    relevant: Iterable[str],
    multiplier: int = 1,
) -> int:
    """One Athlete's score: the relevant stats added up, then times the multiplier.

    ``multiplier`` is the product of the active bonuses (Homefield x2, Main Character x2, each
    Evil Clone). The rulebook's Xavier: base Teamwork 1, Body 2, Underdog 0; Episodes bring
    Teamwork +3 and -2, Body +2 and -1, Underdog +1; at home (x2) he scores 12.

    >>> athlete_score({"teamwork": 1, "body": 2, "underdog": 0},
    ...               [{"teamwork": 3, "body": 2}, {"teamwork": -2, "body": -1, "underdog": 1}],
    ...               ["teamwork", "body", "underdog"], multiplier=2)
    12
    """
    return checked_athlete(base, episodes, multiplier)(relevant)


def combined_multiplier(
    multipliers: Sequence[int], total: int = 0, *, stack: bool = True, negatives: bool = True
) -> int:
    """The one number an Athlete's total is multiplied by.

    FAQ: bonuses stack (their product: x2 and x2 make x4) and negative totals are multiplied
    too. With ``stack`` off only the biggest bonus counts; with ``negatives`` off a negative
    total is not multiplied. At most 50 multipliers; they and total whole numbers from
    -1,000,000 to 1,000,000.
    """
    multipliers = listed(
        multipliers, "multipliers", "whole numbers (the active bonuses, like [2, 2])", repeats=True
    )
    if len(multipliers) > MAX_MULTIPLIERS:
        raise ValueError(f"at most {MAX_MULTIPLIERS} multipliers; got {len(multipliers)}")
    values = [_int(m, "a multiplier") for m in multipliers]
    total = _int(total, "total")
    stack, negatives = flag(stack, "stack"), flag(negatives, "negatives")
    if total < 0 and not negatives:
        return 1
    if not values:
        return 1
    return prod(values) if stack else max(values)


# -- the distributive tip, in sympy ---------------------------------------------------------


def distributive_forms(values: Sequence[int | str], multiplier: int | str = "m") -> tuple:
    """(m*(a+b+...), m*a + m*b + ...) as sympy expressions, and whether they are equal.

    values are numbers or names of symbols (at most 50). ``sympy.expand`` turns the first
    form into the second and ``sympy.factor`` back: the Distributive Property the rulebook's
    Tip #4 relies on. Numbers are whole numbers from -1,000,000 to 1,000,000.
    """
    values = listed(values, "values", "numbers or names of symbols (like [2, 'a'])", repeats=True)
    if len(values) > MAX_MULTIPLIERS:
        raise ValueError(f"at most {MAX_MULTIPLIERS} values; got {len(values)}")
    terms = [sympy.Symbol(v) if isinstance(v, str) else sympy.Integer(_int(v, "a value")) for v in values]
    m = (
        sympy.Symbol(multiplier)
        if isinstance(multiplier, str)
        else sympy.Integer(_int(multiplier, "multiplier"))
    )
    added_first = sympy.Mul(m, sympy.Add(*terms, evaluate=False), evaluate=False)
    multiplied_each = sympy.Add(*[sympy.Mul(m, t, evaluate=False) for t in terms], evaluate=False)
    # both sides are polynomials: worked out (doit: a factor of 1 left unevaluated stays a product)
    # and expanded, they are the same sum of terms exactly when equal
    same = sympy.expand(added_first.doit()) == sympy.expand(multiplied_each.doit())
    return added_first, multiplied_each, same


def operation_count(values: int, multipliers: int) -> dict[str, int]:
    """Operations to score ``values`` numbers under ``multipliers`` bonuses, both ways.

    Multiply after adding: values-1 additions, then one multiplication per bonus.
    Multiply each first: one multiplication per bonus for every value, then values-1 additions.
    values from 1 to 1000, multipliers from 0 to 50.
    """
    values = whole_number(values, "values", 1, MAX_EPISODES)
    multipliers = whole_number(multipliers, "multipliers", 0, MAX_MULTIPLIERS)
    return {
        "add then multiply": (values - 1) + multipliers,
        "multiply each then add": values * multipliers + (values - 1),
    }


def count_both_ways(values: Sequence[int], multipliers: Sequence[int]) -> dict[str, tuple[int, int]]:
    """Score both ways, counting every + and x actually done: {way: (result, operations)}.

    values: 1 to 1000 whole numbers, multipliers: at most 50, each from -1,000,000 to 1,000,000.
    """
    nums = [_int(v, "a value") for v in listed(values, "values", "whole numbers (like [3, 4])", repeats=True)]
    mults = [
        _int(m, "a multiplier")
        for m in listed(multipliers, "multipliers", "whole numbers (like [2])", repeats=True)
    ]
    if not 1 <= len(nums) <= MAX_EPISODES or len(mults) > MAX_MULTIPLIERS:
        raise ValueError(f"give 1 to {MAX_EPISODES} values and at most {MAX_MULTIPLIERS} multipliers")
    ops = 0
    total = nums[0]
    for v in nums[1:]:
        total, ops = total + v, ops + 1
    for m in mults:
        total, ops = total * m, ops + 1
    first = (total, ops)
    ops = 0
    terms = []
    for v in nums:
        for m in mults:
            v, ops = v * m, ops + 1
        terms.append(v)
    total = terms[0]
    for t in terms[1:]:
        total, ops = total + t, ops + 1
    return {"add then multiply": first, "multiply each then add": (total, ops)}
