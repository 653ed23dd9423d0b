"""Every number and switch of Tournament Arc, as one frozen Rules object.

Defaults follow the Tournament Arc rulebook (FAQ included). Where the rulebook is silent the
default is the project's ruling (shared/rules-notes.md section 2, or a ruling made while building
this engine) and the help text says "ruling". A teacher flips any of them from the rules panel.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from playground.core.rules import RulesBase, RulesError, rule

RULESETS = ("standard", "competitive")
MODES = ("season", "tournament", "graduation")
MC_TIES = ("nobody", "all tied")
MULLIGAN_TIMES = ("turn start", "during turn")
GRADUATION_STARTERS = ("last winner", "first player")
SPORT_REGION_LASTS = ("the season", "the Sport")


@dataclass(frozen=True)
class Rules(RulesBase):
    """The rules of Tournament Arc. Build with keywords; every value is checked.

    Two of the rulebook's house rules are left out on purpose: No Math Allowed and the Featured
    Character Bonus are judged by the players at the table, not counted, so no engine can play them.
    """

    played_as: ClassVar[str] = "seasons"
    sections: ClassVar[tuple[tuple[str, str], ...]] = (
        ("Season", "ruleset"),
        ("Scoring", "homefield_multiplier"),
        ("Cards", "evil_clone_multiplier"),
        ("Modes", "tournament_sports_to_win"),
        ("House rules", "mulligan"),
    )

    # -- the season ---------------------------------------------------------------------------
    ruleset: str = rule(
        "standard",
        "standard: private hands of Episodes (rulebook); competitive: no hands, a public pool "
        "of Episodes everyone picks from (rulebook's Competitive Ruleset).",
        choices=RULESETS,
    )
    mode: str = rule(
        "season",
        "season: one game (rulebook); tournament: a Sport every round, first to claim enough "
        "Sports wins; graduation: several seasons, first to win enough seasons wins.",
        choices=MODES,
    )
    team_size: int = rule(3, "Athletes each player drafts (rulebook: 3).", low=1, high=5)
    hand_size: int = rule(5, "Episode cards in a hand (rulebook: 5).", low=2, high=8)
    plays_per_turn: int = rule(2, "Episode cards played each turn (rulebook: 2).", low=1, high=4)
    training_rounds: int = rule(
        4,
        "Training rounds: turns each player takes (rulebook: 4). Season and graduation modes only: "
        "in tournament mode each round is one turn each, after its Sport is revealed.",
        low=1,
        high=8,
    )
    sport_reveal_after: int = rule(
        2,
        "The Sport is revealed after everyone has had this many turns (rulebook: 2; season and "
        "graduation modes: tournament mode reveals a Sport at the start of every round).",
        low=0,
        high=8,
    )
    first_game_sports: bool = rule(
        False,
        "Ruling (the rulebook's first-game tip lists Relay Race, Baseball and Golf): they are put "
        "on top of the Sport deck, Relay Race first, so the first Sport is known in advance.",
    )
    first_player: int = rule(
        1,
        "Ruling: the rulebook starts with whoever last played a sport or won; here Player N "
        "starts the first season (counted round the table if there are fewer players). Later "
        "graduation seasons: see graduation_starter.",
        low=1,
        high=6,
    )
    pool_size: int = rule(
        10, "Competitive ruleset: Episodes face up in the public pool (rulebook: 10).", low=2, high=20
    )

    # -- scoring ------------------------------------------------------------------------------
    homefield_multiplier: int = rule(
        2,
        "Homefield Advantage: an Athlete from an active Region scores times this (rulebook: 2).",
        low=1,
        high=4,
    )
    main_character_multiplier: int = rule(
        2, "Main Character: the token's Athlete scores times this (rulebook: 2).", low=1, high=4
    )
    bonuses_stack: bool = rule(
        True, "FAQ: bonuses stack (x2 and x2 make x4). Off: only the biggest one counts."
    )
    multiply_negatives: bool = rule(
        True, "FAQ: a negative score is multiplied too (-3 x2 = -6). Off: negative scores stay as they are."
    )
    main_character_on_tie: str = rule(
        "nobody",
        "FAQ's Ensemble Cast rule: with a tie for most attached cards nobody is Main Character. "
        "'all tied' is a house variant: every tied Athlete gets the bonus.",
        choices=MC_TIES,
    )
    main_character_min_cards: int = rule(
        1,
        "Ruling: the Main Character needs at least this many attached cards (with none attached "
        "anywhere, nobody has 'more than any other').",
        low=1,
        high=5,
    )
    lower_athlete_counts: bool = rule(
        True,
        "FAQ: an Athlete under another (Growth Spurt, Magical Girl Transformation) acts as an "
        "Episode card, so it counts towards the Main Character and as an attached card for a "
        "Sport won by the most attached cards. Off: only Episodes count (ruling).",
    )
    transformation_keeps_attached: bool = rule(
        True,
        "Ruling (the FAQ is silent): after a Magical Girl Transformation the cards attached to the "
        "old Athlete stay in the stack, so the new Athlete inherits a Moving to or an Evil Clone; "
        "off: they are discarded, and only the old Athlete stays under as an Episode card.",
    )
    cap_tie_replacements: bool = rule(
        False,
        "FAQ: a tie replaces the Sport with the next one, again and again until nobody is tied "
        "(at most one replacement per Sport card left). On: a variant that stops after "
        "max_tie_replacements replacements, and the tied players share the win.",
    )
    max_tie_replacements: int = rule(
        10,
        "Variant, used only with cap_tie_replacements on: how many times one competition may "
        "replace a tied Sport before the tied players share the win.",
        low=0,
        high=24,
    )
    tie_reshuffle_sports: bool = rule(
        False,
        "Ruling (the rulebook is silent, except in graduation mode, which always reshuffles a type "
        "that runs out): if the Sport deck runs out while players are still tied, they share the "
        "win. On: the used Sports are shuffled into a new deck once per competition (graduation "
        "mode always does so, at most once: a guard so the game ends, since with every team empty "
        "every Sport ties for ever), and only if that one runs out too do they share. (In "
        "tournament mode the next round may still reshuffle them, by tournament_reshuffle_sports.)",
    )
    moves_stack: str = rule(
        "last attached",
        "Ruling (the rulebook is silent): an Athlete with two Moving to... cards is from the Region "
        "of the one attached last (each move replaces the one before); 'first attached': the first "
        "move stands.",
        choices=("last attached", "first attached"),
    )
    tie_sport_effects: bool = rule(
        True,
        "Ruling: a Sport that replaces a tied one has its effect at once, as at the reveal.",
    )
    sport_region_lasts: str = rule(
        "the season",
        "Ruling (the Sport card says only that its extra Region applies to everyone on reveal): "
        "a Region a Sport reveals stays active for the season, through tie replacements and later "
        "tournament rounds. 'the Sport': it goes back into the Region deck when that Sport leaves.",
        choices=SPORT_REGION_LASTS,
    )

    # -- the named cards ------------------------------------------------------------------------
    evil_clone_multiplier: int = rule(
        2,
        "Ruling: Evil Clone multiplies its Athlete's score by this (FAQ: it is a multiplier).",
        low=1,
        high=4,
    )
    evil_clones_stack: bool = rule(
        True,
        "Ruling (the rulebook is silent): every Evil Clone on an Athlete multiplies again, so two "
        "give x4 at the default. Off: one Evil Clone counts, however many are attached.",
    )
    birthday_party_random: bool = rule(
        True,
        "Ruling: Birthday Party takes a card at random from the hand of the player you name. Off: "
        "you look at the hand and choose. In the competitive ruleset (no hands) it takes nothing.",
    )
    idle_plays: bool = rule(
        True,
        "Ruling (the rulebook is silent): a card whose effect finds nothing to act on (Non-Canon OVA "
        "with no card attached anywhere, Growth Spurt or Magical Girl Transformation with no Athlete "
        "left to draw, Birthday Party with no hands) may still be played, doing nothing; it counts "
        "as one of the turn's plays. Off: such a card cannot be played until it has something to do.",
    )
    birthday_party_empty_hand: bool = rule(
        True,
        "Ruling (the rulebook is silent): Birthday Party may name a player whose hand is empty; "
        "the card is used up and takes nothing. Off: it may only name a player holding cards (when "
        "every other hand is empty, it may still be played naming nobody, as idle_plays allows).",
    )
    ova_lower_dad: bool = rule(
        True,
        "FAQ: an Athlete lying under another acts as an Episode card, so Non-Canon OVA may "
        "discard Someone's Dad from under another Athlete. Off: Someone's Dad always counts as "
        "an Athlete and can never be discarded. (On top of a stack he is never a target.)",
    )
    reshuffle_discards: bool = rule(
        True,
        "FAQ: when the Episode deck runs out, its discard pile is shuffled into a new deck; the "
        "graduation rule says the same of any card type, so the Athlete deck does it too (Growth "
        "Spurt, Magical Girl Transformation, refilled teams). Off: neither deck is reshuffled.",
    )

    # -- the modes -----------------------------------------------------------------------------
    tournament_sports_to_win: int = rule(
        3, "Tournament mode: Sports to claim to win (rulebook: 3).", low=1, high=8
    )
    tournament_max_rounds: int = rule(
        24,
        "Ruling: tournament mode ends after this many rounds (the most Sports claimed wins, ties "
        "share), so a game always ends.",
        low=1,
        high=60,
    )
    shared_season_counts: bool = rule(
        True,
        "Ruling (the rulebook is silent): in graduation mode a season whose tie stands counts as "
        "a season won for every tied player; off: for none of them. (In tournament mode a tied "
        "round's Sport cannot be split: nobody claims it.)",
    )
    tournament_reshuffle_sports: bool = rule(
        True,
        "Ruling (the rulebook is silent): when the Sport deck runs out in tournament mode, the "
        "used Sports nobody claimed are shuffled into a new deck. Off: the tournament ends then, "
        "and the most Sports claimed wins.",
    )
    graduation_seasons_to_win: int = rule(2, "Graduation mode: seasons to win (rulebook: 2).", low=1, high=4)
    graduation_max_seasons: int = rule(
        6,
        "Ruling: graduation mode ends after this many seasons (the most seasons won wins, ties share).",
        low=1,
        high=10,
    )
    graduation_keep_hands: bool = rule(
        True,
        "Ruling: in graduation mode hands (in the competitive ruleset, the public pool) carry over "
        "to the next season and are topped up. Off: they are discarded and new cards drawn.",
    )
    graduation_keep_locks: bool = rule(
        False,
        "Ruling: only the Athletes and the cards attached to them carry over to the next season "
        "(as the rulebook lists them), so lock cards are discarded. On: locks stay active, and a "
        "lock that revealed a Region (Exchange Program) reveals one again for the new season.",
    )
    graduation_starter: str = rule(
        "last winner",
        "Who starts seasons 2 and later. Rulebook: the player who won a game most recently, "
        "here the previous season's winner (with a shared win, the first winner clockwise from "
        "the last starter). 'first player': Player first_player starts every season.",
        choices=GRADUATION_STARTERS,
    )

    # -- house rules ---------------------------------------------------------------------------
    mulligan: bool = rule(
        False,
        "House rule: once per game, discard your whole hand and draw as many (see mulligan_timing). "
        "The hand goes on the discard pile first, so if the deck runs out during the redraw a "
        "reshuffle may bring some of it back.",
    )
    mulligan_timing: str = rule(
        "turn start",
        "Ruling (the house rule says only 'once per game'): the mulligan is taken at the start "
        "of your turn, before your first play. 'during turn': also between your plays.",
        choices=MULLIGAN_TIMES,
    )
    rotate_start: bool = rule(False, "House rule: each round a different player starts (rotating clockwise).")

    def check_together(self) -> None:
        if self.mode != "tournament" and self.sport_reveal_after > self.training_rounds:  # unused there
            raise RulesError(
                f"rules field 'sport_reveal_after' ({self.sport_reveal_after}) cannot be more than "
                f"'training_rounds' ({self.training_rounds}): the Sport must be revealed before scoring."
            )
