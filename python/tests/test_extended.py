"""ffft.Extended: construction, checks, exact conversions."""

from __future__ import annotations

import mpmath
import numpy as np
import pytest

import ffft
from conftest import random_complex


@pytest.mark.parametrize("precision,limbs,dtype", [("df64", 2, np.complex64), ("qf128", 4, np.complex64), ("dd128", 2, np.complex128)])
def test_results_have_the_documented_limbs(rng, precision, limbs, dtype):
    X = ffft.fft(random_complex(rng, 16), precision=precision, extended=True)
    assert X.precision == precision and len(X.limbs) == limbs
    assert all(limb.dtype == dtype and limb.shape == (16,) for limb in X.limbs)
    assert X.shape == (16,) and X.is_complex and X.device == "cpu"
    # Largest first, normalized: each limb at most an ulp of the one before
    # (half an ulp in the 2-limb formats).
    bound = 1 if precision == "qf128" else 0.5
    for upper, lower in zip(X.limbs, X.limbs[1:]):
        for part in (np.real, np.imag):
            assert np.all(np.abs(part(lower)) <= bound * np.spacing(np.abs(part(upper))))


@pytest.mark.parametrize("precision", ["df64", "qf128", "dd128"])
def test_mpmath_round_trip_is_exact(precision):
    values = [mpmath.mpf(1) / 3, -mpmath.mpf(2) ** -30 / 7, mpmath.mpc(mpmath.pi, mpmath.e), 0, 1e300 if precision == "dd128" else 1e30]
    with mpmath.workprec(400):
        x = ffft.Extended.from_mpmath(np.array(values, dtype=object), precision)
        back = x.to_mpmath()
        again = ffft.Extended.from_mpmath(back, precision)
    for a, b in zip(x.limbs, again.limbs):
        assert np.array_equal(a, b)
    with mpmath.workprec(400):
        bits = {"df64": 47, "qf128": 94, "dd128": 104}[precision]
        for v, b in zip(values, back):
            assert abs(mpmath.mpmathify(v) - b) <= abs(mpmath.mpmathify(v)) * mpmath.mpf(2) ** -bits


def test_from_mpmath_rounds_each_limb_to_nearest():
    # 1 + 2^-60 + 2^-120: the nearest double is 1; what is left, 2^-60 + 2^-120,
    # rounds to 2^-60 (2^-120 is below half its ulp, 2^-113).
    with mpmath.workprec(300):
        v = 1 + mpmath.mpf(2) ** -60 + mpmath.mpf(2) ** -120
        x = ffft.Extended.from_mpmath([v], "dd128")
    assert x.limbs[0][0] == 1.0 and x.limbs[1][0] == 2.0**-60
    assert x.dtype == np.float64 and not x.is_complex


def test_from_array_is_the_cpp_conversion(rng):
    d = rng.uniform(-1, 1, 50)
    q = ffft.Extended.from_array(d, "qf128")  # double -> qf128 is exact
    assert [mpmath.mpf(v) for v in d] == list(q.to_mpmath())
    f = ffft.Extended.from_array(d, "df64")  # 48 bits: rounded
    assert np.array_equal(f.limbs[0], d.astype(np.float32))
    with mpmath.workprec(200):
        assert max(abs(mpmath.mpf(a) - b) / abs(a) for a, b in zip(d, f.to_mpmath())) < 2.0**-47


def test_rounded_gives_the_nearest_double(rng):
    x = ffft.fft(random_complex(rng, 32), extended=True)
    assert np.array_equal(x.rounded(), ffft.fft(random_complex(np.random.default_rng(20261123), 32)))
    assert x.rounded(np.complex64).dtype == np.complex64
    with pytest.raises(TypeError):
        x.rounded(np.float64)


def test_indexing_selects_every_limb(rng):
    x = ffft.fft(random_complex(rng, (4, 8)), extended=True)
    row = x[2]
    assert row.shape == (8,) and all(np.array_equal(a, b[2]) for a, b in zip(row.limbs, x.limbs))
    assert len(x) == 4 and "dd128" in repr(x)


def test_construction_checks():
    with pytest.raises(ValueError, match="2 limbs"):
        ffft.Extended([np.zeros(3)], "dd128")
    with pytest.raises(TypeError, match="limbs are"):
        ffft.Extended([np.zeros(3, np.float32)] * 2, "dd128")
    with pytest.raises(ValueError, match="shape"):
        ffft.Extended([np.zeros(3), np.zeros(4)], "dd128")
    with pytest.raises(TypeError, match="one dtype"):
        ffft.Extended([np.zeros(3), np.zeros(3, complex)], "dd128")
    with pytest.raises(ValueError, match="precision"):
        ffft.Extended([np.zeros(3)] * 2, "fp128")
    with pytest.raises(ValueError, match="not normalized"):
        ffft.Extended([np.ones(3), np.full(3, 3 * 2.0**-53)], "dd128")
    with pytest.raises(ValueError, match="not normalized"):  # a NaN below a finite limb
        ffft.Extended([np.ones(3), np.array([0, np.nan, 0])], "dd128")
    # A non-finite value lives in the leading limb.
    assert ffft.Extended([np.array([np.inf]), np.array([0.0])], "dd128").shape == (1,)
    with pytest.raises(ValueError, match="not finite"):
        ffft.Extended.from_mpmath([mpmath.inf], "dd128")
    with pytest.raises(ValueError, match="range"):
        ffft.Extended.from_mpmath([mpmath.mpf(10) ** 40], "df64")
