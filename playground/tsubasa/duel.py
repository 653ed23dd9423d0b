"""The Shooting/Passing phase: the duel of totals and dice, rerolls, the keeper's save, Special Shots.

The defender adds up Defense; the attacker adds up Shot or Pass and picks one; the attacker then
the defender spend points (+1 each); both roll a die; the higher total wins and a tie goes to the
attacker (``Rules.ties_to_attacker``). A coach with a reroll card played this round may, while
losing, roll one of the dice again (``Rules.reroll_lasts``: even if the card has left play). When
a shot wins with a keeper with the save ability in the defender's play area, the defender
chooses whether the keeper tries to save it (one more die), as optional abilities are the
choice of their coach. In a Special Shot each coach chooses a card face down: the attacker's
stays hidden (from the history and the state) until the defender has chosen too, and both are
shown together. The one rule of who wins a roll is shared with the odds (``odds.attacker_wins``),
so the engine and the exact chances cannot drift apart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from playground.core.engine import CHANCE, Action, Event
from playground.core.numbers import shown

from .actions import Aim, Dice, Pick, Reroll, Save, Spend
from .odds import _attacker_wins
from .rules import POINT_KINDS
from .state import AUTO, Task, said, todo

if TYPE_CHECKING:
    from .engine import TsubasaGame

SAVE_OR_NOT = [Save(True), Save(False)]
"""The defender's choice when a shot beats the defense with the keeper in play."""


class DuelPhase:
    """The duel's options and effects, mixed into the engine."""

    def total(self: TsubasaGame, coach: int, kind: str) -> int:
        """A coach's action total before points: card values minus a Yellow/Red penalty.

        coach: 0 or 1; kind: "shot", "pass" or "defense".
        """
        if kind not in POINT_KINDS:
            raise ValueError(f"kind must be one of {', '.join(map(repr, POINT_KINDS))}; got {shown(kind)}")
        return self._total(self.seat(coach, "coach"), kind)

    def _total(self: TsubasaGame, coach: int, kind: str) -> int:
        c = self.state.coaches[coach]
        values = sum(self._card(card).value(kind) for card in c.play)
        penalty = (self.rules.red_penalty if c.red else self.rules.yellow_penalty) if len(c.penalty) else 0
        return values - penalty

    def _do_start_duel(self: TsubasaGame, task: Task, _: None) -> list[Event]:
        """The attacker aims; first, by the rulebook's timing, each coach may motivate (attacker first)."""
        att, dfd = self.state.attacker, self.defender
        moments = [todo("motivate", c, c) for c in (att, dfd)] if self._motivates_any_time() else []
        reopen = [todo("reopen_attack", AUTO, att)] if moments else []
        self._then(*moments, *reopen, todo("aim", att, att))
        return []

    def _do_reopen_attack(self: TsubasaGame, task: Task, _: None) -> list[Event]:
        """A motivated card's ability at the duel's start took a card out of play: below the
        limit, with a coach still playing, the attack phase goes on until the limit is reached
        again (the rulebook's end of the attack phase); else the attacker aims."""
        coaches = self.state.coaches
        full, done = self.cards_in_play() >= self.limit(), all(c.passed for c in coaches)
        if full or done or not self.tasks or self.tasks[0].kind != "aim":
            return []
        self.tasks.popleft()  # the aim: it comes again when the attack phase ends
        return [
            said(f"{self.cards_in_play()} cards are in play: the attack phase goes on"),
            *self._after_turn(self.turn),
        ]

    def _options_aim(self: TsubasaGame, task: Task) -> list[Action]:
        return [Aim("shot"), Aim("pass")]

    def _do_aim(self: TsubasaGame, task: Task, action: Aim) -> list[Event]:
        d, att, dfd = self.state.duel, self.state.attacker, self.defender
        d.kind, d.attack, d.defense = action.kind, self._total(att, action.kind), self._total(dfd, "defense")
        self._then(todo("spend", att, att), todo("spend", dfd, dfd), todo("dice", CHANCE, att))
        name = self.player_name(att)
        return [said(f"{name} goes for a {action.kind}: {d.attack} against a defense of {d.defense}")]

    def _spend_kind(self: TsubasaGame, coach: int) -> str:
        return self.state.duel.kind if coach == self.state.attacker else "defense"

    def _options_spend(self: TsubasaGame, task: Task) -> list[Action]:
        have = self.state.coaches[task.coach].points[self._spend_kind(task.coach)]
        return [Spend(n) for n in range(have + 1)]

    def _do_spend(self: TsubasaGame, task: Task, action: Spend) -> list[Event]:
        kind = self._spend_kind(task.coach)
        self.state.coaches[task.coach].points[kind] -= action.points
        if task.coach == self.state.attacker:
            self.state.duel.attack_spent = action.points
        else:
            self.state.duel.defense_spent = action.points
        noun = "point" if action.points == 1 else "points"
        return [said(f"{self.player_name(task.coach)} spends {action.points} {kind} {noun}")]

    # -- the dice -----------------------------------------------------------------------------------

    def attack_won(self: TsubasaGame) -> bool:
        """Does the attack win the duel with the dice as they lie now? Asked once they are rolled."""
        if self.state.duel.dice is None:
            raise ValueError("the duel dice have not been rolled this round: ask once they lie on the table")
        return self._attack_won()

    def _attack_won(self: TsubasaGame) -> bool:
        d, r = self.state.duel, self.rules
        a, b = d.dice
        return _attacker_wins(
            a,
            b,
            d.attack + d.attack_spent,
            d.defense + d.defense_spent,
            r.assured_success,
            r.ties_to_attacker,
            r.die_sides,
        )

    def rerolls_left(self: TsubasaGame, coach: int) -> int:
        """Rerolls coach 0 or 1 may still use this round (Rules.reroll_lasts says which cards count)."""
        return self._rerolls_left(self.seat(coach, "coach"))

    def _rerolls_left(self: TsubasaGame, coach: int) -> int:
        return len(self._reroll_cards(coach))

    def _reroll_cards(self: TsubasaGame, coach: int) -> list[str]:
        """The cards whose reroll this coach may still use: played this round and not yet used, and
        still in the play area unless Rules.reroll_lasts keeps a reroll whose card has left it."""
        c = self.state.coaches[coach]
        played = [*c.play, *c.left_play] if self.rules.reroll_lasts == "played this round" else c.play
        return [card for card in played if "reroll" in self._card(card).abilities and card not in c.rerolled]

    def _do_dice(self: TsubasaGame, task: Task, dice: Dice) -> list[Event]:
        self.state.duel.dice = (dice.attacker, dice.defender)
        self.declined.clear()
        return self._after_dice()

    def _may_reroll(self: TsubasaGame, loser: int) -> int | None:
        """Who is asked about a reroll now (Rules.reroll_by), or None: the dice stand."""
        asked = [loser] if self.rules.reroll_by == "losing coach" else [self.state.attacker, self.defender]
        return next((c for c in asked if self._rerolls_left(c) > 0 and c not in self.declined), None)

    def _after_dice(self: TsubasaGame) -> list[Event]:
        """A coach may use a reroll (the losing one, by default); otherwise the duel is settled."""
        coach = self._may_reroll(self.defender if self._attack_won() else self.state.attacker)
        if coach is not None:
            self._then(todo("reroll", coach, coach, "duel"))
            return []
        return self._settle()

    def _options_reroll(self: TsubasaGame, task: Task) -> list[Action]:
        dice = ("mine", "theirs") if task.arg == "duel" else ("save",)
        return [*(Reroll(d) for d in dice), Reroll("keep")]

    def _do_reroll(self: TsubasaGame, task: Task, action: Reroll) -> list[Event]:
        if action.die == "keep":
            self.declined.add(task.coach)
            return self._after_dice() if task.arg == "duel" else self._after_save()
        card = self._reroll_cards(task.coach)[0]
        self.state.coaches[task.coach].rerolled.append(card)
        whose = {"mine": task.coach, "theirs": 1 - task.coach, "save": self.defender}[action.die]
        self._then(todo("reroll_die", CHANCE, whose, task.arg))
        said_so = said(f"{self.player_name(task.coach)} rerolls {self.player_name(whose)}'s die")
        return [said_so, *self._mandatory_of_passive(task.coach, card, "reroll")]

    def _mandatory_of_passive(self: TsubasaGame, coach: int, card: str, ability: str) -> list[Event]:
        """The Mandatory Action of a card whose Optional Ability 1 (a reroll or the save) is used now."""
        return self._mandatory(coach, card) if self._card(card).abilities[:1] == (ability,) else []

    def _do_reroll_die(self: TsubasaGame, task: Task, face: int) -> list[Event]:
        d = self.state.duel
        self.declined.clear()
        if task.arg == "save":
            d.save = face
            return self._after_save()
        a, b = d.dice
        d.dice = (face, b) if task.coach == self.state.attacker else (a, face)
        return self._after_dice()

    def _settle(self: TsubasaGame) -> list[Event]:
        d = self.state.duel
        name = self.player_name(self.state.attacker)
        if not self._attack_won():
            d.result = "stolen"
            return [
                said(f"{self.player_name(self.defender)} wins the duel and steals the ball"),
                *self._end_round("lost"),
            ]
        if d.kind == "pass":
            d.result = "pass"
            return [said(f"{name}'s pass succeeds: they keep the ball"), *self._end_round("kept")]
        if self._keeper(self.defender) is not None:
            self._then(todo("keeper", self.defender, self.defender))
            keeper = f"{self.player_name(self.defender)}'s keeper"
            return [said(f"{name}'s shot beats the defense: {keeper} may try a save")]
        return self._goal()

    def _keeper(self: TsubasaGame, coach: int) -> str | None:
        """The first card with the save ability in this coach's play area, if any."""
        savers = (card for card in self.state.coaches[coach].play if "save" in self._card(card).abilities)
        return next(savers, None)

    def _options_keeper(self: TsubasaGame, task: Task) -> list[Action]:
        return SAVE_OR_NOT

    def _do_keeper(self: TsubasaGame, task: Task, action: Save) -> list[Event]:
        """The defender tries the save (the keeper's die is rolled), or lets the goal stand."""
        name = self.player_name(task.coach)
        if not action.attempt:
            return [said(f"{name} lets the shot in"), *self._goal()]
        keeper = self._keeper(task.coach)
        self._then(todo("save", CHANCE, task.coach))
        tries = said(f"{name}'s keeper, {self._card(keeper)}, tries to save it")
        return [tries, *self._mandatory_of_passive(task.coach, keeper, "save")]

    def _do_save(self: TsubasaGame, task: Task, face: int) -> list[Event]:
        self.state.duel.save = face
        self.declined.clear()
        return self._after_save()

    def save_result(self: TsubasaGame) -> str:
        """What the keeper's die says: "catch", "corner" or "goal". Asked once it is rolled."""
        if self.state.duel.save is None:
            raise ValueError(
                "the keeper's save die has not been rolled this round: ask once it lies on the table"
            )
        return self._save_result()

    def _save_result(self: TsubasaGame) -> str:
        face = self.state.duel.save
        if face <= self.rules.save_catch_top:
            return "catch"
        return "corner" if face <= self.rules.save_corner_top else "goal"

    def _after_save(self: TsubasaGame) -> list[Event]:
        coach = self._may_reroll(self.defender if self._save_result() == "goal" else self.state.attacker)
        if coach is not None:
            self._then(todo("reroll", coach, coach, "save"))
            return []
        return self._saved()

    def _saved(self: TsubasaGame) -> list[Event]:
        result = self._save_result()
        self.state.duel.result = result
        keeper = self.player_name(self.defender)
        if result == "catch":
            return [said(f"{keeper}'s keeper catches the ball"), *self._end_round("lost")]
        if result == "corner":
            return [said(f"{keeper}'s keeper clears it for a corner: no goal"), *self._end_round("kept")]
        return self._goal()

    def _goal(self: TsubasaGame) -> list[Event]:
        s = self.state
        s.coaches[s.attacker].score += 1
        s.duel.result = s.duel.result or "goal"
        name = self.player_name(s.attacker)
        return [
            said(f"GOAL for {name}! {s.coaches[0].score} - {s.coaches[1].score}"),
            *self._end_round("goal"),
        ]

    # -- the Special Shot ---------------------------------------------------------------------------

    def _options_pick_shot(self: TsubasaGame, task: Task) -> list[Action]:
        return [Pick(card) for card in self.state.coaches[task.coach].shots.kinds()]

    def _options_pick_defense(self: TsubasaGame, task: Task) -> list[Action]:
        return [Pick(card) for card in self.state.coaches[task.coach].defenses.kinds()]

    def _do_pick_shot(self: TsubasaGame, task: Task, action: Pick) -> list[Event]:
        self._face_down[task.coach] = action.card  # not in the state: the defender has not chosen
        return [said(f"{self.player_name(task.coach)} chooses a Special Shot face down")]

    def _do_pick_defense(self: TsubasaGame, task: Task, action: Pick) -> list[Event]:
        self._face_down[task.coach] = action.card
        return [said(f"{self.player_name(task.coach)} chooses a Special Defense face down")]

    def _do_special_result(self: TsubasaGame, task: Task, _: None) -> list[Event]:
        """Both cards are shown together (a defender with no Special Defense left shows none)."""
        s, d = self.state, self.state.duel
        d.kind = "special shot"
        shot, block = self._face_down.pop(s.attacker), self._face_down.pop(self.defender, "")
        d.shot_card, d.defense_card = shot, block
        stopped = bool(block) and shot in s.data.specials[block].stops
        if self.rules.special_cards_used == "box":
            s.coaches[s.attacker].shots.move(shot, s.box)
            if block:
                s.coaches[self.defender].defenses.move(block, s.box)
        shown = f"{s.card_name(shot)} against {s.card_name(block) if block else 'no defense'}"
        if stopped:
            d.result = "blocked"
            return [said(f"{shown}: blocked!"), *self._end_round("lost")]
        return [said(f"{shown}: not stopped"), *self._goal()]
