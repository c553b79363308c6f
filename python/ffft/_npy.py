"""ffft.load and ffft.save: the ffft program's .npy files, whose extended
formats are structured dtypes (docs/cli.md):

    df64   [('re', '<f4', (2,)), ('im', '<f4', (2,))]   rdf64  [('re', '<f4', (2,))]
    qf128  [('re', '<f4', (4,)), ('im', '<f4', (4,))]   rqf128 [('re', '<f4', (4,))]
    dd128  [('re', '<f8', (2,)), ('im', '<f8', (2,))]   rdd128 [('re', '<f8', (2,))]
"""

from __future__ import annotations

import math
import os
import tempfile
from typing import Any

import numpy as np

from ._arrays import STANDARD, is_cupy_array
from ._buffers import from_buffer, to_buffer_from_extended
from ._extended import Extended
from ._formats import FORMATS, Format


def structured_dtype(fmt: Format, complex_values: bool) -> np.dtype:
    limb = fmt.limb.newbyteorder("<")
    fields = [("re", limb, (fmt.limbs,))]
    if complex_values:
        fields.append(("im", limb, (fmt.limbs,)))
    return np.dtype(fields)


def _format_of(dtype: np.dtype) -> tuple[Format, bool] | None:
    for fmt in FORMATS.values():
        for complex_values in (True, False):
            if dtype == structured_dtype(fmt, complex_values):
                return fmt, complex_values
    return None


def load(path: str | os.PathLike) -> Any:
    """A .npy file: an Extended for the ffft program's extended layouts, a
    numpy array for float32, float64, complex64 and complex128 data.
    ValueError for anything else."""
    data = np.load(path, allow_pickle=False)
    if data.dtype in STANDARD:
        return data
    found = _format_of(data.dtype)
    if found is None:
        raise ValueError(f"{os.fspath(path)}: dtype {data.dtype} is neither one of ffft's formats (df64, qf128, dd128, "
                         "rdf64, rqf128, rdd128) nor float32, float64, complex64 or complex128")
    fmt, complex_values = found
    # The structured layout is a buffer of the format's values (_buffers):
    # the real part's limbs, then the imaginary part's.
    values = (2, fmt.limbs) if complex_values else (fmt.limbs,)
    buffer = np.ascontiguousarray(data).view(fmt.limb).reshape((1, data.size) + values)
    rows = from_buffer(buffer, fmt)
    return Extended(tuple(limb.reshape(data.shape) for limb in rows.limbs), fmt.name)  # checks the limbs


def save(path: str | os.PathLike, value: Any) -> None:
    """Writes an Extended in the ffft program's layout, or a standard numpy
    array as it is, to a .npy file. The file appears whole or not at all
    (written beside it, then renamed)."""
    if isinstance(value, Extended):
        host = value.get()
        buffer = to_buffer_from_extended(host.reshaped((1, host.size)), host.size)
        layout = structured_dtype(host.format, host.is_complex)
        data = buffer.reshape(host.size, math.prod(buffer.shape[2:])).view(layout).reshape(host.shape)
    elif is_cupy_array(value):
        raise TypeError("save writes host arrays: copy a CuPy array to the host first (x.get())")
    else:
        data = np.asarray(value)
        if data.dtype not in STANDARD:
            raise TypeError(f"save writes Extended values or float32, float64, complex64 and complex128 arrays, not {data.dtype}")
    target = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(target))
    fd, temporary = tempfile.mkstemp(prefix=".ffft-", suffix=".npy.part", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            np.save(f, data, allow_pickle=False)
        os.replace(temporary, target)
    except BaseException:
        os.unlink(temporary)
        raise
