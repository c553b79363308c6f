"""CuPy arrays: transformed on the GPU, on CuPy's current stream, without a
copy to the host, and bit-identical to the CPU executor. Skipped without a
CUDA device or CuPy."""

from __future__ import annotations

import numpy as np
import pytest

import ffft
from conftest import random_complex, requires_cuda

pytestmark = requires_cuda
cupy = pytest.importorskip("cupy")


@pytest.mark.parametrize("n", [64, 1000, 4096, 4099])
def test_dd128_is_bit_identical_to_the_cpu(rng, n):
    x = random_complex(rng, (3, n))
    expected = ffft.fft(x, device="cpu")
    X = ffft.fft(cupy.asarray(x))
    assert isinstance(X, cupy.ndarray) and X.dtype == np.complex128
    assert np.array_equal(X.get(), expected)
    assert np.array_equal(ffft.ifft(cupy.asarray(x), axis=0).get(), ffft.ifft(x, axis=0, device="cpu"))


def test_real_transforms_on_the_device(rng):
    x = rng.uniform(-1, 1, (4, 256))
    X = ffft.rfft(cupy.asarray(x))
    assert np.array_equal(X.get(), ffft.rfft(x, device="cpu"))
    assert np.array_equal(ffft.irfft(X).get(), ffft.irfft(ffft.rfft(x, device="cpu"), device="cpu"))


@pytest.mark.parametrize("precision", ["df64", "qf128", "dd128"])
def test_extended_on_the_device(rng, precision):
    x = random_complex(rng, 512)
    X = ffft.fft(cupy.asarray(x.astype(np.complex64) if precision != "dd128" else x), precision=precision, extended=True)
    assert X.device == "cuda" and isinstance(X.limbs[0], cupy.ndarray)
    reference = ffft.fft(x.astype(np.complex64) if precision != "dd128" else x, precision=precision, extended=True, device="cpu")
    assert all(np.array_equal(a.get(), b) for a, b in zip(X.limbs, reference.limbs))
    back = ffft.ifft(X, extended=True)
    assert all(isinstance(limb, cupy.ndarray) for limb in back.limbs)


def test_single_precision_formats_take_their_limb_type(rng):
    x = cupy.asarray(random_complex(rng, 128))
    with pytest.raises(TypeError, match="complex64"):
        ffft.fft(x, precision="df64")
    X = ffft.fft(x.astype(cupy.complex64), precision="df64")
    assert X.dtype == np.complex64


@pytest.mark.parametrize("precision", ["df64", "qf128", "dd128"])
def test_single_precision_data_give_single_results_as_on_the_host(rng, precision):
    """complex64 (float32) in, complex64 (float32) out in every format,
    bit-identical to the host's: dd128's rounded once from its limb pairs
    on the device."""
    x = random_complex(rng, (3, 256), np.complex64)
    X = ffft.fft(cupy.asarray(x), precision=precision)
    assert X.dtype == np.complex64
    assert np.array_equal(X.get(), ffft.fft(x, precision=precision, device="cpu"))
    y = ffft.irfft(cupy.asarray(x), precision=precision)
    assert y.dtype == np.float32
    assert np.array_equal(y.get(), ffft.irfft(x, precision=precision, device="cpu"))


def test_current_stream_is_used(rng):
    x = cupy.asarray(random_complex(rng, (16, 4096)))
    stream = cupy.cuda.Stream(non_blocking=True)
    with stream:
        X = ffft.fft(x)
        stream.synchronize()
    assert np.array_equal(X.get(), ffft.fft(x.get(), device="cpu"))


def test_device_arrays_refuse_the_cpu(rng):
    with pytest.raises(ValueError, match="(?i)device"):
        ffft.fft(cupy.zeros(8, complex), device="cpu")


def test_n_dimensional_transforms_on_the_device(rng):
    x = random_complex(rng, (6, 20, 9))
    r = x.real
    for function, data in ((ffft.fftn, x), (ffft.ifft2, x), (ffft.rfftn, r)):
        got = function(cupy.asarray(data), axes=(0, 2))
        assert isinstance(got, cupy.ndarray)
        assert np.array_equal(got.get(), function(data, axes=(0, 2), device="cpu")), function.__name__
    X = ffft.rfftn(r, device="cpu")
    assert np.array_equal(ffft.irfftn(cupy.asarray(X), s=r.shape).get(), ffft.irfftn(X, s=r.shape, device="cpu"))
    E = ffft.fftn(cupy.asarray(x), precision="dd128", extended=True)
    reference = ffft.fftn(x, precision="dd128", extended=True, device="cpu")
    assert all(np.array_equal(a.get(), b) for a, b in zip(E.limbs, reference.limbs))
