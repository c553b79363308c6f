"""ffft.load and ffft.save: the ffft program's .npy layouts."""

from __future__ import annotations

import os

import numpy as np
import pytest

import ffft
from conftest import random_complex

LAYOUTS = {
    "df64": [("re", "<f4", (2,)), ("im", "<f4", (2,))],
    "qf128": [("re", "<f4", (4,)), ("im", "<f4", (4,))],
    "dd128": [("re", "<f8", (2,)), ("im", "<f8", (2,))],
}


@pytest.mark.parametrize("precision", ["df64", "qf128", "dd128"])
def test_save_writes_the_documented_layout(tmp_path, rng, precision):
    X = ffft.fft(random_complex(rng, (3, 16)), precision=precision, extended=True)
    path = tmp_path / "X.npy"
    ffft.save(path, X)
    raw = np.load(path)
    assert raw.dtype == np.dtype(LAYOUTS[precision]) and raw.shape == (3, 16)
    for k, limb in enumerate(X.limbs):
        assert np.array_equal(raw["re"][..., k], limb.real) and np.array_equal(raw["im"][..., k], limb.imag)
    back = ffft.load(path)
    assert back.precision == precision and all(np.array_equal(a, b) for a, b in zip(back.limbs, X.limbs))


@pytest.mark.parametrize("precision", ["df64", "qf128", "dd128"])
def test_real_layouts(tmp_path, rng, precision):
    y = ffft.irfft(random_complex(rng, 9), precision=precision, extended=True)
    ffft.save(tmp_path / "y.npy", y)
    raw = np.load(tmp_path / "y.npy")
    assert raw.dtype.names == ("re",)
    back = ffft.load(tmp_path / "y.npy")
    assert not back.is_complex and all(np.array_equal(a, b) for a, b in zip(back.limbs, y.limbs))


def test_empty_and_fortran_files(tmp_path, rng):
    empty = ffft.Extended([np.zeros((0, 3))] * 2, "dd128")
    ffft.save(tmp_path / "e.npy", empty)
    assert ffft.load(tmp_path / "e.npy").shape == (0, 3)
    X = ffft.fft(random_complex(rng, (3, 5)), precision="qf128", extended=True)
    ffft.save(tmp_path / "X.npy", X)
    np.save(tmp_path / "F.npy", np.asfortranarray(np.load(tmp_path / "X.npy")))
    back = ffft.load(tmp_path / "F.npy")
    assert all(np.array_equal(a, b) for a, b in zip(back.limbs, X.limbs))


def test_standard_arrays_pass_through(tmp_path, rng):
    x = random_complex(rng, 10)
    ffft.save(tmp_path / "x.npy", x)
    assert np.array_equal(ffft.load(tmp_path / "x.npy"), x)


def test_refusals(tmp_path):
    np.save(tmp_path / "i.npy", np.arange(4))
    with pytest.raises(ValueError, match="neither one of ffft's formats"):
        ffft.load(tmp_path / "i.npy")
    bad = np.zeros(2, np.dtype(LAYOUTS["dd128"]))
    bad["re"][0] = (1.0, 0.5)  # lower limb above an ulp
    np.save(tmp_path / "bad.npy", bad)
    with pytest.raises(ValueError, match="not normalized"):
        ffft.load(tmp_path / "bad.npy")
    with pytest.raises(TypeError):
        ffft.save(tmp_path / "s.npy", np.array(["x"]))
    assert not os.path.exists(tmp_path / "s.npy")
    assert not [p for p in os.listdir(tmp_path) if p.startswith(".ffft-")]  # no partial files left


def test_cli_output_loads(tmp_path, rng):
    cli = os.environ.get("FFFT_CLI")
    if not cli or not os.path.exists(cli):
        pytest.skip("FFFT_CLI (the ffft program, build/bin/ffft) not given")
    import subprocess

    x = random_complex(rng, 64)
    np.save(tmp_path / "x.npy", x)
    subprocess.run([cli, "fft", str(tmp_path / "x.npy"), str(tmp_path / "X.npy"), "-p", "qf128", "--out-format", "qf128", "--device", "cpu"],
                   check=True, capture_output=True)
    X = ffft.load(tmp_path / "X.npy")
    assert X.precision == "qf128"
    assert all(np.array_equal(a, b) for a, b in zip(X.limbs, ffft.fft(x, precision="qf128", extended=True, device="cpu").limbs))
