"""What a finished match is measured by, for ``compare_rules`` (module-level functions, so worker
processes can use them), and a sampler of duels for the live simulation."""

from __future__ import annotations

import random

from playground.core.compare import steps

from .engine import TsubasaGame
from .odds import attacker_wins


def goals(game: TsubasaGame) -> float:
    """Goals scored by both teams together."""
    return float(sum(c.score for c in game.state.coaches))


def extra_time(game: TsubasaGame) -> float:
    """1 if the match went to extra time, else 0."""
    return float(game.state.period.startswith("extra"))


def shared_title(game: TsubasaGame) -> float:
    """1 if the match ended level after extra time (or a draw without extra time), else 0."""
    return float(len(game.result().winners) == 2)


def attack_duels_won(game: TsubasaGame) -> float:
    """The share of duels (shots and passes) the attack won; 0 if there was none."""
    duels = [result for kind, result in game.rounds if kind in ("shot", "pass")]
    won = sum(result not in ("stolen",) for result in duels)
    return won / len(duels) if duels else 0.0


def kicker_result(game: TsubasaGame) -> str:
    """How the match ended for the team that kicked it off: "won", "lost" or "shared"."""
    winners = game.result().winners
    return "shared" if len(winners) == 2 else "won" if winners[0] == game.first_kicker else "lost"


def rounds_played(game: TsubasaGame) -> float:
    return float(len(game.rounds))


MATCH_MEASURES = {
    "goals": goals,
    "went to extra time": extra_time,
    "shared title": shared_title,
    "duels won by the attack": attack_duels_won,
    "rounds": rounds_played,
    "steps": steps,
}


def sample_duels(
    rng: random.Random, n: int, attack: int, defense: int, assured_success: bool = False
) -> list[str]:
    """Roll n duels with the engine's rule: "attack" or "defense" won each. Bound: n up to 1,000,000."""
    if not 0 <= n <= 1_000_000:
        raise ValueError(f"n must be from 0 to 1,000,000; got {n!r}")
    return [
        "attack"
        if attacker_wins(rng.randint(1, 6), rng.randint(1, 6), attack, defense, assured_success)
        else "defense"
        for _ in range(n)
    ]
