"""Training: each round every player takes a turn of Episode cards, then the hands are refilled.

A turn is a set number of plays (two at the rulebook's default), from the player's hand, or from
the public pool in the competitive ruleset; a player with no card to play ends the turn. With the
mulligan house rule (standard ruleset) a player may, once a game, discard the hand at the start
of a turn (or between plays: Rules.mulligan_timing) and redraw. A star-icon card is attached to
an Athlete; Someone's Dad joins the team as an Athlete; a lock stays on the table, active; any
other card acts once and is discarded (Non-Canon OVA discards an attached card, Birthday Party
takes a card from another hand, Growth Spurt and Magical Girl Transformation draw an Athlete
under or over one). After each turn the hand is refilled to its size (or discarded down to it).
The Sport is revealed after the round the rules say, and after the last round everyone competes
(compete.py). The draft, chance and the task queue are in engine.py.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from playground.core.engine import Action, Event
from playground.core.numbers import shown
from playground.core.zones import Zone

from .actions import Discard, EndTurn, Mulligan, Play, Take
from .state import Task

if TYPE_CHECKING:
    from .engine import ArcGame


class TrainingPhase:
    """The training rounds' options and effects, mixed into the engine."""

    # -- a turn's options ------------------------------------------------------------------------

    def _source_of_plays(self: ArcGame, p: int) -> Zone:
        return self.state.pool if self.rules.ruleset == "competitive" else self.state.hands[p]

    def _options_turn(self: ArcGame, task: Task) -> list[Action]:
        p = task.player
        stacks = tuple([st.id for st in self.state.stacks])
        if self._plays_known[0] != stacks:
            self._plays_known = (stacks, {})
        known = self._plays_known[1]  # card -> its plays while these stacks are on the table
        varying = self.data.targets_vary
        actions: list[Action] = []
        for card in self._source_of_plays(p).kinds():
            found = known.get(card)
            if found is None:
                targets = self._targets(card, p, stacks)
                if card in varying:  # made afresh: kept, they would fill memory game after game
                    found = [Play(card, t) for t in targets]
                else:
                    found = known[card] = plays(card, targets)
            actions.extend(found if self.rules.idle_plays else [a for a in found if not self._idle(a)])
        if (
            self.rules.mulligan
            and self.rules.ruleset == "standard"
            and (task.info == 0 or self.rules.mulligan_timing == "during turn")
            and p not in self.mulligan_used
            and len(self.state.hands[p])
        ):
            actions.append(Mulligan())
        return actions or [EndTurn()]

    def _targets(self: ArcGame, card: str, p: int, stacks: tuple[str, ...] | None = None) -> tuple[str, ...]:
        """Where an Episode card can be played (every Athlete, unless the card says otherwise).

        stacks: the ids of the Athletes on the table, when the caller has them already.
        """
        s = self.state
        e = s.data.episodes[card]
        if card in s.data.played_on_athletes:
            return tuple(st.id for st in s.stacks) if stacks is None else stacks
        if e.effect == "non_canon_ova":
            spared = frozenset() if self.rules.ova_lower_dad else s.data.dads
            found = tuple(
                f"{st.id}/{c}" for st in s.stacks for c in dict.fromkeys(st.under) if c not in spared
            )
            return found or ("",)
        if e.effect == "birthday_party" and self.rules.ruleset == "standard":
            empty_ok = self.rules.birthday_party_empty_hand
            others = [v for v in range(self.players) if v != p and (empty_ok or len(s.hands[v]))]
            named = tuple(f"P{v + 1}" for v in others)
            return named or ("",)  # nobody to name: the idle play (Rules.idle_plays), as for OVA
        return ("",)

    def _idle(self: ArcGame, play: Play) -> bool:
        """Whether the play would do nothing (Rules.idle_plays): no card to discard, no Athlete to
        draw, no hand to take from."""
        s = self.state
        effect = s.data.episodes[play.card].effect
        if effect in ("growth_spurt", "magical_girl"):
            refill = self.rules.reshuffle_discards and len(s.athlete_discard)
            return not len(s.athlete_deck) and not refill
        return effect in ("non_canon_ova", "birthday_party") and not play.target

    def _options_discard_down(self: ArcGame, task: Task) -> list[Action]:
        return [Discard(c) for c in self.state.hands[task.player].kinds()]

    def _options_take(self: ArcGame, task: Task) -> list[Action]:
        return [Take(c) for c in self.state.hands[task.info].kinds()]

    def _why_play_illegal(self: ArcGame, action: Play, p: int) -> str:
        s = self.state
        who = self.player_name(p)
        malformed = _malformed_play(action)
        if malformed:
            return malformed
        e = s.data.episodes.get(action.card)
        if e is None:
            return f"{shown(action.card, 40)} is not an Episode card: name one by its id, like 'E05'."
        where = "the public pool" if self.rules.ruleset == "competitive" else f"{who}'s hand"
        if action.card not in self._source_of_plays(p):
            return f"{e.name} is not in {where}: only cards there can be played."
        dads = s.data.dads
        if e.effect == "non_canon_ova" and "/" in action.target and action.target.split("/")[1] in dads:
            return (
                "Non-Canon OVA cannot discard Someone's Dad under another Athlete with these rules "
                "(ova_lower_dad is off): he counts as an Athlete, not an Episode."
            )
        if e.effect == "non_canon_ova" and action.target in {st.id for st in s.stacks}:
            top = s.stack(action.target).top
            if top in dads:
                return "Non-Canon OVA cannot be played on Someone's Dad: he is an Athlete, not an Episode."
            return "Non-Canon OVA discards a card attached to an Athlete: name the card, like #3/E05."
        if (
            e.kind != "attach"
            and action.target.startswith("#")
            and e.effect not in ("growth_spurt", "magical_girl", "non_canon_ova")
        ):
            return f"{e.name} is a {e.kind} card: only star-icon (attach) cards are attached to an Athlete."
        if not self.rules.idle_plays and self._idle(action):
            return f"{e.name} would do nothing now, and idle plays are off (Rules.idle_plays)."
        targets = self._targets(action.card, p)
        places = ", ".join(t or "(no target)" for t in targets[:8])
        given = shown(action.target, 40) if action.target else "(no target)"
        return f"{e.name} cannot be played on {given}; it can go on: {places}."

    # -- the draws and plays of a turn ---------------------------------------------------------

    def _do_episode(self: ArcGame, task: Task, card: str) -> list[Event]:
        s = self.state
        if task.player is None:
            s.episode_deck.move(card, s.pool)
            return [Event(f"{s.data.name(card)} joins the public pool")]
        s.episode_deck.move(card, s.hands[task.player])
        return [Event(f"{self.player_name(task.player)} draws an Episode")]

    def _do_steal(self: ArcGame, task: Task, card: str) -> list[Event]:
        s = self.state
        s.hands[task.info].move(card, s.hands[task.player])
        return [
            Event(f"{self.player_name(task.player)} takes a card from {self.player_name(task.info)}'s hand")
        ]

    def _do_take(self: ArcGame, task: Task, action: Take) -> list[Event]:
        return self._do_steal(task, action.card)

    def _do_discard_down(self: ArcGame, task: Task, action: Discard) -> list[Event]:
        s = self.state
        s.hands[task.player].move(action.card, s.episode_discard)
        return [Event(f"{self.player_name(task.player)} discards {s.data.name(action.card)}")]

    def _do_turn(self: ArcGame, task: Task, action: Action) -> list[Event]:
        p = task.player
        self._turn_plays = (p, task.info if isinstance(action, Mulligan) else task.info + 1)
        if isinstance(action, EndTurn):
            return [Event(f"{self.player_name(p)} has no card to play and ends the turn")]
        if isinstance(action, Mulligan):
            hand = self.state.hands[p]
            cards = hand.clear()
            for c in cards:
                self.state.episode_discard.add(c)
            self.mulligan_used.add(p)
            self._now(*[Task("episode", p) for _ in cards], Task("turn", p, task.info))
            return [
                Event(f"{self.player_name(p)} takes a mulligan: {len(cards)} cards discarded and redrawn")
            ]
        events, follow = self._play(p, action)
        plays = task.info + 1
        rest = [Task("turn", p, plays)] if plays < self.rules.plays_per_turn else []
        self._now(*follow, *rest)
        return events

    def _play(self: ArcGame, p: int, action: Play) -> tuple[list[Event], list[Task]]:
        """Play one Episode card: its effect now, and any draws it needs next."""
        s = self.state
        e = s.data.episodes[action.card]
        self._source_of_plays(p).remove(action.card)
        who = self.player_name(p)
        follow: list[Task] = []
        if e.kind == "attach":
            st = s.stack(action.target)
            st.under.add(action.card)
            s.attached(st, action.card)
            text = f"{who} attaches {e.name} to {s.data.name(st.top)}"
        elif e.effect == "someones_dad":
            s.new_stack(p, action.card)
            text = f"{who} plays Someone's Dad: he joins the team as an Athlete"
        elif e.kind == "lock":
            s.locks.add(action.card)
            text = f"{who} plays {e.name}: it stays on the table, active"
            if e.effect == "extra_region":
                follow.append(Task("region"))
        else:
            s.episode_discard.add(action.card)
            text, follow = self._discard_effect(p, e.effect, action.target)
        return [Event(text)], follow

    def _discard_effect(self: ArcGame, p: int, effect: str, target: str) -> tuple[str, list[Task]]:
        s = self.state
        who = self.player_name(p)
        if effect == "non_canon_ova":
            if not target:
                return f"{who} plays Non-Canon OVA, but no card is attached anywhere", []
            stack_id, card = target.split("/")
            st = s.stack(stack_id)
            st.under.move(card, s.athlete_discard if card in s.data.athletes else s.episode_discard)
            s.stacks_changed()
            return (
                f"{who} plays Non-Canon OVA: {s.data.name(card)} is discarded from {s.data.name(st.top)}",
                [],
            )
        if effect == "birthday_party":
            if not target:
                return f"{who} plays Birthday Party: there are no hands to take from", []
            victim = int(target[1:]) - 1
            kind = "steal" if self.rules.birthday_party_random else "take"
            if not len(s.hands[victim]):
                return f"{who} plays Birthday Party on {self.player_name(victim)}, whose hand is empty", []
            return f"{who} plays Birthday Party on {self.player_name(victim)}", [Task(kind, p, victim)]
        how = "under" if effect == "growth_spurt" else "over"
        name = "Growth Spurt" if effect == "growth_spurt" else "Magical Girl Transformation"
        return f"{who} plays {name} on {s.data.name(s.stack(target).top)}", [
            Task("athlete", p, (how, target))
        ]

    # -- the rounds ------------------------------------------------------------------------------

    def _auto_start_training(self: ArcGame, task: Task) -> list[Event]:
        s = self.state
        self._phase = "training"
        self.round = 0
        if self.rules.ruleset == "standard":
            draws = [
                Task("episode", p)
                for p in range(self.players)
                for _ in range(self.rules.hand_size - len(s.hands[p]))
            ]
        else:
            draws = [Task("episode") for _ in range(self.rules.pool_size - len(s.pool))]
        if self.rules.mode == "tournament":
            self._now(*draws, Task("tournament_round"))
            return []
        reveal = [Task("sport")] if self.rules.sport_reveal_after == 0 else []
        self._now(*draws, *reveal, Task("training_round"))
        return []

    def _auto_training_round(self: ArcGame, task: Task) -> list[Event]:
        self.round += 1
        self._now(*self._turn_tasks(), Task("round_end"))
        return []

    def _turn_tasks(self: ArcGame) -> list[Task]:
        return [t for p in self.order() for t in (Task("turn", p, 0), Task("after_turn", p))]

    def _auto_after_turn(self: ArcGame, task: Task) -> list[Event]:
        s = self.state
        p = task.player
        if self.rules.ruleset == "competitive":
            self._now(*[Task("episode") for _ in range(self.rules.pool_size - len(s.pool))])
            return []
        extra = len(s.hands[p]) - self.rules.hand_size
        if extra > 0:
            self._now(*[Task("discard_down", p) for _ in range(extra)])
        else:
            self._now(*[Task("episode", p) for _ in range(-extra)])
        return []

    def _auto_round_end(self: ArcGame, task: Task) -> list[Event]:
        done = self.round >= self.rules.training_rounds
        reveal = [Task("sport")] if self.round == self.rules.sport_reveal_after else []
        self._now(*reveal, Task("compete") if done else Task("training_round"))
        return []


def _malformed_play(action: Play) -> str | None:
    """Why a Play's fields are not even of the right kind (a card id and a target, both text)."""
    if type(action.card) is not str:
        return f"A Play names its Episode card by its id, as text like 'E05'; got {shown(action.card, 40)}."
    if type(action.target) is not str:
        return (
            "A Play's target must be text: an Athlete's stack like '#3', an attached card like "
            f"'#3/E05', a player like 'P2', or '' when the card needs none; got {shown(action.target, 40)}."
        )
    return None


@lru_cache(maxsize=4096)
def plays(card: str, targets: tuple[str, ...]) -> tuple[Play, ...]:
    """Playing a card on each of these targets, made once for every game: a turn lists dozens,
    and the stack ids (#1, #2, ...) are the same from game to game. Only for targets that are
    the stacks or none: the varying ones would fill the cache (see _options_turn)."""
    return tuple(Play(card, t) for t in targets)
