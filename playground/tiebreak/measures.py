"""What a Tie-Break season measures, for lesson 04: where pieces go, and who wins.

Three kinds of question, each answered exactly where it can be and by seeded simulation where not:

* The movement chain (exact, Fractions): the transition table of one move from a few spaces
  (``move_table``), where a piece that arrived somewhere with an Ace came from (``came_from``,
  Bayes' rule), and a walk round the board for the live simulation (``Walker``).
* Real engine seasons: where players end their turns (``turn_end_shares``), and the season
  measures ``compare_rules`` takes (``SEASON_MEASURES``: module-level functions of a finished
  game, so worker processes can run them).
* The strategy lab: one policy against greedy players over seeded seasons, its share of wins
  with a 95% interval (``win_share``, ``lab_table``, ``lab_plot``).
"""

from __future__ import annotations

import math
import os
import pickle
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Any

import pandas as pd

from playground.core.checks import listed
from playground.core.compare import (
    COLUMNS,
    DIFFERENCE,
    HIGH,
    LOW,
    MEAN_A,
    MEAN_B,
    POOL_FROM,
    VERDICT,
    Z95,
    final_result,
    progress_bar,
)
from playground.core.dist import Dist
from playground.core.engine import Game, gc_paused
from playground.core.numbers import flag, is_whole, shown, whole_number
from playground.core.players import takes_game
from playground.core.remembered import remembered
from playground.core.workers import workers_possible

from .actions import Qualify
from .board import Board
from .engine import TiebreakGame, new_game
from .odds import landing_frequencies, move_distribution
from .odds_target import _check_board, _check_rules
from .policies import greedy
from .rules import Rules
from .simulate import MoveRoller

DEFAULT_RULES = Rules()

MAX_SEASONS = 10_000
"""The most seasons win_share and turn_end_shares play: a few minutes on two cores."""

__all__ = [
    "SEASON_MEASURES",
    "Walker",
    "WinShare",
    "came_from",
    "challenges",
    "challenges_won",
    "comparison_sentences",
    "lab_plot",
    "lab_table",
    "landing_dist",
    "move_table",
    "reached_target",
    "turn_end_shares",
    "weeks",
    "win_share",
    "winning_ranking",
]


def _position(board: Board, space: str | int) -> int:
    """A space given by id, name or position, as its position; ValueError naming it otherwise."""
    if is_whole(space) and 0 <= space < len(board):
        return int(space)
    if isinstance(space, str):
        if space in board.index:
            return board.index[space]
        named = [i for i, s in enumerate(board.spaces) if s.name == space]
        if named:
            return named[0]
    raise ValueError(
        f"space must be a space's id, name or position (0 to {len(board) - 1}) on this board; "
        f"got {shown(space, 60)}"
    )


# -- the movement chain ----------------------------------------------------------------------------

MAX_FROMS = 1_000
"""The most starting spaces move_table takes: each is one move worked out (about 0.1 ms)."""


def move_table(board: Board, rules: Rules = DEFAULT_RULES, froms: Sequence[str | int] = ()) -> pd.DataFrame:
    """The transition table of one ordinary move: one column per starting space, one row per
    space a move can end on, each cell the exact chance (a Fraction; 0 where the move cannot end).

    The rows are the ends in board order; each column adds up to 1. froms are space ids, names or
    positions (1 to MAX_FROMS, 1,000, of them: each is one move worked out, about 0.1 ms); a
    piece sitting out an injury does not move, so this is the move of a piece that is free to go
    (odds.move_distribution). Raises ValueError on an unknown space (TypeError for no list).
    """
    _check_board(board), _check_rules(rules)
    if isinstance(froms, str) or not froms:
        raise ValueError(f"froms must be a list of at least one space; got {shown(froms, 60)}")
    starts = [
        _position(board, s) for s in listed(froms, "froms", "spaces (ids, names or positions)", MAX_FROMS)
    ]
    moves = {board.spaces[s].name: move_distribution(board, rules, s) for s in starts}
    ends = sorted({end for move in moves.values() for end in move})
    return pd.DataFrame(
        {name: [move[end] for end in ends] for name, move in moves.items()},
        index=pd.Index([board.spaces[end].name for end in ends], name="ends on"),
    )


def _doubles_moves(board: Board, rules: Rules, position: int) -> dict[int, Fraction]:
    """P(the number dice show doubles and the move from position ends on each space).

    Doubles d+d (chance 1/sides² each) move 2d spaces; the direction die's faces then pick the
    road at a fork, and a choice between several ends is split evenly, as in move_distribution.
    """
    sides = rules.number_die_sides
    counts = {face: n for face, n in rules.direction_faces().items() if n > 0}
    faces = {face: Fraction(n, sum(counts.values())) for face, n in counts.items()}
    out: dict[int, Fraction] = Counter()
    for die, (face, chance) in product(range(1, sides + 1), faces.items()):
        ends = board.move_ends(position, 2 * die, *rules.move_of(face))
        for end in ends:
            out[end] += Fraction(1, sides * sides) * chance / len(ends)
    return out


def came_from(
    board: Board, rules: Rules = DEFAULT_RULES, landed: str | int = "", doubles: bool = True
) -> Dist:
    """Where a piece that just landed on ``landed`` (with doubles, if ``doubles``) started its move.

    Bayes' rule on the movement chain: P(from s | landed there) is proportional to
    P(a turn starts with a move from s) * P(that move lands there [with doubles]). A turn starts
    with a move from s in the long run with s's landing frequency, except on the Injury space,
    where only the last of the 1 + weeks_after_landing() turns spent there ends with the piece free to move.
    Returns a Dist over positions. Raises ValueError for an unknown space, or one no move (with
    doubles) can reach.
    """
    _check_board(board), _check_rules(rules)
    target = _position(board, landed)
    doubles = flag(doubles, "doubles")
    shares = landing_frequencies(board, rules)
    weights = {}
    for s, share in shares.items():
        free = share / (1 + rules.weeks_after_landing()) if s == board.injury else share
        move = _doubles_moves(board, rules, s) if doubles else move_distribution(board, rules, s)
        weights[s] = free * move.get(target, Fraction(0))
    if not any(weights.values()):
        how = "with doubles " if doubles else ""
        raise ValueError(f"no move {how}lands on {board.spaces[target].name}, so it has no 'came from'")
    return Dist(weights)


def landing_dist(board: Board, rules: Rules = DEFAULT_RULES) -> Dist:
    """The exact landing frequencies as a Dist over board numbers 0, 1, 2, ... (short labels for a
    bar chart of every space, in board order; ``board.spaces[label]`` is the space)."""
    return Dist(landing_frequencies(board, rules))


MAX_WALK = 200_000
"""The most turns one call of a Walker plays: about two seconds on this machine's 2 cores."""


class Walker:
    """One piece walking round the board turn by turn, for ``live_simulation(sample_many=...)``.

    Called as walker(rng, n) it plays n more turns, rolling the dice each turn, and returns the
    board numbers (as landing_dist labels) where each turn ended: the same movement as the
    chain of odds.landing_frequencies (Let cards, Travel and Health attacks left out), so the
    shares settle on its exact values if the chain is right. A new generator means a new walk:
    when the live simulation's Reset makes a fresh random.Random, the piece goes back to Start.
    n: 0 to MAX_WALK turns a call (about 10 µs a turn here: the panel's 10,000 take a tenth of a
    second, the most about two).
    """

    def __init__(self, board: Board, rules: Rules = DEFAULT_RULES):
        if not isinstance(board, Board):
            raise TypeError(f"board must be a Tie-Break board (game.board); got {type(board).__name__}")
        self.board, self.rules = board, _check_rules(rules)
        self._roll = MoveRoller(board, rules)
        self._rng: Any = None
        self.position, self.weeks = board.start, 0

    def __call__(self, rng: random.Random, n: int) -> list[int]:
        n = whole_number(n, "n", 0, MAX_WALK)
        if not isinstance(rng, random.Random):
            raise TypeError(
                f"rng must be a random.Random (the panel's own generator); got {type(rng).__name__}"
            )
        if rng is not self._rng:
            self._rng, self.position, self.weeks = rng, self.board.start, 0
        ends = []
        for _ in range(n):
            if self.weeks:
                self.weeks -= 1
            else:
                self.position = self._roll(rng, self.position)
                if self.position == self.board.injury:
                    self.weeks = self.rules.weeks_after_landing()
            ends.append(self.position)
        return ends


# -- real seasons ------------------------------------------------------------------------------------


def turn_end_shares(
    seasons: int = 20,
    rules: Rules = DEFAULT_RULES,
    players: int = 4,
    policy: Callable[[TiebreakGame], Any] = greedy,
    seed: int = 0,
    progress: bool | None = None,
) -> dict[int, float]:
    """Play seeded engine seasons and count where players end their turns: position -> share.

    Unlike the movement chain, real turns include Let cards that move a piece, Health attacks
    that send it to the Injury space, flights, and a start on Start. Season i has seed seed + i.
    Bounds: 1 to MAX_SEASONS seasons (about 0.04 s each, so the most take minutes: a long run by
    design, with a progress bar in a notebook as win_share has), 2 to 6 players.
    """
    seasons = whole_number(seasons, "seasons", 1, MAX_SEASONS)
    players = whole_number(players, "players", 2, 6)
    seed = whole_number(seed, "seed", 0, 2**31 - 1)
    ends: Counter[int] = Counter()
    board = new_game(rules, players=players).board
    bar = progress_bar(seasons, progress, "seasons")
    with gc_paused():
        for i in range(seasons):
            if bar is not None:
                bar.value = i
            game = new_game(rules, seed=seed + i, players=players)
            turn = game.state.turn
            while not game.is_over():
                game.step(policy)
                if game.state.turn != turn:  # a turn just ended: where did its player end it?
                    ends[game.state.players[turn].position] += 1
                    turn = game.state.turn
    if bar is not None:
        bar.value, bar.bar_style = seasons, "success"
    total = sum(ends.values())
    return {i: ends[i] / total for i in range(len(board))}


@takes_game(TiebreakGame)
def weeks(game: Game) -> float:
    """How many weeks (rounds of turns) the season lasted."""
    return float(game.state.week)


@takes_game(TiebreakGame)
def reached_target(game: Game) -> float:
    """1 if the season ended because a player reached the target ranking, else 0 (a season still
    going is refused: play it to the end first)."""
    final_result(game)
    return float(max(game.state.rankings()) >= game.target)


@takes_game(TiebreakGame)
def winning_ranking(game: Game) -> float:
    """The highest ranking at the end of the season (a season still going is refused)."""
    final_result(game)
    return float(max(game.state.rankings()))


@takes_game(TiebreakGame)
def challenges(game: Game) -> float:
    """How many times a player qualified and challenged a champion in the season."""
    return float(sum(isinstance(a, Qualify) for a in game.actions()))


@takes_game(TiebreakGame)
def challenges_won(game: Game) -> float:
    """How many challenges the challenger won: titles taken from a defending champion.

    (An injured champion cannot defend: a visitor then plays the space as a vacant tournament,
    and a title that changes hands that way is not counted here.)
    """
    defended = sum(event.text.count(" defends ") for event in game.events())
    return challenges(game) - float(defended)


SEASON_MEASURES: Mapping[str, Callable[[Game], float]] = {
    "weeks": weeks,
    "ended by reaching the target": reached_target,
    "winner's ranking": winning_ranking,
    "challenges": challenges,
    "challenges won": challenges_won,
}
"""The season measures lesson 04 hands to compare_rules."""


def comparison_sentences(table: pd.DataFrame) -> list[str]:
    """Each row of a compare_rules table in words: both means, the difference, its 95% interval,
    and what the data can tell (B is the house rule). Raises ValueError for another table."""
    missing = [c for c in COLUMNS if c not in getattr(table, "columns", ())]
    if missing:
        raise ValueError(f"table must be a compare_rules table; it lacks the columns {', '.join(missing)}")
    said = {
        "B higher": "higher with the house rule",
        "A higher": "lower with the house rule",
        "cannot tell": "the data cannot tell a difference (the interval contains 0)",
    }
    sentences = []
    for name, row in table.iterrows():
        means, gaps = _decimals(row[MEAN_A], row[MEAN_B]), _decimals(row[DIFFERENCE], row[LOW], row[HIGH])
        sentences.append(
            f"{name}: {row[MEAN_A]:,.{means}f} with our default rules, {row[MEAN_B]:,.{means}f} with the "
            f"house rule; difference {row[DIFFERENCE]:+,.{gaps}f} (95% interval {row[LOW]:+,.{gaps}f} to "
            f"{row[HIGH]:+,.{gaps}f}): {said[row[VERDICT]]}."
        )
    return sentences


def _decimals(*figures: float) -> int:
    """Decimals for figures said together, alike (−0.14 to +0.04, never +0.0397): none from 100
    up, one from 10, two below, three when everything is below 0.1."""
    largest = max((abs(x) for x in figures if math.isfinite(x)), default=0)
    return 0 if largest >= 100 else 1 if largest >= 10 else 2 if largest >= 0.1 else 3


# -- the strategy lab ------------------------------------------------------------------------------


@dataclass(frozen=True)
class WinShare:
    """A policy's share of wins against greedy players, with its standard error and 95% interval.

    Each season scores 1 for a win, 1/k for a win shared by k players, 0 otherwise; ``share`` is
    the mean. The standard error is sqrt(share * (1 - share) / seasons): exact for plain wins and
    losses, a little generous with shared wins. ``fair`` is 1 / players, what any seat wins
    against copies of itself.
    """

    name: str
    seasons: int
    players: int
    share: float

    @property
    def fair(self) -> float:
        return 1 / self.players

    @property
    def standard_error(self) -> float:
        return math.sqrt(self.share * (1 - self.share) / self.seasons)

    @property
    def low(self) -> float:
        return self.share - Z95 * self.standard_error

    @property
    def high(self) -> float:
        return self.share + Z95 * self.standard_error

    @property
    def verdict(self) -> str:
        """Better or worse than a fair share, or "cannot tell" when the interval holds it."""
        if self.low > self.fair:
            return "better than a fair share"
        if self.high < self.fair:
            return "worse than a fair share"
        return "cannot tell"

    def sentence(self) -> str:
        """The result in words, with its figures."""
        verdict = {
            "cannot tell": f"the data cannot tell it from a fair share of {self.fair:.0%}",
            "better than a fair share": f"better than a fair share of {self.fair:.0%}",
            "worse than a fair share": f"worse than a fair share of {self.fair:.0%}",
        }[self.verdict]
        return (
            f"{self.name} won {self.share:.1%} of {self.seasons} seasons (standard error "
            f"{self.standard_error * 100:.1f} points, 95% interval {self.low:.1%} to "
            f"{self.high:.1%}): {verdict}."
        )

    def row(self) -> dict[str, Any]:
        return {
            "seasons": self.seasons,
            "win share": self.share,
            "standard error": self.standard_error,
            "95% CI low": self.low,
            "95% CI high": self.high,
            "fair share": self.fair,
            "can the data tell?": self.verdict,
        }


def _season_score(policy: Any, opponent: Any, rules: Rules, players: int, seed: int) -> float:
    """One seeded season: policy in seat seed % players, opponent elsewhere; its share of the win."""
    seat = seed % players
    seats = [policy if p == seat else opponent for p in range(players)]
    result = new_game(rules, seed=seed, players=players).play(seats).result()
    assert result is not None
    return 1 / len(result.winners) if seat in result.winners else 0.0


def _scores(args: tuple[Any, Any, Rules, int, range]) -> list[float]:
    policy, opponent, rules, players, seeds = args
    with gc_paused():
        return [_season_score(policy, opponent, rules, players, s) for s in seeds]


@remembered(ignore=("executor", "progress"))
def win_share(
    policy: Callable[[TiebreakGame], Any],
    seasons: int = 200,
    players: int = 4,
    rules: Rules = DEFAULT_RULES,
    seed: int = 0,
    opponent: Callable[[TiebreakGame], Any] = greedy,
    name: str | None = None,
    executor: str | None = None,
    progress: bool | None = None,
) -> WinShare:
    """Play ``seasons`` seeded seasons of policy against opponent players (default greedy).

    Season i has seed seed + i, and the policy sits in seat (seed + i) % players, so every seat
    gets its turn. executor: None uses a process pool over every core from POOL_FROM seasons up
    when the policies can be sent to worker processes (functions defined at the top level of a
    module or notebook), and plays here otherwise; "serial" or "process" force either (where
    no process can be started, a browser kernel, both play here). The result is the same either
    way. Bounds: 1 to MAX_SEASONS seasons, 2 to 6 players; time about seasons / (25 per second per
    core) with 4 players, so the most seasons take minutes: a long run by design, shown with a
    progress bar in a notebook (progress: None there; True or False to choose), and the stop
    button ends it. A lesson's own run is read back from the shipped results (core.remembered):
    the package's players by name, a notebook's own functions (from_choices) by their source
    text; an edited function, a lambda or a player that cannot be named is played.
    """
    if not callable(policy) or not callable(opponent):
        raise ValueError(
            f"policy and opponent must be functions of a game; got {shown(policy)} and {shown(opponent)}"
        )
    seasons = whole_number(seasons, "seasons", 1, MAX_SEASONS)
    players = whole_number(players, "players", 2, 6)
    seed = whole_number(seed, "seed", 0, 2**31 - 1)
    _check_rules(rules)
    if executor not in (None, "serial", "process"):
        raise ValueError(f"executor must be None, 'serial' or 'process'; got {shown(executor)}")
    label = name or getattr(policy, "__name__", None) or repr(policy)
    seeds = range(seed, seed + seasons)
    pool = workers_possible() and (
        executor == "process" or (executor is None and seasons >= POOL_FROM and _picklable(policy, opponent))
    )
    workers = os.cpu_count() or 1
    size = max(1, min(25, math.ceil(seasons / (4 * workers))))  # a part: a step of the bar
    parts = [(policy, opponent, rules, players, seeds[i : i + size]) for i in range(0, seasons, size)]
    bar = progress_bar(seasons, progress, "seasons")
    if not pool:
        scores = _gathered(map(_scores, parts), bar)
    else:
        with ProcessPoolExecutor(max_workers=workers) as running:
            scores = _gathered(running.map(_scores, parts), bar)
    return WinShare(label, seasons, players, sum(scores) / seasons)


def _gathered(parts: Any, bar: Any) -> list[float]:
    """The seasons' scores, part by part, moving the bar (if any) as each part comes in."""
    scores: list[float] = []
    for part in parts:
        scores.extend(part)
        if bar is not None:
            bar.value = len(scores)
    if bar is not None:
        bar.bar_style = "success"
    return scores


def _picklable(*objects: Any) -> bool:
    try:
        pickle.dumps(objects)
    except (pickle.PicklingError, AttributeError, TypeError):
        return False
    return True


def lab_table(results: Sequence[WinShare]) -> pd.DataFrame:
    """One row per policy: win share, standard error, 95% interval, fair share and the verdict.

    results: a list of 1 to 1,000 WinShare results (from win_share), else ValueError.
    """
    listed_ = isinstance(results, Sequence) and not isinstance(results, str | bytes)
    if not listed_ or not 1 <= len(results) <= 1000 or not all(isinstance(r, WinShare) for r in results):
        raise ValueError(
            f"results must be a list of at least one WinShare (at most 1,000); got {shown(results, 60)}"
        )
    return pd.DataFrame([r.row() for r in results], index=pd.Index([r.name for r in results], name="player"))


def lab_plot(results: Sequence[WinShare]) -> Any:
    """Each policy's win share with its 95% interval, and the fair share as a dashed line.

    An interval that crosses the line is a share the data cannot tell from fair. Returns the
    matplotlib Figure (closed, so a notebook shows it once).
    """
    table = lab_table(results)
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MultipleLocator, PercentFormatter

    fig, ax = plt.subplots(figsize=(6.5, 1.2 + 0.6 * len(table)))
    shares = table["win share"]
    errors = [shares - table["95% CI low"], table["95% CI high"] - shares]
    ax.errorbar(shares, range(len(table)), xerr=errors, fmt="o", color="#0072B2", capsize=6)
    fairs = sorted(set(table["fair share"]))
    for fair in fairs:
        ax.axvline(fair, color="#E69F00", linestyle="--")
    ax.set_yticks(range(len(table)), table.index)
    ax.set_ylim(len(table) - 0.5, -0.5)
    ax.set_xlabel(
        f"share of seasons won, with 95% interval (dashed: fair share {', '.join(f'{f:.0%}' for f in fairs)})"
    )
    ax.xaxis.set_major_locator(MultipleLocator(0.05))
    ax.xaxis.set_major_formatter(PercentFormatter(1, decimals=0))
    seasons = ", ".join(str(n) for n in sorted(set(table["seasons"])))
    ax.set_title(f"against greedy players, {seasons} seasons each", fontsize=10)
    fig.tight_layout()
    plt.close(fig)
    return fig
