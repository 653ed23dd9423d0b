"""Captain Tsubasa odds: each exact function against a plain enumeration written here, or by hand.

The enumerations below do not call odds.attacker_wins: they restate the rule (totals plus dice,
ties to the attacker, a 6 against a 1 with Assured Success) in their own few lines.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest
import sympy

from playground.core.dist import Dist
from playground.tsubasa import odds

FACES = range(1, 7)


def wins(a: int, d: int, attack: int, defense: int, assured: bool = False, ties: bool = True) -> bool:
    if assured and {a, d} == {1, 6}:
        return a == 6
    return attack + a > defense + d or (ties and attack + a == defense + d)


def brute(attack: int, defense: int, assured: bool = False, ties: bool = True) -> Fraction:
    hits = sum(wins(a, d, attack, defense, assured, ties) for a, d in product(FACES, FACES))
    return Fraction(hits, 36)


def brute_reroll(attack: int, defense: int, who: str) -> Fraction:
    """Enumerate the three dice: the two rolled and the one rerolled, with the holder's best pick."""
    total = Fraction(0)
    for a, d in product(FACES, FACES):
        won = wins(a, d, attack, defense)
        losing = (who == "attacker" and not won) or (who == "defender" and won)
        if not losing:
            total += Fraction(int(won), 36)
            continue
        again_a = Fraction(sum(wins(x, d, attack, defense) for x in FACES), 6)
        again_d = Fraction(sum(wins(a, y, attack, defense) for y in FACES), 6)
        best = max(again_a, again_d) if who == "attacker" else min(again_a, again_d)
        total += best / 36
    return total


@pytest.mark.parametrize("diff", range(-8, 9))
def test_p_attacker_wins_matches_enumeration(diff: int) -> None:
    for assured in (False, True):
        for ties in (False, True):
            assert odds.p_attacker_wins(diff + 3, 3, assured, ties_to_attacker=ties) == brute(
                diff + 3, 3, assured, ties
            )


def test_level_totals_by_hand() -> None:
    """Equal totals: 15 ways the attacker's die is higher, 6 ties, so 21/36 = 7/12 (ties to him)."""
    assert odds.p_attacker_wins(4, 4) == Fraction(21, 36) == Fraction(7, 12)
    assert odds.p_attacker_wins(4, 4, ties_to_attacker=False) == Fraction(15, 36)
    # Assured Success only matters when a 6 against a 1 would not already decide it the same way
    assert odds.p_attacker_wins(0, 5) == Fraction(1, 36) and odds.p_attacker_wins(0, 6, True) == Fraction(
        1, 36
    )
    assert odds.p_attacker_wins(0, 6) == 0 and odds.p_attacker_wins(6, 0, True) == Fraction(35, 36)


@pytest.mark.parametrize("diff", range(-7, 8))
@pytest.mark.parametrize("who", ["attacker", "defender"])
def test_rerolls_match_enumeration(diff: int, who: str) -> None:
    assert odds.p_attacker_wins(diff, 0, reroll=who) == brute_reroll(diff, 0, who)


def by_fractions(
    attack: int, defense: int, assured: bool, reroll: str | None, ties: bool, sides: int
) -> Fraction:
    """The duel summed cell by cell in Fractions, any die: a second derivation for other sides."""
    faces = range(1, sides + 1)

    def win(a: int, d: int) -> bool:
        if assured and (a, d) in ((sides, 1), (1, sides)):
            return a == sides
        return attack + a > defense + d or (ties and attack + a == defense + d)

    total = Fraction(0)
    for a, d in product(faces, faces):
        losing = (reroll == "attacker" and not win(a, d)) or (reroll == "defender" and win(a, d))
        if not losing:
            total += Fraction(int(win(a, d)), sides * sides)
            continue
        again_a = Fraction(sum(win(x, d) for x in faces), sides)
        again_d = Fraction(sum(win(a, y) for y in faces), sides)
        total += (max if reroll == "attacker" else min)(again_a, again_d) / (sides * sides)
    return total


@pytest.mark.parametrize("sides", [2, 3, 6, 8, 12])
def test_every_die_and_rule_matches_the_cell_by_cell_sum(sides: int) -> None:
    rng = random.Random(sides)
    for _ in range(25):
        attack, defense = rng.randint(-14, 14), rng.randint(-14, 14)
        for assured, ties, reroll in product((False, True), (False, True), odds.REROLLERS):
            assert odds.p_attacker_wins(attack, defense, assured, reroll, ties, sides) == by_fractions(
                attack, defense, assured, reroll, ties, sides
            )


def test_a_reroll_helps_its_holder() -> None:
    for diff in range(-5, 6):
        plain = odds.p_attacker_wins(diff, 0)
        assert (
            odds.p_attacker_wins(diff, 0, reroll="attacker")
            >= plain
            >= odds.p_attacker_wins(diff, 0, reroll="defender")
        )


def brute_goal(attack: int, defense: int, who: str, keeper: bool = True) -> Fraction:
    """P(goal) by a game tree: the holder may reroll any one die (the duel's two or the keeper's)
    at any point, or never, and picks whatever makes a goal likeliest (attacker) or least likely."""
    best = max if who == "attacker" else min

    def keeper_die(can_reroll: bool) -> Fraction:
        if not keeper:
            return Fraction(1)
        goal = Fraction(0)
        for k in FACES:
            kept = Fraction(int(k >= 4))
            rerolled = Fraction(sum(j >= 4 for j in FACES), 6)
            goal += best(kept, rerolled) if can_reroll else kept
        return goal / 6

    def after_duel(a: int, d: int, can_reroll: bool) -> Fraction:
        return keeper_die(can_reroll) if wins(a, d, attack, defense) else Fraction(0)

    total = Fraction(0)
    for a, d in product(FACES, FACES):
        options = [
            after_duel(a, d, True),
            sum((after_duel(x, d, False) for x in FACES), Fraction(0)) / 6,
            sum((after_duel(a, y, False) for y in FACES), Fraction(0)) / 6,
        ]
        total += best(options)
    return total / 36


@pytest.mark.parametrize("who", ["attacker", "defender"])
@pytest.mark.parametrize("keeper", [True, False])
def test_a_reroll_with_the_keeper_is_the_game_tree(who: str, keeper: bool) -> None:
    for gap in range(-6, 7):
        assert odds.p_goal(gap, 0, keeper=keeper, reroll=who) == brute_goal(gap, 0, who, keeper), gap


def test_a_reroll_with_the_keeper_by_hand() -> None:
    """Level totals: 21/36 duels won at once, 8/36 more by the attacker's reroll (notebook 11)."""
    won_at_once, won_by_reroll = Fraction(21, 36), Fraction(8, 36)
    attacker_keeps = Fraction(1, 2) + Fraction(1, 2) * Fraction(1, 2)  # a saving keeper's die rerolled
    by_hand = won_at_once * attacker_keeps + won_by_reroll / 2
    assert odds.p_goal(0, 0, keeper=True, reroll="attacker") == by_hand
    assert odds.p_goal(0, 0, keeper=True, reroll="attacker") == Fraction(79, 144)
    assert odds.p_goal(0, 0, keeper=True, reroll="defender") == Fraction(55, 432)


def test_the_keepers_save_by_hand() -> None:
    """1 catch, 2-3 corner, 4-6 goal: a shot that wins the duel scores half the time."""
    assert odds.save_outcomes() == Dist({"catch": 1, "corner": 2, "goal": 3})
    assert odds.p_goal(3, 3, keeper=True) == Fraction(7, 12) * Fraction(1, 2) == Fraction(7, 24)
    assert odds.p_goal(3, 3) == Fraction(7, 12)
    sim = random.Random(1)
    n = 20_000
    goals = 0
    for _ in range(n):
        a, d, save = sim.randint(1, 6), sim.randint(1, 6), sim.randint(1, 6)
        goals += a + 3 >= d + 3 and save >= 4
    assert abs(goals / n - 7 / 24) < 4 * (7 / 24 * 17 / 24 / n) ** 0.5  # within 4 standard errors


def test_difference_is_the_triangle() -> None:
    diff = odds.difference_dist()
    for k in range(-5, 6):
        assert diff[k] == Fraction(6 - abs(k), 36)
    assert diff == Dist.uniform(a - d for a, d in product(FACES, FACES))


def test_point_value_and_best_spend() -> None:
    assert odds.point_value(0, 0) == odds.p_attacker_wins(1, 0) - Fraction(7, 12) == Fraction(5, 36)
    # a point is worth at most 1/6 (the tallest bar of the triangle) and nothing once the duel is sure
    assert max(odds.point_value(k, 0) for k in range(-7, 7)) == Fraction(1, 6)
    assert odds.point_value(6, 0) == 0
    by_hand = max(range(4), key=lambda n: (odds.p_attacker_wins(n - 2, 0) - n * Fraction(1, 12), -n))
    assert odds.best_spend(-2, 0, 3) == by_hand
    assert odds.best_spend(10, 0, 5) == 0 and odds.best_spend(-20, 0, 5) == 0


def test_the_win_table_is_the_function() -> None:
    table = odds.win_table(-3, 3)
    assert list(table.index) == list(range(-3, 4))
    assert table.loc[0, "ties to attacker"] == Fraction(7, 12)
    assert table.loc[0, "ties to defender"] == Fraction(5, 12)
    assert table.loc[-3, "with Assured Success"] == brute(0, 3, assured=True)


def _value_by_linear_programming(stops: list[list[int]]) -> sympy.Rational:
    """A second derivation: the attacker's maximin by sympy's exact simplex (sympy.solvers.simplex)."""
    from sympy.solvers.simplex import lpmax

    m, n = len(stops), len(stops[0])
    x = sympy.symbols(f"x0:{m}")
    v = sympy.Symbol("v")
    cons = [sum(x[i] * (1 - stops[i][j]) for i in range(m)) >= v for j in range(n)]
    cons += [xi >= 0 for xi in x] + [sympy.Eq(sum(x), 1)]
    best, _ = lpmax(v, cons)
    return best


@pytest.mark.parametrize(
    "stops",
    [
        [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
        [[1, 1, 0], [0, 1, 0], [0, 0, 1]],
        [[1, 1, 1], [0, 1, 0], [0, 0, 1]],
        [[0, 0, 0], [1, 1, 1], [1, 0, 1]],
        [[1, 0], [0, 1], [1, 1]],
    ],
)
def test_special_shot_equilibrium_against_linear_programming(stops) -> None:
    x, y, value = odds.special_shot_equilibrium(stops)
    assert sum(x) == 1 and sum(y) == 1
    assert value == _value_by_linear_programming(stops)
    m, n = len(stops), len(stops[0])
    # neither side gains by switching to a pure strategy
    for i in range(m):
        assert sum(y[j] * (1 - stops[i][j]) for j in range(n)) <= value
    for j in range(n):
        assert sum(x[i] * (1 - stops[i][j]) for i in range(m)) >= value


def test_the_exact_linear_solver_agrees_with_sympy_and_spots_singular_systems() -> None:
    """special_shot_equilibrium solves its indifference equations with Fractions: checked here
    against sympy's own solve on random small systems, many of them singular (no single answer)."""
    rng = random.Random(13)
    singular = 0
    for _ in range(150):
        size = rng.randint(1, 4)
        rows = [[rng.choice((-1, 0, 0, 1, 1)) for _ in range(size + 1)] for _ in range(size)]
        matrix = sympy.Matrix([row[:size] for row in rows])
        found = odds._solve_linear(rows)
        if matrix.det() == 0:
            singular += 1
            assert found is None
        else:
            assert found == list(matrix.LUsolve(sympy.Matrix([row[size] for row in rows])))
    assert 20 < singular < 130


def test_the_rulebook_matrix_by_hand() -> None:
    """Each defense stops one shot: guess right 1 time in 3, so a goal 2 times in 3."""
    x, y, value = odds.special_shot_equilibrium([[1, 0, 0], [0, 1, 0], [0, 0, 1]])
    assert x == y == [Fraction(1, 3)] * 3 and value == Fraction(2, 3)


def test_an_edited_equilibrium_leaves_the_next_answer_alone() -> None:
    """The answers are kept for the next call with the same matrix: a student who edits the mix
    they were given must not change what the next call (or the Special Shot player) is told."""
    x, y, _ = odds.special_shot_equilibrium([[1, 0], [0, 1]])
    x[0], y[:] = Fraction(9), []
    assert odds.special_shot_equilibrium([[1, 0], [0, 1]]) == (
        [Fraction(1, 2)] * 2,
        [Fraction(1, 2)] * 2,
        Fraction(1, 2),
    )


def test_numpy_dice_and_flags_are_taken() -> None:
    np = pytest.importorskip("numpy")
    assert odds.attacker_wins(np.int64(6), np.int64(1), 0, 9, assured_success=np.bool_(True)) is True
    assert odds.attacker_wins(3, 3, 0, 0, ties_to_attacker=False) is False


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: odds.p_attacker_wins(1001, 0), "attack must be a whole number from -1000 to 1000"),
        (lambda: odds.p_attacker_wins(0, 0, reroll="both"), "reroll must be None"),
        (lambda: odds.p_attacker_wins(0, 0, sides=1), "sides must be a whole number from 2 to 12"),
        (lambda: odds.save_outcomes(4, 3), "corner_top must be a whole number from 4 to 6"),
        (lambda: odds.best_spend(0, 0, 99), "points must be a whole number from 0 to 15"),
        (lambda: odds.best_spend(998, 0, 5), "attack must be a whole number from -1000 to 995; got 998"),
        (lambda: odds.point_value(1000, 0), "attack must be a whole number from -1000 to 999; got 1000"),
        (lambda: odds.p_goal(0, 0, keeper=True, corner_top=100), "corner_top must be a whole number"),
        (lambda: odds.win_table(-40, 0), "low must be a whole number from -30 to 30"),
        (lambda: odds.special_shot_equilibrium([[1, 2]]), "every entry of stops must be the whole number 0"),
        (lambda: odds.special_shot_equilibrium([[1.0, 0], [0, 1]]), "must be the whole number 0"),
        (lambda: odds.attacker_wins(9, 1, 0, 0), "attack_die must be a whole number from 1 to 6; got 9"),
        (lambda: odds.attacker_wins(3, 0, 0, 0, sides=4), "defense_die must be a whole number from 1 to 4"),
        (
            lambda: odds.attacker_wins(3, 2, 0, 0, assured_success=1.0),
            "assured_success must be True or False",
        ),
        (lambda: odds.p_attacker_wins(0, 0, ties_to_attacker=Fraction(0)), "ties_to_attacker must be True"),
        (lambda: odds.p_goal(0, 0, keeper=1), "keeper must be True or False"),
        (lambda: odds.p_goal(0, 0, keeper=True, reroll="keeper"), "reroll must be None, 'attacker' or"),
        (lambda: odds.special_shot_equilibrium([[1]] * 7), "1 to 6 rows"),
        (lambda: odds.special_shot_equilibrium([[1, 0], [1]]), "same number"),
    ],
)
def test_bad_inputs_are_refused_by_name(call, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


def test_the_totals_bound_covers_every_match() -> None:
    """No rules and no card data can make a total the odds refuse (a policy would stop mid-match)."""
    from playground.core.rules import field_specs
    from playground.tsubasa import Rules
    from playground.tsubasa.cards import _VALUES

    high = {s.name: s.high for s in field_specs(Rules)}
    card = max(column.high for column in _VALUES)
    attack = high["card_limit"] * card + high["max_points"]
    assert attack <= odds.TOTAL_BOUND and -high["red_penalty"] >= -odds.TOTAL_BOUND
    assert odds.p_attacker_wins(attack, 0) == 1 and odds.p_attacker_wins(-high["red_penalty"], attack) == 0
    lowest = -high["red_penalty"]  # 15 points and a 6 cannot reach the highest defense: keep them
    assert odds.best_spend(lowest, attack, high["max_points"]) == 0
