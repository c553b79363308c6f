"""ffft.scipy_backend under scipy.fft.set_backend."""

from __future__ import annotations

import numpy as np
import pytest

import ffft
from conftest import random_complex

scipy_fft = pytest.importorskip("scipy.fft")


def test_transforms_are_ffft_dd128(rng):
    x = random_complex(rng, (3, 100))
    r = rng.uniform(-1, 1, 64)
    with scipy_fft.set_backend(ffft.scipy_backend):
        X = scipy_fft.fft(x)
        assert np.array_equal(X, ffft.fft(x, precision="dd128"))
        assert np.array_equal(scipy_fft.ifft(x, 50, axis=0, norm="ortho"), ffft.ifft(x, 50, axis=0, norm="ortho"))
        assert np.array_equal(scipy_fft.rfft(r, workers=1), ffft.rfft(r))
        assert np.array_equal(scipy_fft.irfft(x, n=20), ffft.irfft(x, n=20))
        assert np.array_equal(scipy_fft.fft(x, None, -1, None, False, 2), X)  # positional
        assert scipy_fft.fft(x.astype(np.complex64)).dtype == np.complex64  # as scipy: rounded once from dd128


def test_workers_follow_scipy(rng, monkeypatch):
    seen = []
    original, parameters = ffft.scipy_backend._FUNCTIONS["fft"]
    monkeypatch.setitem(ffft.scipy_backend._FUNCTIONS, "fft",
                        (lambda x, **kw: seen.append(kw["workers"]) or original(x, **kw), parameters))
    x = random_complex(rng, 16)
    with scipy_fft.set_backend(ffft.scipy_backend):
        scipy_fft.fft(x)
        with scipy_fft.set_workers(2):
            scipy_fft.fft(x)
        scipy_fft.fft(x, workers=-1)
    assert seen == [1, 2, -1]


def test_n_dimensional_transforms_are_ffft_dd128(rng):
    x = random_complex(rng, (6, 5, 8))
    r = x.real
    with scipy_fft.set_backend(ffft.scipy_backend):
        assert np.array_equal(scipy_fft.fftn(x), ffft.fftn(x))
        assert np.array_equal(scipy_fft.ifftn(x, s=(4, 9), axes=(0, 2), norm="ortho"),
                              ffft.ifftn(x, s=(4, 9), axes=(0, 2), norm="ortho"))
        assert np.array_equal(scipy_fft.fft2(x, None, (0, 1)), ffft.fft2(x, axes=(0, 1)))  # positional
        assert np.array_equal(scipy_fft.ifft2(x, workers=2), ffft.ifft2(x))
        X = scipy_fft.rfftn(r)
        assert np.array_equal(X, ffft.rfftn(r))
        assert np.array_equal(scipy_fft.rfft2(r), ffft.rfft2(r))
        assert np.array_equal(scipy_fft.irfftn(X, s=r.shape), ffft.irfftn(X, s=r.shape))
        assert np.array_equal(scipy_fft.irfft2(X), ffft.irfft2(X))


def test_what_it_does_not_take_falls_back_to_scipy(rng):
    x = random_complex(rng, (8, 8))
    expected = scipy_fft.dct(x.real)
    with scipy_fft.set_backend(ffft.scipy_backend):
        assert np.array_equal(scipy_fft.dct(x.real), expected)  # not implemented here


def test_backend_answers_not_implemented_directly(rng):
    x = random_complex(rng, 8)
    backend = ffft.scipy_backend
    assert backend.__ua_function__(scipy_fft.dct, (x.real,), {}) is NotImplemented
    assert backend.__ua_function__(scipy_fft.fft, (x,), {"plan": object()}) is NotImplemented
    assert backend.__ua_function__(scipy_fft.fft, (np.ones(4, np.longdouble),), {}).dtype == np.clongdouble
    assert backend.__ua_function__(scipy_fft.fft, (np.array(["a"]),), {}) is NotImplemented  # strings: scipy's error
    assert np.array_equal(backend.__ua_function__(scipy_fft.fft, (x,), {}), ffft.fft(x))
