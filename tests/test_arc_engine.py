"""Tournament Arc engine: the contract, conservation after every step, every game ends, the same
seed tells the same story, and the issue's illegal plays are refused with nothing changed.

The rulebook's own rules, scene by scene, are in test_arc_rulebook.py.
"""

from __future__ import annotations

import pytest
from arc_scenes import assert_conserved, card_id, give, step_until, training_scene
from contract import check_contract, check_illegal_rejected
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import random_rules

from playground.arc import IllegalAction, Rules, new_game
from playground.arc.actions import Discard, Keep, Play
from playground.arc.policies import expected, greedy
from playground.arc.training import plays
from playground.core.engine import CHANCE, random_legal
from playground.core.rules import RulesError
from playground.core.zones import Row, ZoneError

QUICK = {"training_rounds": st.integers(1, 4), "sport_reveal_after": st.integers(0, 1)}
"""Random rules, with short training so a hypothesis example stays fast."""

MODES = [
    Rules(),
    Rules(ruleset="competitive", rotate_start=True),
    Rules(mode="tournament", mulligan=True),
    Rules(mode="graduation", birthday_party_random=False, first_game_sports=True),
]


@pytest.mark.parametrize("rules", MODES, ids=["season", "competitive", "tournament", "graduation"])
def test_engine_contract_on_random_games(rules: Rules) -> None:
    report = check_contract(
        lambda seed: new_game(rules, seed=seed, players=2 + seed % 5),
        seeds=[1, 4],
        probes_per_node=1,
        replay_checks=3,
        lookalikes_per_node=None if rules.mode == "season" else 4,  # every action's twins in one mode
    )
    assert report.games == 2 and report.chance_nodes > 30 and report.player_nodes > 20
    assert report.lookalike_probes > report.player_nodes  # a plain tuple, Take(c) for Discard(c), ...


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), rules=random_rules(Rules, **QUICK))
def test_contract_with_random_rules(seed: int, rules: Rules) -> None:
    check_contract(
        lambda s: new_game(rules, seed=s, players=2 + s % 5), seeds=[seed], probes_per_node=1, replay_checks=2
    )


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), rules=random_rules(Rules, **QUICK))
def test_random_games_with_random_rules_conserve_every_card_and_end(
    seed: int, players: int, rules: Rules
) -> None:
    """No card or token is lost or duplicated after any step, in any mode, and the game ends."""
    game = new_game(rules, seed=seed, players=players)
    for _ in range(20_000):
        assert_conserved(game)
        if game.is_over():
            break
        game.step()
    assert game.is_over() and game.result() is not None


@pytest.mark.parametrize("policy", [random_legal, greedy, expected], ids=["random", "greedy", "expected"])
@pytest.mark.parametrize("rules", MODES, ids=["season", "competitive", "tournament", "graduation"])
def test_every_game_ends_with_each_policy_in_every_mode(policy, rules: Rules) -> None:
    game = new_game(rules, seed=11, players=3).play(policy)
    assert_conserved(game)
    result = game.result()
    assert result.winners and set(result.winners) <= {0, 1, 2}


def test_same_seed_same_history_and_different_seeds_differ() -> None:
    a = new_game(seed=5, players=4).play(greedy).history()
    b = new_game(seed=5, players=4).play(greedy).history()
    c = new_game(seed=6, players=4).play(greedy).history()
    assert a.equals(b)
    assert not a.equals(c)


def test_chance_steps_draw_with_the_exact_share_of_the_deck() -> None:
    """A draw from the Episode deck: each card id with its copies over the cards left."""
    game = training_scene()
    step_until(game, lambda g: g.current_actor() == CHANCE and g.tasks[0].kind == "episode")
    deck = game.state.episode_deck
    outcomes = dict(game.chance_outcomes())
    assert sum(outcomes.values()) == 1
    for card, p in outcomes.items():
        assert p * len(deck) == deck.count(card)


@pytest.mark.parametrize("rules", MODES, ids=["season", "competitive", "tournament", "graduation"])
def test_the_trusted_draw_is_the_zones_draw_with_its_exact_chance(rules: Rules) -> None:
    """step's one-ticket draw (sample_chance_exact) picks what Zone.sample picks from the same
    generator state, with the chance chance_probability gives; the figures recorded lazily are
    the ones the state shows (sport name, Main Character names) after every step."""
    game = new_game(rules, seed=3, players=4)
    while not game.is_over():
        if game.current_actor() == CHANCE:
            state = game.rng.getstate()
            source = game._source(game.tasks[0])
            expected_card = source[0] if isinstance(source, Row) else source.sample(game.rng)
            game.rng.setstate(state)
            card, p = game._sample_chance_exact()
            assert card == expected_card and p == game.chance_probability(card)
            game.rng.setstate(state)
        game.step()
        s = game.state
        sport = s.sport()
        unders = {st.id: list(st.under) for st in s.stacks}
        mc = [s.stack(i) for i in s.main_character_of(unders)] if s.revealed else []
        names = ", ".join(s.data.name(m.top) for m in mc)
        assert game.figures() == {"sport": sport.name if sport else "", "main character": names}
    assert game.history().iloc[-1][["sport", "main character"]].to_dict() == game.figures()


def test_check_conserved_names_a_lost_card() -> None:
    game = training_scene()
    game.check_conserved()
    card = next(iter(game.state.hands[0]))
    game.state.hands[0].remove(card)
    with pytest.raises(ZoneError, match=f"{card!r}: .* \\(should be"):
        game.check_conserved()


# -- the illegal plays ----------------------------------------------------------------------


def test_a_non_attach_card_cannot_be_attached() -> None:
    """A lock or discard card played onto an Athlete is refused and nothing changes."""
    game = training_scene()
    card = give(game, 0, "Heatwave")
    check_illegal_rejected(game, Play(card, "#1"))
    with pytest.raises(IllegalAction, match="only star-icon \\(attach\\) cards are attached"):
        game.apply(Play(card, "#1"))
    party = give(game, 0, "Birthday Party")
    check_illegal_rejected(game, Play(party, "#2"))


def test_non_canon_ova_on_someones_dad_is_refused() -> None:
    """FAQ: Non-Canon OVA cannot be played on Someone's Dad on the table (he functions as an
    Athlete); nothing changes. (Under another Athlete: test_arc_rulebook, Rules.ova_lower_dad.)"""
    game = training_scene()
    dad = give(game, 0, "Someone's Dad")
    ova = give(game, 0, "Non-Canon OVA")
    game.apply(Play(dad, ""))
    dad_stack = game.state.stacks[-1]
    assert dad_stack.top == dad and dad_stack.owner == 0
    check_illegal_rejected(game, Play(ova, dad_stack.id))
    with pytest.raises(IllegalAction, match="cannot be played on Someone's Dad"):
        game.apply(Play(ova, dad_stack.id))
    assert_conserved(game)


def test_a_third_episode_in_a_turn_is_refused() -> None:
    """A turn is exactly 2 plays: a third one is refused, with the rule said, and nothing changes."""
    game = training_scene(Rules(hand_size=5))
    give(game, 0, "Team Dinner")
    game.apply(Play(card_id(game, "Team Dinner"), "#1"))
    second = next(a for a in game.legal_actions() if isinstance(a, Play))
    game.apply(second)
    third = Play(next(iter(game.state.hands[0])), "#1")
    check_illegal_rejected(game, third)
    with pytest.raises(IllegalAction, match="already played 2 Episode cards this turn"):
        game.apply(third)


def test_other_illegal_moves_are_refused_with_a_sentence() -> None:
    game = new_game(seed=2)
    step_until(game, lambda g: g.tasks[0].kind == "keep")
    other = next(iter(game.state.draft_hands[1]))
    with pytest.raises(IllegalAction, match="can keep only an Athlete from their own draft hand"):
        game.apply(Keep(other))
    scene = training_scene()
    not_mine = next(c for c in scene.state.episode_deck.kinds())
    with pytest.raises(IllegalAction, match="is not in Player 1's hand"):
        scene.apply(Play(not_mine, "#1"))
    with pytest.raises(IllegalAction):
        scene.apply(Discard(not_mine))


def test_bad_rules_and_players_are_refused_with_the_field_named() -> None:
    with pytest.raises(RulesError, match="'homefield_multiplier' cannot be 7"):
        Rules(homefield_multiplier=7)
    with pytest.raises(RulesError, match="'sport_reveal_after'"):
        Rules(training_rounds=2, sport_reveal_after=3)
    with pytest.raises(ValueError, match="2 to 6 players"):
        new_game(players=7)
    with pytest.raises(TypeError, match="Rules object"):
        new_game(rules={"mode": "season"})


def test_no_card_while_a_card_is_drawn_mid_turn() -> None:
    """While Growth Spurt's Athlete is being drawn (the turn's first play) no card can be played,
    and the refusal does not claim the turn is over."""
    game = training_scene()
    spurt = give(game, 0, "Growth Spurt")
    game.apply(Play(spurt, "#1"))
    assert game.current_actor() == CHANCE
    other = Play(next(iter(game.state.hands[0])), "#1")
    check_illegal_rejected(game, other)
    with pytest.raises(IllegalAction, match="an Athlete card is being drawn first"):
        game.apply(other)


def test_games_leave_no_growing_cache_of_plays() -> None:
    """The plays kept from game to game are those whose targets are the stacks alone: a few
    dozen, however many games run. (Non-Canon OVA's targets, which change with every card
    attached, once filled the cache with thousands of lists: 7 MiB held after 1,000 games.)"""
    plays.cache_clear()
    for seed in range(150):
        new_game(seed=seed, players=4).play()
    kept = plays.cache_info().currsize
    assert 0 < kept <= 200
    for seed in range(150, 300):
        new_game(seed=seed, players=4).play()
    assert plays.cache_info().currsize - kept <= 10
