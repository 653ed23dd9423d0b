"""Helpers that set up Tournament Arc scenes for the tests: a game stepped to a known moment,
cards moved by hand between zones (never created or destroyed), and the conservation check."""

from __future__ import annotations

from collections.abc import Callable

from playground.arc import ArcGame, Rules, new_game
from playground.core.engine import CHANCE


def assert_conserved(game: ArcGame) -> None:
    """Every card and the Main Character token is in exactly one place."""
    game.check_conserved()


def step_until(game: ArcGame, done: Callable[[ArcGame], bool], policy=None, limit: int = 5000) -> ArcGame:
    """Step the game (random legal players unless a policy is given) until done(game)."""
    for _ in range(limit):
        if done(game):
            return game
        game.step(policy)
    raise AssertionError("the scene never came")


def at_turn(game: ArcGame, player: int | None = None, plays: int = 0) -> bool:
    """Whether a player (any, if None) is about to play their turn's first (or nth) card."""
    if not game.tasks:
        return False
    t = game.tasks[0]
    return t.kind == "turn" and t.info == plays and (player is None or t.player == player)


def training_scene(rules: Rules | None = None, players: int = 2, seed: int = 0) -> ArcGame:
    """A game stepped to Player 1's first training turn."""
    return step_until(new_game(rules, seed=seed, players=players), lambda g: at_turn(g, 0))


def card_id(game: ArcGame, name: str) -> str:
    """The id of the Episode, Athlete or Sport with this printed name."""
    d = game.data
    for table in (d.episodes, d.athletes, d.sports, d.regions):
        for card in table.values():
            if card.name == name:
                return card.id
    raise KeyError(name)


def give(game: ArcGame, player: int, name: str) -> str:
    """Move one copy of a named Episode from wherever it lies in a deck, pile or pool into a hand."""
    s = game.state
    card = card_id(game, name)
    for zone in (s.episode_deck, s.episode_discard, s.pool, *s.hands):
        if card in zone and zone is not s.hands[player]:
            zone.move(card, s.hands[player])
            return card
    raise AssertionError(f"no free copy of {name}")


def attach(game: ArcGame, stack_id: str, name: str) -> str:
    """Put a named Episode (or Athlete) under a stack, taken from its deck: a scene shortcut."""
    s = game.state
    card = card_id(game, name)
    for zone in (s.episode_deck, s.episode_discard, s.athlete_deck, *s.hands):
        if card in zone:
            zone.move(card, s.stack(stack_id).under)
            return card
    raise AssertionError(f"no free copy of {name}")


def finish_turn(game: ArcGame) -> None:
    """Play on (random legal) until the current turn's player is done and chance or another acts."""
    p = game.current_actor()
    step_until(game, lambda g: g.current_actor() in (CHANCE, None) or (g.current_actor() != p))


def set_sport(game: ArcGame, name: str) -> None:
    """Make the named Sport the active one (the old one goes to the used pile)."""
    s = game.state
    card = card_id(game, name)
    if len(s.active_sport):
        s.active_sport.move(s.active_sport[0], s.sport_used)
    for zone in (s.sport_deck, s.sport_top, s.sport_used):
        if card in zone:
            zone.move(card, s.active_sport)
            return


def set_regions(game: ArcGame, *names: str) -> None:
    """Make exactly these Regions active (the others go back to the Region deck)."""
    s = game.state
    for card in s.active_regions.clear():
        s.region_deck.add(card)
    for name in names:
        s.region_deck.move(card_id(game, name), s.active_regions)


def swap_top(game: ArcGame, stack_id: str, name: str) -> None:
    """Replace a stack's top Athlete with a named one from the Athlete deck (scene shortcut)."""
    s = game.state
    st = s.stack(stack_id)
    card = card_id(game, name)
    if st.top == card:
        return
    s.athlete_deck.remove(card)
    s.athlete_deck.add(st.top)
    st.top = card
