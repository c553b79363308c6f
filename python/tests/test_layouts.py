"""Strides, memory orders, axes, batches and out arrays: the same result
as a contiguous copy transformed along the last axis."""

from __future__ import annotations

import numpy as np
import pytest

import ffft
from conftest import NUMPY_TOL, random_complex


def reference(x, axis, n=None, function=np.fft.fft):
    return function(np.ascontiguousarray(x), n=n, axis=axis)


def close(a, b):
    return np.linalg.norm(a - b) <= NUMPY_TOL * max(np.linalg.norm(b), 1e-300)


@pytest.mark.parametrize("axis", [0, 1, 2, -1, -2, -3])
def test_every_axis_of_a_3d_array(rng, axis):
    x = random_complex(rng, (4, 6, 10))
    X = ffft.fft(x, axis=axis)
    assert X.shape == x.shape
    assert close(X, reference(x, axis))


def test_batch_lines_are_independent(rng):
    x = random_complex(rng, (5, 7, 16))
    X = ffft.fft(x, axis=1)
    for i in range(5):
        for k in range(16):
            assert np.array_equal(X[i, :, k], ffft.fft(x[i, :, k].copy()))


def test_strided_and_reversed_views(rng):
    base = random_complex(rng, (8, 64))
    for view in (base[:, ::2], base[::-1, ::-3], base[1::2, 5:50], base.T):
        assert close(ffft.fft(view), reference(view, -1))
        assert close(ffft.fft(view, axis=0), reference(view, 0))


def test_fortran_order(rng):
    x = np.asfortranarray(random_complex(rng, (12, 9)))
    assert close(ffft.fft(x), reference(x, -1))
    assert close(ffft.fft(x, axis=0), reference(x, 0))
    r = np.asfortranarray(rng.uniform(-1, 1, (12, 9)))
    assert close(ffft.rfft(r, axis=0), np.fft.rfft(r, axis=0))


def test_input_is_never_written(rng):
    x = random_complex(rng, (3, 32))
    copy = x.copy()
    ffft.fft(x, axis=0)
    ffft.irfft(x, n=40)
    assert np.array_equal(x, copy)
    x.setflags(write=False)  # a read-only input is fine
    assert np.array_equal(ffft.fft(x), ffft.fft(copy))


_EVERY_FUNCTION = ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "fft2", "ifft2", "rfft2", "irfft2",
                   "hfft2", "ihfft2", "fftn", "ifftn", "rfftn", "irfftn", "hfftn", "ihfftn")


@pytest.mark.parametrize("name", _EVERY_FUNCTION)
def test_overwrite_x_is_taken_and_the_input_kept(rng, name):
    # scipy.fft's overwrite_x allows a transform to destroy its input; ffft's
    # functions take it and still never write the input.
    real = name in ("rfft", "ihfft", "rfft2", "ihfft2", "rfftn", "ihfftn")
    x = rng.uniform(-1, 1, (4, 6)) if real else random_complex(rng, (4, 6))
    copy = x.copy()
    function = getattr(ffft, name)
    got = function(x, overwrite_x=True)
    assert np.array_equal(x, copy)
    assert np.array_equal(got, function(copy))


def test_out_may_be_the_input(rng):
    x = random_complex(rng, (3, 32))
    expected = ffft.fft(x)
    assert ffft.fft(x, out=x) is x and np.array_equal(x, expected)


@pytest.mark.parametrize("axis", [0, 1])
def test_out_arrays(rng, axis):
    x = random_complex(rng, (6, 10))
    expected = ffft.fft(x, axis=axis)
    out = np.empty((6, 10), complex)
    assert ffft.fft(x, axis=axis, out=out) is out and np.array_equal(out, expected)
    fortran = np.empty((6, 10), complex, order="F")
    assert np.array_equal(ffft.fft(x, axis=axis, out=fortran), expected)
    strided = np.empty((6, 20), complex)[:, ::2]  # written through a copy
    assert np.array_equal(ffft.fft(x, axis=axis, out=strided), expected)
    single = np.empty((6, 10), np.complex64)  # rounded once to complex64
    ffft.fft(x, axis=axis, out=single)
    assert np.array_equal(single, ffft.fft(x, axis=axis, extended=True).rounded(np.complex64))


def test_extended_out(rng):
    x = random_complex(rng, 16)
    out = ffft.fft(x, extended=True)
    again = ffft.fft(2 * x, extended=True, out=out)
    assert again is out
    assert np.array_equal(out.limbs[0], 2 * ffft.fft(x, extended=True).limbs[0])
    assert ffft.ifft(x, out=out) is out  # an Extended out asks for the extended result
    assert np.array_equal(out.limbs[1], ffft.ifft(x, extended=True).limbs[1])


def test_empty_batches(rng):
    x = np.zeros((0, 8), complex)
    assert ffft.fft(x).shape == (0, 8)
    assert ffft.rfft(np.zeros((3, 0, 8))).shape == (3, 0, 5)
    assert ffft.fft(x, extended=True).shape == (0, 8)
