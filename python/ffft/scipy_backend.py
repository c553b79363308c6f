"""A scipy.fft backend: fft, ifft, rfft and irfft computed in dd128.

    with scipy.fft.set_backend(ffft.scipy_backend):
        X = scipy.fft.fft(x)       # complex128, accurate to the last bit almost always

Other functions, and arguments this backend does not take (a `plan`, data
of other dtypes), give NotImplemented, so scipy computes them itself.
`workers=None` means scipy's default here (scipy.fft.set_workers; one
thread unless set), not every hardware thread as in ffft's own functions.
"""

from __future__ import annotations

from typing import Any

from . import _transforms

__ua_domain__ = "numpy.scipy.fft"

_FUNCTIONS = {"fft": _transforms.fft, "ifft": _transforms.ifft, "rfft": _transforms.rfft, "irfft": _transforms.irfft}
_PARAMETERS = ("x", "n", "axis", "norm", "overwrite_x", "workers")


def __ua_function__(method: Any, args: tuple, kwargs: dict) -> Any:
    function = _FUNCTIONS.get(getattr(method, "__name__", ""))
    if function is None or len(args) > len(_PARAMETERS):
        return NotImplemented
    bound = dict(zip(_PARAMETERS, args))
    if set(bound) & set(kwargs):
        return NotImplemented
    bound.update(kwargs)
    if bound.pop("plan", None) is not None or not set(bound) <= set(_PARAMETERS) or "x" not in bound:
        return NotImplemented
    bound.pop("overwrite_x", None)  # ffft never writes its input
    if bound.get("workers") is None:
        import scipy.fft  # noqa: PLC0415  (scipy is the caller here)

        bound["workers"] = scipy.fft.get_workers()
    x = bound.pop("x")
    try:
        return function(x, precision="dd128", **bound)
    except TypeError:  # a dtype ffft does not take exactly: scipy's own transform
        return NotImplemented
