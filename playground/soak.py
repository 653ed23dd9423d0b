"""The soak: thousands of seeded games per game with random rules and mixed policies, all checked.

Run ``python -m playground.soak`` (``make soak``; ``--games N`` for a quick run). Each game is
played with random Rules values drawn from the fields' own declarations (the few fields that
make games explode are held to a quick range) and one policy per seat (half the seats drawn from
the game's policies, the rest random), and walked by the engine-contract checker the tests use
(playground.core.contract): at every step the chance outcomes are exact, distinct and add up to
1, the player to act has distinct actions, every card and token is accounted for, and the game
ends within MAX_STEPS; at some steps (CHECKS) an illegal action is refused with nothing changed;
at the end the game refuses further actions, has a result naming real players (for Tie-Break
the rankings are the titles' points and the winners hold the best), its history's
probabilities multiply up, the same seed replays the same history, and past steps are rebuilt
by replay. It prints one table per game: games, steps, crashes, invariant breaks, longest game
and wall time. A crash or a broken invariant is reported with its seed so it can be replayed.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from playground.core.numbers import shown

from .core.contract import ContractReport, check_game
from .core.engine import Game
from .core.rules import FieldSpec, RulesBase, RulesError, field_specs
from .core.zones import ZoneError

MAX_STEPS = 100_000
"""A game still running after this many steps counts as one that never ends."""

CLEVER_SEATS = 0.5
"""The share of seats drawn from all the game's policies; the others play random_legal, the
cheapest (the clever policies solve odds on their turns, and cost several random games each)."""

CHECKS = {
    "probes_per_node": 1,
    "probe_every": 50,
    "frame_every": 200,
    "replay_checks": 3,
    "listed_checks": 4,
    "lookalikes_per_node": 2,
}
"""How much of the contract checker's work the soak does per game (see check_game): every node's
chances and actions (chance_probability for 4 outcomes spread over each list), illegal probes
and the look-alikes of 2 listed actions at one node in 50, the state table of one step in 200
and 3 of them rebuilt by replay, and a whole replay of the seed."""


@dataclass(frozen=True)
class Soaked:
    """One game of the playground as the soak plays it."""

    name: str
    module: str
    players: range
    policies: tuple[str, ...]
    """The names in the game's policies module that play a whole game (each takes only the game)."""
    quick: dict[str, range] = field(default_factory=dict)
    """Fields held to a smaller range, because their full range makes games last too long."""


SOAKED = (
    Soaked(
        "tiebreak",
        "playground.tiebreak",
        range(2, 7),
        ("random_legal", "greedy", "expected_value"),
        {
            "max_risk_per_type": range(1, 3),
            **{f"target_score_{n}p": range(1000, 20_001, 250) for n in range(2, 7)},
        },
    ),
    Soaked(
        "tsubasa",
        "playground.tsubasa",
        range(2, 3),
        ("random_legal", "greedy", "odds_spender", "equilibrium_picker"),
        {"injury_time_rounds": range(1, 9)},
    ),
    Soaked(
        "challengers",
        "playground.challengers",
        range(1, 9),
        ("random_legal", "greedy", "thinning"),
        {"draw_per_round": range(5, 6)},
    ),
    Soaked(
        "arc",
        "playground.arc",
        range(2, 7),
        ("random_legal", "greedy", "expected"),
        {"training_rounds": range(1, 5), "sport_reveal_after": range(0, 2)},
    ),
)
"""The four games with the seats they allow and the quick ranges of tests/test_*_engine.py."""


def _field_value(spec: FieldSpec, rng: random.Random, quick: range | None) -> Any:
    """A value the field's declaration allows (within its quick range, if it has one)."""
    if spec.choices is not None:
        return rng.choice(spec.choices)
    if spec.kind is bool:
        return rng.random() < 0.5
    if quick is not None:
        return rng.choice(quick)
    return rng.randrange(spec.low, spec.high + 1, spec.step)


def random_rules(rules_cls: type[RulesBase], rng: random.Random, quick: dict[str, range]) -> RulesBase:
    """Rules with every field drawn from what it allows; the defaults if 50 draws are all refused."""
    specs = field_specs(rules_cls)
    for _ in range(50):
        try:
            return rules_cls(**{s.name: _field_value(s, rng, quick.get(s.name)) for s in specs})
        except RulesError:  # a combination check_together refuses: draw again
            continue
    return rules_cls()


def check_conserved(game: Any) -> None:
    """Raise AssertionError (an invariant break, not a crash) if a card or token was lost or
    duplicated, as the game's own check_conserved() finds it (a ZoneError)."""
    try:
        game.check_conserved()
    except ZoneError as error:
        raise AssertionError(f"step {game.step_count}: {error}") from None


def check_scores(name: str, game: Any) -> None:
    """A result naming real players; Tie-Break's rankings are its titles' points, its winners the best."""
    result = game.result()
    assert result is not None, "a finished game has no result"
    assert set(result.winners) <= set(range(game.players)), f"winners {result.winners}"
    if name == "tiebreak":
        ranks = game.state.rankings()
        titles = [
            sum(game.board.spaces[i].points for i, (h, _) in game.state.titles.items() if h == p)
            for p in range(game.players)
        ]
        assert ranks == titles, f"rankings {ranks}, title points {titles}"
        assert all(ranks[w] == max(ranks) for w in result.winners), f"winners {result.winners}, {ranks}"


@dataclass
class Tally:
    """What a batch of soaked games found."""

    games: int = 0
    steps: int = 0
    crashes: int = 0
    breaks: int = 0
    longest: int = 0
    failures: list[str] = field(default_factory=list)
    checked: ContractReport = field(default_factory=ContractReport)
    """What the contract checker visited: chance and player nodes, illegal probes, replays."""

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.steps += other.steps
        self.crashes += other.crashes
        self.breaks += other.breaks
        self.longest = max(self.longest, other.longest)
        self.failures.extend(other.failures)
        for name in ("chance_nodes", "player_nodes", "illegal_probes", "replays"):
            setattr(self.checked, name, getattr(self.checked, name) + getattr(other.checked, name))


def new_soaked_game(soaked: Soaked, seed: int) -> tuple[Game, list[Callable[[Game], Any]]]:
    """The seed's game: its rules, seat count and one policy per seat all drawn from the seed."""
    import importlib

    module = importlib.import_module(soaked.module)
    rng = random.Random(seed)
    rules = random_rules(module.Rules, rng, soaked.quick)
    players = rng.choice(soaked.players)
    picks = [
        rng.choice(soaked.policies) if rng.random() < CLEVER_SEATS else "random_legal" for _ in range(players)
    ]
    seats = [getattr(module.policies, name) for name in picks]
    return module.new_game(rules, seed=seed, players=players), seats


def soak_game(soaked: Soaked, seed: int, report: ContractReport | None = None) -> int:
    """Play and check one seeded game; return its steps (AssertionError if an invariant breaks).

    The walk is the engine-contract checker's (playground.core.contract), at the soak's cost
    settings, with the game's own conservation check after every step and its scores at the end;
    report (if given) counts what the checker visited.
    """

    def make_game(s: int) -> Game:
        return new_soaked_game(soaked, s)[0]

    seats = new_soaked_game(soaked, seed)[1]
    game = check_game(
        make_game,
        seed,
        report if report is not None else ContractReport(),
        max_steps=MAX_STEPS,
        policies=seats,
        **CHECKS,
        after_step=check_conserved,
    )
    check_scores(soaked.name, game)
    return game.step_count


def soak_batch(soaked: Soaked, seeds: Iterable[int]) -> Tally:
    """Soak a batch of seeds in this process; crashes and breaks are counted, never raised."""
    tally = Tally()
    for seed in seeds:
        tally.games += 1
        try:
            n = soak_game(soaked, seed, tally.checked)
        except AssertionError as error:
            tally.breaks += 1
            tally.failures.append(f"{soaked.name} seed {seed}: invariant broken: {error}")
            continue
        except Exception as error:  # a soak counts every crash and goes on
            tally.crashes += 1
            tally.failures.append(f"{soaked.name} seed {seed}: crash: {type(error).__name__}: {error}")
            continue
        tally.steps += n
        tally.longest = max(tally.longest, n)
    return tally


def soak(soaked: Soaked, games: int, executor: Executor, batch: int = 50) -> tuple[Tally, float]:
    """Soak seeds 0..games-1 of one game over the executor; return the tally and the wall time.

    games: 1 or more (each game is held to MAX_STEPS steps); batch: seeds per task, 1 or more.
    """
    for name, value in (("games", games), ("batch", batch)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{name} must be a whole number, at least 1; got {shown(value, 60)}")
    started = time.perf_counter()
    tally = Tally()
    futures = [
        executor.submit(soak_batch, soaked, range(lo, min(lo + batch, games)))
        for lo in range(0, games, batch)
    ]
    for future in futures:
        tally.add(future.result())
    return tally, time.perf_counter() - started


def table(name: str, tally: Tally, seconds: float) -> str:
    """The printed table of one game's soak."""
    rows = [
        ("games", f"{tally.games:,}"),
        ("steps", f"{tally.steps:,}"),
        ("crashes", f"{tally.crashes:,}"),
        ("invariant breaks", f"{tally.breaks:,}"),
        ("longest game (steps)", f"{tally.longest:,}"),
        ("chance nodes checked", f"{tally.checked.chance_nodes:,}"),
        ("player nodes checked", f"{tally.checked.player_nodes:,}"),
        ("illegal actions refused", f"{tally.checked.illegal_probes:,}"),
        ("past steps rebuilt", f"{tally.checked.replays:,}"),
        ("wall time", f"{seconds:.1f} s"),
    ]
    width = max(len(k) for k, _ in rows)
    return "\n".join([name, *(f"  {k:<{width}}  {v:>12}" for k, v in rows)])


def main(argv: list[str] | None = None) -> int:
    """Soak every game (or those named) and print the tables; exit 1 if anything failed."""
    parser = argparse.ArgumentParser(prog="python -m playground.soak", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="seeded games per game (default 10,000)")
    parser.add_argument("--workers", type=int, default=os.cpu_count(), help="processes (default: every core)")
    parser.add_argument(
        "only", nargs="*", help="games to soak: " + ", ".join(s.name for s in SOAKED) + " (default all)"
    )
    args = parser.parse_args(argv)
    unknown = sorted(set(args.only) - {s.name for s in SOAKED})
    if unknown:
        parser.error(f"unknown games {unknown}: choose from {[s.name for s in SOAKED]}")
    if args.games < 1:
        parser.error(f"--games must be at least 1, got {args.games}")
    if args.workers is not None and args.workers < 1:
        parser.error(f"--workers must be at least 1, got {args.workers}")
    failed = False
    with ProcessPoolExecutor(max_workers=args.workers) as executor:
        for soaked in SOAKED:
            if args.only and soaked.name not in args.only:
                continue
            tally, seconds = soak(soaked, args.games, executor)
            print(table(soaked.name, tally, seconds), flush=True)
            for line in tally.failures[:20]:
                print("  " + line, flush=True)
            failed |= bool(tally.crashes or tally.breaks)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
