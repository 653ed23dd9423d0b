"""Tournament Arc, rule by rule (continued from test_arc_rulebook.py, split for length): what the
class sees (the measure that decides a Sport, the face-down draft, the phase of each step), the
FAQ's endless tie-break, refusals, and each ruling the rulebook leaves open, tested in both
settings of its Rules field.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest
from arc_scenes import (
    assert_conserved,
    at_turn,
    attach,
    card_id,
    give,
    set_regions,
    set_sport,
    step_until,
    swap_top,
    training_scene,
)

from playground.arc import IllegalAction, Rules, load_data, new_game, odds
from playground.arc.actions import Graduate, Keep, Mulligan, Play
from playground.arc.policies import greedy
from playground.arc.table_view import game_scene, table_html
from playground.core.engine import CHANCE

# -- what the state table, the picture and the odds show -----------------------------------------


def test_cheerleading_shows_attached_cards_not_points() -> None:
    """Sport card, alternative win: Cheerleading goes to the most attached cards, so the state
    table's "score now" and the picture show each Athlete's attached cards, and team_score adds them."""
    game = training_scene()
    s = game.state
    for name in ("Lucky Charm", "Team Dinner", "Study Week"):
        attach(game, "#1", name)
    attach(game, "#4", "Lucky Charm")
    set_sport(game, "Cheerleading")
    frame = game.state_frame()
    counted = {st.id: len(st.under) for st in s.stacks}
    assert counted["#1"] == 3 and counted["#4"] == 1
    assert dict(frame["score now"]) == counted
    picks = tuple(st.id for st in s.team(0))
    assert game.team_score(0, picks) == sum(counted[i] for i in picks)
    scene, cards = game_scene(game)
    assert "attached cards <b>3</b>" in table_html(scene, cards)
    set_sport(game, "Sumo")  # a Sport won on points: the points are shown again
    mc = s.main_character_stacks()
    points = {st.id: s.stack_score(st, ("body", "underdog"), mc) for st in s.stacks}
    assert dict(game.state_frame()["score now"]) == points != counted


def test_expected_team_score_counts_cards_for_cheerleading() -> None:
    """odds.expected_team_score averages the number that decides each Sport: for Xavier, Aiko and
    Bruno with no cards, 223/24, the engine's own average over the 24 Sports (Cheerleading 0)."""
    data = load_data()
    sports = list(data.sports.values())
    team = [(data.athletes[a].stats, [], 1) for a in ("A01", "A02", "A03")]
    game = training_scene(seed=1)  # none of the three is drafted in this seed
    own = [st.id for st in game.state.team(0)]
    for stack_id, name in zip(own, ("Xavier", "Aiko", "Bruno"), strict=True):
        swap_top(game, stack_id, name)
    set_regions(game, "Harbor Heights")  # nobody's home: no bonus, as in the odds' inputs
    engine_total = 0
    for sport in sports:
        set_sport(game, sport.name)
        size = min(sport.team_size, len(own))
        scores = [game.team_score(0, c) for c in combinations(own, size)]
        engine_total += min(scores) if sport.effect == "lowest_wins" else max(scores)
    assert odds.expected_team_score(team, sports) == Fraction(engine_total, 24) == Fraction(223, 24)


# -- the face-down draft and the phases --------------------------------------------------------------


def test_face_down_draft_shows_nothing_of_the_kept_athletes() -> None:
    """Drafting 3-6: kept Athletes lie face down until everyone flips them: the state table, the
    picture and the history's action column show no name, Region or stat of them until then."""
    game = new_game(seed=3, players=3)
    step_until(game, lambda g: g.tasks[0].kind == "keep")
    kept = [game.legal_actions()[0].athlete]
    game.apply(game.legal_actions()[0])
    kept.append(game.legal_actions()[0].athlete)
    game.apply(game.legal_actions()[0])
    frame = game.state_frame()
    assert list(frame["athlete"]) == list(frame["region"]) == ["(face down)"] * 2
    assert frame[["teamwork", "body", "underdog", "speed", "focus"]].isna().all().all()
    assert [st.top for st in game.state.stacks] == kept  # the engine still knows the cards
    actions = game.history().tail(2)["action"].tolist()
    assert actions == ["keep an Athlete face down"] * 2
    html = table_html(*game_scene(game))
    assert not any(game.data.name(a) in html or a in actions[0] for a in kept)
    step_until(game, lambda g: g.state.revealed)
    assert game.state_frame()["athlete"].iloc[0] == game.data.name(kept[0])


@pytest.mark.parametrize("name", ["Growth Spurt", "Magical Girl Transformation"])
def test_athletes_drawn_in_training_are_labelled_training(name: str) -> None:
    """Phases: an Athlete drawn by Growth Spurt or Magical Girl Transformation is drawn in
    training, and the history says so (not "draft")."""
    game = training_scene()
    game.apply(Play(give(game, 0, name), "#1"))
    assert game.tasks[0].kind == "athlete" and game.phase() == "training"
    game.step()
    assert game.history()["phase"].iloc[-1] == "training"


def test_regions_revealed_later_are_labelled_with_their_phase() -> None:
    """Phases: a Region revealed by Exchange Program is labelled training; one revealed by
    Curling's effect, sport reveal; only the first Region belongs to the draft."""
    game = training_scene()
    game.apply(Play(give(game, 0, "Exchange Program")))
    game.step()
    step_until(game, lambda g: g.tasks[0].kind == "sport")
    game.apply(card_id(game, "Curling"))
    game.step()
    history = game.history()
    regions = history[history["outcome"].str.contains("is an active Region")]
    assert list(regions["phase"]) == ["draft", "training", "sport reveal"]


# -- ties ----------------------------------------------------------------------------------------------


def _endless_tie(rules: Rules) -> object:
    """A competition nobody can win: every Athlete leaves the table (into the box), so every
    team scores 0 for every Sport; the Sport deck is whole except the active Sumo."""
    game = training_scene(rules)
    s = game.state
    for st in list(s.stacks):
        for card in [st.top, *st.under.clear()]:
            s.box.add(card)
    s.stacks.clear()
    s.stacks_changed()
    set_sport(game, "Sumo")
    game._picks = {0: (), 1: ()}
    game.tasks.clear()
    game._auto_score(None)  # the first tie: a replacement is queued
    return game


@pytest.mark.parametrize(
    ("rules", "replacements"),
    [
        (Rules(), 23),
        (Rules(cap_tie_replacements=True), 10),
        (Rules(cap_tie_replacements=True, max_tie_replacements=3), 3),
        (Rules(tie_reshuffle_sports=True), 23 + 23),
    ],
)
def test_ties_are_replaced_until_the_sport_deck_runs_out(rules: Rules, replacements: int) -> None:
    """FAQ: a tie replaces the Sport again and again until nobody is tied; the game still ends.
    Ruling: when the Sport deck is empty the tied players share (23 Sports were left after Sumo),
    unless tie_reshuffle_sports shuffles the 23 used ones back once; cap_tie_replacements is
    the variant that stops after max_tie_replacements (10 by default)."""
    game = _endless_tie(rules)
    game.play()
    assert game.tie_total == replacements
    assert game.result().winners == (0, 1)
    told = " ".join(e.text for e in game.events())
    assert "the tie stands" in told
    assert ("while players are tied" in told) == rules.tie_reshuffle_sports
    assert_conserved(game)


# -- refusals -------------------------------------------------------------------------------------------


def test_malformed_plays_are_refused_and_nothing_changes() -> None:
    """Robustness (R15): a Play whose card or target is not text is refused with a sentence
    saying what is allowed, never a TypeError; the state stays exactly as it was."""
    game = training_scene(seed=5)
    ova, party, heat = (give(game, 0, n) for n in ("Non-Canon OVA", "Birthday Party", "Heatwave"))
    before = (game.state_frame(), game.zones_frame(), game.step_count, list(game.state.hands[0]))
    bad = [
        (Play(ova, None), "target must be text"),
        (Play(ova, 5), "target must be text"),
        (Play(party, None), "target must be text"),
        (Play(heat, 0), "target must be text"),
        (Play(["E01"], "#1"), "by its id, as text"),
        (Play({"E01": 1}, "#1"), "by its id, as text"),
    ]
    for action, words in bad:
        with pytest.raises(IllegalAction, match=words):
            game.apply(action)
    after = (game.state_frame(), game.zones_frame(), game.step_count, list(game.state.hands[0]))
    assert after[0].equals(before[0]) and after[1].equals(before[1]) and after[2:] == before[2:]


def test_refusals_name_the_phase_in_words() -> None:
    """A Keep in training and a Play while competing are refused naming the phase ("this is
    the competing phase"), never a raw task name or the draft hand during training."""
    game = training_scene()
    with pytest.raises(IllegalAction, match="this is the training phase") as keep:
        game.apply(Keep(game.state.athlete_deck.kinds()[0]))
    step_until(game, lambda g: g.tasks[0].kind == "pick")
    with pytest.raises(IllegalAction, match="this is the competing phase") as play:
        game.apply(Play(card_id(game, "Team Dinner"), "#1"))
    for said in (str(keep.value), str(play.value)):
        assert "time to" not in said and "draft hand" not in said


# -- the rulings, each in both settings ------------------------------------------------------------------


@pytest.mark.parametrize("timing", ["turn start", "during turn"])
def test_mulligan_timing(timing: str) -> None:
    """House rule Mulligan, once per game; when is ours (Rules.mulligan_timing): at the start of
    the turn only, or also between plays, after which the turn goes on from the same play."""
    game = training_scene(Rules(mulligan=True, mulligan_timing=timing))
    assert Mulligan() in game.legal_actions()
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Play)))
    assert (Mulligan() in game.legal_actions()) == (timing == "during turn")
    if timing == "during turn":
        held = len(game.state.hands[0])
        game.apply(Mulligan())
        step_until(game, lambda g: g.current_actor() != CHANCE)
        assert held == 4 and at_turn(game, 0, 1) and len(game.state.hands[0]) == held
        assert Mulligan() not in game.legal_actions()


@pytest.mark.parametrize("allowed", [True, False])
def test_non_canon_ova_on_someones_dad_under_another_athlete(allowed: bool) -> None:
    """FAQ: a lower Athlete acts as an Episode card and Non-Canon OVA may discard it; so Someone's
    Dad under another Athlete may be discarded (Rules.ova_lower_dad; off: he never can)."""
    game = training_scene(Rules(ova_lower_dad=allowed))
    s = game.state
    dad = attach(game, "#1", "Someone's Dad")
    play = Play(give(game, 0, "Non-Canon OVA"), f"#1/{dad}")
    assert (play in game.legal_actions()) == allowed
    if allowed:
        game.apply(play)
        assert dad in s.episode_discard and not len(s.stack("#1").under)
    else:
        with pytest.raises(IllegalAction, match="ova_lower_dad is off"):
            game.apply(play)
        assert list(s.stack("#1").under) == [dad]
    assert_conserved(game)


@pytest.mark.parametrize("reshuffle", [True, False])
def test_tournament_sport_deck_runs_out(reshuffle: bool) -> None:
    """Tournament mode, rulebook silent (Rules.tournament_reshuffle_sports): when the Sport deck
    runs out, the unclaimed used Sports become a new deck, said in an event; off, the
    tournament ends and the most Sports claimed wins."""
    game = new_game(Rules(mode="tournament", tournament_reshuffle_sports=reshuffle), seed=3)
    step_until(game, lambda g: g.state.sport() is not None, greedy)
    s = game.state
    for card in s.sport_deck.clear():
        s.sport_used.add(card)
    used = len(s.sport_used)
    step_until(game, lambda g: g.winners_log, greedy)
    told = " ".join(e.text for e in game.events())
    assert ("ran out in the tournament" in told) == reshuffle
    assert game.is_over() != reshuffle
    if reshuffle:
        assert f"the {used} used Sports" in told and len(s.sport_deck) == used
    else:
        assert game.result().reason == "the tournament ran out of rounds or Sports"
    assert_conserved(game)


@pytest.mark.parametrize("starter", ["last winner", "first player"])
def test_graduation_later_seasons_start_with_the_last_winner(starter: str) -> None:
    """Training 2: the player who won a game most recently starts; in graduation mode each
    season is a game (Rules.graduation_starter; 'first player': Player first_player always)."""
    game = new_game(Rules(mode="graduation", graduation_starter=starter), seed=1, players=3)
    step_until(game, lambda g: g.season == 2 and at_turn(g))
    (winner,) = game.winners_log[0]
    assert winner != 0  # a seed where the first player did not win season 1
    assert game.current_actor() == game.order()[0] == (winner if starter == "last winner" else 0)


@pytest.mark.parametrize("keep", [False, True])
def test_graduation_lock_cards(keep: bool) -> None:
    """Graduation mode carries the Athletes and their attached cards over; the rulebook is silent
    on locks (Rules.graduation_keep_locks): discarded, or kept active, when Exchange Program
    reveals a second Region for the new season too."""
    game = new_game(Rules(mode="graduation", graduation_keep_locks=keep), seed=6, players=2)
    step_until(game, lambda g: g.tasks and g.tasks[0].kind == "graduate", greedy)
    s = game.state
    for card in list(s.locks):
        s.locks.remove(card)
        s.episode_discard.add(card)
    locks = [give(game, 0, "Exchange Program"), give(game, 0, "Heatwave")]
    for card in locks:
        s.hands[0].remove(card)
        s.locks.add(card)
    for p in (0, 1):
        game.apply(Graduate(s.team(p)[0].id))
    step_until(game, lambda g: at_turn(g), greedy)
    assert game.season == 2
    assert (list(s.locks) == locks) == keep and (len(s.locks) == 0) != keep
    assert all(c in s.episode_discard for c in locks) != keep
    assert len(s.active_regions) == (2 if keep else 1)
    assert_conserved(game)


@pytest.mark.parametrize(("stack", "factor"), [(True, 4), (False, 2)])
def test_several_evil_clones(stack: bool, factor: int) -> None:
    """Evil Clone multiplies (FAQ); whether a second copy multiplies again is our ruling
    (Rules.evil_clones_stack): two clones make x2 x2 = x4, or just x2."""
    game = training_scene(Rules(evil_clones_stack=stack))
    set_regions(game, "Harbor Heights")
    s = game.state
    swap_top(game, "#1", "Xavier")  # Body 2 + Focus 1 = 3, away from home
    clone = card_id(game, "Evil Clone")
    assert s.score_of(s.stack("#1").top, [], ("body", "focus"), False) == 3
    assert s.score_of(s.stack("#1").top, [clone], ("body", "focus"), False) == 3 * 2
    assert s.score_of(s.stack("#1").top, [clone, clone], ("body", "focus"), False) == 3 * factor


@pytest.mark.parametrize("allowed", [True, False])
def test_birthday_party_on_an_empty_hand(allowed: bool) -> None:
    """Birthday Party takes a card from another player's hand; on an empty hand the rulebook is
    silent (Rules.birthday_party_empty_hand): the card is wasted, or that player cannot be named."""
    game = training_scene(Rules(birthday_party_empty_hand=allowed), players=3)
    s = game.state
    party = give(game, 0, "Birthday Party")
    for card in s.hands[1].clear():
        s.episode_discard.add(card)
    targets = {a.target for a in game.legal_actions() if isinstance(a, Play) and a.card == party}
    assert targets == ({"P2", "P3"} if allowed else {"P3"})
    if allowed:
        events = game.apply(Play(party, "P2"))
        assert "whose hand is empty" in events[0].text and at_turn(game, 0, 1)
    else:
        with pytest.raises(IllegalAction, match="cannot be played on 'P2'"):
            game.apply(Play(party, "P2"))
    assert_conserved(game)


@pytest.mark.parametrize("idle", [True, False])
def test_birthday_party_with_every_other_hand_empty_follows_idle_plays(idle: bool) -> None:
    """With birthday_party_empty_hand off and every other hand empty, nobody can be named: the card
    is then an idle play (Rules.idle_plays), played naming nobody, or not playable at all."""
    game = training_scene(Rules(idle_plays=idle, birthday_party_empty_hand=False), players=2, seed=3)
    s = game.state
    for card in s.hands[1].clear():
        s.episode_discard.add(card)
    party = give(game, 0, "Birthday Party")
    targets = {a.target for a in game.legal_actions() if isinstance(a, Play) and a.card == party}
    assert targets == ({""} if idle else set())
    if idle:
        events = game.apply(Play(party, ""))
        assert "there are no hands to take from" in events[0].text
    else:
        with pytest.raises(IllegalAction, match="would do nothing now, and idle plays are off"):
            game.apply(Play(party, ""))
    assert_conserved(game)


@pytest.mark.parametrize(("counts", "expected"), [(True, 2), (False, 1)])
def test_a_lower_athlete_counts_for_cheerleading_as_for_the_main_character(
    counts: bool, expected: int
) -> None:
    """FAQ: an Athlete under another acts as an Episode card (Rules.lower_athlete_counts): it counts
    as an attached card for a Sport won by the most attached cards exactly when it counts for the
    Main Character."""
    from playground.arc.state import Stack
    from playground.core.zones import Row

    game = new_game(seed=1, players=2, rules=Rules(lower_athlete_counts=counts))
    stack = Stack("#X", 0, "A02", Row("under", ["A03", "E01"]))
    cheerleading = next(s for s in game.data.sports.values() if s.effect == "most_cards_wins")
    assert game.state.contest_value(stack, cheerleading, []) == expected
    assert game.state.attached_count(list(stack.under)) == expected


@pytest.mark.parametrize("keeps", [True, False])
def test_what_a_transformation_does_with_the_old_athletes_cards(keeps: bool) -> None:
    """Magical Girl Transformation: the old Athlete goes under the new one as an Episode card; by
    our ruling its attached cards stay too (Rules.transformation_keeps_attached; off: discarded)."""
    game = training_scene(Rules(transformation_keeps_attached=keeps))
    s = game.state
    old = s.stack("#1").top
    clone = attach(game, "#1", "Evil Clone")
    game.apply(Play(give(game, 0, "Magical Girl Transformation"), "#1"))
    game.apply(game.chance_outcomes()[0][0])
    under = list(s.stack("#1").under)
    assert old in under and (clone in under) is keeps
    assert (clone in s.episode_discard) is not keeps
    assert_conserved(game)


@pytest.mark.parametrize(("counts", "expected"), [(True, 2), (False, 1)])
def test_the_state_table_shows_the_count_that_decides_cheerleading(counts: bool, expected: int) -> None:
    """The table's score for a Sport won by the most attached cards is the deciding count, lower
    Athletes counted or not as Rules.lower_athlete_counts says (not every card under the top)."""
    game = new_game(rules=Rules(lower_athlete_counts=counts), seed=0)
    while game.tasks[0].kind != "turn":
        game.step()
    s = game.state
    stack = s.stacks[0]
    stack.under.clear()
    stack.under.add("A02")
    stack.under.add("E01")
    s.stacks_changed()
    s.active_sport.add(next(k for k, sport in game.data.sports.items() if sport.effect == "most_cards_wins"))
    assert game.team_score(stack.owner, [stack.id]) == expected
    assert game.state_frame().loc[stack.id, "score now"] == expected


@pytest.mark.parametrize("lasts", ["the season", "the Sport"])
def test_a_region_a_sport_reveals_lasts_as_the_rules_say(lasts: str) -> None:
    """Curling and Ski Jump reveal another Region; by our ruling it stays for the season
    (Rules.sport_region_lasts), or it leaves with the Sport that revealed it."""
    game = new_game(rules=Rules(mode="tournament", sport_region_lasts=lasts), seed=7, players=3)
    changes = 0
    while game.result() is None:
        sport, season, revealed = list(game.state.active_sport), game.season, list(game.sport_regions)
        game.step()
        if revealed and sport and list(game.state.active_sport) != sport and game.season == season:
            changes += 1
            still = [r for r in revealed if r in game.state.active_regions]
            assert still == (revealed if lasts == "the season" else [])
            assert all(r in game.state.region_deck for r in revealed) == (lasts == "the Sport")
    assert changes > 0  # the seed has a Sport with an extra Region followed by another Sport


@pytest.mark.parametrize("idle", [True, False])
def test_a_card_with_nothing_to_do_is_played_idle_only_when_the_rules_allow(idle: bool) -> None:
    """Non-Canon OVA with nothing attached anywhere, Growth Spurt with no Athlete left to draw:
    offered as a play that does nothing by our ruling (Rules.idle_plays), refused when it is off."""
    game = training_scene(Rules(idle_plays=idle, reshuffle_discards=False))
    s = game.state
    for st in s.stacks:
        for card in st.under.clear():
            s.episode_discard.add(card)
    s.stacks_changed()
    ova, spurt = give(game, 0, "Non-Canon OVA"), give(game, 0, "Growth Spurt")
    for card in s.athlete_deck.clear():
        s.athlete_discard.add(card)
    offered = {a.card for a in game.legal_actions() if isinstance(a, Play)}
    assert (ova in offered, spurt in offered) == (idle, idle)
    if not idle:
        with pytest.raises(IllegalAction, match=r"would do nothing now, and idle plays are off"):
            game.apply(Play(ova, ""))


def test_teams_are_picked_at_the_same_moment_and_shown_at_the_score() -> None:
    """Competing: everyone sends out a team together. The history keeps each pick face down (how
    many Athletes only) until the score, where the teams are shown by name."""
    game = new_game(seed=1, players=3).play()
    history = game.history()
    picks = history[history["action"].str.startswith("send out")]
    assert len(picks) and picks["action"].str.endswith("Athlete(s) face down").all()
    assert history["outcome"].str.contains(r"the teams are shown \(Player 1: ").any()


@pytest.mark.parametrize(
    ("stack", "region"), [("last attached", "Frost Territory"), ("first attached", "Central Stadium")]
)
def test_two_moving_to_cards_follow_the_ruling(stack: str, region: str) -> None:
    """The rulebook is silent on two Moving to... cards: the last attached wins by our ruling
    (Rules.moves_stack), or the first."""
    game = training_scene(Rules(moves_stack=stack))
    s = game.state
    top = s.stack("#1")
    attach(game, "#1", "Moving to Central Stadium")
    attach(game, "#1", "Moving to Frost Territory")
    assert s.data.regions[s.region_of(top.top, list(top.under))].name == region


def test_tournament_mode_accepts_training_settings_it_does_not_use() -> None:
    """Tournament mode has no training rounds of its own: the pair is checked only where used."""
    assert Rules(mode="tournament", training_rounds=1).training_rounds == 1
    from playground.core.rules import RulesError

    with pytest.raises(RulesError, match="cannot be more than 'training_rounds'"):
        Rules(mode="season", training_rounds=1)


@pytest.mark.parametrize(("mode", "reshuffled"), [("graduation", True), ("season", False)])
def test_a_tie_that_empties_the_sport_deck_reshuffles_in_graduation_mode(mode: str, reshuffled: bool) -> None:
    """Graduation mode: a card type that runs out is reshuffled from its discards, Sports too,
    even in the middle of a tie; in a season, by our ruling (tie_reshuffle_sports off), it is not."""
    game = new_game(Rules(mode=mode), seed=1, players=2)
    s = game.state
    for zone in (s.sport_top, s.sport_deck):
        for card in list(zone):
            zone.move(card, s.sport_used)
    assert game._tie_can_be_replaced([]) == reshuffled
    assert (len(s.sport_deck) > 0) == reshuffled


@pytest.mark.parametrize(("counts", "wins"), [(True, [1, 1, 0]), (False, [0, 0, 0])])
def test_a_shared_graduation_season(counts: bool, wins: list[int]) -> None:
    """Graduation mode: a season whose tie stands counts for every tied player, by our ruling
    (Rules.shared_season_counts; off: for nobody)."""
    game = new_game(Rules(mode="graduation", shared_season_counts=counts), seed=1, players=3)
    events = game._after_graduation((0, 1))
    assert game.season_wins == wins
    assert ("tied, counted for nobody" in events[-1].text) == (not counts)


def test_the_picks_stay_face_down_until_the_teams_are_shown() -> None:
    """Competing: everyone sends out their team at the same moment, so a later picker's player
    function cannot read an earlier pick (game.picks is empty until the score), nor change one."""
    game = step_until(new_game(seed=3, players=3), lambda g: bool(g.tasks) and g.tasks[0].kind == "pick")
    seen: list[dict] = []

    def peeking(g: object) -> object:
        seen.append(g.picks)  # type: ignore[attr-defined]
        return g.legal_actions()[0]  # type: ignore[attr-defined]

    while game.tasks and game.tasks[0].kind == "pick":
        game.step(peeking)
    assert seen == [{}, {}, {}]
    assert sorted(game.picks) == [0, 1, 2]  # shown at the score

    game = step_until(new_game(seed=3, players=3), lambda g: bool(g.tasks) and g.tasks[0].kind == "pick")
    game.step(lambda g: g.legal_actions()[0])

    def vandal(g: object) -> object:
        g._picks[0] = ()  # type: ignore[attr-defined]
        return g.legal_actions()[0]  # type: ignore[attr-defined]

    with pytest.raises(IllegalAction, match="another of the game's fields"):
        game.step(vandal)


def test_a_card_taken_by_a_chosen_birthday_party_is_not_named_in_the_history() -> None:
    """Birthday Party takes a card into a private hand: looked at and chosen (Rules.
    birthday_party_random off) as when drawn at random, the history does not name it."""
    game = training_scene(Rules(birthday_party_random=False), players=2, seed=12)
    party = give(game, 0, "Birthday Party")
    game.apply(Play(party, "P2"))
    game.step()
    assert game.history()["action"].iloc[-1] == "take a card from the hand looked at"


@pytest.mark.parametrize("keep", [True, False])
def test_graduation_keep_hands_covers_the_competitive_pool(keep: bool) -> None:
    """Competitive ruleset in graduation mode: the public pool carries over like a hand, or is
    discarded for a new one (Rules.graduation_keep_hands)."""
    rules = Rules(mode="graduation", ruleset="competitive", graduation_keep_hands=keep)
    game = step_until(new_game(rules, seed=3, players=3), lambda g: g.season == 2)
    assert len(game.state.pool) == (rules.pool_size if keep else 0)  # before season 2's refill
    assert_conserved(game)


def test_a_play_while_a_discard_down_is_pending_is_refused_with_the_step_named() -> None:
    """A hand above the hand size at the end of a turn is discarded down first: a play then is
    refused with that step named (not 'this is the training phase')."""
    game = training_scene(players=2)
    extra = [give(game, 0, "Birthday Party") for _ in range(3)]
    while not (game.tasks and game.tasks[0].kind == "discard_down"):
        game.step(lambda g: next(a for a in g.legal_actions() if not isinstance(a, Mulligan)))
    with pytest.raises(IllegalAction, match="must first discard down to the hand size"):
        game.apply(Play(extra[0], "P2"))


def test_the_table_picture_names_the_rules_bonuses() -> None:
    """The HOME and MC badges on a card say the multipliers the rules set, not a fixed ×2."""
    game = new_game(Rules(homefield_multiplier=3, main_character_multiplier=4), seed=1, players=4).play()
    cards = game.state.athlete_cards()
    html = table_html(*game_scene(game))
    assert any(c["homefield"] for c in cards) and "HOME ×3" in html and "HOME ×2" not in html
    if any(c["main_character"] for c in cards):
        assert "MC ×4" in html and "MC ×2" not in html
