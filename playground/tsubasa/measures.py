"""What a finished match is measured by, for ``compare_rules`` (module-level functions, so worker
processes can use them), and a sampler of duels for the live simulation.

Each measure takes a finished Captain Tsubasa match and refuses anything else (a TypeError for
another object, core's ValueError for a match not played to the end) before reading it.
"""

from __future__ import annotations

import random

from playground.core.compare import final_result, progress_bar, steps
from playground.core.engine import Policies
from playground.core.numbers import shown, whole_number
from playground.core.remembered import remembered

from .engine import TsubasaGame
from .odds import TOTAL_BOUND, _attacker_wins, _check_flag, _check_int
from .rules import Rules


def _finished(game: TsubasaGame) -> TsubasaGame:
    """The game itself, if it is a Captain Tsubasa match played to the end."""
    if not isinstance(game, TsubasaGame):
        raise TypeError(f"game must be a Captain Tsubasa match (tsubasa.new_game); got {shown(game, 60)}")
    final_result(game)
    return game


def goals(game: TsubasaGame) -> float:
    """Goals scored by both teams together."""
    return float(sum(c.score for c in _finished(game).state.coaches))


def extra_time(game: TsubasaGame) -> float:
    """1 if the match went to extra time, else 0."""
    return float(_finished(game).state.period.startswith("extra"))


def shared_title(game: TsubasaGame) -> float:
    """1 if the match ended level after extra time (or a draw without extra time), else 0."""
    return float(len(final_result(_finished(game)).winners) == 2)


def attack_duels_won(game: TsubasaGame) -> float:
    """The share of duels (shots and passes) the attack won; 0 if there was none."""
    duels = [result for kind, result in _finished(game).rounds if kind in ("shot", "pass")]
    won = sum(result not in ("stolen",) for result in duels)
    return won / len(duels) if duels else 0.0


def kicker_result(game: TsubasaGame) -> str:
    """How the match ended for the team that kicked it off: "won", "lost" or "shared"."""
    winners = final_result(_finished(game)).winners
    return "shared" if len(winners) == 2 else "won" if winners[0] == game.first_kicker else "lost"


@remembered(ignore=("progress",))
def kickoff_record(
    matches: int, policies: Policies = None, rules: Rules | None = None, *, progress: bool | None = None
) -> dict[str, int]:
    """How the team that kicked off fared in the matches seeded 0, 1, ..., matches - 1:
    ``{"won": ..., "lost": ..., "shared": ...}``, under these rules and players (as ``play``).

    matches: a whole number from 1 to 2,000 (a match takes about a hundredth of a second, so 300
    take a few seconds, more on a busy machine; a progress bar moves meanwhile, and the stop
    button ends the run, keeping nothing). A lesson's own call is read back from the shipped
    results (core.remembered).
    """
    matches = whole_number(matches, "matches", 1, 2_000)
    record = dict.fromkeys(("won", "lost", "shared"), 0)
    bar = progress_bar(matches, progress, "matches")
    for seed in range(matches):
        record[kicker_result(TsubasaGame(rules, None, seed).play(policies))] += 1
        if bar is not None:
            bar.value = seed + 1
    return record


def rounds_played(game: TsubasaGame) -> float:
    """Rounds played in the whole match, extra time included."""
    return float(len(_finished(game).rounds))


MATCH_MEASURES = {
    "goals": goals,
    "went to extra time": extra_time,
    "shared title": shared_title,
    "duels won by the attack": attack_duels_won,
    "rounds": rounds_played,
    "steps (moves, rolls and draws)": steps,
}


def sample_duels(
    rng: random.Random,
    n: int,
    attack: int,
    defense: int,
    assured_success: bool = False,
    ties_to_attacker: bool = True,
    sides: int = 6,
) -> list[str]:
    """Roll n duels, one die each, with the arguments p_attacker_wins takes (no reroll): by default
    the rulebook's duel, six-sided dice and ties to the attacker. "attack" or "defense" won each.

    Bounds: n a whole number from 0 to 1,000,000 (about a second); totals -1000..1000; sides
    2..12; the switches True or False; rng a random.Random.
    """
    n = whole_number(n, "n", 0, 1_000_000)
    attack = _check_int("attack", attack, -TOTAL_BOUND, TOTAL_BOUND)
    defense = _check_int("defense", defense, -TOTAL_BOUND, TOTAL_BOUND)
    sides = _check_int("sides", sides, 2, 12)
    _check_flag("assured_success", assured_success)
    _check_flag("ties_to_attacker", ties_to_attacker)
    sure, ties = bool(assured_success), bool(ties_to_attacker)
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random; got {shown(rng, 60)}")
    return [
        "attack"
        if _attacker_wins(rng.randint(1, sides), rng.randint(1, sides), attack, defense, sure, ties, sides)
        else "defense"
        for _ in range(n)
    ]
