"""ffft gen, compare and info, and --help on every command
(docs/cli.md, Commands, Options, Reports)."""

import json
import math
import os
import unittest

import numpy as np

from cli_harness import (C64_TOL, DOUBLE_TOL, ELEMENT_BYTES, FORMATS, NATIVE_DTYPES, ROUNDING_TOL, CliTestCase,
                         as_complex, assert_normalized, cli_info, random_complex, read_raw, rel_l2, run_cli,
                         to_format)

KINDS = ("random", "impulse", "tone", "chirp")
COMMANDS = ("fft", "ifft", "roundtrip", "compare", "gen", "info")


class Gen(CliTestCase):

    def gen(self, kind, name, *opts, **kw):
        out = self.p(name)
        self.cli(["gen", kind, out, *[str(o) for o in opts]], outputs=[out], **kw)
        return out

    def test_every_kind_with_defaults(self):
        for kind in KINDS:
            with self.subTest(kind=kind):
                out = self.gen(kind, f"{kind}.c128")
                self.assertEqual(os.path.getsize(out), 1024 * 16, "default: 1 x 1024 values")
                x = read_raw(out, "c128")
                self.assertTrue(np.isfinite(x).all())
                self.assertGreater(np.abs(x).max(), 0)

    def test_default_format_is_c128(self):
        out = self.gen("random", "signal")
        with open(out, "rb") as f:
            self.assertNotEqual(f.read(6), b"\x93NUMPY")
        self.assertEqual(os.path.getsize(out), 1024 * 16)
        np.testing.assert_array_equal(read_raw(out, "c128"), read_raw(self.gen("random", "r.c128"), "c128"))

    def test_seed_determinism(self):
        a = self.gen("random", "a.c128", "--seed", 7, "-n", 512)
        b = self.gen("random", "b.c128", "--seed", 7, "-n", 512)
        c = self.gen("random", "c.c128", "--seed", 8, "-n", 512)
        d = self.gen("random", "d.c128", "-n", 512)
        e = self.gen("random", "e.c128", "--seed", 1, "-n", 512)
        with open(a, "rb") as fa, open(b, "rb") as fb, open(c, "rb") as fc, \
                open(d, "rb") as fd, open(e, "rb") as fe:
            ba, bb, bc, bd, be = fa.read(), fb.read(), fc.read(), fd.read(), fe.read()
        self.assertEqual(ba, bb, "the same seed gives the same file")
        self.assertNotEqual(ba, bc, "another seed gives another file")
        self.assertEqual(bd, be, "the default seed is 1")
        xa, xc = read_raw(a, "c128"), read_raw(c, "c128")
        self.assertLess(np.mean(xa == xc), 0.01, "seeds 7 and 8 share values")

    def test_length_and_batch(self):
        out = self.gen("random", "b.c128", "-n", 256, "--batch", 3)
        self.assertEqual(os.path.getsize(out), 3 * 256 * 16)
        rows = read_raw(out, "c128").reshape(3, 256)
        self.assertFalse(np.array_equal(rows[0], rows[1]), "random rows should differ")
        out = self.gen("random", "b.npy", "-n", 256, "--batch", 3)
        self.assertEqual(np.load(out).shape, (3, 256))
        out = self.gen("tone", "t.npy", "-n", 100)
        self.assertEqual(np.load(out).shape, (100,))
        out = self.gen("chirp", "c1.npy", "-n", 64, "--batch", 1)
        self.assertEqual(np.load(out).shape, (64,))

    def test_random_amplitude(self):
        for amplitude in (1.0, 3.0, 1e-5, 1e200):
            with self.subTest(amplitude=amplitude):
                out = self.gen("random", f"r{amplitude}.c128", "-n", 1024, "--amplitude", amplitude)
                # docs/cli.md: each part is uniform in [-A, A).
                x = read_raw(out, "c128")
                parts = np.concatenate([x.real, x.imag])
                self.assertLess(parts.max(), amplitude * (1 + 1e-15), "a part at or above A")
                self.assertGreaterEqual(parts.min(), -amplitude * (1 + 1e-15), "a part below -A")
                self.assertGreater(parts.max(), 0.9 * amplitude, "parts do not fill [-A, A)")
                self.assertLess(parts.min(), -0.9 * amplitude, "parts do not fill [-A, A)")

    def test_impulse(self):
        x = read_raw(self.gen("impulse", "i.c128", "-n", 64, "--index", 7, "--amplitude", 2.5), "c128")
        expected = np.zeros(64, dtype=np.complex128)
        expected[7] = 2.5
        np.testing.assert_array_equal(x, expected)
        x = read_raw(self.gen("impulse", "i0.c128", "-n", 16), "c128")
        expected = np.zeros(16, dtype=np.complex128)
        expected[0] = 1
        np.testing.assert_array_equal(x, expected, "default: index 0, amplitude 1")

    def test_tone_integer_frequency(self):
        n = 256
        for k in (1, 5, 100):
            with self.subTest(frequency=k):
                x = read_raw(self.gen("tone", f"t{k}.c128", "-n", n, "--frequency", k, "--amplitude", 2), "c128")
                self.assertAlmostEqual(np.abs(x).max(), 2.0, delta=1e-12)
                power = np.abs(np.fft.fft(x)) ** 2
                self.assertEqual(int(np.argmax(power)), k, "the peak is at bin k")
                others = np.delete(power, [k, n - k])
                # numpy's float64 transform leaks (1e-16)^2 of the power:
                # 1.7e-32 was measured.
                self.assertLess(others.sum(), 5e-32 * power.sum(), "energy outside bin k")
        # Default frequency 1.
        x = read_raw(self.gen("tone", "default.c128", "-n", n), "c128")
        self.assertEqual(int(np.argmax(np.abs(np.fft.fft(x)))), 1)

    def test_tone_fractional_frequency(self):
        x = read_raw(self.gen("tone", "t.c128", "-n", 256, "--frequency", 2.5), "c128")
        self.assertIn(int(np.argmax(np.abs(np.fft.fft(x)))), (2, 3))
        self.assertAlmostEqual(np.abs(x).max(), 1.0, delta=1e-12)

    def test_chirp(self):
        for amplitude in (1.0, 3.0):
            with self.subTest(amplitude=amplitude):
                x = read_raw(self.gen("chirp", f"c{amplitude}.c128", "-n", 512, "--amplitude", amplitude),
                             "c128")
                np.testing.assert_allclose(np.abs(x), amplitude, rtol=1e-15, atol=0,
                                           err_msg="a chirp has constant magnitude")
                self.assertGreater(np.std(np.diff(np.unwrap(np.angle(x)))), 1e-3,
                                   "a chirp's frequency changes")

    def test_every_output_format(self):
        for kind in KINDS:
            ref = read_raw(self.gen(kind, f"{kind}.c128", "-n", 128, "--frequency" if kind == "tone" else "--seed",
                                    3), "c128")
            for fmt in FORMATS:
                tol = {"c64": C64_TOL, "df64": ROUNDING_TOL["df64"]}.get(fmt, DOUBLE_TOL)
                for how in ("extension", "option"):
                    with self.subTest(kind=kind, format=fmt, by=how):
                        opts = ["-n", 128, "--frequency" if kind == "tone" else "--seed", 3]
                        if how == "extension":
                            out = self.gen(kind, f"{kind}_{fmt}.{fmt}", *opts)
                        else:
                            out = self.gen(kind, f"{kind}_{fmt}_opt.bin", *opts, "--out-format", fmt)
                        self.assertEqual(os.path.getsize(out), 128 * ELEMENT_BYTES[fmt])
                        a = read_raw(out, fmt)
                        assert_normalized(self, a)
                        self.assertLessEqual(rel_l2(a, ref), tol)

    def test_npy_output(self):
        x = np.load(self.gen("tone", "t.npy", "-n", 64, "--frequency", 3))
        self.assertEqual((x.dtype, x.shape), (np.complex128, (64,)))
        x = np.load(self.gen("random", "r.npy", "-n", 64, "--batch", 2, "--out-format", "dd128"))
        self.assertEqual((x.dtype, x.shape), (NATIVE_DTYPES["dd128"], (2, 64)))
        x = np.load(self.gen("chirp", "c.npy", "-n", 32, "--out-format", "c64"))
        self.assertEqual((x.dtype, x.shape), (np.complex64, (32,)))
        x = np.load(self.gen("impulse", "i.npy", "-n", 32, "--out-format", "qf128", "--index", 4))
        self.assertEqual((x.dtype, x.shape), (NATIVE_DTYPES["qf128"], (32,)))
        self.assertEqual(as_complex(x)[4], 1)

    def test_existing_output(self):
        out = self.p("x.c128")
        with open(out, "wb") as f:
            f.write(b"precious")
        self.cli(["gen", "random", out], outputs=[out], rc=2, phrases=["exists", "--force"])
        with open(out, "rb") as f:
            self.assertEqual(f.read(), b"precious")
        self.cli(["gen", "random", out, "--force"], outputs=[out])
        self.assertEqual(os.path.getsize(out), 1024 * 16)

    def test_out_of_range_values(self):
        # A tone of amplitude 1e300 cannot be written as c64 or df64.
        for fmt in ("c64", "df64", "qf128"):
            with self.subTest(format=fmt):
                self.cli(["gen", "tone", self.p(f"t.{fmt}"), "--amplitude", "1e300"],
                         outputs=[self.p(f"t.{fmt}")], rc=2)
        x = read_raw(self.gen("tone", "t.c128", "--amplitude", "1e300"), "c128")
        self.assertAlmostEqual(np.abs(x).max() / 1e300, 1.0, delta=1e-12)


class Compare(CliTestCase):

    def write(self, name, x, fmt="c128"):
        path = self.p(name)
        to_format(x, fmt).tofile(path)
        return path

    def expected_metrics(self, a, b, resolution=2.0 ** -53):
        """Thall's metrics of a against the reference b, in float64; the
        phase over the samples with |b_j| > 0 and |b_j| >= resolution max |b|."""
        d = a - b
        mag = np.abs(a) - np.abs(b)
        phase = np.angle(a) - np.angle(b)
        phase = np.where(phase <= -np.pi, phase + 2 * np.pi, phase)
        phase = np.where(phase > np.pi, phase - 2 * np.pi, phase)
        defined = (np.abs(b) > 0) & (np.abs(b) >= resolution * np.abs(b).max())
        mse_mag = np.mean(mag ** 2)
        return {
            "relative_l2": np.linalg.norm(d) / np.linalg.norm(b),
            "rmse_magnitude": math.sqrt(mse_mag),
            "rmse_phase": math.sqrt(np.mean(phase[defined] ** 2)),
            "phase_excluded": int(np.count_nonzero(~defined)),
            "psnr_db": 10 * math.log10(np.abs(b).max() ** 2 / mse_mag),
            "max_abs_error": np.abs(d).max(),
        }

    def test_identical_files(self):
        x = random_complex(256, seed=2000)
        a, b = self.write("a.c128", x), self.write("b.c128", x)
        report = self.compare_json(a, b)
        for key in ("relative_l2", "rmse_magnitude", "rmse_phase", "max_abs_error"):
            self.assertEqual(report[key], 0, key)
        self.assertIsNone(report["psnr_db"], "an exact match has PSNR inf: JSON null")
        r = self.cli(["compare", a, b], inputs=[a, b])
        self.assertIn("inf", r.stdout)
        # A file against itself.
        self.assertEqual(self.compare_json(a, a)["relative_l2"], 0)

    def test_perturbed_file(self):
        x = random_complex(1000, seed=2001)
        rng = np.random.default_rng(2002)
        y = x + 1e-6 * (rng.standard_normal(1000) + 1j * rng.standard_normal(1000))
        a, b = self.write("y.c128", y), self.write("x.c128", x)
        report = self.compare_json(a, b)
        for key, value in self.expected_metrics(y, x).items():
            with self.subTest(metric=key):
                if key == "phase_excluded":
                    self.assertEqual(report[key], value)
                    continue
                self.assertAlmostEqual(report[key] / value, 1.0, delta=1e-6, msg=f"{key}: {report[key]} vs {value}")

    def test_reference_is_the_second_file(self):
        x = random_complex(64, seed=2003)
        y = 2 * x
        a, b = self.write("y.c128", y), self.write("x.c128", x)
        self.assertAlmostEqual(self.compare_json(a, b)["relative_l2"], 1.0, delta=1e-15)
        self.assertAlmostEqual(self.compare_json(b, a)["relative_l2"], 0.5, delta=1e-15)

    def test_beyond_double(self):
        # Differences of 1e-25 relative, in the low limbs of dd128 values:
        # the metrics are computed in __float128, not floored at 1e-16.
        x = random_complex(512, seed=2004)
        rng = np.random.default_rng(2005)
        a = to_format(x, "dd128")
        delta_re = x.real * rng.uniform(-1e-25, 1e-25, 512)
        delta_im = x.imag * rng.uniform(-1e-25, 1e-25, 512)
        a["re"][:, 1] = delta_re
        a["im"][:, 1] = delta_im
        pa = self.p("a.dd128")
        a.tofile(pa)
        pb = self.write("x.c128", x)
        expected = np.linalg.norm(np.concatenate([delta_re, delta_im])) / np.linalg.norm(x)
        report = self.compare_json(pa, pb)
        self.assertAlmostEqual(report["relative_l2"] / expected, 1.0, delta=1e-6)
        self.assertAlmostEqual(report["max_abs_error"] / np.abs(delta_re + 1j * delta_im).max(), 1.0, delta=1e-6)

    def test_mixed_formats(self):
        x = random_complex(128, seed=2006)
        a = self.write("a.c64", x, "c64")
        b = self.save_npy("b.npy", x)
        report = self.compare_json(a, b)
        expected = np.linalg.norm(x.astype(np.complex64).astype(np.complex128) - x) / np.linalg.norm(x)
        self.assertAlmostEqual(report["relative_l2"] / expected, 1.0, delta=1e-9)

    def test_raw_in_format(self):
        x = random_complex(128, seed=2007)
        a = self.p("a.bin")
        x.tofile(a)
        b = self.write("b.c128", x)
        self.assertEqual(self.compare_json(a, b, "--in-format", "c128")["relative_l2"], 0)

    def test_text_report(self):
        x = random_complex(64, seed=2008)
        a, b = self.write("a.c128", x * (1 + 1e-9)), self.write("b.c128", x)
        r = self.cli(["compare", a, b], inputs=[a, b])
        self.assertTrue(r.stdout.strip(), "compare prints a report")
        self.assertIn("PSNR", r.stdout)


class Info(CliTestCase):

    def test_text(self):
        r = self.cli(["info"])
        version = cli_info()["version"]
        self.assertIsInstance(version, str)
        self.assertTrue(version)
        self.assertIn(version, r.stdout)

    def test_json(self):
        info = self.parse_json(self.cli(["info", "--json"]))
        self.assertIn("version", info)
        self.assertIsInstance(info["cuda_devices"], list)
        self.assertIn(info["cpu_path"], ("avx512", "avx2", "scalar"))
        self.assertIn(info["cpu_path"], info["cpu_paths_available"])

    def test_cpu_path_forced_by_the_environment(self):
        env = dict(os.environ, FFFT_CPU_ISA="scalar")
        r = run_cli(["info", "--json"], env=env)
        self.assertEqual(r.rc, 0, r.describe())
        info = json.loads(r.stdout)
        self.assertEqual(info["cpu_path"], "scalar")
        self.assertTrue(info["cpu_path_forced"])
        text = run_cli(["info"], env=env)
        self.assertIn("scalar path (set by FFFT_CPU_ISA", text.stdout, text.describe())

    def test_unknown_cpu_path_is_the_users_error(self):
        r = run_cli(["info"], env=dict(os.environ, FFFT_CPU_ISA="avx1024"))
        self.assertEqual(r.rc, 2, r.describe())
        self.assertEqual(len(r.error_lines), 1, r.describe())
        self.assertIn("FFFT_CPU_ISA=avx1024", r.error, r.describe())
        self.assertIn("avx512, avx2 or scalar", r.error, r.describe())


class Help(CliTestCase):

    def test_help_on_every_command(self):
        for command in COMMANDS:
            with self.subTest(command=command):
                r = self.cli([command, "--help"])
                self.assertIn("example", r.stdout.lower(), f"{command} --help has no example")
                self.assertIn(command, r.stdout)
        r = self.cli(["--help"])
        self.assertIn("example", r.stdout.lower())
        for command in COMMANDS:
            self.assertIn(command, r.stdout)

    def test_help_documents_the_options(self):
        expected = {
            "fft": ["--precision", "--length", "--batch", "--norm", "--twiddles", "--device", "--in-format",
                    "--out-format", "--force", "--allow-nonfinite", "--json"],
            "roundtrip": ["--precision", "--length", "--batch", "--norm", "--twiddles", "--device",
                          "--in-format", "--allow-nonfinite", "--json"],
            "compare": ["--in-format", "--allow-nonfinite", "--json"],
            "gen": ["--length", "--batch", "--out-format", "--force", "--seed", "--frequency", "--index",
                    "--amplitude"],
            "info": ["--json"],
        }
        expected["ifft"] = expected["fft"]
        for command, options in expected.items():
            r = self.cli([command, "--help"])
            for option in options:
                with self.subTest(command=command, option=option):
                    self.assertIn(option, r.stdout)


if __name__ == "__main__":
    unittest.main()
