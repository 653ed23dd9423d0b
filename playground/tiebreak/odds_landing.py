"""Exact odds of Tie-Break Triumph's board: where one move ends, and where the piece spends its turns.

Movement: two number dice say how far, the direction die says which way, and the piece goes
round a board with forks; where several spaces are possible, each distinct one is taken with
equal chance (move_distribution). Landing on the Injury space keeps the piece there for some
turns. Turn after turn this is a Markov chain on (space, injury weeks left), and the long-run
share of turns on each space is its stationary distribution, worked out exactly
(landing_frequencies, and as a table landing_frame): a quick floating-point solve checked
exactly in whole numbers, or exact elimination (core.linear) when the check fails.
"""

from __future__ import annotations

import math
from collections import defaultdict, deque
from collections.abc import Hashable
from fractions import Fraction
from functools import lru_cache

import numpy as np
import pandas as pd

from playground.core.dist import Dist
from playground.core.linear import _solve_whole

from .board import Board, Space
from .odds_target import DEFAULT_RULES, _check_board, _check_int, _check_rules
from .rules import Rules

__all__ = ["GUESS_DENOMINATOR", "landing_frame", "landing_frequencies", "move_distribution"]


def move_distribution(board: Board, rules: Rules, position: int) -> Dist:
    """Where one ordinary move from position ends, exactly (a piece that is not injured).

    Assumption (the rulebook leaves a real choice to the player): when several spaces are
    possible, the player picks each distinct one with equal chance. position: a space's index on
    the board, from 0 to len(board.spaces) - 1.
    """
    _check_board(board), _check_rules(rules)
    _check_int("position", position, 0, len(board.spaces) - 1)
    return Dist(_move_weights(board, rules, position)[0])


def _walk(board: Board, position: int, most: int, direction: str, fork: str) -> list[set[int]]:
    """ends[s], s = 0..most: every space a move of s steps can end on, all from one walk
    (Board.destinations for each s, without walking the first steps again for the next)."""
    after = board.successors(direction, fork)
    ends = [{position}]
    for _ in range(most):
        last = ends[-1]
        if len(last) == 1:  # most moves: one space, often one way on
            (i,) = last
            ends.append(set(after[i]))
        else:
            ends.append({j for i in last for j in after[i]})
    return ends


@lru_cache(maxsize=64)
def _move_plan(rules: Rules) -> tuple[int, tuple[int, ...], tuple[tuple[int, str, str], ...], int]:
    """What every move under these rules is made of, worked out once for all the board's spaces:
    (sides, ways[s] of the sides² pairs of number dice adding up to s, (faces, direction, way
    at a fork) for each direction-die face that comes up, the direction die's faces)."""
    sides = rules.number_die_sides
    ways = [0] * (2 * sides + 1)
    for a in range(1, sides + 1):
        for b in range(1, sides + 1):
            ways[a + b] += 1
    faces = {face: n for face, n in rules.direction_faces().items() if n > 0}
    plan = tuple((n, *rules.move_of(face)) for face, n in faces.items())
    return sides, tuple(ways), plan, sum(faces.values())


def _move_weights(board: Board, rules: Rules, position: int) -> tuple[dict[int, int], int]:
    """move_distribution as whole numbers: (end -> weight, the weights' total).

    A sum of s has ways[s] of the sides² pairs of number dice, a face has n of the die's faces,
    and a move with k possible ends gives each of them 1/k: so every chance is a whole number
    over sides² · faces · m, with m the least common multiple of the k's. Whole numbers keep the
    landing chain's equations free of Fractions until the answer.
    """
    sides, ways, faces, faces_total = _move_plan(rules)
    most = 2 * sides
    walks: dict[tuple[str, str], list[set[int]]] = {}

    def walk(way: str, fork: str) -> list[set[int]]:
        if (way, fork) not in walks:
            walks[way, fork] = _walk(board, position, most, way, fork)
        return walks[way, fork]

    moves: list[tuple[int, set[int]]] = []
    for n, direction, fork in faces:
        if direction == "choice":
            both = zip(walk("clockwise", fork), walk("counter", fork), strict=True)
            ends_by = [one | other for one, other in both]
        else:
            ends_by = walk(direction, fork)
        moves += [(ways[s] * n, ends_by[s]) for s in range(2, most + 1)]
    m = math.lcm(*{len(ends) for _, ends in moves})
    weights: dict[int, int] = defaultdict(int)
    for weight, ends in moves:
        if len(ends) == 1:  # most moves end on one space
            (end,) = ends
            weights[end] += weight * m
        else:
            share = weight * (m // len(ends))
            for end in ends:
                weights[end] += share
    return weights, sides * sides * faces_total * m


LandingState = tuple[int, int]  # (position, injury weeks still to sit out)


def _landing_chain(
    board: Board, rules: Rules
) -> dict[LandingState, tuple[list[tuple[LandingState, int]], int]]:
    """The turn-by-turn chain on (position, weeks left), over the states reachable from Start:
    each state's next states with whole-number weights, and the weights' total."""
    moves: dict[int, tuple[dict[int, int], int]] = {}

    def after(state: LandingState) -> tuple[list[tuple[LandingState, int]], int]:
        position, weeks = state
        if weeks > 0:
            return [((position, weeks - 1), 1)], 1
        if position not in moves:
            moves[position] = _move_weights(board, rules, position)
        weights, total = moves[position]
        return [
            ((end, rules.weeks_after_landing() if end == board.injury else 0), w)
            for end, w in weights.items()
        ], total

    start = (board.start, 0)
    chain = {start: after(start)}
    queue = deque([start])
    while queue:
        for nxt, _ in chain[queue.popleft()][0]:
            if nxt not in chain:
                chain[nxt] = after(nxt)
                queue.append(nxt)
    return chain


def _closed_classes(links: dict[Hashable, list[Hashable]]) -> list[list[Hashable]]:
    """The closed communicating classes: sets the chain, once inside, never leaves.

    The strongly connected parts of the graph (Kosaraju: states in order of finishing a
    depth-first walk, then walks backwards along the links in the reverse order), of which the
    closed ones are those with no link out. Linear in the links, where comparing every state's
    reach with every other's was quadratic.
    """
    order: list[Hashable] = []
    seen: set[Hashable] = set()
    for root in links:
        if root in seen:
            continue
        seen.add(root)
        stack = [(root, iter(links[root]))]
        while stack:
            state, rest = stack[-1]
            nxt = next((s for s in rest if s not in seen), None)
            if nxt is None:
                order.append(state)
                stack.pop()
            else:
                seen.add(nxt)
                stack.append((nxt, iter(links[nxt])))
    back: dict[Hashable, list[Hashable]] = {state: [] for state in links}
    for state, nexts in links.items():
        for nxt in nexts:
            back[nxt].append(state)
    part: dict[Hashable, int] = {}
    parts: list[list[Hashable]] = []
    for root in reversed(order):
        if root in part:
            continue
        part[root] = len(parts)
        members, stack = [root], [root]
        while stack:
            for prev in back[stack.pop()]:
                if prev not in part:
                    part[prev] = len(parts)
                    members.append(prev)
                    stack.append(prev)
        parts.append(members)
    return [c for k, c in enumerate(parts) if all(part[n] == k for s in c for n in links[s])]


GUESS_DENOMINATOR = 10**6
"""The largest denominator a floating-point solve is read back as (see _stationary)."""


def _stationary(
    chain: dict[LandingState, tuple[list[tuple[LandingState, int]], int]], states: list
) -> list[Fraction]:
    """pi = pi P with sum(pi) = 1, on one closed class, exactly.

    A closed class has exactly one such pi, so any exact solution is it. A floating-point solve
    (microseconds) is read back as fractions and checked exactly in whole numbers; only when the
    check fails (a denominator past GUESS_DENOMINATOR, say) does the exact elimination, about ten
    times slower, work it out. Either way the answer is exact.
    """
    return _checked_guess(chain, states) or _eliminated(chain, states)


def _checked_guess(
    chain: dict[LandingState, tuple[list[tuple[LandingState, int]], int]], states: list
) -> list[Fraction] | None:
    """The stationary shares from a floating-point solve, if they pass an exact check; else None.

    Each float is read as the nearest fraction with a denominator up to GUESS_DENOMINATOR (two
    such fractions differ by at least 1e-12, far more than the solve's error). The check: the
    shares are whole numbers over one common denominator, they add up to it, and every state's
    inflow, sum of pi_i w(i, j) / total_i, equals pi_j, all in whole numbers.
    """
    n = len(states)
    where = {s: i for i, s in enumerate(states)}
    rows = [[0.0] * n for _ in range(n)]  # row j: inflow to state j minus pi_j
    for i, s in enumerate(states):
        rows[i][i] -= 1.0
        nexts, total = chain[s]
        for nxt, w in nexts:
            rows[where[nxt]][i] += w / total
    rows[-1] = [1.0] * n  # one balance is redundant: the shares add up to 1 instead
    ones = np.zeros(n)
    ones[-1] = 1.0
    try:
        floats = np.linalg.solve(np.array(rows), ones)
    except np.linalg.LinAlgError:
        return None
    if not np.isfinite(floats).all():
        return None
    read: dict[float, Fraction] = {}  # most states share a few values: read each once
    guess = []
    for x in floats.round(13).tolist():
        if x not in read:
            read[x] = Fraction(x).limit_denominator(GUESS_DENOMINATOR)
        guess.append(read[x])
    den = math.lcm(*(g.denominator for g in guess))
    whole = [g.numerator * (den // g.denominator) for g in guess]
    if sum(whole) != den or min(whole) < 0:
        return None
    scale = math.lcm(*(chain[s][1] for s in states))
    inflow = [0] * n
    for i, s in enumerate(states):
        nexts, total = chain[s]
        part = whole[i] * (scale // total)
        for nxt, w in nexts:
            inflow[where[nxt]] += w * part
    if any(inflow[j] != whole[j] * scale for j in range(n)):
        return None
    return guess


def _eliminated(
    chain: dict[LandingState, tuple[list[tuple[LandingState, int]], int]], states: list
) -> list[Fraction]:
    """The stationary shares by exact elimination, in whole numbers.

    With P(i, j) = w(i, j) / total_i, write pi_i = total_i · x_i: the balance of j becomes
    sum_i w(i, j) x_i - total_j x_j = 0, whole numbers throughout; one balance is redundant and
    gives way to sum_i total_i x_i = 1.
    """
    where = {s: i for i, s in enumerate(states)}
    n = len(states)
    rows = [[0] * (n + 1) for _ in range(n)]  # row j: the balance of state j
    for i, s in enumerate(states):
        nexts, total = chain[s]
        rows[i][i] -= total
        for nxt, w in nexts:
            rows[where[nxt]][i] += w
    rows[-1] = [chain[s][1] for s in states] + [1]
    x = _solve_whole(rows)
    return [chain[s][1] * v for s, v in zip(states, x, strict=True)]


@lru_cache(maxsize=64)
def _landing_solved(spaces: tuple[Space, ...], rules: Rules) -> tuple[Fraction, ...]:
    """Solve the landing chain (cached by the board's spaces and the rules, for widgets)."""
    board = Board(spaces)
    chain = _landing_chain(board, rules)
    classes = _closed_classes({s: [n for n, _ in nexts] for s, (nexts, _) in chain.items()})
    if len(classes) > 1:
        names = [", ".join(sorted({board.spaces[pos].id for pos, _ in c})) for c in classes]
        raise ValueError(
            "the piece can get trapped in more than one separate part of the board "
            f"({'; '.join('{' + n + '}' for n in names)}), so where it spends its turns in the "
            "long run depends on its first moves: there is no single answer for these rules"
        )
    states = sorted(classes[0])
    pi = _stationary(chain, states)
    out = [Fraction(0)] * len(board)
    for (position, _), p in zip(states, pi, strict=True):
        out[position] += p
    return tuple(out)


def landing_frequencies(board: Board, rules: Rules = DEFAULT_RULES) -> dict[int, Fraction]:
    """The long-run share of turns the piece ends on each space (position -> exact Fraction).

    The chain's state is (position, injury weeks left). Each turn an injured piece stays on the
    Injury space and counts one week off; any other piece rolls the two number dice and the
    direction die and moves (see move_distribution: equal chances among the distinct possible ends).
    Landing on Injury counts as a turn there, followed by rules.weeks_after_landing() more turns there.
    Not modelled: Let cards (e.g. "move back 2"), Travel flights and Health attacks.

    Only states reachable from Start matter; the answer is the stationary distribution of the
    one closed class they lead to (the long-run average share of turns, which exists even if the
    piece moves in a strict cycle). Spaces never visited in the long run get 0; the values add
    up to exactly 1. Raises ValueError if the piece can be trapped in two separate parts.
    """
    _check_board(board), _check_rules(rules)
    values = _landing_solved(board.spaces, rules)
    return dict(enumerate(values))


def landing_frame(board: Board, rules: Rules = DEFAULT_RULES) -> pd.DataFrame:
    """The landing frequencies as a table, one row per space in board order."""
    freq = landing_frequencies(board, rules)
    return pd.DataFrame(
        {
            "position": list(range(len(board))),
            "id": [s.id for s in board.spaces],
            "name": [s.name for s in board.spaces],
            "kind": [s.kind for s in board.spaces],
            "exact": [freq[i] for i in range(len(board))],
            "decimal": [float(freq[i]) for i in range(len(board))],
        }
    )
