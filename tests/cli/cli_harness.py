"""Shared helpers for the end-to-end tests of the `ffft` program (docs/cli.md).

The tests run the built binary, named by the environment variable FFFT_CLI,
on files written by numpy, and check its outputs with numpy (and, where
double is not enough, with Python's decimal module). Standard library and
numpy only.

What every command run through CliTestCase.cli() checks, whatever the test:
  - the exit status is the expected one (0, or 1/2 for failures);
  - stderr holds only lines starting "ffft: notice: " (or "ffft: warning: ")
    and, on failure, exactly one "ffft: error: " line;
  - the input files' bytes and modification times are unchanged;
  - on success, each output exists and its directory gained nothing else (no
    temporary file left behind); on failure, an output that did not exist
    still does not, one that did is unchanged, and its directory listing is
    exactly what it was before (no partial output, no stray temporary file).

Environment:
  FFFT_CLI               path of the ffft binary (required)
  FFFT_CLI_TESTS_QUICK=1 skip the slow large cases (the 2^20-point
                         roundtrip report and progress tests), e.g. under
                         AddressSanitizer
"""

import functools
import hashlib
import json
import math
import os
import shutil
import stat
import subprocess
import tempfile
import unittest
from decimal import Decimal, localcontext

import numpy as np


def _cli_path():
    path = os.environ.get("FFFT_CLI")
    if not path:
        raise RuntimeError(
            "FFFT_CLI is not set: point it at the built ffft binary, e.g. "
            "FFFT_CLI=build/bin/ffft python3 -m unittest (ctest sets it)")
    path = os.path.abspath(path)
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        raise RuntimeError(f"FFFT_CLI={path} is not an executable file")
    return path


CLI = _cli_path()
QUICK = os.environ.get("FFFT_CLI_TESTS_QUICK") == "1"
NOBODY = 65534

# Commands that run a transform and take --device.
_DEVICE_COMMANDS = {"fft", "ifft", "roundtrip"}

# ---------------------------------------------------------------------------
# Element formats (docs/cli.md, File formats)

NATIVE_DTYPES = {
    "df64": np.dtype([("re", "<f4", (2,)), ("im", "<f4", (2,))]),
    "qf128": np.dtype([("re", "<f4", (4,)), ("im", "<f4", (4,))]),
    "dd128": np.dtype([("re", "<f8", (2,)), ("im", "<f8", (2,))]),
}
DTYPES = {"c64": np.dtype("<c8"), "c128": np.dtype("<c16"), **NATIVE_DTYPES}
FORMATS = ("c64", "c128", "df64", "qf128", "dd128")
ELEMENT_BYTES = {"c64": 8, "c128": 16, "df64": 16, "qf128": 32, "dd128": 32}
PRECISIONS = ("df64", "qf128", "dd128")

# Accuracy limits of the tests. Each is measured: at least the largest error
# that the checks asserting it saw, over all their cases, and at most 4 times
# the smallest of those checks' largest errors, so that a regression of a few
# bits fails (Linux, AMD EPYC, the AVX-512 path; every CPU path gives the
# same bits). Limits that one check alone asserts stand beside it.

# The transform's relative L2 error, forward, inverse or round trip, of n
# points (the input's rounding to the format counted in): base x
# sqrt(max(log2 n, 1) / 20), doubled for lengths that are not 7-smooth
# (Bluestein's algorithm) -- the shape of the C++ suite's accuracy_limit
# (tests/fft_reference.hpp). Largest error / sqrt(...) (x 2) of the checks:
#   df64   4.2e-15 (test_cli_transforms, zeros in the dynamic range, N=256)
#          to 1.30e-14 (test_cli_real, rfft-irfft round trip, N=1000)
#   qf128  3.1e-30 (test_cli_roundtrip, test_options' forward errors)
#          to 4.9e-30 (test_cli_roundtrip, N=97 x 3)
#   dd128  1.57e-32 (test_cli_formats_e2e, dd128 output limbs, N=128)
#          to 4.1e-32 (test_cli_real, rfft-irfft round trip, N=1000)
# The df64 errors are mostly the input's rounding to df64 (2^-49), which
# does not grow with n. python/tests/conftest.py holds the same bases.
_TRANSFORM_BASE = {"df64": 1.5e-14, "qf128": 8e-30, "dd128": 6e-32}


def _seven_smooth(n):
    for p in (2, 3, 5, 7):
        while n % p == 0:
            n //= p
    return n == 1


def transform_tol(precision, n):
    """The relative L2 limit of a transform or round trip of n points in
    `precision`."""
    factor = math.sqrt(max(math.log2(n), 1) / 20) * (1 if _seven_smooth(n) else 2)
    return _TRANSFORM_BASE[precision] * factor


# A dd128 result rounded once to df64 or qf128 (unit roundoffs 2^-49 ~
# 1.8e-15 and ~2^-97 ~ 6e-30). Measured: df64 4.5e-16 (test_cli_formats_e2e,
# a .df64 output) to 6.2e-16 (test_cli_formats_e2e, the df64 output's values
# against numpy); qf128 2.9e-31 (test_cli_formats_e2e, qf128 output limbs).
ROUNDING_TOL = {"df64": 1.5e-15, "qf128": 1e-30}
# Results rounded to double (c128) from a transform far more precise than
# double: one rounding, 2^-53 ~ 1.1e-16 at most, less in L2. Measured 4.3e-17
# (test_cli_gen_compare_info, every output format) to 6.3e-17
# (test_cli_recordings, dd128 round trip in Fortran order, relative max).
DOUBLE_TOL = 1.5e-16
# Results rounded to float (c64): 2^-24 ~ 6e-8 at most. Measured 2.0e-8
# (test_cli_formats_e2e, output format rules) to 2.7e-8
# (test_cli_formats_e2e, test_complex64_1d).
C64_TOL = 7e-8
# numpy's own float64 FFT is only good to a few 1e-16 relative; comparing
# anything more precise against it is floored there. Measured 1.5e-16
# (test_cli_errors, --force; test_cli_formats_e2e, --in-format) to 3.3e-16
# (test_cli_recordings, FLAC, AIFF and float encodings).
NUMPY_TOL = 5e-16


def tol_to_double(precision, n):
    """The limit of an n-point transform or round trip in `precision` whose
    result is rounded to double (c128)."""
    return max(transform_tol(precision, n), DOUBLE_TOL)


def tol_vs_numpy(precision, n):
    """What an n-point transform in `precision` can be asked against
    numpy.fft."""
    return max(transform_tol(precision, n), NUMPY_TOL)


def random_complex(n, seed=0, shape=None):
    """Random complex128 values, standard normal parts."""
    rng = np.random.default_rng(seed)
    shape = (n,) if shape is None else shape
    return rng.standard_normal(shape) + 1j * rng.standard_normal(shape)


def _split_float_limbs(v, count):
    """Limbs (float32, largest first) of float64 array v: round-to-nearest
    repeatedly; each remainder v - float32(v) is exact in float64."""
    limbs = []
    r = np.asarray(v, dtype=np.float64)
    for _ in range(count):
        limb = r.astype(np.float32)
        limbs.append(limb)
        r = r - limb.astype(np.float64)
    return np.stack(limbs, axis=-1)


def to_format(x, fmt):
    """complex values -> array of the format's dtype (the native formats as
    normalized expansions of the float64 values; df64 rounds to 48 bits)."""
    x = np.asarray(x, dtype=np.complex128)
    if fmt in ("c64", "c128"):
        return x.astype(DTYPES[fmt])
    out = np.zeros(x.shape, dtype=NATIVE_DTYPES[fmt])
    if fmt == "dd128":
        out["re"][..., 0] = x.real
        out["im"][..., 0] = x.imag
    else:
        count = 2 if fmt == "df64" else 4
        out["re"] = _split_float_limbs(x.real, count)
        out["im"] = _split_float_limbs(x.imag, count)
    return out


def write_raw(path, x, fmt):
    """Writes complex values raw in format fmt (x.tofile for c64/c128)."""
    to_format(x, fmt).tofile(path)


def read_raw(path, fmt):
    return np.fromfile(path, dtype=DTYPES[fmt])


def as_complex(a):
    """complex128 values of an array of any of the formats' dtypes: the
    native formats' limbs summed smallest first (rounded to double)."""
    if a.dtype.names is None:
        return a.astype(np.complex128)
    re = a["re"].astype(np.float64)
    im = a["im"].astype(np.float64)
    sr = np.zeros(re.shape[:-1])
    si = np.zeros(im.shape[:-1])
    for i in reversed(range(re.shape[-1])):
        sr = sr + re[..., i]
        si = si + im[..., i]
    return sr + 1j * si


def minus(a, x):
    """(value of a) - x for an array a of a format's dtype and float64
    complex x close to it, accurate far beyond double when a is an
    expansion: the leading limb minus x is exact (Sterbenz), and each
    further partial sum is about the size of the next limb, so the rounding
    errors are below the difference itself by ~2^-53."""
    x = np.asarray(x, dtype=np.complex128)
    if a.dtype.names is None:
        return a.astype(np.complex128) - x
    re = a["re"].astype(np.float64)
    im = a["im"].astype(np.float64)
    dr = re[..., 0] - x.real
    di = im[..., 0] - x.imag
    for i in range(1, re.shape[-1]):
        dr = dr + re[..., i]
        di = di + im[..., i]
    return dr + 1j * di


def rel_l2(a, ref):
    """||a - ref|| / ||ref||; a may be of a native dtype (then accurately)."""
    ref = np.asarray(ref)
    d = minus(a, ref).ravel()
    ref = ref.ravel()
    # Scaled by a power of two so that values near 1e300 or 1e-300 neither
    # overflow nor underflow when squared.
    peak = float(np.max(np.abs(ref))) if ref.size else 0.0
    if peak > 0 and np.isfinite(peak):
        e = -int(np.frexp(peak)[1])
        d = np.ldexp(d.real, e) + 1j * np.ldexp(d.imag, e)
        ref = np.ldexp(ref.real, e) + 1j * np.ldexp(ref.imag, e)
    return float(np.linalg.norm(d) / np.linalg.norm(ref))


def assert_normalized(test, a):
    """Native limbs are largest first and normalized: |limb[i+1]| <=
    ulp(limb[i]) / 2."""
    if a.dtype.names is None:
        return
    for part in ("re", "im"):
        limbs = a[part]
        for i in range(limbs.shape[-1] - 1):
            hi = limbs[..., i]
            lo = limbs[..., i + 1]
            bad = np.abs(lo) > np.spacing(np.abs(hi)) / 2
            bad &= hi != 0
            test.assertFalse(bad.any(), f"{part} limb {i + 1} is not normalized against limb {i} "
                             f"(first at flat index {int(np.flatnonzero(bad.ravel())[0]) if bad.any() else -1})")


# ---------------------------------------------------------------------------
# An exact-enough DFT in decimal arithmetic (60 digits), for small N: the
# reference for the extended precisions, which numpy's float64 FFT cannot be.

_DIGITS = 60


def _pi():
    with localcontext() as ctx:
        ctx.prec = _DIGITS + 5
        three = Decimal(3)
        lasts, t, s, n, na, d, da = 0, three, 3, 1, 0, 0, 24
        while s != lasts:
            lasts = s
            n, na = n + na, na + 8
            d, da = d + da, da + 32
            t = (t * n) / d
            s += t
        return +s


def _cos_sin(theta):
    """cos and sin of a Decimal angle in [0, 2 pi) by their Taylor series
    (the angle is at most ~6.3, so ~80 terms reach 60 digits)."""
    with localcontext() as ctx:
        ctx.prec = _DIGITS + 10
        c, s = Decimal(0), Decimal(0)
        term = Decimal(1)  # theta^k / k!
        k = 0
        while True:
            if k % 4 == 0:
                c += term
            elif k % 4 == 1:
                s += term
            elif k % 4 == 2:
                c -= term
            else:
                s -= term
            k += 1
            term = term * theta / k
            if k > 10 and abs(term) < Decimal(10) ** (-(_DIGITS + 8)):
                break
        return +c, +s


@functools.lru_cache(maxsize=None)
def _roots(n):
    """exp(-2 pi i m / n) for m < n, as (cos, -sin) Decimal pairs."""
    pi = _pi()
    with localcontext() as ctx:
        ctx.prec = _DIGITS + 10
        out = []
        for m in range(n):
            c, s = _cos_sin(2 * pi * m / n)
            out.append((c, -s))
        return out


def exact_values(a):
    """The exact values of a 1-D array of any format's dtype, as lists of
    Decimal real and imaginary parts (every float is exact in Decimal)."""
    if a.dtype.names is None:
        x = a.astype(np.complex128)
        return [Decimal(float(v)) for v in x.real], [Decimal(float(v)) for v in x.imag]
    re, im = [], []
    with localcontext() as ctx:
        ctx.prec = 2000  # sums of limbs exact
        for row_re, row_im in zip(a["re"].astype(np.float64), a["im"].astype(np.float64)):
            re.append(sum((Decimal(float(v)) for v in row_re), Decimal(0)))
            im.append(sum((Decimal(float(v)) for v in row_im), Decimal(0)))
    return re, im


def decimal_dft(re, im, inverse=False, norm="backward"):
    """X_k = sum_j x_j exp(-+2 pi i jk/N) in 60-digit decimal arithmetic,
    scaled as numpy.fft's norm says (backward: the inverse by 1/N; ortho:
    both by 1/sqrt(N); forward: the forward by 1/N)."""
    n = len(re)
    roots = _roots(n)
    with localcontext() as ctx:
        ctx.prec = _DIGITS
        scale = None
        if norm == "ortho":
            scale = 1 / Decimal(n).sqrt()
        elif (norm == "backward") == inverse:
            scale = 1 / Decimal(n)
        out_re, out_im = [], []
        for k in range(n):
            sr, si = Decimal(0), Decimal(0)
            for j in range(n):
                c, s = roots[(j * k) % n]
                if inverse:
                    s = -s
                sr += re[j] * c - im[j] * s
                si += re[j] * s + im[j] * c
            if scale is not None:
                sr *= scale
                si *= scale
            out_re.append(sr)
            out_im.append(si)
        return out_re, out_im


def decimal_rel_l2(a, ref_re, ref_im):
    """Relative L2 error of the values of a (any format's dtype, 1-D)
    against Decimal reference parts, in decimal arithmetic."""
    re, im = exact_values(a)
    with localcontext() as ctx:
        ctx.prec = _DIGITS
        num = sum(((r - rr) ** 2 + (i - ri) ** 2 for r, i, rr, ri in zip(re, im, ref_re, ref_im)),
                  Decimal(0))
        den = sum((rr ** 2 + ri ** 2 for rr, ri in zip(ref_re, ref_im)), Decimal(0))
        return float((num / den).sqrt())


# ---------------------------------------------------------------------------
# Running the binary


class Result:
    def __init__(self, args, rc, stdout, stderr):
        self.args = args
        self.rc = rc
        self.stdout = stdout
        self.stderr = stderr

    @property
    def error_lines(self):
        return [l for l in self.stderr.splitlines() if l.startswith("ffft: error: ")]

    @property
    def notice_lines(self):
        return [l for l in self.stderr.splitlines() if l.startswith("ffft: notice: ")]

    @property
    def error(self):
        lines = self.error_lines
        return lines[0] if lines else ""

    def describe(self):
        return (f"\n  command: {' '.join(self.args)}\n  exit status: {self.rc}\n"
                f"  stdout: {self.stdout[-2000:]!r}\n  stderr: {self.stderr[-4000:]!r}")


def unprivileged_prefix():
    """The command prefix that drops root to uid/gid 65534 (nobody)."""
    return ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"]


def run_cli(args, timeout=300, as_nobody=False, cwd=None, env=None, launcher=()):
    """launcher: a command that starts ffft (mpirun and its options)."""
    args = [str(a) for a in args]
    cmd = [str(a) for a in launcher] + [CLI] + args
    if as_nobody and os.geteuid() == 0:
        cmd = unprivileged_prefix() + cmd
    p = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=timeout, cwd=cwd, env=env)
    return Result(["ffft"] + args, p.returncode,
                  p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace"))


@functools.lru_cache(maxsize=None)
def cli_info():
    """`ffft info --json`, parsed (cached)."""
    r = run_cli(["info", "--json"], timeout=120)
    if r.rc != 0:
        raise RuntimeError("ffft info --json failed:" + r.describe())
    return json.loads(r.stdout)


def cuda_devices():
    devices = cli_info().get("cuda_devices")
    if not isinstance(devices, list):
        raise RuntimeError(f"ffft info --json has no 'cuda_devices' list: {cli_info()!r}")
    return devices


def has_cuda():
    return len(cuda_devices()) > 0


@functools.lru_cache(maxsize=None)
def nobody_problem():
    """None if the binary can be run as uid 65534 (when we are root), else
    why not."""
    if os.geteuid() != 0:
        return None
    if shutil.which("setpriv") is None:
        return "setpriv (util-linux) is not installed"
    # Every directory above the binary must be traversable by others.
    d = os.path.dirname(CLI)
    while True:
        mode = os.stat(d).st_mode
        if not mode & stat.S_IXOTH:
            return f"{d} is not traversable by uid {NOBODY}, so it cannot run {CLI}"
        parent = os.path.dirname(d)
        if parent == d:
            break
        d = parent
    try:
        r = run_cli(["info"], as_nobody=True, timeout=120)
    except OSError as e:
        return f"running ffft as uid {NOBODY} failed: {e}"
    if r.rc != 0:
        return f"ffft info as uid {NOBODY} failed:{r.describe()}"
    return None


def _snapshot_file(path):
    st = os.stat(path)
    try:
        with open(path, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest() if st.st_size < (1 << 31) else None
    except PermissionError:
        digest = None
    return (st.st_size, st.st_mtime_ns, digest)


def _listing(d):
    try:
        return sorted(os.listdir(d))
    except OSError:
        return None


class CliTestCase(unittest.TestCase):
    """A temporary directory per test and cli(), which runs the binary and
    checks the invariants listed at the top of this module."""

    maxDiff = 4000

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="ffft-cli-test-")
        self.addCleanup(self._remove_dir, self.dir)

    @staticmethod
    def _remove_dir(d):
        for root, dirs, _ in os.walk(d):
            for name in dirs:
                try:
                    os.chmod(os.path.join(root, name), 0o700)
                except OSError:
                    pass
        shutil.rmtree(d, ignore_errors=True)

    def p(self, *names):
        return os.path.join(self.dir, *names)

    # -- writing inputs ----------------------------------------------------

    def save_npy(self, name, a, version=None):
        path = self.p(name)
        if version is None:
            np.save(path, a)
        else:
            with open(path, "wb") as f:
                np.lib.format.write_array(f, np.asanyarray(a), version=version)
        return path

    def save_raw(self, name, x, fmt):
        path = self.p(name)
        write_raw(path, x, fmt)
        return path

    # -- running -----------------------------------------------------------

    def cli(self, args, *, inputs=(), outputs=(), rc=0, phrases=(), any_of=(),
            as_nobody=False, timeout=300, cwd=None, launcher=()):
        """Runs ffft with args. inputs: files it reads (checked unchanged);
        outputs: files it should write (checked as described above). rc:
        the expected exit status (None: any, the caller checks it).
        phrases: strings the error line must contain; any_of: strings at
        least one of which it must contain. launcher: the command that
        starts ffft (mpirun ...), if any."""
        args = [str(a) for a in args]
        inputs = [str(i) for i in inputs]
        outputs = [str(o) for o in outputs]
        before_inputs = {i: _snapshot_file(i) for i in inputs if os.path.isfile(i)}
        before_outputs = {o: _snapshot_file(o) for o in outputs if os.path.isfile(o)}
        out_dirs = {os.path.dirname(os.path.abspath(o)) for o in outputs}
        before_dirs = {d: _listing(d) for d in out_dirs}

        r = run_cli(args, timeout=timeout, as_nobody=as_nobody, cwd=cwd, launcher=launcher)

        other = [l for l in r.stderr.splitlines()
                 if l and not l.startswith(("ffft: error: ", "ffft: notice: ", "ffft: warning: "))]
        self.assertEqual(other, [], "stderr has lines other than ffft: error/notice/warning" + r.describe())
        if rc is None:
            # The caller checks the status; only the common invariants here.
            if r.rc != 0:
                self.assertEqual(len(r.error_lines), 1, "expected exactly one 'ffft: error:' line" + r.describe())
        elif rc == 0:
            self.assertEqual(r.rc, 0, "expected success" + r.describe())
            self.assertEqual(r.error_lines, [], "an error line on success" + r.describe())
        else:
            self.assertEqual(r.rc, rc, f"expected exit status {rc}" + r.describe())
            self.assertEqual(len(r.error_lines), 1, "expected exactly one 'ffft: error:' line" + r.describe())
            for phrase in phrases:
                self.assertIn(str(phrase), r.error, "the error message lacks a phrase" + r.describe())
            if any_of:
                self.assertTrue(any(str(s) in r.error for s in any_of),
                                f"the error message contains none of {list(any_of)}" + r.describe())

        for i, snap in before_inputs.items():
            self.assertTrue(os.path.isfile(i), f"input {i} disappeared" + r.describe())
            self.assertEqual(_snapshot_file(i), snap, f"input {i} was modified" + r.describe())

        for d, listing in before_dirs.items():
            after = _listing(d)
            if listing is None:
                self.assertIsNone(after, f"directory {d} was created" + r.describe())
                continue
            expected = set(listing)
            if r.rc == 0:
                expected |= {os.path.basename(o) for o in outputs
                             if os.path.dirname(os.path.abspath(o)) == d}
            self.assertEqual(sorted(after), sorted(expected),
                             f"unexpected files in {d} (temporary files left, or output missing)" + r.describe())
        for o in outputs:
            if r.rc == 0:
                self.assertTrue(os.path.isfile(o), f"output {o} missing" + r.describe())
            elif o in before_outputs:
                self.assertEqual(_snapshot_file(o), before_outputs[o],
                                 f"existing output {o} changed by a failed command" + r.describe())
            else:
                self.assertFalse(os.path.lexists(o), f"failed command left output {o}" + r.describe())
        return r

    def fails(self, args, *, rc=2, **kw):
        return self.cli(args, rc=rc, **kw)

    @staticmethod
    def _with_device(args):
        if args and args[0] in _DEVICE_COMMANDS and "--device" not in args:
            return list(args) + ["--device", "cpu"]
        return list(args)

    def fft(self, inp, out, *opts, rc=0, inverse=False, **kw):
        """ffft fft|ifft IN OUT opts (--device cpu unless given)."""
        args = self._with_device(["ifft" if inverse else "fft", inp, out, *[str(o) for o in opts]])
        return self.cli(args, inputs=[inp], outputs=[out], rc=rc, **kw)

    def ifft(self, inp, out, *opts, **kw):
        return self.fft(inp, out, *opts, inverse=True, **kw)

    def roundtrip_json(self, inp, *opts, **kw):
        args = self._with_device(["roundtrip", inp, *[str(o) for o in opts], "--json"])
        r = self.cli(args, inputs=[inp], **kw)
        return self.parse_json(r)

    def compare_json(self, a, b, *opts, **kw):
        r = self.cli(["compare", a, b, *[str(o) for o in opts], "--json"], inputs=[a, b], **kw)
        return self.parse_json(r)

    def parse_json(self, r):
        try:
            obj = json.loads(r.stdout)
        except ValueError as e:
            self.fail(f"stdout is not one JSON object ({e})" + r.describe())
        self.assertIsInstance(obj, dict, "--json output is not an object" + r.describe())
        return obj

    # -- permissions ---------------------------------------------------------

    def unprivileged(self):
        """Prepares a permission test: returns as_nobody (True when root,
        so that run_cli drops to uid 65534) after making the test directory
        usable by that user; skips when that is impossible."""
        problem = nobody_problem()
        if problem:
            self.skipTest(problem)
        if os.geteuid() == 0:
            os.chmod(self.dir, 0o777)
            return True
        return False

    # -- assertions ------------------------------------------------------------

    def assertRelL2Below(self, a, ref, tol, what=""):
        err = rel_l2(a, ref)
        self.assertLess(err, tol, f"{what}: relative L2 error {err:.3e} >= {tol:.1e}")
        return err
