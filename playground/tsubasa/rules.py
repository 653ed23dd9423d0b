"""Every number and switch of Captain Tsubasa: The Card Game, as one frozen Rules object.

Defaults follow the rulebook (shared/seeds/001); where it is silent, the default is the
project's ruling (shared/rules-notes.md section 2, or one made for this engine) and the help text
says "ruling". A teacher flips any of them from the rules panel.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from playground.core.rules import RulesBase, RulesError, rule

POINT_KINDS = ("shot", "pass", "defense")
"""The three kinds of action point (and of card value), in the order the tables show them."""


@dataclass(frozen=True)
class Rules(RulesBase):
    """The rules of Captain Tsubasa: The Card Game. Build with keywords; every value is checked."""

    played_as: ClassVar[str] = "matches"
    sections: ClassVar[tuple[tuple[str, str], ...]] = (
        ("The match", "match_cards_removed"),
        ("The round", "hand_size"),
        ("The duel", "ties_to_attacker"),
        ("Special cards", "yellow_penalty"),
        ("Advanced rules", "motivation"),
        ("Extra time", "extra_time"),
    )

    # -- the match ------------------------------------------------------------------------------
    match_cards_removed: int = rule(
        1,
        "Match cards put back in the box unseen from each half's deck at set-up (rulebook: 1).",
        low=0,
        high=3,
    )
    pitch_size: int = rule(4, "Match cards face up on the Football Pitch (rulebook: 4).", low=2, high=6)
    first_match: bool = rule(
        False,
        "First Match variant (rulebook): the starred Match cards, both Fan cards and the Fatigue "
        "cards are left out for a shorter, simpler game.",
    )
    injury_time_starts: str = rule(
        "that round",
        "Ruling: injury time starts with the round in which the last Match cards leave the pitch "
        "('that round'), or with the round after it ('next round').",
        choices=("that round", "next round"),
    )
    injury_time_rounds: int = rule(
        30,
        "Ruling (the rulebook has no limit): a half's injury time ends after this many rounds even "
        "if the attack keeps the ball, so that every match ends.",
        low=1,
        high=60,
    )

    # -- the round ------------------------------------------------------------------------------
    hand_size: int = rule(
        4, "Cards each coach draws up to at the start of a round (rulebook: 4).", low=1, high=8
    )
    card_limit: int = rule(
        9, "Cards in both play areas together that end the attack phase (rulebook: 9).", low=2, high=15
    )
    max_points: int = rule(
        5, "Ruling (rules-notes): most points of each kind a coach can hold (the 5 tokens).", low=1, high=15
    )
    starting_points: int = rule(
        0,
        "Ruling (rules-notes): points of each kind in each coach's pool at kick-off. The rulebook's "
        "set-up gives each coach a reserve of 5 tokens of each kind; the project reads that reserve as "
        "the most a pool can hold (max_points) and starts every pool at 0.",
        low=0,
        high=15,
    )
    abilities_after_leaving: str = rule(
        "resolve",
        "Ruling (the rulebook is silent): an optional ability still to be decided when its card has "
        "already left the play area (removed by its own first ability or by its Mandatory Action) is "
        "still offered ('resolve': the card was played) or is 'lost' with the card.",
        choices=("resolve", "lost"),
    )
    ability_order: str = rule(
        "as printed",
        "Ruling (the rulebook numbers a card's two optional abilities but gives no order): they "
        "are decided Optional Ability 1 first, then 2; 'coach's choice': the coach may use 2 "
        "first (1, and the Mandatory Action that comes with it, is then decided after).",
        choices=("as printed", "coach's choice"),
    )

    # -- the duel -------------------------------------------------------------------------------
    ties_to_attacker: bool = rule(
        True, "Rulebook: a tie in the duel goes to the attacker. Off: ties go to the defender."
    )
    die_sides: int = rule(6, "Sides of each coach's die (rulebook: 6).", low=2, high=12)
    assured_success: bool = rule(
        False,
        "Assured Success (advanced rule, off by default per rules-notes): a 6 against a 1 wins the "
        "duel whatever the totals.",
    )
    save_catch_top: int = rule(
        1,
        "Keeper's save die: this face or lower is a catch, the keeper's side takes the ball (rulebook: 1).",
        low=0,
        high=12,
    )
    save_corner_top: int = rule(
        3,
        "Keeper's save die: above the catch faces and up to this one, a corner, the attack keeps the "
        "ball without a goal (rulebook: 2-3); higher faces are a goal.",
        low=0,
        high=12,
    )
    reroll_by: str = rule(
        "losing coach",
        "Ruling (the rulebook does not say when a reroll may be used): after the dice, only the coach "
        "who is losing is offered their reroll (at the keeper's die a corner counts as the attack "
        "losing, so the attacker may reroll it); 'either coach' asks the attacker, then the "
        "defender, whether they are winning or not.",
        choices=("losing coach", "either coach"),
    )
    reroll_lasts: str = rule(
        "played this round",
        "Rulebook (a reroll can change the duel 'as long as the card was played in that round'): a "
        "reroll card eliminated or discarded after it was played still gives its reroll ('played this "
        "round'); 'in play' (the engine's older reading): only while the card lies in the play area.",
        choices=("played this round", "in play"),
    )

    # -- special cards --------------------------------------------------------------------------
    yellow_penalty: int = rule(
        1, "Ruling (rules-notes): a Yellow card takes this much off every action total.", low=0, high=5
    )
    red_penalty: int = rule(
        2, "Ruling (rules-notes): a Red card takes this much off every action total.", low=0, high=10
    )
    foul_booked: str = rule(
        "opponent",
        "Ruling (the rulebook names the Foul card and how yellow cards work, not who is booked): "
        "the opponent of the coach who plays Foul gets the yellow card (a second turns it red), "
        "or the 'fouling team' itself.",
        choices=("opponent", "fouling team"),
    )
    fatigue_to: str = rule(
        "hand",
        "Ruling (the rulebook does not say where a Fatigue card goes): the card that hands one out "
        "puts it in the opponent's hand, or in their discard pile.",
        choices=("hand", "discard pile"),
    )
    special_cards_used: str = rule(
        "return",
        "Ruling: a Special Shot or Special Defense card shown in a Special Shot goes back to its "
        "coach ('return', usable again) or into the box ('box', each usable once).",
        choices=("return", "box"),
    )

    # -- advanced rules -------------------------------------------------------------------------
    motivation: bool = rule(
        False,
        "Motivation cards (advanced rule): pay points to swap a player played this round for his "
        "motivated card, whose abilities are then used.",
    )
    motivation_when: str = rule(
        "any time",
        "Rulebook (Motivation Cards: 'at any time during the match'), as we read it: a coach may "
        "motivate in their own attack turn, right after each card they play (the 9th too), and at "
        "the start of the Shooting/Passing phase (attacker, then defender, after passing too); once "
        "the attack has aimed, the totals stand and no more motivation is offered (our ruling: not "
        "between the spends or around the dice). 'own turn' (the engine's older reading): only in "
        "your own attack turn, before you play or pass.",
        choices=("any time", "own turn"),
    )
    signings: bool = rule(
        False, "Signings (advanced rule): 4 extra players on offer, bought with points in your turn."
    )
    signings_on_offer: int = rule(4, "Signings drawn and put on offer (rulebook: 4).", low=1, high=8)
    signed_players: str = rule(
        "join the team",
        "Ruling (the rulebook does not say what happens after the round): a signed player goes to "
        "the signing coach's discard pile and joins their deck, or 'leave the match' (to the box).",
        choices=("join the team", "leave the match"),
    )
    signed_abilities: bool = rule(
        True,
        "Ruling (the rulebook says only that a signed player is added to the play area): a "
        "signing's optional abilities are offered as when a card is played. Off: a signing brings "
        "its values only.",
    )
    replaced_keeper: str = rule(
        "discard pile",
        "Ruling (the rulebook says only that a signed keeper replaces a keeper already played): the "
        "replaced keeper goes to his coach's 'discard pile' (back in the deck later) or to the 'box' "
        "(out of the match).",
        choices=("discard pile", "box"),
    )

    # -- extra time -----------------------------------------------------------------------------
    extra_time: bool = rule(True, "Rulebook: a level match goes to extra time. Off: a draw stands.")
    extra_time_rounds: int = rule(2, "Rounds in each half of extra time (rulebook: 2).", low=1, high=6)
    extra_time_limit: int = rule(7, "Card limit of a round in extra time (rulebook: 7).", low=2, high=15)
    extra_time_second_kickoff: str = rule(
        "other side",
        "Ruling (the rulebook picks only extra time's first attacker at random): the 2nd half of "
        "extra time is kicked off by the other side, as in the match, or by a new 'coin' toss.",
        choices=("other side", "coin"),
    )
    extra_time_points: str = rule(
        "kept",
        "Ruling (the rulebook is silent): the points pools are 'kept' into extra time, as at halftime, "
        "or 'reset' to starting_points when extra time begins.",
        choices=("kept", "reset"),
    )
    extra_time_halftime_reshuffle: bool = rule(
        False,
        "Ruling (the rulebook reshuffles at the match's halftime and when extra time begins, and is "
        "silent about the break inside extra time): no reshuffle there. On: each coach shuffles "
        "hand, deck and discards together again, as at halftime.",
    )

    def check_together(self) -> None:
        if self.starting_points > self.max_points:
            raise RulesError(
                f"rules fields 'starting_points' and 'max_points' go together: a pool cannot start with "
                f"more than it can hold, so starting_points ({self.starting_points}) must be at most "
                f"max_points ({self.max_points}). Lower starting_points to {self.max_points}, or raise "
                f"max_points to {self.starting_points}, for example Rules(starting_points="
                f"{self.starting_points}, max_points={self.starting_points})."
            )
        if self.save_corner_top < self.save_catch_top:
            raise RulesError(
                "rules fields 'save_corner_top' and 'save_catch_top': the corner faces come after the "
                f"catch faces, so save_corner_top ({self.save_corner_top}) must be at least "
                f"save_catch_top ({self.save_catch_top})."
            )
        if self.save_corner_top > self.die_sides:
            corner = self.die_sides // 2
            catch = min(self.save_catch_top, corner)
            raise RulesError(
                f"rules fields 'die_sides', 'save_catch_top' and 'save_corner_top' go together: the "
                f"keeper's save die has {self.die_sides} sides, so its catch and corner faces must be "
                f"among them, but save_corner_top is {self.save_corner_top}. With die_sides="
                f"{self.die_sides}, set save_corner_top (and save_catch_top) to at most {self.die_sides}, "
                f"for example Rules(die_sides={self.die_sides}, save_catch_top={catch}, "
                f"save_corner_top={corner}), where the faces above {corner} are a goal."
            )
