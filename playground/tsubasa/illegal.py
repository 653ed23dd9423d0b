"""Why a move is refused, in a sentence a 12-year-old can read.

The engine refuses any move that is not in the legal list; this module only finds the words for
the refusals a student is likely to try: a 10th card, playing after passing, an ability from a
card played earlier, a Special Shot while defending, signing past the limit, spending points you
do not have, motivating outside the moments the rules give, a Special card you do not hold.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from playground.core.engine import Action

from .actions import Motivate, Pick, Play, Sign, Spend, Use

if TYPE_CHECKING:
    from .engine import TsubasaGame


def explain_illegal(game: TsubasaGame, action: Action) -> str | None:
    """The reason for the likely mistakes, or None to fall back on the list of legal moves."""
    if not game.tasks:
        return None
    task = game.tasks[0]
    s = game.state
    limit = game.limit()
    actor = s.coaches[task.coach] if isinstance(task.actor, int) else None
    if isinstance(action, Play):
        for c in s.coaches:
            if c.passed and action.card in c.hand and (actor is None or c is not actor):
                return (
                    f"{c.name} has passed this round, so it cannot play any more cards until the next round."
                )
        if task.kind != "attack" and game.cards_in_play() >= limit:
            return (
                f"The play areas already hold {game.cards_in_play()} cards: the limit is {limit}, "
                f"so a card number {limit + 1} cannot be played, whatever an ability says."
            )
        if task.kind == "attack" and actor is not None and action.card not in actor.hand:
            return f"{actor.name} does not have {s.card_name(action.card)} in its hand."
        return None
    if isinstance(action, Use):
        full = game.cards_in_play() >= limit
        if (
            action.ability == "play_card"
            and full
            and (task.kind != "ability" or game.pending[0][2] != "play_card")
        ):
            return (
                f"The play areas hold {game.cards_in_play()} cards, the limit of {limit}: an ability "
                "that plays another card can do nothing now, so it is not offered."
            )
        if task.kind != "ability":
            return (
                "An optional ability can only be used in the turn its card is played; "
                "the abilities of cards played earlier cannot be used now."
            )
        coach, card, ability, _ = game.pending[0]
        if action.ability == "special_shot" and coach != s.attacker:
            return (
                f"Only the attacking coach can use a Special Shot, and {s.coaches[coach].name} is defending."
            )
        if action.ability != ability:
            return f"The ability to decide now is {ability} of {s.card_name(card)}, not {action.ability}."
        return None
    if isinstance(action, Sign) and actor is not None:
        card = s.data.cards.get(action.card)
        if card is not None and card.replaces != "keeper" and game.cards_in_play() >= limit:
            return (
                f"A field player can be signed only while there is room under the limit of {limit} "
                f"cards, and the play areas already hold {game.cards_in_play()}."
            )
        if card is not None and action.card in s.offer and not game._affordable(task.coach, card):
            return f"{actor.name} does not have the points to sign {card.name}."
        return None
    if isinstance(action, Motivate):
        return _why_not_motivate(game)
    if isinstance(action, Pick) and task.kind in ("pick_shot", "pick_defense") and actor is not None:
        kind, zone = ("Shot", actor.shots) if task.kind == "pick_shot" else ("Defense", actor.defenses)
        held = ", ".join(zone.kinds())
        return f"{actor.name} chooses one of its own Special {kind} cards, face down: one of {held}."
    if isinstance(action, Spend) and task.kind == "spend" and actor is not None:
        kind = game._spend_kind(task.coach)
        have = actor.points[kind]
        if isinstance(action.points, int) and action.points > have:
            noun = "point" if have == 1 else "points"
            return f"{actor.name} has only {have} {kind} {noun}, so it cannot spend {action.points}."
        if isinstance(action.points, int) and action.points < 0:
            return "You cannot spend fewer than 0 points."
    return None


def _why_not_motivate(game: TsubasaGame) -> str | None:
    """Motivation switched off, or asked for outside the moments Rules.motivation_when gives."""
    if not game.rules.motivation:
        return "Motivation cards are an advanced rule that is switched off in this match."
    if game.tasks[0].kind in ("attack", "motivate"):
        return None  # a moment to motivate: the list of moves says which cards can be
    if game.rules.motivation_when == "own turn":
        return (
            "With Rules(motivation_when='own turn') a player can be motivated only in your own turn "
            "of the attack phase, before you play or pass."
        )
    return (
        "A player can be motivated in your own attack turn, right after each card you play, and "
        "at the start of the Shooting/Passing phase; this is not one of those moments."
    )
