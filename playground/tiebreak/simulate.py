"""Monte Carlo counterparts of ``odds.py``: play the chance events many times and count.

Each function takes a ``seed`` and owns one ``random.Random(seed)``: the same seed gives the same
estimate, and no global random state is touched. Dice are drawn with ``Random.randrange``, which
is exactly uniform. The exact answers live in ``odds.py``; a notebook shows both side by side and
lets the class watch the estimate close in on the fraction as the number of games grows.
Every function plays at most MAX_COUNT (1,000,000) games or turns a call, and the race ones at
most MAX_ROLLS dice on average, so that each answers within about a second.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence

import pandas as pd

from playground.core.checks import check_iterable
from playground.core.numbers import is_whole, shown, whole_number

from .board import Board
from .odds import (
    DEFAULT_RULES,
    ROLLERS,
    challenger_start,
    check_race_args,
    check_schedule_args,
    expected_race_length,
    race_args,
    vacant_bonus,
    won_at_start,
)
from .odds_target import _check_board, _check_rules
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
"""The most games (or turns) one call plays: plenty for a class (the standard error of a share
is then at most 0.05 percentage points)."""

MAX_ROLLS = 2_500_000
"""The most dice a race simulation rolls in one call, on average: games × the race's expected
length (odds.expected_race_length, exact and at most ~0.15 s to work out). A roll costs about
0.35 µs and a game about 0.2 µs more, so this is about a second: a million games of the default
race (2.2 rolls), or 7,351 of a race from 0 each to 30 won by 10 with a coin (340 rolls)."""

MAX_CARDS = 2_000_000
"""The most cards one sample_schedules call deals, counting 5 more for each schedule (setting
one up costs about as much as 5 cards): at most ~0.43 µs each from a deck of up to 100,000, so
about a second; 250,000 three-card schedules."""


def _race_count(name: str, value: int, low: int, race: tuple) -> int:
    """value as an int, if that many of these races roll at most MAX_ROLLS dice on average."""
    count = whole_number(value, name, low, MAX_COUNT)
    rolls = expected_race_length(*race)
    if count * rolls > MAX_ROLLS:
        raise ValueError(
            f"{name} must be at most {math.floor(MAX_ROLLS / rolls):,} for this race: it lasts "
            f"{float(rolls):,.1f} rolls on average, and one call rolls at most {MAX_ROLLS:,} dice on "
            f"average (about a second); got {count:,}"
        )
    return count


def _lengths(
    randrange: Callable[[int], int],
    games: int,
    challenger_start: int,
    champion_start: int,
    target: int,
    margin: int,
    sides: int,
    first: str,
) -> Iterator[int]:
    """How many rolls each of ``games`` races lasts, none of them won at the start: the player
    who rolls first wins exactly the races of odd length."""
    if first == "challenger":
        start = challenger_start, champion_start
    else:
        start = champion_start, challenger_start
    for _ in range(games):
        # mover = the player about to roll; flip the roles after every roll that does not win
        mover, other = start
        rolls = 0
        while True:
            mover += randrange(sides) + 1
            rolls += 1
            if mover >= target and mover - other >= margin:
                break
            mover, other = other, mover
        yield rolls


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
    race = check_race_args(challenger_start, champion_start, target, margin, sides, first, settle_at_start)
    challenger_start, champion_start, target, margin, sides, first, settle_at_start = race
    games = _race_count("games", games, 1, race)
    settled = won_at_start(challenger_start, champion_start, target, margin) if settle_at_start else None
    if settled is not None:  # decided before anyone rolls, every time
        return (games if settled else 0), Counter({0: games})
    lengths = Counter(_lengths(random.Random(whole_number(seed, "seed", 0)).randrange, games, *race[:6]))
    challenger_first = first == "challenger"
    wins = sum(n for rolls, n in lengths.items() if (rolls % 2 == 1) == challenger_first)
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
    """The share of simulated tie-break races the challenger wins (compare p_challenger_wins).

    Bounds: games from 1 to MAX_COUNT (1,000,000), and games × the race's expected number of
    rolls (odds.expected_race_length) at most MAX_ROLLS (2,500,000), about a second: a million
    games of the default race, but only 7,351 of a race from 0 each to 30 won by 10 with a coin.
    """
    wins, lengths = _races(
        challenger_start, champion_start, target, margin, sides, first, settle_at_start, games, seed
    )
    return wins / lengths.total()


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
    """Share of simulated races lasting exactly n rolls, by n (compare odds.race_length).

    Bounds as simulate_race: games × the race's expected number of rolls at most MAX_ROLLS.
    """
    _, lengths = _races(
        challenger_start, champion_start, target, margin, sides, first, settle_at_start, games, seed
    )
    games = lengths.total()
    return {n: lengths[n] / games for n in sorted(lengths)}


def simulate_vacant(
    tokens: int,
    ace: bool = False,
    rules: Rules = DEFAULT_RULES,
    games: int = 100_000,
    seed: int = 0,
) -> float:
    """The share of simulated vacant tournaments won (compare odds.p_vacant_win).

    One roll a game, so games may be anything from 1 to MAX_COUNT (1,000,000).
    """
    games = whole_number(games, "games", 1, MAX_COUNT)
    bonus = vacant_bonus(tokens, ace, rules)
    randrange = random.Random(whole_number(seed, "seed", 0)).randrange
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
    """The share of simulated defended tie-breaks the challenger wins (odds.p_defended_win).

    Bounds as simulate_race, for the race the rules set: games × its expected number of rolls at
    most MAX_ROLLS (a million games under the default rules, about 7,300 for a race to 30 won by 10
    with a coin).
    """
    return simulate_race(
        challenger_start(tokens, ace, surface, rules, top_ranker), *race_args(rules), games, seed
    )


def simulate_landings(
    board: Board, rules: Rules = DEFAULT_RULES, turns: int = 100_000, seed: int = 0
) -> dict[int, float]:
    """Walk one piece from Start for many turns: the share of turns it ends on each space.

    The same movement as odds.landing_frequencies: an injured piece sits out its weeks on the
    Injury space (the landing turn counts, then rules.weeks_after_landing() more); otherwise roll the two
    number dice and the direction die, list the distinct possible ends (Board.move_ends,
    built on the board's own destinations) and pick one with equal chances. Let cards, Travel
    and Health attacks are left out, as in the exact chain. Counting starts with the first turn,
    so a short run still remembers that the piece began on Start. turns: 1 to MAX_COUNT.
    """
    _check_board(board)
    rules = _check_rules(rules)
    turns = whole_number(turns, "turns", 1, MAX_COUNT)
    rng = random.Random(whole_number(seed, "seed", 0))
    roll = MoveRoller(board, rules)
    counts = [0] * len(board)
    position, weeks = board.start, 0
    injury, injury_weeks = board.injury, rules.weeks_after_landing()
    for _ in range(turns):
        if weeks > 0:
            weeks -= 1
        else:
            position = roll(rng, position)
            if position == injury:
                weeks = injury_weeks
        counts[position] += 1
    return {i: c / turns for i, c in enumerate(counts)}


class MoveRoller:
    """One move rolled for real: the two number dice, the direction die, then (when the dice can
    end on several spaces) one of them with equal chances. Shared by simulate_landings and the
    lesson's Walker, so both roll alike; each move's possible ends are worked out once."""

    def __init__(self, board: Board, rules: Rules):
        self.board, self.rules, self.sides = board, rules, rules.number_die_sides
        self.faces = [face for face, n in rules.direction_faces().items() for _ in range(n)]
        self.ends: dict[tuple[int, int, str], tuple[int, ...]] = {}

    def __call__(self, rng: random.Random, position: int) -> int:
        randrange = rng.randrange
        steps = randrange(self.sides) + randrange(self.sides) + 2
        face = self.faces[randrange(len(self.faces))]
        key = (position, steps, face)
        options = self.ends.get(key)
        if options is None:
            options = self.ends[key] = self.board.move_ends(position, steps, *self.rules.move_of(face))
        return options[randrange(len(options))] if len(options) > 1 else options[0]


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
    roller and die "" and 0. Stops at the winning roll or when the dice run out. dice: a list
    (or iterator) of whole numbers from 1 to sides, else ValueError (TypeError for no list)."""
    challenger_start, champion_start, target, margin, sides, first, settle_at_start = check_race_args(
        challenger_start, champion_start, target, margin, sides, first, settle_at_start
    )
    check_iterable(dice, "dice", f"die rolls (whole numbers from 1 to {sides})", repeats=True)
    settled = won_at_start(challenger_start, champion_start, target, margin) if settle_at_start else None
    if settled is not None:
        yield "", 0, challenger_start, champion_start, ROLLERS[0] if settled else ROLLERS[1]
        return
    totals = {"challenger": challenger_start, "champion": champion_start}
    roller = first
    for die in dice:
        if not is_whole(die) or not 1 <= die <= sides:
            raise ValueError(f"each die must be a whole number from 1 to {sides}; got {shown(die)}")
        die = int(die)  # a numpy die, as a numpy roll gives it, counts as itself
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
    die, challenger, champion (the running totals), roller's lead, result ("play on" or
    who wins). A race already won at the start has one row, roll 0.
    """
    if dice is None:
        randrange = random.Random(whole_number(seed, "seed", 0)).randrange
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
                "roller's lead": lead,
                "result": f"{winner} wins" if winner else "play on",
            }
        )
    columns = ["roll", "roller", "die", "challenger", "champion", "roller's lead", "result"]
    return pd.DataFrame(rows, columns=columns).astype({"die": "Int64"})  # no dice given: no rows


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
    f's bounds, as simulate_race's games: rng a random.Random, n from 0 to MAX_COUNT with
    n × the race's expected number of rolls at most MAX_ROLLS (about a second). The dice are
    drawn as race_winner would draw them from rng, one randrange(sides) a roll.
    """
    race = check_race_args(challenger_start, champion_start, target, margin, sides, first, settle_at_start)
    challenger_start, champion_start, target, margin, sides, first, settle_at_start = race
    settled = won_at_start(challenger_start, champion_start, target, margin) if settle_at_start else None
    second = ROLLERS[1] if first == ROLLERS[0] else ROLLERS[0]

    def sample(rng: random.Random, n: int) -> list[str]:
        if not callable(getattr(rng, "randrange", None)):
            raise ValueError(f"rng must be a random.Random (it draws with randrange); got {shown(rng)}")
        n = _race_count("n", n, 0, race)
        if settled is not None:  # decided before anyone rolls, every time
            return [ROLLERS[0] if settled else ROLLERS[1]] * n
        return [first if rolls % 2 else second for rolls in _lengths(rng.randrange, n, *race[:6])]

    return sample


def sample_schedules(rng: random.Random, n: int, copies: int, deck: int = 36, schedule: int = 3) -> list[int]:
    """Deal n schedules from freshly shuffled decks: how many of the ``copies`` alike cards each holds.

    Cards are dealt without replacement (random.sample), as from a real deck; compare
    odds.schedule_dist. Bounds as odds.schedule_dist; rng a random.Random; n a whole number from
    0 up with n × (schedule + 5) at most MAX_CARDS (2,000,000, about a second: 250,000 schedules
    of 3 cards, 6,557 of 300).
    """
    copies, deck, schedule = check_schedule_args(copies, deck, schedule)
    if not callable(getattr(rng, "sample", None)):
        raise ValueError(f"rng must be a random.Random (it deals with rng.sample); got {shown(rng)}")
    n = whole_number(n, "n", 0)
    if n * (schedule + 5) > MAX_CARDS:
        raise ValueError(
            f"n must be at most {MAX_CARDS // (schedule + 5):,} for schedules of {schedule:,} cards: one "
            f"call deals at most {MAX_CARDS:,} cards, counting 5 more for each schedule; got {shown(n)}"
        )
    cards = range(deck)  # cards 0 .. copies - 1 are the alike ones
    return [sum(1 for card in rng.sample(cards, schedule) if card < copies) for _ in range(n)]
