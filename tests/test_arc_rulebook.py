"""Tournament Arc, rule by rule: the rulebook checklist a newcomer reads.

One scene per rule, in the rulebook's order: set-up, drafting, training, the Main Character,
competing, the card kinds, the FAQ's named cards, the competitive ruleset, tournament and
graduation modes, house rules. Each docstring names the rule; where the rulebook is silent it
names the Rules field that holds our ruling.
"""

from __future__ import annotations

from fractions import Fraction

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

from playground.arc import Rules, new_game
from playground.arc.actions import Discard, Graduate, Keep, Mulligan, Pick, Play
from playground.arc.policies import greedy
from playground.core.engine import CHANCE

# -- set-up and drafting ---------------------------------------------------------------------------


def test_setup_four_shuffled_decks() -> None:
    """Set-up: one face-down deck per card type (6 Regions, 40 Athletes, 80 Episodes, 24 Sports)."""
    s = new_game(seed=1).state
    assert (len(s.region_deck), len(s.athlete_deck), len(s.episode_deck), len(s.sport_deck)) == (
        6,
        40,
        80,
        24,
    )


def test_drafting_reveals_one_active_region_first() -> None:
    """Drafting 1: the top Region card is turned face up; each Region had the chance 1/6."""
    game = new_game(seed=1)
    assert game.current_actor() == CHANCE and game.tasks[0].kind == "region"
    assert all(p == Fraction(1, 6) for _, p in game.chance_outcomes())
    game.step()
    assert len(game.state.active_regions) == 1


def test_draft_keep_one_pass_the_rest_clockwise_until_three_each() -> None:
    """Drafting 2-6: draw 3 Athletes, keep 1 face down, pass the rest clockwise, repeat until
    everyone has 3 face down and an empty hand; then everyone reveals."""
    game = new_game(seed=4, players=3)
    step_until(game, lambda g: g.tasks[0].kind == "keep")
    s = game.state
    assert [len(h) for h in s.draft_hands] == [3, 3, 3]
    before = [set(h) for h in s.draft_hands]
    for p in range(3):
        game.apply(Keep(s.draft_hands[p].kinds()[0]))
    assert not s.revealed
    assert (
        set(s.draft_hands[1]) <= before[0] and len(s.draft_hands[1]) == 2
    )  # Player 1's rest went to Player 2
    step_until(game, lambda g: g.state.revealed)
    assert [len(s.team(p)) for p in range(3)] == [3, 3, 3] and not any(len(h) for h in s.draft_hands)


# -- training -----------------------------------------------------------------------------------------


def test_training_starts_with_five_episodes_each() -> None:
    """Training 1: everyone draws 5 Episode cards."""
    game = training_scene(players=3)
    assert [len(h) for h in game.state.hands] == [5, 5, 5]


def test_turns_go_clockwise_from_the_first_player() -> None:
    """Training 2: turns go clockwise from the starting player (ruling: Rules.first_player)."""
    game = new_game(Rules(first_player=2), seed=3, players=3)
    step_until(game, lambda g: at_turn(g))
    assert game.current_actor() == 1 and game.order() == [1, 2, 0]


def test_a_turn_is_two_episodes_on_any_athlete_then_back_to_five() -> None:
    """Training 2: you must play 2 Episodes, each on any Athlete on the table (an opponent's
    too); at the end of the turn, draw back up to 5."""
    game = training_scene(seed=2)
    plays = [a for a in game.legal_actions() if isinstance(a, Play) and a.target.startswith("#")]
    owners = {game.state.stack(a.target).owner for a in plays}
    assert owners == {0, 1}
    game.apply(plays[0])
    assert at_turn(game, 0, 1)
    game.step(greedy)
    assert game.current_actor() == CHANCE and len(game.state.hands[0]) == 3
    step_until(game, lambda g: g.current_actor() != CHANCE)
    assert len(game.state.hands[0]) == 5 and game.current_actor() == 1


def test_discard_down_to_five_at_the_end_of_the_turn() -> None:
    """Training 2: with more than 5 cards at the end of the turn, discard back down to 5."""
    game = training_scene(seed=2)
    for name in ("Team Dinner", "Lucky Charm", "Study Week"):
        give(game, 0, name)
    game.step(greedy)
    game.step(greedy)
    assert game.tasks[0].kind == "discard_down" and len(game.state.hands[0]) == 6
    game.apply(Discard(game.state.hands[0].kinds()[0]))
    assert len(game.state.hands[0]) == 5 and game.current_actor() == 1


def test_no_draw_mid_turn_after_birthday_party() -> None:
    """FAQ: a hand cut below 5 by Birthday Party is only refilled at the end of its owner's turn."""
    game = training_scene(seed=5)
    party = give(game, 0, "Birthday Party")
    game.apply(Play(party, "P2"))
    assert game.current_actor() == CHANCE and game.tasks[0].kind == "steal"
    assert all(p == Fraction(game.state.hands[1].count(c), 5) for c, p in game.chance_outcomes())
    game.step()
    assert len(game.state.hands[1]) == 4
    step_until(game, lambda g: at_turn(g, 1))
    assert len(game.state.hands[1]) == 4


def test_the_sport_is_revealed_after_everyone_has_gone_twice() -> None:
    """Training 3-4: after two turns each the Sport is revealed; 4 turns each in all."""
    game = new_game(seed=8, players=3)
    turns: list[tuple[int, object]] = []
    while not game.is_over():
        if at_turn(game):
            turns.append((game.current_actor(), game.state.sport()))
        game.step()
    assert len(turns) == 12
    assert all(sport is None for _, sport in turns[:6]) and all(sport is not None for _, sport in turns[6:])
    assert [p for p, _ in turns] == [0, 1, 2] * 4


def test_a_revealed_sports_effect_happens_at_once() -> None:
    """Training 3: if the revealed Sport has an effect, it happens immediately (here: another
    Region becomes active)."""
    game = new_game(seed=8, players=2)
    step_until(game, lambda g: g.tasks[0].kind == "sport")
    curling = card_id(game, "Curling")
    game.apply(curling)
    assert game.tasks[0].kind == "region"
    game.step()
    assert len(game.state.active_regions) == 2


def test_first_game_sport_order() -> None:
    """Training tip: for a first game Relay Race, Baseball and Golf go on top of the Sport deck,
    so the first Sport is Relay Race for certain (Rules.first_game_sports)."""
    game = new_game(Rules(first_game_sports=True), seed=8)
    step_until(game, lambda g: g.tasks[0].kind == "sport")
    assert game.chance_outcomes() == [(card_id(game, "Relay Race"), Fraction(1))]


def test_main_character_single_most_attached_else_nobody() -> None:
    """Main Character bonus: the single Athlete with the most attached cards holds the token;
    with a tie nobody does (FAQ: Ensemble Cast; Rules.main_character_on_tie)."""
    game = training_scene()
    s = game.state
    attach(game, "#1", "Lucky Charm")
    attach(game, "#1", "Lucky Charm")
    attach(game, "#2", "Lucky Charm")
    assert [st.id for st in s.main_character_stacks()] == ["#1"]
    attach(game, "#2", "Study Week")
    assert s.main_character_stacks() == []
    assert_conserved(game)
    tied = training_scene(Rules(main_character_on_tie="all tied"))
    attach(tied, "#1", "Lucky Charm")
    attach(tied, "#2", "Lucky Charm")
    assert [st.id for st in tied.state.main_character_stacks()] == ["#1", "#2"]


# -- competing ---------------------------------------------------------------------------------------


def _compete_scene(rules: Rules | None = None) -> object:
    game = training_scene(rules)
    set_regions(game, "Harbor Heights")
    return game


def test_xavier_scores_twelve() -> None:
    """Competing example: Xavier's Teamwork 1+3-2, Body 2+2-1, Underdog 0+1 make 6; at home x2: 12."""
    game = _compete_scene()
    swap_top(game, "#1", "Xavier")
    attach(game, "#1", "Team Dinner")
    attach(game, "#1", "Rough Week")
    attach(game, "#2", "Lucky Charm")  # keeps Xavier from being the single Main Character
    attach(game, "#2", "Lucky Charm")
    set_regions(game, "Turnip County")
    set_sport(game, "Obstacle Course")
    assert game.team_score(0, ("#1",)) == 12


def test_the_team_is_the_sports_size_or_everyone_or_nobody() -> None:
    """Competing 1 and FAQ: send out as many Athletes as the Sport says; with fewer, the whole
    team; with none, the score is 0."""
    game = _compete_scene()
    set_sport(game, "Relay Race")
    game.tasks.appendleft(game.tasks[0]._replace(kind="pick"))
    assert [a.stacks for a in game.legal_actions()] == [tuple(st.id for st in game.state.team(0))]
    set_sport(game, "Sumo")
    assert len(game.legal_actions()) == 3 and all(len(a.stacks) == 1 for a in game.legal_actions())
    game.state.stacks = [st for st in game.state.stacks if st.owner != 0]
    assert game.legal_actions() == [Pick(())] and game.team_score(0, ()) == 0


def test_homefield_doubles_every_athlete_of_any_active_region() -> None:
    """Homefield Advantage: each Athlete matching any active Region scores x2."""
    game = _compete_scene()
    s = game.state
    swap_top(game, "#1", "Xavier")  # from Turnip County, Focus 1
    assert s.score_of(s.stack("#1").top, [], ("focus",), False) == 1
    set_regions(game, "Harbor Heights", "Turnip County")
    assert s.score_of(s.stack("#1").top, [], ("focus",), False) == 2


def test_bonuses_stack_and_negatives_are_multiplied() -> None:
    """FAQ: bonuses stack (Main Character and Homefield: x4) and negative totals are multiplied
    too (Rules.bonuses_stack, Rules.multiply_negatives)."""
    game = _compete_scene()
    s = game.state
    swap_top(game, "#1", "Xavier")
    set_regions(game, "Turnip County")
    assert s.score_of(s.stack("#1").top, [], ("body",), True) == 2 * 4
    sprained = card_id(game, "Sprained Ankle")  # Body -2, Speed -2: Xavier's speed 2 - 2 - 2 = -2
    assert s.score_of(s.stack("#1").top, [sprained, sprained], ("speed",), True) == -2 * 4
    s.rules = Rules(multiply_negatives=False)
    assert s.score_of(s.stack("#1").top, [sprained, sprained], ("speed",), True) == -2
    s.rules = Rules(bonuses_stack=False)
    assert s.score_of(s.stack("#1").top, [], ("body",), True) == 2 * 2


def test_highest_team_score_wins() -> None:
    """Competing 4-5: add the competing Athletes' scores; the highest team score wins."""
    game = new_game(seed=1, players=4).play(greedy)
    result = game.result()
    best = max(result.scores.values())
    assert all(result.scores[w] == best for w in result.winners)
    sport = game.state.sport()
    assert sport.effect == "none"


def test_golf_lowest_score_wins() -> None:
    """An alternative win condition on a Sport card: in Golf the lowest team score wins."""
    game = _compete_scene()
    set_sport(game, "Golf")
    game.team_scores = {}
    game._picks = {0: ("#1",), 1: ("#2",)}
    scores = {p: game.team_score(p, game._picks[p]) for p in (0, 1)}
    if scores[0] == scores[1]:
        attach(game, "#2", "Secret Technique")
        scores = {p: game.team_score(p, game._picks[p]) for p in (0, 1)}
    game.tasks.clear()
    game._auto_score(None)
    assert game.result().winners == (min(scores, key=scores.get),)


def test_a_tie_brings_the_next_sport_and_everyone_picks_again() -> None:
    """FAQ, ties: the Sport is replaced by the next card of the Sport deck and every player picks
    again (the variant Rules.cap_tie_replacements with max_tie_replacements=0 shares at once)."""
    game = _compete_scene()
    s = game.state
    set_sport(game, "Sumo")
    game._picks = {0: (), 1: ()}
    game.tasks.clear()
    events = game._auto_score(None)
    assert "a tie" in str(events[-1])
    assert [t.kind for t in game.tasks] == ["sport", "compete"]
    game.step()
    assert card_id(game, "Sumo") in s.sport_used and s.sport() is not None and s.sport().name != "Sumo"
    assert game.tasks[0].kind in ("pick", "region")
    shared = _compete_scene(Rules(cap_tie_replacements=True, max_tie_replacements=0))
    set_sport(shared, "Sumo")
    shared._picks = {0: (), 1: ()}
    shared.tasks.clear()
    shared._auto_score(None)
    assert shared.result().winners == (0, 1)


# -- card kinds and the FAQ's cards ------------------------------------------------------------------------


def test_attach_discard_and_lock_cards_end_up_where_their_icon_says() -> None:
    """Card anatomy: a star card stays on its Athlete, a trash-bin card is discarded after use,
    a lock card stays face up and active; FAQ: several locks can be active at once."""
    game = training_scene()
    s = game.state
    dinner, ova = give(game, 0, "Team Dinner"), give(game, 0, "Non-Canon OVA")
    game.apply(Play(dinner, "#2"))
    game.apply(Play(ova, f"#2/{dinner}"))
    assert dinner in s.episode_discard and ova in s.episode_discard and not len(s.stack("#2").under)
    step_until(game, lambda g: at_turn(g, 0))
    heat, crowd = give(game, 0, "Heatwave"), give(game, 0, "Cheering Crowd")
    game.apply(Play(heat))
    game.apply(Play(crowd))
    assert list(s.locks) == [heat, crowd]
    assert_conserved(game)


def test_no_limit_to_attached_cards() -> None:
    """FAQ: there is no maximum number of Episodes on one Athlete."""
    game = training_scene()
    names = ["Training Montage", "Team Dinner", "Lucky Charm", "Study Week", "Rough Week", "Sprint Drills"]
    for name in names * 2:
        attach(game, "#1", name)
    assert len(game.state.stack("#1").under) == 12
    assert all(
        Play(c, "#1") in game.legal_actions()
        for c in game.state.hands[0]
        if game.data.episodes[c].kind == "attach"
    )


def test_moving_to_changes_the_athletes_region_not_the_active_one() -> None:
    """FAQ: "Moving to..." is attached and changes that Athlete's Region, not the active Region."""
    game = training_scene()
    s = game.state
    set_regions(game, "Frost Territory")
    move = give(game, 0, "Moving to Frost Territory")
    game.apply(Play(move, "#1"))
    assert list(s.active_regions) == [card_id(game, "Frost Territory")]
    assert s.region_of(s.stack("#1").top, list(s.stack("#1").under)) == "frost"
    assert s.athletes_frame().loc["#1", "homefield"]


def test_non_canon_ova_discards_a_lower_athlete_too() -> None:
    """FAQ: an Athlete under another acts as an Episode, so Non-Canon OVA can discard it."""
    game = training_scene()
    s = game.state
    lower = attach(game, "#1", "Nico")
    ova = give(game, 0, "Non-Canon OVA")
    game.apply(Play(ova, f"#1/{lower}"))
    assert lower in s.athlete_discard and not len(s.stack("#1").under)


@pytest.mark.parametrize("name", ["Growth Spurt", "Magical Girl Transformation"])
def test_an_athlete_beneath_acts_as_an_episode(name: str) -> None:
    """FAQ: after Growth Spurt (drawn Athlete goes under) or Magical Girl Transformation (drawn
    Athlete goes on top), the lower Athlete's base stats add to the one on top."""
    game = training_scene()
    s = game.state
    before_top = s.stack("#1").top
    card = give(game, 0, name)
    game.apply(Play(card, "#1"))
    assert game.current_actor() == CHANCE and game.tasks[0].kind == "athlete"
    drawn = game.chance_outcomes()[0][0]
    game.apply(drawn)
    st = s.stack("#1")
    top, lower = (before_top, drawn) if name == "Growth Spurt" else (drawn, before_top)
    assert st.top == top and list(st.under) == [lower]
    body = s.base_of(top)["body"] + s.base_of(lower)["body"]
    assert s.athletes_frame().loc["#1", "body"] == body
    assert_conserved(game)


def test_evil_clone_multiplies() -> None:
    """FAQ: Evil Clone is a multiplier (ruling: x2, Rules.evil_clone_multiplier)."""
    game = _compete_scene()
    s = game.state
    st = s.stack("#1")
    plain = s.score_of(st.top, [], ("body", "focus"), False)
    clone = card_id(game, "Evil Clone")
    assert s.score_of(st.top, [clone], ("body", "focus"), False) == 2 * plain
    s.rules = Rules(evil_clone_multiplier=3)
    assert s.score_of(st.top, [clone, clone], ("body", "focus"), False) == 9 * plain


def test_someones_dad_is_an_athlete_at_home_in_central_stadium() -> None:
    """FAQ: Someone's Dad joins a team as an Athlete and gets the Homefield bonus at Central Stadium."""
    game = training_scene()
    s = game.state
    set_regions(game, "Central Stadium")
    dad = give(game, 0, "Someone's Dad")
    game.apply(Play(dad))
    row = s.athletes_frame().iloc[-1]
    assert row["owner"] == "Player 1" and row["athlete"] == "Someone's Dad" and row["homefield"]
    set_sport(game, "Sumo")
    assert s.score_of(dad, [], ("body", "underdog"), False) == 2 * (2 + 3)


def test_the_episode_deck_reshuffles_its_discards_when_empty() -> None:
    """FAQ: when the Episode deck runs out, the discard pile is shuffled into a new deck."""
    game = training_scene()
    s = game.state
    for card in s.episode_deck.clear():
        s.episode_discard.add(card)
    game.step(greedy)
    game.step(greedy)
    assert game.current_actor() == CHANCE and len(s.episode_deck) > 0 and not len(s.episode_discard)
    assert_conserved(game)


# -- alternative rules and modes -------------------------------------------------------------------------


def test_competitive_ruleset_a_public_pool_of_ten() -> None:
    """Competitive ruleset: no hands; 10 Episodes face up in a public pool, 2 played from it each
    turn, refilled to 10 after each turn; the Sport is still revealed after two turns each."""
    game = training_scene(Rules(ruleset="competitive"))
    s = game.state
    assert len(s.pool) == 10 and not any(len(h) for h in s.hands)
    assert {a.card for a in game.legal_actions()} == set(s.pool)
    game.step(greedy)
    game.step(greedy)
    assert len(s.pool) == 8
    step_until(game, lambda g: g.current_actor() == 1)
    assert len(s.pool) == 10


def test_tournament_mode_a_sport_a_round_first_to_three() -> None:
    """Tournament mode: a Sport revealed at the start of each round, the round's winner claims it,
    the first to claim 3 Sports wins; Episodes stay on the table."""
    game = new_game(Rules(mode="tournament"), seed=3, players=2).play(greedy)
    s = game.state
    claimed = [len(z) for z in s.claimed]
    assert max(claimed) == 3 and game.result().winners == (claimed.index(3),)
    assert len(game.winners_log) >= 3


def test_graduation_mode_graduate_carry_over_redraft() -> None:
    """Graduation mode: after a season each player graduates 1 Athlete (with its cards, out of
    the game); the rest carry over with their cards; Regions are reshuffled; teams are filled back
    to 3 by drawing; first to win 2 seasons wins."""
    game = new_game(Rules(mode="graduation"), seed=6, players=2)
    step_until(game, lambda g: g.tasks and g.tasks[0].kind == "graduate", greedy)
    s = game.state
    st = s.team(0)[0]
    attach(game, st.id, "Lucky Charm")
    keep = s.team(0)[1]
    kept_under = list(keep.under)
    game.apply(Graduate(st.id))
    assert st.top in s.box and card_id(game, "Lucky Charm") in s.box
    step_until(game, lambda g: at_turn(g), greedy)
    assert game.season == 2 and len(s.active_regions) >= 1
    assert [len(s.team(p)) for p in (0, 1)] == [3, 3]
    assert list(s.stack(keep.id).under)[: len(kept_under)] == kept_under
    game.play(greedy)
    assert max(game.season_wins) == 2 and game.result().reason == "a player won enough seasons"
    assert_conserved(game)


def test_house_rule_mulligan_once_per_game() -> None:
    """House rules: Mulligan: discard and replace the whole hand, once per game (Rules.mulligan)."""
    game = training_scene(Rules(mulligan=True))
    assert Mulligan() in game.legal_actions()
    game.apply(Mulligan())
    assert len(game.state.hands[0]) == 0 and game.current_actor() == CHANCE
    step_until(game, lambda g: at_turn(g, 0))
    assert Mulligan() not in game.legal_actions()
    step_until(game, lambda g: at_turn(g, 0) and g.round == 2)
    assert Mulligan() not in game.legal_actions()


def test_house_rule_rotate_the_starting_player() -> None:
    """House rules: rotate the starting player each round (Rules.rotate_start)."""
    game = new_game(Rules(rotate_start=True), seed=2, players=3)
    firsts = []
    while not game.is_over():
        if at_turn(game) and not firsts[game.round - 1 :]:
            firsts.append(game.current_actor())
        game.step()
    assert firsts == [0, 1, 2, 0]


@pytest.mark.parametrize("players", [2, 6])
def test_two_to_six_players(players: int) -> None:
    """Components: 2-6 players."""
    assert new_game(seed=1, players=players).play().is_over()


def test_the_main_character_is_recorded_after_every_step() -> None:
    """Main Character bonus, "at any given moment": the history names the token's holder after
    every step, recomputed from the table as it was then."""
    game = new_game(seed=9, players=3).play(greedy)
    history = game.history()
    assert history["main character"].iloc[-1]  # someone holds the token at the end of this season
    for k in (30, 60, game.step_count):
        then = game.at(k)
        holders = ", ".join(then.data.name(st.top) for st in then.state.main_character_stacks())
        assert history.loc[k, "main character"] == (holders if then.state.revealed else "")


def test_competitive_sport_still_revealed_after_two_turns_each() -> None:
    """Competitive ruleset: the Sport is still revealed after everyone has had two turns."""
    game = new_game(Rules(ruleset="competitive"), seed=4, players=3)
    turns = 0
    while game.state.sport() is None:
        if at_turn(game):
            turns += 1
        game.step(greedy)
    assert turns == 6


def test_tournament_episodes_stay_between_rounds_and_claimed_sports_leave() -> None:
    """Tournament mode: active Episodes stay on the table from round to round; a claimed Sport
    goes to its winner and a new Sport is revealed for the next round."""
    game = new_game(Rules(mode="tournament"), seed=5, players=2)
    step_until(game, lambda g: g.winners_log, greedy)
    s = game.state
    attached = {st.id: list(st.under) for st in s.stacks}
    assert sum(len(z) for z in s.claimed) == 1 and not len(s.active_sport)
    step_until(game, lambda g: g.state.sport() is not None, greedy)
    assert all(list(s.stack(k).under)[: len(v)] == v for k, v in attached.items())


def test_team_score_scores_only_the_players_own_stacks_each_once() -> None:
    """team_score(player, stacks): another player's stack, a stack twice or an odd seat is refused."""
    game = _compete_scene()
    set_sport(game, "Obstacle Course")
    mine = [st.id for st in game.state.team(0)]
    theirs = [st.id for st in game.state.team(1)]
    assert game.team_score(0, mine[:1]) == game.team_score(0, tuple(mine[:1]))
    for player, stacks, words in [
        (0, theirs[:1], "is not one of Player 1's Athlete stacks"),
        (0, [mine[0], mine[0]], "names a stack twice"),
        (0, "#1", "stacks must be a list of stack ids"),
        (2, mine[:1], "player must be a whole number from 0 to 1"),
        (True, mine[:1], "player must be a whole number"),
    ]:
        with pytest.raises(ValueError, match=words):
            game.team_score(player, stacks)
