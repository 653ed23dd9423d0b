"""Building Captain Tsubasa scenes for tests: a match stopped where a rule can be watched.

Scenes only move cards between zones (never create one), so the conservation check holds in every
scene, and ``snapshot`` captures everything an illegal action must leave alone.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

from playground.tsubasa import Rules, new_game
from playground.tsubasa.actions import Pass
from playground.tsubasa.cards import TsubasaData
from playground.tsubasa.engine import TsubasaGame
from playground.tsubasa.policies import greedy


def until(
    game: TsubasaGame, done: Callable[[TsubasaGame], bool], policy=greedy, limit: int = 20_000
) -> TsubasaGame:
    """Step the game with policy until done(game) holds (and fail loudly if it never does)."""
    for _ in range(limit):
        if done(game):
            return game
        assert not game.is_over(), "the match ended before the scene was reached"
        game.step(policy)
    raise AssertionError("the scene was not reached")


def at(kind: str) -> Callable[[TsubasaGame], bool]:
    return lambda g: bool(g.tasks) and g.tasks[0].kind == kind


def attack_scene(seed: int = 1, rules: Rules | None = None, data: TsubasaData | None = None) -> TsubasaGame:
    """A match at the attacker's first turn of round 1, both play areas empty."""
    return until(new_game(rules, data, seed=seed), at("attack"))


def zone_of(game: TsubasaGame, card: str):
    for zone in game.state.table:
        if card in zone:
            return zone
    raise AssertionError(f"{card} is nowhere")


def give(game: TsubasaGame, coach: int, card: str) -> None:
    """Move a card from wherever it is into a coach's hand."""
    zone_of(game, card).move(card, game.state.coaches[coach].hand)


def lay(game: TsubasaGame, coach: int, card: str) -> None:
    """Move a card from wherever it is into a coach's play area (as if played earlier)."""
    zone_of(game, card).move(card, game.state.coaches[coach].play)


def empty_hands(game: TsubasaGame) -> None:
    for c in game.state.coaches:
        for card in c.hand.clear():
            c.deck.add(card)


def eight_in_play(seed: int = 1, rules: Rules | None = None) -> TsubasaGame:
    """Round 1 with empty hands and 4 cards in each play area: Toho (attacking) is to act."""
    game = attack_scene(seed, rules)
    assert game.state.attacker == 1
    empty_hands(game)
    for card in ["t_hyuga", "t_sawada", "t_furuta", "t_koike"]:
        lay(game, 1, card)
    for card in ["n_morisaki", "n_ishizaki", "n_izawa", "n_taki"]:
        lay(game, 0, card)
    return game


def duel_scene(
    attack: list[str],
    defense: list[str],
    seed: int = 1,
    rules: Rules | None = None,
    points: dict | None = None,
    data: TsubasaData | None = None,
) -> TsubasaGame:
    """Both play areas laid out, both coaches pass: the attacker is to choose shot or pass."""
    game = attack_scene(seed, rules, data)
    a = game.state.attacker
    empty_hands(game)
    for card in attack:
        lay(game, a, card)
    for card in defense:
        lay(game, 1 - a, card)
    for coach, pts in (points or {}).items():
        game.state.coaches[coach].points.update(pts)
    game.apply(Pass())
    game.apply(Pass())
    assert game.phase() == "aim"
    return game


def snapshot(game: TsubasaGame) -> tuple:
    """Everything an illegal action must leave alone."""
    s = game.state
    zones = {z.name: (list(z) if hasattr(z, "pop_first") else sorted(z.counts().items())) for z in s.table}
    coaches = [
        (dict(c.points), c.score, c.red, c.passed, list(c.rerolled), list(c.left_play)) for c in s.coaches
    ]
    return (
        zones,
        coaches,
        copy.deepcopy(s.duel),
        (s.attacker, s.kicked_off, s.period, s.round, s.injury_time, s.injury_rounds),
        list(game.tasks),
        list(game.pending),
        game.after_abilities,
        dict(game._face_down),
        game.step_count,
        game.rng.getstate(),
    )
