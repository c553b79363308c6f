#!/usr/bin/env python3
"""The error bound of the two-limb butterflies that renormalize once per DFT
output and once per twiddle product (include/ffft/fft/deferred.hpp),
derived for each radix.

Each real value of the butterfly carries three vectors over the 2R real
components x_k of its inputs, linear bounds in |x_k|, to first order in u:
  m: its mass,          |value| <= sum_k m_k |x_k|
  T: its tail,          |t|     <= u   sum_k T_k |x_k|
  E: its error,         |error| <= u^2 sum_k E_k |x_k|
Inputs are normalized expansions: m = T = the unit vector, E = 0. The rules
follow the operations of deferred.hpp:
  add   (s, e) = TwoSum(a.h, b.h), t = (a.t + b.t) + e:
        m = m_a + m_b;  T = T_a + T_b + m  (|e| <= u |s|);
        E = E_a + E_b + 2 (T_a + T_b) + m  (the two roundings of t).
  mul   by a normalized constant of magnitude <= c, itself within eta u^2
        of the exact constant (1 for the DFT's generated constants, 0 for
        the twiddle, whose error the transform's bound counts):
        m = c m_a;  T = c (T_a + 2 m_a);  E = c (E_a + 2 T_a + (4 + eta) m_a).
  +-1, +-i, 1/2: exact (components swap or scale).
  renormalize   (TwoSum(h, t), exact): E unchanged, T = m.
Each DFT output is renormalized before its twiddle product, which takes
|Re w|, |Im w| <= 1 each. The bound of an output
component is then max_k E_k: |error| <= C_R u^2 L with L = sum_k |x_k|.

Usage: scripts/deferred_bound.py   (prints C_R rounded up to 0.1: for
R = 2, 4 and 8 as deferred_butterfly_bound_units holds them; for the odd
radices, which keep the accurate operations, what deferring would give)
"""
import math


class Real:
    def __init__(self, m, t, e):
        self.m, self.t, self.e = m, t, e


def input_component(n, k):
    unit = [1.0 if i == k else 0.0 for i in range(n)]
    return Real(unit, list(unit), [0.0] * n)


def add(a, b):
    m = [x + y for x, y in zip(a.m, b.m)]
    t = [x + y + z for x, y, z in zip(a.t, b.t, m)]
    e = [ea + eb + 2 * (ta + tb) + mm for ea, eb, ta, tb, mm in zip(a.e, b.e, a.t, b.t, m)]
    return Real(m, t, e)


def mul(a, c, eta):
    return Real([c * x for x in a.m], [c * (t + 2 * m) for t, m in zip(a.t, a.m)],
                [c * (e + 2 * t + (4 + eta) * m) for e, t, m in zip(a.e, a.t, a.m)])


def half(a):
    return Real([x / 2 for x in a.m], [x / 2 for x in a.t], [x / 2 for x in a.e])


class Complex:
    def __init__(self, re, im):
        self.re, self.im = re, im


def cadd(a, b):  # a subtraction has the same bounds
    return Complex(add(a.re, b.re), add(a.im, b.im))


def times_i(a):
    return Complex(a.im, a.re)


def times_constant(a, c):
    return Complex(mul(a.re, c, 1), mul(a.im, c, 1))


def renormalized(a):
    return Real(a.m, list(a.m), a.e)


def twiddled(a):
    re, im = renormalized(a.re), renormalized(a.im)
    return Complex(add(mul(re, 1, 0), mul(im, 1, 0)), add(mul(re, 1, 0), mul(im, 1, 0)))


def dft4(x0, x1, x2, x3):  # butterflies.hpp: detail::dft4
    a, b = cadd(x0, x2), cadd(x0, x2)
    c, d = cadd(x1, x3), times_i(cadd(x1, x3))
    return [cadd(a, c), cadd(b, d), cadd(a, c), cadd(b, d)]


def dft8(x):  # detail::dft8: two radix-4 DFTs, then w8^a
    e = dft4(x[0], x[2], x[4], x[6])
    o = dft4(x[1], x[3], x[5], x[7])
    w8 = lambda v: times_constant(cadd(v, times_i(v)), math.sqrt(0.5))
    odd = [o[0], w8(o[1]), times_i(o[2]), times_i(w8(o[3]))]
    return [cadd(e[k], odd[k]) for k in range(4)] * 2


def dft_odd(x, r):  # detail::dft_odd
    h = (r - 1) // 2
    a = [cadd(x[j], x[r - j]) for j in range(1, h + 1)]
    b = [cadd(x[j], x[r - j]) for j in range(1, h + 1)]
    total = x[0]
    for j in range(h):
        total = cadd(total, a[j])
    out = [total]
    for q in range(1, h + 1):
        if r == 3:
            even = cadd(x[0], Complex(half(a[0].re), half(a[0].im)))
            odd = times_constant(b[0], math.sin(2 * math.pi / 3))
        else:
            even = x[0]
            for j in range(1, h + 1):
                even = cadd(even, times_constant(a[j - 1], abs(math.cos(2 * math.pi * j * q / r))))
            odd = times_constant(b[0], abs(math.sin(2 * math.pi * q / r)))
            for j in range(2, h + 1):
                odd = cadd(odd, times_constant(b[j - 1], abs(math.sin(2 * math.pi * j * q / r))))
        out.append(cadd(even, times_i(odd)))
    return out


def bound_units(r):
    n = 2 * r
    x = [Complex(input_component(n, 2 * j), input_component(n, 2 * j + 1)) for j in range(r)]
    if r == 2:
        y = [cadd(x[0], x[1])]
    elif r == 4:
        y = dft4(*x)
    elif r == 8:
        y = dft8(x)
    else:
        y = dft_odd(x, r)
    outputs = [twiddled(v) for v in y]
    return max(max(max(v.re.e), max(v.im.e)) for v in outputs)


if __name__ == "__main__":
    for r in (2, 3, 4, 5, 7, 8):
        note = "" if r in (2, 4, 8) else "  (not deferred)"
        print(f"radix {r}: {math.ceil(bound_units(r) * 10) / 10:.1f} u^2 L{note}")
