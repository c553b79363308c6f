"""Shared helpers of the Python suite: random data, the exact DFT in mpmath,
and the accuracy limits of the C++ suite (tests/fft_reference.hpp)."""

from __future__ import annotations

import math

import mpmath
import numpy as np
import pytest

import ffft

# The transforms' relative L2 accuracy limits, in the C++ suite's shape
# (tests/fft_reference.hpp, accuracy_limit): base x sqrt(max(log2 n, 1) /
# 20), doubled for lengths that are not 7-smooth (Bluestein's algorithm).
# The bases are measured on this suite (Linux, AMD EPYC, the AVX-512 path;
# every CPU path gives the same bits): the largest error / (base's factor)
# of each check in test_exact_dft.py, over all its cases, was
#                               df64       qf128      dd128
#   complex, both directions    8.9e-15    3.6e-30    3.3e-32
#   norms and twiddle modes     7.6e-15    2.2e-30    3.0e-32
#   rfft                        7.2e-15    4.2e-30    1.7e-32
#   irfft(rfft) (limit x 2)     6.1e-15    2.0e-30    2.0e-32
# and each base is at least its column's largest and at most 4 times its
# smallest. tests/cli/cli_harness.py holds the same bases.
_BASE = {"df64": 1.5e-14, "qf128": 8e-30, "dd128": 6e-32}

# Double results against numpy.fft (relative L2), measured as above:
# transforms of up to 1000 points 1.1e-16 (irfft, 9 bins) to 2.4e-16
# (qf128 and dd128 results at 1000 points); the sweeps to 4099 points, a
# prime that numpy transforms by Bluestein's algorithm and loses most on,
# 5.0e-16 (rfft) to 6.4e-16 (irfft of numpy's rfft); a dd128 round trip
# rounded to double against its input, 1.4e-16 (n = 3).
NUMPY_TOL = 4e-16
NUMPY_LONG_TOL = 1.2e-15
DOUBLE_TOL = 4e-16

# Precision of the reference sums: each output is n products and sums
# rounded at 2^-p relative to partial sums below sqrt(2) n, so the
# reference is within 8 n^1.5 2^-p (relative L2) of exact: 2^-235 at n = 64
# with p = 256, far below dd128's 2^-106.
REFERENCE_BITS = 256


def needs_bluestein(n: int) -> bool:
    for p in (2, 3, 5, 7):
        while n > 1 and n % p == 0:
            n //= p
    return n > 1


def accuracy_limit(precision: str, n: int) -> float:
    return _BASE[precision] * math.sqrt(max(math.log2(n), 1.0) / 20.0) * (2.0 if needs_bluestein(n) else 1.0)


def exact_dft(values: np.ndarray, sign: int, scale: mpmath.mpf | int = 1) -> list:
    """sum_j x_j exp(sign 2 pi i jk/n) * scale, summed at REFERENCE_BITS."""
    n = len(values)
    with mpmath.workprec(REFERENCE_BITS):
        roots = [mpmath.expjpi(mpmath.mpf(sign * 2 * k) / n) for k in range(n)]
        return [scale * mpmath.fsum(values[j] * roots[(j * k) % n] for j in range(n)) for k in range(n)]


def relative_l2(result: list, exact: list) -> float:
    with mpmath.workprec(REFERENCE_BITS):
        distance = mpmath.fsum(abs(mpmath.mpmathify(r) - e) ** 2 for r, e in zip(result, exact))
        norm = mpmath.fsum(abs(e) ** 2 for e in exact)
        return float(mpmath.sqrt(distance / norm)) if norm else float(mpmath.sqrt(distance))


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(20261123)


def random_complex(rng: np.random.Generator, shape, dtype=np.complex128) -> np.ndarray:
    x = rng.uniform(-1, 1, shape) + 1j * rng.uniform(-1, 1, shape)
    return x.astype(dtype)


requires_cuda = pytest.mark.skipif(not ffft.cuda_available(), reason="no CUDA device (or a build without CUDA)")
