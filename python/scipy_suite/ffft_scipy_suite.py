"""scipy.fft's own tests with ffft as scipy.fft's global backend (scipy's
registered as the fallback), counting the calls ffft serves and those it
declines (NotImplemented: scipy computes them). scripts/test_python.sh
runs the tests of a pinned scipy with this module as a pytest plugin; the
count ends pytest's report, and, written to the file FFFT_SCIPY_SUITE_CALLS
names, is what the script judges the run by: a declined call, or none
served, fails it, as every function and dtype those tests use is one ffft
computes.

sitecustomize.py beside it imports it into every Python process of the
run, so that the worker processes scipy's tests start (forkserver: fresh
interpreters) transform with ffft too; their calls are not counted."""

from __future__ import annotations

import collections
import json
import os
from pathlib import Path

import scipy.fft

from ffft import scipy_backend

_calls: collections.Counter = collections.Counter()
_serve = scipy_backend.__ua_function__


def _counting(method, args, kwargs):
    result = _serve(method, args, kwargs)
    _calls[(getattr(method, "__name__", "?"), result is NotImplemented)] += 1
    return result


scipy_backend.__ua_function__ = _counting
scipy.fft.set_global_backend(scipy_backend)
scipy.fft.register_backend("scipy")


def _tally():
    """The calls ffft served, and those it declined by function."""
    served = sum(count for (_, declined), count in _calls.items() if not declined)
    declined = {name: count for (name, was_declined), count in sorted(_calls.items()) if was_declined}
    return served, declined


def pytest_terminal_summary(terminalreporter):
    served, declined = _tally()
    terminalreporter.write_line(f"scipy.fft suite: ffft served {served} calls, declined {sum(declined.values())}"
                                + (f" ({declined})" if declined else ""))


def pytest_unconfigure(config):
    """The calls counted, as JSON, into the file FFFT_SCIPY_SUITE_CALLS names: what ffft
    served and, by function, what it declined."""
    path = os.environ.get("FFFT_SCIPY_SUITE_CALLS")
    if not path:
        return
    served, declined = _tally()
    Path(path).write_text(json.dumps({"served": served, "declined": declined}) + "\n")
