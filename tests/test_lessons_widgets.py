"""The lesson panels (predict then reveal, live simulation, key rules), driven headless.

Each test sets a control in Python, reads the HTML a student would see, and compares it with a
value derived here independently: icepool for odds, a second seeded generator for simulations.
"""

from __future__ import annotations

import math
import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

import icepool
import ipywidgets as w
import pytest
import sympy

from playground.core.dist import Dist, dice_sum
from playground.core.rules import RulesBase, field_specs, rule
from playground.core.showing import readable
from playground.widgets import bars_svg, live_simulation, predict_reveal, rules_panel
from playground.widgets.bars import OBSERVED

SVG = "{http://www.w3.org/2000/svg}"

# -- predict, then reveal -------------------------------------------------------------------

AT_LEAST_10 = (2 @ icepool.d6 >= 10).probability(True)  # 1/6, from icepool


def test_answer_is_hidden_until_reveal() -> None:
    panel = predict_reveal("How likely is 10 or more with two dice?", AT_LEAST_10)
    assert "pg-predict" in panel._dom_classes
    assert "pg-predict-reveal" in panel.reveal_button._dom_classes
    assert "pg-predict-answer" in panel.answer._dom_classes
    assert panel.answer.value == "" and panel.answer.layout.display == "none"
    assert "How likely is 10 or more" in panel.children[0].value
    panel.reveal_button.click()
    assert panel.revealed and panel.answer.layout.display is None
    assert "1/6 ≈ 16.7%" in panel.answer.value


def test_reveal_says_how_far_the_guess_was_and_follows_later_guesses() -> None:
    panel = predict_reveal("10 or more?", AT_LEAST_10)
    slider = panel.guess
    assert isinstance(slider, w.FloatSlider)
    assert (slider.min, slider.max, slider.step) == (0, 100, 1)
    slider.value = 20
    panel.reveal_button.click()
    assert "Your guess 20%, the answer 16.7%: 3.3 points too high." in panel.answer.value
    slider.value = 10
    assert "Your guess 10%, the answer 16.7%: 6.7 points too low." in panel.answer.value
    slider.value = 17
    assert "0.3 points too high" in panel.answer.value
    assert "Fraction(" not in panel.answer.value


def test_a_finer_step_lets_a_student_hit_the_answer() -> None:
    panel = predict_reveal("10 or more?", AT_LEAST_10, step=0.1, explain="<i>3 of 36 rolls</i>")
    panel.guess.value = 16.7
    assert panel.answer.value == ""  # moving the guess does not reveal
    panel.reveal()
    assert "Your guess 16.7%, the answer 16.7%: spot on." in panel.answer.value
    assert panel.answer.value.endswith("<p><i>3 of 36 rolls</i></p>")


def test_long_fractions_read_as_numbers_and_sympy_answers_work() -> None:
    tiny = Fraction(1, 6**14)  # fourteen sixes in a row
    panel = predict_reveal("Fourteen sixes?", tiny)
    panel.reveal()
    assert f"{readable(tiny)} = {float(tiny) * 100:.2g}%" in panel.answer.value
    assert str(tiny.denominator) not in panel.answer.value
    half = predict_reveal("Heads?", sympy.Rational(1, 2))
    half.reveal()
    assert "The answer: <b>1/2 ≈ 50%</b>." in half.answer.value
    certain = predict_reveal("Any face?", 1)
    certain.reveal()
    assert "The answer: <b>100%</b>." in certain.answer.value


def test_choice_question_with_exact_values() -> None:
    """Which is likelier? The map's largest value is right; every value is shown exactly."""
    seven = (2 @ icepool.d6 == 7).probability(True)
    eight = (2 @ icepool.d6 == 8).probability(True)
    panel = predict_reveal("Which total is likelier?", {"7": seven, "8": eight})
    assert isinstance(panel.guess, w.ToggleButtons) and panel.guess.value is None
    panel.reveal_button.click()
    assert "You did not choose; the answer is <b>7</b>." in panel.answer.value
    panel.guess.value = "8"
    assert "Not quite: you chose 8, the answer is <b>7</b>." in panel.answer.value
    assert "7: <b>1/6 ≈ 16.7%</b><br>8: <b>5/36 ≈ 13.9%</b>" in panel.answer.value
    panel.guess.value = "7"
    assert "Right: <b>7</b>." in panel.answer.value


def test_many_choices_use_a_dropdown_and_ties_are_all_right() -> None:
    faces = [f"face {k}" for k in range(1, 7)]
    panel = predict_reveal("Which face is likeliest?", dict.fromkeys(faces, Fraction(1, 6)))
    assert isinstance(panel.guess, w.Dropdown)
    panel.guess.value = "face 4"
    panel.reveal()
    assert "Right: <b>face 4</b>." in panel.answer.value
    named = predict_reveal("Is a 7 likelier than a 6?", "yes", choices=["yes", "no", "the same"])
    named.guess.value = "the same"
    named.reveal()
    assert "Not quite: you chose the same, the answer is <b>yes</b>." in named.answer.value


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        ((0.1667,), {}, "answer must be an exact probability (a Fraction, an int or a sympy Rational)"),
        ((Fraction(7, 6),), {}, "answer must be a probability from 0 to 1; got 7/6"),
        ((Fraction(1, 6),), {"step": 0}, "step must be a number of percentage points above 0"),
        (("maybe",), {"choices": ["yes", "no"]}, "answer 'maybe' is not one of the choices: yes, no"),
        (({"yes": Fraction(1, 2)},), {"choices": ["yes", "no"]}, "a map from every choice"),
        (({"a": Fraction(1, 2), "b": 0.5},), {}, "answer['b'] must be an exact probability"),
        (("yes",), {"choices": ["yes"]}, "choices must be at least two non-empty strings"),
        (("yes",), {"choices": ["yes", "yes"]}, "choices must all differ"),
    ],
)
def test_predict_refuses_bad_questions(args: tuple, kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        predict_reveal("?", *args, **kwargs)


# -- live simulation ------------------------------------------------------------------------

TWO_DICE = dice_sum(2, 6)


def test_counts_are_those_of_the_seeded_generator() -> None:
    """roll 1, 100 and 10,000 count exactly what dist.sample draws from Random(seed)."""
    sim = live_simulation(TWO_DICE, seed=5)
    assert "pg-live-sim" in sim._dom_classes
    assert [b.description for b in sim.roll_buttons.values()] == ["roll 1", "roll 100", "roll 10,000"]
    for button in sim.roll_buttons.values():
        button.click()
    rng = random.Random(5)
    expected = Counter(TWO_DICE.sample(rng) for _ in range(10_101))
    assert sim.total == 10_101
    assert sim.counts == {o: expected[o] for o in TWO_DICE}


def test_ten_thousand_rolls_are_all_counted() -> None:
    """The biggest button's 10,000 rolls all land in the counts (make bench times it)."""
    sim = live_simulation(dice_sum(3, 6))
    sim.roll_buttons[10_000].click()
    assert sim.total == 10_000 == sum(sim.counts.values())


def test_summary_gives_the_largest_gap_and_its_standard_error() -> None:
    sim = live_simulation(TWO_DICE, seed=1)
    assert sim.largest_gap() == 0 and "No rolls yet" in sim.summary.value
    sim.roll(100)
    gaps = {o: abs(Fraction(sim.counts[o], 100) - p) for o, p in TWO_DICE.items()}
    widest = max(gaps, key=gaps.__getitem__)
    assert sim.largest_gap() == gaps[widest]
    p = TWO_DICE[widest]
    assert sim.summary.value.startswith(
        f"100 rolls. Largest gap: <b>{float(gaps[widest]) * 100:.2f} points</b> at {widest} "
    )
    assert f"= {math.sqrt(p * (1 - p) / 100) * 100:.2f} points." in sim.summary.value


def test_reset_starts_the_same_sequence_again() -> None:
    sim = live_simulation(TWO_DICE, seed=3)
    sim.roll(100)
    first = dict(sim.counts)
    sim.reset_button.click()
    assert sim.total == 0 and set(sim.counts.values()) == {0}
    sim.roll(100)
    assert sim.counts == first


def test_chart_draws_observed_shares_over_the_exact_bars() -> None:
    sim = live_simulation(TWO_DICE, seed=2, title="two dice")
    sim.roll(1000)
    root = ET.fromstring(sim.chart.value)
    observed = [r for r in root.iter(f"{SVG}rect") if r.get("class") == "pg-observed"]
    assert [r.get("data-outcome") for r in observed] == [str(o) for o in TWO_DICE]
    assert all(r.get("fill") == OBSERVED for r in observed)
    assert sim.chart.value == bars_svg(TWO_DICE, title="two dice", observed=sim.shares())


def test_a_game_sampler_is_counted_the_same_way() -> None:
    """A one-roll sampler and a batch sampler both feed the counts."""
    one = live_simulation(TWO_DICE, lambda rng: rng.randint(1, 6) + rng.randint(1, 6), seed=4)
    one.roll(500)
    rng = random.Random(4)
    expected = Counter(rng.randint(1, 6) + rng.randint(1, 6) for _ in range(500))
    assert one.counts == {o: expected[o] for o in TWO_DICE}
    batch = live_simulation(TWO_DICE, sample_many=lambda rng, n: TWO_DICE.sample_many(rng, n), seed=4)
    batch.roll(500)
    plain = live_simulation(TWO_DICE, seed=4)
    plain.roll(500)
    assert batch.counts == plain.counts


def test_an_impossible_outcome_is_a_message_not_a_crash() -> None:
    sim = live_simulation(TWO_DICE, lambda rng: rng.choice([7, 13]), seed=0)
    sim.roll(100)
    assert sim.total == 0
    assert "The sampler gave 13, which is not an outcome of the exact distribution" in sim.message.value
    assert "Nothing was counted." in sim.message.value
    wrong_size = live_simulation(TWO_DICE, sample_many=lambda rng, n: [7])
    wrong_size.roll(100)
    assert "asked for 100 rolls and gave 1" in wrong_size.message.value
    unhashable = live_simulation(TWO_DICE, lambda rng: [7])
    unhashable.roll(1)
    assert "must give a list of outcomes" in unhashable.message.value


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        (({2: Fraction(1)},), {}, "dist must be an exact Dist"),
        ((TWO_DICE, lambda rng: 7), {"sample_many": lambda rng, n: [7] * n}, "not both"),
        ((TWO_DICE, 7), {}, "sample must be a function of a random.Random; got 7"),
        ((TWO_DICE,), {"seed": 1.5}, "seed must be a whole number from 0 up; got 1.5"),
        ((TWO_DICE,), {"seed": -5}, "seed must be a whole number from 0 up; got -5"),
    ],
)
def test_live_simulation_refuses_bad_arguments(args: tuple, kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        live_simulation(*args, **kwargs)
    with pytest.raises(ValueError, match="whole number from 1 to 1,000,000; got 0"):
        live_simulation(TWO_DICE).roll(0)
    with pytest.raises(ValueError, match="from 1 to 1,000,000; got 1000000000000000000"):
        live_simulation(TWO_DICE).roll(10**18)


def test_bars_refuse_observed_shares_of_other_outcomes() -> None:
    with pytest.raises(ValueError, match="13 is not one"):
        bars_svg(Dist.die(6), observed={13: Fraction(1)})


# -- rules panel with key fields ------------------------------------------------------------


@dataclass(frozen=True)
class Match(RulesBase):
    """Three sections; a lesson is about the rounds and the ball."""

    sections: ClassVar[tuple[tuple[str, str], ...]] = (
        ("Match", "rounds"),
        ("Kit", "ball"),
        ("Extras", "bonus"),
    )
    rounds: int = rule(3, "Rounds to play.", low=1, high=9)
    warmup: int = rule(0, "Warm-up rounds.", low=0, high=3)
    ball: str = rule("leather", "The ball.", choices=("leather", "foam"))
    bonus: int = rule(1, "Bonus per win.", low=0, high=5)
    extra_time: bool = rule(False, "Extra time after a draw.")


def test_key_fields_up_front_and_the_rest_behind_all_rules() -> None:
    panel = rules_panel(Match(), key=("ball", "rounds"))
    front, expander = panel.children[:2]
    assert [row.children[0] for row in front.children] == [panel.controls["ball"], panel.controls["rounds"]]
    assert isinstance(expander, w.Accordion) and expander is panel.all_rules
    assert expander.titles == ("all rules",) and expander.selected_index is None
    (tabs,) = expander.children
    assert tabs.titles == ("Match", "Extras")  # Kit held only the ball, which is up front
    behind = [row.children[0] for page in tabs.children for row in page.children]
    assert behind == [panel.controls[n] for n in ("warmup", "bonus", "extra_time")]
    assert set(panel.controls) == {s.name for s in field_specs(Match)}


def test_key_and_hidden_controls_both_change_the_rules() -> None:
    heard: list[Match] = []
    panel = rules_panel(Match(), on_change=heard.append, key="rounds")
    panel.controls["rounds"].value = 5
    panel.controls["extra_time"].value = True
    assert heard == [Match(rounds=5), Match(rounds=5, extra_time=True)]
    assert panel.message.value == "House rules: rounds 5, extra time on."
    panel.set_rules(Match(ball="foam"))
    assert panel.controls["ball"].value == "foam" and panel.controls["rounds"].value == 3


def test_every_field_a_key_field_needs_no_expander() -> None:
    names = [s.name for s in field_specs(Match)]
    panel = rules_panel(Match(), key=names)
    assert panel.all_rules is None
    assert not any(isinstance(c, w.Accordion | w.Tab) for c in panel.children)
    assert [row.children[0] for row in panel.children[0].children] == list(panel.controls.values())
    plain = rules_panel(Match())
    assert plain.all_rules is None and isinstance(plain.children[0], w.Tab)


def test_unknown_or_repeated_key_fields_are_refused() -> None:
    with pytest.raises(
        ValueError, match=re.escape("key names 'round', which Match does not have; its fields are: ")
    ):
        rules_panel(Match(), key=("round",))
    with pytest.raises(ValueError, match="rounds, warmup, ball, bonus, extra_time"):
        rules_panel(Match(), key=("rounds", "balls"))
    with pytest.raises(ValueError, match="key names a field twice"):
        rules_panel(Match(), key=("rounds", "rounds"))


def test_the_exact_bars_wait_for_the_first_roll() -> None:
    """Before any roll the chart is empty (the exact bars would answer the lesson's question under
    it); they come with the first roll, and go again on Reset."""
    sim = live_simulation(TWO_DICE, seed=1)
    assert sim.chart.value == "" and "No rolls yet" in sim.summary.value
    sim.roll(1)
    assert sim.chart.value == bars_svg(TWO_DICE, title="", observed=sim.shares())
    sim.reset()
    assert sim.chart.value == ""


def test_the_buttons_roll_the_numbers_and_say_the_word_given() -> None:
    sim = live_simulation(TWO_DICE, seed=2, batches=[1, 10, 1000], verb="deal")
    assert [b.description for b in sim.roll_buttons.values()] == ["deal 1", "deal 10", "deal 1,000"]
    sim.roll_buttons[10].click()
    assert sim.total == 10
    for bad in ([], [0], [2.5], [1, 2, 3, 4, 5, 6], "100"):
        with pytest.raises((ValueError, TypeError), match="batches must be"):
            live_simulation(TWO_DICE, batches=bad)
    with pytest.raises(ValueError, match="verb must be a word"):
        live_simulation(TWO_DICE, verb="")


def test_the_summary_counts_one_roll_and_many_rolls_in_words() -> None:
    sim = live_simulation(TWO_DICE, seed=2, unit="tournaments")
    sim.roll(1)
    assert sim.summary.value.startswith("1 tournament. ")
    sim.roll(1)
    assert sim.summary.value.startswith("2 tournaments. ")
