"""Tournament Arc players: the fast margin the greedy and expected players judge a play by is the
rulebook's definition worked out the slow way, Sport by Sport, in Fractions."""

from __future__ import annotations

from fractions import Fraction

import pytest
from arc_scenes import at_turn, step_until

from playground.arc import Rules, new_game
from playground.arc.odds import best_team
from playground.arc.policies import _classes, _layout, _margin, expected, sports_to_come
from playground.arc.scoring import combined_multiplier, relevant_sum
from playground.arc.state import State


def margin_by_definition(s: State, player: int, sports: list) -> Fraction:
    """Each Sport's chance times (own best team minus the best opponent's), added up."""
    mc = s.main_character_stacks()
    total = Fraction(0)
    for p, relevant, size, lowest in sports:
        scores: list[list[int]] = [[] for _ in range(s.players)]
        for st in s.stacks:
            base, under = s.base_of(st.top), list(st.under)
            raw = relevant_sum(base, s.modifiers(under), relevant)
            bonus = combined_multiplier(
                s.multipliers(st.top, under, st in mc),
                raw,
                stack=s.rules.bonuses_stack,
                negatives=s.rules.multiply_negatives,
            )
            scores[st.owner].append(raw * bonus)
        best = [best_team(team, size, lowest) for team in scores]
        others = best[:player] + best[player + 1 :]
        total += p * (min(others) - best[player] if lowest else best[player] - max(others))
    return total


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(multiply_negatives=False, bonuses_stack=False), Rules(main_character_on_tie="all tied")],
    ids=["rulebook", "no stacking, negatives left", "all tied"],
)
@pytest.mark.parametrize("players", [2, 4])
def test_the_margin_is_the_average_gap_over_the_sports_to_come(rules: Rules, players: int) -> None:
    """At every turn of a game played by the expected player, before and after the reveal."""
    game = new_game(rules, seed=5, players=players)
    checked = 0
    while not game.is_over():
        step_until(game, lambda g: g.is_over() or at_turn(g), expected)
        if game.is_over():
            break
        s, player = game.state, game.current_actor()
        sports = sports_to_come(s)
        weights, _, _ = classes = _classes(sports)
        scale = sum(weights)  # the weights add up to the common denominator
        fast = _margin(s, player, *_layout(s), list(s.locks), classes, {})
        assert Fraction(fast, scale) == margin_by_definition(s, player, sports)
        checked += 1
        game.step(expected)
    assert checked >= 8
