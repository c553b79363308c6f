"""One transform call: from the caller's array to the buffers a C++ plan
works on, the plan's execution, and the result in the caller's shape.

Host data (numpy) are converted by the C++ conversions (exact in, rounded
once out). Device data (CuPy) never leave the device: they reach the plan
either as arrays of the format's limb type (complex128 or float64 for
dd128, complex64 or float32 for df64 and qf128), which the plan widens
exactly and rounds once, or as Extended limbs moved into a buffer; the
work is enqueued on CuPy's current stream.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ._arrays import as_standard_array, as_standard_dtype, is_cupy_array, module_of, rows, rows_view, unrows
from ._buffers import from_buffer, new_buffer, round_buffer, to_buffer, to_buffer_from_extended
from ._extended import Extended
from ._formats import Format


def as_input(x: Any, *, real_only: bool = False) -> Any:
    """x as an Extended, or as a numpy or CuPy array of a standard dtype."""
    if isinstance(x, Extended):
        if real_only and x.is_complex:
            raise TypeError("a real transform takes real data, not complex Extended values")
        return x
    return as_standard_dtype(as_standard_array(x), real_only=real_only)


@dataclass(frozen=True)
class Call:
    """What one execution does, besides the plan: where the transform axis
    is, how long the transform is, and what comes back."""

    fmt: Format
    axis: int
    n: int  # points per transform (real values for the real kinds)
    out: Any = None
    extended: bool = False
    # (values read, values written) per row, when they are not n's (the
    # N-D transforms, which run on one row of the whole flattened array).
    lengths: tuple | None = None


def _batch_shape(shape: tuple, axis: int) -> tuple:
    return shape[:axis] + shape[axis + 1:]


def _result_shape(batch_shape: tuple, axis: int, length: int) -> tuple:
    return batch_shape[:axis] + (length,) + batch_shape[axis:]


def _source_rows(src: Any, axis: int) -> Any:
    if isinstance(src, Extended):
        return Extended._trusted(tuple(rows(a, axis) for a in src.limbs), src.format)
    return rows(src, axis)


def _on_device(src: Any) -> bool:
    return isinstance(src, Extended) and src.device == "cuda" or is_cupy_array(src)


def _stream(xp: Any) -> int:
    return xp.cuda.get_current_stream().ptr


def default_dtype(src: Any, fmt: Format, *, complex_result: bool) -> np.dtype:
    """As numpy 2 and scipy: complex64 (float32) for single-precision data
    (float16, float32, complex64), complex128 (float64) otherwise; in every
    format, rounded once from it."""
    single = not isinstance(src, Extended) and src.dtype in (np.float16, np.float32, np.complex64)
    if complex_result:
        return np.dtype(np.complex64 if single else np.complex128)
    return np.dtype(np.float32 if single else np.float64)


def round_once_to_single(high: Any, low: Any) -> Any:
    """float32 values nearest high + low, for float64 limb pairs of a
    normalized double-double (numpy or CuPy, elementwise): ffft's to_float
    (ffft/conversions.hpp). high is the value to 53 bits, so RN(high) is
    the answer unless high lies exactly halfway between two floats; there
    low's sign decides. (high.astype(float32) alone would round twice.)"""
    xp = module_of(high)
    with np.errstate(invalid="ignore", over="ignore"):
        f = high.astype(np.float32)
        back = f.astype(np.float64)
        off = high - back  # exact; -inf or NaN where f overflowed or high is not finite
        toward = xp.nextafter(f, xp.where(off > 0, np.float32(np.inf), np.float32(-np.inf)).astype(np.float32))
        # At the overflow tie, high = FLT_MAX + half an ulp: off = -inf, toward - back = -inf.
        tie = (off != 0) & (low != 0) & (2 * off == toward.astype(np.float64) - back) & ((low > 0) == (off > 0))
        return xp.where(tie, toward, f)


def _check_out(out: Any, xp: Any, shape: tuple, fmt: Format, complex_result: bool, extended: bool) -> None:
    kind = "complex" if complex_result else "real"
    if extended or isinstance(out, Extended):
        if not isinstance(out, Extended):
            raise TypeError("with extended=True, out must be an ffft.Extended")
        if out.precision != fmt.name or out.is_complex != complex_result:
            raise TypeError(f"out holds {out.precision} {'complex' if out.is_complex else 'real'} values; this transform gives {fmt.name} {kind} values")
        if out.shape != shape:
            raise ValueError(f"out has shape {out.shape}; the result has shape {shape}")
        if module_of(out.limbs[0]) is not xp:
            raise TypeError("out must be in the same memory as the input (numpy or CuPy)")
        return
    if module_of(out) is not xp or not hasattr(out, "dtype"):
        raise TypeError(f"out must be a {'CuPy' if xp is not np else 'numpy'} array, as the input")
    allowed = ("complex64", "complex128") if complex_result else ("float32", "float64")
    if out.dtype.name not in allowed:
        raise TypeError(f"out must be {' or '.join(allowed)} for a {kind} result, not {out.dtype}")
    if out.shape != shape:
        raise ValueError(f"out has shape {out.shape}; the result has shape {shape}")
    if xp is np and not out.flags.writeable:
        raise ValueError("out is read-only")


def _deliver_extended(result_rows: Extended, batch_shape: tuple, axis: int, out: Any) -> Extended:
    limbs = tuple(unrows(a, batch_shape, axis) for a in result_rows.limbs)
    if out is None:
        return Extended._trusted(limbs, result_rows.format)
    for target, limb in zip(out.limbs, limbs):
        target[...] = limb
    return out


def _deliver_rounded(buffer: Any, fmt: Format, batch_shape: tuple, axis: int, out: Any, dtype: np.dtype) -> Any:
    """Host: the buffer rounded once into out (or a new array)."""
    length = buffer.shape[1]
    result = out if out is not None else np.empty(_result_shape(batch_shape, axis, length), dtype)
    if result.size == 0:
        return result
    target = rows_view(result, axis)
    if target is not None:
        round_buffer(buffer, fmt, target)
        return result
    staged = np.empty((buffer.shape[0], length), result.dtype)
    round_buffer(buffer, fmt, staged)
    result[...] = unrows(staged, batch_shape, axis)
    return result


def _empty_result(xp: Any, shape: tuple, fmt: Format, dtype: np.dtype, complex_result: bool, extended: bool, out: Any) -> Any:
    if out is not None:
        return out
    if extended:
        limb_dtype = fmt.complex_limb if complex_result else fmt.limb
        return Extended._trusted(tuple(xp.zeros(shape, limb_dtype) for _ in range(fmt.limbs)), fmt)
    return xp.zeros(shape, dtype)


def _device_limb_rows(src_rows: Any, fmt: Format, length: int, complex_values: bool) -> Any:
    """Device: (batch, length) of the limb type (or its complex), the data
    widened exactly and zero-padded or truncated; TypeError where widening
    would round."""
    xp = module_of(src_rows)
    limb_type = fmt.complex_limb if complex_values else fmt.limb
    if np.result_type(src_rows.dtype, limb_type) != limb_type:
        raise TypeError(
            f"on the GPU, {fmt.name} reads {fmt.complex_limb if complex_values else fmt.limb} data (its limb type, "
            f"widened exactly) or Extended values, not {src_rows.dtype}: pass precision='dd128', or round the "
            f"data yourself (x.astype({limb_type.name}))")
    copied = min(src_rows.shape[1], length)
    if src_rows.shape[1] == length and src_rows.dtype == limb_type:
        return xp.ascontiguousarray(src_rows)
    result = xp.zeros((src_rows.shape[0], length), limb_type)
    result[:, :copied] = src_rows[:, :copied]
    return result


def _device_buffer_from_standard(src_rows: Any, fmt: Format, length: int, complex_values: bool) -> Any:
    """Device: a buffer whose leading limbs are the data (exactly widened to
    the limb type) and whose lower limbs are zero: the format's value of
    each limb-type number, as ffft's from_limb."""
    limb_rows = _device_limb_rows(src_rows, fmt, length, src_rows.dtype.kind == "c")
    xp = module_of(limb_rows)
    buffer = new_buffer(xp, limb_rows.shape[0], length, fmt, complex_values)
    if not complex_values:
        buffer[:, :, 0] = limb_rows
    elif limb_rows.dtype.kind == "c":
        buffer[:, :, 0, 0] = limb_rows.real
        buffer[:, :, 1, 0] = limb_rows.imag
    else:
        buffer[:, :, 0, 0] = limb_rows
    return buffer


def _device_rounded_from_buffer(buffer: Any, fmt: Format, dtype: np.dtype) -> Any:
    """Device, dd128 only: the values rounded once to double (for a
    normalized double-double, its leading limb: ffft's to_double) or to
    single precision (round_once_to_single)."""
    if fmt.name != "dd128":
        raise TypeError(f"on the GPU, {fmt.name} Extended values come back as Extended (extended=True) or through "
                        "standard complex64 data; pass extended=True")
    xp = module_of(buffer)
    single = dtype in (np.float32, np.complex64)
    part = round_once_to_single if single else (lambda high, low: high)
    if buffer.ndim == 3:
        return xp.ascontiguousarray(part(buffer[:, :, 0], buffer[:, :, 1]))
    result = xp.empty(buffer.shape[:2], np.complex64 if single else np.complex128)
    result.real = part(buffer[:, :, 0, 0], buffer[:, :, 0, 1])
    result.imag = part(buffer[:, :, 1, 0], buffer[:, :, 1, 1])
    return result


def _store_device(result_rows: Any, batch_shape: tuple, axis: int, out: Any) -> Any:
    shaped = unrows(result_rows, batch_shape, axis)
    if out is None:
        return shaped
    out[...] = shaped
    return out


def run(kind: str, handle: Any, src: Any, call: Call) -> Any:
    """Executes `handle` (a C++ ComplexPlan for kind 'forward'/'inverse',
    a RealPlan for 'rfft'/'irfft') on src; returns the result."""
    if isinstance(call.out, Extended) and not call.extended:
        call = Call(call.fmt, call.axis, call.n, call.out, True, call.lengths)  # an Extended out asks for the extended result
    fmt, axis, n = call.fmt, call.axis, call.n
    real_in = kind == "rfft"
    real_out = kind == "irfft"
    in_length = n // 2 + 1 if kind == "irfft" else n
    out_length = n // 2 + 1 if kind == "rfft" else n
    if call.lengths is not None:
        in_length, out_length = call.lengths
    batch_shape = _batch_shape(src.shape, axis)
    shape = _result_shape(batch_shape, axis, out_length)
    xp = module_of(src.limbs[0] if isinstance(src, Extended) else src)
    dtype = default_dtype(src, fmt, complex_result=not real_out)
    if call.out is not None:
        _check_out(call.out, xp, shape, fmt, not real_out, call.extended)
        if not call.extended and not isinstance(call.out, Extended):
            dtype = call.out.dtype
    if int(np.prod(batch_shape)) == 0:
        return _empty_result(xp, shape, fmt, dtype, not real_out, call.extended, call.out)
    on_device = _on_device(src)
    if on_device and handle.backend != "cuda":
        raise ValueError("the input is in CUDA device memory but the plan runs on the CPU: pass device='auto' or "
                         "'cuda', or copy the data to the host (x.get())")
    src_rows = _source_rows(src, axis)
    if on_device:
        return _run_on_device(kind, handle, src_rows, call, in_length, out_length, batch_shape, dtype)

    if isinstance(src_rows, Extended):
        inp = to_buffer_from_extended(src_rows, in_length, complex_values=not real_in)
    else:
        inp = to_buffer(src_rows, fmt, in_length, complex_values=not real_in)
    if kind in ("forward", "inverse"):
        handle.execute(kind == "forward", inp, 0)
        result = inp
    else:
        result = new_buffer(np, inp.shape[0], out_length, fmt, complex_values=not real_out)
        (handle.forward if real_in else handle.inverse)(inp, result, 0)
    if call.extended:
        return _deliver_extended(from_buffer(result, fmt), batch_shape, axis, call.out)
    return _deliver_rounded(result, fmt, batch_shape, axis, call.out, dtype)


def _run_on_device(kind: str, handle: Any, src_rows: Any, call: Call, in_length: int, out_length: int,
                   batch_shape: tuple, dtype: np.dtype) -> Any:
    fmt, axis = call.fmt, call.axis
    real_in, real_out = kind == "rfft", kind == "irfft"
    xp = module_of(src_rows.limbs[0] if isinstance(src_rows, Extended) else src_rows)
    stream = _stream(xp)
    batch = src_rows.shape[0]
    # The plan's kernels round once to the limb type; dd128's single-precision
    # results come from its pairs instead (round_once_to_single).
    single_from_double = dtype in (np.float32, np.complex64) and fmt.limb == np.float64
    use_limbs = not isinstance(src_rows, Extended) and not call.extended and not single_from_double
    if use_limbs:  # standard in, standard out: the plan converts in its kernels
        inp = _device_limb_rows(src_rows, fmt, in_length, not real_in)
        result = xp.empty((batch, out_length), fmt.limb if real_out else fmt.complex_limb)
        if kind in ("forward", "inverse"):
            handle.execute_limbs(kind == "forward", inp, result, stream)
        else:
            (handle.forward_limbs if real_in else handle.inverse_limbs)(inp, result, stream)
        return _store_device(result, batch_shape, axis, call.out)

    if isinstance(src_rows, Extended):
        inp = to_buffer_from_extended(src_rows, in_length, complex_values=not real_in)
    else:
        inp = _device_buffer_from_standard(src_rows, fmt, in_length, not real_in)
    if kind in ("forward", "inverse"):
        handle.execute(kind == "forward", inp, stream)
        result = inp
    else:
        result = new_buffer(xp, batch, out_length, fmt, complex_values=not real_out)
        (handle.forward if real_in else handle.inverse)(inp, result, stream)
    if call.extended:
        return _deliver_extended(from_buffer(result, fmt), batch_shape, axis, call.out)
    return _store_device(_device_rounded_from_buffer(result, fmt, dtype), batch_shape, axis, call.out)
