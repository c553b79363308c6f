"""ffft: extended-precision FFTs (df64, qf128, dd128) on CPUs and NVIDIA GPUs.

numpy.fft's functions, computed in floating-point expansions: an accurate
double transform by default (dd128, rounded once to complex128), or the
extended result itself as an Extended.

>>> import numpy as np, ffft
>>> x = np.random.default_rng(0).standard_normal(1 << 16)
>>> X = ffft.rfft(x)                          # dd128, rounded once to complex128
>>> Y = ffft.fft(x, precision="qf128", extended=True)
>>> Y.limbs[0].dtype, len(Y.limbs)            # (complex64, 4)
"""

from . import _ffft
from ._extended import Extended
from ._formats import FORMATS
from ._npy import load, save
from ._plan import Plan, PlanCache, plan_cache
from ._hermitian import hfft, hfft2, hfftn, ihfft, ihfft2, ihfftn
from ._transforms import fft, ifft, irfft, rfft
from ._transforms_nd import fft2, fftn, ifft2, ifftn, irfft2, irfftn, rfft2, rfftn
from . import scipy_backend

__version__ = _ffft.version()

PRECISIONS = tuple(FORMATS)


def cuda_available() -> bool:
    """True if this build has the CUDA executor and a CUDA device is usable."""
    return _ffft.cuda_device_count() > 0


__all__ = ["Extended", "Plan", "PlanCache", "PRECISIONS", "cuda_available", "fft", "fft2", "fftn", "hfft", "hfft2",
           "hfftn", "ifft", "ifft2", "ifftn", "ihfft", "ihfft2", "ihfftn", "irfft", "irfft2", "irfftn", "load",
           "plan_cache", "rfft", "rfft2", "rfftn", "save", "scipy_backend"]
