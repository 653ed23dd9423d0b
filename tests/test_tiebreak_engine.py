"""Tie-Break Triumph engine: the contract, conservation, illegal actions, and every ruling's variant.

The rulebook's own rules, scene by scene, are in test_tiebreak_rulebook.py.
"""

from __future__ import annotations

from collections import deque
from fractions import Fraction

import pytest
from contract import check_contract
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import random_rules
from tiebreak_scenes import (
    act_scene,
    apply_all,
    arrive,
    assert_conserved,
    defended_scene,
    let_card,
    place,
    set_schedule,
    set_tokens,
    snapshot,
)

from playground.core.engine import IllegalAction
from playground.core.rules import RulesError
from playground.core.zones import ZoneError
from playground.tiebreak import Card, Rules, new_game
from playground.tiebreak.actions import (
    Discard,
    EndTurn,
    Enter,
    Heal,
    Injure,
    Qualify,
    Risk,
    Roll,
    ServeWeek,
    Train,
    Travel,
)
from playground.tiebreak.engine import Task
from playground.tiebreak.policies import expected_value, greedy

# -- the contract, as for every game ---------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4, 6])
def test_engine_contract_on_random_games(players: int) -> None:
    report = check_contract(
        lambda seed: new_game(seed=seed, players=players),
        seeds=[players, players + 10][: 2 if players == 2 else 1],  # a long season is one game enough
        probes_per_node=1,
        replay_checks=4,
        lookalikes_per_node=6,  # a roll lists 72 outcomes: six a node, a different six each time
    )
    assert report.chance_nodes > 50 and report.player_nodes > 20
    assert report.lookalike_probes > 20 * report.player_nodes  # a float, a tuple, ... of each


@pytest.mark.parametrize("policy", [greedy, expected_value])
def test_every_game_ends_and_conserves_with_each_policy(policy) -> None:
    for seed in range(4):
        game = new_game(seed=seed, players=4)
        while not game.is_over():
            game.step(policy)
            assert_conserved(game)
        assert game.result().winners


def _owe_a_token(game) -> None:
    """A token moved from nowhere: the player is one short of zero and the bag one up, so the
    totals still match and only the negative count gives it away."""
    tokens = game.state.players[0].tokens
    game.state.bag["wildcard"] += tokens["wildcard"] + 1
    tokens["wildcard"] = -1


@pytest.mark.parametrize(
    ("break_it", "what"),
    [
        (lambda g: g.state.bag.update(["travel"]), "tokens"),
        (lambda g: g.state.players[1].tokens.update(["sponsor"]), "tokens"),
        (lambda g: g.state.players[0].schedule.pop(), "tournament cards"),
        (lambda g: g.state.players[1].discards.update([Card(250, "clay")]), "tournament cards"),
        (lambda g: g.state.let_unseen.update(["let_1"]), "Let cards"),
        (lambda g: g.state.let_piles[0].seen.append(next(iter(g.state.let_unseen))), "Let"),
        (_owe_a_token, "negative count"),
    ],
    ids=[
        "bag token made",
        "player token made",
        "card lost",
        "card made",
        "Let made",
        "Let moved",
        "token owed",
    ],
)
def test_check_conserved_catches_a_lost_or_made_token_or_card(break_it, what: str) -> None:
    """The census holds through a season, and breaks as soon as one thing is made or lost."""
    game = new_game(seed=6, players=3)
    for _ in range(150):
        game.step()
        game.check_conserved()
    break_it(game)
    with pytest.raises(ZoneError, match=what):
        game.check_conserved()


#: Bounds that keep random-rules games short enough for the suite (every other field ranges freely):
#: a tie-break with up to 5 tokens of a type lists thousands of Risk actions.
QUICK = {
    "max_risk_per_type": st.integers(1, 2),
    **{f"target_score_{n}p": st.integers(4, 80).map(lambda k: 250 * k) for n in range(2, 7)},
}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), rules=random_rules(Rules, **QUICK))
def test_random_games_with_random_rules_conserve_and_end(seed, players, rules) -> None:
    game = new_game(rules, seed=seed, players=players)
    while not game.is_over():
        game.step()
        assert_conserved(game)
    result = game.result()
    ranks = game.state.rankings()
    assert all(ranks[w] == max(ranks) for w in result.winners)
    assert ranks == [
        sum(game.board.spaces[i].points for i, (h, _) in game.state.titles.items() if h == p)
        for p in range(players)
    ]


def test_same_seed_same_history_and_different_seeds_differ() -> None:
    a = new_game(seed=11, players=3).play().history()
    b = new_game(seed=11, players=3).play().history()
    c = new_game(seed=12, players=3).play().history()
    assert a.equals(b)
    assert not a.equals(c)


def test_chance_steps_carry_exact_probabilities() -> None:
    game = new_game(seed=5)
    assert game.phase() == "draw_card"
    odds = dict(game.chance_outcomes())
    assert odds[Card(250, "hard")] == Fraction(4, 36) and sum(odds.values()) == 1
    while game.phase() != "roll":
        game.step()
    rolls = dict(game.chance_outcomes())
    assert len(rolls) == 36 * 2 and sum(rolls.values()) == 1  # the die: main road or branch
    assert game.chance_probability(Roll(3, 3, "main")) == Fraction(1, 72)
    assert game.chance_probability(Roll(3, 3, "choice")) is None  # a face of the 'every move' die
    assert game.chance_probability(Roll(7, 3, "main")) is None
    history = game.history()
    chance = history[history.actor == "chance"]
    product = Fraction(1)
    for p in chance.probability:
        product *= p
    assert history["path probability"].iloc[-1] == product == game.path_probability


# -- illegal actions: a clear sentence, nothing changed --------------------------------------------


def test_enter_without_a_matching_card_is_refused() -> None:
    game = act_scene()
    position = place(game, 0, "t2000_melbourne")
    set_schedule(game, 0, [Card(250, "hard"), Card(500, "clay"), Card(1000, "hard")])
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="worth 2000 points"):
        game.apply(Enter(position, "Melbourne 2000", Card(2000, "hard")))
    assert snapshot(game) == before


def test_challenge_without_a_wildcard_is_refused() -> None:
    game = act_scene()
    united = game.board.index["united"]
    game.state.titles[united] = (1, Card(1000, "hard"))
    set_schedule(game, 0, [Card(1000, "hard"), Card(250, "clay"), Card(500, "hard")])
    set_tokens(game, 0, {"training": 1})
    game.state.top_ranker = 1
    game.arrival_kind = "plain"
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="needs a Wildcard"):
        game.apply(Qualify(united, "United Cup", Card(1000, "hard"), "wildcard"))
    assert snapshot(game) == before
    set_tokens(game, 0, {"training": 1, "wildcard": 1})  # with a Wildcard the challenge is legal
    assert Qualify(united, "United Cup", Card(1000, "hard"), "wildcard") in game.legal_actions()


def test_travel_while_injured_is_refused() -> None:
    game = act_scene()
    me = game.state.players[0]
    set_tokens(game, 0, {"travel": 2})
    me.injured_weeks = 2
    me.position = game.board.injury
    game.tasks = deque([Task("injured", 0, 0)])
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="injured"):
        game.apply(Travel(game.board.start, "Start", "tokens"))
    assert snapshot(game) == before
    assert game.legal_actions() == [ServeWeek()]


def test_two_tokens_of_one_type_in_a_tie_break_are_refused() -> None:
    game = act_scene()
    position = place(game, 0, "t500_doha")
    set_schedule(game, 0, [Card(500, "hard"), Card(250, "clay"), Card(250, "hard")])
    set_tokens(game, 0, {"training": 2, "health": 1})
    game.apply(Enter(position, "Doha 500", Card(500, "hard")))
    assert game.phase() == "risk"
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="at most 1 token of each type"):
        game.apply(Risk(("training", "training")))
    assert snapshot(game) == before
    assert Risk(("training", "health")) in game.legal_actions()


def test_bad_rules_and_players_are_refused_with_the_field_named() -> None:
    with pytest.raises(RulesError, match=r"race_margin.*0.*from 1 to 10"):
        Rules(race_margin=0)
    with pytest.raises(RulesError, match="fork_main_faces, fork_branch_faces, fork_pick_faces are all 0"):
        Rules(fork_main_faces=0, fork_branch_faces=0)
    with pytest.raises(RulesError, match="'every move' the die needs at least one face"):
        Rules(
            direction_die="every move",
            direction_clockwise_faces=0,
            direction_counter_faces=0,
            direction_choice_faces=0,
        )
    Rules(direction_clockwise_faces=0, direction_counter_faces=0, direction_choice_faces=0)  # unused
    with pytest.raises(RulesError, match=r"target_score_2p.*in steps of 250"):
        Rules(target_score_2p=8001)
    with pytest.raises(ValueError, match="2 to 6 players"):
        new_game(players=7)


def test_chance_look_alikes_are_refused_and_change_nothing() -> None:
    """A float die, a Let card's id or a plain tuple for a card is not an outcome chance can show."""
    game = new_game(seed=4)
    assert game.phase() == "draw_card"
    before = snapshot(game)
    with pytest.raises(IllegalAction):
        game.apply((250, "hard"))  # the right numbers, but not a Card
    assert snapshot(game) == before
    while game.phase() != "roll":
        game.step()
    before = snapshot(game)
    for look_alike in (Roll(1.5, 2, "main"), Roll(True, 2, "main"), Roll(2, 2, "sideways")):
        with pytest.raises(IllegalAction):
            game.apply(look_alike)
        assert snapshot(game) == before
    place(game, 0, "let_1")
    game.tasks.appendleft(Task("let_draw", "chance", 0))
    before = snapshot(game)
    with pytest.raises(IllegalAction):
        game.apply("fan_mail")
    assert snapshot(game) == before
    game.tasks.popleft()
    game.tasks.appendleft(Task("vacant_roll", "chance", 0))
    for look_alike in (6.0, True, 7):
        with pytest.raises(IllegalAction):
            game.apply(look_alike)


def test_play_with_too_few_policies_says_so() -> None:
    with pytest.raises(ValueError, match=r"one policy for every player \(2\)"):
        new_game(seed=1).play([greedy])


# -- regressions, through the public API only -------------------------------------------------------


def _first_turn(rules: Rules, p0_cards: list[Card], p1_cards: list[Card], tokens: list[str]):
    """A 2-player game at player 0's first roll, with the schedules and tokens chance dealt."""
    game = new_game(rules, seed=0)
    apply_all(game, *p0_cards, *p1_cards, *tokens)
    assert game.phase() == "roll"
    return game


def test_a_title_won_with_a_mismatched_reserved_card_counts_the_spaces_points() -> None:
    """With training_needs_match=False a 2000 card can reserve a 250 space; won, it is worth 250."""
    rules = Rules(training_needs_match=False)
    cards = [Card(2000, "hard"), Card(500, "hard"), Card(500, "clay")]
    game = _first_turn(
        rules, cards, [Card(250, "clay"), Card(500, "hard"), Card(1000, "hard")], ["training"] * 2
    )
    game.apply(Roll(1, 3, "main"))  # Start -> Pune 250
    pune = game.board.index["t250_pune"]
    game.apply(Train(Card(2000, "hard"), pune, "Pune 250"))
    # the week's discard, then two cards refill the schedule (the reserved one left it too)
    apply_all(game, EndTurn(), Discard(Card(500, "clay")), Card(1000, "hard"), Card(250, "hard"))
    apply_all(game, "health", "travel", Roll(1, 3, "main"))  # player 1 also lands on Pune
    apply_all(game, Enter(pune, "Pune 250", Card(250, "clay")), Risk(()), Risk(()))
    assert game.state.contest.scores == [1, 0]  # the reserver's 2000 card does not match 250
    apply_all(game, 1, 6, 1, 2)  # 2-0, 2-6, 3-6, 3-8: the reserver wins
    assert game.state.titles[pune] == (0, Card(2000, "hard"))
    assert game.state.rankings() == [250, 0]


@pytest.mark.parametrize("let_id", ["rain_delay", "tailwind", "missed_flight", "fan_mail"])
def test_every_let_card_keeps_united_and_final_closed_for_the_week(let_id: str) -> None:
    """One rule for every Let effect: arriving on a Let space closes United/Final from afar."""
    cards = [Card(1000, "hard"), Card(2000, "indoor"), Card(500, "clay")]
    p1 = [Card(250, "clay"), Card(500, "hard"), Card(1000, "clay")]
    for block, remote in [
        ("whole week", False),
        ("until you move on", let_id in ("tailwind", "missed_flight")),
    ]:
        game = _first_turn(Rules(remote_block=block), cards, p1, ["health", "health"])
        game.apply(Roll(1, 1, "main"))  # Start -> Let (Auckland road)
        game.apply(let_card(game, let_id))
        while game.phase() == "draw_token":
            game.step()
        entries = {a.name for a in game.legal_actions() if isinstance(a, Enter)}
        assert ({"United Cup", "Season Final"} <= entries) is remote, (block, let_id, entries)


# -- each ruling's variant -------------------------------------------------------------------------


def test_variant_the_season_ends_when_the_first_schedule_cannot_refill() -> None:
    game = act_scene(rules=Rules(end_when="first cannot refill"))
    me = game.state.players[0]
    me.discards.update(me.deck)
    me.deck.clear()
    game.apply(EndTurn())
    game.apply(game.legal_actions()[0])  # discard a card: a week passes, no card to draw
    assert game.is_over() and "cannot refill" in game.result().reason


@pytest.mark.parametrize(
    ("end_when", "reason"),
    [("every card used", "every tournament card"), ("first cannot refill", "cannot refill")],
)
def test_a_deck_smaller_than_the_schedule_deals_what_it_has(tmp_path, end_when: str, reason: str) -> None:
    import shutil

    from playground.tiebreak.cards import DATA_DIR

    folder = tmp_path / "tiny"
    shutil.copytree(DATA_DIR, folder)
    (folder / "deck.csv").write_text(
        "id,points,surface,copies\na,250,hard,1\nb,500,hard,1\nc,1000,hard,1\nd,2000,hard,1\n"
    )
    game = new_game(Rules(schedule_size=6, end_when=end_when), data=folder, seed=1)
    assert [len(p.schedule) for p in game.state.players] == [0, 0]
    game.play()
    assert game.is_over() and reason in game.result().reason


def test_variant_the_direction_die_on_every_move() -> None:
    """The older reading: the die sets each move's direction; a choice face at a fork offers all ends."""
    game = new_game(Rules(direction_die="every move"), seed=6)
    while game.phase() != "roll":
        game.step()
    assert len(game.chance_outcomes()) == 36 * 3
    place(game, 0, "t500_rio")
    game.apply(Roll(1, 2, "choice"))
    assert game.phase() == "move"
    names = {game.board.spaces[a.to].id for a in game.legal_actions()}
    assert names == {"let_2", "b_let", "t250_pune"}
    game.apply(next(a for a in game.legal_actions() if game.board.spaces[a.to].id == "b_let"))
    assert game.state.players[0].position == game.board.index["b_let"] and game.phase() == "let_draw"


def test_variant_a_pick_face_lets_the_player_choose_the_road() -> None:
    game = new_game(Rules(fork_pick_faces=2), seed=6)
    while game.phase() != "roll":
        game.step()
    assert dict(game.chance_outcomes())[Roll(1, 2, "pick")] == Fraction(2, 36 * 8)
    place(game, 0, "t500_rio")
    game.apply(Roll(1, 2, "pick"))
    assert {game.board.spaces[a.to].id for a in game.legal_actions()} == {"let_2", "b_let"}


def test_variant_one_shared_let_pile() -> None:
    game = new_game(Rules(let_piles="one shared pile"), seed=1)
    assert [p.unseen for p in game.state.let_piles] == [20]
    game.tasks.clear()
    game.tasks.append(Task("act", 0, 0))
    arrive(game, 0, "let_2", by_dice=True)
    game.apply(let_card(game, "rain_delay"))
    assert list(game.state.let_piles[0].seen) == ["rain_delay"] and game.state.let_piles[0].unseen == 19
    assert_conserved(game)


def test_variant_own_reservation_not_playable_and_its_weeks_discard() -> None:
    for own, costs_week, can_enter, discard in [
        ("play as vacant", True, True, True),
        ("play as vacant", False, True, False),
        ("not allowed", True, False, True),
    ]:
        game = act_scene(rules=Rules(own_reservation=own, own_reservation_costs_week=costs_week))
        position = game.board.index["t500_rio"]
        set_schedule(game, 0, [Card(500, "clay"), Card(250, "clay"), Card(250, "hard")])
        set_tokens(game, 0, {"training": 2})
        game.apply(Train(Card(500, "clay"), position, "Rio 500"))
        arrive(game, 0, "t500_rio")
        enter = Enter(position, "Rio 500", Card(500, "clay"))
        assert (enter in game.legal_actions()) is can_enter
        if can_enter:
            apply_all(game, enter, Risk(()), 1)  # 1 + 1 = 2: lost
        game.apply(EndTurn())
        assert (game.phase() == "discard") is discard


def test_variant_the_reserver_gets_no_matching_card_point() -> None:
    for point, start in [(True, 1), (False, 0)]:
        game = act_scene(rules=Rules(reserver_card_point=point))
        position = game.board.index["t500_rio"]
        game.state.reservations[position] = (1, Card(500, "clay"))
        game.state.players[1].deck[Card(500, "clay")] -= 1
        set_tokens(game, 1, {})
        set_schedule(game, 0, [Card(500, "clay"), Card(250, "clay"), Card(250, "hard")])
        set_tokens(game, 0, {})
        arrive(game, 0, "t500_rio")
        apply_all(game, Enter(position, "Rio 500", Card(500, "clay")), Risk(()), Risk(()))
        assert game.state.contest.scores == [1, start]


def test_variant_an_injured_player_can_be_injured_again() -> None:
    game = act_scene(rules=Rules(injured_can_be_injured=True))
    rival = game.state.players[1]
    rival.injured_weeks, rival.position = 1, game.board.injury
    set_tokens(game, 0, {"health": 2})
    game.apply(Injure(1))
    assert rival.injured_weeks == 2


def test_variant_the_top_ranker_may_pay_for_the_wildcard_point() -> None:
    game, position = defended_scene({"sponsor": 2}, rules=Rules(top_ranker_pays_wildcard=True))
    game.state.top_ranker = 0
    arrive(game, 0, "t2000_new_york")
    assert {a.pay for a in game.legal_actions()} == {"top ranker", "sponsors"}
    apply_all(game, Qualify(position, "New York 2000", Card(2000, "hard"), "sponsors"), Risk(()))
    assert game.state.contest.scores == [3, 3]  # card + surface + the Wildcard's point


def test_variant_a_failed_qualification_leaves_the_week_open() -> None:
    game, _position = defended_scene({}, rules=Rules(failed_qualify_is_entry=False))
    set_schedule(game, 0, [Card(2000, "hard"), Card(1000, "hard"), Card(2000, "indoor")])
    arrive(game, 0, "t2000_new_york")
    game.apply(Discard(Card(2000, "hard")))  # the champion's pick
    names = {a.name for a in game.legal_actions() if isinstance(a, Enter)}
    assert names == {"United Cup", "Season Final"}


def test_variant_a_race_is_only_checked_after_a_roll() -> None:
    game, position = defended_scene(
        {"wildcard": 1, "training": 1, "sponsor": 1, "health": 1, "travel": 1},
        rules=Rules(race_first="champion", race_won_at_start=False),
    )
    arrive(game, 0, "t2000_new_york")
    game.apply(Qualify(position, "New York 2000", Card(2000, "hard"), "wildcard"))
    game.apply(Risk(("training", "sponsor", "health", "travel")))
    assert game.state.contest.scores == [7, 3]  # card, surface, Wildcard and 4 tokens: won on paper
    assert game.phase() == "race_roll" and game.chance_for() == 1  # yet the champion rolls first
    game.apply(5)  # 7-8: the champion leads by 1
    assert game.phase() == "race_roll" and game.chance_for() == 0


def test_variant_the_ace_survives_a_let_move() -> None:
    for keep, bonus in [(False, 1), (True, 2)]:
        game = new_game(Rules(ace_after_let_move=keep), seed=2)
        while game.phase() != "roll":
            game.step()
        set_schedule(game, 0, [Card(500, "hard"), Card(250, "clay"), Card(250, "hard")])
        set_tokens(game, 0, {})
        game.apply(Roll(1, 1, "main"))  # doubles onto Let (Auckland road)
        game.apply(let_card(game, "tailwind"))  # one more space: Doha 500
        doha = game.board.index["t500_doha"]
        apply_all(game, Enter(doha, "Doha 500", Card(500, "hard")), Risk(()))
        assert game.challenger_bonus(game.state.contest) == bonus


def test_no_health_attack_when_injuries_last_no_weeks() -> None:
    for weeks, offered in [(Rules().injury_weeks, True), (0, False)]:
        game = act_scene(rules=Rules(injury_weeks=weeks))
        set_tokens(game, 0, {"health": 2})
        assert any(isinstance(a, Injure) for a in game.legal_actions()) is offered, weeks


def test_a_champion_takes_nothing_from_a_player_with_no_tokens() -> None:
    game, _ = defended_scene({})
    arrive(game, 0, "t2000_new_york")
    game.apply(game.legal_actions()[0])  # the champion's card penalty
    assert game.phase() == "act"  # no "take nothing" step


def test_variant_an_injured_player_may_only_heal() -> None:
    def injured(rules: Rules):
        game = act_scene(rules=rules)
        me = game.state.players[0]
        me.injured_weeks, me.position = 2, game.board.injury
        game.tasks = deque([Task("injured", 0, 0)])
        set_tokens(game, 0, {"training": 2, "travel": 2, "health": 1})
        return game

    game = injured(Rules())
    actions = game.legal_actions()
    assert any(isinstance(a, Train) for a in actions) and not any(isinstance(a, Travel) for a in actions)
    game.apply(next(a for a in actions if isinstance(a, Train)))
    assert game.phase() == "injured" and len(game.state.reservations) == 1
    assert injured(Rules(injured_actions="heal only")).legal_actions() == [ServeWeek(), Heal()]


@pytest.mark.parametrize(("surface_match", "start"), [("space", 3), ("champion card", 2)])
def test_surface_bonus_compares_with_the_space_or_the_champions_card(surface_match: str, start: int) -> None:
    game, position = defended_scene(
        {"wildcard": 1}, rules=Rules(surface_match=surface_match)
    )  # hard card; New York is hard, the champion's card clay
    arrive(game, 0, "t2000_new_york")
    game.apply(Qualify(position, "New York 2000", Card(2000, "hard"), "wildcard"))
    game.apply(Risk(()))
    assert game.state.contest.scores == [start, 3]


def test_the_wildcard_slot_after_qualifying_follows_the_ruling() -> None:
    for slot, can_risk_second in [("used by qualifying", False), ("free", True)]:
        game, position = defended_scene({"wildcard": 2}, rules=Rules(wildcard_slot=slot))
        arrive(game, 0, "t2000_new_york")
        game.apply(Qualify(position, "New York 2000", Card(2000, "hard"), "wildcard"))
        assert (Risk(("wildcard",)) in game.legal_actions()) is can_risk_second


def test_united_and_final_from_afar_can_be_switched_off() -> None:
    game = act_scene(rules=Rules(remote_united_final=False))
    set_schedule(game, 0, [Card(1000, "hard"), Card(2000, "indoor"), Card(250, "hard")])
    arrive(game, 0, "plain_2")
    assert not any(isinstance(a, Enter) for a in game.legal_actions())


def test_greedy_heals_the_week_it_lands_on_injury() -> None:
    game = new_game(seed=2)
    while game.phase() != "roll":
        game.step()
    place(game, 0, "t1000_miami")
    set_tokens(game, 0, {"health": 1})
    game.apply(Roll(2, 3, "main"))
    assert game.phase() == "act" and greedy(game) == Heal()
