"""ffft fft / ifft: accuracy in each precision, normalizations, twiddle
modes, lengths and batches, the exponent range, and --device
(docs/cli.md, Commands, Options, Range).

Accuracy beyond double is measured against a 60-digit decimal DFT (small N)
or as the round trip ifft(fft(x)) - x evaluated limb by limb (N = 1024);
numpy.fft (float64) is the reference only to ~1e-15.
"""

import os
import unittest

import numpy as np

from cli_harness import (NUMPY_TOL, PRECISIONS, CliTestCase, cli_info,
                         decimal_dft, decimal_rel_l2, exact_values, has_cuda, random_complex, read_raw,
                         rel_l2, to_format, tol_to_double, tol_vs_numpy, transform_tol)


class FftThenIfft(CliTestCase):
    """ifft(fft(x)) gives x back to the precision's accuracy."""

    N = 1024

    def setUp(self):
        super().setUp()
        self.x = random_complex(self.N, seed=100)
        self.inp = self.p("x.c128")
        self.x.tofile(self.inp)

    def round_trip(self, p, *opts):
        tag = "_".join([p] + [o.lstrip("-") for o in opts])
        X = self.p(f"X_{tag}.{p}")
        y = self.p(f"y_{tag}.{p}")
        self.fft(self.inp, X, "-p", p, *opts)
        self.ifft(X, y, "-p", p, *opts)
        return y, rel_l2(read_raw(y, p), self.x)

    def test_each_precision(self):
        for p in PRECISIONS:
            with self.subTest(precision=p):
                y, err = self.round_trip(p)
                self.assertLess(err, transform_tol(p, self.N), f"{p} round trip")
                if p == "df64":
                    # The c128 input is rounded to df64 on the way in, so
                    # the round trip cannot be exact.
                    self.assertGreater(err, 1e-17, "df64 round trip suspiciously exact")
                # ffft compare agrees with the limb-by-limb evaluation.
                report = self.compare_json(y, self.inp)
                got = report["relative_l2"]
                if err == 0:
                    self.assertEqual(got, 0)
                else:
                    self.assertLess(abs(got - err), 0.25 * err, f"compare says {got:.3e}, numpy {err:.3e}")

    def test_numpy_reads_the_round_trip(self):
        # Through .npy files in c128: the result equals numpy's view.
        inp = self.save_npy("x.npy", self.x)
        for p in PRECISIONS:
            with self.subTest(precision=p):
                X = self.p(f"X_{p}.npy")
                y = self.p(f"y_{p}.npy")
                self.fft(inp, X, "-p", p, "--out-format", p)
                self.ifft(X, y, "-p", p, "--out-format", "c128")
                Y = np.load(y)
                self.assertEqual(Y.dtype, np.complex128)
                if p == "df64":
                    self.assertLess(rel_l2(Y, self.x), transform_tol(p, self.N))
                else:
                    # Rounded to double on the way out: the round trip's
                    # error, near 1e-32, rounds away and x comes back.
                    np.testing.assert_array_equal(Y, self.x)

    def test_twiddle_modes(self):
        for p in PRECISIONS:
            for mode in ("table", "computed", "direct"):
                with self.subTest(precision=p, twiddles=mode):
                    _, err = self.round_trip(p, "--twiddles", mode)
                    self.assertLess(err, transform_tol(p, self.N))

    def test_norms(self):
        for norm in ("backward", "ortho", "forward"):
            with self.subTest(norm=norm):
                _, err = self.round_trip("dd128", "--norm", norm)
                self.assertLess(err, transform_tol("dd128", self.N))


class ForwardAccuracy(CliTestCase):
    """fft and ifft against a 60-digit decimal DFT: table, computed and
    direct twiddles, powers of two, mixed radices and a Bluestein prime."""

    def test_against_exact_dft(self):
        for n in (64, 60, 97):
            x = random_complex(n, seed=200 + n)
            inp = self.p(f"x{n}.c128")
            x.tofile(inp)
            xre, xim = exact_values(to_format(x, "c128"))
            fwd = decimal_dft(xre, xim)
            inv = decimal_dft(xre, xim, inverse=True)
            for p in PRECISIONS:
                for mode in ("table", "computed", "direct"):
                    with self.subTest(n=n, precision=p, twiddles=mode):
                        out = self.p(f"X{n}_{p}_{mode}.{p}")
                        self.fft(inp, out, "-p", p, "--twiddles", mode)
                        err = decimal_rel_l2(read_raw(out, p), *fwd)
                        self.assertLess(err, transform_tol(p, n), "forward")
                        out = self.p(f"y{n}_{p}_{mode}.{p}")
                        self.ifft(inp, out, "-p", p, "--twiddles", mode)
                        err = decimal_rel_l2(read_raw(out, p), *inv)
                        self.assertLess(err, transform_tol(p, n), "inverse")

    def test_norms_against_exact_dft(self):
        n = 60
        x = random_complex(n, seed=300)
        inp = self.p("x.c128")
        x.tofile(inp)
        xre, xim = exact_values(to_format(x, "c128"))
        for norm in ("backward", "ortho", "forward"):
            for inverse in (False, True):
                with self.subTest(norm=norm, inverse=inverse):
                    out = self.p(f"{norm}_{inverse}.dd128")
                    self.fft(inp, out, "-p", "dd128", "--norm", norm, inverse=inverse)
                    ref = decimal_dft(xre, xim, inverse=inverse, norm=norm)
                    self.assertLess(decimal_rel_l2(read_raw(out, "dd128"), *ref), transform_tol("dd128", n))

    def test_norms_against_numpy(self):
        n = 1000
        x = random_complex(n, seed=301)
        inp = self.p("x.c128")
        x.tofile(inp)
        for norm in ("backward", "ortho", "forward"):
            with self.subTest(norm=norm):
                out = self.p(f"F_{norm}.c128")
                self.fft(inp, out, "-p", "dd128", "--norm", norm)
                self.assertRelL2Below(read_raw(out, "c128"), np.fft.fft(x, norm=norm), NUMPY_TOL, "fft")
                out = self.p(f"I_{norm}.c128")
                self.ifft(inp, out, "-p", "dd128", "--norm", norm)
                self.assertRelL2Below(read_raw(out, "c128"), np.fft.ifft(x, norm=norm), NUMPY_TOL, "ifft")

    def test_default_norm_is_backward(self):
        x = random_complex(64, seed=302)
        inp = self.p("x.c128")
        x.tofile(inp)
        self.ifft(inp, self.p("default.c128"), "-p", "dd128")
        self.ifft(inp, self.p("backward.c128"), "-p", "dd128", "--norm", "backward")
        np.testing.assert_array_equal(read_raw(self.p("default.c128"), "c128"),
                                      read_raw(self.p("backward.c128"), "c128"))
        self.assertRelL2Below(read_raw(self.p("default.c128"), "c128"), np.fft.ifft(x), NUMPY_TOL)


class LengthsAndBatches(CliTestCase):

    def test_non_power_of_two_lengths(self):
        for n in (1000, 97, 840, 1, 2, 3, 4096):
            x = random_complex(n, seed=400 + n)
            inp = self.p(f"x{n}.c128")
            x.tofile(inp)
            for p in PRECISIONS:
                with self.subTest(n=n, precision=p):
                    out = self.p(f"X{n}_{p}.c128")
                    self.fft(inp, out, "-p", p)
                    self.assertRelL2Below(read_raw(out, "c128"), np.fft.fft(x), tol_vs_numpy(p, n))

    def test_long_transform(self):
        # 2^18: long enough that the twiddle table is computed by several
        # threads (a path the small cases do not take).
        n = 2 ** 18
        x = random_complex(n, seed=450)
        inp = self.p("x.c128")
        x.tofile(inp)
        ref = np.fft.fft(x)
        for p in PRECISIONS:
            with self.subTest(precision=p):
                out = self.p(f"X_{p}.c128")
                self.fft(inp, out, "-p", p)
                self.assertRelL2Below(read_raw(out, "c128"), ref, tol_vs_numpy(p, n))

    def test_batches(self):
        for n, b in ((97, 3), (1000, 4), (256, 5), (1, 7)):
            x = random_complex(0, seed=500 + n, shape=(b, n))
            inp = self.p(f"x{n}.c128")
            x.tofile(inp)
            ref = np.fft.fft(x, axis=-1)
            for opts in (["-n", n], ["--batch", b], ["-n", n, "--batch", b]):
                with self.subTest(n=n, batch=b, options=opts):
                    out = self.p(f"X{n}_{len(os.listdir(self.dir))}.c128")
                    self.fft(inp, out, "-p", "qf128", *opts)
                    X = read_raw(out, "c128").reshape(b, n)
                    for row in range(b):
                        self.assertRelL2Below(X[row], ref[row], NUMPY_TOL, f"row {row}")

    def test_json_summary(self):
        x = random_complex(64, seed=600)
        inp = self.p("x.c128")
        x.tofile(inp)
        summary = self.parse_json(self.fft(inp, self.p("X.c128"), "--json"))
        self.assertEqual(summary["command"], "fft")
        self.assertEqual((summary["length"], summary["batch"]), (64, 1))
        self.assertEqual(summary["device"], "cpu")
        self.assertEqual(summary["cpu_path"], cli_info()["cpu_path"])


class Range(CliTestCase):
    """Inputs far outside float's exponent range transform correctly in
    df64 and qf128 (exact power-of-two scaling); only a dynamic range wider
    than the format can hold is refused (docs/cli.md, Range).

    Choices: df64/qf128 (float exponents, about 2^270 of room) must accept a
    dynamic range of 1e24 (~2^80) and refuse 1e200 (~2^664). dd128 has
    double's exponent range: it must accept 1e200 (scaled so the largest
    part is near 1, the smallest is near 1e-200 and its low limb near
    1e-232, all normal doubles). A 1e600 range (1e300 with 1e-300) cannot
    keep the small values' low limbs normal in dd128 either; docs/cli.md does
    not promise whether dd128 refuses it, so that test accepts either a
    correct result or the dynamic-range refusal."""

    N = 256

    def write(self, name, x):
        path = self.p(name)
        np.asarray(x, dtype=np.complex128).tofile(path)
        return path

    def test_huge_values(self):
        x = random_complex(self.N, seed=700) * 1e300
        inp = self.write("big.c128", x)
        for p in PRECISIONS:
            with self.subTest(precision=p):
                out = self.p(f"X_{p}.c128")
                self.fft(inp, out, "-p", p)
                X = read_raw(out, "c128")
                self.assertTrue(np.isfinite(X).all())
                self.assertRelL2Below(X, np.fft.fft(x), tol_vs_numpy(p, self.N))
                back = self.p(f"y_{p}.c128")
                self.ifft(out, back, "-p", p)
                self.assertRelL2Below(read_raw(back, "c128"), x, tol_to_double(p, self.N))
        # 1e300 x the unscaled result.
        small = self.write("unit.c128", x / 1e300)
        self.fft(small, self.p("unit_X.c128"), "-p", "df64")
        self.assertRelL2Below(read_raw(self.p("X_df64.c128"), "c128") / 1e300,
                              read_raw(self.p("unit_X.c128"), "c128"), transform_tol("df64", self.N))

    def test_huge_values_to_dd128(self):
        x = random_complex(self.N, seed=701) * 1e300
        inp = self.write("big.c128", x)
        out = self.p("X.dd128")
        self.fft(inp, out, "-p", "qf128")
        self.assertRelL2Below(read_raw(out, "dd128"), np.fft.fft(x), NUMPY_TOL)

    def test_tiny_values(self):
        x = random_complex(self.N, seed=702) * 1e-300
        inp = self.write("tiny.c128", x)
        for p in PRECISIONS:
            with self.subTest(precision=p):
                out = self.p(f"X_{p}.c128")
                self.fft(inp, out, "-p", p)
                self.assertRelL2Below(read_raw(out, "c128"), np.fft.fft(x), tol_vs_numpy(p, self.N))

    def test_result_too_large_for_the_output_format(self):
        x = random_complex(self.N, seed=703) * 1e300
        inp = self.write("big.c128", x)
        for name in ("X.df64", "X.c64", "X.qf128"):
            with self.subTest(output=name):
                self.fft(inp, self.p(name), "-p", "df64", rc=2)

    def test_moderate_dynamic_range_accepted_in_df64(self):
        x = random_complex(self.N, seed=704)
        x[::2] *= 1e12
        x[1::2] *= 1e-12
        inp = self.write("range24.c128", x)
        for p in PRECISIONS:
            with self.subTest(precision=p):
                out = self.p(f"X_{p}.c128")
                self.fft(inp, out, "-p", p)
                self.assertRelL2Below(read_raw(out, "c128"), np.fft.fft(x), tol_vs_numpy(p, self.N))

    def test_wide_dynamic_range_dd128_only(self):
        x = random_complex(self.N, seed=705)
        x[::2] *= 1e100
        x[1::2] *= 1e-100
        inp = self.write("range200.c128", x)
        for p in ("df64", "qf128"):
            with self.subTest(precision=p):
                self.fft(inp, self.p(f"X_{p}.c128"), "-p", p, rc=2, phrases=["dynamic range"])
        out = self.p("X_dd128.c128")
        self.fft(inp, out, "-p", "dd128")
        self.assertRelL2Below(read_raw(out, "c128"), np.fft.fft(x), NUMPY_TOL)

    def test_extreme_dynamic_range_in_dd128(self):
        x = random_complex(self.N, seed=706)
        x[::2] *= 1e300
        x[1::2] *= 1e-300
        inp = self.write("range600.c128", x)
        out = self.p("X.c128")
        r = self.fft(inp, out, "-p", "dd128", rc=None)
        if r.rc == 0:
            X = read_raw(out, "c128")
            self.assertTrue(np.isfinite(X).all())
            self.assertRelL2Below(X, np.fft.fft(x), NUMPY_TOL)
        else:
            self.assertEqual(r.rc, 2, r.describe())
            self.assertEqual(len(r.error_lines), 1, r.describe())
            self.assertIn("dynamic range", r.error, r.describe())

    def test_zeros_do_not_count_in_the_dynamic_range(self):
        x = np.zeros(self.N, dtype=np.complex128)
        x[3] = 1e300
        x[7] = 1e300j
        inp = self.write("sparse.c128", x)
        out = self.p("X.c128")
        self.fft(inp, out, "-p", "df64")
        self.assertRelL2Below(read_raw(out, "c128"), np.fft.fft(x), transform_tol("df64", self.N))


class Device(CliTestCase):
    """--device: auto prints one notice when it falls back to the CPU."""

    def setUp(self):
        super().setUp()
        self.x = random_complex(256, seed=800)
        self.inp = self.p("x.c128")
        self.x.tofile(self.inp)

    def test_cpu_prints_no_notice(self):
        r = self.fft(self.inp, self.p("X.c128"), "--device", "cpu")
        self.assertEqual(r.stderr, "", "--device cpu should be silent")

    def test_auto_without_gpu_falls_back_with_one_notice(self):
        if has_cuda():
            self.skipTest("a CUDA device is present: auto does not fall back")
        for command in ("fft", "ifft"):
            with self.subTest(command=command):
                out = self.p(f"{command}.c128")
                r = self.fft(self.inp, out, "--device", "auto", inverse=command == "ifft")
                self.assertEqual(len(r.notice_lines), 1, r.describe())
                self.assertEqual(len(r.stderr.splitlines()), 1, r.describe())
        # auto is the default.
        r = self.cli(["fft", self.inp, self.p("default.c128")], inputs=[self.inp],
                     outputs=[self.p("default.c128")])
        self.assertEqual(len(r.notice_lines), 1, r.describe())
        r = self.cli(["roundtrip", self.inp, "-p", "df64"], inputs=[self.inp])
        self.assertEqual(len(r.notice_lines), 1, r.describe())

    def test_auto_with_gpu_prints_no_notice(self):
        if not has_cuda():
            self.skipTest("no CUDA device (ffft info --json lists none)")
        r = self.fft(self.inp, self.p("X.c128"), "--device", "auto")
        self.assertEqual(r.notice_lines, [], r.describe())

    def test_cuda_as_accurate_as_cpu(self):
        if not has_cuda():
            self.skipTest("no CUDA device (ffft info --json lists none)")
        x = random_complex(64, seed=801)
        inp = self.p("x64.c128")
        x.tofile(inp)
        ref = decimal_dft(*exact_values(to_format(x, "c128")))
        for p in PRECISIONS:
            with self.subTest(precision=p):
                cpu, gpu = self.p(f"cpu_{p}.{p}"), self.p(f"gpu_{p}.{p}")
                self.fft(inp, cpu, "-p", p, "--device", "cpu")
                self.fft(inp, gpu, "-p", p, "--device", "cuda")
                self.assertLess(decimal_rel_l2(read_raw(gpu, p), *ref), transform_tol(p, self.N), "cuda")
                self.assertLess(decimal_rel_l2(read_raw(cpu, p), *ref), transform_tol(p, self.N), "cpu")

class LimbArrays(CliTestCase):
    """c128 through dd128 and c64 through df64 and qf128, written in the
    input's format: the plan runs on the file's values (no working copy,
    no scaling), with the same bits as the scaled working-copy path."""

    N = 1000

    def run_json(self, inp, out, p):
        r = self.fft(inp, out, "-p", p, "--json")
        return self.parse_json(r)

    def test_same_bits_as_the_scaled_path(self):
        for p, dtype, ext in (("dd128", np.complex128, "c128"), ("df64", np.complex64, "c64"),
                              ("qf128", np.complex64, "c64")):
            with self.subTest(precision=p):
                x = random_complex(self.N, seed=7).astype(dtype)
                small, big = self.p(f"x_{p}.{ext}"), self.p(f"x_big_{p}.{ext}")
                x.tofile(small)
                # 2^80: beyond the unscaled range, so the working-copy path
                # scales it by 2^-80 (exact) and back.
                (x * dtype(2.0**80)).astype(dtype).tofile(big)
                X_small, X_big = self.p(f"X_{p}.{ext}"), self.p(f"X_big_{p}.{ext}")
                direct = self.run_json(small, X_small, p)
                scaled = self.run_json(big, X_big, p)
                self.assertTrue(direct["limb_arrays"])
                self.assertFalse(scaled["limb_arrays"])
                self.assertNotEqual(scaled["scale_exponent"], 0)
                a = np.fromfile(X_small, dtype=dtype)
                b = np.fromfile(X_big, dtype=dtype)
                self.assertTrue(np.array_equal(a * dtype(2.0**80), b), f"{p}: the two paths differ")

    def test_dd128_on_doubles_is_correctly_rounded(self):
        x = random_complex(64, seed=9)
        inp, out = self.p("x.c128"), self.p("X.c128")
        x.tofile(inp)
        self.assertTrue(self.run_json(inp, out, "dd128")["limb_arrays"])
        xre, xim = exact_values(x)
        exact_re, exact_im = decimal_dft(xre, xim)
        got = np.fromfile(out, dtype=np.complex128)
        # Each part is the exact value rounded to double (the dd128 error,
        # ~1e-32 relative, could move a rounding only at a near-tie).
        rounded = sum(1 for j in range(64) for part, value in
                      ((got[j].real, exact_re[j]), (got[j].imag, exact_im[j])) if float(part) == float(value))
        self.assertGreaterEqual(rounded, 127, f"{rounded} of 128 parts correctly rounded")


if __name__ == "__main__":
    unittest.main()
