"""Exact numbers as a class reads them: 7/12 as it is, a 400-digit chance to 3 figures.

The exact Fraction stays in the data; these only say how a table, a chart or a sentence shows
it, at any length and sign, without a float overflow or Python's 4,300-digit limit.
"""

from __future__ import annotations

import math
import numbers
import operator
from collections.abc import Iterable
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
    reduced again (a gcd of two million-digit parts takes minutes). Fraction(np.int64(1), 6), as
    numpy counts give it, becomes a Fraction of Python ints too."""
    if isinstance(p, Fraction) and type(p.numerator) is int and type(p.denominator) is int:
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


GAP_BITS = 100_000
"""The most bits (about 30,000 digits) in the numerator or denominator of a guess or an answer
:func:`gap_verdict` compares exactly: a subtraction of such Fractions takes milliseconds, and the
cost grows with the square of the length, so longer numbers are refused up front."""

FLOAT_RANGE = 10**300
"""Numbers below this in size (and zero, or above 1 / FLOAT_RANGE) are shown through a float."""


def short_number(value: numbers.Real) -> str:
    """A number as ``format(x, "g")`` shows it (6 significant figures: 20, 3.3, 1.23457e+06), at
    any size and sign: an int or a Fraction beyond a float's range is shown in powers of ten from
    its logarithms ('1e+400', '-3.33e-401'), never through a float that would overflow.

    value: an int, a Fraction (an exact number) or a finite float, else ValueError.
    """
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"the number must be finite; got {shown(value)}")
        return f"{value:g}"
    exact = _exact_number(value, "the number")
    if exact == 0 or 1 / FLOAT_RANGE < abs(exact) < FLOAT_RANGE:
        return f"{float(exact):g}"
    mantissa, exponent = scientific(exact, 6)
    return f"{mantissa:g}e{exponent:+03d}"


def gap_verdict(guess: numbers.Real, answer: numbers.Real) -> str:
    """How far a guess in percent is from an exact answer, in percentage points to one decimal:
    '3.3 points too high', '16.7 points too low' or 'spot on' (when it rounds to 0).

    Worked out exactly (a float guess counts at its exact binary value), at any size: 10**400
    points too low is '1e+402 points too low', with no float overflow. guess: a number, the
    percentage guessed; answer: the exact chance (from 0 to 1 for a probability, though any size
    is answered), an int, a Fraction or a finite float. Bound: numerators and denominators of at
    most GAP_BITS bits (about 30,000 digits) each, else ValueError before any arithmetic.
    """
    gap = _exact_number(guess, "guess") - _exact_number(answer, "answer") * 100
    points = round(gap, 1)
    if not points:
        return "spot on"
    return f"{short_number(abs(points))} points too {'high' if points > 0 else 'low'}"


def _exact_number(value: object, name: str) -> Fraction:
    """value as an exact Fraction (a finite float at its binary value), of at most GAP_BITS bits."""
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{name} must be a finite number; got {shown(value)}")
        return Fraction(value)
    if isinstance(value, bool) or not isinstance(value, numbers.Rational):
        raise ValueError(
            f"{name} must be a number (an int, a Fraction or a finite float); got {shown(value)}"
        )
    exact = as_fraction(value)
    longest = max(abs(exact.numerator).bit_length(), exact.denominator.bit_length())
    if longest > GAP_BITS:
        raise ValueError(
            f"{name} is too long to compare exactly in a second: a numerator or denominator of about "
            f"{int(longest * 0.30103):,} digits; at most {GAP_BITS:,} bits (about 30,000 digits) are allowed"
        )
    return exact


def joined(texts: Iterable[str]) -> str:
    """Sentences and phrases as one text, as a history row shows a step's events: after a full
    stop the next begins a new sentence, after a phrase it follows a semicolon (never ".;").
    texts: a list or other iterable of strings (not one string); it costs one pass over them."""
    if isinstance(texts, str) or not isinstance(texts, Iterable):
        raise TypeError(f"texts must be a list of strings (sentences or phrases); got {shown(texts)}")
    out = ""
    for text in texts:
        if not isinstance(text, str):
            raise TypeError(f"texts must hold strings only; one of them is {shown(text)}")
        if out:
            out += " " if out.endswith((".", "!", "?")) else "; "
        out += text
    return out
