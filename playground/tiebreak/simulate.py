"""Monte Carlo counterparts of ``odds.py``: play the chance events many times and count.

Each function takes a ``seed`` and owns one ``random.Random(seed)``: the same seed gives the same
estimate, and no global random state is touched. Dice are drawn with ``Random.randrange``, which
is exactly uniform. The exact answers live in ``odds.py``; a notebook shows both side by side and
lets the class watch the estimate close in on the fraction as the number of games grows.
Every function plays at most MAX_COUNT (1,000,000) games or turns a call.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence

import pandas as pd

from .board import Board
from .odds import (
    DEFAULT_RULES,
    ROLLERS,
    challenger_start,
    check_race_args,
    race_args,
    schedule_dist,
    vacant_bonus,
    won_at_start,
)
from .rules import Rules

__all__ = [
    "play_race",
    "race_winner",
    "race_winner_sampler",
    "sample_schedules",
    "simulate_defended",
    "simulate_landings",
    "simulate_race",
    "simulate_race_lengths",
    "simulate_vacant",
]


MAX_COUNT = 1_000_000
"""The most games (or turns) one call plays: about a second on a laptop, and plenty for a class
(the standard error of a share is then at most 0.05 percentage points)."""


def _check_count(name: str, value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_COUNT:
        raise ValueError(f"{name} must be a whole number from 1 to {MAX_COUNT:,}; got {value!r}")


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


# -- one race told roll by roll, and samplers for the live simulation panel ----------------------


def _race_rolls(
    dice: Iterable[int],
    challenger_start: int,
    champion_start: int,
    target: int,
    margin: int,
    sides: int,
    first: str,
    settle_at_start: bool,
) -> Iterator[tuple[str, int, int, int, str | None]]:
    """Play a race with the given dice: (roller, die, challenger total, champion total, winner)
    after each roll, winner None while it goes on; a race won at the start yields one row with
    roller and die "" and 0. Stops at the winning roll or when the dice run out."""
    check_race_args(challenger_start, champion_start, target, margin, sides, first, settle_at_start)
    settled = won_at_start(challenger_start, champion_start, target, margin) if settle_at_start else None
    if settled is not None:
        yield "", 0, challenger_start, champion_start, ROLLERS[0] if settled else ROLLERS[1]
        return
    totals = {"challenger": challenger_start, "champion": champion_start}
    roller = first
    for die in dice:
        if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= sides:
            raise ValueError(f"each die must be a whole number from 1 to {sides}; got {die!r}")
        other = ROLLERS[1] if roller == ROLLERS[0] else ROLLERS[0]
        totals[roller] += die
        won = totals[roller] >= target and totals[roller] - totals[other] >= margin
        yield roller, die, totals["challenger"], totals["champion"], roller if won else None
        if won:
            return
        roller = other


def race_winner(
    dice: Iterable[int],
    challenger_start: int,
    champion_start: int = 3,
    target: int = 7,
    margin: int = 2,
    sides: int = 6,
    first: str = "challenger",
    settle_at_start: bool = True,
) -> str | None:
    """Who has won once these dice are rolled in turn: "challenger", "champion" or None (still on).

    No randomness: listing every sequence of n dice and counting the winners gives the exact
    chances after n rolls, which is how a class can count its way towards p_challenger_wins.
    Each die must be a whole number from 1 to sides (ValueError otherwise).
    """
    rolls = _race_rolls(dice, challenger_start, champion_start, target, margin, sides, first, settle_at_start)
    return next((winner for *_, winner in rolls if winner is not None), None)


def play_race(
    challenger_start: int,
    champion_start: int = 3,
    target: int = 7,
    margin: int = 2,
    sides: int = 6,
    first: str = "challenger",
    settle_at_start: bool = True,
    *,
    seed: int = 0,
    dice: Sequence[int] | None = None,
) -> pd.DataFrame:
    """One race, roll by roll: a table a class can read from the top (and plot).

    The dice come from random.Random(seed), or are the given list (to replay a race chosen by
    hand; the table then stops where the list does if nobody has won). Columns: roll, roller,
    die, challenger, champion (the running totals), lead (the roller's), result ("play on" or
    who wins). A race already won at the start has one row, roll 0.
    """
    if dice is None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be a whole number; got {seed!r}")
        randrange = random.Random(seed).randrange
        dice = iter(lambda: randrange(sides) + 1, None)  # endless: the race surely ends
    rows = []
    for roll, (roller, die, challenger, champion, winner) in enumerate(
        _race_rolls(dice, challenger_start, champion_start, target, margin, sides, first, settle_at_start),
        start=1,
    ):
        lead = challenger - champion if roller != ROLLERS[1] else champion - challenger
        rows.append(
            {
                "roll": 0 if not roller else roll,
                "roller": roller or "nobody",
                "die": die or None,
                "challenger": challenger,
                "champion": champion,
                "lead": lead,
                "result": f"{winner} wins" if winner else "play on",
            }
        )
    return pd.DataFrame(rows).astype({"die": "Int64"})


def race_winner_sampler(
    challenger_start: int,
    champion_start: int = 3,
    target: int = 7,
    margin: int = 2,
    sides: int = 6,
    first: str = "challenger",
    settle_at_start: bool = True,
) -> Callable[[random.Random, int], list[str]]:
    """A batch sampler for the live simulation panel: f(rng, n) plays n races, lists the winners.

    Pair it with the exact Dist {"challenger": p, "champion": 1 - p} (odds.p_challenger_wins).
    The settings are checked now, so a bad one fails when the panel is built, not on a click.
    """
    check_race_args(challenger_start, champion_start, target, margin, sides, first, settle_at_start)

    def sample(rng: random.Random, n: int) -> list[str]:
        randrange = rng.randrange
        winners = []
        for _ in range(n):
            dice = iter(lambda: randrange(sides) + 1, None)
            winners.append(
                race_winner(
                    dice, challenger_start, champion_start, target, margin, sides, first, settle_at_start
                )
            )
        return winners

    return sample


def sample_schedules(rng: random.Random, n: int, copies: int, deck: int = 36, schedule: int = 3) -> list[int]:
    """Deal n schedules from freshly shuffled decks: how many of the ``copies`` alike cards each holds.

    Cards are dealt without replacement (random.sample), as from a real deck; compare
    odds.schedule_dist. Bounds as odds.schedule_dist, and n a whole number from 0 up.
    """
    schedule_dist(copies, deck, schedule)  # checks the arguments
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be a whole number of schedules, at least 0; got {n!r}")
    cards = range(deck)  # cards 0 .. copies - 1 are the alike ones
    return [sum(1 for card in rng.sample(cards, schedule) if card < copies) for _ in range(n)]
