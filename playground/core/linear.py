"""Exact linear algebra on Fractions: solve a square system with no rounding at all.

A chance worked out by hand is a fraction, and a teacher wants 36/41 on the board, not
0.8780487804878049. ``solve_exact`` solves ``matrix @ x = rhs`` in whole numbers (fraction-free
elimination) and gives the answer as Fractions. It refuses, in words and before any work, a
system too big to answer within about a second: more than MAX_UNKNOWNS unknowns, or numbers
(given, or possible in the answer) longer than MAX_DIGITS digits.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from .numbers import shown

__all__ = ["MAX_DIGITS", "MAX_UNKNOWNS", "solve_exact"]


MAX_UNKNOWNS = 100
"""The most unknowns solve_exact takes: elimination costs about n³ steps on whole numbers."""

MAX_DIGITS = 500
"""The most digits solve_exact lets an entry or the answer's fractions have, so that each step
stays cheap (100 unknowns at 500 digits: about 0.7 s) and every answer can be printed."""

_BITS_PER_DIGIT = math.log2(10)


def solve_exact(matrix: Sequence[Sequence[Fraction]], rhs: Sequence[Fraction]) -> list[Fraction]:
    """Solve ``matrix @ x = rhs`` exactly by Gauss-Jordan elimination.

    Floating point would give 0.8780487804878049 where the class wants 36/41, so every step
    stays exact. Each row is scaled to whole numbers and kept reduced by its gcd (fraction-free
    elimination), which is several times faster than Fraction arithmetic and just as exact.

    Bounds, checked before solving so that an answer comes within about a second: a square
    system (one row of ``matrix`` and one number of ``rhs`` per unknown) of at most MAX_UNKNOWNS
    (100) unknowns; entries whole numbers or fractions (a finite float counts at its exact
    value) of at most MAX_DIGITS (500) digits; and rows small enough that the answer's fractions
    cannot need more than MAX_DIGITS digits (Hadamard's bound: the digits of the rows' lengths,
    once each row is scaled to whole numbers, added up). Raises ValueError, in words, otherwise
    and if the system has no single solution.
    """
    return _solve_whole(_whole_rows(matrix, rhs))


def _listed(value: object, name: str) -> list[Any]:
    """value as a list, if it is a list, tuple or numpy array of at most MAX_UNKNOWNS items."""
    listed = isinstance(value, np.ndarray) and value.ndim > 0
    if not (listed or (isinstance(value, Sequence) and not isinstance(value, str | bytes))):
        raise ValueError(f"{name} must be a list of numbers; got {shown(value)}")
    if len(value) > MAX_UNKNOWNS:
        raise ValueError(
            f"{name} has {len(value):,} entries, too many to solve exactly in about a second: "
            f"at most {MAX_UNKNOWNS} unknowns are allowed"
        )
    return list(value)


def _entry(value: object, where: str) -> Fraction:
    """One entry as an exact Fraction: a whole number, a fraction or a finite float, not too long."""
    rational = isinstance(value, numbers.Rational) and not isinstance(value, bool)
    if not (rational or (isinstance(value, float) and math.isfinite(value))):
        raise ValueError(
            f"{where} must be a whole number or a fraction (a finite number); got {shown(value)}"
        )
    exact = Fraction(value)
    top, bottom = int(exact.numerator), int(exact.denominator)  # a numpy integer would overflow
    if max(abs(top), bottom).bit_length() > MAX_DIGITS * _BITS_PER_DIGIT:
        raise ValueError(f"{where} has more than {MAX_DIGITS} digits: too long to solve in about a second")
    return Fraction(top, bottom)


def _whole_rows(matrix: object, rhs: object) -> list[list[int]]:
    """The system's rows [a_1 .. a_n | b] scaled to whole numbers and reduced, once it is checked
    to be square, of numbers, and small enough to solve quickly (see solve_exact)."""
    right = _listed(rhs, "rhs")
    n = len(right)
    rows = _listed(matrix, "matrix")
    if len(rows) != n:
        raise ValueError(
            f"matrix and rhs must have one row and one number per unknown; matrix has {len(rows)} "
            f"rows and rhs {n} numbers"
        )
    spread = math.log10(n + 1) / 2  # a row of n + 1 numbers is at most sqrt(n + 1) times its largest
    digits, whole_rows = 0.0, []
    for i, (row, r) in enumerate(zip(rows, right, strict=True), start=1):
        values = _listed(row, f"matrix row {i}")
        if len(values) != n:
            raise ValueError(f"matrix must be square, {n} numbers in every row; row {i} has {len(values)}")
        exact = [_entry(v, f"matrix row {i}, column {j}") for j, v in enumerate(values, start=1)]
        exact.append(_entry(r, f"rhs number {i}"))
        scale = 1
        for v in exact:
            scale = math.lcm(scale, v.denominator)
            if scale.bit_length() > 2 * MAX_DIGITS * _BITS_PER_DIGIT + 1:
                # the reduced row's largest number is at least scale / its largest denominator
                raise _too_big(i)
        whole = _reduced([v.numerator * (scale // v.denominator) for v in exact])
        digits += max(abs(v) for v in whole).bit_length() / _BITS_PER_DIGIT + spread
        if digits > MAX_DIGITS:
            raise _too_big(i)
        whole_rows.append(whole)
    return whole_rows


def _too_big(row: int) -> ValueError:
    return ValueError(
        f"the system is too big to solve exactly in about a second: by row {row} its answer could "
        f"need more than {MAX_DIGITS} digits (Hadamard's bound, from the rows scaled to whole "
        "numbers): use fewer unknowns or shorter numbers"
    )


def _solve_whole(rows: list[list[int]]) -> list[Fraction]:
    """Solve the system whose rows are whole numbers [a_1 .. a_n | b], by fraction-free elimination.

    Forward elimination keeps every row in whole numbers (each new row reduced by its gcd, and
    only the columns not yet cleared are worked on), then back substitution from the last unknown
    up, still in whole numbers over one common denominator, gives the exact Fractions: half the
    work of clearing above and below every pivot, and no Fraction arithmetic.
    """
    n = len(rows)
    for col in range(n):
        pivot = next((r for r in range(col, n) if rows[r][col] != 0), None)
        if pivot is None:
            raise ValueError("the linear system has no single solution")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        p, lead = rows[col][col], rows[col][col:]
        for r in range(col + 1, n):
            f = rows[r][col]
            if f:
                rows[r][col:] = _reduced([p * a - f * b for a, b in zip(rows[r][col:], lead, strict=True)])
    # back substitution in whole numbers: x_j = y_j / den for one common den, Fractions at the end
    y, den = [0] * n, 1
    for i in reversed(range(n)):
        row = rows[i]
        top = row[n] * den - sum(row[j] * y[j] for j in range(i + 1, n) if row[j])
        g = math.gcd(top, row[i]) * (1 if row[i] > 0 else -1)
        if row[i] != g:  # x_i = top / (row[i] * den): widen the common den by row[i] / g
            widen = row[i] // g
            den *= widen
            y[i + 1 :] = [v * widen for v in y[i + 1 :]]
        y[i] = top // g
    return [Fraction(v, den) for v in y]


def _reduced(row: list[int]) -> list[int]:
    g = math.gcd(*row)
    return [v // g for v in row] if g > 1 else row
