"""The three formats: how many limbs, of which type, and the standard
dtypes their values are read from and rounded to."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Format:
    name: str
    limbs: int
    limb: np.dtype  # float32 or float64
    bits: int  # significand bits, about

    @property
    def complex_limb(self) -> np.dtype:
        """The complex dtype of one limb of complex values."""
        return np.dtype(np.complex64 if self.limb == np.float32 else np.complex128)


FORMATS = {
    "df64": Format("df64", 2, np.dtype(np.float32), 48),
    "qf128": Format("qf128", 4, np.dtype(np.float32), 96),
    "dd128": Format("dd128", 2, np.dtype(np.float64), 106),
}

DEFAULT_PRECISION = "dd128"


def format_named(precision: object) -> Format:
    if not isinstance(precision, str):
        raise TypeError(f"precision must be a string ('df64', 'qf128' or 'dd128'), not {type(precision).__name__}")
    try:
        return FORMATS[precision]
    except KeyError:
        raise ValueError(f"precision must be 'df64', 'qf128' or 'dd128', not {precision!r}") from None
