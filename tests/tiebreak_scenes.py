"""Building Tie-Break Triumph scenes for tests: a game stopped where a rule can be watched.

Scenes trade with the bag and the decks (never create a token or a card), so the conservation
check holds in every scene, and ``snapshot`` captures everything an illegal action must leave alone.
"""

from __future__ import annotations

import copy
from collections import Counter, deque
from typing import Any

from playground.tiebreak import Card, Rules, new_game
from playground.tiebreak.engine import AUTO, Task

DECK_SIZE = 36


def snapshot(game) -> tuple:
    """Everything an illegal action must leave alone (the board itself never changes)."""
    s = game.state
    players = [
        (
            p.position,
            dict(p.tokens),
            list(p.schedule),
            dict(p.deck),
            dict(p.discards),
            [(c.id, pile) for c, pile in p.lets],
            p.injured_weeks,
        )
        for p in s.players
    ]
    return (
        players,
        dict(s.bag),
        dict(s.titles),
        dict(s.reservations),
        dict(s.let_unseen),
        [(pile.unseen, list(pile.seen)) for pile in s.let_piles],
        s.top_ranker,
        s.turn,
        s.week,
        copy.deepcopy(s.contest),
        list(game.tasks),
        game.step_count,
        game.rng.getstate(),
        game.entered,
        game.card_used,
        game.blocked_this_week,
        game.arrival_kind,
    )


def assert_conserved(game) -> None:
    """No token or card is ever created or lost, whatever happens (the game's own census)."""
    game.check_conserved()


def act_scene(seed: int = 3, players: int = 2, rules: Rules | None = None):
    """A game stopped at player 0's act phase on turn 1, ready for a hand-built scene."""
    game = new_game(seed=seed, players=players, rules=rules)
    while game.phase() != "act":
        game.step()
    game.tasks = deque([Task("act", 0, 0), Task("end_week", AUTO, 0)])
    game.ace_space = None
    return game


def set_tokens(game, player: int, tokens: dict[str, int]) -> None:
    """Give a player exactly these tokens, trading with the bag so nothing is created."""
    me = game.state.players[player]
    game.state.bag.update(me.tokens)
    game.state.bag.subtract(tokens)
    assert min(game.state.bag.values()) >= 0
    me.tokens = Counter(tokens)


def set_schedule(game, player: int, cards: list[Card]) -> None:
    """Give a player exactly this schedule, trading with their deck so no card is created."""
    me = game.state.players[player]
    me.deck.update(me.schedule)
    me.deck.subtract(cards)
    assert min(me.deck.values()) >= 0
    me.schedule = list(cards)


def place(game, player: int, space_id: str) -> int:
    position = game.board.index[space_id]
    game.state.players[player].position = position
    return position


def defended_scene(challenger_tokens: dict[str, int], rules: Rules | None = None):
    """Player 1 is champion (and Top Ranker) at New York 2000 with a clay card; player 0 holds a
    2000 hard card and the given tokens, ready to arrive there."""
    game = act_scene(rules=rules)
    position = game.board.index["t2000_new_york"]
    game.state.titles[position] = (1, Card(2000, "clay"))
    game.state.players[1].deck[Card(2000, "clay")] -= 1
    game.state.top_ranker = 1
    set_schedule(game, 0, [Card(2000, "hard"), Card(250, "clay"), Card(500, "hard")])
    set_tokens(game, 0, challenger_tokens)
    set_tokens(game, 1, {})
    return game, position


def arrive(game, player: int, space_id: str, by_dice: bool = False) -> int:
    """Put a piece on a space as a move would, and run what the space asks for."""
    position = game.board.index[space_id]
    game._advance(game._arrive(player, position, by_dice=by_dice))
    return position


def let_card(game, let_id: str):
    return next(c for c in game.data.let_cards if c.id == let_id)


def until_own_phase(game, phases: tuple[str, ...]) -> None:
    """Step (player 1 always picks its first option: it ends its week) until player 0 faces phases."""
    for _ in range(400):
        if game.state.turn == 0 and game.phase() in phases:
            return
        game.step(lambda g: g.legal_actions()[0])
    raise AssertionError("player 0 never reached " + str(phases))


def apply_all(game, *actions: Any) -> None:
    """Apply actions and chance outcomes in order, through the public API only."""
    for action in actions:
        game.apply(action)
