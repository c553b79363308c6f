"""fft2, ifft2, fftn, ifftn, rfft2, irfft2, rfftn and irfftn in numpy.fft's
shape. The whole transform is one C++ N-D plan (ffft::nd_plan<E> or
ffft::nd_real_plan<E>) on the array padded or cut to `s`: no rounding
between the axes, the normalization applied once, and the same bits as
the C++ plan, on the CPU and the GPU."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

try:
    from numpy.exceptions import AxisError
except ImportError:  # numpy < 1.25
    from numpy import AxisError  # type: ignore[attr-defined,no-redef]

from . import _ffft
from ._arrays import module_of
from ._execute import Call, _empty_result, as_input, default_dtype, run
from ._extended import Extended
from ._formats import DEFAULT_PRECISION
from ._long_double import long_double_array, run_in_dd128
from ._options import Options, make_options
from ._plan import plan_cache

# Each N-D kind and the 1-D execution it shares with the 1-D functions.
_ONE_D_KIND = {"fftn": "forward", "ifftn": "inverse", "rfftn": "rfft", "irfftn": "irfft"}


def _as_int_list(value: Any, name: str) -> list:
    try:
        items = list(value)
    except TypeError:
        raise TypeError(f"{name} must be a sequence of integers, not {type(value).__name__}") from None
    for v in items:
        if v is not None and (isinstance(v, bool) or not isinstance(v, (int, np.integer))):
            raise TypeError(f"{name} must hold integers, not {type(v).__name__}")
    return items


def cook_axes(shape: tuple, s: Any, axes: Any, inverse_real: bool) -> tuple[list, list]:
    """numpy's rules for s and axes: (lengths, axes), the axes non-negative.
    s without axes means the last len(s) axes; irfftn's default last
    length is 2 (m - 1). Out-of-range axes raise AxisError (an IndexError,
    as numpy's, and a ValueError, as scipy's), repeated ones and lengths
    below 1 ValueError."""
    ndim = len(shape)
    if axes is None:
        axes = list(range(ndim - len(_as_int_list(s, "s")), ndim)) if s is not None else list(range(ndim))
    else:
        axes = _as_int_list(axes, "axes")
        for a in axes:
            if a is None:
                raise TypeError("axes must hold integers, not None")
    normalized = []
    for a in axes:
        if not -ndim <= a < ndim:
            raise AxisError(int(a), ndim)
        normalized.append(int(a) % ndim)
    if len(set(normalized)) != len(normalized):
        raise ValueError(f"axes {tuple(axes)} repeat an axis; list each axis once")
    if s is None:
        lengths = [shape[a] for a in normalized]
        if inverse_real and normalized:
            lengths[-1] = 2 * (shape[normalized[-1]] - 1)
    else:
        lengths = _as_int_list(s, "s")
        if len(lengths) != len(normalized):
            raise ValueError(f"s has {len(lengths)} lengths and axes {len(normalized)} axes: shape and axes have "
                             "different lengths; give one length per axis")
        for i, a in enumerate(normalized):
            if lengths[i] is None:
                lengths[i] = 2 * (shape[a] - 1) if inverse_real and i == len(lengths) - 1 else shape[a]
    for n in lengths:
        if int(n) < 1:
            raise ValueError(f"invalid number of data points ({n}) specified: each length in s must be at least 1")
    return [int(n) for n in lengths], normalized


def _resized(a: Any, axes: list, lengths: list) -> Any:
    """a (an array) cut or zero-padded to lengths along axes, C-contiguous."""
    xp = module_of(a)
    for ax, n in zip(axes, lengths):
        m = a.shape[ax]
        if m > n:
            a = a[(slice(None),) * ax + (slice(0, n),)]
        elif m < n:
            padded = xp.zeros(a.shape[:ax] + (n,) + a.shape[ax + 1:], a.dtype)
            padded[(slice(None),) * ax + (slice(0, m),)] = a
            a = padded
    return xp.ascontiguousarray(a)


def make_nd_handle(real: bool, shape: tuple, axes: tuple, options: Options) -> Any:
    cls = _ffft.NdRealPlan if real else _ffft.NdComplexPlan
    return cls(options.fmt.name, list(shape), list(axes), options.norm, options.twiddles, options.device,
               options.threads)


def _flat(v: Any) -> Any:
    return v.reshaped((1, v.size)) if isinstance(v, Extended) else v.reshape(1, v.size)


def _contiguous(v: Any) -> bool:
    limb = v.limbs[0] if isinstance(v, Extended) else v
    return bool(limb.flags.c_contiguous)


def transform_nd(kind: str, x: Any, s: Any, axes: Any, norm: Any, precision: Any, twiddles: Any, device: Any,
                 workers: Any, out: Any, extended: bool) -> Any:
    """The N-D functions' common body: check, pad or cut, find a plan, run
    it on the flattened array, and give the result the array's shape."""
    long_double = long_double_array(x)
    if long_double is not None:  # in dd128, which holds it exactly (_long_double.py)
        return run_in_dd128(long_double, precision, out, extended, lambda values, into: transform_nd(
            kind, values, s, axes, norm, "dd128", twiddles, device, workers, into, True))
    real_in, real_out = kind == "rfftn", kind == "irfftn"
    src = as_input(x, real_only=real_in)
    default = src.precision if isinstance(src, Extended) else DEFAULT_PRECISION
    options = make_options(precision, norm, twiddles, device, workers, default_precision=default)
    if isinstance(src, Extended) and src.precision != options.fmt.name:
        raise ValueError(f"the input holds {src.precision} values but precision={options.fmt.name!r}: "
                         "pass the Extended's own precision (or none)")
    if src.ndim == 0:
        raise ValueError("an N-D transform needs an array of at least one dimension, not a scalar")
    lengths, ax = cook_axes(src.shape, s, axes, real_out)
    if not ax:
        raise ValueError("no axes to transform: axes is empty; give at least one axis")
    # The input's lengths along the axes: irfftn reads n//2 + 1 bins of its last.
    read = list(lengths)
    if real_out:
        read[-1] = lengths[-1] // 2 + 1
    if isinstance(src, Extended):
        data = Extended._trusted(tuple(_resized(limb, ax, read) for limb in src.limbs), src.format)
    else:
        data = _resized(src, ax, read)
    shape = list(data.shape)  # of what the plan reads
    real_shape = list(shape)
    if real_out:
        real_shape[ax[-1]] = lengths[-1]
    result_shape = list(real_shape)
    if real_in:
        result_shape[ax[-1]] = lengths[-1] // 2 + 1
    result_shape = tuple(result_shape)
    in_count, out_count = math.prod(shape), math.prod(result_shape)

    # run() works on (1, count) rows: the flattened array and result.
    flat_out, copy_back = None, None
    if out is not None:
        _check_nd_out(out, result_shape)
        if _contiguous(out):
            flat_out = _flat(out)
        else:
            limb = out.limbs[0] if isinstance(out, Extended) else out
            xp = module_of(limb)
            copy_back = (Extended._trusted(tuple(xp.empty(result_shape, a.dtype) for a in out.limbs), out.format)
                         if isinstance(out, Extended) else xp.empty(result_shape, out.dtype))
            flat_out = _flat(copy_back)
    if out_count == 0:  # an empty axis besides the transformed ones
        limb = data.limbs[0] if isinstance(data, Extended) else data
        dtype = out.dtype if out is not None and not isinstance(out, Extended) else default_dtype(
            src, options.fmt, complex_result=not real_out)
        return _empty_result(module_of(limb), result_shape, options.fmt, dtype, not real_out, bool(extended), out)
    call = Call(options.fmt, 1, lengths[-1], flat_out, bool(extended), lengths=(in_count, out_count))
    real = real_in or real_out
    key = ("nd", real, tuple(real_shape), tuple(ax), options)
    with plan_cache.borrow(key, lambda: make_nd_handle(real, tuple(real_shape), tuple(ax), options)) as handle:
        flat = run(_ONE_D_KIND[kind], handle, _flat(data), call)
    if copy_back is not None:
        if isinstance(out, Extended):
            for target, limb in zip(out.limbs, copy_back.limbs):
                target[...] = limb
        else:
            out[...] = copy_back
        return out
    if out is not None:
        return out
    return flat.reshaped(result_shape) if isinstance(flat, Extended) else flat.reshape(result_shape)


def _check_nd_out(out: Any, shape: tuple) -> None:
    if not isinstance(out, Extended) and not hasattr(out, "shape"):
        raise TypeError(f"out must be an array or an ffft.Extended, not {type(out).__name__}")
    if tuple(out.shape) != shape:
        raise ValueError(f"out has shape {tuple(out.shape)}; the result has shape {shape}")
