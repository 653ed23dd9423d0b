"""Tie-Break Triumph odds: every exact function checked against a second, independent derivation.

The second derivations are written here from the rules themselves, not from odds.py: icepool for
single rolls, plain enumeration of dice sequences for the race (without the folding trick that
odds.py relies on), worked examples done by hand, a numpy power iteration of the movement chain,
and seeded simulations compared within a stated number of standard errors.
"""

from __future__ import annotations

import math
from collections import defaultdict
from fractions import Fraction
from itertools import product

import icepool
import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from playground.tiebreak import odds, simulate
from playground.tiebreak.board import Board
from playground.tiebreak.cards import Space, load_data
from playground.tiebreak.rules import Rules

EPS = Fraction(1, 10**9)
"""How much probability a brute-force bracket may leave unresolved."""


# -- boards built by hand ------------------------------------------------------------------------


def space(sid: str, nxt: str, kind: str = "plain", branch: str | None = None, track: str = "main"):
    return Space(sid, sid, kind, None, None, nxt, branch, track, 0, 0)


def ring(n: int, injury_at: int | None = None) -> Board:
    """A plain loop s0 -> s1 -> ... -> s0, Start on s0 and the Injury space where asked.

    A board needs an injury space: with injury_at None it sits on s1, and the tests then set
    injury_weeks to 0 so that it behaves like any other space.
    """
    injury = 1 if injury_at is None else injury_at
    kinds = ["start" if i == 0 else "injury" if i == injury else "plain" for i in range(n)]
    return Board([space(f"s{i}", f"s{(i + 1) % n}", kinds[i]) for i in range(n)])


def trap_board(traps: int) -> Board:
    """Start -> F -> X1 -> X2(injury) -> Start, with a two-space trap loop off F (and off X1).

    Going clockwise there is no way out of a trap loop, so with forks taken at the player's
    choice the piece ends up in one of them for good.
    """
    spaces = [
        space("S", "F", "start"),
        space("F", "X1", branch="Y1"),
        space("X1", "X2", branch="Z1" if traps == 2 else None),
        space("X2", "S", "injury"),
        space("Y1", "Y2", track="branch"),
        space("Y2", "Y1", track="branch"),
    ]
    if traps == 2:
        spaces += [space("Z1", "Z2", track="branch"), space("Z2", "Z1", track="branch")]
    return Board(spaces)


def fork_board() -> Board:
    """A small board with a fork whose two ways have different lengths (3 and 1) and rejoin."""
    return Board(
        [
            space("S", "A", "start"),
            space("A", "F"),
            space("F", "M1", branch="B1"),
            space("M1", "M2"),
            space("M2", "M3"),
            space("M3", "J"),
            space("B1", "J", track="branch"),
            space("J", "I"),
            space("I", "S", "injury"),
        ]
    )


SHIPPED = Board(load_data().spaces)
CLOCKWISE_ONLY = {
    "direction_die": "every move",
    "direction_clockwise_faces": 1,
    "direction_counter_faces": 0,
    "direction_choice_faces": 0,
}


# -- 1. one die against a target -----------------------------------------------------------------


@pytest.mark.parametrize("sides", [2, 4, 6, 8, 20])
def test_reach_target_matches_icepool(sides):
    for bonus in range(-2, 12):
        total = icepool.d(sides) + bonus
        for target in range(-1, 34):
            expected = Fraction(total.probability(">=", target))
            assert odds.p_reach_target(bonus, target, sides) == expected, (bonus, target)


def test_reach_target_formula_agrees():
    formula, (b, t, s) = odds.reach_target_formula()
    for sides, bonus, target in product([2, 6], range(0, 8, 2), range(1, 14)):
        value = formula.subs({b: bonus, t: target, s: sides})
        assert Fraction(str(value)) == odds.p_reach_target(bonus, target, sides)


def test_reach_target_worked_examples():
    assert odds.p_reach_target(2) == Fraction(1, 3)  # needs 5 or 6
    assert odds.p_reach_target(6) == 1  # any face will do
    assert odds.p_reach_target(1) == Fraction(1, 6)  # only a 6 reaches 7
    assert odds.p_reach_target(0) == 0  # even a 6 falls short


# -- 2. the tie-break race: an independent brute force -------------------------------------------


def brute_force_race(c, h, target, margin, sides, first, eps=EPS, min_rolls=0):
    """Enumerate the race roll by roll on the full totals, with no folding at all.

    Sequences of rolls that reach the same totals with the same player to roll are merged (their
    futures are identical), which keeps the enumeration small; each is weighed by how many
    sequences of equally likely rolls lead there (out of sides ** rolls). Stops once less than
    eps of the probability is still unresolved and at least min_rolls rolls are done. Returns
    (challenger wins, champion wins, unresolved, [P(race ends on roll n) for n = 1, 2, ...]).
    """
    alive = {(c, h, first == "challenger"): 1}  # sequence counts, out of sides ** rolls
    won = {True: 0, False: 0}
    ended = []
    scale = 1
    while True:
        scale *= sides
        won = {who: count * sides for who, count in won.items()}
        nxt = defaultdict(int)
        over = 0
        for (ct, ht, challenger_rolls), count in alive.items():
            for die in range(1, sides + 1):
                own, opp = (ct + die, ht) if challenger_rolls else (ht + die, ct)
                if own >= target and own - opp >= margin:
                    won[challenger_rolls] += count
                    over += count
                elif challenger_rolls:
                    nxt[(own, ht, False)] += count
                else:
                    nxt[(ct, own, True)] += count
        ended.append(Fraction(over, scale))
        alive = nxt
        rest = Fraction(sum(alive.values()), scale)
        if rest < eps and len(ended) >= min_rolls:
            return Fraction(won[True], scale), Fraction(won[False], scale), rest, ended


def sequence_enumeration(c, h, target, margin, sides, first, depth):
    """Literally every sequence of `depth` rolls, each equally likely: (lower, unresolved)."""
    wins = unresolved = 0
    for rolls in product(range(1, sides + 1), repeat=depth):
        totals = {"challenger": c, "champion": h}
        roller, other = first, "champion" if first == "challenger" else "challenger"
        for die in rolls:
            totals[roller] += die
            if totals[roller] >= target and totals[roller] - totals[other] >= margin:
                wins += roller == "challenger"
                break
            roller, other = other, roller
        else:
            unresolved += 1
    n = sides**depth
    return Fraction(wins, n), Fraction(unresolved, n)


RACES = [
    (2, 3, 7, 2, 6, "challenger"),  # the default defended race, no tokens
    (0, 3, 7, 2, 6, "challenger"),
    (5, 3, 7, 2, 6, "champion"),
    (4, 4, 7, 2, 6, "challenger"),
    (9, 8, 7, 2, 6, "champion"),  # both already past the target
    (30, 0, 7, 3, 6, "champion"),  # far past the target
    (1, 0, 10, 3, 4, "challenger"),
    (0, 0, 5, 3, 2, "challenger"),  # a 2-sided die: long, swinging races
    (3, 1, 4, 4, 3, "champion"),
    (0, 2, 1, 1, 6, "champion"),
]


@pytest.mark.parametrize("race", RACES)
def test_race_bracketed_by_brute_force(race):
    exact = odds.p_challenger_wins(*race, settle_at_start=False)  # brute force checks after rolls
    challenger, champion, unresolved, _ = brute_force_race(*race)
    assert unresolved < EPS
    assert challenger <= exact <= challenger + unresolved
    assert champion <= 1 - exact <= champion + unresolved


def test_brute_force_itself_matches_plain_sequence_enumeration():
    race = (1, 2, 4, 2, 3, "challenger")
    lower, unresolved = sequence_enumeration(*race, depth=9)
    _, _, _, ended = brute_force_race(*race)
    assert lower <= odds.p_challenger_wins(*race) <= lower + unresolved
    assert unresolved == 1 - sum(ended[:9])


def test_race_worked_examples():
    # Target 1, margin 1: whoever rolls first reaches 1 and leads at once.
    assert odds.p_challenger_wins(0, 0, target=1, margin=1) == 1
    assert odds.p_challenger_wins(0, 0, target=1, margin=1, first="champion") == 0
    # A champion on 100 wins on their first roll; the challenger cannot reach 7 from 0 before.
    assert odds.p_challenger_wins(0, 100) == 0
    # A challenger on 6 against 3 reaches 7+ and leads by 4+ with any roll.
    assert odds.p_challenger_wins(6, 3) == 1
    # Both on 7 (the tail at once), challenger to roll. With x = P(mover wins | level) and
    # y = P(mover wins | 1 behind): x = 5/6 + 1/6 (1 - y), y = 4/6 + 1/6 (1 - x) + 1/6 (1 - y),
    # so 6x = 6 - y and 7y = 6 - x, giving x = 36/41, y = 30/41.
    assert odds.p_challenger_wins(7, 7) == Fraction(36, 41)
    assert odds.p_challenger_wins(7, 8) == Fraction(30, 41)
    assert odds.p_challenger_wins(8, 7, first="champion") == 1 - Fraction(30, 41)
    assert odds.p_challenger_wins(20, 20, first="champion") == Fraction(5, 41)


def test_races_sharing_solved_positions_give_each_start_its_own_answer():
    """Positions solved for one start are reused by the next start of the same race: whatever the
    order of the questions, every answer is the one a fresh solve gives."""
    starts = [(c, h, first) for c in range(0, 12, 3) for h in range(0, 6, 2) for first in odds.ROLLERS]

    def answers(order):
        return {
            s: (odds.p_challenger_wins(s[0], s[1], first=s[2]), odds.expected_race_length(*s[:2], first=s[2]))
            for s in order
        }

    def fresh(s):
        odds._race_values.cache_clear()
        odds.p_challenger_wins.cache_clear()
        odds.expected_race_length.cache_clear()
        return answers([s])[s]

    odds._race_values.cache_clear()
    forwards = answers(starts)
    odds._race_values.cache_clear()
    odds.p_challenger_wins.cache_clear()
    odds.expected_race_length.cache_clear()
    backwards = answers(reversed(starts))
    assert forwards == backwards == {s: fresh(s) for s in starts}


def test_race_chain_sympy_view_matches():
    chain = odds.race_chain(2)
    w0, wm1 = chain.symbols[0], chain.symbols[-1]
    assert chain.leads == (-1, 0)
    assert chain.solution == {w0: sympy.Rational(36, 41), wm1: sympy.Rational(30, 41)}
    assert chain.p_challenger_wins == sympy.Rational(24175, 39852)
    assert all(isinstance(e, sympy.Eq) for e in chain.equations)
    assert len(chain.frame()) == 2
    # the same equations solved independently by sympy's linear solver
    solved = sympy.linsolve(chain.equations, [wm1, w0])
    assert solved == sympy.FiniteSet((sympy.Rational(30, 41), sympy.Rational(36, 41)))
    wide = odds.race_chain(0, 0, 7, 4, 6)
    assert len(wide.equations) == 6 and wide.leads == tuple(range(-3, 3))
    assert odds.race_chain(0, 0, 3, 1).equations == []


def test_race_rejects_bad_settings():
    for bad in [(-1, 3), (0, 3, 0), (0, 3, 7, 0), (0, 3, 7, 2, 1), (0, 3, 7, 2, 6, "nobody")]:
        with pytest.raises(ValueError):
            odds.p_challenger_wins(*bad)


starts = st.integers(0, 12)
small = st.tuples(st.integers(1, 9), st.integers(1, 4), st.integers(2, 6))
firsts = st.sampled_from(odds.ROLLERS)


@settings(max_examples=150, deadline=None)
@given(c=starts, h=starts, rules=small, first=firsts)
def test_race_properties(c, h, rules, first):
    target, margin, sides = rules
    p = odds.p_challenger_wins(c, h, target, margin, sides, first)
    assert 0 <= p <= 1
    # a higher challenger start never lowers the chance, a higher champion start never raises it
    assert odds.p_challenger_wins(c + 1, h, target, margin, sides, first) >= p
    assert odds.p_challenger_wins(c, h + 1, target, margin, sides, first) <= p


@settings(max_examples=100, deadline=None)
@given(x=starts, rules=small)
def test_race_symmetry_and_first_mover_advantage(x, rules):
    target, margin, sides = rules
    first = odds.p_challenger_wins(x, x, target, margin, sides, "challenger")
    second = odds.p_challenger_wins(x, x, target, margin, sides, "champion")
    assert first + second == 1  # equal starts: only who rolls first tells them apart
    assert first > Fraction(1, 2)  # and rolling first is an advantage


# -- 3. race length ------------------------------------------------------------------------------


@pytest.mark.parametrize("race", RACES)
def test_a_race_won_at_the_start_is_settled_before_any_roll(race):
    """With settle_at_start a side already at the target with the margin wins in 0 rolls;
    every other race is the race played roll by roll."""
    c, h, target, margin, _, _ = race
    settled = next(
        (
            c_side
            for total, other, c_side in ((c, h, 1), (h, c, 0))
            if total >= target and total - other >= margin
        ),
        None,
    )
    if settled is None:
        assert odds.p_challenger_wins(*race) == odds.p_challenger_wins(*race, settle_at_start=False)
        assert odds.expected_race_length(*race) == odds.expected_race_length(*race, settle_at_start=False)
        assert odds.race_length(*race)["rolls"].iloc[0] == 1
    else:
        assert odds.p_challenger_wins(*race) == settled
        assert odds.expected_race_length(*race) == 0
        frame = odds.race_length(*race, max_rolls=5)
        assert list(frame["rolls"]) == [0, 1, 2, 3, 4, 5, ">5"] and frame["probability"].iloc[0] == 1
        assert simulate.simulate_race_lengths(*race, games=10) == {0: 1.0}


def test_some_test_races_are_won_at_the_start():
    """The parametrized races above include both kinds, so neither branch goes untested."""
    assert odds.won_at_start(30, 0, 7, 3) is True and odds.won_at_start(0, 2, 1, 1) is False
    assert odds.won_at_start(2, 3, 7, 2) is None and odds.won_at_start(8, 7, 7, 2) is None


@pytest.mark.parametrize("race", RACES)
def test_race_length_matches_brute_force(race):
    frame = odds.race_length(*race, settle_at_start=False, max_rolls=40)
    assert len(frame) == 41 and frame["rolls"].iloc[-1] == ">40"
    assert sum(frame["probability"]) == 1  # exactly, tail included
    assert frame["cumulative"].iloc[-1] == 1
    _, _, _, ended = brute_force_race(*race, min_rolls=40)
    assert list(frame["probability"].iloc[:-1]) == ended[:40]
    assert frame["probability"].iloc[-1] == 1 - sum(ended[:40])


@pytest.mark.parametrize("race", RACES)
def test_expected_race_length_within_tail_bound(race):
    expected = odds.expected_race_length(*race, settle_at_start=False)
    _, _, rest, ended = brute_force_race(*race, eps=Fraction(1, 10**14))
    shown = sum(n * p for n, p in enumerate(ended, start=1))
    # Rolls beyond the enumeration add at least (N + 1) * rest, and (the unresolved mass
    # shrinking geometrically) very little more.
    assert shown + (len(ended) + 1) * rest <= expected < shown + Fraction(1, 10**10)


def test_race_length_worked_examples():
    assert odds.expected_race_length(0, 0, target=1, margin=1) == 1
    one = odds.race_length(0, 0, target=1, margin=1, max_rolls=3)
    assert list(one["probability"]) == [1, 0, 0, 0]
    # Both on 7, margin 2: E0 = 1 + E1/6 (level, only a 1 fails), E1 = 1 + E0/6 + E1/6
    # (one behind, a 1 or a 2 fails), so E0 = 36/29.
    assert odds.expected_race_length(7, 7) == Fraction(36, 29)
    # The default race (2 against 3): the challenger wins on roll 1 with a 5 or 6.
    assert odds.race_length(2)["probability"].iloc[0] == Fraction(1, 3)


# -- 4. tokens -----------------------------------------------------------------------------------


def test_vacant_matches_icepool_and_the_table():
    for rules in [Rules(), Rules(vacant_target=9, tiebreak_die_sides=8, ace_bonus=2)]:
        for tokens, ace in product(range(6), [False, True]):
            bonus = rules.matching_card_bonus + tokens + (rules.ace_bonus if ace else 0)
            die = icepool.d(rules.tiebreak_die_sides)
            expected = Fraction((die + bonus >= rules.vacant_target).probability(True))
            assert odds.p_vacant_win(tokens, ace, rules) == expected
    table = odds.token_value_table(card_points=250)
    # default rules: card bonus 1, so k tokens win with k + 1 faces out of 6
    assert list(table["p_win"]) == [Fraction(k + 1, 6) for k in range(6)]
    assert table["gain"].iloc[0] is None
    assert all(g == Fraction(1, 6) for g in table["gain"].iloc[1:])
    assert list(table["expected_points"]) == [250 * Fraction(k + 1, 6) for k in range(6)]
    assert all(v == Fraction(250, 6) for v in table["points_per_token"].iloc[1:])
    with_ace = odds.token_value_table(ace=True)
    assert with_ace["p_win"].iloc[-1] == 1 and with_ace["p_win"].iloc[0] == Fraction(1, 3)
    with pytest.raises(ValueError):
        odds.p_vacant_win(6)


def test_defended_is_the_race_with_the_right_start():
    rules = Rules()
    # matching card 1 + Wildcard 1 + Ace 1 + surface 1 + 2 tokens = 6 against the champion's 3
    assert odds.p_defended_win(2, ace=True, surface=True) == odds.p_challenger_wins(6, 3)
    assert odds.p_defended_win(0) == odds.p_challenger_wins(2, 3) == Fraction(24175, 39852)
    assert odds.p_defended_win(0, top_ranker=True) == odds.p_challenger_wins(1, 3)
    other = Rules(champion_head_start=5, race_target=9, race_margin=3, race_first="champion")
    assert odds.p_defended_win(1, rules=other) == odds.p_challenger_wins(3, 5, 9, 3, 6, "champion")
    table = odds.defended_token_table(card_points=1000, rules=rules)
    # the qualifying Wildcard fills the Wildcard slot: four more types, at most 4 tokens
    assert list(table["p_win"]) == [odds.p_challenger_wins(2 + k, 3) for k in range(5)]
    to_champion = [(k + 1) * (1 - p) for k, p in enumerate(table["p_win"])]
    assert list(table["expected_tokens_to_champion"]) == to_champion
    free = odds.defended_token_table(rules=Rules(wildcard_slot="free"))
    assert len(free) == 6 and odds.max_defended_tokens(Rules(), top_ranker=True) == 4
    assert "expected_tokens_to_champion" not in odds.defended_token_table(
        rules=Rules(champion_takes_tokens=False)
    )
    with pytest.raises(ValueError, match="at most 4 tokens"):
        odds.p_defended_win(5)


# -- 5. the Ace ----------------------------------------------------------------------------------


@pytest.mark.parametrize("sides", range(1, 13))
def test_ace_by_enumeration(sides):
    doubles = sum(1 for a, b in product(range(sides), repeat=2) if a == b)
    assert odds.p_ace(sides) == Fraction(doubles, sides**2) == Fraction(1, sides)


# -- 6. landing frequencies ----------------------------------------------------------------------


def test_plain_ring_is_uniform():
    # Every space is the same on a ring, and every space's moves are the same shifted: each space
    # gets 1/n of the turns, whichever direction faces the die has.
    for rules in [Rules(injury_weeks=0, **CLOCKWISE_ONLY), Rules(injury_weeks=0)]:
        freq = odds.landing_frequencies(ring(6), rules)
        assert freq == {i: Fraction(1, 6) for i in range(6)}


@pytest.mark.parametrize(("n", "weeks"), [(6, 2), (5, 3), (7, 1)])
def test_ring_with_injury_by_hand(n, weeks):
    # Moves alone still visit every space 1/n of the time. Each landing on Injury adds `weeks`
    # extra turns there, so per move there are 1 + weeks/n turns on average: the Injury space
    # gets (1 + weeks)/n of them, the others 1/n, out of 1 + weeks/n:
    # injury (1 + weeks)/(n + weeks), every other space 1/(n + weeks).
    for rules in [Rules(injury_weeks=weeks, **CLOCKWISE_ONLY), Rules(injury_weeks=weeks)]:
        freq = odds.landing_frequencies(ring(n, injury_at=3), rules)
        for i in range(n):
            expected = Fraction(1 + weeks if i == 3 else 1, n + weeks)
            assert freq[i] == expected, (i, rules.injury_weeks)


def test_one_trap_takes_all_the_turns():
    # Clockwise only, forks at the player's choice (equal chances): sooner or later the piece
    # turns into the Y loop and never leaves. There a 2-sided pair of dice moves 2, 3 or 4
    # (chances 1/4, 1/2, 1/4): an even move stays put, an odd one swaps, so 1/2 each.
    rules = Rules(number_die_sides=2, fork_on_clockwise="player", **CLOCKWISE_ONLY)
    board = trap_board(traps=1)
    freq = odds.landing_frequencies(board, rules)
    y1, y2 = board.index["Y1"], board.index["Y2"]
    assert freq[y1] == freq[y2] == Fraction(1, 2)
    assert sum(freq.values()) == 1


def test_two_traps_have_no_single_answer():
    rules = Rules(number_die_sides=2, fork_on_clockwise="player", **CLOCKWISE_ONLY)
    with pytest.raises(ValueError, match="more than one separate part"):
        odds.landing_frequencies(trap_board(traps=2), rules)


def power_iteration(board: Board, rules: Rules) -> np.ndarray:
    """The long-run share of turns per space, by numpy, from a chain built here from scratch.

    States are (space, weeks left) for every space and every weeks value. The chain is made
    lazy ((I + P) / 2: same long-run shares, no periodicity), then squared 40 times.
    """
    n, weeks = len(board), rules.injury_weeks
    index = {(pos, w): pos * (weeks + 1) + w for pos in range(n) for w in range(weeks + 1)}
    chain = np.zeros((len(index), len(index)))
    sides = rules.number_die_sides
    faces = rules.direction_faces()
    face_total = sum(faces.values())
    for (pos, w), i in index.items():
        if w > 0:
            chain[i, index[(pos, w - 1)]] = 1.0
            continue
        ways = defaultdict(int)  # how many of the sides**2 rolls give each sum
        for d1, d2 in product(range(1, sides + 1), repeat=2):
            ways[d1 + d2] += 1
        for steps, way_count in ways.items():
            for face, count in faces.items():
                if count == 0:
                    continue
                if face in ("main", "branch", "pick"):  # 'fork only': clockwise, the face picks the road
                    ends = set(
                        board.destinations(pos, steps, "clockwise", "player" if face == "pick" else face)
                    )
                elif face == "choice":
                    fork = rules.fork_on_choice
                    ends = set(board.destinations(pos, steps, "clockwise", fork))
                    ends |= set(board.destinations(pos, steps, "counter", fork))
                else:
                    fork = rules.fork_on_clockwise if face == "clockwise" else rules.fork_on_counter
                    ends = set(board.destinations(pos, steps, face, fork))
                for end in ends:
                    state = (end, weeks if end == board.injury else 0)
                    share = way_count / sides**2 * count / face_total / len(ends)
                    chain[i, index[state]] += share
    assert np.allclose(chain.sum(axis=1), 1.0)
    lazy = (np.eye(len(index)) + chain) / 2
    for _ in range(40):  # 2**40 turns; rows renormalised so rounding cannot drain them
        lazy = lazy @ lazy
        lazy /= lazy.sum(axis=1, keepdims=True)
    row = lazy[index[(board.start, 0)]]
    return np.array([sum(row[index[(pos, w)]] for w in range(weeks + 1)) for pos in range(n)])


EVERY_MOVE = {"direction_die": "every move"}

LANDING_CASES = [
    (SHIPPED, Rules()),
    (SHIPPED, Rules(fork_main_faces=1, fork_branch_faces=4, injury_weeks=3)),
    (SHIPPED, Rules(fork_main_faces=0, fork_branch_faces=0, fork_pick_faces=1, number_die_sides=4)),
    (SHIPPED, Rules(fork_on_clockwise="player", fork_on_counter="main", injury_weeks=3, **EVERY_MOVE)),
    (SHIPPED, Rules(number_die_sides=4, fork_on_choice="branch", injury_weeks=0, **EVERY_MOVE)),
    (SHIPPED, Rules(direction_counter_faces=0, direction_choice_faces=1, **EVERY_MOVE)),
    (fork_board(), Rules()),
    (fork_board(), Rules(**EVERY_MOVE)),
    (fork_board(), Rules(number_die_sides=3, fork_on_clockwise="branch", **CLOCKWISE_ONLY)),
    (trap_board(1), Rules(number_die_sides=3, fork_on_clockwise="player", **EVERY_MOVE)),
    (trap_board(1), Rules(number_die_sides=3, fork_on_clockwise="player", **CLOCKWISE_ONLY)),  # transient
]


@pytest.mark.parametrize(("board", "rules"), LANDING_CASES)
def test_landing_matches_numpy_power_iteration(board, rules):
    freq = odds.landing_frequencies(board, rules)
    assert sum(freq.values()) == 1 and all(isinstance(v, Fraction) for v in freq.values())
    numeric = power_iteration(board, rules)
    assert np.max(np.abs(np.array([float(freq[i]) for i in range(len(board))]) - numeric)) < 1e-12


@pytest.mark.parametrize(("board", "rules"), LANDING_CASES)
def test_move_distribution_counts_every_roll(board, rules):
    """The whole-number move weights (one walk per road) against every pair of dice and every
    direction face, each split evenly over Board.move_ends (the engine's own moves) in Fractions."""
    sides = rules.number_die_sides
    faces = {f: n for f, n in rules.direction_faces().items() if n}
    for position in range(len(board)):
        by_hand: dict[int, Fraction] = defaultdict(Fraction)
        for a, b in product(range(1, sides + 1), repeat=2):
            for face, n in faces.items():
                ends = board.move_ends(position, a + b, *rules.move_of(face))
                for end in ends:
                    by_hand[end] += Fraction(n, sides * sides * sum(faces.values()) * len(ends))
        assert dict(odds.move_distribution(board, rules, position)) == dict(by_hand)


def test_landing_frame():
    frame = odds.landing_frame(SHIPPED)
    assert list(frame.columns) == ["position", "id", "name", "kind", "exact", "decimal"]
    assert list(frame["position"]) == list(range(len(SHIPPED)))
    assert frame["id"].iloc[0] == "start" and sum(frame["exact"]) == 1
    injury = frame.set_index("id").loc["injury"]
    assert injury["decimal"] == max(frame["decimal"])  # the stay makes Injury the busiest space


def test_landing_matches_simulation():
    # 20 independent seeded walks of 8,000 turns: the spread of their 20 estimates gives a
    # standard error that allows for the correlation between consecutive turns. Tolerance:
    # 4.5 standard errors per space.
    rules = Rules()
    runs = np.array(
        [list(simulate.simulate_landings(SHIPPED, rules, 8_000, seed).values()) for seed in range(20)]
    )
    mean, se = runs.mean(axis=0), runs.std(axis=0, ddof=1) / math.sqrt(len(runs))
    exact = np.array([float(v) for v in odds.landing_frequencies(SHIPPED, rules).values()])
    assert np.all(np.abs(mean - exact) <= 4.5 * se + 1e-9)


# -- 7. simulations against the exact values -----------------------------------------------------


def four_sigma(p: Fraction, n: int) -> float:
    return 4 * math.sqrt(float(p) * (1 - float(p)) / n)


@pytest.mark.parametrize("race", RACES[:6])
def test_race_simulation(race):
    games = 40_000
    exact = odds.p_challenger_wins(*race)
    estimate = simulate.simulate_race(*race, games=games, seed=7)
    assert abs(estimate - float(exact)) <= four_sigma(exact, games) + 1e-12
    assert simulate.simulate_race(*race, games=1000, seed=3) == simulate.simulate_race(
        *race, games=1000, seed=3
    )


def test_race_length_simulation():
    games = 100_000
    shares = simulate.simulate_race_lengths(2, 3, 7, 2, 6, "challenger", games=games, seed=11)
    frame = odds.race_length(2, max_rolls=8)
    for n, p in zip(frame["rolls"].iloc[:-1], frame["probability"].iloc[:-1], strict=True):
        assert abs(shares.get(n, 0.0) - float(p)) <= four_sigma(p, games) + 1e-12, n
    assert math.isclose(sum(shares.values()), 1.0)


def test_vacant_and_defended_simulation():
    games = 30_000
    for tokens in range(0, 5):
        exact = odds.p_vacant_win(tokens)
        estimate = simulate.simulate_vacant(tokens, games=games, seed=tokens)
        assert abs(estimate - float(exact)) <= four_sigma(exact, games) + 1e-12
        exact = odds.p_defended_win(tokens, surface=True)
        estimate = simulate.simulate_defended(tokens, surface=True, games=games, seed=tokens)
        assert abs(estimate - float(exact)) <= four_sigma(exact, games) + 1e-12


@pytest.mark.parametrize("bad", [3.0, True, [3], "3"])
def test_cached_race_functions_still_check_their_arguments(bad) -> None:
    """A cached (3, 3) must not answer for 3.0, True or a list."""
    odds.p_challenger_wins(3, 3)
    odds.expected_race_length(3, 3)
    for function in (odds.p_challenger_wins, odds.expected_race_length):
        with pytest.raises(ValueError, match="challenger_start must be a whole number"):
            function(bad, 3)
    with pytest.raises(ValueError, match="challenger_start must be a whole number"):
        odds.race_length(bad, 3)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: odds.p_challenger_wins(2, 3, target=10**6), "target must be a whole number from 1 to 30"),
        (lambda: odds.p_challenger_wins(2, 3, sides=10**3), "sides must be a whole number from 2 to 20"),
        (
            lambda: odds.expected_race_length(10**9, 3),
            "challenger_start must be a whole number from 0 to 100",
        ),
        (lambda: odds.race_length(2, 3, max_rolls=10**6), "max_rolls must be a whole number from 1 to 100"),
        (lambda: odds.race_chain(2, 3, margin=50), "margin must be a whole number from 1 to 10"),
        (lambda: odds.p_ace(10**6), "sides must be a whole number from 1 to 100"),
    ],
)
def test_a_race_too_big_to_answer_quickly_is_refused_in_words(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_the_largest_allowed_race_still_has_an_exact_answer():
    """The edge of RACE_BOUNDS: answered (and, as the benchmark shows, within about a second)."""
    b = odds.RACE_BOUNDS
    p = odds.p_challenger_wins(0, 0, b["target"], b["margin"], b["sides"])
    assert Fraction(1, 2) < p < 1  # equal starts: rolling first helps, but is no certainty
    frame = odds.race_length(0, 0, b["target"], b["margin"], b["sides"], max_rolls=b["max_rolls"])
    assert sum(frame["probability"]) == 1


def test_a_simulation_too_long_to_watch_is_refused_in_words():
    with pytest.raises(ValueError, match="games must be a whole number from 1 to 1,000,000"):
        simulate.simulate_race(2, 3, games=10**9)
    with pytest.raises(ValueError, match="turns must be a whole number from 1 to 1,000,000"):
        simulate.simulate_landings(SHIPPED, turns=-1)


def test_a_landing_walk_refuses_a_wrong_board_or_another_games_rules_in_words():
    from playground import tsubasa

    with pytest.raises(TypeError, match="board must be a Tie-Break Triumph board"):
        simulate.simulate_landings("board", turns=10)
    with pytest.raises(TypeError, match=r"got another game's rules, playground\.tsubasa\.Rules"):
        simulate.simulate_landings(SHIPPED, tsubasa.Rules(), turns=10)


def _chain_and_states(board: Board, rules: Rules) -> tuple[dict, list]:
    chain = odds._landing_chain(board, rules)
    classes = odds._closed_classes({s: [n for n, _ in nexts] for s, (nexts, _) in chain.items()})
    return chain, sorted(classes[0])


@settings(max_examples=40, deadline=None)
@given(
    sides=st.integers(2, 8),
    weeks=st.integers(0, 5),
    die=st.sampled_from(["fork only", "every move"]),
    faces=st.tuples(st.integers(0, 4), st.integers(0, 4), st.integers(1, 4)),
)
def test_the_float_solve_read_back_is_the_exact_elimination(sides, weeks, die, faces):
    """landing_frequencies reads a floating-point solve back as fractions and checks them exactly;
    whenever that check passes, the shares are the ones exact elimination gives."""
    a, b, c = faces
    if die == "fork only":
        fields = {"fork_main_faces": a, "fork_branch_faces": b, "fork_pick_faces": c}
    else:
        fields = {"direction_clockwise_faces": a, "direction_counter_faces": b, "direction_choice_faces": c}
    rules = Rules(number_die_sides=sides, injury_weeks=weeks, direction_die=die, **fields)
    chain, states = _chain_and_states(SHIPPED, rules)
    guess = odds._checked_guess(chain, states)
    exact = odds._eliminated(chain, states)
    assert guess is None or guess == exact
    assert odds._stationary(chain, states) == exact


def test_a_share_past_the_read_back_denominator_is_worked_out_exactly():
    """Two states, 0 leaving with chance 1/1000003 and 1 with chance 1/1000033: the shares have
    a denominator past GUESS_DENOMINATOR, so the read-back fails its check and the exact
    elimination answers."""
    assert odds._checked_guess(*_chain_and_states(SHIPPED, Rules())) is not None  # the quick path
    chain = {0: ([(1, 1), (0, 1_000_002)], 1_000_003), 1: ([(0, 1), (1, 1_000_032)], 1_000_033)}
    states = [0, 1]
    assert odds._checked_guess(chain, states) is None
    assert odds._stationary(chain, states) == [
        Fraction(1_000_003, 2_000_036),
        Fraction(1_000_033, 2_000_036),
    ]


def test_settle_at_start_takes_a_numpy_bool_and_refuses_a_number() -> None:
    """A rules table read by pandas gives numpy bools: taken as the flag they are; 1 is refused."""
    np = pytest.importorskip("numpy")
    race = (11, 9, 11, 2, 6, "challenger")
    assert odds.p_challenger_wins(*race, settle_at_start=np.True_) == odds.p_challenger_wins(*race) == 1
    with pytest.raises(ValueError, match="settle_at_start must be True or False; got 1"):
        odds.p_challenger_wins(*race, settle_at_start=1)
