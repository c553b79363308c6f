"""ffft fft / ifft / rfft / irfft / roundtrip with --axes: N-D transforms of
.npy arrays of any rank, against numpy.fft's fftn, rfftn and irfftn and
against the 1-D commands along one axis; Fortran-order inputs; the round
trip's report; and every refusal of --axes (docs/cli.md, N-D transforms)."""

import unittest

import numpy as np

from cli_harness import DOUBLE_TOL, CliTestCase, random_complex, rel_l2, tol_vs_numpy


def nd_tol(precision, shape, axes):
    """The 1-D limits summed over the axes, floored at numpy's own error."""
    return sum(tol_vs_numpy(precision, shape[a]) for a in axes)


class NdTransforms(CliTestCase):
    def setUp(self):
        super().setUp()
        self.x = random_complex(6 * 10 * 7, seed=7).reshape(6, 10, 7)
        self.xin = self.save_npy("x.npy", self.x)
        self.rin = self.save_npy("r.npy", self.x.real.copy())

    def test_complex_transforms_agree_with_numpy(self):
        for precision in ("df64", "qf128", "dd128"):
            for axes in ((0, 2), (0, 1, 2), (1,), (-1, 0)):
                with self.subTest(precision=precision, axes=axes):
                    flag = "--axes=" + ",".join(map(str, axes))
                    out = self.p(f"X_{precision}_{len(axes)}_{axes[0]}.npy")
                    self.fft(self.xin, out, "-p", precision, flag)
                    want = np.fft.fftn(self.x, axes=axes)
                    self.assertLess(rel_l2(np.load(out), want), nd_tol(precision, self.x.shape, axes))
                    back = self.p(f"x_{precision}_{len(axes)}_{axes[0]}.npy")
                    self.ifft(out, back, "-p", precision, flag)
                    self.assertLess(rel_l2(np.load(back), self.x), nd_tol(precision, self.x.shape, axes))

    def test_one_axis_is_the_one_dimensional_command(self):
        nd, one = self.p("nd.npy"), self.p("one.npy")
        self.fft(self.xin, nd, "-p", "dd128", "--axes", "2")
        self.fft(self.xin, one, "-p", "dd128")
        self.assertTrue(np.array_equal(np.load(nd), np.load(one)))

    def test_fortran_order_gives_the_same_values(self):
        fin = self.save_npy("xf.npy", np.asfortranarray(self.x))
        c_out, f_out = self.p("c.npy"), self.p("f.npy")
        self.fft(self.xin, c_out, "-p", "dd128", "--axes", "0,1")
        self.fft(fin, f_out, "-p", "dd128", "--axes", "0,1")
        self.assertTrue(np.array_equal(np.load(c_out), np.load(f_out)))

    def test_real_transforms_agree_with_numpy(self):
        r = self.x.real
        for axes in ((0, 1), (2, 0), (1,)):
            with self.subTest(axes=axes):
                flag = "--axes=" + ",".join(map(str, axes))
                spectrum = self.p(f"R_{axes[0]}_{len(axes)}.npy")
                self.cli(["rfft", self.rin, spectrum, "-p", "dd128", flag, "--device", "cpu"],
                         inputs=[self.rin], outputs=[spectrum])
                want = np.fft.rfftn(r, axes=axes)
                got = np.load(spectrum)
                self.assertEqual(got.shape, want.shape)
                self.assertLess(rel_l2(got, want), nd_tol("dd128", r.shape, axes))
                n = r.shape[axes[-1]]
                back = self.p(f"r_{axes[0]}_{len(axes)}.npy")
                self.cli(["irfft", spectrum, back, "-p", "dd128", flag, "-n", str(n), "--device", "cpu"],
                         inputs=[spectrum], outputs=[back])
                self.assertLess(rel_l2(np.load(back), r), max(nd_tol("dd128", r.shape, axes), DOUBLE_TOL))
                # numpy's default length 2(m - 1), and bins cut or padded to it.
                default = self.p(f"d_{axes[0]}_{len(axes)}.npy")
                self.cli(["irfft", spectrum, default, "-p", "dd128", flag, "--device", "cpu"],
                         inputs=[spectrum], outputs=[default])
                self.assertLess(rel_l2(np.load(default), np.fft.irfftn(want, axes=axes)), 1e-15)

    def test_roundtrip_reports_an_nd_transform(self):
        report = self.roundtrip_json(self.xin, "--axes", "0,2")
        self.assertEqual((report["shape"], report["axes"]), ([6, 10, 7], [0, 2]))
        rows = {r["method"]: r for r in report["rows"]}
        self.assertLess(rows["ffft dd128"]["forward_relative_l2"], 1e-31)
        self.assertLess(rows["FFTW double"]["forward_relative_l2"], 1e-15)
        self.assertIn("1-D", rows["cuFFT double"]["skipped"])

    def test_bad_axes_are_refused(self):
        out = self.p("Y.npy")
        self.fft(self.xin, out, "--axes", "0,0", rc=2, phrases=["--axes", "twice"])
        self.fft(self.xin, out, "--axes", "3", rc=2, phrases=["--axes 3", "0 .. 2"])
        self.fft(self.xin, out, "--axes=-4", rc=2, phrases=["--axes -4"])
        self.fft(self.xin, out, "--axes", "0", "-n", "6", rc=2, phrases=["-n", "--axes"])
        raw = self.p("x.c128")
        self.x.ravel().tofile(raw)
        self.fft(raw, out, "--axes", "0", rc=2, phrases=["raw file", ".npy"])
        self.cli(["rfft", self.xin, out, "--axes", "0", "--device", "cpu"], inputs=[self.xin], outputs=[out], rc=2,
                 phrases=["complex values"])


if __name__ == "__main__":
    unittest.main()
