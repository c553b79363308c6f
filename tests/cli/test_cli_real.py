"""ffft rfft / irfft / convolve, and real input to fft (docs/cli.md: Commands,
and Real data under File formats): numpy's conventions and dtype rules, accuracy
beyond double through the native real formats, every convolution mode, and
the errors that name the command to use instead.
"""

import unittest

import numpy as np

from cli_harness import NUMPY_TOL, PRECISIONS, CliTestCase, transform_tol

# The native real formats as numpy reads them: the 're' field's limbs.
REAL_DTYPES = {
    "rdf64": np.dtype([("re", "<f4", (2,))]),
    "rqf128": np.dtype([("re", "<f4", (4,))]),
    "rdd128": np.dtype([("re", "<f8", (2,))]),
}

# Largest absolute errors against numpy (the data standard normal), each
# limit at most 4 times the smallest of its checks' measured worsts: irfft
# at every length 1.3e-15; convolutions 7.1e-15 (real, full/same/valid),
# 8.9e-15 (circular), 7.3e-15 (complex data, qf128) -- numpy's float64
# error, the transforms' far below.
IRFFT_TOL = 5e-15
CONVOLVE_TOL = 2.5e-14


def real_value_error(a, x):
    """max |a - x| / max |x| for a native real array a, its limbs summed
    smallest first in float64 after subtracting x from the leading limb
    (the leading limb carries x's bits, the others the rest)."""
    limbs = a["re"].astype(np.float64)
    diff = limbs[..., 0] - x
    for i in range(1, limbs.shape[-1]):
        diff = diff + limbs[..., i]
    return np.max(np.abs(diff)) / np.max(np.abs(x))


class RealTransforms(CliTestCase):

    def setUp(self):
        super().setUp()
        rng = np.random.default_rng(5)
        self.x = rng.standard_normal((3, 1000))
        self.inp = self.save_npy("x.npy", self.x)

    def run_cmd(self, *args, inputs=(), outputs=()):
        return self.cli(list(args) + ["--device", "cpu"], inputs=inputs, outputs=outputs)

    def test_rfft_matches_numpy_with_its_dtype_rules(self):
        out = self.p("X.npy")
        self.run_cmd("rfft", self.inp, out, "-p", "dd128", inputs=[self.inp], outputs=[out])
        X = np.load(out)
        self.assertEqual(X.dtype, np.complex128)
        self.assertEqual(X.shape, (3, 501))
        ref = np.fft.rfft(self.x)
        self.assertLess(np.max(np.abs(X - ref)) / np.max(np.abs(ref)), NUMPY_TOL)
        # float32 data give complex64 bins.
        inp32 = self.save_npy("x32.npy", self.x.astype(np.float32))
        out32 = self.p("X32.npy")
        self.run_cmd("rfft", inp32, out32, "-p", "df64", inputs=[inp32], outputs=[out32])
        self.assertEqual(np.load(out32).dtype, np.complex64)

    def test_irfft_lengths_as_numpy(self):
        X = np.fft.rfft(self.x)
        inp = self.save_npy("X.npy", X)
        for n in (None, 999, 1000, 1200, 600):
            with self.subTest(n=n):
                out = self.p(f"y_{n}.npy")
                args = ["irfft", inp, out, "-p", "dd128"] + ([] if n is None else ["-n", n])
                self.run_cmd(*args, inputs=[inp], outputs=[out])
                y = np.load(out)
                ref = np.fft.irfft(X, n)
                self.assertEqual(y.dtype, np.float64)
                self.assertEqual(y.shape, ref.shape)
                self.assertLess(np.max(np.abs(y - ref)), IRFFT_TOL)

    def test_round_trip_beyond_double_in_every_precision(self):
        for p in PRECISIONS:
            with self.subTest(precision=p):
                X = self.p(f"X_{p}.npy")
                y = self.p(f"y_{p}.npy")
                self.run_cmd("rfft", self.inp, X, "-p", p, "--out-format", p, inputs=[self.inp], outputs=[X])
                self.run_cmd("irfft", X, y, "-p", p, "--out-format", "r" + p, inputs=[X], outputs=[y])
                a = np.load(y)
                self.assertEqual(a.dtype, REAL_DTYPES["r" + p])
                self.assertLess(real_value_error(a, self.x), transform_tol(p, self.x.shape[-1]))

    def test_fft_of_real_input_is_numpys(self):
        out = self.p("F.npy")
        self.cli(["fft", self.inp, out, "-p", "dd128", "--device", "cpu"], inputs=[self.inp], outputs=[out])
        F = np.load(out)
        self.assertEqual(F.dtype, np.complex128)
        ref = np.fft.fft(self.x)
        self.assertLess(np.max(np.abs(F - ref)) / np.max(np.abs(ref)), NUMPY_TOL)

    def test_results_of_the_wrong_kind_are_refused(self):
        c = self.save_npy("c.npy", self.x.astype(np.complex128))
        self.fails(["rfft", c, self.p("o.npy"), "--device", "cpu"], inputs=[c], outputs=[self.p("o.npy")],
                   phrases=["use fft"])
        self.fails(["fft", self.inp, self.p("o.f64"), "--device", "cpu"], inputs=[self.inp],
                   outputs=[self.p("o.f64")], phrases=["results are complex", "choose c64"])
        self.fails(["irfft", c, self.p("o.c128"), "--device", "cpu"], inputs=[c],
                   outputs=[self.p("o.c128")], phrases=["results are real", "choose f32"])


class Convolve(CliTestCase):

    def setUp(self):
        super().setUp()
        rng = np.random.default_rng(9)
        self.x = rng.standard_normal((2, 300))
        self.h = rng.standard_normal(41)
        self.a = self.save_npy("a.npy", self.x)
        self.b = self.save_npy("b.npy", self.h)

    def convolve(self, a, b, out, *opts):
        self.cli(["convolve", a, b, out, "--device", "cpu", *opts], inputs=[a, b], outputs=[out])
        return np.load(out)

    def test_every_mode_matches_numpy(self):
        full = np.array([np.convolve(r, self.h) for r in self.x])
        start = {"full": 0, "same": (41 - 1) // 2, "valid": 40}
        length = {"full": 340, "same": 300, "valid": 260}
        for mode in ("full", "same", "valid"):
            with self.subTest(mode=mode):
                y = self.convolve(self.a, self.b, self.p(f"y_{mode}.npy"), "--mode", mode, "-p", "dd128")
                ref = full[:, start[mode]:start[mode] + length[mode]]
                self.assertEqual(y.shape, ref.shape)
                self.assertEqual(y.dtype, np.float64)
                self.assertLess(np.max(np.abs(y - ref)), CONVOLVE_TOL)
        y = self.convolve(self.a, self.b, self.p("y_circular.npy"), "--mode", "circular", "-p", "dd128")
        padded = np.zeros(300)
        padded[:41] = self.h
        ref = np.real(np.fft.ifft(np.fft.fft(self.x) * np.fft.fft(padded)))
        self.assertLess(np.max(np.abs(y - ref)), CONVOLVE_TOL)

    def test_complex_data_and_a_raw_kernel(self):
        z = self.x + 1j * self.x[::-1]
        a = self.save_npy("z.npy", z)
        b = self.p("h.f64")
        self.h.tofile(b)
        y = self.convolve(a, b, self.p("y.npy"), "-p", "qf128")
        self.assertEqual(y.dtype, np.complex128)
        ref = np.array([np.convolve(r, self.h) for r in z])
        self.assertLess(np.max(np.abs(y - ref)), CONVOLVE_TOL)

    def test_integers_convolve_exactly_in_dd128(self):
        rng = np.random.default_rng(3)
        x = rng.integers(-2**20, 2**20, 4000).astype(np.float64)
        h = rng.integers(-2**20, 2**20, 3000).astype(np.float64)
        a = self.save_npy("ix.npy", x)
        b = self.save_npy("ih.npy", h)
        y = self.convolve(a, b, self.p("iy.npy"), "-p", "dd128")
        ref = np.convolve(x.astype(np.int64).astype(object), h.astype(np.int64).astype(object))  # exact
        self.assertTrue(all(int(v) == r for v, r in zip(y, ref)))

    def test_circular_with_a_longer_kernel_is_refused(self):
        short = self.save_npy("s.npy", self.h[:10])
        self.fails(["convolve", short, self.b, self.p("o.npy"), "--mode", "circular", "--device", "cpu"],
                   inputs=[short, self.b], outputs=[self.p("o.npy")], phrases=["kernel_length (41)"])


if __name__ == "__main__":
    unittest.main()
