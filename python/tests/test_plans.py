"""ffft.Plan and the plan cache behind the functions."""

from __future__ import annotations

import threading

import numpy as np
import pytest

import ffft
from conftest import random_complex


@pytest.fixture(autouse=True)
def fresh_cache():
    size = ffft.plan_cache.size
    ffft.plan_cache.clear()
    yield
    ffft.plan_cache.size = size
    ffft.plan_cache.clear()


def test_plan_gives_the_functions_results(rng):
    x = random_complex(rng, (3, 100))
    p = ffft.Plan(100, batch_shape=(3,))
    assert np.array_equal(p.fft(x), ffft.fft(x))
    assert np.array_equal(p.ifft(x), ffft.ifft(x))
    assert np.array_equal(p.fft(x[:, :60]), ffft.fft(x[:, :60], 100))  # zero-padded to n
    assert p.device == "cpu" or ffft.cuda_available()
    assert p.radices and np.prod(p.radices) == 100
    r = ffft.Plan(64, batch_shape=(5,), axis=0, real=True, precision="qf128", norm="ortho")
    y = rng.uniform(-1, 1, (64, 5))
    assert np.array_equal(r.rfft(y), ffft.rfft(y, axis=0, precision="qf128", norm="ortho"))
    assert np.array_equal(r.irfft(r.rfft(y, extended=True)), ffft.irfft(ffft.rfft(y, axis=0, precision="qf128", norm="ortho", extended=True), 64, axis=0, norm="ortho"))
    assert "real" in repr(r) and r.precision == "qf128" and r.norm == "ortho"


def test_plan_checks_its_input(rng):
    p = ffft.Plan(16, batch_shape=(4,))
    with pytest.raises(ValueError, match="2-D arrays"):
        p.fft(np.zeros(16, complex))
    with pytest.raises(ValueError, match=r"shape \(5,\)"):
        p.fft(np.zeros((5, 16), complex))
    with pytest.raises(ValueError, match="complex plan"):
        p.rfft(np.zeros((4, 16)))
    with pytest.raises(ValueError, match="dd128"):
        p.fft(ffft.fft(np.zeros((4, 16)), precision="df64", extended=True))
    with pytest.raises(ValueError, match="empty axis"):
        ffft.Plan(16, batch_shape=(0,))
    with pytest.raises(ValueError, match="at least 1"):
        ffft.Plan(0)


def test_cache_reuses_and_evicts(rng):
    x = random_complex(rng, 64)
    ffft.fft(x)
    ffft.fft(x)
    ffft.ifft(x)  # the same plan: both directions
    assert ffft.plan_cache.info() == {"size": 16, "plans": 1, "hits": 2, "misses": 1}
    ffft.fft(x, precision="df64")
    ffft.rfft(x.real)
    assert len(ffft.plan_cache) == 3
    ffft.plan_cache.size = 2
    assert len(ffft.plan_cache) == 2
    ffft.plan_cache.size = 0
    ffft.fft(x)
    assert len(ffft.plan_cache) == 0
    with pytest.raises(ValueError):
        ffft.plan_cache.size = -1


def test_lru_order(rng):
    ffft.plan_cache.size = 2
    a, b, c = (random_complex(rng, n) for n in (8, 16, 32))
    ffft.fft(a)
    ffft.fft(b)
    ffft.fft(a)  # a is now the most recent
    ffft.fft(c)  # evicts b
    hits = ffft.plan_cache.hits
    ffft.fft(a)
    assert ffft.plan_cache.hits == hits + 1
    ffft.fft(b)
    assert ffft.plan_cache.misses == 4


def test_threads_share_the_cache_safely(rng):
    x = random_complex(rng, (8, 4096))
    expected = ffft.fft(x)
    errors = []

    def work():
        for _ in range(10):
            if not np.array_equal(ffft.fft(x, workers=1), expected):
                errors.append("mismatch")

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors


def test_a_plan_refuses_concurrent_calls(rng):
    p = ffft.Plan(64, batch_shape=(2,))
    x = random_complex(rng, (2, 64))
    with p._lock:  # as while another thread runs it
        with pytest.raises(RuntimeError, match="another thread"):
            p.fft(x)
    assert np.array_equal(p.fft(x), ffft.fft(x))
