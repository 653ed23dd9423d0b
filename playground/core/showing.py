"""Exact numbers as a class reads them: 7/12 as it is, a 400-digit chance to 3 figures.

The exact Fraction stays in the data; these only say how a table, a chart or a sentence shows
it, at any length and sign, without a float overflow or Python's 4,300-digit limit.
"""

from __future__ import annotations

import math
import numbers
import operator
from fractions import Fraction

from .numbers import shown, whole_number


def readable(p: Fraction) -> str:
    """An exact number as a person reads it: 7/12, -1/3, or about 3.1e-421 when it is long.

    The running probability of a whole game's path has hundreds of digits; the exact Fraction
    stays in the data, and this is only how a table shows it. p: an exact number, a Fraction or
    an int (tables also show exact means and differences, which may be negative, this way). It
    is shown as it is when its denominator is below 10**9 and its numerator below 10**15 in size,
    else to 3 significant figures with its sign, at any size: -1/10**12 is '≈ -1.00e-12'.
    """
    p = as_fraction(p)
    if p.denominator < 10**9 and abs(p.numerator) < 10**15:
        return str(p)
    mantissa, exponent = scientific(p)
    return f"≈ {mantissa:.2f}e{exponent}"


def as_fraction(p: numbers.Rational) -> Fraction:
    """p, an exact number, as a Fraction of Python ints: a numpy integer's or a sympy Rational's
    parts are converted (a Fraction of numpy ints would overflow); a Fraction is kept, not
    reduced again (a gcd of two million-digit parts takes minutes)."""
    if isinstance(p, Fraction):
        return p
    if not isinstance(p, numbers.Rational) or isinstance(p, bool) or type(p).__name__ == "bool_":
        raise ValueError(f"p must be an exact number, an int or a Fraction; got {shown(p)}")
    return Fraction(operator.index(p.numerator), operator.index(p.denominator))


def scientific(p: Fraction, figures: int = 3) -> tuple[float, int]:
    """(m, e) with p ≈ m·10**e, 1 <= |m| < 10 rounded to figures significant figures (0, 0 for 0).

    Worked out from the logarithms of the numerator and the denominator, so a Fraction of any
    length is quick, and one far beyond what a float holds (10**-400, 10**400) still shows.
    """
    p, figures = as_fraction(p), whole_number(figures, "figures", 1, 15)
    if p == 0:
        return 0.0, 0
    exponent = math.log10(abs(p.numerator)) - math.log10(p.denominator)
    whole = math.floor(exponent)
    mantissa = round(10 ** (exponent - whole), figures - 1)
    if mantissa >= 10:  # 9.996 rounds up into the next power of ten
        mantissa, whole = mantissa / 10, whole + 1
    return (-mantissa if p < 0 else mantissa), whole
