"""Exact odds of Captain Tsubasa's duel, keeper's save and Special Shot, as Fractions.

The duel: each side's total (card values, points spent, penalties) plus one die; the higher
wins, a tie goes to the attacker. Every function here counts outcomes exactly; the tests check
each one against a plain enumeration written separately. Inputs are bounded (stated in each
docstring) so no call from a notebook can run for long.
"""

from __future__ import annotations

import operator
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from numbers import Rational

import pandas as pd

from playground.core.dist import Dist
from playground.core.numbers import flag, is_whole, shown

TOTAL_BOUND = 1000
"""Totals (attack or defense) must lie in -TOTAL_BOUND..TOTAL_BOUND: far beyond any total a
match can reach with any rules and card data (at most fifteen cards of value 9 in play, fifteen
points spent and a penalty of 10: -10..150), and an answer costs the same whatever the totals,
since only the dice are counted."""

REROLLERS = (None, "attacker", "defender")


def _check_int(name: str, value: object, low: int, high: int) -> int:
    """value as a Python int (a numpy integer, as pandas gives it, too) if it is one from low to high."""
    if not is_whole(value) or not low <= operator.index(value) <= high:
        raise ValueError(f"{name} must be a whole number from {low} to {high}; got {shown(value)}")
    return operator.index(value)


def _check_flag(name: str, value: object) -> None:
    flag(value, name)


def _check_totals(attack: int, defense: int, sides: int) -> tuple[int, int, int]:
    return (
        _check_int("attack", attack, -TOTAL_BOUND, TOTAL_BOUND),
        _check_int("defense", defense, -TOTAL_BOUND, TOTAL_BOUND),
        _check_int("sides", sides, 2, 12),
    )


def attacker_wins(
    attack_die: int,
    defense_die: int,
    attack: int,
    defense: int,
    assured_success: bool = False,
    ties_to_attacker: bool = True,
    sides: int = 6,
) -> bool:
    """Does the attack win a duel with these dice? (The one rule the engine and the odds share.)

    With Assured Success a top face against a 1 wins whatever the totals. Dice: whole numbers
    from 1 to sides (2 to 12); totals -1000..1000; the two rules True or False.
    """
    attack, defense, sides = _check_totals(attack, defense, sides)
    _check_flag("assured_success", assured_success)
    _check_flag("ties_to_attacker", ties_to_attacker)
    return _attacker_wins(
        _check_int("attack_die", attack_die, 1, sides),
        _check_int("defense_die", defense_die, 1, sides),
        attack,
        defense,
        bool(assured_success),
        bool(ties_to_attacker),
        sides,
    )


def _attacker_wins(
    attack_die: int,
    defense_die: int,
    attack: int,
    defense: int,
    assured_success: bool,
    ties_to_attacker: bool,
    sides: int,
) -> bool:
    """attacker_wins for arguments already known to be right: the engine's dice, its own rules
    and totals (it asks on every duel, so nothing is looked at again)."""
    if assured_success:
        if attack_die == sides and defense_die == 1:
            return True
        if defense_die == sides and attack_die == 1:
            return False
    a, d = attack + attack_die, defense + defense_die
    return a > d or (a == d and ties_to_attacker)


def p_attacker_wins(
    attack: int,
    defense: int,
    assured_success: bool = False,
    reroll: str | None = None,
    ties_to_attacker: bool = True,
    sides: int = 6,
) -> Fraction:
    """The chance the attack wins the duel: attack + die against defense + die.

    reroll is None, "attacker" or "defender": that side holds one reroll of either die, used only
    when it is losing, on the die that helps it most. Bounds: totals -1000..1000, sides 2..12,
    assured_success and ties_to_attacker True or False. Checked on every call, then answered
    from a cache of 4,096 answers (a list would otherwise fail as a cache key, in Python's words).
    """
    attack, defense, sides = _check_totals(attack, defense, sides)
    if reroll not in REROLLERS:
        raise ValueError(f"reroll must be None, 'attacker' or 'defender'; got {shown(reroll)}")
    _check_flag("assured_success", assured_success)
    _check_flag("ties_to_attacker", ties_to_attacker)
    return _p_attacker_wins(attack, defense, bool(assured_success), reroll, bool(ties_to_attacker), sides)


@lru_cache(maxsize=4096)
def _p_attacker_wins(
    attack: int, defense: int, assured_success: bool, reroll: str | None, ties_to_attacker: bool, sides: int
) -> Fraction:
    """p_attacker_wins, on checked arguments."""
    faces = range(1, sides + 1)
    # won[a-1][d-1]: the attack wins with dice a and d (the rule the engine uses, cell by cell)
    won = [
        [_attacker_wins(a, d, attack, defense, assured_success, ties_to_attacker, sides) for d in faces]
        for a in faces
    ]
    if reroll is None:
        return Fraction(sum(map(sum, won)), sides * sides)
    # Counted over sides**3 equally likely (die, die, new die): a reroll of the attacker's die
    # with the defender's at d wins in by_attack_die[d] of its sides faces, of the defender's in
    # by_defense_die[a]; the holder, when losing, takes the better of the two for itself.
    by_defense_die = [sum(row) for row in won]
    by_attack_die = [sum(column) for column in zip(*won, strict=True)]
    pick = max if reroll == "attacker" else min
    rerolled = reroll == "defender"  # the holder rerolls where it loses: won is this value there
    total = 0
    for a in range(sides):
        for d in range(sides):
            if won[a][d] == rerolled:
                total += pick(by_attack_die[d], by_defense_die[a])
            else:
                total += sides * won[a][d]
    return Fraction(total, sides**3)


def save_outcomes(catch_top: int = 1, corner_top: int = 3, sides: int = 6) -> Dist:
    """The keeper's save die: "catch" (faces 1..catch_top), "corner" (up to corner_top), else "goal".

    Bounds: 0 <= catch_top <= corner_top <= sides <= 12.
    """
    _check_int("sides", sides, 2, 12)
    _check_int("catch_top", catch_top, 0, sides)
    _check_int("corner_top", corner_top, catch_top, sides)
    return Dist({"catch": catch_top, "corner": corner_top - catch_top, "goal": sides - corner_top})


def p_goal(
    attack: int,
    defense: int,
    keeper: bool = False,
    assured_success: bool = False,
    catch_top: int = 1,
    corner_top: int = 3,
    sides: int = 6,
    reroll: str | None = None,
    ties_to_attacker: bool = True,
) -> Fraction:
    """The chance a shot scores: it wins the duel and then, with the keeper in play, his die says goal.

    reroll is None, "attacker" or "defender": that side holds one reroll, for the duel's dice or
    for the keeper's die, played to make a goal likeliest (attacker) or least likely (defender).
    The attacker rerolls in the duel only when losing it, else keeps it for a saving keeper's
    die; the defender, when losing the duel, rerolls there if that stops more shots than
    keeping the reroll for a scoring keeper's die would. Bounds as for p_attacker_wins and
    save_outcomes; keeper True or False.
    """
    attack, defense, sides = _check_totals(attack, defense, sides)
    _check_flag("keeper", keeper)
    save = save_outcomes(catch_top, corner_top, sides)  # checks the faces even without the keeper
    if reroll not in REROLLERS:
        raise ValueError(f"reroll must be None, 'attacker' or 'defender'; got {shown(reroll)}")
    _check_flag("assured_success", assured_success)
    _check_flag("ties_to_attacker", ties_to_attacker)
    scores = save["goal"] if keeper else Fraction(1)
    if reroll is None:
        return (
            _p_attacker_wins(attack, defense, bool(assured_success), None, bool(ties_to_attacker), sides)
            * scores
        )
    faces = range(1, sides + 1)
    won = [
        [
            _attacker_wins(a, d, attack, defense, bool(assured_success), bool(ties_to_attacker), sides)
            for d in faces
        ]
        for a in faces
    ]
    by_defense_die = [Fraction(sum(row), sides) for row in won]  # attacker's die at a, defender's rerolled
    by_attack_die = [Fraction(sum(col), sides) for col in zip(*won, strict=True)]  # defender's die at d
    total = Fraction(0)
    for a in range(sides):
        for d in range(sides):
            if reroll == "attacker":
                if won[a][d]:  # the reroll is kept for a keeper's die that saves
                    total += scores + (1 - scores) * scores if keeper else 1
                else:
                    total += max(by_attack_die[d], by_defense_die[a]) * scores
            elif won[a][d]:  # the defender, losing the duel: reroll there, or keep it for the keeper
                still_won = min(by_attack_die[d], by_defense_die[a])
                total += min(still_won * scores, scores * scores) if keeper else still_won
    return total / (sides * sides)


def difference_dist(sides: int = 6) -> Dist:
    """Attacker's die minus defender's die: the triangle from -(sides-1) to sides-1. Sides 2..12."""
    _check_int("sides", sides, 2, 12)
    die = Dist.die(sides)
    return die - die


def point_value(
    attack: int, defense: int, assured_success: bool = False, reroll: str | None = None
) -> Fraction:
    """What one more point spent by the attack adds to its chance of winning the duel.

    Bounds as for p_attacker_wins, with attack at most 999 (one point is added to it).
    """
    _check_int("attack", attack, -TOTAL_BOUND, TOTAL_BOUND - 1)
    return p_attacker_wins(attack + 1, defense, assured_success, reroll) - p_attacker_wins(
        attack, defense, assured_success, reroll
    )


def best_spend(
    attack: int,
    defense: int,
    points: int,
    cost: Fraction = Fraction(1, 12),
    *,
    assured_success: bool = False,
    ties_to_attacker: bool = True,
    sides: int = 6,
) -> int:
    """How many of its points the attack should spend now, if each point kept is worth ``cost``.

    The number n in 0..points that makes P(win with n more) - n * cost largest (the smallest such
    n on a tie), under the duel's rules given. Bounds: points 0..15, cost 0..1, totals, sides
    and flags as for p_attacker_wins with attack + points at most 1000.
    """
    points = _check_int("points", points, 0, 15)
    attack = _check_int("attack", attack, -TOTAL_BOUND, TOTAL_BOUND - points)
    attack, defense, sides = _check_totals(attack, defense, sides)
    _check_worth("cost", cost)
    _check_flag("assured_success", assured_success)
    _check_flag("ties_to_attacker", ties_to_attacker)
    return _best_spend(attack, defense, points, cost, bool(assured_success), bool(ties_to_attacker), sides)


def _check_worth(name: str, value: object) -> None:
    """A point's worth in chance of winning: a number from 0 to 1."""
    if not (isinstance(value, Rational | float) and not isinstance(value, bool) and 0 <= value <= 1):
        raise ValueError(f"{name} must be a number from 0 to 1 (a Fraction such as 1/12); got {shown(value)}")


@lru_cache(maxsize=4096)
def _best_spend(
    attack: int,
    defense: int,
    points: int,
    cost: Fraction,
    assured_success: bool = False,
    ties_to_attacker: bool = True,
    sides: int = 6,
) -> int:
    """best_spend's answer, kept: a simulated match asks the same few questions again and again."""
    scores = [
        _p_attacker_wins(attack + n, defense, assured_success, None, ties_to_attacker, sides)
        - n * Fraction(cost)
        for n in range(points + 1)
    ]
    return scores.index(max(scores))


def win_table(low: int = -7, high: int = 6, sides: int = 6) -> pd.DataFrame:
    """The attack's chance by the gap between the totals (attack - defense), with and without the
    tie rule (the index is named "gap", not "difference": the lessons keep that word for die minus die).

    Bounds: -30 <= low <= high <= 30, sides 2..12.
    """
    _check_int("low", low, -30, 30)
    _check_int("high", high, low, 30)
    _check_int("sides", sides, 2, 12)
    diffs = range(low, high + 1)
    columns = {  # built column by column: pandas makes a frame of columns faster than of rows
        "ties to attacker": [p_attacker_wins(d, 0, sides=sides) for d in diffs],
        "ties to defender": [p_attacker_wins(d, 0, ties_to_attacker=False, sides=sides) for d in diffs],
        "with Assured Success": [p_attacker_wins(d, 0, True, sides=sides) for d in diffs],
    }
    return pd.DataFrame(columns, index=pd.Index(diffs, name="gap (attack − defense total)"))


def special_shot_equilibrium(stops: list[list[int]]) -> tuple[list[Fraction], list[Fraction], Fraction]:
    """Solve the Special Shot guessing game exactly.

    stops[i][j] is 1 when Special Defense j stops Special Shot i (0 otherwise); a shot not stopped
    is a goal. Returns (attacker's mix over shots, defender's mix over defenses, the attacker's goal
    chance when both play the equilibrium). The game is zero-sum, so its value is unique; the
    mixes returned are one equilibrium (found by support enumeration: the indifference equations
    of each pair of supports, smallest first, solved exactly in Fractions).
    Bounds: 1 to 6 shots and defenses, entries 0 or 1.
    """
    if not isinstance(stops, list | tuple) or not 1 <= len(stops) <= 6:
        raise ValueError("stops must be a list of 1 to 6 rows (one per Special Shot)")
    width = len(stops[0]) if isinstance(stops[0], list | tuple) else 0
    if not 1 <= width <= 6 or any(not isinstance(r, list | tuple) or len(r) != width for r in stops):
        raise ValueError(
            "every row of stops needs the same number (1 to 6) of entries, one per Special Defense"
        )
    if any(not is_whole(v) or v not in (0, 1) for r in stops for v in r):
        raise ValueError("every entry of stops must be the whole number 0 (a goal) or 1 (stopped)")
    shots, defenses, value = _solve(tuple(tuple(int(v) for v in r) for r in stops))
    return list(shots), list(defenses), value  # fresh lists: editing an answer leaves the cache alone


@lru_cache(maxsize=256)
def _solve(stops: tuple[tuple[int, ...], ...]) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...], Fraction]:
    """Support enumeration: the smallest equal-size supports first, in a fixed order."""
    goal = [[1 - v for v in row] for row in stops]
    m, n = len(goal), len(goal[0])
    for size in range(1, min(m, n) + 1):
        for rows in combinations(range(m), size):
            for cols in combinations(range(n), size):
                found = _try_support(goal, rows, cols)
                if found is not None:
                    return tuple(found[0]), tuple(found[1]), found[2]
    raise ArithmeticError("no equilibrium found")  # cannot happen: every finite game has one


def _try_support(
    goal: list[list[int]], rows: tuple[int, ...], cols: tuple[int, ...]
) -> tuple[list[Fraction], list[Fraction], Fraction] | None:
    """Equal-size supports: solve the indifference equations, then check no pure reply does better.

    The attacker's chances x on rows make every defense of cols concede the same v, and add up to
    1; the defender's y on cols likewise. Each is k + 1 linear equations in k + 1 unknowns, solved
    exactly; a support whose equations have no single solution is skipped.
    """
    m, n = len(goal), len(goal[0])
    k = len(rows)
    if k == 1 and not _saddle(goal, rows[0], cols[0]):
        return None  # pure strategies hold only at a saddle point: skip the equations
    # unknowns (x_1..x_k, v): sum_i x_i goal[r_i][c_j] - v = 0 for each column, sum_i x_i = 1
    sx = _solve_linear([[goal[r][c] for r in rows] + [-1, 0] for c in cols] + [[1] * k + [0, 1]])
    if sx is None or any(p < 0 for p in sx[:k]):
        return None
    sy = _solve_linear([[goal[r][c] for c in cols] + [-1, 0] for r in rows] + [[1] * k + [0, 1]])
    if sy is None or any(p < 0 for p in sy[:k]) or sx[k] != sy[k]:
        return None
    value = sx[k]
    px = [Fraction(0)] * m
    py = [Fraction(0)] * n
    for i, r in enumerate(rows):
        px[r] = sx[i]
    for j, c in enumerate(cols):
        py[c] = sy[j]
    # no shot scores more against py, no defense concedes less against px
    if any(sum(py[j] for j in range(n) if goal[i][j]) > value for i in range(m)):
        return None
    if any(sum(px[i] for i in range(m) if goal[i][j]) < value for j in range(n)):
        return None
    return px, py, value


def _saddle(goal: list[list[int]], row: int, col: int) -> bool:
    """Is the cell the smallest of its row and the largest of its column (a pure equilibrium)?"""
    value = goal[row][col]
    return all(goal[i][col] <= value for i in range(len(goal))) and min(goal[row]) >= value


def _solve_linear(augmented: list[list[int]]) -> list[Fraction] | None:
    """The one solution of a square system given as rows [coefficients..., right-hand side], or
    None when it has none or many (a singular matrix).

    Gauss-Jordan elimination in whole numbers (a row minus a multiple of another becomes
    lead * row - factor * other, which keeps the rank), so only the answers are Fractions.
    """
    rows = [list(row) for row in augmented]
    size = len(rows)
    for col in range(size):
        pivot = next((r for r in range(col, size) if rows[r][col]), None)
        if pivot is None:
            return None
        rows[col], rows[pivot] = rows[pivot], rows[col]
        chosen = rows[col]
        lead = chosen[col]
        for r in range(size):
            factor = rows[r][col]
            if r != col and factor:
                rows[r] = [lead * a - factor * b for a, b in zip(rows[r], chosen, strict=True)]
    return [Fraction(row[size], row[i]) for i, row in enumerate(rows)]
