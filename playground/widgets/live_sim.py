"""A live simulation drawn over the exact answer: roll 1, 100 or 10,000 times and watch.

The exact bars stay put while the observed shares (narrow orange bars) jump about after a few
rolls and settle onto them after thousands: the law of large numbers, seen. The line under the
chart puts the largest gap next to the standard error, so "how close is close" has a yardstick.
"""

from __future__ import annotations

import math
import random
import reprlib
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as w

from playground.core.checks import listed
from playground.core.dist import Dist
from playground.core.numbers import is_whole, shown, whole_number
from playground.widgets.bars import bars_svg
from playground.widgets.predict import decimal
from playground.widgets.redraw import redraws

BATCHES = (1, 100, 10_000)
"""The roll buttons: one to feel a single roll, then enough to see the shape, then to settle it."""

MAX_ROLLS = 1_000_000
"""The most rolls one call of roll() adds: a million exact draws take about half a second."""

MAX_LIVE_OUTCOMES = 2_000
"""The most outcomes a live simulation follows. Each redraw works out every outcome's observed
share and gap exactly (2,000 take about 30 ms); and a million rolls spread over far more
outcomes leave too few per outcome to settle, so group them first (dist.map)."""

Sampler = Callable[[random.Random], Any]
BatchSampler = Callable[[random.Random, int], Sequence[Any]]


def _listed(outcomes: Sequence[Any], most: int = 12) -> str:
    text = ", ".join(str(o) for o in outcomes[:most])
    return text + (", ..." if len(outcomes) > most else "")


class LiveSimulation(w.VBox):
    """Roll buttons, a chart of observed shares over the exact bars, and how far apart they are.

    ``counts`` maps every outcome of the exact distribution to how often it came up, ``total``
    is the number of rolls; the panel's own ``random.Random(seed)`` makes every run repeatable.
    """

    def __init__(
        self,
        dist: Dist,
        sample: Sampler | None = None,
        *,
        sample_many: BatchSampler | None = None,
        seed: int = 0,
        title: str = "",
        batches: Sequence[int] = BATCHES,
        verb: str = "roll",
        unit: str = "rolls",
    ):
        if not isinstance(dist, Dist):
            raise ValueError(
                f"dist must be an exact Dist (playground.core.dist.Dist); got {reprlib.repr(dist)}"
            )
        if len(dist) > MAX_LIVE_OUTCOMES:
            raise ValueError(
                f"dist has {len(dist):,} outcomes; a live simulation follows at most {MAX_LIVE_OUTCOMES:,} "
                "(too few rolls land on each to settle): group them first, e.g. "
                "dist.map(lambda total: total // 10) for totals in tens"
            )
        if sample is not None and sample_many is not None:
            raise ValueError("give sample (one roll) or sample_many (a batch of rolls), not both")
        for name, f in (("sample", sample), ("sample_many", sample_many)):
            if f is not None and not callable(f):
                raise ValueError(f"{name} must be a function of a random.Random; got {shown(f)}")
        seed = whole_number(seed, "seed", 0)  # a negative seed would roll its positive twin's dice
        if not isinstance(title, str):
            raise ValueError(f"title must be text; got {shown(title)}")
        self.dist, self.seed, self.title = dist, seed, title
        if sample_many is not None:
            self._draw: BatchSampler = sample_many
        elif sample is not None:
            self._draw = lambda rng, n: [sample(rng) for _ in range(n)]
        else:
            self._draw = dist.sample_many
        batches = listed(batches, "batches", "button sizes", most=5)
        if not batches or not all(is_whole(n) and 1 <= n <= MAX_ROLLS for n in batches):
            raise ValueError(
                f"batches must be 1 to 5 whole numbers of rolls, each from 1 to {MAX_ROLLS:,}; "
                f"got {shown(batches)}"
            )
        for name, word, like in (("verb", verb, "'roll' or 'deal'"), ("unit", unit, "'rolls' or 'turns'")):
            if not isinstance(word, str) or not 0 < len(word) <= 20:
                raise ValueError(
                    f"{name} must be a word of at most 20 letters, such as {like}; got {shown(word)}"
                )
        self.unit = unit
        self.roll_buttons = {int(n): w.Button(description=f"{verb} {n:,}", icon="dice") for n in batches}
        for n, button in self.roll_buttons.items():
            button.on_click(lambda _, n=n: self.roll(n))
        self.reset_button = w.Button(description="Reset", icon="refresh")
        self.reset_button.on_click(lambda _: self.reset())
        self.chart, self.summary, self.message = w.HTML(), w.HTML(), w.HTML()
        for widget, name in [
            (self.chart, "pg-live-sim-chart"),
            (self.summary, "pg-live-sim-summary"),
            (self.message, "pg-live-sim-message"),
        ]:
            widget.add_class(name)
        buttons = w.HBox([*self.roll_buttons.values(), self.reset_button])
        super().__init__([buttons, self.chart, self.summary, self.message])
        self.add_class("pg-live-sim")
        self.reset()

    @property
    def total(self) -> int:
        """How many rolls so far."""
        return sum(self.counts.values())

    def shares(self) -> dict[Any, Fraction]:
        """The observed share of every outcome (empty before the first roll)."""
        total = self.total
        return {o: Fraction(c, total) for o, c in self.counts.items()} if total else {}

    def largest_gap(self) -> Fraction:
        """The largest |observed share - exact probability| over all outcomes (0 before any roll)."""
        return self._widest()[1]

    def _widest(self) -> tuple[Any, Fraction]:
        shares = self.shares()
        if not shares:
            return None, Fraction(0)
        return max(((o, abs(shares[o] - p)) for o, p in self.dist.items()), key=lambda og: og[1])

    def reset(self) -> None:
        """Forget every roll and reseed, so the same clicks give the same counts again."""
        self.rng = random.Random(self.seed)
        self.counts: dict[Any, int] = dict.fromkeys(self.dist, 0)
        self.message.value = ""
        self._redraw()

    def roll(self, n: int) -> None:
        """Add n simulated rolls (1 to MAX_ROLLS); an outcome the exact distribution lacks is
        reported, not counted."""
        n = whole_number(n, "the number of rolls", 1, MAX_ROLLS)
        before = self.rng.getstate()
        try:
            drawn = self._draw(self.rng, n)
        except BaseException:  # the stop button: a batch not counted is not rolled either
            self.rng.setstate(before)
            raise
        problem = self._problem(drawn, n)
        if problem:
            self.message.value = f"<span style='color:#b00'>{escape(problem)} Nothing was counted.</span>"
            return
        self.message.value = ""
        counts = dict(self.counts)
        for outcome, count in Counter(drawn).items():
            counts[outcome] += count
        self.counts = counts  # the whole batch at once, so a stop never counts half of it
        self._redraw()

    def _problem(self, drawn: Sequence[Any], n: int) -> str:
        """What is wrong with a batch from the sampler, or '' when it can be counted."""
        try:
            if len(drawn) != n:
                return f"The sampler was asked for {n} rolls and gave {len(drawn)}."
            stray = next((o for o in drawn if o not in self.dist), None)
        except TypeError:
            return f"The sampler must give a list of outcomes; it gave {shown(drawn, 80)}."
        if stray is None:
            return ""
        outcomes = _listed(list(self.dist))
        return (
            f"The sampler gave {shown(stray)}, which is not an outcome of the exact distribution "
            f"({outcomes})."
        )

    def _unit(self, total: int) -> str:
        """What the summary counts, for this many: 1 roll, 2 rolls, 1 match, 2 matches."""
        if total != 1:
            return self.unit
        for plural, one in (("ches", "ch"), ("shes", "sh"), ("s", "")):  # matches, shuffles, rolls
            if self.unit.endswith(plural):
                return self.unit[: -len(plural)] + one
        return self.unit

    @redraws("summary", "chart")
    def _redraw(self) -> None:
        total = self.total
        if not total:  # the exact bars come with the first roll: before it they would answer the question
            self.chart.value = ""
            self.summary.value = (
                f"No {escape(self.unit)} yet: press a button (the exact chances appear with the first one)."
            )
            return
        self.chart.value = bars_svg(self.dist, title=self.title, observed=self.shares())
        outcome, gap = self._widest()
        p = self.dist[outcome]
        error = math.sqrt(p * (1 - p) / total) * 100
        self.summary.value = (
            f"{total:,} {escape(self._unit(total))}. Largest gap: <b>{float(gap) * 100:.2f} points</b> "
            f"at {escape(str(outcome))} "
            f"(observed {decimal(self.shares()[outcome] * 100)}%, exact {decimal(p * 100)}%); "
            f"standard error there &radic;(p(1&minus;p)/N) = {error:.2f} points."
        )


def live_simulation(
    dist: Dist,
    sample: Sampler | None = None,
    *,
    sample_many: BatchSampler | None = None,
    seed: int = 0,
    title: str = "",
    batches: Sequence[int] = BATCHES,
    verb: str = "roll",
    unit: str = "rolls",
) -> LiveSimulation:
    """Build the live simulation panel over the exact distribution dist.

    sample(rng) rolls once (a game's own roll, say); sample_many(rng, n) rolls n times at once.
    Without either, dist itself is sampled, exactly and fast (10,000 rolls in milliseconds).
    batches: the buttons' numbers of rolls (1 to 5 of them; default 1, 100 and 10,000: a sampler
    that plays a whole game may want smaller ones); verb: the buttons' word ("roll", "deal");
    unit: what the summary counts, plural ("rolls", "turns"; "1 roll" for one).
    The exact bars are drawn from the first roll on, so the panel answers no question before it.
    dist has at most MAX_LIVE_OUTCOMES outcomes (more are refused in a sentence, at once); past
    MAX_BARS of them the chart groups neighbouring outcomes into one bar, as :func:`bars_svg` does.
    """
    return LiveSimulation(
        dist, sample, sample_many=sample_many, seed=seed, title=title, batches=batches, verb=verb, unit=unit
    )
