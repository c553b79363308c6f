"""The GIL is released while C++ works, and Ctrl-C leaves everything usable."""

from __future__ import annotations

import os
import signal
import threading
import time

import numpy as np
import pytest

import ffft
from conftest import random_complex


def test_other_threads_run_during_a_transform(rng):
    x = random_complex(rng, (8, 1 << 16))
    ffft.fft(x, workers=1)  # plan made and cached
    start = time.perf_counter()
    ffft.fft(x, workers=1)
    duration = time.perf_counter() - start
    worker = threading.Thread(target=lambda: [ffft.fft(x, workers=1) for _ in range(3)])
    stamps = []
    worker.start()
    while worker.is_alive():
        stamps.append(time.perf_counter())
    worker.join()
    gaps = np.diff(stamps)
    # A held GIL would stop this loop for a whole transform; Python's switch
    # interval (5 ms) lets it run every few milliseconds instead.
    assert len(stamps) > 100 and gaps.max() < duration / 3, (duration, gaps.max())


@pytest.mark.skipif(not hasattr(signal, "pthread_kill"), reason="needs POSIX signals")
def test_ctrl_c_interrupts_and_leaves_everything_usable(rng):
    x = random_complex(rng, (4, 1 << 16))
    expected = ffft.fft(x)
    main = threading.get_ident()
    # Python's own handler, whatever this process inherited: a program started
    # in the background by a shell without job control begins with SIGINT
    # ignored, and Python then leaves it so.
    inherited = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.2, lambda: signal.pthread_kill(main, signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            for _ in range(10000):
                ffft.fft(x)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, inherited)
    # The plan went back to the cache whole, and results are unchanged.
    assert np.array_equal(ffft.fft(x), expected)
    assert os.getpid()  # still here
