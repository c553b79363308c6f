"""ffft.Plan, and the cache of C++ plans behind the transform functions."""

from __future__ import annotations

import threading
from collections import OrderedDict
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from . import _ffft
from ._arrays import normalize_axis, transform_length
from ._execute import Call, as_input, run
from ._extended import Extended
from ._formats import DEFAULT_PRECISION
from ._long_double import long_double_array, run_in_dd128
from ._options import Options, make_options

_KINDS = {"forward": "complex", "inverse": "complex", "rfft": "real", "irfft": "real"}


def make_handle(real: bool, n: int, batch: int, options: Options) -> Any:
    """A C++ plan of n points (real values for a real plan) and batch
    transforms per execution."""
    cls = _ffft.RealPlan if real else _ffft.ComplexPlan
    return cls(options.fmt.name, n, batch, options.norm, options.twiddles, options.device, options.threads)


class PlanCache:
    """The most recently used C++ plans of the transform functions, as
    cupy.fft's plan cache: making a plan computes its twiddle tables and
    allocates its workspace, so a repeated transform reuses them.

    A plan runs one execution at a time, so a call takes its plan out of the
    cache while it runs and puts it back after: two threads transforming
    the same shape at once each get a plan. Thread-safe.
    """

    def __init__(self, size: int = 16) -> None:
        self._lock = threading.Lock()
        self._plans: OrderedDict = OrderedDict()
        self._size = 0
        self.hits = 0
        self.misses = 0
        self.size = size

    @property
    def size(self) -> int:
        """Plans kept at most; 0 keeps none (every call makes its plan)."""
        return self._size

    @size.setter
    def size(self, value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"the plan cache's size must be an integer >= 0, not {value!r}")
        with self._lock:
            self._size = value
            self._evict()

    def __len__(self) -> int:
        return len(self._plans)

    def clear(self) -> None:
        """Drops every plan (and its memory) and resets the counts."""
        with self._lock:
            self._plans.clear()
            self.hits = self.misses = 0

    def info(self) -> dict:
        with self._lock:
            return {"size": self._size, "plans": len(self._plans), "hits": self.hits, "misses": self.misses}

    @contextmanager
    def borrow(self, key: tuple, make: Callable[[], Any]) -> Iterator[Any]:
        with self._lock:
            handle = self._plans.pop(key, None)
            if handle is None:
                self.misses += 1
            else:
                self.hits += 1
        if handle is None:
            handle = make()
        try:
            yield handle
        finally:
            with self._lock:
                if self._size:
                    self._plans[key] = handle
                    self._plans.move_to_end(key)
                    self._evict()

    def _evict(self) -> None:
        while len(self._plans) > self._size:
            self._plans.popitem(last=False)


plan_cache = PlanCache()


def transform(kind: str, x: Any, n: Any, axis: Any, norm: Any, precision: Any, twiddles: Any, device: Any,
              workers: Any, out: Any, extended: bool) -> Any:
    """The functions' common body: check, find a plan, run."""
    long_double = long_double_array(x)
    if long_double is not None:  # in dd128, which holds it exactly (_long_double.py)
        return run_in_dd128(long_double, precision, out, extended, lambda values, into: transform(
            kind, values, n, axis, norm, "dd128", twiddles, device, workers, into, True))
    src = as_input(x, real_only=kind == "rfft")
    default = src.precision if isinstance(src, Extended) else DEFAULT_PRECISION
    options = make_options(precision, norm, twiddles, device, workers, default_precision=default)
    if isinstance(src, Extended) and src.precision != options.fmt.name:
        raise ValueError(f"the input holds {src.precision} values but precision={options.fmt.name!r}: "
                         "pass the Extended's own precision (or none)")
    ax = normalize_axis(axis, src.ndim)
    m = src.shape[ax]
    length = transform_length(n, 2 * (m - 1) if kind == "irfft" else m)
    batch = 1
    for i, extent in enumerate(src.shape):
        batch *= extent if i != ax else 1
    call = Call(options.fmt, ax, length, out, bool(extended))
    if batch == 0:
        return run(kind, None, src, call)
    real = _KINDS[kind] == "real"
    key = (real, length, batch, options)
    with plan_cache.borrow(key, lambda: make_handle(real, length, batch, options)) as handle:
        return run(kind, handle, src, call)


class Plan:
    """A transform planned once and run many times, as a cufftPlanMany or
    FFTW plan: n points along `axis` of arrays whose other axes have the
    shape `batch_shape`.

    A complex plan (real=False) runs ``fft`` and ``ifft``; a real plan runs
    ``rfft`` (n real values to n//2 + 1 bins) and ``irfft``. The arguments
    are those of the functions; the transform's data may have any length
    along the axis (cut or zero-padded to n, as numpy's n). A plan runs one
    call at a time (use one per thread).

    >>> p = ffft.Plan(4096, batch_shape=(8,), axis=-1)
    >>> X = p.fft(x)          # x.shape == (8, 4096)
    """

    def __init__(self, n: int, batch_shape: tuple = (), axis: int = -1, *, real: bool = False, norm: str | None = None,
                 precision: str = "dd128", twiddles: str = "table", device: str = "auto", workers: int | None = None) -> None:
        self.n = transform_length(n, 0)
        self.batch_shape = tuple(int(e) for e in batch_shape)
        if any(e < 1 for e in self.batch_shape):
            raise ValueError(f"batch_shape {self.batch_shape} has an empty axis; a plan needs at least one transform")
        self.axis = normalize_axis(axis, len(self.batch_shape) + 1)
        self.real = bool(real)
        self._options = make_options(precision, norm, twiddles, device, workers)
        batch = 1
        for e in self.batch_shape:
            batch *= e
        self._handle = make_handle(self.real, self.n, batch, self._options)
        self._lock = threading.Lock()

    # -- properties -----------------------------------------------------------
    @property
    def precision(self) -> str:
        return self._options.fmt.name

    @property
    def norm(self) -> str:
        return self._options.norm

    @property
    def twiddles(self) -> str:
        return self._options.twiddles

    @property
    def device(self) -> str:
        """Where it runs: 'cpu' or 'cuda'."""
        return self._handle.backend

    @property
    def radices(self) -> list:
        """The radices of its Stockham passes (of the padded length for a
        Bluestein plan)."""
        return list(self._handle.radices)

    @property
    def workspace_bytes(self) -> int:
        return self._handle.workspace_bytes

    def __repr__(self) -> str:
        kind = "real" if self.real else "complex"
        return (f"ffft.Plan({kind}, n={self.n}, batch_shape={self.batch_shape}, axis={self.axis}, "
                f"precision={self.precision!r}, norm={self.norm!r}, device={self.device!r})")

    # -- transforms -----------------------------------------------------------
    def fft(self, x: Any, *, out: Any = None, extended: bool = False) -> Any:
        return self._run("forward", x, out, extended)

    def ifft(self, x: Any, *, out: Any = None, extended: bool = False) -> Any:
        return self._run("inverse", x, out, extended)

    def rfft(self, x: Any, *, out: Any = None, extended: bool = False) -> Any:
        return self._run("rfft", x, out, extended)

    def irfft(self, x: Any, *, out: Any = None, extended: bool = False) -> Any:
        return self._run("irfft", x, out, extended)

    def _run(self, kind: str, x: Any, out: Any, extended: bool) -> Any:
        if (_KINDS[kind] == "real") != self.real:
            raise ValueError(f"this is a {'real' if self.real else 'complex'} plan: it runs "
                             f"{'rfft and irfft' if self.real else 'fft and ifft'}, not {'fft' if kind in ('forward', 'inverse') else kind}")
        src = as_input(x, real_only=kind == "rfft")
        if isinstance(src, Extended) and src.precision != self.precision:
            raise ValueError(f"the input holds {src.precision} values; this plan computes in {self.precision}")
        if src.ndim != len(self.batch_shape) + 1:
            raise ValueError(f"this plan transforms {len(self.batch_shape) + 1}-D arrays, not {src.ndim}-D ones")
        batch_shape = src.shape[:self.axis] + src.shape[self.axis + 1:]
        if batch_shape != self.batch_shape:
            raise ValueError(f"the input's axes other than axis {self.axis} have shape {batch_shape}; this plan's have {self.batch_shape}")
        if not self._lock.acquire(blocking=False):
            raise RuntimeError("this plan is running in another thread: a plan runs one call at a time (make one per thread)")
        try:
            return run(kind, self._handle, src, Call(self._options.fmt, self.axis, self.n, out, bool(extended)))
        finally:
            self._lock.release()
