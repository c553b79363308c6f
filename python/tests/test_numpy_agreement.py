"""Double results against numpy.fft: the same conventions (signs, norms,
n, axes, dtypes), and dd128 results rounded once are at least as accurate
as numpy's double transform."""

from __future__ import annotations

import numpy as np
import pytest

import ffft
from conftest import DOUBLE_TOL, NUMPY_LONG_TOL, NUMPY_TOL, accuracy_limit, random_complex

SIZES = [1, 2, 3, 8, 12, 17, 64, 100, 1024, 3 * 5 * 7 * 16, 4099]


def rel(a, b):
    return np.linalg.norm(a - b) / max(np.linalg.norm(b), 1e-300)


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("norm", [None, "backward", "ortho", "forward"])
def test_complex_matches_numpy(rng, n, norm):
    x = random_complex(rng, n)
    # numpy's double transform is within ~1e-16 sqrt(log n) of exact; the
    # dd128 result, rounded once, within half an ulp.
    assert rel(ffft.fft(x, norm=norm), np.fft.fft(x, norm=norm)) < NUMPY_LONG_TOL
    assert rel(ffft.ifft(x, norm=norm), np.fft.ifft(x, norm=norm)) < NUMPY_LONG_TOL


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("norm", [None, "ortho", "forward"])
def test_real_matches_numpy(rng, n, norm):
    x = rng.uniform(-1, 1, n)
    X = ffft.rfft(x, norm=norm)
    assert X.shape == (n // 2 + 1,) and X.dtype == np.complex128
    assert rel(X, np.fft.rfft(x, norm=norm)) < NUMPY_LONG_TOL
    y = ffft.irfft(X, n, norm=norm)
    assert y.dtype == np.float64
    assert rel(y, np.fft.irfft(np.fft.rfft(x, norm=norm), n, norm=norm)) < NUMPY_LONG_TOL
    assert rel(y, x) < DOUBLE_TOL


def test_round_trip_is_exact_in_double(rng):
    # dd128 carries 106 bits: ifft(fft(x)) rounded to double gives x back.
    x = random_complex(rng, 4096)
    assert np.array_equal(ffft.ifft(ffft.fft(x, extended=True)), x)


@pytest.mark.parametrize("precision", ["df64", "qf128", "dd128"])
def test_every_precision_agrees(rng, precision):
    x = random_complex(rng, 1000)
    tolerance = max(accuracy_limit(precision, 1000), NUMPY_TOL)
    assert rel(ffft.fft(x, precision=precision), np.fft.fft(x)) < tolerance


@pytest.mark.parametrize("precision", ["df64", "qf128", "dd128"])
def test_dtypes_follow_numpy(rng, precision):
    """As numpy 2 and scipy: single-precision data give single-precision
    results, in every format, rounded once from it; double data give
    double results."""
    x64 = random_complex(rng, 256, np.complex64)
    r32 = x64.real.copy()
    for data in (x64, r32, r32.astype(np.float16)):
        assert ffft.fft(data, precision=precision).dtype == np.complex64
        assert ffft.ifft(data, precision=precision).dtype == np.complex64
        assert ffft.fftn(data.reshape(16, 16), precision=precision).dtype == np.complex64
    assert ffft.rfft(r32, precision=precision).dtype == np.complex64
    assert ffft.rfft(r32.astype(np.float16), precision=precision).dtype == np.complex64
    assert ffft.irfft(x64, precision=precision).dtype == np.float32
    assert ffft.irfftn(x64.reshape(16, 16), precision=precision).dtype == np.float32
    # Rounded once from the format (not through complex128).
    extended = ffft.fft(x64, precision=precision, extended=True)
    assert np.array_equal(ffft.fft(x64, precision=precision), extended.rounded(np.complex64))
    booleans = np.array([True, False, True, True])
    assert ffft.fft(booleans, precision=precision).dtype == np.fft.fft(booleans).dtype  # as float64: complex128
    assert np.allclose(ffft.fft(booleans, precision=precision), np.fft.fft(booleans))
    for integer in (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64):
        values = np.array([1, 0, 7, 100, 3, 0, 2, 9], integer)
        assert ffft.fft(values, precision=precision).dtype == np.fft.fft(values).dtype  # complex128
        assert ffft.rfft(values, precision=precision).dtype == np.fft.rfft(values).dtype
        assert np.allclose(ffft.fft(values, precision=precision), np.fft.fft(values))
    if precision != "df64":  # df64 reads double data only as 48 bits
        assert ffft.fft(x64.astype(np.complex128), precision=precision).dtype == np.complex128
        assert ffft.irfft(x64.astype(np.complex128), precision=precision).dtype == np.float64


def test_single_precision_rounding_is_once(rng):
    """round_once_to_single (the GPU's rounding of dd128 to float32) gives
    the float32 nearest high + low, exactly (fractions), where the cast of
    high alone would round twice: just off float midpoints, at the overflow
    tie, in the subnormal range; and the host's C++ rounding agrees."""
    from fractions import Fraction

    from ffft._execute import round_once_to_single

    def nearest(high, low):
        x = Fraction(float(high)) + Fraction(float(low))
        limit = Fraction(2**128) - Fraction(2**103)  # halfway from FLT_MAX to 2^128
        if abs(x) >= limit:  # at the tie itself, to even: 2^128, infinity
            return np.float32(np.inf if x > 0 else -np.inf)
        with np.errstate(over="ignore"):
            f = np.float32(high)
        if not np.isfinite(f):
            f = np.float32(np.copysign(np.finfo(np.float32).max, high))
        best = None
        with np.errstate(over="ignore"):
            candidates = (np.nextafter(f, np.float32(-np.inf)), f, np.nextafter(f, np.float32(np.inf)))
        for c in candidates:
            d = abs(Fraction(float(c)) - x) if np.isfinite(c) else None
            if d is not None and (best is None or d < best[0] or (d == best[0] and int(c.view(np.int32)) % 2 == 0)):
                best = (d, c)
        return best[1]

    highs, lows = [], []
    for i in range(3000):
        f = np.float32(rng.uniform(1, 2) * 2.0 ** int(rng.integers(-140, 127)) * (1 if i % 2 else -1))
        up = np.nextafter(f, np.float32(np.inf) if f > 0 else np.float32(-np.inf))
        midpoint = (float(f) + float(up)) / 2
        tail = abs(midpoint) * 2.0**-70 * (1 if i % 3 == 0 else -1 if i % 3 == 1 else 0)
        highs.append(midpoint)
        lows.append(tail)
    tie = float.fromhex("0x1.ffffffp127")
    highs += [tie, tie, -tie, -tie]
    lows += [-1.0, 1.0, 1.0, -1.0]
    high, low = np.array(highs), np.array(lows)
    got = round_once_to_single(high, low)
    assert got.dtype == np.float32
    want = np.array([nearest(h, l) for h, l in zip(high, low)], np.float32)
    assert np.array_equal(got, want)
    with np.errstate(over="ignore"):
        assert np.count_nonzero(high.astype(np.float32) != want) > 500  # double rounding misses these
    # The host's conversion (ffft/conversions.hpp) on the same pairs.
    pairs = ffft.Extended([high + 0j, low + 0j], "dd128")
    assert np.array_equal(pairs.rounded(np.complex64).real, want)
    assert ffft.fft(np.arange(8)).dtype == np.complex128  # integers, exactly as float64
    assert np.allclose(ffft.fft(np.arange(8)), np.fft.fft(np.arange(8)))
    assert np.allclose(ffft.fft([1, 2, 3]), np.fft.fft([1, 2, 3]))  # lists
    edge = np.array([2**53, -(2**53), 1], np.int64)  # the largest integers exact in float64
    assert np.array_equal(ffft.fft(edge, n=1), [2.0**53])


@pytest.mark.parametrize("big", [np.array([2**53 + 1, 3], np.int64), np.array([-(2**60) - 1, 5], np.int64),
                                 np.array([2**64 - 1, 7], np.uint64)])
def test_integers_beyond_double_are_rounded_as_numpy(big):
    # numpy's transforms take the nearest double of each integer: so does ffft.
    rounded = big.astype(np.float64)
    assert float(rounded[0]) != int(big[0])  # the case is one that rounds
    assert np.array_equal(ffft.fft(big, n=1), rounded[:1])
    assert np.array_equal(ffft.rfft(big), ffft.rfft(rounded))
    assert rel(ffft.fft(big), np.fft.fft(big)) < NUMPY_TOL


@pytest.mark.parametrize("n", [5, 8, 13, 20])
def test_n_pads_and_truncates_as_numpy(rng, n):
    x = random_complex(rng, (3, 11))
    assert rel(ffft.fft(x, n), np.fft.fft(x, n)) < NUMPY_TOL
    r = x.real.copy()
    assert rel(ffft.rfft(r, n), np.fft.rfft(r, n)) < NUMPY_TOL
    assert rel(ffft.irfft(x, n), np.fft.irfft(x, n)) < NUMPY_TOL


def test_irfft_default_length_and_ignored_imaginary_parts(rng):
    X = random_complex(rng, 9)
    assert ffft.irfft(X).shape == (16,)
    assert rel(ffft.irfft(X), np.fft.irfft(X)) < NUMPY_TOL
    assert rel(ffft.irfft(X, 17), np.fft.irfft(X, 17)) < NUMPY_TOL


def test_nonfinite_values_propagate_as_numpy():
    x = np.zeros(8, complex)
    x[3] = np.nan
    assert np.isnan(ffft.fft(x)).all()
