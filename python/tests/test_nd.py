"""The N-D transforms (fft2, ifft2, fftn, ifftn, rfft2, irfft2, rfftn,
irfftn): numpy's results and semantics for s, axes and norm, the exact DFT
on small shapes within the sum of the 1-D limits, the bits of the 1-D
functions along one axis, Extended data, out, and bad input."""

from __future__ import annotations

import math

import mpmath
import numpy as np
import pytest

import ffft
from conftest import NUMPY_LONG_TOL, accuracy_limit, exact_dft, random_complex, relative_l2

PRECISIONS = ["df64", "qf128", "dd128"]
COMPLEX = [(ffft.fftn, np.fft.fftn), (ffft.ifftn, np.fft.ifftn), (ffft.fft2, np.fft.fft2), (ffft.ifft2, np.fft.ifft2)]
REAL = [(ffft.rfftn, np.fft.rfftn), (ffft.rfft2, np.fft.rfft2)]
INVERSE_REAL = [(ffft.irfftn, np.fft.irfftn), (ffft.irfft2, np.fft.irfft2)]


def relative_error(a: np.ndarray, b: np.ndarray) -> float:
    return float(np.linalg.norm((a - b).ravel()) / np.linalg.norm(b.ravel()))


# numpy's own N-D error (a few units of 2^-53 per axis) dominates the
# difference; NUMPY_LONG_TOL is the 1-D suite's bound for numpy's worst
# lengths, per axis.
def numpy_limit(axes_count: int) -> float:
    return NUMPY_LONG_TOL * axes_count


SHAPES = [((6, 10, 7), None, None), ((6, 10, 7), (4, 12), (2, 0)), ((5, 1, 13), None, (0, 2)), ((16, 9), (16, 11), None),
          ((3, 4, 5, 6), None, (-1, -3)), ((12,), None, None)]


@pytest.mark.parametrize("shape,s,axes", SHAPES)
@pytest.mark.parametrize("norm", [None, "ortho", "forward"])
def test_complex_transforms_agree_with_numpy(rng, shape, s, axes, norm):
    x = random_complex(rng, shape)
    for ours, theirs in COMPLEX:
        if ours in (ffft.fft2, ffft.ifft2) and (len(shape) < 2 or (axes is not None and len(axes) != 2)):
            continue
        kwargs = dict(s=s, norm=norm) if axes is None else dict(s=s, axes=axes, norm=norm)
        got, want = ours(x, **kwargs), theirs(x, **kwargs)
        assert got.shape == want.shape and got.dtype == np.complex128
        assert relative_error(got, want) <= numpy_limit(len(axes or s or shape)), ours.__name__


@pytest.mark.parametrize("shape,s,axes", SHAPES)
@pytest.mark.parametrize("norm", [None, "ortho"])
def test_real_transforms_agree_with_numpy(rng, shape, s, axes, norm):
    x = rng.uniform(-1, 1, shape)
    kwargs = dict(s=s, norm=norm) if axes is None else dict(s=s, axes=axes, norm=norm)
    for ours, theirs in REAL:
        if ours is ffft.rfft2 and (len(shape) < 2 or (axes is not None and len(axes) != 2)):
            continue
        got, want = ours(x, **kwargs), theirs(x, **kwargs)
        assert got.shape == want.shape and got.dtype == np.complex128
        assert relative_error(got, want) <= numpy_limit(len(axes or s or shape)), ours.__name__
    X = np.fft.rfftn(x, **kwargs)
    for ours, theirs in INVERSE_REAL:
        if ours is ffft.irfft2 and (len(shape) < 2 or (axes is not None and len(axes) != 2)):
            continue
        for inverse_kwargs in (kwargs, dict(kwargs, s=None)):  # odd lengths from s, even by default
            got, want = ours(X, **inverse_kwargs), theirs(X, **inverse_kwargs)
            assert got.shape == want.shape and got.dtype == np.float64
            assert relative_error(got, want) <= numpy_limit(len(axes or s or shape)), ours.__name__


def exact_nd_dft(values: np.ndarray, axes: tuple, sign: int) -> np.ndarray:
    """The DFT along axes of an array of mpmath numbers, one axis at a time
    at the reference precision (separable: the rounding of each step is
    2^-256 relative, far below every format's)."""
    result = np.array(values, dtype=object)
    with mpmath.workprec(256):
        for axis in axes:
            moved = np.moveaxis(result, axis, -1)
            lines = moved.reshape(-1, moved.shape[-1])
            done = np.array([exact_dft(list(line), sign) for line in lines], dtype=object).reshape(moved.shape)
            result = np.moveaxis(done, -1, axis)
    return result


@pytest.mark.parametrize("precision", PRECISIONS)
@pytest.mark.parametrize("shape,axes", [((4, 6), (0, 1)), ((3, 5, 4), (0, 1, 2)), ((11, 7), (0, 1)), ((6, 4, 3), (2, 0))])
def test_extended_results_are_within_the_sum_of_the_axes_limits(rng, precision, shape, axes):
    x = ffft.Extended.from_array(random_complex(rng, shape), precision)
    limit = sum(accuracy_limit(precision, shape[a]) for a in axes)
    exact = exact_nd_dft(x.to_mpmath(), axes, -1)
    y = ffft.fftn(x, axes=axes, extended=True)
    assert isinstance(y, ffft.Extended) and y.shape == shape
    assert relative_l2(list(y.to_mpmath().ravel()), list(exact.ravel())) <= limit
    # rfftn: the exact DFT of the real part, bins up to n//2 along the last axis.
    r = ffft.Extended.from_array(x.rounded().real, precision)
    exact_real = exact_nd_dft(r.to_mpmath(), axes, -1)
    half = shape[axes[-1]] // 2 + 1
    exact_half = np.take(exact_real, range(half), axis=axes[-1])
    Y = ffft.rfftn(r, axes=axes, extended=True)
    assert Y.shape == exact_half.shape
    assert relative_l2(list(Y.to_mpmath().ravel()), list(exact_half.ravel())) <= limit


def test_one_axis_gives_the_one_dimensional_bits(rng):
    x = random_complex(rng, (5, 12, 9))
    assert np.array_equal(ffft.fftn(x, axes=(1,)), ffft.fft(x, axis=1))
    assert np.array_equal(ffft.ifftn(x, s=(20,), axes=(-1,), norm="ortho"), ffft.ifft(x, 20, axis=-1, norm="ortho"))
    r = x.real
    assert np.array_equal(ffft.rfftn(r, axes=(0,)), ffft.rfft(r, axis=0))
    X = ffft.rfft(r, axis=2)
    assert np.array_equal(ffft.irfftn(X, axes=(2,)), ffft.irfft(X, axis=2))


def test_workers_out_and_extended_inputs(rng):
    x = random_complex(rng, (8, 6, 10))
    one = ffft.fftn(x, workers=1)
    assert np.array_equal(ffft.fftn(x, workers=2), one)
    out = np.empty((8, 6, 10), np.complex128)
    assert ffft.fftn(x, out=out) is out and np.array_equal(out, one)
    strided = np.empty((10, 6, 8), np.complex128).transpose(2, 1, 0)  # not C-contiguous
    assert ffft.fftn(x, out=strided) is strided and np.array_equal(strided, one)
    single = np.empty((8, 6, 10), np.complex64)
    ffft.fftn(x, out=single)
    assert np.array_equal(single, ffft.fftn(x, extended=True).rounded(np.complex64))  # rounded once
    e = ffft.Extended.from_array(x, "qf128")
    Y = ffft.ifftn(ffft.fftn(e, extended=True), extended=True)
    assert Y.precision == "qf128" and relative_error(Y.rounded(), x) <= 1e-28
    r = x.real
    R = ffft.rfftn(r, extended=True)
    back = ffft.irfftn(R, s=r.shape, extended=True)
    assert relative_error(back.rounded(), r) <= 1e-30


def test_empty_batches_give_empty_results():
    assert ffft.fftn(np.zeros((0, 4)), axes=(1,)).shape == (0, 4)
    assert ffft.rfftn(np.zeros((3, 0, 8)), axes=(0, 2)).shape == (3, 0, 5)


def test_bad_input_is_refused_and_nothing_is_written(rng):
    x = random_complex(rng, (4, 6))
    with pytest.raises(ValueError, match="repeat an axis"):
        ffft.fftn(x, axes=(0, 0))
    with pytest.raises(IndexError):  # numpy's exception (AxisError)
        ffft.fftn(x, axes=(0, 2))
    with pytest.raises(ValueError):  # and scipy's
        ffft.fftn(x, axes=(-3,))
    with pytest.raises(ValueError, match="different lengths"):
        ffft.fftn(x, s=(4, 6, 2), axes=(0, 1))
    with pytest.raises(ValueError, match="at least 1"):
        ffft.rfftn(x.real, s=(0, 6))
    with pytest.raises(ValueError, match="at least one axis"):
        ffft.fftn(x, axes=())
    with pytest.raises(TypeError, match="real data"):
        ffft.rfftn(x)
    out = np.full((4, 5), 7 + 7j)
    with pytest.raises(ValueError, match="shape"):
        ffft.fftn(x, out=out)
    with pytest.raises(TypeError):
        ffft.fftn(x, out=np.empty((4, 6), np.float64))
    assert np.all(out == 7 + 7j)
    with pytest.raises(ValueError, match="precision"):
        ffft.fftn(ffft.Extended.from_array(x, "df64"), precision="dd128")
