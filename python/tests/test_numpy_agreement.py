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


def test_dtypes_follow_numpy_and_the_format(rng):
    x64 = random_complex(rng, 256, np.complex64)
    assert ffft.fft(x64).dtype == np.complex128  # dd128: more bits than complex64
    assert ffft.fft(x64, precision="df64").dtype == np.complex64
    assert ffft.fft(x64, precision="qf128").dtype == np.complex128
    assert ffft.rfft(x64.real.copy(), precision="df64").dtype == np.complex64
    assert ffft.irfft(x64, precision="df64").dtype == np.float32
    assert ffft.fft(np.arange(8)).dtype == np.complex128  # integers, exactly as float64
    assert np.allclose(ffft.fft(np.arange(8)), np.fft.fft(np.arange(8)))
    assert np.allclose(ffft.fft([1, 2, 3]), np.fft.fft([1, 2, 3]))  # lists
    edge = np.array([2**53, -(2**53), 1], np.int64)  # the largest integers exact in float64
    assert np.array_equal(ffft.fft(edge, n=1), [2.0**53])


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
