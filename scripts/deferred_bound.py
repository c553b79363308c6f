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

Four limbs (include/ffft/fft/deferred_four_limbs.hpp): a value is a sum
of levels l0 + ... + l4, and carries its mass m, a bound B_k for each level
(|l_k| <= u^k sum_i B_k,i |x_i|) and an error bound E in units of u^4: the
rules in the functions add4, mul4 and renormalized4, each step of the
header's operations in turn (a TwoSum's error is at most u times its sum;
levels 0 to 3 are exact, level 4's roundings and the products it drops are
of order u^5, so only the renormalizations, and the DFT's constants, add
to E). A normalized expansion y (inputs, twiddles, constants, renormalized
values) has |y_k| <= (2u)^k |y| and no level 4.

Usage: scripts/deferred_bound.py   (prints C_R rounded up to 0.1: for
R = 2, 4 and 8 as deferred_butterfly_bound_units holds them, two limbs and
four; for the odd radices, which keep the accurate operations, what
deferring would give with two limbs)
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


# Four limbs: five levels.
class Levels:
    def __init__(self, m, b, e):
        self.m, self.b, self.e = m, b, e  # b[k]: the bound of level k


def vsum(*vectors):
    return [sum(parts) for parts in zip(*vectors)]


def vscale(c, v):
    return [c * x for x in v]


def normalized4(m, e):
    """A normalized four-limb expansion, |y_k| <= (2u)^k |y|, level 4 zero."""
    return Levels(m, [vscale(2.0 ** k, m) for k in range(4)] + [vscale(0.0, m)], e)


def input_component4(n, k):
    unit = [1.0 if i == k else 0.0 for i in range(n)]
    return normalized4(unit, [0.0] * n)


def add4(a, b):
    m = vsum(a.m, b.m)
    s0 = vsum(a.b[0], b.b[0])                 # (s0, c) = TwoSum(a0, b0), |c| <= u |s0|
    x1 = vsum(a.b[1], b.b[1])                 # TwoSum(a1, b1)
    s1 = vsum(x1, s0)                         # TwoSum(x1, c)
    x2 = vsum(a.b[2], b.b[2])                 # TwoSum(a2, b2)
    y2 = vsum(x2, x1)                         # + the error of x1
    s2 = vsum(y2, s1)                         # + the error of s1
    x3 = vsum(a.b[3], b.b[3])                 # level 3 by TwoSums, exact
    y3 = vsum(x3, x2)
    z3 = vsum(y3, y2)
    s3 = vsum(z3, s2)
    s4 = vsum(a.b[4], b.b[4], x3, y3, z3, s3)  # level 4: its roundings are of order u^5
    return Levels(m, [s0, s1, s2, s3, s4], vsum(a.e, b.e))


def mul4(a, c, eta):
    """a times a normalized constant of magnitude <= c (within eta u^4 of
    the exact constant)."""
    cb = [c * 2.0 ** k for k in range(4)] + [0.0]
    prod = lambda i, j: vscale(cb[j], a.b[i])
    p00 = prod(0, 0)
    p01, p10 = prod(0, 1), prod(1, 0)
    t1 = vsum(p01, p10)
    s1 = vsum(t1, p00)
    p02, p11, p20 = prod(0, 2), prod(1, 1), prod(2, 0)
    u1 = vsum(p02, p11)
    u2 = vsum(u1, p20)
    u3 = vsum(u2, p01)
    u4 = vsum(u3, p10)
    u5 = vsum(u4, t1)
    s2 = vsum(u5, s1)
    # Level 3 by TwoSums, exact; each partial sum's error goes to level 4.
    terms = [prod(0, 3), prod(1, 2), prod(2, 1), prod(3, 0), p02, p11, p20, u1, u2, u3, u4, u5, s2]
    partials, acc = [], terms[0]
    for term in terms[1:]:
        acc = vsum(acc, term)
        partials.append(acc)
    level4 = [prod(0, 3), prod(1, 2), prod(2, 1), prod(3, 0)] + partials
    level4 += [prod(i, 4 - i) for i in range(5)]
    e = vsum(vscale(c, a.e), vscale(c * eta, a.m))
    return Levels(vscale(c, a.m), [p00, s1, s2, acc, vsum(*level4)], e)


def half4(a):
    return Levels(vscale(0.5, a.m), [vscale(0.5, v) for v in a.b], vscale(0.5, a.e))


def renormalized4(a):
    """normalize_each to four limbs: exact but for the last limb's
    accumulation, less than u |y3| <= 8 u^4 |y|."""
    return normalized4(a.m, vsum(a.e, vscale(8.0, a.m)))


class Arithmetic:
    """The rules of one arithmetic, for the DFTs below."""
    def __init__(self, add, mul, half, renormalized, input_component, error):
        self.add, self.mul, self.half = add, mul, half
        self.renormalized, self.input_component, self.error = renormalized, input_component, error


TWO_LIMBS = None  # set below, once the two-limb rules are defined


class Complex:
    def __init__(self, re, im):
        self.re, self.im = re, im


def cadd(a, b):  # a subtraction has the same bounds
    return Complex(ARITH.add(a.re, b.re), ARITH.add(a.im, b.im))


def times_i(a):
    return Complex(a.im, a.re)


def times_constant(a, c):
    return Complex(ARITH.mul(a.re, c, 1), ARITH.mul(a.im, c, 1))


def renormalized(a):
    return Real(a.m, list(a.m), a.e)


def twiddled(a):
    re, im = ARITH.renormalized(a.re), ARITH.renormalized(a.im)
    add, mul, final = ARITH.add, ARITH.mul, ARITH.renormalized
    return Complex(final(add(mul(re, 1, 0), mul(im, 1, 0))), final(add(mul(re, 1, 0), mul(im, 1, 0))))


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
            even = cadd(x[0], Complex(ARITH.half(a[0].re), ARITH.half(a[0].im)))
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


def bound_units(r, arithmetic):
    global ARITH
    ARITH = arithmetic
    n = 2 * r
    component = arithmetic.input_component
    x = [Complex(component(n, 2 * j), component(n, 2 * j + 1)) for j in range(r)]
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


TWO_LIMBS = Arithmetic(add, mul, half, renormalized, input_component, None)
FOUR_LIMBS = Arithmetic(add4, mul4, half4, renormalized4, input_component4, None)
ARITH = TWO_LIMBS


if __name__ == "__main__":
    for r in (2, 3, 4, 5, 7, 8):
        note = "" if r in (2, 4, 8) else "  (not deferred)"
        print(f"two limbs, radix {r}: {math.ceil(bound_units(r, TWO_LIMBS) * 10) / 10:.1f} u^2 L{note}")
    for r in (2, 4, 8):
        print(f"four limbs, radix {r}: {math.ceil(bound_units(r, FOUR_LIMBS) * 10) / 10:.1f} u^4 L")
