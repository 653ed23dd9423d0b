"""Every number and switch of Tie-Break Triumph, as one frozen Rules object.

Defaults follow the Tie-Break Triumph rulebook (read through shared/rules-notes.md section 1);
where the rulebook is silent, the default is the project's ruling (rules-notes section 2) and the
help text says so. A teacher flips any of them from the rules panel.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from playground.core.rules import RulesBase, RulesError, rule

TOKEN_TYPES = ("wildcard", "training", "sponsor", "health", "travel")
"""The five kinds of team token, in the order the tables show them."""

FORK_CHOICES = ("main", "branch", "player")


@dataclass(frozen=True)
class Rules(RulesBase):
    """The rules of Tie-Break Triumph. Build with keywords; every value is checked."""

    sections: ClassVar[tuple[tuple[str, str], ...]] = (
        ("Season", "target_score_2p"),
        ("Tokens", "tokens_per_turn"),
        ("Dice and board", "number_die_sides"),
        ("Tournaments", "vacant_target"),
        ("Special actions", "training_needs_match"),
        ("Top Ranker and the end", "top_ranker_returns_wildcards"),
    )

    # -- the season --------------------------------------------------------------------------
    target_score_2p: int = rule(
        8000, "Ranking points that win a 2-player game (rulebook).", low=250, high=20000, step=250
    )
    target_score_3p: int = rule(
        7500, "Ranking points that win a 3-player game (rulebook).", low=250, high=20000, step=250
    )
    target_score_4p: int = rule(
        7000, "Ranking points that win a 4-player game (rulebook).", low=250, high=20000, step=250
    )
    target_score_5p: int = rule(
        6500, "Ranking points that win a 5-player game (rulebook).", low=250, high=20000, step=250
    )
    target_score_6p: int = rule(
        6000, "Ranking points that win a 6-player game (rulebook).", low=250, high=20000, step=250
    )
    schedule_size: int = rule(
        3, "Schedule cards face up in front of you: the weeks you plan ahead.", low=1, high=6
    )
    end_when: str = rule(
        "any schedule cannot refill",
        "Ruling: the season ends when a player must refill the schedule and cannot, "
        "or only when every player's deck and schedule are used up.",
        choices=("any schedule cannot refill", "all schedules empty"),
    )

    # -- tokens -------------------------------------------------------------------------------
    tokens_per_turn: int = rule(2, "Team tokens drawn from the bag at the start of each turn.", low=0, high=5)
    bag_wildcard: int = rule(8, "Wildcard tokens in the bag (ruling: 8 of each type).", low=0, high=20)
    bag_training: int = rule(8, "Training tokens in the bag (ruling).", low=0, high=20)
    bag_sponsor: int = rule(8, "Sponsor tokens in the bag (ruling).", low=0, high=20)
    bag_health: int = rule(8, "Health tokens in the bag (ruling).", low=0, high=20)
    bag_travel: int = rule(8, "Travel tokens in the bag (ruling).", low=0, high=20)
    max_risk_per_type: int = rule(
        1, "Tokens of one type you may risk in a tie-break (rulebook: 1).", low=1, high=5
    )

    # -- the dice and the board ---------------------------------------------------------------
    number_die_sides: int = rule(
        6, "Sides of each of the two number dice and of the tie-break die.", low=2, high=20
    )
    direction_clockwise_faces: int = rule(
        2, "Direction-die faces that say clockwise (ruling).", low=0, high=6
    )
    direction_counter_faces: int = rule(
        2, "Direction-die faces that say counter-clockwise (ruling).", low=0, high=6
    )
    direction_choice_faces: int = rule(
        2, "Direction-die faces that let the player choose (ruling).", low=0, high=6
    )
    fork_on_clockwise: str = rule(
        "main", "Ruling: the way taken at a fork when the die says clockwise.", choices=FORK_CHOICES
    )
    fork_on_counter: str = rule(
        "branch",
        "Ruling: the way taken at a fork when the die says counter-clockwise.",
        choices=FORK_CHOICES,
    )
    fork_on_choice: str = rule(
        "player", "Ruling: the way taken at a fork on a player's-choice face.", choices=FORK_CHOICES
    )
    remote_united_final: bool = rule(
        True,
        "United and Final can be entered from anywhere with a "
        "matching card, unless the space you arrived on acts on you.",
    )

    # -- tournaments and tie-breaks -----------------------------------------------------------
    vacant_target: int = rule(
        7, "Total a vacant tournament needs: bonuses plus one die (rulebook: 7).", low=1, high=30
    )
    race_target: int = rule(7, "Points a tie-break race is played to (rulebook: 7).", low=1, high=30)
    race_margin: int = rule(2, "Lead needed to win a tie-break race (rulebook: 2).", low=1, high=10)
    champion_head_start: int = rule(
        3, "Points the defending champion starts the race with (rulebook: 3).", low=0, high=20
    )
    tiebreak_die_sides: int = rule(
        6, "Sides of the single tie-break die (rulebook: a six-sided die).", low=2, high=20
    )
    race_first: str = rule(
        "challenger",
        "Ruling: who rolls first in a tie-break race.",
        choices=("challenger", "champion"),
    )
    ace_bonus: int = rule(1, "Tie-break points for doubles on the move to the tournament.", low=0, high=5)
    matching_card_bonus: int = rule(
        1, "Tie-break points for holding a card that matches the space.", low=0, high=5
    )
    surface_bonus: int = rule(
        1, "Tie-break points for a matching surface, only against a champion.", low=0, high=5
    )
    surface_match: str = rule(
        "space",
        "Ruling: the surface bonus compares the challenger's card with the tournament space, or with "
        "the defending champion's card.",
        choices=("space", "champion card"),
    )
    wildcard_slot: str = rule(
        "used by qualifying",
        "Ruling: the Wildcard (or Sponsor pair, or Invitation) that qualifies you is your Wildcard "
        "token in the tie-break, so you cannot risk another; or the Wildcard slot stays free.",
        choices=("used by qualifying", "free"),
    )
    wildcard_bonus: int = rule(
        1, "Tie-break points the qualifying Wildcard is worth (Top Ranker: 0).", low=0, high=5
    )
    champion_takes_tokens: bool = rule(
        True, "A champion who wins keeps the tokens the challenger put into the tie-break."
    )
    failed_qualify_cards: int = rule(
        1, "Schedule cards the champion makes a player who cannot qualify discard.", low=0, high=3
    )
    failed_qualify_tokens: int = rule(
        2, "Tokens the champion takes from a player who cannot qualify.", low=0, high=5
    )

    # -- special actions ----------------------------------------------------------------------
    training_needs_match: bool = rule(
        True,
        "Ruling: a Training reservation needs a card whose points match the empty tournament "
        "(off: any card on any empty tournament).",
    )
    injured_actions: str = rule(
        "all but travel",
        "Ruling: what an injured player may do on their turn besides resting and spending Health: "
        "every special action except Travel (rulebook), or only Health.",
        choices=("all but travel", "heal only"),
    )
    training_cost: int = rule(2, "Training tokens to reserve an empty tournament.", low=1, high=5)
    sponsor_cost: int = rule(2, "Sponsor tokens that stand in for one Wildcard.", low=1, high=5)
    travel_cost: int = rule(2, "Travel tokens to fly to any space.", low=1, high=5)
    health_attack_cost: int = rule(
        2, "Health tokens to send another player to the Injury space.", low=1, high=5
    )
    injury_weeks: int = rule(2, "Weeks (turns) a player stays on the Injury space.", low=0, high=6)
    top_ranker_returns_wildcards: bool = rule(
        True, "The Top Ranker cannot keep Wildcards: they go back to the bag."
    )
    top_ranker_tie: str = rule(
        "holder keeps",
        "Ruling: who holds the Top Ranker card on a tie for the highest ranking.",
        choices=("holder keeps", "nobody"),
    )
    final_tie: str = rule(
        "most 2000 titles",
        "Ruling: how a tie for the highest ranking at the end is broken: most 2000-point titles "
        "on the board (then shared), or simply shared.",
        choices=("most 2000 titles", "shared"),
    )

    def check_together(self) -> None:
        faces = self.direction_clockwise_faces + self.direction_counter_faces + self.direction_choice_faces
        if faces == 0:
            raise RulesError(
                "the direction die needs at least one face: direction_clockwise_faces, "
                "direction_counter_faces and direction_choice_faces are all 0."
            )

    def target_score(self, players: int) -> int:
        """The ranking points that win a game with this many players."""
        if not 2 <= players <= 6:
            raise RulesError(f"Tie-Break Triumph is for 2 to 6 players, not {players}.")
        return getattr(self, f"target_score_{players}p")

    def bag(self) -> dict[str, int]:
        """The starting contents of the token bag, by type."""
        return {t: getattr(self, f"bag_{t}") for t in TOKEN_TYPES}

    def direction_faces(self) -> dict[str, int]:
        """How many direction-die faces show each instruction."""
        return {
            "clockwise": self.direction_clockwise_faces,
            "counter": self.direction_counter_faces,
            "choice": self.direction_choice_faces,
        }

    def fork_rule(self, face: str) -> str:
        """Which way a piece takes at a fork for a direction-die face."""
        return {
            "clockwise": self.fork_on_clockwise,
            "counter": self.fork_on_counter,
            "choice": self.fork_on_choice,
        }[face]
