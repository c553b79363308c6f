"""scipy.fft's own tests with ffft as scipy.fft's global backend (scipy's
registered as the fallback), counting the calls ffft serves and those it
declines (NotImplemented: scipy computes them). scripts/test_python.sh
runs the tests of a pinned scipy with this module as a pytest plugin; the
count ends pytest's report, and a declined call fails the run: every
function and dtype those tests use is one ffft computes.

sitecustomize.py beside it imports it into every Python process of the
run, so that the worker processes scipy's tests start (forkserver: fresh
interpreters) transform with ffft too; their calls are not counted."""

from __future__ import annotations

import collections

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


def pytest_terminal_summary(terminalreporter):
    served = sum(count for (_, declined), count in _calls.items() if not declined)
    declined = {name: count for (name, was_declined), count in sorted(_calls.items()) if was_declined}
    terminalreporter.write_line(f"scipy.fft suite: ffft served {served} calls, declined {sum(declined.values())}"
                                + (f" ({declined})" if declined else ""))


def pytest_sessionfinish(session, exitstatus):
    # pytest's hook (its names) after the whole run of scipy's FFT tests: that run fails
    # where ffft declined a call or served none, however its tests came out.
    declined = any(was_declined for (_, was_declined) in _calls)
    served = any(not was_declined for (_, was_declined) in _calls)
    if declined or not served:
        session.exitstatus = 1
