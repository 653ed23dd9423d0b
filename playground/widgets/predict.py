"""Predict, then reveal: the class commits to a guess before it sees the exact answer.

A guess made out loud first is what makes the exact answer stick (and shows which intuitions
were off). The panel keeps the answer hidden until Reveal, then says how far the guess was;
moving the guess afterwards updates the comparison, so a student can find the exact value.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping, Sequence
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as w

from playground.core.checks import described, listed
from playground.core.numbers import shown
from playground.core.showing import as_fraction, gap_verdict, readable, scientific, short_number

MAX_TOGGLES = 4
"""Up to this many short choices show as buttons side by side; more go in a dropdown."""


def exact_probability(value: Any, what: str) -> Fraction:
    """value as a Fraction from 0 to 1, or a ValueError naming what it was for."""
    if isinstance(value, bool) or not isinstance(value, numbers.Rational):
        raise ValueError(
            f"{what} must be an exact probability (a Fraction, an int or a sympy Rational); "
            f"got {shown(value)}"
        )
    p = as_fraction(value)  # a Fraction of numpy counts included
    if not 0 <= p <= 1:
        small = max(abs(p.numerator), p.denominator).bit_length() < 200
        raise ValueError(f"{what} must be a probability from 0 to 1; got {p if small else shown(p)}")
    return p


def headline(text: str, p: Any) -> str:
    """A panel's answer line, 'P(...) ≈ 33.3%, exactly 1/3': the percentage a class reads, then
    the exact fraction while it is short enough to read (a race to 15 has fractions of dozens of
    digits: only their length). text is escaped; p: an exact probability from 0 to 1."""
    p = exact_probability(p, "p")
    bits = p.denominator.bit_length()
    digits = str(len(str(p.denominator))) if bits < 1_000 else f"about {int(bits * 0.30103) + 1:,}"
    exact = f"exactly <b>{p}</b>" if bits < 40 else f"exact fraction: {digits} digits below the line"
    answer = f"{escape(str(text))} &asymp; <b>{percent(p)}</b>"
    return f"<div style='font-size:1.25em'>{answer}</div><div>{exact}</div>"


FLOAT_SAFE = Fraction(1, 10**298)
"""Numbers from FLOAT_SAFE to 1 / FLOAT_SAFE in size are shown through a float; beyond, a float
overflows (or rounds to 0), so their percentage is worked out exactly in powers of ten."""


def decimal(x: numbers.Rational, places: int = 2) -> str:
    """An exact number to ``places`` decimals (0 to 12), rounded half away from zero as a class
    rounds: 57/8 is 7.13 and -9/8 is -1.13 (the floats 7.125 and -1.125 round to even, 7.12)."""
    exact = as_fraction(x)
    if isinstance(places, bool) or not isinstance(places, int) or not 0 <= places <= 12:
        raise ValueError(f"places must be a whole number from 0 to 12; got {shown(places)}")
    units = math.floor(abs(exact) * 10**places + Fraction(1, 2))
    sign = "-" if exact < 0 and units else ""
    whole, part = divmod(units, 10**places)
    return f"{sign}{whole}.{part:0{places}d}" if places else f"{sign}{whole}"


def percent(p: Fraction | float) -> str:
    """A probability as a percentage a class reads: 16.7%, 50%, or 0.00031% when tiny.

    p: an exact number (a Fraction or an int) or a finite float, of any size: far beyond what a
    float holds it is shown in powers of ten, 1/6**400 as '5.5e-310%', 10**400/3 as '3.3e+401%'.
    """
    if isinstance(p, bool) or not isinstance(p, numbers.Real):
        raise ValueError(f"p must be a number, a probability such as Fraction(1, 6); got {shown(p)}")
    if isinstance(p, numbers.Rational):
        exact = as_fraction(p)
        if exact and not FLOAT_SAFE <= abs(exact) <= 1 / FLOAT_SAFE:
            mantissa, exponent = scientific(exact * 100, 2)
            return f"{mantissa:g}e{exponent:+03d}%"
    elif not math.isfinite(p):
        raise ValueError(f"p must be a finite number, a probability such as Fraction(1, 6); got {shown(p)}")
    value = float(p) * 100
    if abs(value) >= 1e6:  # no float digits past its precision: 1e+32%, not 100000000000000005366...%
        return f"{value:.2g}%"
    if isinstance(p, numbers.Rational) and (value == 0 or value >= 0.1):  # 1/80 is 1.3%, not 1.2%
        return decimal(as_fraction(p) * 100, 1).removesuffix(".0") + "%"
    if value == 0 or value >= 0.1:
        return f"{value:.1f}".rstrip("0").rstrip(".") + "%"
    return f"{value:.2g}%"


def told(p: Fraction) -> str:
    """The exact fraction and its percentage: '1/6 ≈ 16.7%' (a huge fraction: '≈ 1.28e-11 = ...')."""
    if isinstance(p, bool) or not isinstance(p, numbers.Rational):
        raise TypeError(f"p must be an exact number (a Fraction or an int); got {described(p)}")
    p = Fraction(p)
    if p.denominator == 1:
        return percent(p)
    text, share = readable(p), percent(p)
    if share == "100%" and p != 1:  # never 100% for a chance short of certain
        return f"{p if not text.startswith('≈') else 'almost 1'} ≈ just under 100%"
    return f"{text} {'=' if text.startswith('≈') else '≈'} {share}"


def gap_sentence(guess: float, answer: Fraction) -> str:
    """'Your guess 20%, the answer 16.7%: 3.3 points too high.' Exact at any size (core's
    gap_verdict, whose bound it keeps: numbers of at most GAP_BITS bits)."""
    verdict = gap_verdict(guess, answer)  # first: its refusal names the guess or the answer
    return f"Your guess {short_number(guess)}%, the answer {percent(answer)}: {verdict}."


class PredictReveal(w.VBox):
    """A question, a guess control, and a Reveal button for the exact answer.

    ``guess`` is the control (a percentage slider, or the choices); ``answer`` the HTML that
    stays empty until :meth:`reveal`.
    """

    def __init__(
        self,
        question: str,
        answer: Fraction | Mapping[str, Fraction] | str,
        *,
        choices: Sequence[str] | None = None,
        explain: str = "",
        step: float = 1,
        reveals: w.Widget | Sequence[w.Widget] = (),
    ):
        for name, text in (("question", question), ("explain", explain)):
            if not isinstance(text, str):
                raise TypeError(f"{name} must be text (HTML); got {described(text)}")
        self.explain = explain
        self.exact: Fraction | None = None
        if choices is None and isinstance(answer, Mapping):
            choices = list(answer)
        if choices is None:
            self.exact = exact_probability(answer, "answer")
            if isinstance(step, bool) or not isinstance(step, numbers.Real) or not 0 < step <= 10:
                raise ValueError(
                    f"step must be a number of percentage points above 0, at most 10; got {shown(step)}"
                )
            self.guess: w.ValueWidget = w.FloatSlider(
                value=50,
                min=0,
                max=100,
                step=step,
                description="your guess (%)",
                readout_format=".1f",
                style={"description_width": "initial"},
                continuous_update=False,
            )
        else:
            self.choices = self._check_choices(choices)
            self.values, self.right = self._check_choice_answer(answer, self.choices)
            short = len(self.choices) <= MAX_TOGGLES and all(len(c) <= 20 for c in self.choices)
            kind = w.ToggleButtons if short else w.Dropdown
            self.guess = kind(options=self.choices, value=None, description="your answer")
        self.guess.add_class("pg-predict-guess")
        self.reveal_button = w.Button(description="Reveal", icon="eye", button_style="info")
        self.reveal_button.add_class("pg-predict-reveal")
        self.reveal_button.on_click(lambda _: self.reveal())
        self.answer = w.HTML()
        self.answer.add_class("pg-predict-answer")
        self.answer.layout.display = "none"
        self.pictures = w.VBox(self._check_reveals(reveals))
        self.pictures.add_class("pg-predict-pictures")
        self.pictures.layout.display = "none"
        self.revealed = False
        self.guess.observe(lambda _: self._show() if self.revealed else None, names="value")
        super().__init__(
            [w.HTML(question), w.HBox([self.guess, self.reveal_button]), self.answer, self.pictures]
        )
        self.add_class("pg-predict")

    @staticmethod
    def _check_reveals(reveals: Any) -> list[w.Widget]:
        """The answer's pictures: a widget or a list of them (at most 10), hidden until Reveal."""
        listed = [reveals] if isinstance(reveals, w.Widget) else reveals
        if isinstance(listed, str) or not isinstance(listed, Sequence) or len(listed) > 10:
            raise ValueError(
                f"reveals must be a widget or a list of at most 10 widgets; got {described(reveals)}"
            )
        stray = [r for r in listed if not isinstance(r, w.Widget)]
        if stray:
            raise ValueError(
                f"reveals must hold widgets (a chart, a board...); it holds {described(stray[0])}"
            )
        return list(listed)

    @staticmethod
    def _check_choices(choices: Sequence[str]) -> list[str]:
        given = [choices] if isinstance(choices, str) else listed(choices, "choices", "answers", most=50)
        if len(given) < 2 or not all(isinstance(c, str) and c for c in given):
            raise ValueError(f"choices must be at least two non-empty strings; got {shown(choices)}")
        if len(set(given)) < len(given):
            raise ValueError(f"choices must all differ; got {shown(choices)}")
        return given

    @staticmethod
    def _check_choice_answer(answer: Any, choices: list[str]) -> tuple[dict[str, Fraction], set[str]]:
        """The exact value of each choice (if given) and the right choice(s)."""
        if isinstance(answer, str):
            if answer not in choices:
                raise ValueError(f"answer {shown(answer)} is not one of the choices: {', '.join(choices)}")
            return {}, {answer}
        if not isinstance(answer, Mapping) or set(answer) != set(choices):
            raise ValueError(
                "with choices, answer must be the right choice or a map from every choice to its exact "
                f"probability ({', '.join(choices)}); got {shown(answer)}"
            )
        values = {c: exact_probability(answer[c], f"answer[{shown(c)}]") for c in choices}
        best = max(values.values())
        return values, {c for c, p in values.items() if p == best}

    def reveal(self) -> None:
        """Show the exact answer and how the guess compares; later guesses update it."""
        self.revealed = True
        self.answer.layout.display = None
        self.pictures.layout.display = None
        self._show()

    def _show(self) -> None:
        if self.exact is not None:
            lines = [f"The answer: <b>{told(self.exact)}</b>.", gap_sentence(self.guess.value, self.exact)]
        else:
            lines = [self._choice_verdict()]
            if self.values:
                lines.append("<br>".join(f"{escape(c)}: <b>{told(p)}</b>" for c, p in self.values.items()))
        if self.explain:
            lines.append(self.explain)
        self.answer.value = "".join(f"<p>{line}</p>" for line in lines)

    def _choice_verdict(self) -> str:
        right = " or ".join(escape(c) for c in self.choices if c in self.right)
        chosen = self.guess.value
        if chosen is None:
            return f"You did not choose; the answer is <b>{right}</b>."
        if chosen in self.right:
            return f"Right: <b>{escape(chosen)}</b>."
        return f"Not quite: you chose {escape(chosen)}, the answer is <b>{right}</b>."


def predict_reveal(
    question: str,
    answer: Fraction | Mapping[str, Fraction] | str,
    *,
    choices: Sequence[str] | None = None,
    explain: str = "",
    step: float = 1,
    reveals: w.Widget | Sequence[w.Widget] = (),
) -> PredictReveal:
    """Build a predict-then-reveal panel.

    Without choices, answer is an exact probability and the student guesses a percentage (a
    slider from 0 to 100 in steps of ``step`` points). With choices (or when answer maps each
    choice to its exact probability), the student picks one: answer is the right choice, or the
    map, whose largest value is right. question and explain are HTML shown as given. reveals: the
    answer's pictures (a widget or a list of widgets), kept hidden until Reveal, so that Run All
    puts nothing on screen that answers the question before the class has predicted.
    """
    return PredictReveal(question, answer, choices=choices, explain=explain, step=step, reveals=reveals)
