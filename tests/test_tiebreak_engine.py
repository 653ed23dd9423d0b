"""Tie-Break Triumph engine: the contract, conservation, the rules in hand-worked scenes."""

from __future__ import annotations

import copy
from collections import Counter, deque
from fractions import Fraction

import pytest
from contract import check_contract
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playground.core.engine import CHANCE, IllegalAction
from playground.core.rules import RulesError
from playground.tiebreak import Card, Rules, new_game
from playground.tiebreak.actions import (
    EndTurn,
    Enter,
    Heal,
    Injure,
    Qualify,
    Risk,
    Roll,
    ServeWeek,
    Take,
    Train,
    Travel,
)
from playground.tiebreak.engine import AUTO, Task
from playground.tiebreak.policies import expected_value, greedy

DECK_SIZE = 36


def snapshot(game) -> tuple:
    """Everything an illegal action must leave alone (the board itself never changes)."""
    s = game.state
    players = [
        (
            p.position,
            dict(p.tokens),
            list(p.schedule),
            dict(p.deck),
            dict(p.discards),
            [c.id for c in p.lets],
            p.injured_weeks,
        )
        for p in s.players
    ]
    return (
        players,
        dict(s.bag),
        dict(s.titles),
        dict(s.reservations),
        dict(s.let_unseen),
        list(s.let_seen),
        s.top_ranker,
        s.turn,
        s.week,
        copy.deepcopy(s.contest),
        list(game.tasks),
        game.step_count,
        game.rng.getstate(),
        game.entered,
        game.card_used,
    )


def assert_conserved(game) -> None:
    """No token or card is ever created or lost, whatever happens."""
    s = game.state
    tokens = Counter(s.bag)
    for p in s.players:
        tokens.update(p.tokens)
    if s.contest:
        tokens.update(s.contest.risked + s.contest.paid_tokens + s.contest.opponent_risked)
    assert +tokens == +Counter(game.rules.bag()), f"step {game.step_count}: tokens {tokens}"
    for i, p in enumerate(s.players):
        cards = sum(p.deck.values()) + len(p.schedule) + sum(p.discards.values())
        cards += sum(1 for h, _ in s.titles.values() if h == i)
        cards += sum(1 for h, _ in s.reservations.values() if h == i)
        if s.contest and s.contest.player == i:
            cards += 1
        if s.contest and s.contest.opponent == i and s.contest.kind == "training":
            cards += 1
        assert cards == DECK_SIZE, f"step {game.step_count}: {p.name} has {cards} cards in play"
    lets = sum(s.let_unseen.values()) + len(s.let_seen) + sum(len(p.lets) for p in s.players)
    assert lets == sum(game.data.let_copies.values())


def act_scene(seed: int = 3, players: int = 2):
    """A game stopped at player 0's act phase on turn 1, ready for a hand-built scene."""
    game = new_game(seed=seed, players=players)
    while game.phase() != "act":
        game.step()
    game.tasks = deque([Task("act", 0, 0), Task("end_week", AUTO, 0)])
    game.ace_space = None
    return game


def set_tokens(game, player: int, tokens: dict[str, int]) -> None:
    """Give a player exactly these tokens, trading with the bag so nothing is created."""
    me = game.state.players[player]
    game.state.bag.update(me.tokens)
    game.state.bag.subtract(tokens)
    assert min(game.state.bag.values()) >= 0
    me.tokens = Counter(tokens)


def set_schedule(game, player: int, cards: list[Card]) -> None:
    """Give a player exactly this schedule, trading with their deck so no card is created."""
    me = game.state.players[player]
    me.deck.update(me.schedule)
    me.deck.subtract(cards)
    assert min(me.deck.values()) >= 0
    me.schedule = list(cards)


def place(game, player: int, space_id: str) -> int:
    position = game.board.index[space_id]
    game.state.players[player].position = position
    return position


# -- the contract, as for every game ---------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4, 6])
def test_engine_contract_on_random_games(players: int) -> None:
    report = check_contract(
        lambda seed: new_game(seed=seed, players=players),
        seeds=[players, players + 10],
        probes_per_node=1,
        replay_checks=4,
    )
    assert report.games == 2 and report.chance_nodes > 50 and report.player_nodes > 20


@pytest.mark.parametrize("policy", [greedy, expected_value])
def test_every_game_ends_and_conserves_with_each_policy(policy) -> None:
    for seed in range(4):
        game = new_game(seed=seed, players=4)
        while not game.is_over():
            game.step(policy)
            assert_conserved(game)
        assert game.result().winners


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 6),
    head=st.integers(0, 6),
    per_turn=st.integers(0, 4),
    faces=st.tuples(*[st.integers(0, 3)] * 3),
    injury=st.integers(0, 3),
    end=st.sampled_from(["any schedule cannot refill", "all schedules empty"]),
)
def test_random_games_conserve_cards_and_tokens(seed, players, head, per_turn, faces, injury, end) -> None:
    if sum(faces) == 0:
        faces = (1, 0, 0)
    rules = Rules(
        champion_head_start=head,
        tokens_per_turn=per_turn,
        injury_weeks=injury,
        end_when=end,
        direction_clockwise_faces=faces[0],
        direction_counter_faces=faces[1],
        direction_choice_faces=faces[2],
        target_score_2p=20000,
        target_score_3p=20000,
    )
    game = new_game(rules, seed=seed, players=players)
    while not game.is_over():
        game.step()
        assert_conserved(game)
    result = game.result()
    ranks = game.state.rankings()
    assert all(ranks[w] == max(ranks) for w in result.winners)


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
    assert len(rolls) == 36 * 3 and sum(rolls.values()) == 1
    assert game.chance_probability(Roll(3, 3, "choice")) == Fraction(1, 108)
    assert game.chance_probability(Roll(7, 3, "choice")) is None
    history = game.history()
    chance = history[history.actor == "chance"]
    product = Fraction(1)
    for p in chance.probability:
        product *= p
    assert history.path_probability.iloc[-1] == product == game.path_probability


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
    with pytest.raises(RulesError, match="direction die needs at least one face"):
        Rules(direction_clockwise_faces=0, direction_counter_faces=0, direction_choice_faces=0)
    with pytest.raises(RulesError, match=r"target_score_2p.*in steps of 250"):
        Rules(target_score_2p=8001)
    with pytest.raises(ValueError, match="2 to 6 players"):
        new_game(players=7)


# -- the rules, scene by scene --------------------------------------------------------------------


def test_vacant_tournament_needs_seven_with_one_die() -> None:
    for die, won in [(5, False), (6, True)]:
        game = act_scene()
        position = place(game, 0, "t1000_miami")
        me = game.state.players[0]
        set_schedule(game, 0, [Card(1000, "hard"), Card(250, "clay"), Card(250, "hard")])
        set_tokens(game, 0, {})
        game.apply(Enter(position, "Miami 1000", Card(1000, "hard")))
        game.apply(Risk(()))
        assert game.phase() == "vacant_roll"
        game.apply(die)  # 1 (matching card) + die: 6 reaches 7, 5 does not
        assert (game.state.titles.get(position) == (0, Card(1000, "hard"))) is won
        assert game.state.ranking(0) == (1000 if won else 0)
        assert me.discards[Card(1000, "hard")] == (0 if won else 1)


def test_risked_tokens_add_points_and_go_back_to_the_bag() -> None:
    game = act_scene()
    position = place(game, 0, "t250_pune")
    me = game.state.players[0]
    set_schedule(game, 0, [Card(250, "hard"), Card(250, "clay"), Card(500, "hard")])
    set_tokens(game, 0, {})
    bag_before = Counter(game.state.bag)
    set_tokens(game, 0, {"training": 1, "health": 1, "travel": 1})
    game.apply(Enter(position, "Pune 250", Card(250, "hard")))
    game.apply(Risk(("training", "health", "travel")))
    game.apply(3)  # 1 + 3 tokens + 3 = 7: a win
    assert game.state.titles[position] == (0, Card(250, "hard"))
    assert +game.state.bag == +bag_before and not +me.tokens


def defended_scene(challenger_tokens: dict[str, int]):
    game = act_scene()
    position = game.board.index["t2000_new_york"]
    game.state.titles[position] = (1, Card(2000, "clay"))
    game.state.top_ranker = 1
    set_schedule(game, 0, [Card(2000, "hard"), Card(250, "clay"), Card(500, "hard")])
    set_tokens(game, 0, challenger_tokens)
    set_tokens(game, 1, {})
    return game, position


def test_defended_tournament_race_with_head_start_and_the_champion_keeping_tokens() -> None:
    game, position = defended_scene({"wildcard": 1, "health": 1})
    game._advance(game._arrive(0, position, by_dice=False))
    assert game.phase() == "challenge"
    game.apply(Qualify(position, "New York 2000", Card(2000, "hard"), "wildcard"))
    game.apply(Risk(("health",)))
    # challenger: matching 1 + surface 1 (hard card on a hard space) + wildcard 1 + health 1 = 4
    assert game.state.contest.scores == [4, 3]
    for die in (1, 1):  # 5-3, then champion 3+1=4: nobody at 7
        game.apply(die)
    game.apply(2)  # challenger 7-4: at least 7 and 3 ahead
    assert game.state.titles[position] == (0, Card(2000, "hard"))
    assert game.state.players[1].discards[Card(2000, "clay")] == 1
    assert game.state.bag["wildcard"] >= 1 and game.state.top_ranker == 0

    game, position = defended_scene({"wildcard": 1, "health": 1})
    game._advance(game._arrive(0, position, by_dice=False))
    game.apply(Qualify(position, "New York 2000", Card(2000, "hard"), "wildcard"))
    game.apply(Risk(("health",)))
    for die in (1, 6):  # 5-3, then champion 3+6 = 9 and 4 ahead: the champion defends
        game.apply(die)
    assert game.state.titles[position] == (1, Card(2000, "clay"))
    # the champion is the Top Ranker, so the Wildcard taken goes straight back to the bag
    assert game.state.players[1].tokens == Counter({"health": 1})
    assert game.state.players[0].discards[Card(2000, "hard")] == 1


def test_failing_to_qualify_costs_a_card_and_two_tokens_of_the_champions_choice() -> None:
    game, position = defended_scene({"training": 2, "travel": 1})
    game._advance(game._arrive(0, position, by_dice=False))
    assert game.current_actor() == 1 and game.phase() == "penalty_card"
    game.apply(game.legal_actions()[-1])
    assert len(game.state.players[0].schedule) == 2
    assert game.phase() == "penalty_tokens"
    assert Take(("training", "travel")) in game.legal_actions()
    game.apply(Take(("training", "travel")))
    assert game.state.players[1].tokens == Counter({"training": 1, "travel": 1})
    assert game.state.players[0].tokens == Counter({"training": 1})
    assert game.phase() == "act" and not any(isinstance(a, Enter) for a in game.legal_actions())


def test_training_reservation_gives_an_equal_terms_tie_break() -> None:
    game = act_scene()
    position = game.board.index["t500_rio"]
    game.state.reservations[position] = (1, Card(500, "clay"))
    game.state.players[1].deck[Card(500, "clay")] -= 1
    set_tokens(game, 1, {"sponsor": 1})
    place(game, 0, "t500_rio")
    set_schedule(game, 0, [Card(500, "clay"), Card(250, "clay"), Card(250, "hard")])
    set_tokens(game, 0, {})
    game.apply(Enter(position, "Rio 500", Card(500, "clay")))
    game.apply(Risk(()))
    assert game.current_actor() == 1 and game.phase() == "risk"
    game.apply(Risk(("sponsor",)))
    assert game.state.contest.scores == [1, 2]  # no surface bonus and no head start
    for die in (6, 1):
        game.apply(die)  # 7-2... arriving player: 1 + 6 = 7, 5 ahead: wins at once
        if game.state.contest is None:
            break
    assert game.state.titles[position] == (0, Card(500, "clay"))
    assert position not in game.state.reservations
    assert game.state.players[1].discards[Card(500, "clay")] >= 1
    assert_conserved(game)


def _until_own_phase(game, phases: tuple[str, ...]) -> None:
    """Step (player 1 always picks its first option: it ends its week) until player 0 faces phases."""
    for _ in range(200):
        if game.state.turn == 0 and game.phase() in phases:
            return
        game.step(lambda g: g.legal_actions()[0])
    raise AssertionError("player 0 never reached " + str(phases))


def test_landing_on_injury_costs_two_turns_and_health_shortens_it() -> None:
    game = new_game(seed=2)
    while game.phase() != "roll":
        game.step()
    me = game.state.players[0]
    place(game, 0, "t1000_miami")  # five spaces before the Injury space
    game.apply(Roll(2, 3, "clockwise"))
    assert me.position == game.board.injury and me.injured_weeks == 2
    assert game.phase() == "discard"  # landing there ends the week at once
    for weeks_left in (1, 0):
        _until_own_phase(game, ("injured",))
        set_tokens(game, 0, {"travel": 2})  # injured: no Heal on offer, and no travel
        assert game.legal_actions() == [ServeWeek()]
        game.apply(ServeWeek())
        assert me.injured_weeks == weeks_left and me.position == game.board.injury
    _until_own_phase(game, ("roll", "injured"))
    assert game.phase() == "roll"  # fit again: a normal week

    game = new_game(seed=2)
    while game.phase() != "roll":
        game.step()
    place(game, 0, "t1000_miami")
    game.apply(Roll(2, 3, "clockwise"))
    _until_own_phase(game, ("injured",))
    set_tokens(game, 0, {"health": 2})
    game.apply(Heal())
    assert game.state.players[0].injured_weeks == 1 and game.phase() == "injured"
    game.apply(Heal())
    assert game.state.players[0].injured_weeks == 0 and game.phase() == "roll"


def test_top_ranker_cannot_hold_wildcards() -> None:
    game = new_game(seed=1)
    game.state.top_ranker = 0
    game.tasks = deque([Task("draw_token", CHANCE, 0)])
    before = game.state.bag["wildcard"]
    game.apply("wildcard")
    assert game.state.players[0].tokens["wildcard"] == 0 and game.state.bag["wildcard"] == before


def test_reaching_the_target_score_ends_the_game() -> None:
    game = act_scene()  # player 0 holds 6000 already; the target for 2 players is 8000
    for sid in ("t2000_melbourne", "t2000_new_york", "t2000_london_grass"):
        game.state.titles[game.board.index[sid]] = (0, Card(2000, "hard"))
    position = place(game, 0, "t2000_paris_clay")
    set_schedule(game, 0, [Card(2000, "clay"), Card(250, "hard"), Card(250, "hard")])
    game.apply(Enter(position, "Paris Clay 2000", Card(2000, "clay")))
    game.apply(Risk(()))
    game.apply(6)
    assert game.is_over() and game.result().winners == (0,) and "8000" in game.result().reason


def test_the_season_ends_when_a_schedule_cannot_refill() -> None:
    game = act_scene()
    me = game.state.players[0]
    me.discards.update(me.deck)
    me.deck.clear()
    game.apply(EndTurn())
    game.apply(game.legal_actions()[0])  # discard a card: a week passes, no card to draw
    assert game.is_over() and "cannot refill" in game.result().reason


@pytest.mark.parametrize(("final_tie", "winners"), [("most 2000 titles", (1,)), ("shared", (0, 1))])
def test_a_tie_at_the_end_follows_the_final_tie_ruling(final_tie: str, winners: tuple[int, ...]) -> None:
    game = new_game(Rules(final_tie=final_tie), seed=1)
    titles = {
        "t1000_miami": (0, Card(1000, "hard")),
        "t1000_montreal": (0, Card(1000, "hard")),
        "t2000_melbourne": (1, Card(2000, "hard")),
    }
    for sid, title in titles.items():
        game.state.titles[game.board.index[sid]] = title
    game._end("a test ends the season")
    assert game.state.rankings() == [2000, 2000]
    assert game.result().winners == winners


# -- findings of the rules review, each pinned by a scene ------------------------------------------


def test_top_ranker_leaves_a_holder_who_is_no_longer_highest() -> None:
    game = act_scene(players=3)
    s = game.state
    for sid, holder in [("t500_doha", 0), ("t1000_miami", 0), ("t500_rio", 1), ("t1000_montreal", 1)]:
        s.titles[game.board.index[sid]] = (
            holder,
            Card(game.board.spaces[game.board.index[sid]].points, "hard"),
        )
    s.titles[game.board.index["t1000_indian_wells"]] = (2, Card(1000, "hard"))
    s.top_ranker = 0  # Ash 1500 (holder) = Billie 1500 > Chris 1000
    game._crown(2, Card(500, "hard"), game.board.index["t500_doha"])  # Chris takes Doha from Ash
    assert s.rankings() == [1000, 1500, 1500]
    assert s.top_ranker is None  # a tie between two others: the old holder is no longer on top


def test_playing_your_own_reservation_still_costs_the_weeks_discard() -> None:
    game = act_scene()
    position = game.board.index["t500_rio"]
    set_schedule(game, 0, [Card(500, "clay"), Card(250, "clay"), Card(250, "hard")])
    set_tokens(game, 0, {"training": 2})
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Train) and a.space == position))
    place(game, 0, "t500_rio")
    game.apply(Enter(position, "Rio 500", Card(500, "clay")))
    game.apply(Risk(()))
    game.apply(1)  # 1 + 1 = 2: lost
    game.apply(EndTurn())
    assert game.phase() == "discard"  # no schedule card entered this week, so a week passes


def test_a_deck_smaller_than_the_schedule_deals_what_it_has(tmp_path) -> None:
    import shutil

    from playground.tiebreak.cards import DATA_DIR

    folder = tmp_path / "tiny"
    shutil.copytree(DATA_DIR, folder)
    (folder / "deck.csv").write_text(
        "id,points,surface,copies\na,250,hard,1\nb,500,hard,1\nc,1000,hard,1\nd,2000,hard,1\n"
    )
    game = new_game(Rules(schedule_size=6), data=folder, seed=1).play()
    assert game.is_over() and "cannot refill" in game.result().reason


def test_no_health_attack_when_injuries_last_no_weeks() -> None:
    game = act_scene()
    set_tokens(game, 0, {"health": 2})
    assert any(isinstance(a, Injure) for a in game.legal_actions())
    game.rules = Rules(injury_weeks=0)
    assert not any(isinstance(a, Injure) for a in game.legal_actions())


def test_a_champion_takes_nothing_from_a_player_with_no_tokens() -> None:
    game, position = defended_scene({})
    game._advance(game._arrive(0, position, by_dice=False))
    game.apply(game.legal_actions()[0])  # the champion's card penalty
    assert game.phase() == "act"  # no "take nothing" step


def test_an_injured_player_may_train_but_not_travel() -> None:
    game = act_scene()
    me = game.state.players[0]
    me.injured_weeks, me.position = 2, game.board.injury
    game.tasks = deque([Task("injured", 0, 0)])
    set_tokens(game, 0, {"training": 2, "travel": 2})
    actions = game.legal_actions()
    assert any(isinstance(a, Train) for a in actions) and not any(isinstance(a, Travel) for a in actions)
    game.apply(next(a for a in actions if isinstance(a, Train)))
    assert game.phase() == "injured" and len(game.state.reservations) == 1
    game.rules = Rules(injured_actions="heal only")
    set_tokens(game, 0, {"training": 2})
    assert game.legal_actions() == [ServeWeek()]


@pytest.mark.parametrize(("surface_match", "start"), [("space", 3), ("champion card", 2)])
def test_surface_bonus_compares_with_the_space_or_the_champions_card(surface_match: str, start: int) -> None:
    game, position = defended_scene({"wildcard": 1})
    game.rules = Rules(surface_match=surface_match)  # hard card; New York is hard, the champion's card clay
    game._advance(game._arrive(0, position, by_dice=False))
    game.apply(Qualify(position, "New York 2000", Card(2000, "hard"), "wildcard"))
    game.apply(Risk(()))
    assert game.state.contest.scores == [start, 3]


def test_the_wildcard_slot_after_qualifying_follows_the_ruling() -> None:
    for slot, can_risk_second in [("used by qualifying", False), ("free", True)]:
        game, position = defended_scene({"wildcard": 2})
        game.rules = Rules(wildcard_slot=slot)
        game._advance(game._arrive(0, position, by_dice=False))
        game.apply(Qualify(position, "New York 2000", Card(2000, "hard"), "wildcard"))
        assert (Risk(("wildcard",)) in game.legal_actions()) is can_risk_second


def test_the_top_ranker_qualifies_only_as_top_ranker() -> None:
    game, position = defended_scene({"sponsor": 2})
    game.state.top_ranker = 0
    game._advance(game._arrive(0, position, by_dice=False))
    assert {a.pay for a in game.legal_actions()} == {"top ranker"}


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
    for look_alike in (Roll(1.5, 2, "clockwise"), Roll(True, 2, "clockwise"), Roll(2, 2, "sideways")):
        with pytest.raises(IllegalAction):
            game.apply(look_alike)
        assert snapshot(game) == before
    game.tasks.appendleft(Task("let_draw", CHANCE, 0))
    before = snapshot(game)
    with pytest.raises(IllegalAction):
        game.apply("fan_mail")
    assert snapshot(game) == before
    game.tasks.popleft()
    game.tasks.appendleft(Task("vacant_roll", CHANCE, 0))
    for look_alike in (6.0, True, 7):
        with pytest.raises(IllegalAction):
            game.apply(look_alike)


def test_play_with_too_few_policies_says_so() -> None:
    with pytest.raises(ValueError, match=r"one policy for every player \(2\)"):
        new_game(seed=1).play([greedy])


# -- movement, Let cards, Travel and remote entries, scene by scene ---------------------------------


def let_card(game, let_id: str):
    return next(c for c in game.data.let_cards if c.id == let_id)


def test_the_choice_face_at_the_fork_lets_the_player_pick_any_end() -> None:
    game = new_game(seed=6)
    while game.phase() != "roll":
        game.step()
    place(game, 0, "t500_rio")
    game.apply(Roll(1, 2, "choice"))
    assert game.phase() == "move"
    names = {game.board.spaces[a.to].id for a in game.legal_actions()}
    assert names == {"let_2", "b_let", "t250_pune"}
    game.apply(next(a for a in game.legal_actions() if game.board.spaces[a.to].id == "b_let"))
    assert game.state.players[0].position == game.board.index["b_let"] and game.phase() == "let_draw"


@pytest.mark.parametrize(
    ("let_id", "where", "phase"),
    [
        ("missed_flight", "start", "act"),
        ("tailwind", "t500_doha", "act"),
        ("fan_mail", "let_1", "draw_token"),
    ],
)
def test_let_cards_move_or_give_tokens(let_id: str, where: str, phase: str) -> None:
    game = act_scene()
    game._advance(game._arrive(0, game.board.index["let_1"], by_dice=True))
    assert game.phase() == "let_draw"
    probability = game.chance_probability(let_card(game, let_id))
    assert probability == Fraction(game.data.let_copies[let_id], sum(game.data.let_copies.values()))
    game.apply(let_card(game, let_id))
    assert game.state.players[0].position == game.board.index[where] and game.phase() == phase
    assert list(game.state.let_seen) == [let_id]
    assert_conserved(game)


def test_an_invitation_let_card_stands_in_for_the_wildcard() -> None:
    game, position = defended_scene({})
    game._advance(game._arrive(0, game.board.index["let_1"], by_dice=True))
    game.apply(let_card(game, "invitation"))
    assert [c.id for c in game.state.players[0].lets] == ["invitation"]
    game._advance(game._arrive(0, position, by_dice=False))
    assert game.phase() == "challenge"
    assert {a.pay for a in game.legal_actions()} == {"invitation"}
    game.apply(game.legal_actions()[0])
    assert not game.state.players[0].lets and list(game.state.let_seen) == ["invitation"]


def test_travel_to_a_champions_space_forces_the_qualification() -> None:
    game, position = defended_scene({"travel": 2, "wildcard": 1})
    game.apply(Travel(position, "New York 2000", "tokens"))
    assert game.phase() == "challenge" and game.state.players[0].position == position
    assert game.state.players[0].tokens["travel"] == 0


def test_united_and_final_can_be_entered_from_afar_unless_a_let_space_acts() -> None:
    game = act_scene()
    set_schedule(game, 0, [Card(1000, "hard"), Card(2000, "indoor"), Card(250, "hard")])
    place(game, 0, "plain_2")
    game.arrival_kind = "plain"
    entries = {(a.name, str(a.card)) for a in game.legal_actions() if isinstance(a, Enter)}
    assert entries == {("United Cup", "1000 hard"), ("Season Final", "2000 indoor")}
    game.arrival_kind = "let"
    assert not any(isinstance(a, Enter) for a in game.legal_actions())
    game.arrival_kind = "plain"
    game.rules = Rules(remote_united_final=False)
    assert not any(isinstance(a, Enter) for a in game.legal_actions())
