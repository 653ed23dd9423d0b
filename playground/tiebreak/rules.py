"""Every number and switch of Tie-Break Triumph, as one frozen Rules object.

Defaults follow the Tie-Break Triumph rulebook (read through shared/rules-notes.md section 1);
where the rulebook is silent, the default is the project's ruling (rules-notes section 2) and the
help text says so. A teacher flips any of them from the rules panel.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from playground.core.numbers import is_whole, shown
from playground.core.rules import RulesBase, RulesError, rule

TOKEN_TYPES = ("wildcard", "training", "sponsor", "health", "travel")
"""The five kinds of team token, in the order the tables show them."""

SPONSORS_AS_WILDCARD = "sponsors as a Wildcard"
"""A risked 'token' that is sponsor_cost Sponsor tokens standing in for the Wildcard (one point)."""


def token_units(tokens: tuple[str, ...], sponsor_cost: int) -> list[str]:
    """The tokens themselves: sponsors standing in for a Wildcard are that many Sponsor tokens."""
    return [u for t in tokens for u in ((["sponsor"] * sponsor_cost) if t == SPONSORS_AS_WILDCARD else [t])]


FORK_CHOICES = ("main", "branch", "player")

DIRECTION_MODES = ("fork only", "every move")
"""How the direction die is read: only at a fork (rulebook), or on every move (older variant)."""

DIRECTION_FACES = ("main", "branch", "pick", "clockwise", "counter", "choice")
"""What a direction-die face can say: the first three at a fork, the last three on every move."""


@dataclass(frozen=True)
class Rules(RulesBase):
    """The rules of Tie-Break Triumph. Build with keywords; every value is checked."""

    played_as: ClassVar[str] = "seasons"
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
        "every card used",
        "Our reading of the rulebook: the season ends when every player's tournament cards are all "
        "used (a card on the board, a title or a Training reservation, counts as used; a player "
        "who runs out early keeps taking turns but cannot enter, except a tournament they reserved "
        "earlier, whose card is theirs on the board already: see own_reservation); variant: it "
        "ends as soon as one player must refill the schedule and cannot.",
        choices=("every card used", "first cannot refill"),
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
        6,
        "Sides of each of the two number dice that move a piece (the tie-break die is tiebreak_die_sides).",
        low=2,
        high=20,
    )
    direction_die: str = rule(
        "fork only",
        "Rulebook (translator's note): pieces always move clockwise and the direction die is read "
        "only at a fork, where it picks the road. Variant 'every move': the die also sets the "
        "direction of each move (the direction_*_faces and fork_on_* fields).",
        choices=DIRECTION_MODES,
    )
    fork_main_faces: int = rule(
        3,
        "Direction-die faces that take the main road at a fork (ruling: half). The die has as many "
        "faces as the three fork_*_faces add up to (the rulebook's: 6).",
        low=0,
        high=6,
    )
    fork_branch_faces: int = rule(
        3, "Direction-die faces that take the branch road at a fork (ruling: half).", low=0, high=6
    )
    fork_pick_faces: int = rule(
        0, "Direction-die faces that let the player pick the road at a fork (ruling: none).", low=0, high=6
    )
    direction_clockwise_faces: int = rule(
        2,
        "Variant 'every move': direction-die faces that say clockwise. The die has as many faces "
        "as the three direction_*_faces add up to (the older variant's: 6).",
        low=0,
        high=6,
    )
    direction_counter_faces: int = rule(
        2, "Variant 'every move': direction-die faces that say counter-clockwise.", low=0, high=6
    )
    direction_choice_faces: int = rule(
        2, "Variant 'every move': faces that let the player choose the direction.", low=0, high=6
    )
    fork_on_clockwise: str = rule(
        "main", "Variant 'every move': the way taken at a fork on a clockwise face.", choices=FORK_CHOICES
    )
    fork_on_counter: str = rule(
        "branch",
        "Variant 'every move': the way taken at a fork on a counter-clockwise face.",
        choices=FORK_CHOICES,
    )
    fork_on_choice: str = rule(
        "player", "Variant 'every move': the way taken at a fork on a choice face.", choices=FORK_CHOICES
    )
    remote_united_final: bool = rule(
        True,
        "United and Final can be entered from anywhere with a "
        "matching card, unless the space you arrived on acts on you.",
    )
    remote_block: str = rule(
        "whole week",
        "Ruling: after you arrive on a Let or Injury space, United/Final from afar stay closed for "
        "the rest of the week, whatever the Let card does; variant: they open again once a Let "
        "card or a flight moves you to a space that asks nothing.",
        choices=("whole week", "until you move on"),
    )
    let_piles: str = rule(
        "one per Let space",
        "Rulebook: the Let cards are dealt evenly into face-down piles, one on each Let space, "
        "and you draw from the pile where you land; variant: one shared pile.",
        choices=("one per Let space", "one shared pile"),
    )
    let_chain: int = rule(
        0,
        "Ruling: a Let card that moves you onto another Let space draws no second card (0); 1 to "
        "5: up to that many more Let cards in a row that week (a cap, since Let cards could send a "
        "piece from pile to pile without end).",
        low=0,
        high=5,
    )
    ace_after_let_move: bool = rule(
        False,
        "Ruling: the Ace counts only where the dice move ended; on, it also counts at the space "
        "a Let card then moves you to (never after a flight).",
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
    race_won_at_start: bool = rule(
        True,
        "Ruling: a side whose starting total already meets the target and the margin wins before "
        "anyone rolls; off: a total is only checked straight after its owner's roll.",
    )
    ace_bonus: int = rule(1, "Tie-break points for doubles on the move to the tournament.", low=0, high=5)
    matching_card_bonus: int = rule(
        1, "Tie-break points for holding a card that matches the space.", low=0, high=5
    )
    surface_bonus: int = rule(
        1, "Tie-break points for a matching surface, only against a champion.", low=0, high=5
    )
    surface_in_training: bool = rule(
        False,
        "Ruling: the surface point is for challenging a champion, so nobody earns it in a Training "
        "tie-break; on: each of the two players earns it there for a card of the space's surface.",
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
    champion_takes_qualifying: bool = rule(
        True,
        "Ruling: the Wildcard (or Sponsor pair) that qualified the challenger is worth its points "
        "in the tie-break, so a winning champion keeps it with the risked tokens; off: it goes back "
        "to the bag (with champion_takes_tokens off, every token does).",
    )
    failed_qualify_is_entry: bool = rule(
        True,
        "Ruling: a failed qualification is your tournament of the week (no other entry that "
        "week); off: you may still enter United or Final from afar afterwards.",
    )
    challenge_after_entry: bool = rule(
        False,
        "Ruling (the rulebook allows one tournament a week, and arriving at a champion's space "
        "forces a challenge): after the week's tournament, arriving at a champion's space (by a "
        "flight or a Let card) forces nothing; on: it forces a qualification attempt too, and "
        "its penalty if you cannot qualify.",
    )
    failed_qualify_cards: int = rule(
        1, "Schedule cards the champion makes a player who cannot qualify discard.", low=0, high=3
    )
    failed_qualify_tokens: int = rule(
        2, "Tokens the champion takes from a player who cannot qualify.", low=0, high=5
    )
    failed_qualify_week_discard: bool = rule(
        True,
        "Ruling: a failed qualification enters no card, so the week's discard still follows (two "
        "cards gone that week with the champion's penalty); off: the penalty card is the week's "
        "discard.",
    )

    # -- special actions ----------------------------------------------------------------------
    training_needs_match: bool = rule(
        True,
        "Ruling: a Training reservation needs a card whose points match the empty tournament. "
        "The rulebook's words allow any of your 3 cards on any empty tournament but do not say "
        "what a title won with a card of other points is worth; off: any card, and such a title "
        "counts the space's points.",
    )
    own_reservation: str = rule(
        "play as vacant",
        "Ruling: arriving at a tournament you reserved, you may play it as a vacant tournament "
        "with the reserved card, or you may not enter it at all.",
        choices=("play as vacant", "not allowed"),
    )
    injured_reservation: str = rule(
        "played as vacant",
        "Ruling: a tournament reserved by an injured player is played as vacant by a visitor (the "
        "rulebook counts an injured player's tournaments as vacant), and a win there discards the "
        "reserved card; 'closed': nobody may enter it until its holder is fit again.",
        choices=("played as vacant", "closed"),
    )
    remote_reservation: str = rule(
        "training tie-break",
        "Ruling: entering United or Final from afar while another player holds a Training "
        "reservation there plays the Training tie-break against their face-down card, as arriving "
        "does (the rulebook speaks only of arriving); 'closed': a United or Final another player "
        "reserved can be entered only by standing on it.",
        choices=("training tie-break", "closed"),
    )
    reservation_costs_week: bool = rule(
        True,
        "Ruling: a card reserved by Training enters no tournament, so the week's discard still "
        "follows (two cards leave the schedule that week); off: the reserved card is the week's card.",
    )
    own_reservation_costs_week: bool = rule(
        True,
        "Ruling: playing your own reservation uses no schedule card, so the week's discard "
        "still follows; off: it counts as the week's card.",
    )
    reserver_card_point: bool = rule(
        True,
        "Ruling: in a Training tie-break the reserver's face-down card earns the matching-card "
        "point when its points match the space (equal terms).",
    )
    specials_before_roll: bool = rule(
        False,
        "Ruling (the rulebook allows special actions during your turn, not saying when): they come "
        "after the move, where they can be weighed against the space you reached. On: you may "
        "also pay for Training, Travel and Health attacks before you roll (Travel first, and the "
        "dice move you on from where you landed).",
    )
    remote_before_roll: bool = rule(
        False,
        "Ruling (the rulebook lets you enter United and Final from anywhere 'at any time'): from "
        "afar they are entered after the move, with the other choices of the week. On (with "
        "specials_before_roll): also before you roll, so a Let or Injury space cannot close them.",
    )
    healed_turn: str = rule(
        "plays on",
        "Ruling (the rulebook: a Health token cuts a week at once): a player whose Health token "
        "ends the injury on a rest turn rolls and plays that turn; 'rests': that turn is still "
        "spent on the Injury space, so a token spent on the last week saves nothing.",
        choices=("plays on", "rests"),
    )
    injured_actions: str = rule(
        "all but travel",
        "Ruling: what an injured player may do on their turn besides resting and spending Health: "
        "every special action except Travel (rulebook), or only Health.",
        choices=("all but travel", "heal only"),
    )
    injured_can_be_injured: bool = rule(
        False,
        "Ruling: a Health attack cannot target a player who is already injured; on, it can, and "
        "their injury starts again at injury_weeks.",
    )
    training_cost: int = rule(2, "Training tokens to reserve an empty tournament.", low=1, high=5)
    sponsor_cost: int = rule(2, "Sponsor tokens that stand in for one Wildcard.", low=1, high=5)
    sponsors_risk_as_wildcard: bool = rule(
        False,
        "Ruling (the rulebook lets Sponsor tokens stand in for a Wildcard, not saying where): only to "
        "qualify. On: in a tie-break they may also be risked as the Wildcard token, for its one "
        "point, when no Wildcard fills that slot; not by the Top Ranker, who has no Wildcard point "
        "at any tournament, unless top_ranker_pays_wildcard.",
    )
    travel_cost: int = rule(2, "Travel tokens to fly to any space.", low=1, high=5)
    health_attack_cost: int = rule(
        2, "Health tokens to send another player to the Injury space.", low=1, high=5
    )
    injury_weeks: int = rule(2, "Weeks (turns) a player stays on the Injury space.", low=0, high=6)
    injury_landing_counts: bool = rule(
        False,
        "Ruling (the rulebook: stay there 2 weeks, 2 turns): the weeks are the turns after the one "
        "you land on the Injury space (3 turns there in all); on: the landing turn is the first.",
    )
    top_ranker_returns_wildcards: bool = rule(
        True, "The Top Ranker cannot keep Wildcards: they go back to the bag."
    )
    top_ranker_pays_wildcard: bool = rule(
        False,
        "Ruling: the Top Ranker qualifies as Top Ranker (no Wildcard point); on, they may instead "
        "qualify with a Sponsor pair or an Invitation and gain the Wildcard's point.",
    )
    top_ranker_tie: str = rule(
        "holder keeps",
        "Ruling: who holds the Top Ranker card on a tie for the highest ranking.",
        choices=("holder keeps", "nobody"),
    )
    final_tie: str = rule(
        "most 2000 titles",
        "Ruling: how a tie for the highest ranking at the end is broken: most 2000-point titles "
        "on the board, counted by the space, as the ranking is (then shared), or simply shared.",
        choices=("most 2000 titles", "shared"),
    )

    def check_together(self) -> None:
        if not sum(self.direction_faces().values()):
            names = ", ".join(f"{self.face_field(face)}" for face in self.direction_faces())
            raise RulesError(
                f"with direction_die {shown(self.direction_die)} the die needs at least one face: "
                f"{names} are all 0."
            )

    def target_score(self, players: int) -> int:
        """The ranking points that win a game with this many players."""
        if not is_whole(players) or not 2 <= players <= 6:
            raise RulesError(f"Tie-Break Triumph is for 2 to 6 players, not {shown(players, 30)}.")
        return getattr(self, f"target_score_{int(players)}p")

    def bag(self) -> dict[str, int]:
        """The starting contents of the token bag, by type."""
        return {t: getattr(self, f"bag_{t}") for t in TOKEN_TYPES}

    def weeks_after_landing(self) -> int:
        """The turns an injury keeps a piece on the Injury space after the turn it lands there."""
        return max(0, self.injury_weeks - 1) if self.injury_landing_counts else self.injury_weeks

    def direction_faces(self) -> dict[str, int]:
        """How many direction-die faces show each instruction, as the die is read now.

        'fork only' (rulebook): the faces name the road at a fork ("main", "branch", "pick").
        'every move' (variant): they name the direction ("clockwise", "counter", "choice").
        """
        if self.direction_die == "fork only":
            return {
                "main": self.fork_main_faces,
                "branch": self.fork_branch_faces,
                "pick": self.fork_pick_faces,
            }
        return {
            "clockwise": self.direction_clockwise_faces,
            "counter": self.direction_counter_faces,
            "choice": self.direction_choice_faces,
        }

    def move_of(self, face: str) -> tuple[str, str]:
        """(direction, way at a fork) for a direction-die face: what Board.move_ends takes.

        face: one of DIRECTION_FACES (main, branch, pick, clockwise, counter, choice).
        """
        moves = {
            "main": ("clockwise", "main"),
            "branch": ("clockwise", "branch"),
            "pick": ("clockwise", "player"),
            "clockwise": ("clockwise", self.fork_on_clockwise),
            "counter": ("counter", self.fork_on_counter),
            "choice": ("choice", self.fork_on_choice),
        }
        return moves[_checked_face(face)]

    @staticmethod
    def face_field(face: str) -> str:
        """The rules field that counts a direction-die face (one of DIRECTION_FACES)."""
        return {
            "main": "fork_main_faces",
            "branch": "fork_branch_faces",
            "pick": "fork_pick_faces",
            "clockwise": "direction_clockwise_faces",
            "counter": "direction_counter_faces",
            "choice": "direction_choice_faces",
        }[_checked_face(face)]


def _checked_face(face: object) -> str:
    if face not in DIRECTION_FACES:
        raise RulesError(
            f"a direction-die face is one of {', '.join(DIRECTION_FACES)}; got {shown(face, 30)}"
        )
    return face  # type: ignore[return-value]
