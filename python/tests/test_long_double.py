"""long double and clongdouble data: computed in dd128, which holds them
exactly, and returned as numpy returns them (clongdouble; longdouble from
irfft), within one unit in the last place of long double of the exact DFT
(mpmath), normwise. Skipped where long double is double."""

from __future__ import annotations

import mpmath
import numpy as np
import pytest

import ffft
from conftest import REFERENCE_BITS, exact_dft

pytestmark = pytest.mark.skipif(np.finfo(np.longdouble).nmant <= 52, reason="long double is double here")
ULP = mpmath.mpf(2) ** -63  # of long double's 64-bit significand, relative


def exact_values(a):
    """mpmath values of long double data, exactly (through their dd128 split)."""
    high = a.astype(np.complex128)
    low = (a - high.astype(np.clongdouble)).astype(np.complex128)
    return [mpmath.mpc(h.real, h.imag) + mpmath.mpc(lo.real, lo.imag) for h, lo in zip(high, low)]


def long_double_mp(v):
    """An mpmath value of a long double, exactly."""
    high = np.float64(v)
    low = np.float64(v - np.longdouble(high))
    return mpmath.mpf(float(high)) + mpmath.mpf(float(low))


def random_long_double(rng, n, complex_values=True):
    # Values with bits below double's 53: the sum of two doubles 2^-60 apart.
    a = rng.uniform(-1, 1, n).astype(np.longdouble) + np.ldexp(rng.uniform(-1, 1, n), -60).astype(np.longdouble)
    if complex_values:
        b = rng.uniform(-1, 1, n).astype(np.longdouble) + np.ldexp(rng.uniform(-1, 1, n), -60).astype(np.longdouble)
        return a + 1j * b.astype(np.clongdouble)
    return a


@pytest.mark.parametrize("n", [16, 15, 17])
def test_within_an_ulp_of_the_exact_dft(rng, n):
    x = random_long_double(rng, n)
    X = ffft.fft(x)
    assert X.dtype == np.clongdouble
    with mpmath.workprec(REFERENCE_BITS):
        exact = exact_dft(exact_values(x), -1)
        largest = max(abs(e) for e in exact)
        worst = max(abs(mpmath.mpc(long_double_mp(v.real), long_double_mp(v.imag)) - e) for v, e in zip(X, exact))
    assert worst <= ULP * largest, float(worst / largest)
    # Rounding the input to double first would lose its low bits: far beyond an ulp.
    X_double = ffft.fft(x.astype(np.complex128)).astype(np.clongdouble)
    with mpmath.workprec(REFERENCE_BITS):
        worst_double = max(abs(mpmath.mpc(long_double_mp(v.real), long_double_mp(v.imag)) - e)
                           for v, e in zip(X_double, exact))
    assert worst_double > 16 * ULP * largest


def test_dtypes_and_functions(rng):
    r = random_long_double(rng, 32, complex_values=False)
    R = ffft.rfft(r)
    assert R.dtype == np.clongdouble
    assert ffft.irfft(R).dtype == np.longdouble
    assert np.max(np.abs(ffft.irfft(R) - r)) < 2.0**-60
    assert ffft.fftn(r.reshape(4, 8)).dtype == np.clongdouble
    assert ffft.irfftn(ffft.rfftn(r.reshape(4, 8))).dtype == np.longdouble
    assert ffft.hfft(R).dtype == np.longdouble
    E = ffft.fft(r, extended=True)
    assert E.precision == "dd128"
    out = np.empty(17, np.clongdouble)
    assert ffft.rfft(r, out=out) is out and np.array_equal(out, R)
    # exact: a value no double holds, transformed by a unit impulse
    x = np.zeros(4, np.clongdouble)
    x[0] = np.longdouble(1) + np.ldexp(np.longdouble(1), -60)
    assert np.array_equal(ffft.fft(x), np.full(4, x[0]))


def test_bad_input(rng):
    r = random_long_double(rng, 8, complex_values=False)
    with pytest.raises(TypeError, match="dd128"):
        ffft.fft(r, precision="qf128")
    with pytest.raises(TypeError, match="long double"):
        ffft.fft(r, out=np.empty(8, np.complex128))
    with pytest.raises(ValueError, match="range"):
        ffft.fft(np.array([np.longdouble("1e400"), 1]))  # finite in long double, beyond double
