"""ffft and numpy: .npy and raw files in, every output format out
(docs/cli.md, File formats).

Files are written by numpy (np.save, write_array for versions 2.0 and 3.0,
tofile), transformed by the binary and read back with numpy.load /
numpy.fromfile; results are compared with numpy.fft (float64, so only to
~1e-15) or, for the extended precisions, with a 60-digit decimal DFT.
"""

import os
import unittest

import numpy as np

from cli_harness import (C64_TOL, DTYPES, ELEMENT_BYTES, FORMATS, NATIVE_DTYPES, NUMPY_TOL, ROUNDING_TOL,
                         PRECISIONS, CliTestCase, as_complex, assert_normalized, decimal_dft,
                         decimal_rel_l2, exact_values, minus, random_complex, read_raw, rel_l2,
                         to_format, tol_vs_numpy, transform_tol, write_raw)


class NpyInput(CliTestCase):
    """complex64 / complex128 .npy files of any shape, as numpy writes them."""

    def test_complex128_1d_every_precision(self):
        x = random_complex(256, seed=1)
        inp = self.save_npy("x.npy", x)
        for p in PRECISIONS:
            with self.subTest(precision=p):
                out = self.p(f"X_{p}.npy")
                self.fft(inp, out, "-p", p)
                X = np.load(out)
                self.assertEqual(X.dtype, np.complex128)
                self.assertEqual(X.shape, (256,))
                self.assertRelL2Below(X, np.fft.fft(x), tol_vs_numpy(p, len(x)), p)

    def test_default_precision_is_df64(self):
        # df64 rounds a complex128 input to ~48 bits: the default output
        # differs from -p dd128's by ~1e-15, and equals -p df64's.
        x = random_complex(128, seed=2)
        inp = self.save_npy("x.npy", x)
        self.fft(inp, self.p("default.npy"))
        self.fft(inp, self.p("df64.npy"), "-p", "df64")
        self.fft(inp, self.p("dd128.npy"), "-p", "dd128")
        default, df64, dd128 = (np.load(self.p(n)) for n in ("default.npy", "df64.npy", "dd128.npy"))
        np.testing.assert_array_equal(default, df64)
        self.assertGreater(rel_l2(default, dd128), 1e-17)

    def test_complex64_1d(self):
        x = random_complex(256, seed=3).astype(np.complex64)
        inp = self.save_npy("x.npy", x)
        ref = np.fft.fft(x.astype(np.complex128))
        out = self.p("X.npy")
        self.fft(inp, out)
        X = np.load(out)
        self.assertEqual(X.dtype, np.complex64, "output format defaults to the input's")
        self.assertEqual(X.shape, (256,))
        # Rounded to float32 on the way out.
        self.assertRelL2Below(X, ref, C64_TOL, "c64 output")
        out128 = self.p("X128.npy")
        self.fft(inp, out128, "--out-format", "c128")
        X = np.load(out128)
        self.assertEqual(X.dtype, np.complex128)
        # c64 is exact in df64, so only the transform's error remains.
        self.assertRelL2Below(X, ref, transform_tol("df64", 256), "c128 output of a c64 input")

    def test_2d_batch(self):
        for dtype, tol in ((np.complex128, transform_tol("df64", 256)), (np.complex64, C64_TOL)):
            with self.subTest(dtype=dtype.__name__):
                x = random_complex(0, seed=4, shape=(4, 256)).astype(dtype)
                inp = self.save_npy(f"x_{dtype.__name__}.npy", x)
                out = self.p(f"X_{dtype.__name__}.npy")
                self.fft(inp, out)
                X = np.load(out)
                self.assertEqual(X.dtype, dtype)
                self.assertEqual(X.shape, (4, 256))
                ref = np.fft.fft(x.astype(np.complex128), axis=-1)
                self.assertRelL2Below(X, ref, tol)
                for row in range(4):
                    self.assertRelL2Below(X[row], ref[row], tol, f"row {row}")

    def test_3d(self):
        x = random_complex(0, seed=5, shape=(2, 3, 64))
        inp = self.save_npy("x.npy", x)
        out = self.p("X.npy")
        self.fft(inp, out, "-p", "qf128")
        X = np.load(out)
        self.assertEqual(X.shape, (2, 3, 64))
        self.assertRelL2Below(X, np.fft.fft(x, axis=-1), NUMPY_TOL)

    def test_versions_2_and_3(self):
        x = random_complex(128, seed=6)
        for version in ((1, 0), (2, 0), (3, 0)):
            with self.subTest(version=version):
                name = f"x_v{version[0]}.npy"
                inp = self.save_npy(name, x, version=version)
                with open(inp, "rb") as f:
                    self.assertEqual(f.read(8)[6:8], bytes(version))
                out = self.p(f"X_v{version[0]}.npy")
                self.fft(inp, out, "-p", "dd128")
                self.assertRelL2Below(np.load(out), np.fft.fft(x), NUMPY_TOL)

    def _write_fortran_header(self, name, shape, data):
        path = self.p(name)
        with open(path, "wb") as f:
            np.lib.format.write_array_header_1_0(
                f, {"descr": "<c16", "fortran_order": True, "shape": shape})
            f.write(np.asarray(data, dtype=np.complex128).tobytes(order="F"))
        return path

    def test_fortran_order_with_one_long_axis_is_read(self):
        x = random_complex(128, seed=7)
        # numpy never writes fortran_order True for 1-D data: write the header.
        for shape in ((128,), (1, 128), (128, 1)):
            with self.subTest(shape=shape):
                inp = self._write_fortran_header(f"f{len(shape)}_{shape[0]}.npy", shape, x.reshape(shape))
                np.testing.assert_array_equal(np.load(inp).ravel(), x)
                out = self.p(f"F{len(shape)}_{shape[0]}.npy")
                self.fft(inp, out, "-p", "dd128")
                X = np.load(out)
                if shape == (128, 1):
                    # The last axis is 1: 128 transforms of length 1 (identity).
                    self.assertEqual(X.shape, (128, 1))
                    np.testing.assert_array_equal(X.ravel(), x)
                else:
                    self.assertEqual(X.shape, shape)
                    self.assertRelL2Below(X.ravel(), np.fft.fft(x), NUMPY_TOL)

    def test_zero_dimensional_array_is_one_value(self):
        # shape (): one element, a transform of length 1 (the identity).
        inp = self.save_npy("x.npy", np.array(3 - 4j))
        out = self.p("X.npy")
        self.fft(inp, out, "-p", "dd128")
        X = np.load(out)
        self.assertIn(X.shape, ((), (1,)))
        self.assertEqual(complex(X.ravel()[0]), 3 - 4j)

    def test_npy_magic_wins_over_the_name(self):
        x = random_complex(64, seed=8)
        inp = self.p("actually_npy.c64")
        with open(inp, "wb") as f:
            np.save(f, x)
        out = self.p("X.npy")
        self.fft(inp, out, "-p", "dd128")
        X = np.load(out)
        self.assertEqual(X.dtype, np.complex128)
        self.assertRelL2Below(X, np.fft.fft(x), NUMPY_TOL)

    def test_in_format_must_agree_with_npy_dtype(self):
        x = random_complex(64, seed=9)
        inp = self.save_npy("x.npy", x)
        self.fft(inp, self.p("ok.npy"), "--in-format", "c128")
        self.fft(inp, self.p("bad.npy"), "--in-format", "c64", rc=2)


class NativeNpy(CliTestCase):
    """The native formats as structured .npy dtypes: numpy.load reads them,
    and ffft reads them back."""

    def test_every_native_output_loads_in_numpy(self):
        x = random_complex(0, seed=10, shape=(4, 128))
        inp = self.save_npy("x.npy", x)
        ref = np.fft.fft(x, axis=-1)
        exact_re, exact_im = decimal_dft(*exact_values(to_format(x[0], "c128")))
        for fmt in ("df64", "qf128", "dd128"):
            with self.subTest(format=fmt):
                out = self.p(f"X_{fmt}.npy")
                self.fft(inp, out, "-p", "dd128", "--out-format", fmt)
                X = np.load(out)
                self.assertEqual(X.dtype, NATIVE_DTYPES[fmt])
                self.assertEqual(X.shape, (4, 128))
                self.assertEqual(X.dtype.names, ("re", "im"))
                assert_normalized(self, X)
                # The documented recipe for the values rounded to double
                # (x['re'].sum(-1) + 1j * x['im'].sum(-1)); numpy sums float32
                # limbs in float32, so df64 and qf128 need dtype=float64 to
                # get double (docs/cli.md's recipe omits it).
                values = X["re"].sum(-1, dtype=np.float64) + 1j * X["im"].sum(-1, dtype=np.float64)
                self.assertRelL2Below(values, ref, max(ROUNDING_TOL.get(fmt, 0), NUMPY_TOL))
                if fmt == "dd128":
                    values = X["re"].sum(-1) + 1j * X["im"].sum(-1)
                    self.assertRelL2Below(values, ref, NUMPY_TOL, "literal recipe")
                # And the limbs hold the extra precision (row 0 against the
                # decimal DFT; dd128 computed, rounded to the output format).
                err = decimal_rel_l2(X[0], exact_re, exact_im)
                self.assertLess(err, transform_tol(fmt, 128) if fmt == "dd128" else ROUNDING_TOL[fmt],
                                f"{fmt} output limbs")

    def test_native_npy_input(self):
        # ffft's own structured output read back, and numpy-made ones.
        x = random_complex(0, seed=11, shape=(3, 64))
        inp = self.save_npy("x.npy", x)
        X = self.p("X.npy")
        self.fft(inp, X, "-p", "dd128", "--out-format", "dd128")
        y = self.p("y.npy")
        self.ifft(X, y, "-p", "dd128")
        Y = np.load(y)
        self.assertEqual(Y.dtype, NATIVE_DTYPES["dd128"], "output format defaults to the input's")
        self.assertEqual(Y.shape, (3, 64))
        self.assertLess(rel_l2(Y, x), transform_tol("dd128", 64), "dd128 .npy round trip")
        for fmt in ("df64", "qf128", "dd128"):
            with self.subTest(format=fmt):
                a = to_format(x, fmt)
                path = self.save_npy(f"n_{fmt}.npy", a)
                out = self.p(f"N_{fmt}.npy")
                self.fft(path, out, "-p", "dd128", "--out-format", "c128")
                self.assertRelL2Below(np.load(out), np.fft.fft(as_complex(a), axis=-1), NUMPY_TOL)


class RawFiles(CliTestCase):
    """Raw files: the format from --in-format, else the extension."""

    def test_every_raw_input_format_by_extension(self):
        x = random_complex(96, seed=12)
        for fmt in FORMATS:
            with self.subTest(format=fmt):
                a = to_format(x, fmt)
                inp = self.p(f"x.{fmt}")
                a.tofile(inp)
                self.assertEqual(os.path.getsize(inp), 96 * ELEMENT_BYTES[fmt])
                out = self.p(f"X_{fmt}.c128")
                self.fft(inp, out, "-p", "dd128")
                self.assertRelL2Below(read_raw(out, "c128"), np.fft.fft(as_complex(a)), NUMPY_TOL)

    def test_raw_native_input_low_limbs_are_read(self):
        # dd128 values whose low limbs matter: the transform must see them.
        x = random_complex(32, seed=13)
        a = to_format(x, "dd128")
        rng = np.random.default_rng(13)
        a["re"][:, 1] = a["re"][:, 0] * rng.uniform(-1e-17, 1e-17, 32)
        a["im"][:, 1] = a["im"][:, 0] * rng.uniform(-1e-17, 1e-17, 32)
        inp = self.p("x.dd128")
        a.tofile(inp)
        out = self.p("X.dd128")
        self.fft(inp, out, "-p", "dd128")
        ref_re, ref_im = decimal_dft(*exact_values(a))
        self.assertLess(decimal_rel_l2(read_raw(out, "dd128"), ref_re, ref_im), transform_tol("dd128", 32))

    def test_in_format_for_a_raw_file_without_extension(self):
        x = random_complex(64, seed=14)
        for fmt in ("c64", "c128", "dd128", "qf128"):
            with self.subTest(format=fmt):
                a = to_format(x, fmt)
                inp = self.p(f"x_{fmt}.bin")
                a.tofile(inp)
                out = self.p(f"X_{fmt}.c128")
                self.fft(inp, out, "--in-format", fmt, "-p", "dd128")
                self.assertRelL2Below(read_raw(out, "c128"), np.fft.fft(as_complex(a)), NUMPY_TOL)

    def test_in_format_overrides_the_extension(self):
        x = random_complex(64, seed=15)
        inp = self.p("mislabeled.c64")
        x.astype(np.complex128).tofile(inp)  # complex128 data under a .c64 name
        out = self.p("X.c128")
        self.fft(inp, out, "--in-format", "c128", "-p", "dd128")
        self.assertRelL2Below(read_raw(out, "c128"), np.fft.fft(x), NUMPY_TOL)

    def test_unknown_extension_without_in_format_is_refused(self):
        inp = self.p("x.bin")
        random_complex(64, seed=16).tofile(inp)
        self.fft(inp, self.p("X.c128"), rc=2, phrases=["--in-format"])

    def test_output_format_rules(self):
        n = 64
        x = random_complex(n, seed=17)
        inp = self.p("x.c128")
        x.tofile(inp)
        ref = np.fft.fft(x)
        cases = [
            # (output name, extra options, expected format, .npy?, tolerance)
            ("y.c64", [], "c64", False, C64_TOL),
            ("y_plain", [], "c128", False, NUMPY_TOL),      # no extension: the input's format
            ("y.c64b", [], "c128", False, NUMPY_TOL),       # not a format extension: the input's
            ("y2.c64", ["--out-format", "dd128"], "dd128", False, NUMPY_TOL),  # --out-format wins
            ("y.df64", [], "df64", False, ROUNDING_TOL["df64"]),
            ("y.qf128", [], "qf128", False, NUMPY_TOL),
            ("y.dd128", [], "dd128", False, NUMPY_TOL),
            ("y.npy", [], "c128", True, NUMPY_TOL),
            ("yq.npy", ["--out-format", "qf128"], "qf128", True, NUMPY_TOL),
            ("yc.npy", ["--out-format", "c64"], "c64", True, C64_TOL),
        ]
        for name, opts, fmt, npy, tol in cases:
            with self.subTest(output=name, options=opts):
                out = self.p(name)
                self.fft(inp, out, "-p", "dd128", *opts)
                with open(out, "rb") as f:
                    magic = f.read(6)
                if npy:
                    self.assertEqual(magic, b"\x93NUMPY")
                    X = np.load(out)
                    self.assertEqual(X.dtype, DTYPES[fmt])
                    self.assertEqual(X.shape, (n,))
                else:
                    self.assertNotEqual(magic, b"\x93NUMPY", f"{name} should be raw")
                    self.assertEqual(os.path.getsize(out), n * ELEMENT_BYTES[fmt],
                                     f"{name} should be raw {fmt}")
                    X = read_raw(out, fmt)
                assert_normalized(self, X)
                self.assertRelL2Below(X, ref, tol, name)

    def test_output_format_defaults_to_a_c64_input(self):
        x = random_complex(64, seed=18).astype(np.complex64)
        inp = self.p("x.c64")
        x.tofile(inp)
        out = self.p("y.out")
        self.fft(inp, out)
        self.assertEqual(os.path.getsize(out), 64 * 8)
        self.assertRelL2Below(read_raw(out, "c64"), np.fft.fft(x.astype(np.complex128)), C64_TOL)


class NpyOutputShape(CliTestCase):
    """An .npy output keeps the input's shape when the last axis is the
    transform, else is (B, N), or (N,) for one transform."""

    def check(self, inp, x_flat, opts, shape):
        out = self.p(f"out_{len(os.listdir(self.dir))}.npy")
        self.fft(inp, out, "-p", "dd128", *opts)
        X = np.load(out)
        self.assertEqual(X.shape, shape, f"options {opts}")
        n = shape[-1]
        ref = np.fft.fft(x_flat.reshape(-1, n), axis=-1).reshape(shape)
        self.assertRelL2Below(X, ref, NUMPY_TOL, f"options {opts}")

    def test_npy_input(self):
        x = random_complex(0, seed=19, shape=(4, 256))
        inp = self.save_npy("x.npy", x)
        flat = x.ravel()
        self.check(inp, flat, [], (4, 256))
        self.check(inp, flat, ["--batch", "4"], (4, 256))
        self.check(inp, flat, ["-n", "256"], (4, 256))
        self.check(inp, flat, ["-n", "128"], (8, 128))
        self.check(inp, flat, ["-n", "512", "--batch", "2"], (2, 512))
        self.check(inp, flat, ["-n", "1024"], (1024,))
        self.check(inp, flat, ["--batch", "1"], (1024,))

    def test_npy_3d_input(self):
        x = random_complex(0, seed=20, shape=(2, 3, 64))
        inp = self.save_npy("x.npy", x)
        flat = x.ravel()
        self.check(inp, flat, [], (2, 3, 64))
        self.check(inp, flat, ["--batch", "6"], (2, 3, 64))
        self.check(inp, flat, ["-n", "128"], (3, 128))
        self.check(inp, flat, ["-n", "384"], (384,))

    def test_npy_leading_axis_of_one(self):
        x = random_complex(0, seed=21, shape=(1, 256))
        inp = self.save_npy("x.npy", x)
        self.check(inp, x.ravel(), [], (1, 256))

    def test_raw_input(self):
        x = random_complex(1024, seed=22)
        inp = self.p("x.c128")
        x.tofile(inp)
        self.check(inp, x, [], (1024,))
        self.check(inp, x, ["-n", "256"], (4, 256))
        self.check(inp, x, ["--batch", "4"], (4, 256))
        self.check(inp, x, ["--batch", "1"], (1024,))
        self.check(inp, x, ["-n", "1024"], (1024,))


class PrecisionOnTheWayInAndOut(CliTestCase):
    """c64 is exact in every precision; c128 is exact in qf128 and dd128 and
    rounded in df64; results are rounded to the output format. An impulse
    at index 0 has X_k = x_0 for every k, computed exactly (products with
    the twiddle 1 and sums with zeros)."""

    def impulse(self, value, fmt, n=8):
        x = np.zeros(n, dtype=np.complex128)
        x[0] = value
        path = self.p(f"impulse_{fmt}_{len(os.listdir(self.dir))}.{fmt}")
        write_raw(path, x, fmt)
        return path

    def test_c128_exact_in_qf128_and_dd128_rounded_in_df64(self):
        v = 1 / 3 - 1j / 7  # 53 significant bits in both parts
        inp = self.impulse(v, "c128")
        for p in PRECISIONS:
            with self.subTest(precision=p):
                out = self.p(f"X_{p}.dd128")
                self.fft(inp, out, "-p", p)
                X = read_raw(out, "dd128")
                err = np.abs(minus(X, np.full(8, v)))
                if p == "df64":
                    self.assertTrue((err > 0).all(), "df64 cannot hold 53 bits")
                    self.assertTrue((err < 2.0 ** -46).all(), f"df64 rounding too large: {err.max()}")
                    df64_v = as_complex(to_format(np.array([v]), "df64"))[0]
                    self.assertTrue((np.abs(minus(X, np.full(8, df64_v))) == 0).all(),
                                    "df64 should give the input rounded to df64")
                else:
                    self.assertTrue((err == 0).all(), f"{p} should be exact, error {err.max()}")

    def test_c64_exact_in_every_precision(self):
        v = complex(np.complex64(1 / 3 - 1j / 7))
        inp = self.impulse(v, "c64")
        for p in PRECISIONS:
            with self.subTest(precision=p):
                out = self.p(f"X_{p}.dd128")
                self.fft(inp, out, "-p", p)
                self.assertTrue((minus(read_raw(out, "dd128"), np.full(8, v)) == 0).all())

    def test_rounded_to_the_output_format(self):
        v = 1 / 3 - 1j / 7
        inp = self.impulse(v, "c128")
        out = self.p("X.c64")
        self.fft(inp, out, "-p", "dd128")
        np.testing.assert_array_equal(read_raw(out, "c64"), np.full(8, v, dtype=np.complex64))


if __name__ == "__main__":
    unittest.main()
