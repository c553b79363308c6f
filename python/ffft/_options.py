"""The keyword arguments every transform takes, checked once."""

from __future__ import annotations

import os
from dataclasses import dataclass

import numpy as np

from ._formats import DEFAULT_PRECISION, Format, format_named

_NORMS = ("backward", "ortho", "forward")
_TWIDDLES = ("table", "computed", "direct")
_DEVICES = ("auto", "cpu", "cuda")


@dataclass(frozen=True)
class Options:
    """A plan's settings, hashable: the plan cache's key with the kind,
    length and batch."""

    fmt: Format
    norm: str
    twiddles: str
    device: str
    threads: int  # 0: one per hardware thread


def _choice(value: object, name: str, allowed: tuple) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a string ({', '.join(map(repr, allowed))}), not {type(value).__name__}")
    if value not in allowed:
        raise ValueError(f"{name} must be {', '.join(map(repr, allowed[:-1]))} or {allowed[-1]!r}, not {value!r}")
    return value


def threads_for(workers: object) -> int:
    """scipy.fft's workers: None for every hardware thread, a positive
    count, or a negative one counting back from os.cpu_count() (-1: all)."""
    if workers is None:
        return 0
    if isinstance(workers, bool) or not isinstance(workers, (int, np.integer)):
        raise TypeError(f"workers must be an integer or None, not {type(workers).__name__}")
    count = int(workers)
    if count < 0:
        count += (os.cpu_count() or 1) + 1
        if count <= 0:
            raise ValueError(f"workers value out of range; got {workers}, must not be less than {-(os.cpu_count() or 1)}")
    elif count == 0:
        raise ValueError("workers must not be zero")
    return count


def make_options(precision: object, norm: object, twiddles: object, device: object, workers: object,
                 *, default_precision: str = DEFAULT_PRECISION) -> Options:
    fmt = format_named(default_precision if precision is None else precision)
    return Options(fmt, _choice("backward" if norm is None else norm, "norm", _NORMS),
                   _choice(twiddles, "twiddles", _TWIDDLES), _choice(device, "device", _DEVICES),
                   threads_for(workers))
