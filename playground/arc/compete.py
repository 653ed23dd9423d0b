"""Competing, and how each mode goes on after it: one season, a tournament, graduation.

Everyone sends out as many Athletes as the Sport asks (all of them if they have fewer), each
Athlete scores its relevant stats times its bonuses, and the best team (or the lowest, or the
one with most attached cards, if the Sport card says so) wins. A tie replaces the Sport with
the next one and everyone picks again, until nobody is tied or the Sport deck runs out
(Rules.cap_tie_replacements, Rules.tie_reshuffle_sports).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from playground.core.engine import Action, Event, Game, Result
from playground.core.numbers import shown, whole_number

from .actions import Graduate, Pick
from .state import Stack, Task


class Competition(Game):
    """The competing phase and the modes' flow, shared by ArcGame (engine.py)."""

    def _start_competition_state(self) -> None:
        self._picks: dict[int, tuple[str, ...]] = {}  # face down until the score (see picks)
        self.team_scores: dict[int, int] = {}
        self.ties = 0
        self.tie_total = 0
        self._tie_reshuffled = False  # whether this competition's ties reshuffled the used Sports
        self.season_wins = [0] * self.players
        self.tournament_rounds = 0
        self.winners_log: list[tuple[int, ...]] = []
        self.sport_regions: list[str] = []  # the Regions the active Sport revealed (sport_region_lasts)

    # -- the Sport ----------------------------------------------------------------------------

    def _do_sport(self, task: Task, card: str) -> list[Event]:
        s = self.state
        events = []
        if len(s.active_sport):
            s.active_sport.move(s.active_sport[0], s.sport_used)
            events = self._sport_regions_leave()
        source = s.sport_top if len(s.sport_top) and s.sport_top[0] == card else s.sport_deck
        source.move(card, s.active_sport)
        sport = s.data.sports[card]
        events.append(
            Event(f"the Sport is {sport.name}: {', '.join(sport.relevant)}, team of {sport.team_size}")
        )
        if sport.effect == "extra_region" and (task.info != "tie" or self.rules.tie_sport_effects):
            self._now(Task("region", None, "sport"))
            events.append(Event(f"{sport.name}'s effect: another Region is revealed"))
        return events

    def _sport_regions_leave(self) -> list[Event]:
        """The Regions the leaving Sport revealed go back into the Region deck, when
        Rules.sport_region_lasts says they last only as long as their Sport."""
        s = self.state
        if self.rules.sport_region_lasts != "the Sport" or not self.sport_regions:
            return []
        for card in self.sport_regions:
            s.active_regions.remove(card)
            s.region_deck.add(card)
        names = ", ".join(s.data.name(c) for c in self.sport_regions)
        self.sport_regions = []
        return [Event(f"{names} stops being active with the Sport that revealed it")]

    # -- picking and scoring ------------------------------------------------------------------------

    def _auto_compete(self, task: Task) -> list[Event]:
        self._phase = "competing"
        self._picks = {}
        self._now(*[Task("pick", p) for p in self.order()], Task("score"))
        return []

    @property
    def picks(self) -> dict[int, tuple[str, ...]]:
        """Each player's team sent out at the latest score, by seat (a copy), once the teams are
        shown; empty while players are still picking: the picks are face down, as the rulebook
        has everyone send out their team at the same moment."""
        if any(t.kind == "pick" for t in self.tasks):
            return {}
        return dict(self._picks)

    def _options_pick(self, task: Task) -> list[Action]:
        team = [st.id for st in self.state.team(task.player)]
        sport = self.state.sport()
        size = min(sport.team_size if sport else len(team), len(team))
        return [Pick(c) for c in combinations(team, size)]

    def _do_pick(self, task: Task, action: Pick) -> list[Event]:
        self._picks[task.player] = action.stacks
        return [Event(f"{self.player_name(task.player)} sends out {len(action.stacks)} Athlete(s)")]

    def team_score(self, player: int, stacks: Sequence[str]) -> int:
        """A team's score for the active Sport: each competing Athlete's score, added up.

        player: a seat (0 to players - 1); stacks: ids of that player's Athlete stacks (as in
        Pick.stacks), each at most once. Costs one pass over the table.
        """
        player = whole_number(player, "player", 0, self.players - 1)
        if isinstance(stacks, str) or not isinstance(stacks, Sequence):
            raise ValueError(
                f"stacks must be a list of stack ids such as ('#1', '#2'); got {shown(stacks, 60)}"
            )
        own = [st.id for st in self.state.team(player)]
        stray = [i for i in stacks if i not in own]
        if stray:
            raise ValueError(
                f"{shown(stray[0], 40)} is not one of {self.player_name(player)}'s Athlete stacks "
                f"({', '.join(own) or 'none yet'})"
            )
        if len(set(stacks)) != len(stacks):
            raise ValueError(
                f"stacks names a stack twice: {shown(list(stacks), 60)}; each Athlete competes once"
            )
        return self._team_score(tuple(stacks), self.state.main_character_stacks())

    def _team_score(self, stacks: tuple[str, ...], mc: list[Stack]) -> int:
        """team_score for checked stacks; mc: the Main Character's stacks, counted once a contest."""
        s = self.state
        sport = s.sport()
        if sport is None:
            return 0
        return sum(s.contest_value(s.stack(i), sport, mc) for i in stacks)

    def _auto_score(self, task: Task) -> list[Event]:
        s = self.state
        sport = s.sport()
        mc = s.main_character_stacks()
        self.team_scores = {p: self._team_score(self._picks.get(p, ()), mc) for p in range(self.players)}
        pick = min if sport is not None and sport.effect == "lowest_wins" else max
        best = pick(self.team_scores.values())
        winners = tuple(p for p, v in self.team_scores.items() if v == best)
        told = ", ".join(f"{self.player_name(p)} {v}" for p, v in self.team_scores.items())
        shown = "; ".join(
            f"{self.player_name(p)}: {', '.join(s.data.name(s.stack(st).top) for st in stacks) or 'nobody'}"
            for p, stacks in sorted(self._picks.items())
        )
        events = [Event(f"the teams are shown ({shown})"), Event(f"team scores: {told}")]
        if len(winners) > 1 and self._tie_can_be_replaced(events):
            self.ties += 1
            self.tie_total += 1
            self._now(Task("sport", None, "tie"), Task("compete"))
            return [*events, Event("a tie: the Sport is replaced by the next one and everyone picks again")]
        if len(winners) > 1:
            events.append(Event("the tie stands: the tied players share the win"))
        self.ties = 0
        self._tie_reshuffled = False
        self.winners_log.append(winners)
        names = " and ".join(self.player_name(p) for p in winners)
        events.append(
            Event(f"{names} win{'s' if len(winners) == 1 else ''} {sport.name if sport else 'the season'}")
        )
        return events + getattr(self, f"_after_{self.rules.mode}")(winners)

    def _tie_can_be_replaced(self, events: list[Event]) -> bool:
        """Whether a tied Sport can be replaced now: a Sport is left (reshuffling the used ones
        once, if the rules say so) and the variant's cap, if on, is not reached. Every
        replacement takes a card off the Sport deck, so the ties always end."""
        r, s = self.rules, self.state
        if r.cap_tie_replacements and self.ties >= r.max_tie_replacements:
            return False
        if len(s.sport_top) + len(s.sport_deck):
            return True
        reshuffles = r.tie_reshuffle_sports or r.mode == "graduation"  # its rule: any type runs out
        if not reshuffles or self._tie_reshuffled or not len(s.sport_used):
            return False
        self._tie_reshuffled = True
        events.append(self._reshuffle_used_sports("while players are tied"))
        return True

    def _reshuffle_used_sports(self, when: str) -> Event:
        """Shuffle the used Sports into a new Sport deck, and say so."""
        s = self.state
        cards = s.sport_used.clear()
        for card in cards:
            s.sport_deck.add(card)
        return Event(
            f"the Sport deck ran out {when}: the {len(cards)} used Sports are shuffled into a new deck"
        )

    # -- one season ------------------------------------------------------------------------------

    def _after_season(self, winners: tuple[int, ...]) -> list[Event]:
        self._finish(winners, dict(self.team_scores), "the season's competition is decided")
        return []

    def _finish(self, winners: tuple[int, ...], scores: dict[int, int], reason: str) -> None:
        self.tasks.clear()
        self._result = Result(winners, scores, reason)

    # -- tournament mode ---------------------------------------------------------------------------

    def _after_tournament(self, winners: tuple[int, ...]) -> list[Event]:
        s = self.state
        sport = s.active_sport[0]
        events = []
        if len(winners) == 1:
            s.active_sport.move(sport, s.claimed[winners[0]])
            events.append(Event(f"{self.player_name(winners[0])} claims {s.data.name(sport)}"))
        else:
            s.active_sport.move(sport, s.sport_used)
        events += self._sport_regions_leave()
        claimed = [len(z) for z in s.claimed]
        if max(claimed) >= self.rules.tournament_sports_to_win:
            self._finish(self._most(claimed), dict(enumerate(claimed)), "a player claimed enough Sports")
        else:
            self._now(Task("tournament_round"))
        return events

    def _most(self, counts: list[int]) -> tuple[int, ...]:
        return tuple(p for p, c in enumerate(counts) if c == max(counts))

    def _auto_tournament_round(self, task: Task) -> list[Event]:
        s = self.state
        claimed = [len(z) for z in s.claimed]
        events = []
        empty = not len(s.sport_top) and not len(s.sport_deck)
        if empty and self.rules.tournament_reshuffle_sports and len(s.sport_used):
            events.append(self._reshuffle_used_sports("in the tournament"))
        if self.tournament_rounds >= self.rules.tournament_max_rounds or not (
            len(s.sport_top) + len(s.sport_deck)
        ):
            self._finish(
                self._most(claimed), dict(enumerate(claimed)), "the tournament ran out of rounds or Sports"
            )
            return [*events, Event("the tournament ends: the most Sports claimed wins")]
        self.tournament_rounds += 1
        self.round = self.tournament_rounds
        self._phase = "training"
        self._now(Task("sport"), *self._turn_tasks(), Task("compete"))
        return events

    # -- graduation mode ---------------------------------------------------------------------------

    def _after_graduation(self, winners: tuple[int, ...]) -> list[Event]:
        counted = len(winners) == 1 or self.rules.shared_season_counts
        for p in winners if counted else ():
            self.season_wins[p] += 1
        wins = self.season_wins
        scores = dict(enumerate(wins))
        if max(wins) >= self.rules.graduation_seasons_to_win:
            self._finish(self._most(wins), scores, "a player won enough seasons")
        elif self.season >= self.rules.graduation_max_seasons:
            self._finish(self._most(wins), scores, "the last season allowed is over")
        else:
            grads = [Task("graduate", p) for p in self.order() if self.state.team(p)]
            self._now(*grads, Task("new_season"))
        done = "won" if counted else "tied, counted for nobody (Rules.shared_season_counts)"
        return [Event(f"season {self.season} {done}; seasons won: {wins}")]

    def _options_graduate(self, task: Task) -> list[Action]:
        return [Graduate(st.id) for st in self.state.team(task.player)]

    def _do_graduate(self, task: Task, action: Graduate) -> list[Event]:
        s = self.state
        st: Stack = s.stack(action.stack)
        for card in [st.top, *st.under.clear()]:
            s.box.add(card)
        s.stacks.remove(st)
        s.stacks_changed()
        return [Event(f"{s.data.name(st.top)} graduates, with every card attached, and leaves the game")]

    def _auto_new_season(self, task: Task) -> list[Event]:
        s = self.state
        self.season += 1
        self._phase = "draft"
        events = [Event(f"season {self.season} begins: the Regions are reshuffled and teams filled back up")]
        if self.rules.graduation_starter == "last winner":
            self.starter = min(self.winners_log[-1], key=lambda p: (p - self.starter) % self.players)
            events.append(Event(f"{self.player_name(self.starter)} won most recently and starts this season"))
        if len(s.active_sport):
            s.active_sport.move(s.active_sport[0], s.sport_used)
        if not len(s.sport_top) and not len(s.sport_deck) and len(s.sport_used):
            events.append(self._reshuffle_used_sports("between seasons"))
        for card in s.active_regions.clear():
            s.region_deck.add(card)
        self.sport_regions = []
        regions = [Task("region"), *self._carry_over_locks(events)]
        if not self.rules.graduation_keep_hands:  # the competitive ruleset's public pool too
            for hand in (*s.hands, s.pool):
                for card in hand.clear():
                    s.episode_discard.add(card)
        draws = [
            Task("athlete", p, "team")
            for p in range(self.players)
            for _ in range(max(0, self.rules.team_size - len(s.team(p))))
        ]
        self._now(*regions, *draws, Task("start_training"))
        return events

    def _carry_over_locks(self, events: list[Event]) -> list[Task]:
        """Discard the lock cards at a season's end, or keep them (Rules.graduation_keep_locks):
        then each lock that revealed a Region reveals one again. The extra Region draws."""
        s = self.state
        if not len(s.locks):
            return []
        if not self.rules.graduation_keep_locks:
            for card in s.locks.clear():
                s.episode_discard.add(card)
            events.append(Event("the lock cards are discarded: only the Athletes and their cards carry over"))
            return []
        eps = s.data.episodes
        extra = [Task("region", None, "lock") for c in s.locks if eps[c].effect == "extra_region"]
        events.append(Event("the lock cards stay active for the new season"))
        return extra
