"""Which arrays the transforms take, and the 2-D (batch, n) views they work
on: the transform axis last, every other axis flattened into the batch."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

# The dtypes taken as they are; others are converted as numpy converts them.
STANDARD = (np.dtype(np.float32), np.dtype(np.float64), np.dtype(np.complex64), np.dtype(np.complex128))

# DLPack device types of memory a CUDA kernel reads: kDLCUDA, kDLCUDAManaged.
_DLPACK_CUDA = (2, 13)


def cupy_module() -> Any:
    """CuPy, if it is installed; None otherwise."""
    try:
        import cupy  # noqa: PLC0415  (optional dependency)
    except Exception:  # not installed, or no usable CUDA runtime
        return None
    return cupy


def is_cupy_array(a: object) -> bool:
    return type(a).__module__.split(".")[0] == "cupy" and hasattr(a, "__cuda_array_interface__")


def module_of(a: object) -> Any:
    """numpy, or cupy for an array in device memory."""
    if is_cupy_array(a):
        return cupy_module()
    return np


def as_standard_array(x: object) -> Any:
    """x as a numpy array, or as a CuPy array if it is in CUDA memory (a CuPy
    array itself, or any object with __dlpack__ on a CUDA device)."""
    if isinstance(x, np.ndarray) or is_cupy_array(x):
        return x
    device = getattr(x, "__dlpack_device__", None)
    if device is not None and device()[0] in _DLPACK_CUDA:
        cupy = cupy_module()
        if cupy is None:
            raise TypeError("the input is in CUDA memory (DLPack), but CuPy, which ffft uses for device arrays, is not installed")
        return cupy.from_dlpack(x)
    return np.asarray(x)


def as_standard_dtype(a: Any, *, real_only: bool = False) -> Any:
    """a in a standard dtype: float16 widened exactly, integers and booleans
    rounded to float64 as numpy converts them; TypeError for other dtypes."""
    xp = module_of(a)
    dt = a.dtype
    if dt in STANDARD:
        if real_only and dt.kind == "c":
            raise TypeError(f"a real transform takes real data, not {dt}: pass float32 or float64 (or use fft for complex data)")
        return a
    if dt == np.float16:
        return a.astype(np.float32)
    if dt.kind in "biu":
        # As numpy's own transforms: to the nearest double (exact up to 2^53
        # in magnitude, so always for integers of 32 bits and fewer).
        return a.astype(np.float64)
    if dt == np.longdouble or dt == np.clongdouble:
        raise TypeError(f"{dt} values do not convert exactly to a standard dtype: build an ffft.Extended (Extended.from_mpmath) or convert to float64 or complex128 yourself")
    raise TypeError(f"ffft transforms float32, float64, complex64 and complex128 arrays (and integers), not {dt}")


def normalize_axis(axis: object, ndim: int) -> int:
    if isinstance(axis, bool) or not isinstance(axis, (int, np.integer)):
        raise TypeError(f"axis must be an integer, not {type(axis).__name__}")
    if ndim == 0:
        raise ValueError("a transform needs an array of at least one dimension, not a scalar")
    if not -ndim <= axis < ndim:
        raise ValueError(f"axis {axis} is out of bounds for an array of {ndim} dimension{'s' if ndim > 1 else ''}")
    return int(axis) % ndim


def transform_length(n: object, default: int, what: str = "n") -> int:
    if n is None:
        n = default
    elif isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise TypeError(f"{what} must be an integer or None, not {type(n).__name__}")
    if n < 1:
        raise ValueError(f"invalid number of data points ({n}): {what} must be at least 1")
    return int(n)


def rows(a: Any, axis: int) -> Any:
    """(batch, m): the transform axis last and the others flattened; a view
    when the strides allow it, else a copy (inputs only)."""
    v = a if axis == a.ndim - 1 else module_of(a).moveaxis(a, axis, -1)
    return v.reshape(math.prod(v.shape[:-1]), v.shape[-1])


def rows_view(a: Any, axis: int) -> Any | None:
    """The same as rows, but a view of a's memory or None: an output must be
    written where it is."""
    v = a if axis == a.ndim - 1 else module_of(a).moveaxis(a, axis, -1)
    shape = (math.prod(v.shape[:-1]), v.shape[-1])
    try:
        return v.reshape(shape, copy=False)  # numpy >= 2.1
    except TypeError:  # older numpy, CuPy: no copy argument
        pass
    except ValueError:  # the strides need a copy
        return None
    view = v.view()
    try:
        view.shape = shape
    except AttributeError:
        return None
    return view


def unrows(r: Any, batch_shape: tuple, axis: int) -> Any:
    """The inverse of rows: (batch, n) back to batch_shape with the transform
    axis at `axis`."""
    shaped = r.reshape(batch_shape + (r.shape[-1],))
    return shaped if axis == len(batch_shape) else module_of(r).moveaxis(shaped, -1, axis)
