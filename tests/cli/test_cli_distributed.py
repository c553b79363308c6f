"""mpirun -np P ffft fft / ifft: one transform across P processes, each
reading and writing its part of the files with MPI-IO (docs/cli.md,
Across processes; docs/distributed.md).

Checked: accuracy against a 60-digit decimal DFT; the same output bytes on
2, 3 and 4 processes; numpy's view of a .npy round trip; and the failures,
which print one error line (rank 0's) and leave no output or temporary
file behind. Skipped when ffft was built without MPI or mpirun is missing.
More processes than cores is intended (Open MPI's oversubscription).
"""

import os
import shutil
import unittest
import wave

import numpy as np

from cli_harness import (NUMPY_TOL, CliTestCase, cli_info, decimal_dft, decimal_rel_l2,
                         exact_values, random_complex, read_raw, rel_l2, to_format, tol_to_double, transform_tol)

# Open MPI refuses root (CI containers run as root) and more ranks than
# cores unless told; one OpenMP thread per rank.
os.environ.update({"OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
                   "OMPI_MCA_rmaps_base_oversubscribe": "1", "OMP_NUM_THREADS": "1"})


def mpirun(processes):
    # --quiet: Open MPI's own report of a non-zero exit would add lines to
    # stderr besides ffft's one error line.
    return ["mpirun", "--quiet", "-np", processes]


class Distributed(CliTestCase):
    def setUp(self):
        super().setUp()
        if not cli_info().get("distributed_built"):
            self.skipTest("ffft was built without MPI (ffft info --json: distributed_built false)")
        if shutil.which("mpirun") is None:
            self.skipTest("no mpirun on the PATH")

    def test_forward_is_accurate_and_the_same_on_every_process_count(self):
        n = 240  # 15 x 16: uneven row blocks on 3 and 4 processes
        x = random_complex(n, seed=7)
        inp = self.save_raw("x.c128", x, "c128")
        xre, xim = exact_values(to_format(x, "c128"))
        reference = decimal_dft(xre, xim)
        outputs = {}
        for processes in (2, 3, 4):
            with self.subTest(processes=processes):
                out = self.p(f"X{processes}.dd128")
                self.cli(["fft", inp, out, "-p", "dd128", "--device", "cpu"], inputs=[inp], outputs=[out],
                         launcher=mpirun(processes))
                self.assertLess(decimal_rel_l2(read_raw(out, "dd128"), *reference), transform_tol("dd128", n))
                with open(out, "rb") as f:
                    outputs[processes] = f.read()
        self.assertEqual(outputs[2], outputs[3], "3 processes wrote other bytes than 2")
        self.assertEqual(outputs[2], outputs[4], "4 processes wrote other bytes than 2")

    def test_npy_round_trip_as_numpy_sees_it(self):
        n = 1155  # 33 x 35
        x = random_complex(n, seed=8)
        inp = self.save_npy("x.npy", x)
        X, y = self.p("X.npy"), self.p("y.npy")
        r = self.cli(["fft", inp, X, "-p", "dd128", "--json"], inputs=[inp], outputs=[X], launcher=mpirun(3))
        self.assertIn('"ranks": 3', r.stdout)
        spectrum = np.load(X)
        self.assertEqual(spectrum.dtype, np.complex128)
        self.assertEqual(spectrum.shape, (n,))
        self.assertLess(rel_l2(spectrum, np.fft.fft(x)), NUMPY_TOL)
        self.cli(["ifft", X, y, "-p", "dd128", "--out-format", "dd128"], inputs=[X], outputs=[y],
                 launcher=mpirun(4))
        # The c128 spectrum is exact input to the inverse: y equals x up to
        # the spectrum's rounding to double (one unit in 2^53) and dd128's own.
        self.assertLess(rel_l2(np.load(y), x), tol_to_double("dd128", n))
        for p in ("df64", "qf128"):
            with self.subTest(precision=p):
                Xp, yp = self.p(f"X.{p}"), self.p(f"y.{p}")
                self.cli(["fft", inp, Xp, "-p", p], inputs=[inp], outputs=[Xp], launcher=mpirun(2))
                self.cli(["ifft", Xp, yp, "-p", p], inputs=[Xp], outputs=[yp], launcher=mpirun(2))
                self.assertLess(rel_l2(read_raw(yp, p), x), transform_tol(p, n))

    def test_failures_print_one_error_and_leave_nothing(self):
        x = random_complex(64, seed=9)
        inp = self.save_npy("x.npy", x)
        out = self.p("X.npy")
        self.fails(["fft", self.p("missing.npy"), out], outputs=[out], launcher=mpirun(2))
        batch = self.save_npy("batch.npy", random_complex(0, shape=(2, 32)))
        self.fails(["fft", batch, out], inputs=[batch], outputs=[out], phrases=["one at a time"],
                   launcher=mpirun(2))
        with open(out, "wb") as f:
            f.write(b"keep me")
        self.fails(["fft", inp, out], inputs=[inp], outputs=[out], phrases=["--force"], launcher=mpirun(3))
        self.fails(["fft", inp, self.p("Y.npy"), "--device", "cuda"], inputs=[inp], outputs=[self.p("Y.npy")],
                   phrases=["runs on the CPU"], launcher=mpirun(2))
        self.fails(["roundtrip", inp], inputs=[inp], phrases=["runs in one process"], launcher=mpirun(2))
        if cli_info().get("audio_built"):
            # A mono recording is one transform, but not values MPI-IO can read.
            wav = self.p("mono.wav")
            with wave.open(wav, "wb") as w:
                w.setnchannels(1)
                w.setsampwidth(2)
                w.setframerate(8000)
                w.writeframes(np.arange(64, dtype="<i2").tobytes())
            self.fails(["fft", wav, out], inputs=[wav], outputs=[out], phrases=["audio file", "without mpirun"],
                       launcher=mpirun(2))


if __name__ == "__main__":
    unittest.main()
