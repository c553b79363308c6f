"""fft2, ifft2, fftn, ifftn, rfft2, irfft2, rfftn and irfftn in numpy.fft's
shape, computed in an extended format (one C++ N-D plan per call, _nd.py)."""

from __future__ import annotations

from typing import Any

from ._nd import transform_nd

_COMMON = """
    Parameters
    ----------
    x : array_like, CuPy array or Extended
        Data as the 1-D functions take them (ffft.fft).
    s : sequence of ints, optional
        The transform's length along each axis of `axes`{s_extra}; the
        input is cut or zero-padded to it. Default: the input's lengths{s_default}.
    axes : sequence of ints, optional
        The axes transformed, each once (negative ones count from the end).
        Default: {axes_default}.
    norm : {{"backward", "ortho", "forward"}}, optional
        numpy's normalization, applied once to the whole transform (the
        product of the lengths along `axes`).
    precision, twiddles, device, workers, out, extended, overwrite_x
        As ffft.fft's; `out` has the result's shape.

    Returns
    -------
    out : ndarray or Extended
        {returns}, rounded once from the extended result (or that result,
        extended=True).

    Raises
    ------
    ValueError
        s and axes of different lengths, a length below 1, a repeated axis,
        an unknown option, an out of the wrong shape.
    numpy.exceptions.AxisError
        An axis out of range (an IndexError and a ValueError).
    TypeError
        A dtype ffft does not take (strings, objects), or an out of a wrong type.
"""

def fftn(x: Any, s: Any = None, axes: Any = None, norm: str | None = None, *, precision: str | None = None,
         twiddles: str = "table", device: str = "auto", workers: int | None = None, out: Any = None,
         extended: bool = False, overwrite_x: bool = False) -> Any:
    """The N-D discrete Fourier transform, as numpy.fft.fftn."""
    return transform_nd("fftn", x, s, axes, norm, precision, twiddles, device, workers, out, extended)


def ifftn(x: Any, s: Any = None, axes: Any = None, norm: str | None = None, *, precision: str | None = None,
          twiddles: str = "table", device: str = "auto", workers: int | None = None, out: Any = None,
          extended: bool = False, overwrite_x: bool = False) -> Any:
    """The N-D inverse discrete Fourier transform, as numpy.fft.ifftn."""
    return transform_nd("ifftn", x, s, axes, norm, precision, twiddles, device, workers, out, extended)


def rfftn(x: Any, s: Any = None, axes: Any = None, norm: str | None = None, *, precision: str | None = None,
          twiddles: str = "table", device: str = "auto", workers: int | None = None, out: Any = None,
          extended: bool = False, overwrite_x: bool = False) -> Any:
    """The N-D transform of real data, as numpy.fft.rfftn: the last axis
    listed keeps bins 0 .. n//2."""
    return transform_nd("rfftn", x, s, axes, norm, precision, twiddles, device, workers, out, extended)


def irfftn(x: Any, s: Any = None, axes: Any = None, norm: str | None = None, *, precision: str | None = None,
           twiddles: str = "table", device: str = "auto", workers: int | None = None, out: Any = None,
           extended: bool = False, overwrite_x: bool = False) -> Any:
    """The inverse of rfftn, as numpy.fft.irfftn: real values from bins
    0 .. n//2 along the last axis listed (whose default length is
    2 (m - 1))."""
    return transform_nd("irfftn", x, s, axes, norm, precision, twiddles, device, workers, out, extended)


def fft2(x: Any, s: Any = None, axes: Any = (-2, -1), norm: str | None = None, *, precision: str | None = None,
         twiddles: str = "table", device: str = "auto", workers: int | None = None, out: Any = None,
         extended: bool = False, overwrite_x: bool = False) -> Any:
    """The 2-D discrete Fourier transform, as numpy.fft.fft2."""
    return transform_nd("fftn", x, s, axes, norm, precision, twiddles, device, workers, out, extended)


def ifft2(x: Any, s: Any = None, axes: Any = (-2, -1), norm: str | None = None, *, precision: str | None = None,
          twiddles: str = "table", device: str = "auto", workers: int | None = None, out: Any = None,
          extended: bool = False, overwrite_x: bool = False) -> Any:
    """The 2-D inverse discrete Fourier transform, as numpy.fft.ifft2."""
    return transform_nd("ifftn", x, s, axes, norm, precision, twiddles, device, workers, out, extended)


def rfft2(x: Any, s: Any = None, axes: Any = (-2, -1), norm: str | None = None, *, precision: str | None = None,
          twiddles: str = "table", device: str = "auto", workers: int | None = None, out: Any = None,
          extended: bool = False, overwrite_x: bool = False) -> Any:
    """The 2-D transform of real data, as numpy.fft.rfft2."""
    return transform_nd("rfftn", x, s, axes, norm, precision, twiddles, device, workers, out, extended)


def irfft2(x: Any, s: Any = None, axes: Any = (-2, -1), norm: str | None = None, *, precision: str | None = None,
           twiddles: str = "table", device: str = "auto", workers: int | None = None, out: Any = None,
           extended: bool = False, overwrite_x: bool = False) -> Any:
    """The inverse of rfft2, as numpy.fft.irfft2."""
    return transform_nd("irfftn", x, s, axes, norm, precision, twiddles, device, workers, out, extended)


_complex = "complex64 for single-precision data, complex128 otherwise (as numpy 2)"
_real = "float32 for complex64 data, float64 otherwise (as numpy 2)"
for _f, _returns, _real_axis in ((fftn, _complex, False), (ifftn, _complex, False), (fft2, _complex, False),
                                 (ifft2, _complex, False), (rfftn, _complex, False), (rfft2, _complex, False),
                                 (irfftn, _real, True), (irfft2, _real, True)):
    _two = _f.__name__.endswith("2")
    _f.__doc__ += _COMMON.format(
        s_extra=" (real values along the last axis listed)" if _real_axis else "",
        s_default=", and 2 (m - 1) along the last axis listed" if _real_axis else "",
        axes_default="the last two, (-2, -1)" if _two else "every axis, or the last len(s) when s is given",
        returns=_returns)
del _f, _returns, _real_axis, _two, _complex, _real
