"""hfft, ihfft, hfft2, ihfft2, hfftn and ihfftn: numpy's and scipy's
definitions (within numpy's accuracy of their results), the real
transforms' bits (conjugation is exact), dtypes, extended results, and the
scipy backend serving them."""

from __future__ import annotations

import numpy as np
import pytest

import ffft
from conftest import NUMPY_TOL, random_complex


def rel(a, b):
    return float(np.linalg.norm(np.asarray(a) - np.asarray(b)) / np.linalg.norm(np.asarray(b)))


@pytest.mark.parametrize("n", [None, 9, 16, 31])
@pytest.mark.parametrize("norm", [None, "ortho", "forward"])
def test_one_dimensional_as_numpy(rng, n, norm):
    x = random_complex(rng, (3, 12))
    r = rng.uniform(-1, 1, (3, 20))
    assert rel(ffft.hfft(x, n, norm=norm), np.fft.hfft(x, n, norm=norm)) < NUMPY_TOL
    assert rel(ffft.ihfft(r, n, norm=norm), np.fft.ihfft(r, n, norm=norm)) < NUMPY_TOL
    assert rel(ffft.hfft(x, n, axis=0, norm=norm), np.fft.hfft(x, n, axis=0, norm=norm)) < NUMPY_TOL
    # The real transforms' bits.
    swapped = {None: "forward", "ortho": "ortho", "forward": "backward"}[norm]
    assert np.array_equal(ffft.hfft(x, n, norm=norm), ffft.irfft(np.conj(x), n, norm=swapped))
    assert np.array_equal(ffft.ihfft(r, n, norm=norm), np.conj(ffft.rfft(r, n, norm=swapped)))


def test_n_dimensional_as_scipy(rng):
    scipy_fft = pytest.importorskip("scipy.fft")
    x = random_complex(rng, (6, 8, 5))
    r = rng.uniform(-1, 1, (6, 8, 10))
    for norm in (None, "ortho", "forward"):
        assert rel(ffft.hfftn(x, norm=norm), scipy_fft.hfftn(x, norm=norm)) < NUMPY_TOL
        assert rel(ffft.ihfftn(r, norm=norm), scipy_fft.ihfftn(r, norm=norm)) < NUMPY_TOL
        assert rel(ffft.hfft2(x, s=(7, 9), norm=norm), scipy_fft.hfft2(x, s=(7, 9), norm=norm)) < NUMPY_TOL
        assert rel(ffft.ihfft2(r, axes=(0, 2), norm=norm), scipy_fft.ihfft2(r, axes=(0, 2), norm=norm)) < NUMPY_TOL
    assert np.array_equal(ffft.hfftn(x, axes=(0, 1)), ffft.irfftn(np.conj(x), axes=(0, 1), norm="forward"))


def test_dtypes_extended_and_out(rng):
    x = random_complex(rng, 9, np.complex64)
    assert ffft.hfft(x).dtype == np.float32
    assert ffft.ihfft(x.real.copy()).dtype == np.complex64
    assert ffft.hfft(x.astype(np.complex128)).dtype == np.float64
    # Extended in and out: the conjugate of the extended rfft, limb by limb.
    r = rng.uniform(-1, 1, 16)
    E = ffft.ihfft(r, extended=True)
    R = ffft.rfft(r, norm="forward", extended=True)
    assert all(np.array_equal(a, np.conj(b)) for a, b in zip(E.limbs, R.limbs))
    assert np.array_equal(ffft.hfft(E, 16, extended=True).limbs[0],
                          ffft.irfft(ffft.Extended([np.conj(a) for a in E.limbs], "dd128"), 16, norm="forward",
                                     extended=True).limbs[0])
    out = np.empty(9, np.complex128)
    assert ffft.ihfft(r[:16], out=out) is out
    assert np.array_equal(out, ffft.ihfft(r[:16]))


def test_bad_input_as_numpy(rng):
    with pytest.raises(ValueError):
        ffft.hfft(random_complex(rng, 8), 0)
    with pytest.raises(ValueError):
        ffft.ihfft(rng.uniform(-1, 1, 8), norm="sideways")
    with pytest.raises(TypeError):
        ffft.ihfft(random_complex(rng, 8))  # complex data to a real transform


def test_the_scipy_backend_serves_them(rng, monkeypatch):
    scipy_fft = pytest.importorskip("scipy.fft")
    served = []
    for name in ("hfft", "ihfft", "hfft2", "ihfft2", "hfftn", "ihfftn"):
        function, parameters = ffft.scipy_backend._FUNCTIONS[name]
        monkeypatch.setitem(ffft.scipy_backend._FUNCTIONS, name,
                            ((lambda f, nm: lambda x, **kw: served.append(nm) or f(x, **kw))(function, name),
                             parameters))
    x = random_complex(rng, (4, 6))
    r = rng.uniform(-1, 1, (4, 6))
    with scipy_fft.set_backend(ffft.scipy_backend):
        assert np.array_equal(scipy_fft.hfft(x), ffft.hfft(x, workers=1))
        assert np.array_equal(scipy_fft.ihfft(r, norm="ortho"), ffft.ihfft(r, norm="ortho", workers=1))
        scipy_fft.hfft2(x)
        scipy_fft.ihfft2(r)
        scipy_fft.hfftn(x, axes=(0,))
        scipy_fft.ihfftn(r)
    assert served == ["hfft", "ihfft", "hfft2", "ihfft2", "hfftn", "ihfftn"]
