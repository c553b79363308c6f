"""fft, ifft, rfft and irfft in numpy.fft's shape, computed in an extended
format."""

from __future__ import annotations

from typing import Any

from ._plan import transform

_COMMON = """
    Parameters
    ----------
    x : array_like, CuPy array or Extended
        float32, float64, complex64 or complex128 data (integers and booleans
        as float64, as numpy converts them), any strides and memory order,
        converted exactly (to 48 bits for double data in df64); or an
        ffft.Extended.
    n : int, optional
        Length of the transform{n_extra}; the input is cut or zero-padded
        along `axis`. Default: {n_default}.
    axis : int, optional
        The axis to transform (default: the last); every other axis is a
        batch of transforms.
    norm : {{"backward", "ortho", "forward"}}, optional
        numpy's normalization (default "backward": the inverse divides by n).
    precision : {{"df64", "qf128", "dd128"}}, optional
        The format of the computation: 2 floats (48 bits), 4 floats (96
        bits) or 2 doubles (106 bits). Default "dd128", or an Extended
        input's own.
    twiddles : {{"table", "computed", "direct"}}, optional
        Twiddle factors from correctly rounded tables; computed in the
        kernels as products of two small sincos-made tables (GPU; less
        memory); or one extended sincos per twiddle (GPU: no twiddle
        memory at all). The same bits on the CPU and the GPU.
    device : {{"auto", "cpu", "cuda"}}, optional
        "auto" uses CUDA when a device is present. CuPy (device) arrays are
        transformed on the device, on CuPy's current stream.
    workers : int, optional
        CPU threads, as scipy.fft (None: every hardware thread; -1 too).
    out : array or Extended, optional
        Where to write the result: an array of the result's shape and a
        {out_dtypes} dtype (the result is rounded once to it), or an
        Extended with extended=True.
    extended : bool, optional
        Return the result as an ffft.Extended in `precision` instead of
        rounding it.
    overwrite_x : bool, optional
        Accepted as scipy.fft's; ffft never writes its input, whatever it is.

    Returns
    -------
    {returns}

    Raises
    ------
    ValueError
        A bad axis, n < 1, an unknown option, an out of the wrong shape, or
        a finite value beyond the format's range.
    TypeError
        A dtype ffft does not take (strings, objects), or an out of a wrong type.
"""

_COMPLEX_RETURNS = """out : ndarray or Extended
        complex64 for single-precision data (float16, float32, complex64),
        complex128 otherwise, as numpy 2: the extended result rounded once.
        On the GPU, df64 and qf128 take single-precision data only."""


def fft(x: Any, n: int | None = None, axis: int = -1, norm: str | None = None, *, precision: str | None = None,
        twiddles: str = "table", device: str = "auto", workers: int | None = None, out: Any = None,
        extended: bool = False, overwrite_x: bool = False) -> Any:
    """The discrete Fourier transform, exp(-2 pi i jk/n), as numpy.fft.fft."""
    return transform("forward", x, n, axis, norm, precision, twiddles, device, workers, out, extended)


def ifft(x: Any, n: int | None = None, axis: int = -1, norm: str | None = None, *, precision: str | None = None,
         twiddles: str = "table", device: str = "auto", workers: int | None = None, out: Any = None,
         extended: bool = False, overwrite_x: bool = False) -> Any:
    """The inverse discrete Fourier transform, as numpy.fft.ifft."""
    return transform("inverse", x, n, axis, norm, precision, twiddles, device, workers, out, extended)


def rfft(x: Any, n: int | None = None, axis: int = -1, norm: str | None = None, *, precision: str | None = None,
         twiddles: str = "table", device: str = "auto", workers: int | None = None, out: Any = None,
         extended: bool = False, overwrite_x: bool = False) -> Any:
    """The transform of real data, bins 0 .. n//2, as numpy.fft.rfft."""
    return transform("rfft", x, n, axis, norm, precision, twiddles, device, workers, out, extended)


def irfft(x: Any, n: int | None = None, axis: int = -1, norm: str | None = None, *, precision: str | None = None,
          twiddles: str = "table", device: str = "auto", workers: int | None = None, out: Any = None,
          extended: bool = False, overwrite_x: bool = False) -> Any:
    """The inverse of rfft: n real values from bins 0 .. n//2, as
    numpy.fft.irfft (the imaginary parts of bin 0 and, for even n, bin n/2
    are ignored)."""
    return transform("irfft", x, n, axis, norm, precision, twiddles, device, workers, out, extended)


_n_plain = dict(n_extra="", n_default="x.shape[axis]")
fft.__doc__ += _COMMON.format(**_n_plain, out_dtypes="complex64 or complex128", returns=_COMPLEX_RETURNS)
ifft.__doc__ += _COMMON.format(**_n_plain, out_dtypes="complex64 or complex128", returns=_COMPLEX_RETURNS)
rfft.__doc__ += _COMMON.format(
    n_extra=" (real values; the result has n//2 + 1 bins)", n_default="x.shape[axis]",
    out_dtypes="complex64 or complex128", returns=_COMPLEX_RETURNS).replace(
    "float32, float64, complex64 or complex128 data", "float32 or float64 data")
irfft.__doc__ += _COMMON.format(
    n_extra=" (real values out; n//2 + 1 bins are read)", n_default="2 * (x.shape[axis] - 1)",
    out_dtypes="float32 or float64",
    returns="""out : ndarray or Extended
        float32 for complex64 data, float64 otherwise, as numpy 2: the
        extended result rounded once.""")
