"""Buffers of a format's values, the memory the C++ plans work on, and the
ways data get in and out of them.

A buffer of complex values is a C-contiguous (batch, n, 2, limbs) array of
the limb type (ffft::complex<E>: the real part's limbs, then the imaginary
part's); one of real values is (batch, n, limbs) (E). Standard arrays go
in and out through the C++ conversions (exact in, rounded once out);
Extended limbs are only moved, never rounded.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import _ffft
from ._arrays import module_of
from ._extended import Extended
from ._formats import Format


def new_buffer(xp: Any, batch: int, n: int, fmt: Format, complex_values: bool) -> Any:
    shape = (batch, n, 2, fmt.limbs) if complex_values else (batch, n, fmt.limbs)
    return xp.zeros(shape, fmt.limb)


def to_buffer(rows: Any, fmt: Format, n: int, *, complex_values: bool) -> Any:
    """A host buffer of n values per row of a standard (batch, m) array:
    min(m, n) converted, the rest zero."""
    buffer = np.empty((rows.shape[0], n, 2, fmt.limbs) if complex_values else (rows.shape[0], n, fmt.limbs), fmt.limb)
    _ffft.to_format(fmt.name, rows, buffer)
    return buffer


def to_buffer_from_extended(rows: Extended, n: int, *, complex_values: bool | None = None) -> Any:
    """A buffer (in the limbs' memory) of n values per row of a (batch, m)
    Extended: min(m, n) moved limb by limb, the rest zero."""
    if complex_values is None:
        complex_values = rows.is_complex
    if rows.is_complex and not complex_values:
        raise TypeError("a real transform takes real data, not complex Extended values")
    xp = module_of(rows.limbs[0])
    fmt = rows.format
    batch, m = rows.shape
    copied = min(m, n)
    buffer = new_buffer(xp, batch, n, fmt, complex_values)
    for k, limb in enumerate(rows.limbs):
        part = limb[:, :copied]
        if not complex_values:
            buffer[:, :copied, k] = part
        elif rows.is_complex:
            buffer[:, :copied, 0, k] = part.real
            buffer[:, :copied, 1, k] = part.imag
        else:
            buffer[:, :copied, 0, k] = part
    return buffer


def from_buffer(buffer: Any, fmt: Format) -> Extended:
    """The buffer's values as a (batch, n) Extended (its limbs are copies)."""
    xp = module_of(buffer)
    limbs = []
    for k in range(fmt.limbs):
        if buffer.ndim == 4:
            limb = xp.empty(buffer.shape[:2], fmt.complex_limb)
            limb.real = buffer[:, :, 0, k]
            limb.imag = buffer[:, :, 1, k]
        else:
            limb = xp.ascontiguousarray(buffer[:, :, k])
        limbs.append(limb)
    return Extended._trusted(tuple(limbs), fmt)


def round_buffer(buffer: Any, fmt: Format, out_rows: Any) -> None:
    """out_rows (batch, n; a standard dtype, any strides, host memory)
    <- the buffer's values rounded once."""
    _ffft.from_format(fmt.name, buffer, out_rows)
