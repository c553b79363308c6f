"""ffft on recorded data, as a new user brings it (docs/cli.md): Fortran-order
.npy arrays of any rank, real float32/float64 input, audio files (WAV, FLAC,
AIFF) read through libsndfile, and a phase metric that leaves out samples
whose phase is undefined.

The audio files are written here: WAV with Python's own wave module (no
libsndfile on the writing side), FLAC, AIFF and the float and u-law WAVs
with the soundfile package (Debian python3-soundfile, installed by
scripts/install_dependencies.sh).
"""

import math
import unittest
import wave

import numpy as np

from cli_harness import (C64_TOL, NUMPY_TOL, CliTestCase, cli_info, random_complex, tol_to_double, tol_vs_numpy,
                         transform_tol)

try:
    import soundfile
except ImportError:  # the project's scripts install it; without it those cases skip
    soundfile = None

AUDIO = cli_info().get("audio_built", False)
needs_audio = unittest.skipUnless(AUDIO, "this ffft was built without libsndfile")
needs_soundfile = unittest.skipUnless(soundfile is not None, "python3-soundfile is not installed")


def rel_max(a, ref):
    return np.max(np.abs(a - ref)) / np.max(np.abs(ref))


def write_wav(path, samples, sampwidth, rate=11025):
    """samples: integer array of shape (frames, channels), written as PCM
    with Python's wave module (little-endian, sampwidth bytes)."""
    frames, channels = samples.shape
    data = samples.astype("<i8").reshape(-1)
    raw = b"".join(int(v).to_bytes(sampwidth, "little", signed=True) for v in data)
    with wave.open(path, "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(sampwidth)
        w.setframerate(rate)
        w.writeframes(raw)
    return path


def pluck(frames=3307, seed=7):
    """A plucked-string-like stereo recording in 32-bit PCM: a decaying
    sum of partials, with exact zeros where the pluck has not started."""
    rng = np.random.default_rng(seed)
    t = np.arange(frames) / 11025.0
    left = sum(np.exp(-6 * k * t) * np.sin(2 * np.pi * 220 * k * t + rng.uniform(0, 6)) / k for k in range(1, 8))
    right = np.roll(left, 5) * 0.8
    x = np.stack([left, right], axis=1)
    x = np.round(x / np.abs(x).max() * (2 ** 31 - 1)).astype(np.int64)
    x[:3, :] = 0  # silence before the pluck: phase undefined there
    return x


class FortranOrder(CliTestCase):

    def test_fft_transforms_the_last_axis_where_the_array_lies(self):
        for shape in ((3, 500), (2, 3, 64)):
            x = random_complex(int(np.prod(shape)), seed=sum(shape)).reshape(shape)
            f_in = self.save_npy(f"f{len(shape)}.npy", np.asfortranarray(x))
            c_in = self.save_npy(f"c{len(shape)}.npy", np.ascontiguousarray(x))
            for precision in ("df64", "dd128"):
                with self.subTest(shape=shape, precision=precision):
                    f_out, c_out = self.p(f"F{len(shape)}{precision}.npy"), self.p(f"C{len(shape)}{precision}.npy")
                    self.fft(f_in, f_out, "-p", precision)
                    self.fft(c_in, c_out, "-p", precision)
                    F, C = np.load(f_out), np.load(c_out)
                    self.assertEqual(F.shape, shape)
                    self.assertTrue(F.flags.f_contiguous and not F.flags.c_contiguous,
                                    "the result keeps the input's (Fortran) order")
                    self.assertTrue(C.flags.c_contiguous)
                    # numpy's float64 FFT floors the comparison at NUMPY_TOL.
                    self.assertLess(rel_max(F, np.fft.fft(x)), tol_vs_numpy(precision, shape[-1]))
                    # The same transforms, read with another stride: the same bits.
                    self.assertTrue(np.array_equal(F, C), "Fortran and C order give different results")
                    back = self.p(f"B{len(shape)}{precision}.npy")
                    self.ifft(f_out, back, "-p", precision)
                    B = np.load(back)
                    self.assertTrue(B.flags.f_contiguous)
                    self.assertLess(rel_max(B, x), tol_to_double(precision, shape[-1]))

    def test_roundtrip_and_compare_read_values_in_their_logical_order(self):
        x = random_complex(2 * 300, seed=31).reshape(2, 300)
        f_in = self.save_npy("f.npy", np.asfortranarray(x))
        c_in = self.save_npy("c.npy", x)
        rf, rc = self.roundtrip_json(f_in, "-p", "dd128"), self.roundtrip_json(c_in, "-p", "dd128")
        for a, b in zip(rf["rows"], rc["rows"]):
            for key in ("forward_relative_l2", "relative_l2", "rmse_phase", "max_abs_error"):
                if key in b:
                    self.assertEqual(a[key], b[key], (a["method"], key))
        self.assertEqual(self.compare_json(f_in, c_in)["relative_l2"], 0)
        # A Fortran-order array against a C-order array of other values.
        y = self.save_npy("y.npy", x * (1 + 1e-9))
        self.assertAlmostEqual(self.compare_json(y, f_in)["relative_l2"], 1e-9, delta=1e-15)

    def test_another_split_is_refused_with_the_way_out(self):
        x = np.asfortranarray(random_complex(3 * 500, seed=32).reshape(3, 500))
        f_in = self.save_npy("f.npy", x)
        out = self.p("out.npy")
        self.fft(f_in, out, "-n", "100", rc=2, phrases=("Fortran-order", "last axis", "numpy.ascontiguousarray"))
        self.fft(f_in, out, "--batch", "5", rc=2, phrases=("Fortran-order",))
        self.fft(f_in, out, "-n", "500", "-p", "dd128")  # the split it has anyway
        self.assertLess(rel_max(np.load(out), np.fft.fft(x)), NUMPY_TOL)

    def test_one_axis_above_one_is_c_order(self):
        x = random_complex(64, seed=33).reshape(1, 64, 1)
        f_in = self.save_npy("f.npy", np.asfortranarray(x))
        out = self.p("out.npy")
        self.fft(f_in, out, "-p", "dd128")
        with open(out, "rb") as f:
            self.assertIn(b"'fortran_order': False", f.read(128))


class PhaseMetric(CliTestCase):
    """Thall's eq. 15-16 over the samples whose phase is defined: |x_j| > 0
    and |x_j| >= (the precision's unit roundoff) max |x|."""

    def signal(self):
        x = random_complex(1024, seed=41)
        x = x / np.abs(x) * np.random.default_rng(42).uniform(0.5, 1.0, 1024)  # |x_j| in [0.5, 1]
        x[[10, 500]] = 0              # exact zeros: no phase
        x[20] = 1e-40                 # below every precision's resolution
        x[30] = -0.75                 # a negative real: angle pi, where the wrap matters
        x[40] = -0.6 - 0j
        x[50] = 1e-20 + 1e-20j        # above dd128's 2^-106, below double's 2^-53
        return x

    def test_compare_leaves_out_zeros_and_tiny_values_and_wraps_at_pi(self):
        x = self.signal()
        y = x.copy()
        y[30] = -0.75 - 1e-12j  # angle -pi + 1.3e-12 against pi: the wrapped error is 1.3e-12
        y[10] = 1e-30j          # a zero's result may have any angle
        a, b = self.save_npy("y.npy", y), self.save_npy("x.npy", x)
        report = self.compare_json(a, b)
        # c128 files: the resolution is 2^-53; the zeros, 1e-40 and 1e-20 go.
        self.assertEqual(report["phase_resolution"], 2.0 ** -53)
        self.assertEqual(report["phase_excluded"], 4)
        self.assertAlmostEqual(report["rmse_phase"] / math.sqrt((1e-12 / 0.75) ** 2 / 1020), 1, delta=1e-6)
        r = self.cli(["compare", a, b], inputs=[a, b])
        self.assertIn("phases left out        4 of 1024", r.stdout)
        # dd128 files: 1e-20 + 1e-20j now has a phase, so it counts.
        pa, pb = self.save_raw("y.dd128", y, "dd128"), self.save_raw("x.dd128", x, "dd128")
        report = self.compare_json(pa, pb)
        self.assertEqual(report["phase_resolution"], 2.0 ** -106)
        self.assertEqual(report["phase_excluded"], 3)

    def test_roundtrip_phase_error_is_bounded_by_the_value_error(self):
        x = self.signal()
        inp = self.save_npy("x.npy", x)
        report = self.roundtrip_json(inp)
        for row in report["rows"]:
            if "skipped" in row:
                continue
            with self.subTest(method=row["method"]):
                resolution = row["phase_resolution"]
                defined = (np.abs(x) > 0) & (np.abs(x) >= resolution * np.abs(x).max())
                self.assertEqual(row["phase_excluded"], int(np.count_nonzero(~defined)))
                # |arg x' - arg x| <= (pi/2) |x' - x| / |x| for |x' - x| < |x|,
                # so the RMS over the counted samples is at most that for
                # the smallest of them.
                bound = math.pi / 2 * row["max_abs_error"] / np.abs(x[defined]).min()
                self.assertLessEqual(row["rmse_phase"], bound * (1 + 1e-9), row)
        dd128 = next(r for r in report["rows"] if r["method"] == "ffft dd128")
        self.assertEqual(dd128["phase_excluded"], 3)  # two zeros and 1e-40
        # With the zeros counted it would be about 0.1. Without them it is
        # set by x[50] = 1e-20 (1 + i), whose phase error is about its
        # absolute error (1e-32) over 1.4e-20: 4.5e-15 was measured on an
        # AVX-512 machine and 3.3e-14 on an AVX2-only one (the same source;
        # the bound above, from each run's own max error, is the proof).
        # This checks the exclusion: far below what one zero would give.
        self.assertLess(dd128["rmse_phase"], 1e-12)

    def test_text_report_counts_what_was_left_out(self):
        inp = self.save_npy("x.npy", self.signal())
        r = self.cli(["roundtrip", inp, "--device", "cpu", "-p", "dd128"], inputs=[inp])
        header = r.stdout.splitlines()[3]
        self.assertIn("arg left out", header)
        dd128 = next(line for line in r.stdout.splitlines() if line.startswith("ffft dd128"))
        self.assertIn(" 3 ", dd128)


class RealInput(CliTestCase):
    """Real float32/float64 .npy and raw f32/f64 files, transformed as
    complex with zero imaginary parts; results in numpy's complex dtype."""

    def test_fft_roundtrip_and_compare_of_real_files(self):
        x = np.random.default_rng(51).standard_normal((2, 700))
        for dtype, fmt, complex_dtype in ((np.float64, "f64", np.complex128), (np.float32, "f32", np.complex64)):
            v = x.astype(dtype)
            for name in (f"x_{fmt}.npy", f"x.{fmt}"):
                with self.subTest(file=name):
                    if name.endswith(".npy"):
                        inp = self.save_npy(name, v)
                    else:
                        inp = self.p(name)
                        v.tofile(inp)
                    out = self.p(name + ".out.npy")
                    self.fft(inp, out, "-p", "dd128", *(() if name.endswith(".npy") else ("-n", "700")))
                    F = np.load(out)
                    self.assertEqual(F.dtype, complex_dtype)
                    self.assertEqual(F.shape, (2, 700))  # .npy: its shape; raw with -n 700: (B, N)
                    tol = NUMPY_TOL if dtype == np.float64 else C64_TOL
                    self.assertLess(rel_max(F, np.fft.fft(v.astype(np.float64))), tol)
                    report = self.roundtrip_json(inp, "-p", "dd128", *(() if name.endswith(".npy") else ("-n", "700")))
                    self.assertEqual(report["input_format"], fmt)
                    dd128 = report["rows"][0]
                    self.assertLess(dd128["relative_l2"], transform_tol("dd128", 700))
                    self.assertEqual(dd128["phase_excluded"], 0)
        a, b = self.save_npy("a.npy", x), self.save_npy("b.npy", x.astype(np.float32))
        report = self.compare_json(b, a)
        self.assertAlmostEqual(report["relative_l2"],
                               np.linalg.norm(x.astype(np.float32) - x) / np.linalg.norm(x), delta=1e-12)
        self.assertEqual(report["phase_resolution"], 2.0 ** -24)


@needs_audio
class Audio(CliTestCase):

    def test_info_lists_the_formats(self):
        info = cli_info()
        self.assertTrue(info["audio_built"])
        self.assertIn("libsndfile", info["audio_library"])
        listed = " ".join(info["audio_formats"])
        for name in ("WAV", "FLAC", "AIFF", "PCM 16/24/32-bit", "float"):
            self.assertIn(name, listed)
        r = self.cli(["info"])
        self.assertIn("audio input", r.stdout)

    def test_wav_pcm_channels_become_the_batch(self):
        rng = np.random.default_rng(61)
        for width, bits in ((2, 16), (3, 24), (4, 32)):
            with self.subTest(bits=bits):
                s = rng.integers(-2 ** (bits - 1), 2 ** (bits - 1), size=(1000, 3))
                wav = write_wav(self.p(f"x{bits}.wav"), s, width)
                out = self.p(f"X{bits}.npy")
                self.fft(wav, out, "-p", "dd128")
                X = np.load(out)
                self.assertEqual(X.dtype, np.complex128)
                self.assertEqual(X.shape, (3, 1000))
                self.assertTrue(X.flags.f_contiguous)
                self.assertLess(rel_max(X, np.fft.fft(s.T.astype(np.float64))), NUMPY_TOL)

    def test_a_tone_whose_spectrum_is_known_exactly(self):
        # cos and sin of period 4 take the values 0, +-A: exact 16-bit PCM
        # samples whose DFT is A N / 2 at bins N/4 and 3N/4 (times -i and +i
        # for the sine) and exactly zero at every other bin.
        n, amplitude = 4096, 32767
        k = np.arange(n)
        cos4 = np.array([1, 0, -1, 0])[k % 4] * amplitude
        sin4 = np.array([0, 1, 0, -1])[k % 4] * amplitude
        wav = write_wav(self.p("tone.wav"), np.stack([cos4, sin4], axis=1), 2)
        out = self.p("T.npy")
        self.fft(wav, out, "-p", "dd128")
        X = np.load(out)
        want = np.zeros((2, n), complex)
        want[0, n // 4] = want[0, 3 * n // 4] = amplitude * n / 2
        want[1, n // 4], want[1, 3 * n // 4] = -1j * amplitude * n / 2, 1j * amplitude * n / 2
        # dd128's transform is good to ~1e-31 relative; the c128 output
        # rounds each value once, and every exact zero stays zero.
        self.assertTrue(np.array_equal(X, want), np.abs(X - want).max())

    @needs_soundfile
    def test_flac_aiff_and_float_encodings(self):
        rng = np.random.default_rng(62)
        s = rng.integers(-2 ** 23, 2 ** 23, size=(900, 2))
        f = rng.uniform(-1, 1, size=(900, 2)).astype(np.float32)
        cases = (("x.flac", "FLAC", "PCM_16", s >> 8), ("x24.flac", "FLAC", "PCM_24", s),
                 ("x.aiff", "AIFF", "PCM_24", s), ("x32.aiff", "AIFF", "PCM_32", s << 8),
                 ("f.wav", "WAV", "FLOAT", f), ("f.aiff", "AIFF", "FLOAT", f), ("d.wav", "WAV", "DOUBLE", f))
        for name, container, subtype, data in cases:
            with self.subTest(file=name, subtype=subtype):
                path = self.p(name)
                if data.dtype == np.float32:
                    soundfile.write(path, data, 8000, format=container, subtype=subtype)
                    samples = data.astype(np.float64)
                else:
                    bits = {"PCM_16": 16, "PCM_24": 24, "PCM_32": 32}[subtype]
                    # soundfile scales int32 to the file's width: give it the
                    # samples in the top bits of an int32.
                    soundfile.write(path, (data << (32 - bits)).astype(np.int32), 8000, format=container,
                                    subtype=subtype)
                    samples = data.astype(np.float64)
                out = self.p(name + ".npy")
                self.fft(path, out, "-p", "dd128")
                self.assertLess(rel_max(np.load(out), np.fft.fft(samples.T)), NUMPY_TOL)

    def test_a_recording_round_trips_without_conversion(self):
        # The user's case: a 2 x 3307 PCM-32 recording, given as the WAV itself.
        s = pluck()
        wav = write_wav(self.p("pluck.wav"), s, 4)
        report = self.roundtrip_json(wav)
        self.assertEqual(report["input_format"], "f64")
        self.assertEqual(report["input_audio"], "WAV PCM 32-bit")
        self.assertEqual((report["batch"], report["length"]), (2, 3307))
        rows = {r["method"]: r for r in report["rows"]}
        for method in ("ffft df64", "ffft qf128", "ffft dd128", "FFTW double"):
            with self.subTest(method=method):
                r = rows[method]
                self.assertGreaterEqual(r["phase_excluded"], 6, "the six zero samples have no phase")
                # The phase error follows the value error: at most (pi/2)
                # |x' - x| / |x| at the smallest sample counted.
                x = s.T.astype(np.float64)
                defined = (np.abs(x) > 0) & (np.abs(x) >= r["phase_resolution"] * np.abs(x).max())
                self.assertLessEqual(r["rmse_phase"],
                                     math.pi / 2 * r["max_abs_error"] / np.abs(x[defined]).min() * (1 + 1e-9))
        self.assertLess(rows["ffft dd128"]["relative_l2"], transform_tol("dd128", 3307))
        # The same recording saved as numpy users de-interleave it.
        npy = self.save_npy("pluck.npy", np.asfortranarray(s.T.astype(complex)))
        again = self.roundtrip_json(npy, "-p", "dd128")
        self.assertEqual(again["rows"][0]["relative_l2"], rows["ffft dd128"]["relative_l2"])

    def test_bad_audio_is_refused_and_leaves_nothing(self):
        out = self.p("out.npy")
        s = pluck(500)
        good = write_wav(self.p("good.wav"), s, 4)
        with open(good, "rb") as f:
            whole = f.read()
        cut = self.p("cut.wav")
        with open(cut, "wb") as f:
            f.write(whole[: len(whole) * 2 // 3])
        self.fft(cut, out, rc=2, phrases=("truncated", "complete file"))
        empty = write_wav(self.p("empty.wav"), np.zeros((0, 2), np.int64), 2)
        self.fft(empty, out, rc=2, phrases=("no audio frames",))
        self.fft(good, out, "--in-format", "c128", rc=2, phrases=("audio file", "--in-format"))
        self.fft(good, out, "-n", "100", rc=2, phrases=("audio", "channels"))
        if soundfile is not None:
            ulaw = self.p("ulaw.wav")
            soundfile.write(ulaw, s / 2.0 ** 31, 8000, subtype="ULAW")
            self.fft(ulaw, out, rc=2, phrases=("does not read", "PCM 16/24/32-bit or float"))
            flac = self.p("x.flac")
            soundfile.write(flac, (s >> 8).astype(np.int32) << 8, 8000, subtype="PCM_24")
            with open(flac, "rb") as f:
                whole = f.read()
            cut_flac = self.p("cut.flac")
            with open(cut_flac, "wb") as f:
                f.write(whole[: len(whole) // 2])
            self.fft(cut_flac, out, rc=2, any_of=("truncated", "damaged"))


if __name__ == "__main__":
    unittest.main()
