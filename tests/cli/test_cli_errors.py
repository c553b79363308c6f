"""Bad input: every case docs/cli.md (Exit status and errors) lists is
refused with status 2 and one "ffft: error: " line naming it, leaves no
output and no temporary file, and never touches the input; an interrupt
leaves nothing behind either.

The checks common to every run (one error line, input unchanged, output
absent, directory listing unchanged) are in cli_harness.CliTestCase.cli().
"""

import os
import signal
import stat
import struct
import subprocess
import time
import unittest

import numpy as np

from cli_harness import (CLI, NUMPY_TOL, CliTestCase, has_cuda, random_complex, read_raw, run_cli,
                         to_format)

TRANSFORMS = ("fft", "ifft")


def npy_bytes(header_text, data=b"", version=(1, 0), magic=b"\x93NUMPY"):
    """A .npy file with a hand-written header (padded to 64 bytes as numpy
    does, ending in a newline)."""
    h = header_text.encode("latin1")
    prefix_len = len(magic) + 2 + (2 if version[0] == 1 else 4)
    total = prefix_len + len(h) + 1
    h = h + b" " * ((-total) % 64) + b"\n"
    length = struct.pack("<H", len(h)) if version[0] == 1 else struct.pack("<I", len(h))
    return magic + bytes(version) + length + h + data


class Inputs(CliTestCase):

    def setUp(self):
        super().setUp()
        self.x = random_complex(64, seed=1000)
        self.good = self.p("good.c128")
        self.x.tofile(self.good)

    def commands_reading(self, path):
        """Every command that reads `path` as an input (with an output for
        fft and ifft): (args, inputs, outputs)."""
        out = self.p("out.c128")
        return [
            (["fft", path, out, "--device", "cpu"], [path], [out]),
            (["ifft", path, out, "--device", "cpu"], [path], [out]),
            (["roundtrip", path, "--device", "cpu"], [path], []),
            (["compare", path, self.good], [path, self.good], []),
            (["compare", self.good, path], [path, self.good], []),
        ]

    def test_missing_input(self):
        missing = self.p("missing.c128")
        for args, inputs, outputs in self.commands_reading(missing):
            with self.subTest(command=args[0]):
                self.fails(args, inputs=inputs, outputs=outputs, phrases=[missing, "does not exist"])

    def test_input_is_a_directory(self):
        d = self.p("adir.c128")
        os.mkdir(d)
        for args, inputs, outputs in self.commands_reading(d):
            with self.subTest(command=args[0]):
                self.fails(args, outputs=outputs, phrases=["is a directory"])

    def test_unreadable_input(self):
        as_nobody = self.unprivileged()
        locked = self.p("locked.c128")
        self.x.tofile(locked)
        os.chmod(locked, 0o000)
        os.chmod(self.good, 0o644)
        for args, inputs, outputs in self.commands_reading(locked):
            with self.subTest(command=args[0]):
                self.fails(args, inputs=inputs, outputs=outputs, as_nobody=as_nobody,
                           phrases=["cannot be read"])

    def test_raw_size_not_a_multiple_of_the_element_size(self):
        for name, size in (("odd.c128", 100), ("odd.c64", 12), ("odd.df64", 24), ("odd.qf128", 40),
                           ("odd.dd128", 48)):
            with self.subTest(file=name):
                path = self.p(name)
                with open(path, "wb") as f:
                    f.write(b"\0" * size)
                self.fft(path, self.p("X.c128"), rc=2, phrases=["not a multiple"])
        path = self.p("odd.bin")
        with open(path, "wb") as f:
            f.write(b"\0" * 20)
        self.fft(path, self.p("X.c128"), "--in-format", "c128", rc=2, phrases=["not a multiple"])

    def test_empty_raw_file(self):
        path = self.p("empty.c128")
        open(path, "wb").close()
        other = self.p("empty2.c128")
        open(other, "wb").close()
        for args, inputs, outputs in self.commands_reading(path)[:3]:
            with self.subTest(command=args[0]):
                self.fails(args, inputs=inputs, outputs=outputs, any_of=["no values", "length 0"])
        self.fails(["compare", path, other], inputs=[path, other], any_of=["no values", "length 0"])
        # Against a non-empty file, a count mismatch is as good a reason.
        self.fails(["compare", path, self.good], inputs=[path, self.good])

    def test_zero_in_the_npy_shape(self):
        for shape in ((0,), (4, 0), (0, 16)):
            with self.subTest(shape=shape):
                path = self.save_npy(f"empty_{len(shape)}_{shape[0]}.npy", np.zeros(shape, np.complex128))
                self.fft(path, self.p("X.npy"), rc=2, any_of=["no values", "length 0"])

    def test_length_zero(self):
        self.fft(self.good, self.p("X.c128"), "-n", "0", rc=2, any_of=["no values", "length 0"])

    def test_length_does_not_divide(self):
        self.fft(self.good, self.p("X.c128"), "-n", "48", rc=2, phrases=["does not divide"])
        self.fft(self.good, self.p("X.c128"), "-n", "65", rc=2, phrases=["does not divide"])

    def test_batch_times_length_mismatch(self):
        out = self.p("X.c128")
        self.fft(self.good, out, "-n", "16", "--batch", "2", rc=2, phrases=["--batch"])
        self.fft(self.good, out, "-n", "64", "--batch", "2", rc=2, phrases=["--batch"])
        self.fft(self.good, out, "--batch", "3", rc=2, phrases=["--batch"])
        self.fft(self.good, out, "--batch", "0", rc=2, phrases=["--batch"])
        npy = self.save_npy("x.npy", random_complex(0, seed=1, shape=(4, 16)))
        self.fft(npy, self.p("X.npy"), "--batch", "2", "-n", "16", rc=2, phrases=["--batch"])

    def sparse(self, name, size):
        path = self.p(name)
        with open(path, "wb") as f:
            f.truncate(size)
        return path

    def test_length_not_supported(self):
        # Longer than 2^31 (the engine's limit), and a length with a prime
        # factor above 7 longer than 2^30 (Bluestein's limit). Sparse files:
        # no disk used, and they must be refused before being read.
        cases = (("long.c64", 2 ** 32, 2 ** 32), ("prime.c64", 2 ** 30 + 1, 2 ** 30 + 1))
        for name, count, n in cases:
            with self.subTest(n=n):
                path = self.sparse(name, count * 8)
                start = time.monotonic()
                self.fft(path, self.p("X.c64"), "-n", n, rc=2, timeout=120)
                self.assertLess(time.monotonic() - start, 20, "refusing should not read the file")

    def test_too_large_for_memory(self):
        path = self.sparse("huge.c128", 2 ** 40)  # 2^36 values, 1 TiB, sparse
        for command in ("fft", "roundtrip"):
            with self.subTest(command=command):
                start = time.monotonic()
                if command == "fft":
                    self.fft(path, self.p("X.c128"), "-n", 1048576, rc=2, phrases=["memory"], timeout=120)
                else:
                    self.fails(["roundtrip", path, "-n", 1048576, "--device", "cpu"], inputs=[path],
                               phrases=["memory"], timeout=120)
                self.assertLess(time.monotonic() - start, 20, "should be refused before any work")


class NpyFiles(CliTestCase):
    """Damaged and unsupported .npy files."""

    def write(self, name, content):
        path = self.p(name)
        with open(path, "wb") as f:
            f.write(content)
        return path

    def good_npy_bytes(self, n=16):
        x = random_complex(n, seed=1001)
        path = self.save_npy("tmp_good.npy", x)
        with open(path, "rb") as f:
            content = f.read()
        os.remove(path)
        return content

    def test_bad_magic(self):
        content = self.good_npy_bytes()
        for i, bad in enumerate((b"\x93NUMPZ", b"\x94NUMPY", b"PK\x03\x04NU")):
            with self.subTest(magic=bad):
                path = self.write(f"bad{i}.npy", bad + content[6:])
                self.fft(path, self.p("X.npy"), rc=2, phrases=["magic"])

    def test_bad_version(self):
        content = self.good_npy_bytes()
        for version in ((0, 0), (4, 0), (1, 5)):
            with self.subTest(version=version):
                path = self.write(f"v{version[0]}{version[1]}.npy", content[:6] + bytes(version) + content[8:])
                self.fft(path, self.p("X.npy"), rc=2, phrases=["version"])

    def test_truncated_header(self):
        content = self.good_npy_bytes()
        header_len = struct.unpack("<H", content[8:10])[0]
        for cut in (6, 8, 9, 10, 30, 10 + header_len - 1):
            with self.subTest(bytes_kept=cut):
                path = self.write(f"cut{cut}.npy", content[:cut])
                self.fft(path, self.p("X.npy"), rc=2, phrases=["truncated"])

    def test_malformed_header(self):
        data = random_complex(16, seed=1).tobytes()
        cases = {
            "not_a_dict": "hello",
            "no_shape": "{'descr': '<c16', 'fortran_order': False, }",
            "no_descr": "{'fortran_order': False, 'shape': (16,), }",
            "no_fortran_order": "{'descr': '<c16', 'shape': (16,), }",
            "negative_shape": "{'descr': '<c16', 'fortran_order': False, 'shape': (-16,), }",
            "shape_not_a_tuple": "{'descr': '<c16', 'fortran_order': False, 'shape': 16, }",
            "shape_text": "{'descr': '<c16', 'fortran_order': False, 'shape': ('16',), }",
            "fortran_order_text": "{'descr': '<c16', 'fortran_order': 'no', 'shape': (16,), }",
            "unclosed": "{'descr': '<c16', 'fortran_order': False, 'shape': (16,",
            "extra_key": "{'descr': '<c16', 'fortran_order': False, 'shape': (16,), 'x': 1, }",
            "overflowing_shape": "{'descr': '<c16', 'fortran_order': False, "
                                 "'shape': (4294967296, 4294967296, 4294967296), }",
        }
        for name, header in cases.items():
            with self.subTest(case=name):
                path = self.write(f"{name}.npy", npy_bytes(header, data))
                self.fft(path, self.p("X.npy"), rc=2)

    def test_unsupported_dtype(self):
        cases = [
            ("int32", np.arange(16, dtype="<i4"), "<i4"),
            ("int64", np.arange(16, dtype="<i8"), "<i8"),
            ("float16", np.arange(16, dtype="<f2"), "<f2"),
            ("bool", np.zeros(16, dtype=bool), "|b1"),
            ("clongdouble", np.zeros(16, dtype=np.clongdouble), np.dtype(np.clongdouble).str),
        ]
        for name, a, descr in cases:
            with self.subTest(dtype=name):
                path = self.save_npy(f"{name}.npy", a)
                self.fft(path, self.p("X.npy"), rc=2, phrases=[descr])

    def test_big_endian(self):
        for name, dtype in (("c16", ">c16"), ("c8", ">c8")):
            with self.subTest(dtype=dtype):
                path = self.save_npy(f"be_{name}.npy", random_complex(16, seed=2).astype(dtype))
                self.fft(path, self.p("X.npy"), rc=2, phrases=["big-endian"])

    def test_other_structured_dtypes(self):
        cases = {
            "pairs": np.dtype([("a", "<f8"), ("b", "<f8")]),
            "renamed_df64": np.dtype([("x", "<f4", (2,)), ("y", "<f4", (2,))]),
            "three_limbs": np.dtype([("re", "<f4", (3,)), ("im", "<f4", (3,))]),
            "big_endian_dd128": np.dtype([("re", ">f8", (2,)), ("im", ">f8", (2,))]),
        }
        for name, dtype in cases.items():
            with self.subTest(dtype=name):
                path = self.save_npy(f"{name}.npy", np.zeros(16, dtype=dtype))
                self.fft(path, self.p("X.npy"), rc=2)

    def test_shape_does_not_match_the_data(self):
        data = random_complex(256, seed=3).tobytes()
        header = "{'descr': '<c16', 'fortran_order': False, 'shape': (%s), }"
        cases = (("longer", "300,", data, ["shape", "truncated"]),    # data shorter than the shape
                 ("shorter", "200,", data, ["shape"]),                # data left over
                 ("2d", "4, 65,", data, ["shape", "truncated"]),
                 ("2d_short", "3, 64,", data, ["shape"]))
        for name, shape, d, any_of in cases:
            with self.subTest(case=name):
                path = self.write(f"{name}.npy", npy_bytes(header % shape, d))
                self.fft(path, self.p("X.npy"), rc=2, any_of=any_of)

    def test_fortran_order_split_across_its_layout_refused(self):
        # Fortran order is read (test_cli_recordings); only a length other
        # than its last axis is refused.
        x = np.asfortranarray(random_complex(0, seed=4, shape=(4, 256)))
        path = self.save_npy("fortran.npy", x)
        with open(path, "rb") as f:
            self.assertIn(b"'fortran_order': True", f.read(128))
        self.fft(path, self.p("X.npy"), "-n", "128", rc=2, phrases=["Fortran-order", "-n and --batch"])


class NonFinite(CliTestCase):
    """NaN and infinity are refused, naming the index of the first one,
    unless --allow-nonfinite."""

    def write(self, name, x, fmt):
        path = self.p(name)
        to_format(x, fmt).tofile(path) if fmt != "npy" else np.save(path, x)
        return path

    def test_nan(self):
        x = random_complex(64, seed=1100)
        x[5] = complex(np.nan, 1.0)
        x[9] = np.nan
        for fmt, name in (("c128", "nan.c128"), ("c64", "nan.c64"), ("npy", "nan.npy"), ("dd128", "nan.dd128")):
            with self.subTest(format=fmt):
                path = self.write(name, x, fmt)
                self.fft(path, self.p("X.c128"), rc=2, phrases=["NaN", "index 5"])
        path = self.p("nan.c128")
        self.fails(["roundtrip", path, "--device", "cpu"], inputs=[path], phrases=["NaN", "index 5"])
        good = self.p("good.c128")
        random_complex(64, seed=1).tofile(good)
        self.fails(["compare", path, good], inputs=[path, good], phrases=["NaN", "index 5"])
        self.fails(["compare", good, path], inputs=[path, good], phrases=["NaN", "index 5"])

    def test_nan_in_imaginary_part(self):
        x = random_complex(64, seed=1101)
        x[12] = complex(0.5, np.nan)
        path = self.write("nan_im.c128", x, "c128")
        self.fft(path, self.p("X.c128"), rc=2, phrases=["NaN", "index 12"])

    def test_infinity(self):
        for value in (complex(np.inf, 0), complex(0, -np.inf)):
            with self.subTest(value=value):
                x = random_complex(64, seed=1102)
                x[7] = value
                path = self.write(f"inf_{value.real}.c128", x, "c128")
                self.fft(path, self.p("X.c128"), rc=2, phrases=["infinity", "index 7"])

    def test_allow_nonfinite(self):
        x = random_complex(64, seed=1103)
        x[5] = np.nan
        path = self.write("nan.c128", x, "c128")
        out = self.p("X.c128")
        self.fft(path, out, "--allow-nonfinite")
        self.assertTrue(np.isnan(read_raw(out, "c128")).any(), "NaN should propagate")
        x[5] = np.inf
        path = self.write("inf.c128", x, "c128")
        out = self.p("Xinf.c128")
        self.fft(path, out, "--allow-nonfinite")
        self.assertFalse(np.isfinite(read_raw(out, "c128")).all(), "infinity should propagate")
        self.cli(["roundtrip", path, "--allow-nonfinite", "--device", "cpu", "-p", "df64"], inputs=[path])
        good = self.p("good.c128")
        random_complex(64, seed=1).tofile(good)
        self.cli(["compare", path, good, "--allow-nonfinite"], inputs=[path, good])


class DynamicRange(CliTestCase):

    def test_dynamic_range_refused(self):
        x = random_complex(256, seed=1200)
        x[::2] *= 1e300
        x[1::2] *= 1e-300
        path = self.p("range.c128")
        x.tofile(path)
        for p in ("df64", "qf128"):
            with self.subTest(precision=p):
                self.fft(path, self.p("X.c128"), "-p", p, rc=2, phrases=["dynamic range"])
                self.ifft(path, self.p("X.c128"), "-p", p, rc=2, phrases=["dynamic range"])
                # roundtrip reports the precision's row as not run (the
                # other rows can run), or refuses the whole command.
                r = self.cli(["roundtrip", path, "-p", p, "--device", "cpu", "--json"], inputs=[path],
                             rc=None)
                if r.rc == 0:
                    rows = [row for row in self.parse_json(r)["rows"] if row.get("method") == f"ffft {p}"]
                    self.assertEqual(len(rows), 1, r.describe())
                    self.assertIn("dynamic range", rows[0].get("skipped", ""), r.describe())
                    self.assertNotIn("relative_l2", rows[0])
                else:
                    self.assertEqual(r.rc, 2, r.describe())
                    self.assertIn("dynamic range", r.error, r.describe())


class Outputs(CliTestCase):

    def setUp(self):
        super().setUp()
        self.x = random_complex(64, seed=1300)
        self.inp = self.p("x.c128")
        self.x.tofile(self.inp)

    def test_output_directory_missing(self):
        out = self.p("nowhere", "X.c128")
        for command in TRANSFORMS:
            with self.subTest(command=command):
                self.fft(self.inp, out, rc=2, inverse=command == "ifft", phrases=["does not exist"])
        self.fails(["gen", "random", out], outputs=[out], phrases=["does not exist"])

    def test_output_directory_not_writable(self):
        as_nobody = self.unprivileged()
        ro = self.p("readonly")
        os.mkdir(ro)
        os.chmod(ro, 0o555)
        out = os.path.join(ro, "X.c128")
        for command in TRANSFORMS:
            with self.subTest(command=command):
                self.fft(self.inp, out, rc=2, inverse=command == "ifft", as_nobody=as_nobody,
                         phrases=["not writable"])
        self.fails(["gen", "random", out], outputs=[out], as_nobody=as_nobody, phrases=["not writable"])

    def test_existing_output_needs_force(self):
        out = self.p("X.c128")
        for command in TRANSFORMS:
            with self.subTest(command=command):
                with open(out, "wb") as f:
                    f.write(b"precious")
                self.fft(self.inp, out, rc=2, inverse=command == "ifft", phrases=["exists", "--force"])
                with open(out, "rb") as f:
                    self.assertEqual(f.read(), b"precious")
                self.fft(self.inp, out, "--force", "-p", "dd128", inverse=command == "ifft")
                ref = np.fft.ifft(self.x) if command == "ifft" else np.fft.fft(self.x)
                self.assertRelL2Below(read_raw(out, "c128"), ref, NUMPY_TOL)

    def test_output_is_a_directory(self):
        d = self.p("adir")
        os.mkdir(d)
        for out in (d, d + "/", self.dir):
            for force in ([], ["--force"]):
                with self.subTest(output=out, force=force):
                    listing = sorted(os.listdir(out))
                    self.cli(["fft", self.inp, out, *force, "--device", "cpu"], inputs=[self.inp], rc=2)
                    self.assertTrue(os.path.isdir(out))
                    self.assertEqual(sorted(os.listdir(out)), listing)

    def test_output_is_not_a_regular_file(self):
        # An existing FIFO (like /dev/null, a device) must not be replaced
        # by the renamed temporary file, even with --force: `ffft gen random
        # /dev/null --force` as root would otherwise turn /dev/null into a
        # regular file.
        for command in ("fft", "gen"):
            for force in ([], ["--force"]):
                with self.subTest(command=command, force=force):
                    fifo = self.p(f"pipe_{command}_{len(force)}.c128")
                    os.mkfifo(fifo)
                    before = sorted(os.listdir(self.dir))
                    args = (["fft", self.inp, fifo, "--device", "cpu"] if command == "fft"
                            else ["gen", "random", fifo])
                    self.cli(args + force, inputs=[self.inp], rc=2, timeout=60)
                    self.assertTrue(stat.S_ISFIFO(os.lstat(fifo).st_mode), "the FIFO was replaced")
                    self.assertEqual(sorted(os.listdir(self.dir)), before)

    def test_empty_paths(self):
        # An empty name is invalid usage, refused before any work (status
        # 2), not an I/O failure at the final rename.
        cases = [
            (["fft", self.inp, "", "--device", "cpu"], [self.inp], []),
            (["ifft", self.inp, "", "--device", "cpu"], [self.inp], []),
            (["gen", "random", ""], [], []),
            (["fft", "", self.p("X.c128"), "--device", "cpu"], [], [self.p("X.c128")]),
            (["compare", "", self.inp], [self.inp], []),
            (["roundtrip", "", "--device", "cpu"], [], []),
        ]
        for args, inputs, outputs in cases:
            with self.subTest(args=args):
                self.cli(args, inputs=inputs, outputs=outputs, rc=2, cwd=self.dir)
        self.assertEqual(sorted(os.listdir(self.dir)), ["x.c128"], "files left in the working directory")

    def test_output_is_the_input(self):
        spellings = [self.inp, os.path.join(self.dir, ".", "x.c128"),
                     os.path.join(self.dir, "sub", "..", "x.c128")]
        os.mkdir(self.p("sub"))
        for out in spellings:
            for force in ([], ["--force"]):
                with self.subTest(output=out, force=force):
                    self.fft(self.inp, out, *force, rc=2, phrases=["is the input"])
        # Relative to the working directory.
        self.cli(["fft", "x.c128", "x.c128", "--force", "--device", "cpu"], inputs=[self.inp],
                 outputs=[self.inp], rc=2, phrases=["is the input"], cwd=self.dir)

    def test_output_is_a_link_to_the_input(self):
        # The same file under another name: refused as the input, or, if
        # the link is replaced, the input itself is left untouched.
        for kind in ("symlink", "hardlink"):
            with self.subTest(kind=kind):
                link = self.p(f"{kind}.c128")
                (os.symlink if kind == "symlink" else os.link)(self.inp, link)
                r = run_cli(["fft", self.inp, link, "--force", "--device", "cpu"])
                self.assertIn(r.rc, (0, 2), r.describe())
                if r.rc == 2:
                    self.assertIn("is the input", r.error, r.describe())
                np.testing.assert_array_equal(read_raw(self.inp, "c128"), self.x,
                                              f"the input was modified through a {kind}")


class Usage(CliTestCase):
    """Invalid usage: status 2, one error line; bad names are named."""

    def setUp(self):
        super().setUp()
        self.inp = self.p("x.c128")
        random_complex(64, seed=1400).tofile(self.inp)
        self.out = self.p("X.c128")

    def test_unknown_names_are_named(self):
        cases = [
            (["--in-format", "c32"], "c32"),
            (["--out-format", "c256"], "c256"),
            (["-p", "fp32"], "fp32"),
            (["--precision", "quad"], "quad"),
            (["--norm", "sideways"], "sideways"),
            (["--twiddles", "exact"], "exact"),
            (["--device", "tpu"], "tpu"),
        ]
        for opts, name in cases:
            with self.subTest(options=opts):
                self.fails(["fft", self.inp, self.out, *opts], inputs=[self.inp], outputs=[self.out],
                           phrases=[name])
        self.fails(["roundtrip", self.inp, "-p", "df64,fp16"], inputs=[self.inp], phrases=["fp16"])
        self.fails(["gen", "noise", self.out], outputs=[self.out], phrases=["noise"])
        self.fails(["gen", "random", self.out, "--out-format", "c32"], outputs=[self.out], phrases=["c32"])

    def test_bad_usage(self):
        cases = [
            [],
            ["transform", self.inp, self.out],
            ["fft"],
            ["fft", self.inp],
            ["fft", self.inp, self.out, "extra"],
            ["fft", self.inp, self.out, "--frobnicate"],
            ["fft", self.inp, self.out, "-n", "abc"],
            ["fft", self.inp, self.out, "-n", "-64"],
            ["fft", self.inp, self.out, "--batch", "x"],
            ["fft", self.inp, self.out, "-p", "df64,qf128"],  # several: roundtrip only
            ["fft", self.inp, self.out, "-p", "df64", "-p", "dd128"],
            ["fft", self.inp, self.out, "--seed", "3"],       # gen's option
            ["ifft", self.inp, self.out, "--frequency", "2"],
            ["gen", "random", self.out, "--norm", "ortho"],   # not gen's
            ["gen", "random", self.out, "--json"],            # all but gen
            ["gen", "random", self.out, "-n", "0"],
            ["gen", "random", self.out, "-n", "-3"],
            ["gen", "random", self.out, "--seed", "x"],
            ["gen", "tone", self.out, "--frequency", "abc"],
            ["gen", "impulse", self.out, "-n", "16", "--index", "16"],
            ["gen", "random"],
            ["compare", self.inp],
            ["compare", self.inp, self.inp, self.inp],
            ["compare", self.inp, self.inp, "--norm", "ortho"],
            ["roundtrip"],
            ["roundtrip", self.inp, self.out],
            ["info", "extra"],
        ]
        for args in cases:
            with self.subTest(args=args):
                self.fails(args, inputs=[self.inp], outputs=[self.out], timeout=60)

    def test_cuda_without_a_device(self):
        if has_cuda():
            self.skipTest("a CUDA device is present")
        self.fft(self.inp, self.out, "--device", "cuda", rc=2, phrases=["CUDA"])
        self.fft(self.inp, self.out, "--device", "cuda", rc=2, inverse=True, phrases=["CUDA"])
        self.fails(["roundtrip", self.inp, "--device", "cuda"], inputs=[self.inp], phrases=["CUDA"])


class CompareMismatch(CliTestCase):

    def test_different_counts(self):
        a, b = self.p("a.c128"), self.p("b.c128")
        random_complex(64, seed=1).tofile(a)
        random_complex(65, seed=2).tofile(b)
        self.fails(["compare", a, b], inputs=[a, b])
        self.fails(["compare", b, a], inputs=[a, b])

    def test_different_npy_shapes(self):
        a = self.save_npy("a.npy", random_complex(0, seed=1, shape=(4, 16)))
        b = self.save_npy("b.npy", random_complex(0, seed=2, shape=(8, 8)))
        self.fails(["compare", a, b], inputs=[a, b], phrases=["shape"])


class Interrupt(CliTestCase):
    """SIGINT or SIGTERM during a long fft: non-zero exit, no output, no
    temporary file, input unchanged. Sent after a delay (during the work),
    or as soon as the temporary output appears in the directory."""

    def interrupt(self, sig, delay=None):
        n = 2 ** 22
        # During the work: qf128, whose transform outlasts the delay on any
        # build. Once the temporary output exists: df64, the quickest to
        # reach its writing. With qf128 there, the unoptimized sanitizer
        # build (230 s for this transform) never reached it: the wait timed
        # out after a minute and signalled during the work instead.
        precision = "qf128" if delay is not None else "df64"
        inp = self.p("big.c128")
        random_complex(n, seed=1500).tofile(inp)
        out = self.p("X.c128")
        before = sorted(os.listdir(self.dir))
        mtime = os.stat(inp).st_mtime_ns
        # SIGINT at its default in the program, as in a terminal's foreground
        # job: started from a background job of a shell without job control,
        # these tests would pass it on ignored, and the program rightly keeps
        # a signal it was started with ignored (cli/output_file.cpp).
        proc = subprocess.Popen([CLI, "fft", inp, out, "-p", precision, "--device", "cpu"],
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        try:
            if delay is not None:
                time.sleep(delay)
            else:
                deadline = time.monotonic() + 60
                while proc.poll() is None and sorted(os.listdir(self.dir)) == before \
                        and time.monotonic() < deadline:
                    time.sleep(0.002)
                if proc.poll() is None and sorted(os.listdir(self.dir)) == before:
                    self.fail("no temporary output within a minute: the signal would come during the work")
            finished = proc.poll() is not None or os.path.exists(out)
            if not finished:
                proc.send_signal(sig)
            _, err = proc.communicate(timeout=60)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        err = err.decode("utf-8", "replace")
        if finished:
            self.assertEqual(proc.returncode, 0, f"ffft failed on its own: {err}")
            self.skipTest(f"ffft finished before {sig.name} could be sent: nothing to interrupt")
        self.assertNotEqual(proc.returncode, 0, f"exit status after {sig.name}; stderr {err!r}")
        self.assertFalse(os.path.exists(out), f"output left after {sig.name}")
        self.assertEqual(sorted(os.listdir(self.dir)), before, f"files left after {sig.name}")
        self.assertEqual(os.stat(inp).st_mtime_ns, mtime)
        stray = [l for l in err.splitlines() if l and not l.startswith(("ffft: error: ", "ffft: notice: "))]
        self.assertEqual(stray, [], f"stderr after {sig.name}: {err!r}")

    def test_sigint_during_the_work(self):
        self.interrupt(signal.SIGINT, 0.3)

    def test_sigterm_during_the_work(self):
        self.interrupt(signal.SIGTERM, 0.6)

    def test_sigint_once_the_temporary_output_exists(self):
        self.interrupt(signal.SIGINT)

    def test_sigterm_once_the_temporary_output_exists(self):
        self.interrupt(signal.SIGTERM)

if __name__ == "__main__":
    unittest.main()
