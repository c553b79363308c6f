"""Exact conversions between mpmath numbers and limbs, in Python integers:
no rounding but the one each limb is defined by (round to nearest even in
the limb type, subnormal results included), the same rule as the C++
round_limbs (ffft/conversions.hpp)."""

from __future__ import annotations

import mpmath
from mpmath import libmp

from ._formats import Format

# (significand bits, smallest normal exponent, largest finite) per limb type.
_LIMB_RANGES = {4: (24, -126, (2 - 2.0**-23) * 2.0**127), 8: (53, -1022, (2 - 2.0**-52) * 2.0**1023)}


def exact_sum(parts: list[float]) -> tuple:
    """The exact sum of floats, as an mpmath raw value (mpf_add at
    precision 0 does not round)."""
    total = libmp.fzero
    for p in parts:
        total = libmp.mpf_add(total, libmp.from_float(float(p)), 0)
    return total


def round_to_limb(value: tuple, itemsize: int) -> float:
    """value (mpmath raw) rounded to nearest even in the limb type: a float
    whose value fits that type exactly. OverflowError beyond its range."""
    if value == libmp.fzero:
        return 0.0
    bits, emin, largest = _LIMB_RANGES[itemsize]
    sign, man, exp, bc = value
    top = exp + bc - 1  # 2^top <= |value| < 2^(top+1)
    quantum = max(top, emin) - bits + 1  # exponent of the last bit kept
    units = libmp.to_int(libmp.mpf_shift(value, -quantum), "n")
    rounded = libmp.mpf_shift(libmp.from_int(units), quantum)
    result = libmp.to_float(rounded)
    if abs(result) > largest:
        raise OverflowError
    return result


def split(value: tuple, fmt: Format) -> list[float]:
    """The limbs of value: each the nearest limb-type number to what the
    limbs before it leave (exact remainders)."""
    limbs = []
    remainder = value
    for _ in range(fmt.limbs):
        limb = round_to_limb(remainder, fmt.limb.itemsize)
        limbs.append(limb)
        remainder = libmp.mpf_sub(remainder, libmp.from_float(limb), 0)
    return limbs


def to_raw(x: object) -> tuple[tuple, tuple]:
    """(real, imaginary) mpmath raw values of a number: mpmath's, Python's
    or numpy's scalars; ValueError for NaN or infinity."""
    v = mpmath.mpmathify(x)
    if isinstance(v, mpmath.mpc):
        re, im = v._mpc_
    else:
        re, im = v._mpf_, libmp.fzero
    for part in (re, im):
        if part in (libmp.fnan, libmp.finf, libmp.fninf):
            raise ValueError
    return re, im
