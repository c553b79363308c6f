"""Bad input: one ValueError or TypeError naming the problem, and nothing
written."""

from __future__ import annotations

import numpy as np
import pytest

import ffft
from conftest import random_complex


@pytest.fixture
def x(rng):
    return random_complex(rng, (4, 8))


def test_bad_axis(x):
    with pytest.raises(ValueError, match="axis 2 is out of bounds"):
        ffft.fft(x, axis=2)
    with pytest.raises(ValueError, match="axis -3"):
        ffft.rfft(x.real, axis=-3)
    with pytest.raises(TypeError, match="axis must be an integer"):
        ffft.fft(x, axis=1.0)
    with pytest.raises(ValueError, match="scalar"):
        ffft.fft(np.complex128(1))


def test_bad_length(x):
    for n in (0, -4):
        with pytest.raises(ValueError, match="at least 1"):
            ffft.fft(x, n)
    with pytest.raises(TypeError, match="n must be an integer"):
        ffft.fft(x, 8.0)
    with pytest.raises(ValueError, match="at least 1"):
        ffft.irfft(np.ones(1, complex))  # default n = 2 (m - 1) = 0
    with pytest.raises(ValueError, match="at least 1"):
        ffft.fft(np.zeros(0, complex))
    # The C++ library's own check, and its message (before any memory is taken).
    with pytest.raises(ValueError, match=r"length 2147483649 is out of range; a plan needs 1 <= length <= 2\^31"):
        ffft.fft(x, 2**31 + 1)


@pytest.mark.parametrize("bad", [np.array(["a", "b"]), np.array([1, None], dtype=object)])
def test_wrong_dtypes(bad):
    with pytest.raises(TypeError):
        ffft.fft(bad)


def test_real_transforms_refuse_complex_data(x):
    with pytest.raises(TypeError, match="real data"):
        ffft.rfft(x)
    with pytest.raises(TypeError, match="real data"):
        ffft.rfft(ffft.fft(x, extended=True))


def test_unknown_options(x):
    with pytest.raises(ValueError, match="precision must be"):
        ffft.fft(x, precision="fp128")
    with pytest.raises(TypeError, match="precision must be a string"):
        ffft.fft(x, precision=128)
    with pytest.raises(ValueError, match="norm must be"):
        ffft.fft(x, norm="none")
    with pytest.raises(ValueError, match="twiddles must be"):
        ffft.fft(x, twiddles="exact")
    with pytest.raises(ValueError, match="device must be"):
        ffft.fft(x, device="gpu")
    with pytest.raises(ValueError, match="workers must not be zero"):
        ffft.fft(x, workers=0)
    with pytest.raises(ValueError, match="out of range"):
        ffft.fft(x, workers=-100000)


def test_bad_out(x):
    with pytest.raises(ValueError, match="shape"):
        ffft.fft(x, out=np.empty((4, 9), complex))
    with pytest.raises(TypeError, match="complex64 or complex128"):
        ffft.fft(x, out=np.empty((4, 8)))
    with pytest.raises(TypeError, match="float32 or float64"):
        ffft.irfft(x, out=np.empty((4, 14), complex))
    read_only = np.zeros((4, 8), complex)
    read_only.setflags(write=False)
    with pytest.raises(ValueError, match="read-only"):
        ffft.fft(x, out=read_only)
    assert not read_only.any()
    with pytest.raises(TypeError, match="Extended"):
        ffft.fft(x, extended=True, out=np.empty((4, 8), complex))
    with pytest.raises(TypeError, match="numpy array"):
        ffft.fft(x, out=[0] * 32)


def test_values_beyond_the_format_are_refused():
    x = np.zeros(16)
    x[5] = 1e300
    with pytest.raises(ValueError, match=r"1e\+300 \(transform 0, element 5\) is outside df64's range"):
        ffft.fft(x, precision="df64")
    with pytest.raises(ValueError, match="qf128's range"):
        ffft.rfft(x, precision="qf128")
    assert np.isfinite(ffft.fft(x)).all()  # dd128 holds it


def test_extended_precision_must_agree(x):
    X = ffft.fft(x, precision="qf128", extended=True)
    with pytest.raises(ValueError, match="qf128 values but precision='dd128'"):
        ffft.ifft(X, precision="dd128")
    assert ffft.ifft(X, extended=True).precision == "qf128"  # its own precision by default


@pytest.mark.skipif(ffft.cuda_available(), reason="a CUDA device is present")
def test_cuda_without_a_device_says_so(x):
    with pytest.raises((ValueError, RuntimeError), match="(?i)cuda"):
        ffft.fft(x, device="cuda")
