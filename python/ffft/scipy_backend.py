"""A scipy.fft backend: fft, ifft, rfft, irfft, hfft, ihfft and the N-D
transforms (fft2, ifft2, fftn, ifftn, rfft2, irfft2, rfftn, irfftn, hfft2,
ihfft2, hfftn, ihfftn) computed in dd128.

    with scipy.fft.set_backend(ffft.scipy_backend):
        X = scipy.fft.fft(x)       # complex128, accurate to the last bit almost always

Other functions, and arguments this backend does not take (a `plan`, data
of other dtypes), give NotImplemented, so scipy computes them itself.
`workers=None` means scipy's default here (scipy.fft.set_workers; one
thread unless set), not every hardware thread as in ffft's own functions.
"""

from __future__ import annotations

from typing import Any

from . import _hermitian, _transforms, _transforms_nd

__ua_domain__ = "numpy.scipy.fft"

_ONE_D = ("x", "n", "axis", "norm", "overwrite_x", "workers")
_N_D = ("x", "s", "axes", "norm", "overwrite_x", "workers")
# Each function served, and its positional parameters in scipy's order.
_FUNCTIONS = {
    "fft": (_transforms.fft, _ONE_D), "ifft": (_transforms.ifft, _ONE_D),
    "rfft": (_transforms.rfft, _ONE_D), "irfft": (_transforms.irfft, _ONE_D),
    "fft2": (_transforms_nd.fft2, _N_D), "ifft2": (_transforms_nd.ifft2, _N_D),
    "rfft2": (_transforms_nd.rfft2, _N_D), "irfft2": (_transforms_nd.irfft2, _N_D),
    "fftn": (_transforms_nd.fftn, _N_D), "ifftn": (_transforms_nd.ifftn, _N_D),
    "rfftn": (_transforms_nd.rfftn, _N_D), "irfftn": (_transforms_nd.irfftn, _N_D),
    "hfft": (_hermitian.hfft, _ONE_D), "ihfft": (_hermitian.ihfft, _ONE_D),
    "hfft2": (_hermitian.hfft2, _N_D), "ihfft2": (_hermitian.ihfft2, _N_D),
    "hfftn": (_hermitian.hfftn, _N_D), "ihfftn": (_hermitian.ihfftn, _N_D),
}


def __ua_function__(method: Any, args: tuple, kwargs: dict) -> Any:
    served = _FUNCTIONS.get(getattr(method, "__name__", ""))
    if served is None:
        return NotImplemented
    function, parameters = served
    if len(args) > len(parameters):
        return NotImplemented
    bound = dict(zip(parameters, args))
    if set(bound) & set(kwargs):
        return NotImplemented
    bound.update(kwargs)
    if bound.pop("plan", None) is not None or not set(bound) <= set(parameters) or "x" not in bound:
        return NotImplemented
    if bound.get("workers") is None:
        import scipy.fft  # noqa: PLC0415  (scipy is the caller here)

        bound["workers"] = scipy.fft.get_workers()
    x = bound.pop("x")
    try:
        return function(x, precision="dd128", **bound)
    except TypeError:  # a dtype ffft does not take: scipy's own transform
        return NotImplemented
