"""Monte Carlo counterparts of ``odds.py``: play the chance events many times and count.

Each function takes a ``seed`` and owns one ``random.Random(seed)``: the same seed gives the same
estimate, and no global random state is touched. Dice are drawn with ``Random.randrange``, which
is exactly uniform. The exact answers live in ``odds.py``; a notebook shows both side by side and
lets the class watch the estimate close in on the fraction as the number of games grows.
"""

from __future__ import annotations

import random
from collections import Counter

from .board import Board
from .odds import DEFAULT_RULES, challenger_start, check_race_args, race_args, vacant_bonus, won_at_start
from .rules import Rules

__all__ = [
    "simulate_defended",
    "simulate_landings",
    "simulate_race",
    "simulate_race_lengths",
    "simulate_vacant",
]


def _check_count(name: str, value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ValueError(f"{name} must be a whole number of at least 1; got {value!r}")


def _races(
    challenger_start: int,
    champion_start: int,
    target: int,
    margin: int,
    sides: int,
    first: str,
    settle_at_start: bool,
    games: int,
    seed: int,
) -> tuple[int, Counter[int]]:
    """Play the races: (challenger wins, Counter of race lengths in rolls)."""
    check_race_args(challenger_start, champion_start, target, margin, sides, first, settle_at_start)
    _check_count("games", games)
    settled = won_at_start(challenger_start, champion_start, target, margin) if settle_at_start else None
    if settled is not None:  # decided before anyone rolls, every time
        return (games if settled else 0), Counter({0: games})
    randrange = random.Random(seed).randrange
    challenger_first = first == "challenger"
    wins = 0
    lengths: Counter[int] = Counter()
    for _ in range(games):
        # mover = the player about to roll; flip the roles after every roll that does not win
        if challenger_first:
            mover, other = challenger_start, champion_start
        else:
            mover, other = champion_start, challenger_start
        rolls = 0
        while True:
            mover += randrange(sides) + 1
            rolls += 1
            if mover >= target and mover - other >= margin:
                break
            mover, other = other, mover
        # the challenger rolls on odd rolls when first, on even rolls otherwise
        if (rolls % 2 == 1) == challenger_first:
            wins += 1
        lengths[rolls] += 1
    return wins, lengths


def simulate_race(
    challenger_start: int,
    champion_start: int = 3,
    target: int = 7,
    margin: int = 2,
    sides: int = 6,
    first: str = "challenger",
    settle_at_start: bool = True,
    games: int = 100_000,
    seed: int = 0,
) -> float:
    """The share of simulated tie-break races the challenger wins (compare p_challenger_wins)."""
    wins, _ = _races(
        challenger_start, champion_start, target, margin, sides, first, settle_at_start, games, seed
    )
    return wins / games


def simulate_race_lengths(
    challenger_start: int,
    champion_start: int = 3,
    target: int = 7,
    margin: int = 2,
    sides: int = 6,
    first: str = "challenger",
    settle_at_start: bool = True,
    games: int = 100_000,
    seed: int = 0,
) -> dict[int, float]:
    """Share of simulated races lasting exactly n rolls, by n (compare odds.race_length)."""
    _, lengths = _races(
        challenger_start, champion_start, target, margin, sides, first, settle_at_start, games, seed
    )
    return {n: lengths[n] / games for n in sorted(lengths)}


def simulate_vacant(
    tokens: int,
    ace: bool = False,
    rules: Rules = DEFAULT_RULES,
    games: int = 100_000,
    seed: int = 0,
) -> float:
    """The share of simulated vacant tournaments won (compare odds.p_vacant_win)."""
    _check_count("games", games)
    bonus = vacant_bonus(tokens, ace, rules)
    randrange = random.Random(seed).randrange
    sides, target = rules.tiebreak_die_sides, rules.vacant_target
    wins = sum(1 for _ in range(games) if bonus + randrange(sides) + 1 >= target)
    return wins / games


def simulate_defended(
    tokens: int,
    ace: bool = False,
    surface: bool = False,
    rules: Rules = DEFAULT_RULES,
    top_ranker: bool = False,
    games: int = 100_000,
    seed: int = 0,
) -> float:
    """The share of simulated defended tie-breaks the challenger wins (odds.p_defended_win)."""
    return simulate_race(
        challenger_start(tokens, ace, surface, rules, top_ranker), *race_args(rules), games, seed
    )


def simulate_landings(
    board: Board, rules: Rules = DEFAULT_RULES, turns: int = 100_000, seed: int = 0
) -> dict[int, float]:
    """Walk one piece from Start for many turns: the share of turns it ends on each space.

    The same movement as odds.landing_frequencies: an injured piece sits out its weeks on the
    Injury space (the landing turn counts, then rules.injury_weeks more); otherwise roll the two
    number dice and the direction die, list the distinct possible ends (Board.move_ends,
    built on the board's own destinations) and pick one with equal chances. Let cards, Travel
    and Health attacks are left out, as in the exact chain. Counting starts with the first turn,
    so a short run still remembers that the piece began on Start.
    """
    _check_count("turns", turns)
    randrange = random.Random(seed).randrange
    sides = rules.number_die_sides
    faces = [face for face, n in rules.direction_faces().items() for _ in range(n)]
    ends: dict[tuple[int, int, str], tuple[int, ...]] = {}
    counts = [0] * len(board)
    position, weeks = board.start, 0
    injury, injury_weeks = board.injury, rules.injury_weeks
    for _ in range(turns):
        if weeks > 0:
            weeks -= 1
        else:
            steps = randrange(sides) + randrange(sides) + 2
            face = faces[randrange(len(faces))]
            key = (position, steps, face)
            options = ends.get(key)
            if options is None:
                options = ends[key] = board.move_ends(position, steps, *rules.move_of(face))
            position = options[randrange(len(options))] if len(options) > 1 else options[0]
            if position == injury:
                weeks = injury_weeks
        counts[position] += 1
    return {i: c / turns for i, c in enumerate(counts)}
