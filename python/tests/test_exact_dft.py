"""Extended results against the DFT summed exactly in mpmath, within the
C++ suite's accuracy limits: every format, both directions, the real
transforms, radix and Bluestein lengths."""

from __future__ import annotations

import mpmath
import numpy as np
import pytest

import ffft
from conftest import accuracy_limit, exact_dft, random_complex, relative_l2

PRECISIONS = ["df64", "qf128", "dd128"]
LENGTHS = [1, 2, 3, 4, 5, 7, 8, 11, 12, 16, 30, 49, 61, 64]


@pytest.mark.parametrize("precision", PRECISIONS)
@pytest.mark.parametrize("n", LENGTHS)
def test_complex_transform_is_within_the_limit(rng, precision, n):
    x = ffft.Extended.from_array(random_complex(rng, n), precision)
    exact_input = x.to_mpmath()
    for sign, function in ((-1, ffft.fft), (+1, ffft.ifft)):
        y = function(x, extended=True)
        assert isinstance(y, ffft.Extended) and y.precision == precision and y.shape == (n,)
        with mpmath.workprec(256):
            exact = exact_dft(exact_input, sign, 1 if sign < 0 else mpmath.mpf(1) / n)
        assert relative_l2(list(y.to_mpmath()), exact) <= accuracy_limit(precision, n)


@pytest.mark.parametrize("precision", PRECISIONS)
@pytest.mark.parametrize("twiddles", ["table", "computed", "direct"])
@pytest.mark.parametrize("norm", ["ortho", "forward"])
def test_options_keep_the_limit(rng, precision, twiddles, norm):
    n = 60
    x = ffft.Extended.from_array(random_complex(rng, n), precision)
    y = ffft.fft(x, norm=norm, twiddles=twiddles, extended=True)
    with mpmath.workprec(256):
        scale = 1 / mpmath.sqrt(n) if norm == "ortho" else mpmath.mpf(1) / n
        exact = exact_dft(x.to_mpmath(), -1, scale)
    assert relative_l2(list(y.to_mpmath()), exact) <= accuracy_limit(precision, n)


@pytest.mark.parametrize("precision", PRECISIONS)
@pytest.mark.parametrize("n", [1, 2, 5, 8, 15, 16, 22, 64])
def test_real_transforms_are_within_the_limit(rng, precision, n):
    x = ffft.Extended.from_array(rng.uniform(-1, 1, n), precision)
    X = ffft.rfft(x, extended=True)
    assert X.shape == (n // 2 + 1,) and X.is_complex
    with mpmath.workprec(256):
        exact = exact_dft(x.to_mpmath(), -1)
    assert relative_l2(list(X.to_mpmath()), exact[: n // 2 + 1]) <= accuracy_limit(precision, n)
    back = ffft.irfft(X, n, extended=True)
    assert not back.is_complex and back.shape == (n,)
    # The round trip: two transforms' worth of error.
    assert relative_l2(list(back.to_mpmath()), list(x.to_mpmath())) <= 2 * accuracy_limit(precision, n)


def test_extended_carries_more_than_double(rng):
    # 1/3 in dd128: the transform of a constant keeps all 106 bits.
    third = mpmath.mpf(1) / 3
    x = ffft.Extended.from_mpmath([third] * 8, "dd128")
    X = ffft.fft(x, extended=True).to_mpmath()
    with mpmath.workprec(256):
        assert abs(X[0] - 8 * third) < mpmath.mpf(2) ** -100
        assert all(abs(v) < mpmath.mpf(2) ** -100 for v in X[1:])


def test_double_results_are_faithful(rng):
    # Rounded once from dd128: within one ulp of the exact DFT, element by element.
    n = 48
    x = random_complex(rng, n)
    X = ffft.fft(x)
    with mpmath.workprec(256):
        exact = exact_dft([mpmath.mpc(v.real, v.imag) for v in x], -1)
    for got, e in zip(X, exact):
        for part, exact_part in ((got.real, e.real), (got.imag, e.imag)):
            assert abs(mpmath.mpf(part) - exact_part) <= np.spacing(abs(float(exact_part)))
