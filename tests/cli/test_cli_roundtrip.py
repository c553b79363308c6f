"""ffft roundtrip: the accuracy report (docs/cli.md, Reports), its
options, and the progress line on a terminal (Long work)."""

import json
import os
import pty
import select
import subprocess
import time
import unittest

import numpy as np

from cli_harness import CLI, QUICK, CliTestCase, cli_info, has_cuda, random_complex, run_cli, transform_tol

METRICS = ("forward_relative_l2", "relative_l2", "rmse_magnitude", "rmse_phase", "phase_excluded",
           "phase_resolution", "psnr_db", "max_abs_error", "seconds")
# FFTW double's round trip of the N = 4096 report: 3.5e-16 measured.
FFTW_DOUBLE_TOL = 1.2e-15
FFFT_ROWS = {"df64": "ffft df64", "qf128": "ffft qf128", "dd128": "ffft dd128"}
OTHER_ROWS = ("FFTW double", "cuFFT single", "cuFFT double")


def row(report, method):
    rows = [r for r in report["rows"] if r.get("method") == method]
    if len(rows) != 1:
        raise AssertionError(f"expected one row {method!r}, got {[r.get('method') for r in report['rows']]}")
    return rows[0]


class Report(CliTestCase):

    N = 4096

    def setUp(self):
        super().setUp()
        self.x = random_complex(self.N, seed=3000)
        self.inp = self.p("x.c128")
        self.x.tofile(self.inp)

    def methods(self, report):
        return [r.get("method") for r in report["rows"]]

    def test_default_rows(self):
        report = self.roundtrip_json(self.inp)
        self.assertEqual(self.methods(report), list(FFFT_ROWS.values()) + list(OTHER_ROWS))

    def test_text_table(self):
        r = self.cli(["roundtrip", self.inp, "--device", "cpu"], inputs=[self.inp])
        lines = r.stdout.splitlines()
        for method in list(FFFT_ROWS.values()) + list(OTHER_ROWS):
            with self.subTest(method=method):
                matching = [l for l in lines if l.startswith(method)]
                self.assertEqual(len(matching), 1, f"one row for {method}:\n{r.stdout}")
                if method.startswith("ffft"):
                    self.assertIn("cpu", matching[0].lower(), "the ffft rows say which device ran them")
                if method.startswith("cuFFT") and not has_cuda():
                    self.assertTrue("no CUDA device" in matching[0] or "without CUDA" in matching[0],
                                    matching[0])
        header = [l for l in lines if l.startswith("method")]
        self.assertEqual(len(header), 1, r.stdout)
        for column in ("forward", "PSNR", "seconds"):
            self.assertIn(column, header[0])

    def test_cpu_path_of_the_ffft_rows(self):
        report = self.roundtrip_json(self.inp)
        for method in FFFT_ROWS.values():
            with self.subTest(method=method):
                self.assertEqual(row(report, method)["cpu_path"], cli_info()["cpu_path"])
        self.assertNotIn("cpu_path", row(report, "FFTW double"))
        env = dict(os.environ, FFFT_CPU_ISA="scalar")
        forced = run_cli(["roundtrip", self.inp, "--device", "cpu", "-p", "df64", "--json"], env=env)
        self.assertEqual(forced.rc, 0, forced.describe())
        self.assertEqual(row(json.loads(forced.stdout), "ffft df64")["cpu_path"], "scalar")
        text = run_cli(["roundtrip", self.inp, "--device", "cpu", "-p", "df64"], env=env)
        self.assertEqual(text.rc, 0, text.describe())
        line = [l for l in text.stdout.splitlines() if l.startswith("ffft df64")]
        self.assertEqual(len(line), 1, text.stdout)
        self.assertIn("cpu/scalar", line[0])

    def test_metrics(self):
        report = self.roundtrip_json(self.inp)
        rows = {p: row(report, m) for p, m in FFFT_ROWS.items()}
        for p, r in rows.items():
            with self.subTest(precision=p):
                for key in METRICS:
                    self.assertIn(key, r)
                    self.assertIsInstance(r[key], (int, float), key)
                self.assertGreaterEqual(r["seconds"], 0)
                self.assertIn("cpu", json.dumps(r).lower(), "the ffft rows say which device ran them")
        df64, qf128, dd128 = rows["df64"], rows["qf128"], rows["dd128"]
        for p, r in rows.items():
            for key in ("relative_l2", "forward_relative_l2"):
                self.assertLess(r[key], transform_tol(p, self.N), f"{p} {key}")
        self.assertGreater(df64["relative_l2"], 1e-16, "df64 rounds the input: not exact")
        self.assertGreater(df64["forward_relative_l2"], 1e-16, "df64 rounds the input: not exact")
        self.assertGreater(qf128["psnr_db"], df64["psnr_db"])
        self.assertGreater(df64["psnr_db"], 200)
        for r in rows.values():
            # Thall's metrics are consistent with each other.
            self.assertLessEqual(r["rmse_magnitude"], r["max_abs_error"] * (1 + 1e-9))
            imax = np.abs(self.x).max()
            self.assertAlmostEqual(r["psnr_db"], 10 * np.log10(imax ** 2 / r["rmse_magnitude"] ** 2), delta=1e-6)
        fftw = row(report, "FFTW double")
        self.assertGreater(fftw["relative_l2"], 1e-18, fftw)
        self.assertLess(fftw["relative_l2"], FFTW_DOUBLE_TOL, fftw)
        for method in ("cuFFT single", "cuFFT double"):
            with self.subTest(method=method):
                r = row(report, method)
                if has_cuda():
                    self.assertNotIn("skipped", r)
                    tol = 1e-5 if method == "cuFFT single" else 1e-14
                    self.assertLess(r["relative_l2"], tol)
                else:
                    self.assertIsInstance(r.get("skipped"), str, r)
                    self.assertTrue("no CUDA device" in r["skipped"] or "without CUDA" in r["skipped"], r)
                    for key in ("relative_l2", "psnr_db"):
                        self.assertNotIn(key, r)

    def test_precision_selection(self):
        for opts in (["-p", "df64,qf128"], ["-p", "df64", "-p", "qf128"], ["--precision", "qf128,df64"]):
            with self.subTest(options=opts):
                report = self.roundtrip_json(self.inp, *opts)
                methods = self.methods(report)
                self.assertIn("ffft df64", methods)
                self.assertIn("ffft qf128", methods)
                self.assertNotIn("ffft dd128", methods)
                for method in OTHER_ROWS:
                    self.assertIn(method, methods)
        report = self.roundtrip_json(self.inp, "-p", "dd128")
        self.assertEqual([m for m in self.methods(report) if m.startswith("ffft")], ["ffft dd128"])

    def test_options(self):
        cases = [
            ["--norm", "ortho"], ["--norm", "forward"], ["--twiddles", "computed"],
            ["-n", "1024"], ["--batch", "4"], ["-n", "1024", "--batch", "4"], ["-n", "4096", "--batch", "1"],
        ]
        for opts in cases:
            with self.subTest(options=opts):
                report = self.roundtrip_json(self.inp, "-p", "qf128", *opts)
                r = row(report, "ffft qf128")
                n = int(opts[opts.index("-n") + 1]) if "-n" in opts else self.N
                self.assertLess(r["relative_l2"], transform_tol("qf128", n))
                self.assertLess(r["forward_relative_l2"], transform_tol("qf128", n))

    def test_non_power_of_two_and_batch(self):
        x = random_complex(0, seed=3001, shape=(3, 97))
        inp = self.save_npy("x.npy", x)
        report = self.roundtrip_json(inp)
        for p, method in FFFT_ROWS.items():
            with self.subTest(precision=p):
                r = row(report, method)
                self.assertLess(r["relative_l2"], transform_tol(p, 97))

    def test_input_formats(self):
        x = random_complex(256, seed=3002)
        bare = self.p("x.bin")
        x.astype(np.complex64).tofile(bare)
        report = self.roundtrip_json(bare, "--in-format", "c64", "-p", "dd128")
        self.assertLess(row(report, "ffft dd128")["relative_l2"], transform_tol("dd128", 256))
        npy = self.save_npy("x64.npy", x.astype(np.complex64))
        report = self.roundtrip_json(npy, "-p", "df64")
        # c64 is exact in df64: only the transform's error remains.
        self.assertLess(row(report, "ffft df64")["relative_l2"], transform_tol("df64", 256))

    def test_exact_round_trip_has_infinite_psnr(self):
        # An impulse at 0 of length 4: every twiddle is 1 or -i, every
        # operation exact, so x' = x.
        x = np.zeros(4, dtype=np.complex128)
        x[0] = 1
        inp = self.p("impulse.c128")
        x.tofile(inp)
        report = self.roundtrip_json(inp)
        for method in list(FFFT_ROWS.values()) + ["FFTW double"]:
            with self.subTest(method=method):
                r = row(report, method)
                self.assertEqual(r["relative_l2"], 0)
                self.assertIsNone(r["psnr_db"], "PSNR inf is JSON null")
        r = self.cli(["roundtrip", inp, "--device", "cpu"], inputs=[inp])
        self.assertIn("inf", r.stdout)


@unittest.skipIf(QUICK, "FFFT_CLI_TESTS_QUICK=1: large cases skipped")
class Large(CliTestCase):
    """Long work: a progress line on stderr only when it is a terminal. The
    terminal case is the main job's run (scripts/run.sh), the default
    roundtrip report of a 2^20-point signal."""

    def test_progress_on_a_terminal(self):
        inp = self.p("x.c128")
        random_complex(2 ** 20, seed=3100).tofile(inp)
        master, slave = pty.openpty()
        start = time.monotonic()
        proc = subprocess.Popen([CLI, "roundtrip", inp, "--device", "cpu"], stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=slave)
        os.close(slave)
        chunks = []
        try:
            while True:
                ready, _, _ = select.select([master], [], [], 300)
                if not ready:
                    break
                try:
                    data = os.read(master, 4096)
                except OSError:  # EIO: the child closed its end
                    break
                if not data:
                    break
                chunks.append(data)
            stdout, _ = proc.communicate(timeout=300)
        finally:
            os.close(master)
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        seconds = time.monotonic() - start
        text = b"".join(chunks).decode("utf-8", "replace")
        self.assertEqual(proc.returncode, 0, text)
        self.assertGreater(seconds, 1.0, "the run was too short to need a progress line")
        self.assertNotIn("ffft: error", text)
        visible = text.replace("\r", "").replace("\n", "").replace("\x1b[K", "").replace("\x1b[2K", "").strip()
        self.assertTrue(visible, f"no progress text on the terminal in a {seconds:.1f} s run")
        # The report itself (rel L2 is the fifth column: method is two words).
        bounds = {f"ffft {p}": transform_tol(p, 2 ** 20) for p in ("df64", "qf128", "dd128")}
        lines = stdout.decode().splitlines()
        for method, bound in bounds.items():
            with self.subTest(method=method):
                matching = [l for l in lines if l.startswith(method)]
                self.assertEqual(len(matching), 1, stdout.decode())
                self.assertLess(float(matching[0].split()[4]), bound, matching[0])

    def test_no_progress_without_a_terminal(self):
        # A qf128 fft of 2^22 values takes a few seconds.
        inp = self.p("x.c128")
        random_complex(2 ** 22, seed=3101).tofile(inp)
        out = self.p("X.c128")
        start = time.monotonic()
        r = self.fft(inp, out, "-p", "qf128", timeout=300)
        seconds = time.monotonic() - start
        self.assertEqual(r.stderr, "", f"no progress text without a terminal ({seconds:.1f} s run)")
        if seconds < 1.0:
            self.skipTest(f"the run took {seconds:.2f} s, too short for a progress line anyway")

if __name__ == "__main__":
    unittest.main()
