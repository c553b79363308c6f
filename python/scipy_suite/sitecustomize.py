"""Imported at the start of every Python process whose path holds this
folder (scripts/test_python.sh sets PYTHONPATH for scipy.fft's suite): ffft
becomes scipy.fft's global backend there too, in the worker processes
scipy's tests start as in the test process itself."""

import ffft_scipy_suite  # noqa: F401  (sets the backend on import)
