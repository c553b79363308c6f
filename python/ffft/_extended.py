"""ffft.Extended: values of an extended format, held as standard arrays."""

from __future__ import annotations

from typing import Any, Iterable

import mpmath
import numpy as np

from . import _exact
from ._arrays import as_standard_array, as_standard_dtype, module_of
from ._formats import Format, format_named


class Extended:
    """Values of an extended format, as a tuple of standard arrays.

    ``limbs`` holds the limbs, largest first, and a value is their exact
    sum: two limbs for df64 and dd128, four for qf128. The limbs of complex
    values are complex64 arrays (df64, qf128) or complex128 arrays (dd128),
    each holding one limb of the real part and one of the imaginary part;
    those of real values are float32 or float64 arrays. They are numpy
    arrays, or CuPy arrays in device memory, so they move between
    libraries without a copy.

    The limbs are normalized as ffft's formats are: each is at most one unit
    in the last place of the one before it (half a unit in df64 and dd128,
    whose first limb is then the value rounded to the limb type). A
    non-finite value has it in the first limb.

    Every transform accepts an Extended, and returns one with
    ``extended=True``.

    >>> x = ffft.Extended.from_mpmath([mpmath.mpf(1) / 3], "dd128")
    >>> x.limbs[0]                     # the double nearest 1/3
    >>> x.to_mpmath()[0] - mpmath.mpf(1) / 3   # about 1e-33
    """

    __slots__ = ("_limbs", "_format")

    def __init__(self, limbs: Iterable[Any], precision: str) -> None:
        fmt = format_named(precision)
        arrays = tuple(as_standard_array(limb) for limb in limbs)
        if len(arrays) != fmt.limbs:
            raise ValueError(f"{fmt.name} values have {fmt.limbs} limbs, not {len(arrays)}")
        xp = module_of(arrays[0])
        if any(module_of(a) is not xp for a in arrays):
            raise TypeError("the limbs must all be numpy arrays or all CuPy arrays")
        first = arrays[0]
        if first.dtype not in (fmt.limb, fmt.complex_limb):
            raise TypeError(f"{fmt.name} limbs are {fmt.limb} (real values) or {fmt.complex_limb} (complex values), not {first.dtype}")
        for k, a in enumerate(arrays[1:], 1):
            if a.dtype != first.dtype:
                raise TypeError(f"limb {k} is {a.dtype} but limb 0 is {first.dtype}: all limbs have one dtype")
            if a.shape != first.shape:
                raise ValueError(f"limb {k} has shape {a.shape} but limb 0 has {first.shape}: all limbs have one shape")
        _check_normalized(arrays, xp)
        self._limbs = arrays
        self._format = fmt

    # -- what it is ---------------------------------------------------------
    @property
    def limbs(self) -> tuple:
        """The limbs, largest first (standard arrays of one shape and dtype)."""
        return self._limbs

    @property
    def precision(self) -> str:
        """'df64', 'qf128' or 'dd128'."""
        return self._format.name

    @property
    def shape(self) -> tuple:
        return self._limbs[0].shape

    @property
    def ndim(self) -> int:
        return self._limbs[0].ndim

    @property
    def size(self) -> int:
        return self._limbs[0].size

    @property
    def dtype(self) -> np.dtype:
        """The limbs' dtype."""
        return self._limbs[0].dtype

    @property
    def is_complex(self) -> bool:
        return self.dtype.kind == "c"

    @property
    def device(self) -> str:
        """'cpu' for numpy limbs, 'cuda' for CuPy limbs."""
        return "cpu" if module_of(self._limbs[0]) is np else "cuda"

    @property
    def format(self) -> Format:
        return self._format

    def __len__(self) -> int:
        return len(self._limbs[0])

    def __getitem__(self, key: Any) -> "Extended":
        """The same selection of every limb (a view where numpy gives one)."""
        return Extended._trusted(tuple(a[key] for a in self._limbs), self._format)

    def __repr__(self) -> str:
        return f"ffft.Extended(precision={self.precision!r}, shape={self.shape}, dtype={self.dtype}, device={self.device!r})"

    # -- conversions --------------------------------------------------------
    def get(self) -> "Extended":
        """This value with numpy limbs (a copy from the device for CuPy ones)."""
        if self.device == "cpu":
            return self
        return Extended._trusted(tuple(a.get() for a in self._limbs), self._format)

    def to_mpmath(self) -> np.ndarray:
        """An object array of mpmath numbers (mpf, or mpc for complex
        values), each the exact sum of its limbs."""
        host = self.get()
        result = np.empty(self.shape, dtype=object)
        flat = result.reshape(-1)
        limbs = [a.reshape(-1) for a in host.limbs]
        for i in range(flat.size):
            if self.is_complex:
                re = _exact.exact_sum([a[i].real for a in limbs])
                im = _exact.exact_sum([a[i].imag for a in limbs])
                flat[i] = mpmath.mp.make_mpc((re, im))
            else:
                flat[i] = mpmath.mp.make_mpf(_exact.exact_sum([a[i] for a in limbs]))
        return result

    @classmethod
    def from_mpmath(cls, values: Any, precision: str) -> "Extended":
        """The values (mpmath numbers, or any number mpmath takes exactly:
        int, float, complex) rounded limb by limb to the format: each limb
        the nearest limb-type number to what the limbs before it leave.
        Complex limbs if any value is complex. ValueError for NaN, infinity,
        or a value beyond the format's range."""
        fmt = format_named(precision)
        objects = np.asarray(values, dtype=object)
        flat = objects.reshape(-1)
        parts = []
        for i, v in enumerate(flat):
            try:
                parts.append(_exact.to_raw(v))
            except ValueError:
                raise ValueError(f"element {i} ({v}) is not finite: from_mpmath takes finite values") from None
        complex_values = any(isinstance(mpmath.mpmathify(v), mpmath.mpc) for v in flat)
        dtype = fmt.complex_limb if complex_values else fmt.limb
        limbs = [np.zeros(objects.shape, dtype) for _ in range(fmt.limbs)]
        views = [a.reshape(-1) for a in limbs]
        for i, (re, im) in enumerate(parts):
            try:
                re_limbs = _exact.split(re, fmt)
                im_limbs = _exact.split(im, fmt)
            except OverflowError:
                raise ValueError(f"element {i} ({flat[i]}) is beyond {fmt.name}'s range") from None
            for k in range(fmt.limbs):
                views[k][i] = complex(re_limbs[k], im_limbs[k]) if complex_values else re_limbs[k]
        return cls._trusted(tuple(limbs), fmt)

    @classmethod
    def from_array(cls, x: Any, precision: str) -> "Extended":
        """A standard array (numpy, host memory) in the format: exact for
        float data in every format and for double data in qf128 and dd128
        (rounded to nearest in df64)."""
        from ._buffers import from_buffer, to_buffer  # noqa: PLC0415  (cycle)

        fmt = format_named(precision)
        a = as_standard_dtype(as_standard_array(x))
        if module_of(a) is not np:
            raise TypeError("Extended.from_array converts host arrays; on the device, pass the array to a transform directly")
        rows = a.reshape(1, -1)
        buffer = to_buffer(rows, fmt, rows.shape[1], complex_values=a.dtype.kind == "c")
        return from_buffer(buffer, fmt).reshaped(a.shape)

    def rounded(self, dtype: Any = None) -> np.ndarray:
        """The values rounded once to a standard dtype: complex128 or
        float64 by default; complex64 or float32."""
        from ._buffers import round_buffer, to_buffer_from_extended  # noqa: PLC0415

        host = self.get()
        if dtype is None:
            dtype = np.complex128 if self.is_complex else np.float64
        dtype = np.dtype(dtype)
        if dtype.kind != ("c" if self.is_complex else "f") or dtype.itemsize not in ((8, 16) if self.is_complex else (4, 8)):
            raise TypeError(f"{'complex' if self.is_complex else 'real'} values round to {'complex64 or complex128' if self.is_complex else 'float32 or float64'}, not {dtype}")
        rows = host.reshaped((1, self.size))
        buffer = to_buffer_from_extended(rows, self.size)
        out = np.empty((1, self.size), dtype)
        round_buffer(buffer, self._format, out)
        return out.reshape(self.shape)

    def reshaped(self, shape: Any) -> "Extended":
        """Every limb reshaped."""
        return Extended._trusted(tuple(a.reshape(shape) for a in self._limbs), self._format)

    @classmethod
    def _trusted(cls, limbs: tuple, fmt: Format) -> "Extended":
        """Limbs ffft made itself: no checks."""
        obj = cls.__new__(cls)
        obj._limbs = limbs
        obj._format = fmt
        return obj


def _check_normalized(limbs: tuple, xp: Any) -> None:
    """ValueError unless each limb is at most one ulp of the one before
    (where that one is finite): ffft's invariant (ffft/expansion.hpp)."""
    parts = [lambda a: a] if limbs[0].dtype.kind == "f" else [lambda a: a.real, lambda a: a.imag]
    for part in parts:
        for k in range(1, len(limbs)):
            upper, lower = part(limbs[k - 1]), part(limbs[k])
            magnitude = xp.abs(upper)
            with np.errstate(invalid="ignore"):  # inf - inf where the limb is infinite
                ulp = xp.nextafter(magnitude, xp.inf) - magnitude  # numpy.spacing, also in CuPy
            bad = xp.isfinite(upper) & ~(xp.abs(lower) <= ulp)
            if bool(bad.any()):
                where = tuple(int(i) for i in xp.argwhere(bad)[0])
                raise ValueError(
                    f"limb {k} at index {where} is not normalized: it must be at most one unit in the "
                    f"last place of limb {k - 1} (build Extended values with from_mpmath or from_array)")
