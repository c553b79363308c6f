"""hfft and ihfft (numpy.fft's), and hfft2, ihfft2, hfftn and ihfftn
(scipy.fft's): transforms of Hermitian-symmetric data, as numpy and scipy
define them, through the real transforms:

    hfft(x, n, norm)  = irfft(conj(x), n, norm')
    ihfft(x, n, norm) = conj(rfft(x, n, norm'))

where norm' swaps "backward" and "forward" (the Hermitian transform is the
forward one, the real one its inverse). Conjugation is exact, so these are
the real transforms' results, bit for bit, and as accurate.
"""

from __future__ import annotations

from typing import Any

from ._arrays import as_standard_array, module_of
from ._extended import Extended
from ._transforms import irfft, rfft
from ._transforms_nd import irfftn, rfftn

_SWAPPED = {None: "forward", "backward": "forward", "ortho": "ortho", "forward": "backward"}


def _swap(norm: Any) -> Any:
    """numpy's _swap_direction; an unknown norm goes through unchanged, for
    the real transform's own error to name it."""
    return _SWAPPED.get(norm, norm) if isinstance(norm, (str, type(None))) else norm


def _conjugate(x: Any) -> Any:
    """The data conjugated (a new array; real data as they are)."""
    if isinstance(x, Extended):
        if not x.is_complex:
            return x
        return Extended._trusted(tuple(limb.conj() for limb in x.limbs), x.format)
    a = as_standard_array(x)
    return a.conj() if a.dtype.kind == "c" else a


def _conjugate_in_place(y: Any) -> Any:
    for limb in (y.limbs if isinstance(y, Extended) else (y,)):
        module_of(limb).conjugate(limb, out=limb)
    return y


def hfft(x: Any, n: int | None = None, axis: int = -1, norm: str | None = None, *, precision: str | None = None,
         twiddles: str = "table", device: str = "auto", workers: int | None = None, out: Any = None,
         extended: bool = False, overwrite_x: bool = False) -> Any:
    """The transform of a Hermitian-symmetric signal given by its first
    n//2 + 1 values, n real results, as numpy.fft.hfft: irfft(conj(x))
    with the normalization's direction swapped (n defaults to
    2 (x.shape[axis] - 1)). Parameters, results and errors as ffft.irfft's."""
    return irfft(_conjugate(x), n, axis, _swap(norm), precision=precision, twiddles=twiddles, device=device,
                 workers=workers, out=out, extended=extended)


def ihfft(x: Any, n: int | None = None, axis: int = -1, norm: str | None = None, *, precision: str | None = None,
          twiddles: str = "table", device: str = "auto", workers: int | None = None, out: Any = None,
          extended: bool = False, overwrite_x: bool = False) -> Any:
    """The inverse of hfft, as numpy.fft.ihfft: conj(rfft(x)) of real data,
    n//2 + 1 bins, with the normalization's direction swapped. Parameters,
    results and errors as ffft.rfft's."""
    y = rfft(x, n, axis, _swap(norm), precision=precision, twiddles=twiddles, device=device, workers=workers,
             out=out, extended=extended)
    return _conjugate_in_place(y)


def hfftn(x: Any, s: Any = None, axes: Any = None, norm: str | None = None, *, precision: str | None = None,
          twiddles: str = "table", device: str = "auto", workers: int | None = None, out: Any = None,
          extended: bool = False, overwrite_x: bool = False) -> Any:
    """The N-D transform of Hermitian-symmetric data, as scipy.fft.hfftn:
    irfftn(conj(x)) with the normalization's direction swapped. Parameters,
    results and errors as ffft.irfftn's."""
    return irfftn(_conjugate(x), s, axes, _swap(norm), precision=precision, twiddles=twiddles, device=device,
                  workers=workers, out=out, extended=extended)


def ihfftn(x: Any, s: Any = None, axes: Any = None, norm: str | None = None, *, precision: str | None = None,
           twiddles: str = "table", device: str = "auto", workers: int | None = None, out: Any = None,
           extended: bool = False, overwrite_x: bool = False) -> Any:
    """The inverse of hfftn, as scipy.fft.ihfftn: conj(rfftn(x)) of real
    data with the normalization's direction swapped. Parameters, results
    and errors as ffft.rfftn's."""
    y = rfftn(x, s, axes, _swap(norm), precision=precision, twiddles=twiddles, device=device, workers=workers,
              out=out, extended=extended)
    return _conjugate_in_place(y)


def hfft2(x: Any, s: Any = None, axes: Any = (-2, -1), norm: str | None = None, *, precision: str | None = None,
          twiddles: str = "table", device: str = "auto", workers: int | None = None, out: Any = None,
          extended: bool = False, overwrite_x: bool = False) -> Any:
    """hfftn over two axes (default the last two), as scipy.fft.hfft2."""
    return hfftn(x, s, axes, norm, precision=precision, twiddles=twiddles, device=device, workers=workers, out=out,
                 extended=extended)


def ihfft2(x: Any, s: Any = None, axes: Any = (-2, -1), norm: str | None = None, *, precision: str | None = None,
           twiddles: str = "table", device: str = "auto", workers: int | None = None, out: Any = None,
           extended: bool = False, overwrite_x: bool = False) -> Any:
    """ihfftn over two axes (default the last two), as scipy.fft.ihfft2."""
    return ihfftn(x, s, axes, norm, precision=precision, twiddles=twiddles, device=device, workers=workers,
                  out=out, extended=extended)
