"""long double and clongdouble data, computed in dd128 and returned as
numpy returns them (clongdouble, or longdouble from irfft).

The x87 long double's 64-bit significand fits a double-double exactly:
high = the value rounded to double, low = the rest (at most 11 bits, exact
in a double), so the data go in exactly, as dd128 values. Out, the sum
high + low in long double rounds the dd128 result once. numpy's own long
double FFT (pocketfft) computes in long double itself; dd128's 106 bits
make the result the correctly rounded DFT almost everywhere (docs/python.md).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ._extended import Extended

LONG_DOUBLES = (np.dtype(np.longdouble), np.dtype(np.clongdouble))


def long_double_array(x: Any) -> np.ndarray | None:
    """x as a numpy array if it holds long double or clongdouble values
    (wider than double here), else None."""
    if np.finfo(np.longdouble).nmant <= np.finfo(np.float64).nmant:
        return None
    if isinstance(x, (list, tuple)):
        x = np.asarray(x)
    return x if isinstance(x, np.ndarray) and x.dtype in LONG_DOUBLES else None


def to_dd128(a: np.ndarray) -> Extended:
    """The values as dd128, exactly; ValueError where a finite value lies
    beyond double's exponent range (which dd128's limbs share)."""
    double = np.complex128 if a.dtype.kind == "c" else np.float64
    with np.errstate(over="ignore", invalid="ignore"):
        high = a.astype(double)
        low = (a - high.astype(a.dtype)).astype(double)
        back = high.astype(a.dtype) + low.astype(a.dtype)
    finite = np.isfinite(a)
    if not np.array_equal(back[finite], a[finite]):
        raise ValueError("long double values beyond dd128's range (finite magnitudes from about 5e-305 to 1.8e308) "
                         "cannot be transformed exactly; scale the data first")
    low[~finite] = 0
    return Extended([high, low], "dd128")


def from_dd128(y: Extended, out: Any) -> np.ndarray:
    """The dd128 values rounded once to long double (clongdouble for
    complex values), into `out` where given."""
    dtype = LONG_DOUBLES[1] if y.is_complex else LONG_DOUBLES[0]
    high, low = y.limbs
    result = high.astype(dtype) + low.astype(dtype)
    if out is None:
        return result
    if not isinstance(out, np.ndarray) or out.dtype != dtype:
        raise TypeError(f"out must be a {dtype} numpy array for long double data, not "
                        f"{getattr(out, 'dtype', type(out).__name__)}")
    if out.shape != result.shape:
        raise ValueError(f"out has shape {out.shape}; the result has shape {result.shape}")
    out[...] = result
    return out


def run_in_dd128(a: np.ndarray, precision: Any, out: Any, extended: bool, run: Any) -> Any:
    """run(Extended input, extended out) on long double data a, in dd128:
    the Extended result where extended, else long double values."""
    if precision not in (None, "dd128"):
        raise TypeError(f"long double data are transformed in dd128, which holds them exactly, not {precision}: "
                        "pass precision='dd128' (or none), or convert the data to float64 yourself")
    if extended:
        return run(to_dd128(a), out)
    if out is not None and not isinstance(out, np.ndarray):
        raise TypeError("out must be a numpy array of long double values for long double data")
    return from_dd128(run(to_dd128(a), None), out)
