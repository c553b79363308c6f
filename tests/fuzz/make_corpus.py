#!/usr/bin/env python3
"""Writes the seed corpus of tests/fuzz/fuzz_npy_header.cpp into tests/fuzz/corpus/.

A handful of tiny files: valid .npy headers in each format and version
(headers as numpy.save writes them, followed by their zero data so that the
whole input is a valid file), the refusals' typical shapes (Fortran order,
big-endian, integers, malformed dicts, a bad magic, a truncated preamble)
and one raw file. Standard library only; run it from anywhere:
    python3 tests/fuzz/make_corpus.py
"""
import os
import struct

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")
GROWTH_AXIS_MAX_DIGITS = 21  # numpy >= 1.24

DF64 = "[('re', '<f4', (2,)), ('im', '<f4', (2,))]"
QF128 = "[('re', '<f4', (4,)), ('im', '<f4', (4,))]"
DD128 = "[('re', '<f8', (2,)), ('im', '<f8', (2,))]"


def numpy_header(descr, shape, fortran=False, version=1):
    """The header numpy.lib.format._write_array_header writes."""
    d = "{'descr': %s, 'fortran_order': %s, 'shape': %s, }" % (descr, fortran, repr(tuple(shape)))
    if shape:
        d += " " * (GROWTH_AXIS_MAX_DIGITS - len(repr(shape[-1 if fortran else 0])))
    return raw_header(d, version, align=True)


def raw_header(d, version=1, align=False):
    """Magic, version, length and the dict as given (padded to 64 if align)."""
    pre = 10 if version == 1 else 12
    body = d.encode("utf-8")
    if align:
        body += b" " * (64 - (pre + len(body) + 1) % 64) + b"\n"
    fmt = "<H" if version == 1 else "<I"
    return b"\x93NUMPY" + bytes([version, 0]) + struct.pack(fmt, len(body)) + body


SEEDS = {
    "c128_3": numpy_header("'<c16'", (3,)) + bytes(48),
    "c64_2x2": numpy_header("'<c8'", (2, 2)) + bytes(32),
    "c128_0d": numpy_header("'<c16'", ()) + bytes(16),
    "df64_2x1": numpy_header(DF64, (2, 1)) + bytes(32),
    "qf128_1": numpy_header(QF128, (1,)) + bytes(32),
    "dd128_0": numpy_header(DD128, (0,)),
    "c64_v2": numpy_header("'<c8'", (2,), version=2) + bytes(16),
    "c128_v3": numpy_header("'<c16'", (1,), version=3) + bytes(16),
    "compact": raw_header('{"descr":"<c8","fortran_order":False,"shape":(1,)}') + bytes(8),
    "df64_loose": raw_header("{'shape': (1L,), 'descr': [(\"re\", '=f4', 2), ('im', '<f4', (2))],"
                             " 'fortran_order': True}\n") + bytes(16),
    "fortran_1x2": numpy_header("'<c8'", (1, 2), fortran=True) + bytes(16),
    "fortran_2x2": numpy_header("'<c8'", (2, 2), fortran=True),
    "big_endian": numpy_header("'>c16'", (3, 4)),
    "big_endian_dd128": numpy_header(DD128.replace("<", ">"), (1,)),
    "int32": numpy_header("'<i4'", (3,)),
    "other_struct": numpy_header("[('a', '<f8'), ('b', '<i4')]", (3,)),
    "unterminated": raw_header("{'descr': '<c16, 'fortran_order': False, 'shape': (3,), }\n"),
    "negative": raw_header("{'descr': '<c16', 'fortran_order': False, 'shape': (-3, 2.5), }\n"),
    "dup_key": raw_header("{'descr': '<c16', 'descr': '<c8', 'shape': (), }\n"),
    "overflow": raw_header("{'descr': '<c16', 'fortran_order': False, "
                           "'shape': (4294967296, 4294967296), }\n"),
    "rank33": raw_header("{'descr': '<c8', 'fortran_order': False, 'shape': (%s), }\n"
                         % ("1," * 33)),
    "dim_too_big": raw_header("{'descr': '<c8', 'fortran_order': False, "
                              "'shape': (18446744073709551616,), }\n"),
    "fortran_none": raw_header("{'descr': '<c8', 'fortran_order': None, 'shape': (1,), }\n"),
    "descr_int": raw_header("{'descr': 16, 'fortran_order': False, 'shape': (1,), }\n"),
    "bar_c16": numpy_header("'|c16'", (1,)),
    "float64": numpy_header("'<f8'", (2,)),
    "bool": numpy_header("'|b1'", (2,)),
    "bad_magic": b"\x93NUMPZ\x01\x00\x00\x00",
    "bad_version": b"\x93NUMPY\x04\x00\x00\x00\x00\x00",
    "truncated": b"\x93NUMPY\x01",
    "raw": struct.pack("<4d", 1.0, -0.5, 0.25, 3.0),
}

if __name__ == "__main__":
    os.makedirs(HERE, exist_ok=True)
    for name, data in SEEDS.items():
        with open(os.path.join(HERE, name), "wb") as f:
            f.write(data)
    print("wrote %d files (%d bytes) to %s" % (len(SEEDS), sum(map(len, SEEDS.values())), HERE))
