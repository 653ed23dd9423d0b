"""Every number and switch of Challengers!, as one frozen Rules object.

Defaults follow the Challengers! rulebook and the published numbers gathered in
shared/rules-notes.md section 2; where both are silent, the default is the project's ruling and
its help text says "ruling". A teacher flips any of them from the rules panel.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from playground.core.numbers import whole_number
from playground.core.rules import RulesBase, RulesError, rule

LEVELS = ("A", "B", "C")
"""The three level decks a round can draw from."""

EACH_BRACKET, ONE_PER_ROUND = "each bracket", "one per round"
LEVEL_AND_KEEP = (EACH_BRACKET, ONE_PER_ROUND)
"""Where a round's level and keep count come from: each player's bracket, or the Rules fields."""

ROBOT_GROWS = ("by level", "in order", "never")
ROBOT_TROPHY = ("box", "robot")
SHUFFLE_COMPARTMENT = "shuffle compartment"
EMPTY_LEVEL_DECK = (SHUFFLE_COMPARTMENT, "draw fewer")

MAX_ROUNDS = 7
TROPHIES_PER_ROUND = 4
"""One trophy of each round for each of the (at most four) mats."""


@dataclass(frozen=True)
class Rules(RulesBase):
    """The rules of Challengers!. Build with keywords; every value is checked."""

    played_as: ClassVar[str] = "tournaments"
    sections: ClassVar[tuple[tuple[str, str], ...]] = (
        ("Matches", "bench_seats"),
        ("Deck phase", "draw_per_round"),
        ("Rounds and levels", "level_and_keep"),
        ("Trophies", "trophy_1_1"),
        ("Set-up and final", "left_out_set"),
    )

    # -- a match -----------------------------------------------------------------------------
    bench_seats: int = rule(
        6,
        "Seats on each bench; cards of one name share a seat, and needing one seat more loses "
        "the match (our reading: the rulebook prints no number; 6 as reported for the published game).",
        low=1,
        high=12,
    )
    tie_takes_flag: bool = rule(
        True,
        "An attack takes the flag when its total equals or beats the flag's strength (rulebook); "
        "off: a house rule where it must beat it.",
    )
    first_card_attack_bonus: bool = rule(
        False,
        "Ruling (the rulebook says only to resolve the first card's effect): the match's first card "
        "takes the flag without attacking, so a during-the-attack bonus adds nothing to its flag "
        "strength. On: it counts, for as long as that card holds the flag.",
    )
    bench_bonus_defends: bool = rule(
        True,
        "Ruling: a 'from the bench' strength bonus counts for your card holding the flag as well "
        "as for your attacks (off: only for attacks).",
    )
    rounds: int = rule(7, "Rounds of the tournament before the final (rulebook: 7).", low=1, high=MAX_ROUNDS)

    # -- the deck phase ----------------------------------------------------------------------
    draw_per_round: int = rule(
        5, "Cards drawn from the level deck each deck phase (rulebook: 5).", low=1, high=8
    )
    redraws_per_phase: int = rule(
        1,
        "Times per deck phase you may throw back the drawn cards and draw again (rulebook: 1).",
        low=0,
        high=3,
    )
    redraw_draws: str = rule(
        "as many as thrown back",
        "Ruling (the rulebook: throw back the cards drawn this round and draw the same number): "
        "after a keep, the cards not kept go back and as many new ones are drawn; or 'all drawn "
        "this round', as many as the round drew (the kept cards stay kept).",
        choices=("as many as thrown back", "all drawn this round"),
    )
    deck_phase_order: str = rule(
        "seat order",
        "Ruling (the rulebook has everyone do the deck phase at their own pace): one player after "
        "another in seat order every round; or 'rotating', the first seat moving on by one each "
        "round, so no player always draws first from a level deck.",
        choices=("seat order", "rotating"),
    )
    may_keep_fewer: bool = rule(
        True,
        "Ruling: the bracket shows how many cards you CAN keep, so you may stop keeping early "
        "(off: you must keep that many).",
    )
    compartment_size: int = rule(
        15,
        "Ruling: cards a discard compartment holds; when it is full its cards are shuffled and "
        "put under their level deck (the rulebook gives no number). Cards thrown back together go "
        "in one by one in the order of their ids, so the ones that fill it are shuffled under first.",
        low=1,
        high=60,
    )
    empty_level_deck: str = rule(
        "shuffle compartment",
        "Ruling (the rulebook is silent): when a level deck runs out during a draw, its discard "
        "compartment is shuffled and becomes the deck at once, full or not; 'draw fewer': only a "
        "full compartment is ever shuffled in, so the player draws fewer cards.",
        choices=EMPTY_LEVEL_DECK,
    )
    min_deck: int = rule(
        0,
        "The fewest cards you may keep in your deck when removing cards (rulebook: remove as "
        "many as you want, so 0; a player with no cards then loses their next match at once). "
        "Above 0: a house rule.",
        low=0,
        high=20,
    )
    robot_start_cards: int = rule(
        6,
        "Ruling: cards the Robot starts with from the top of its pile.",
        low=1,
        high=19,
    )
    robot_grows: str = rule(
        "by level",
        "Ruling (the rulebook leaves the Robot to its full manual): each round the Robot adds the "
        "next cards of its pile of the level its bracket shows, as many as the bracket lets a "
        "player keep (with our 19-card pile it adds nothing in round 4: its level-A cards are gone, "
        "see data/challengers/README.md); 'in order': the next cards of its pile whatever their "
        "level; 'never': it plays every match with its starting cards.",
        choices=ROBOT_GROWS,
    )

    # -- the rounds --------------------------------------------------------------------------
    level_and_keep: str = rule(
        "each bracket",
        "Where a player reads the level deck to draw from and how many cards to keep: their own "
        "bracket's line for the round (rulebook; the bracket file's level and keep columns; our "
        "brackets show the first of the reported options everywhere, 2 from A in rounds 3-4 and 2 "
        "from B in round 6, so the others come only from a bracket file of your own); 'one per "
        "round': the level_round_N and keep_round_N fields below, the same for everyone. A player "
        "choosing between two options is not a reading we play: the rulebook has the bracket show it.",
        choices=LEVEL_AND_KEEP,
    )
    # only with level_and_keep "one per round" (each help text says so)
    level_round_1: str = rule(
        "A", "With level_and_keep 'one per round': round 1's level deck.", choices=LEVELS
    )
    keep_round_1: int = rule(2, "With level_and_keep 'one per round': cards kept in round 1.", low=0, high=5)
    level_round_2: str = rule(
        "A", "With level_and_keep 'one per round': round 2's level deck.", choices=LEVELS
    )
    keep_round_2: int = rule(2, "With level_and_keep 'one per round': cards kept in round 2.", low=0, high=5)
    level_round_3: str = rule(
        "A",
        "With level_and_keep 'one per round': round 3's level deck (some published brackets: 1 from B).",
        choices=LEVELS,
    )
    keep_round_3: int = rule(2, "With level_and_keep 'one per round': cards kept in round 3.", low=0, high=5)
    level_round_4: str = rule(
        "A",
        "With level_and_keep 'one per round': round 4's level deck (some published brackets: 2 from B).",
        choices=LEVELS,
    )
    keep_round_4: int = rule(2, "With level_and_keep 'one per round': cards kept in round 4.", low=0, high=5)
    level_round_5: str = rule(
        "B", "With level_and_keep 'one per round': round 5's level deck.", choices=LEVELS
    )
    keep_round_5: int = rule(2, "With level_and_keep 'one per round': cards kept in round 5.", low=0, high=5)
    level_round_6: str = rule(
        "B",
        "With level_and_keep 'one per round': round 6's level deck (some published brackets: 1 from C).",
        choices=LEVELS,
    )
    keep_round_6: int = rule(2, "With level_and_keep 'one per round': cards kept in round 6.", low=0, high=5)
    level_round_7: str = rule(
        "C", "With level_and_keep 'one per round': round 7's level deck.", choices=LEVELS
    )
    keep_round_7: int = rule(2, "With level_and_keep 'one per round': cards kept in round 7.", low=0, high=5)

    # -- trophies ----------------------------------------------------------------------------
    trophy_1_1: int = rule(2, "Fans on trophy 1 of round 1 (one unofficial source).", low=0, high=30)
    trophy_1_2: int = rule(2, "Fans on trophy 2 of round 1 (one unofficial source).", low=0, high=30)
    trophy_1_3: int = rule(2, "Fans on trophy 3 of round 1 (one unofficial source).", low=0, high=30)
    trophy_1_4: int = rule(3, "Fans on trophy 4 of round 1 (one unofficial source).", low=0, high=30)
    trophy_2_1: int = rule(2, "Fans on trophy 1 of round 2 (one unofficial source).", low=0, high=30)
    trophy_2_2: int = rule(2, "Fans on trophy 2 of round 2 (one unofficial source).", low=0, high=30)
    trophy_2_3: int = rule(3, "Fans on trophy 3 of round 2 (one unofficial source).", low=0, high=30)
    trophy_2_4: int = rule(3, "Fans on trophy 4 of round 2 (one unofficial source).", low=0, high=30)
    trophy_3_1: int = rule(3, "Fans on trophy 1 of round 3 (one unofficial source).", low=0, high=30)
    trophy_3_2: int = rule(3, "Fans on trophy 2 of round 3 (one unofficial source).", low=0, high=30)
    trophy_3_3: int = rule(4, "Fans on trophy 3 of round 3 (one unofficial source).", low=0, high=30)
    trophy_3_4: int = rule(4, "Fans on trophy 4 of round 3 (one unofficial source).", low=0, high=30)
    trophy_4_1: int = rule(5, "Fans on trophy 1 of round 4 (one unofficial source).", low=0, high=30)
    trophy_4_2: int = rule(5, "Fans on trophy 2 of round 4 (one unofficial source).", low=0, high=30)
    trophy_4_3: int = rule(6, "Fans on trophy 3 of round 4 (one unofficial source).", low=0, high=30)
    trophy_4_4: int = rule(6, "Fans on trophy 4 of round 4 (one unofficial source).", low=0, high=30)
    trophy_5_1: int = rule(6, "Fans on trophy 1 of round 5 (one unofficial source).", low=0, high=30)
    trophy_5_2: int = rule(6, "Fans on trophy 2 of round 5 (one unofficial source).", low=0, high=30)
    trophy_5_3: int = rule(6, "Fans on trophy 3 of round 5 (one unofficial source).", low=0, high=30)
    trophy_5_4: int = rule(7, "Fans on trophy 4 of round 5 (one unofficial source).", low=0, high=30)
    trophy_6_1: int = rule(7, "Fans on trophy 1 of round 6 (one unofficial source).", low=0, high=30)
    trophy_6_2: int = rule(7, "Fans on trophy 2 of round 6 (one unofficial source).", low=0, high=30)
    trophy_6_3: int = rule(7, "Fans on trophy 3 of round 6 (one unofficial source).", low=0, high=30)
    trophy_6_4: int = rule(8, "Fans on trophy 4 of round 6 (one unofficial source).", low=0, high=30)
    trophy_7_1: int = rule(9, "Fans on trophy 1 of round 7 (one unofficial source).", low=0, high=30)
    trophy_7_2: int = rule(9, "Fans on trophy 2 of round 7 (one unofficial source).", low=0, high=30)
    trophy_7_3: int = rule(10, "Fans on trophy 3 of round 7 (one unofficial source).", low=0, high=30)
    trophy_7_4: int = rule(10, "Fans on trophy 4 of round 7 (one unofficial source).", low=0, high=30)

    robot_trophy: str = rule(
        "box",
        "Ruling (the rulebook is silent): a trophy the Robot wins goes back to the box, won by "
        "nobody; 'robot': the Robot keeps it, scoring nothing, but its highest-round trophy "
        "counts when deciding who starts a match against it.",
        choices=ROBOT_TROPHY,
    )

    # -- set-up, the tournament and the final -------------------------------------------------
    left_out_set: str = rule(
        "by lot",
        "The optional set left in the box (rulebook: the players choose 5 of the 6; ruling: by "
        "lot, a chance step, unless a teacher names one). The rulebook suggests leaving out "
        "Star Harbour (space) in a first tournament. The names are the shipped data's sets: a card "
        "folder of your own whose sets have other ids plays 'by lot'.",
        choices=("by lot", "castle", "space", "studio", "haunted", "funfair", "wreck"),
    )
    fan_reserve: int = rule(
        200,
        "Ruling: fan tokens in the general reserve (the rulebook gives no number); when it is "
        "empty, no more fans can be gained from effects.",
        low=0,
        high=1000,
    )
    final_from_players: int = rule(
        3,
        "The final is played with at least this many players (published: no final with 1-2).",
        low=2,
        high=9,
    )
    lots_break_ties: bool = rule(
        True,
        "Ruling: when fans, trophies and the highest-round trophy are all tied for a final place, "
        "draw lots (off: the earlier bracket goes through). Without a final, such players share the win.",
    )
    both_without_cards: str = rule(
        "starter loses",
        "Ruling (the rulebook has no such case): when neither player of a match has a card, the "
        "one to start loses, being the first unable to reveal; 'starter wins': the toss's loser, "
        "who would attack next, loses instead.",
        choices=("starter loses", "starter wins"),
    )
    solo_goal: str = rule(
        "fans are the score",
        "Ruling (the rulebook gives a lone player against the Robot no goal): the player wins and "
        "the fans won are the score; 'beat the robot': the player wins only by winning more of "
        "the matches against the Robot than losing (else nobody wins).",
        choices=("fans are the score", "beat the robot"),
    )

    def check_together(self) -> None:
        if self.level_and_keep != ONE_PER_ROUND:  # the keep_round fields are not used
            return
        for r in range(1, MAX_ROUNDS + 1):
            if self.keep(r) > self.draw_per_round:
                raise RulesError(
                    f"rules field 'keep_round_{r}' is {self.keep(r)}, but only {self.draw_per_round} "
                    "cards are drawn (draw_per_round): you cannot keep more than you draw."
                )

    def level(self, round_number: int) -> str:
        """The level deck of a round (round_number 1 to 7)."""
        return getattr(self, f"level_round_{_round(round_number)}")

    def keep(self, round_number: int) -> int:
        """How many cards a round lets you keep (round_number 1 to 7)."""
        return getattr(self, f"keep_round_{_round(round_number)}")

    def trophy_fans(self, round_number: int) -> tuple[int, ...]:
        """The fan values of the four trophies of one round (round_number 1 to 7)."""
        r = _round(round_number)
        return tuple(getattr(self, f"trophy_{r}_{i}") for i in range(1, TROPHIES_PER_ROUND + 1))


def _round(round_number: object) -> int:
    """round_number itself, if it is a round of the tournament (1 to 7)."""
    return whole_number(round_number, "round_number", 1, MAX_ROUNDS)
