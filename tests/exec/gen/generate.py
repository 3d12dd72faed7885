#!/usr/bin/env python3
"""Generates the differential execution kernels `tests/exec/gen_*.hlsl`.

Each kernel is an ordinary execution fixture (format: tests/exec/README.md): hlslc (WGSL and
SPIR-V) and glslang (`-D -V -Od`) compile it, lavapipe runs it, and the results are compared
with the expected values in its header. The expected values come from the CPU model in this
file (Python integers with explicit 32-bit wrapping, IEEE f32 rounding through `struct`),
never from a compiler's output.

Families (all seeded, so the output is reproducible; the files are committed):

- `gen_op_<type>_<op>_<shape>`: one operator or intrinsic on one type (int, uint, float,
  double, uint64_t, half) and one shape (scalar or vector of 2-4 components), over 16
  threads with edge-case and random inputs.
- `gen_mat_*`: mul(), transpose() and `*` on float matrices of several shapes, with small
  integer entries so that every result is exact whatever the summation order.
- `gen_expr_int_NN`, `gen_expr_float_NN`: random expression trees over int and uint
  (wrapping arithmetic, shifts, division by positive values, mixed signed/unsigned
  promotion, comparisons, ternaries, min/max/abs/clamp, casts) or over floats whose values
  stay exactly representable (multiples of 1/4), four expressions per kernel.
- `gen_flow_NN`: random structured programs (if/else, bounded for/while loops with
  data-dependent trip counts and break/continue, switch) over int variables.

Float tolerances are stated per intrinsic in each header, from the Vulkan precision rules
(Vulkan spec, "Precision and Operation of SPIR-V Instructions").

Triage: KNOWN below maps a kernel name to `peer-bug glslang: …` / `xfail hlslc…: …` lines,
written into that kernel's header; the harness then requires that compiler to fail it.

Usage: python3 tests/exec/gen/generate.py [--check]
  (--check: exit 1 if the committed files differ from what would be generated)
"""

import re
import math
import os
import random
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import conv  # noqa: E402  (the gen_conv_NN family: HLSL's implicit conversions)
import intrin  # noqa: E402  (the gen_intrin_NN family: typing of intrinsic calls)

HERE = os.path.dirname(os.path.abspath(__file__))
OUT_DIR = os.path.dirname(HERE)

N = 16  # threads (elements) per kernel
CONV_COUNT = 24  # gen_conv_NN kernels
INTRIN_COUNT = 20  # gen_intrin_NN kernels
OVERLOAD_COUNT = 8  # gen_overload_NN kernels
CONVMAT_COUNT = 4  # gen_convmat_NN kernels

# Known mismatches, triaged: kernel name -> header lines.
STAR = ("peer-bug glslang: `*` on two matrices is the matrix product (OpMatrixTimesMatrix), not "
        "HLSL's component-wise product (see matrix_star_componentwise)")
STAR_NONSQUARE = ("peer-bug glslang: `*` on two non-square matrices of the same shape is refused "
                  "(\"Could not perform requested binary operation\"): glslang treats it as a matrix product")
KNOWN = {
    "gen_mat_componentwise_2x2": [STAR],
    "gen_mat_componentwise_3x3": [STAR],
    "gen_mat_componentwise_4x4": [STAR],
    "gen_mat_componentwise_2x3": [STAR_NONSQUARE],
    "gen_mat_componentwise_3x4": [STAR_NONSQUARE],
    "gen_mat_componentwise_4x2": [STAR_NONSQUARE],
    "gen_op_double_min_s": ["peer-bug glslang: min(double, double) resolves to the float overload "
                            "(OpFConvert to float, FMin, OpFConvert back): results rounded to f32"],
    "gen_op_half_max_s": ["peer-bug glslang: max(half, half) returns float and the "
                          "result cannot be assigned to a half (\"cannot convert from temp float to "
                          "temp float16_t\") with --hlsl-enable-16bit-types"],
    "gen_op_int_mad_v4": ["peer-bug glslang: integer mad() becomes GLSL.std.450 Fma on an int "
                          "vector: invalid SPIR-V (Fma takes floats only)"],
    "gen_op_uint_mad_v4": ["peer-bug glslang: integer mad() becomes GLSL.std.450 Fma on a uint "
                           "vector: invalid SPIR-V (Fma takes floats only)"],
    "gen_op_u64_lt_v2": ["peer-bug glslang: does not know DXC's `uint64_t2` vector type name"],
    "gen_op_u64_mul_v2": ["peer-bug glslang: does not know DXC's `uint64_t2` vector type name"],
}
for _n in range(OVERLOAD_COUNT):
    KNOWN["gen_overload_%02d" % _n] = ["peer-bug glslang: does not know the `int64_t` / `uint64_t` type names "
                                       "(\"function parameter list: Expected\", see int64_signed)"]
KNOWN["gen_convmat_00"] = [STAR_NONSQUARE + " (`int2x4 * int2x4`)"]
KNOWN["gen_convmat_01"] = [STAR_NONSQUARE + " (`bool4x3 * bool4x3`)"]
KNOWN["gen_convmat_02"] = ["peer-bug glslang: no `asuint(double, out uint, out uint)` overload "
                           "(\"no matching overloaded function found\")"]
KNOWN["gen_convmat_03"] = ["peer-bug glslang: refuses `double3x2 * bool` (\"Could not perform requested "
                           "binary operation\"): it does not convert a bool scalar for a matrix operand"]
# gen_intrin: odd kernels enable 16-bit types and declare int16_t/uint16_t tag() overloads.
for _n in range(1, INTRIN_COUNT, 2):
    KNOWN["gen_intrin_%02d" % _n] = ["peer-bug glslang: does not know the `int16_t` / `uint16_t` type names "
                                     "(\"function parameter list: Expected\", see int16_arith)"]
for _n in (4, 6, 12, 14):
    KNOWN["gen_intrin_%02d" % _n] = ["peer-bug glslang: no `asuint(double, out uint, out uint)` overload "
                                     "(\"no matching overloaded function found\")"]
KNOWN["gen_intrin_18"] = ["peer-bug glslang: `dot(bool3, bool4)` returns int (DXC: float, numeric<> has no bool) "
                          "and `countbits(int)` returns int (DXC: uint): tags 11, not 81 / 21"]
KNOWN["gen_intrin_08"] = ["peer-bug glslang: `sign(float3)` returns float3; DXC's sign returns int "
                          "(`$match<1, 0> int<>`), so tag() picks the float3 overload (83, not 13)"]
# Every gen_conv kernel declares int64_t/uint64_t values (and tag() overloads for them).
for _n in range(CONV_COUNT):
    KNOWN["gen_conv_%02d" % _n] = ["peer-bug glslang: does not know the `int64_t` / `uint64_t` type names "
                                   "(\"function parameter list: Expected\", see int64_signed)"]

# ---------------------------------------------------------------------------------------
# CPU model
# ---------------------------------------------------------------------------------------


def f32(x):
    """Rounds a Python float to the nearest f32 (ties to even), as a Python float."""
    try:
        return struct.unpack("<f", struct.pack("<f", x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def f16(x):
    return struct.unpack("<e", struct.pack("<e", x))[0]


def f32_bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def bits_f32(u):
    return struct.unpack("<f", struct.pack("<I", u & 0xFFFFFFFF))[0]


def u32(x):
    return x & 0xFFFFFFFF


def i32(x):
    x &= 0xFFFFFFFF
    return x - (1 << 32) if x & 0x80000000 else x


def u64(x):
    return x & 0xFFFFFFFFFFFFFFFF


def tdiv(a, b):
    """C/HLSL integer division: truncates toward zero."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def trem(a, b):
    return a - b * tdiv(a, b)


def round_half_even(x):
    r = math.floor(x)
    d = x - r
    if d > 0.5 or (d == 0.5 and r % 2 == 1):
        r += 1
    return float(r)


def firstbithigh_u(x):
    x = u32(x)
    return 0xFFFFFFFF if x == 0 else x.bit_length() - 1


def firstbithigh_i(x):
    x = i32(x)
    if x < 0:
        x = ~x
    return -1 if x == 0 else x.bit_length() - 1


def firstbitlow(x):
    x = u32(x)
    if x == 0:
        return 0xFFFFFFFF
    return (x & -x).bit_length() - 1


def reversebits(x):
    return int("{:032b}".format(u32(x))[::-1], 2)


def fmt_float(x):
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    r = repr(x)
    return r


# ---------------------------------------------------------------------------------------
# Kernel writing
# ---------------------------------------------------------------------------------------

ELEM = {  # HLSL scalar type -> (fixture type, value formatter)
    "int": ("int", str),
    "uint": ("uint", str),
    "bool": ("uint", str),
    "float": ("float", fmt_float),
    "double": ("f64", fmt_float),
    "uint64_t": ("u64", str),
    "half": ("f16", fmt_float),
}


def wrap_list(values, indent="//     ", width=96):
    """`[a, b, …]` broken over comment lines."""
    lines, cur = [], "["
    for i, v in enumerate(values):
        piece = v + (", " if i + 1 < len(values) else "]")
        if len(cur) + len(piece) > width:
            lines.append(cur.rstrip())
            cur = indent
        cur += piece
    lines.append(cur)
    return "\n".join(lines)


def directive_list(prefix, values):
    return "// " + prefix + " " + wrap_list(values)


class Kernel:
    def __init__(self, name, description):
        self.name = name
        self.description = description  # list of lines
        self.exec = "-T cs_6_0 -E main dispatch 1 1 1"
        self.requires = []
        self.buffers = []  # (decl line)
        self.expects = []
        self.body = ""

    def text(self):
        lines = ["// Generated by tests/exec/gen/generate.py (do not edit: change the generator)."]
        lines += ["// " + d for d in self.description]
        lines.append("// exec: " + self.exec)
        for r in self.requires:
            lines.append("// requires " + r)
        lines += self.buffers
        lines += self.expects
        for k in KNOWN.get(self.name, []):
            lines.append("// " + k)
        return "\n".join(lines) + "\n" + self.body


def rnd_int(rng):
    return rng.choice([rng.randint(-100, 100), rng.randint(-(2**31), 2**31 - 1), rng.randint(-(2**15), 2**15)])


def rnd_uint(rng):
    return rng.choice([rng.randint(0, 200), rng.randint(0, 2**32 - 1), rng.randint(0, 2**16)])


INT_EDGES = [0, 1, -1, 2**31 - 1, -(2**31), 7, -7, 123456789]
UINT_EDGES = [0, 1, 0xFFFFFFFF, 0x80000000, 0x7FFFFFFF, 7, 0x10000, 3000000000]


def int_inputs(rng, ty, n, edges=True):
    base = (INT_EDGES if ty == "int" else UINT_EDGES) if edges else []
    vals = list(base[:n])
    while len(vals) < n:
        vals.append(rnd_int(rng) if ty == "int" else rnd_uint(rng))
    rng.shuffle(vals)
    return vals


def float_inputs(rng, n, lo, hi, specials=(), quant=None):
    vals = [f32(s) for s in specials][:n]
    while len(vals) < n:
        x = rng.uniform(lo, hi)
        if quant:
            x = round(x / quant) * quant
        vals.append(f32(x))
    rng.shuffle(vals)
    return vals


# ---------------------------------------------------------------------------------------
# Family 1: one operator on one type and shape
# ---------------------------------------------------------------------------------------

# Each op: (name, arity, hlsl template with {a} {b} {c}, result type ('same', 'uint', 'int',
#           'bool', 'float'), model(a, b, c) -> value, input domain, tolerance, note)
def int_ops(ty):
    wrap = i32 if ty == "int" else u32
    ops = [
        ("add", 2, "{a} + {b}", "same", lambda a, b, c: wrap(a + b), None, "wrapping"),
        ("sub", 2, "{a} - {b}", "same", lambda a, b, c: wrap(a - b), None, "wrapping"),
        ("mul", 2, "{a} * {b}", "same", lambda a, b, c: wrap(a * b), None, "low 32 bits"),
        ("div", 2, "{a} / {b}", "same", lambda a, b, c: wrap(tdiv(a, b)), "nonzero", "truncating; divisors nonzero (and never -1 with INT_MIN)"),
        ("rem", 2, "{a} % {b}", "same", lambda a, b, c: wrap(trem(a, b)), "nonzero", "remainder has the dividend's sign"),
        ("and", 2, "{a} & {b}", "same", lambda a, b, c: wrap(a & b), None, ""),
        ("or", 2, "{a} | {b}", "same", lambda a, b, c: wrap(a | b), None, ""),
        ("xor", 2, "{a} ^ {b}", "same", lambda a, b, c: wrap(a ^ b), None, ""),
        ("shl", 2, "{a} << {b}", "same", lambda a, b, c: wrap(a << (u32(b) & 31)), "shift", "shift amounts masked to 5 bits, as HLSL defines"),
        ("shr", 2, "{a} >> {b}", "same", lambda a, b, c: wrap(a >> (u32(b) & 31)), "shift",
         "arithmetic shift on int, logical on uint; amounts masked to 5 bits"),
        ("min", 2, "min({a}, {b})", "same", lambda a, b, c: min(a, b), None, ""),
        ("max", 2, "max({a}, {b})", "same", lambda a, b, c: max(a, b), None, ""),
        ("clamp", 3, "clamp({a}, {b}, {c})", "same", lambda a, b, c: min(max(a, b), c), "ordered", "bounds ordered (lo <= hi)"),
        ("lt", 2, "{a} < {b}", "bool", lambda a, b, c: int(a < b), None, "bool stored as uint 0/1"),
        ("le", 2, "{a} <= {b}", "bool", lambda a, b, c: int(a <= b), None, "bool stored as uint 0/1"),
        ("eq", 2, "{a} == {b}", "bool", lambda a, b, c: int(a == b), "dups", "bool stored as uint 0/1"),
        ("ne", 2, "{a} != {b}", "bool", lambda a, b, c: int(a != b), "dups", "bool stored as uint 0/1"),
        ("ge", 2, "{a} >= {b}", "bool", lambda a, b, c: int(a >= b), "dups", "bool stored as uint 0/1"),
        ("neg", 1, "-{a}", "same", lambda a, b, c: wrap(-a), None, "wrapping"),
        ("not", 1, "~{a}", "same", lambda a, b, c: wrap(~a), None, ""),
        ("select", 3, "{a} > {b} ? {b} : {c}", "same", lambda a, b, c: b if a > b else c, None, "component-wise ternary"),
        ("countbits", 1, "countbits({a})", "uint", lambda a, b, c: bin(u32(a)).count("1"), None, ""),
        ("firstbitlow", 1, "firstbitlow({a})", "uint", lambda a, b, c: firstbitlow(a), None, "-1 (0xFFFFFFFF) for 0"),
        ("mad", 3, "mad({a}, {b}, {c})", "same", lambda a, b, c: wrap(a * b + c), None, "a * b + c, wrapping"),
    ]
    if ty == "int":
        ops += [
            ("abs", 1, "abs({a})", "same", lambda a, b, c: i32(abs(a)), None, "abs(INT_MIN) = INT_MIN"),
            ("firstbithigh", 1, "firstbithigh({a})", "int", lambda a, b, c: firstbithigh_i(a), None,
             "first bit differing from the sign bit, counted from bit 0; -1 for 0 and -1"),
            ("sign", 1, "sign({a})", "int", lambda a, b, c: (a > 0) - (a < 0), None, ""),
            ("to_float", 1, "({ot}){a}", "float", lambda a, b, c: f32(float(a)), None, "int -> float rounds to nearest even"),
        ]
    else:
        ops += [
            ("reversebits", 1, "reversebits({a})", "uint", lambda a, b, c: reversebits(a), None, ""),
            ("firstbithigh", 1, "firstbithigh({a})", "uint", lambda a, b, c: firstbithigh_u(a), None, "highest set bit; -1 (0xFFFFFFFF) for 0"),
            ("to_float", 1, "({ot}){a}", "float", lambda a, b, c: f32(float(a)), None, "uint -> float rounds to nearest even"),
        ]
    return ops


# float ops: (name, arity, template, result, model, domain(a,b,c ranges), tolerance, note)
def T(ulp=None, rel=None, abs_=None):
    parts = []
    if ulp is not None:
        parts.append("%dulp" % ulp)
    if rel is not None:
        parts.append("rel %g" % rel)
    if abs_ is not None:
        parts.append("abs %g" % abs_)
    return " ".join(parts)


def float_ops():
    r = f32
    wide = (-1000.0, 1000.0)
    return [
        ("add", 2, "{a} + {b}", "same", lambda a, b, c: r(a + b), (wide, wide), "", "correctly rounded: exact"),
        ("sub", 2, "{a} - {b}", "same", lambda a, b, c: r(a - b), (wide, wide), "", "correctly rounded: exact"),
        ("mul", 2, "{a} * {b}", "same", lambda a, b, c: r(a * b), (wide, wide), "", "correctly rounded: exact"),
        ("div", 2, "{a} / {b}", "same", lambda a, b, c: r(a / b), (wide, (0.5, 100.0)), T(ulp=3), "Vulkan: 2.5 ulp"),
        ("min", 2, "min({a}, {b})", "same", lambda a, b, c: min(a, b), (wide, wide), "", "exact"),
        ("max", 2, "max({a}, {b})", "same", lambda a, b, c: max(a, b), (wide, wide), "", "exact"),
        ("clamp", 3, "clamp({a}, {b}, {c})", "same", lambda a, b, c: min(max(a, b), c), (wide, (-100.0, 0.0), (0.0, 100.0)), "", "exact"),
        ("abs", 1, "abs({a})", "same", lambda a, b, c: abs(a), (wide,), "", "exact"),
        ("neg", 1, "-{a}", "same", lambda a, b, c: -a, (wide,), "", "exact"),
        ("floor", 1, "floor({a})", "same", lambda a, b, c: r(math.floor(a)) if a != 0 else a, ((-100.0, 100.0),), "", "exact"),
        ("ceil", 1, "ceil({a})", "same", lambda a, b, c: (r(math.ceil(a)) if math.ceil(a) != 0 else (-0.0 if a < 0 else 0.0)) if a != 0 else a, ((-100.0, 100.0),), "", "exact; ceil(-0.5) = -0.0"),
        ("trunc", 1, "trunc({a})", "same", lambda a, b, c: math.copysign(float(math.trunc(a)), a), ((-100.0, 100.0),), "", "exact; trunc(-0.5) = -0.0"),
        ("round", 1, "round({a})", "same", lambda a, b, c: math.copysign(round_half_even(a), a), ((-20.0, 20.0), "halves"), "", "half to even (DXC: RoundEven); sign kept"),
        ("frac", 1, "frac({a})", "same", lambda a, b, c: r(a - math.floor(a)), ((-100.0, 100.0),), T(ulp=1), "x - floor(x)"),
        ("saturate", 1, "saturate({a})", "same", lambda a, b, c: min(max(a, 0.0), 1.0), ((-2.0, 3.0),), "", "exact"),
        ("sign", 1, "sign({a})", "int", lambda a, b, c: (a > 0) - (a < 0), ((-5.0, 5.0), "zeros"), "", "int result"),
        ("step", 2, "step({a}, {b})", "same", lambda a, b, c: 1.0 if b >= a else 0.0, ((-2.0, 2.0), (-2.0, 2.0)), "", "b >= a ? 1 : 0"),
        ("sqrt", 1, "sqrt({a})", "same", lambda a, b, c: r(math.sqrt(a)), ((0.0, 1000.0),), T(ulp=3), "Vulkan: inherited from 1/inversesqrt (2.5 ulp)"),
        ("rsqrt", 1, "rsqrt({a})", "same", lambda a, b, c: r(1.0 / math.sqrt(a)), ((0.01, 1000.0),), T(ulp=2), "Vulkan: 2 ulp"),
        ("rcp", 1, "rcp({a})", "same", lambda a, b, c: r(1.0 / a), ((0.5, 100.0),), T(ulp=3), "1/x: Vulkan division, 2.5 ulp"),
        ("exp", 1, "exp({a})", "same", lambda a, b, c: r(math.exp(a)), ((-4.0, 4.0),), T(ulp=14), "Vulkan: 3 + 2|x| ulp with |x| <= 4, plus exp = exp2(x log2 e)"),
        ("exp2", 1, "exp2({a})", "same", lambda a, b, c: r(2.0 ** a), ((-4.0, 4.0),), T(ulp=11), "Vulkan: 3 + 2|x| ulp, |x| <= 4"),
        ("log", 1, "log({a})", "same", lambda a, b, c: r(math.log(a)), ((0.01, 1000.0),), T(ulp=3, abs_=2.0**-21 * 2), "Vulkan: 3 ulp outside [0.5, 2], 2^-21 absolute inside (x ln 2)"),
        ("log2", 1, "log2({a})", "same", lambda a, b, c: r(math.log2(a)), ((0.01, 1000.0),), T(ulp=3, abs_=2.0**-21), "Vulkan: 3 ulp outside [0.5, 2], 2^-21 absolute inside"),
        ("sin", 1, "sin({a})", "same", lambda a, b, c: r(math.sin(a)), ((-3.14, 3.14),), T(abs_=2.0**-11), "Vulkan: 2^-11 absolute in [-pi, pi]"),
        ("cos", 1, "cos({a})", "same", lambda a, b, c: r(math.cos(a)), ((-3.14, 3.14),), T(abs_=2.0**-11), "Vulkan: 2^-11 absolute in [-pi, pi]"),
        ("pow", 2, "pow({a}, {b})", "same", lambda a, b, c: r(a ** b), ((0.5, 4.0), (-3.0, 3.0)), T(rel=1e-5), "Vulkan: inherited from exp2(y log2 x); 1e-5 relative covers it here"),
        ("lerp", 3, "lerp({a}, {b}, {c})", "same", lambda a, b, c: r(a + c * (b - a)), ((-10.0, 10.0), (-10.0, 10.0), (0.0, 1.0)), T(abs_=1e-5),
         "inherited from x + (y - x) a or x (1 - a) + y a: a few ulp of max(|x|, |y|) <= 10"),
        ("mad", 3, "mad({a}, {b}, {c})", "same", lambda a, b, c: r(r(a * b) + c), ((-10.0, 10.0), (-10.0, 10.0), (-10.0, 10.0)), T(abs_=1e-5),
         "fused or not (Vulkan allows both): within an ulp of |a b| + |c| <= 110"),
        ("fmod", 2, "fmod({a}, {b})", "same", lambda a, b, c: r(math.fmod(a, b)), ((0.0, 100.0), (0.5, 10.0)), T(rel=1e-5, abs_=1e-5),
         "positive operands only (the sign convention is fmod_sign's business); x - y trunc(x/y)"),
        ("lt", 2, "{a} < {b}", "bool", lambda a, b, c: int(a < b), (wide, wide, "dups"), "", "bool stored as uint 0/1"),
        ("le", 2, "{a} <= {b}", "bool", lambda a, b, c: int(a <= b), (wide, wide, "dups"), "", "bool stored as uint 0/1"),
        ("eq", 2, "{a} == {b}", "bool", lambda a, b, c: int(a == b), (wide, wide, "dups"), "", "bool stored as uint 0/1"),
        ("ne", 2, "{a} != {b}", "bool", lambda a, b, c: int(a != b), (wide, wide, "dups"), "", "bool stored as uint 0/1"),
        ("select", 3, "{a} < {b} ? {b} : {c}", "same", lambda a, b, c: b if a < b else c, (wide, wide, wide), "", "component-wise ternary"),
        ("to_int", 1, "({ot}){a}", "int", lambda a, b, c: int(a), ((-1e9, 1e9),), "", "truncates toward zero (in range)"),
        ("to_uint", 1, "({ot}){a}", "uint", lambda a, b, c: int(a), ((0.0, 4e9),), "", "truncates toward zero (in range)"),
        ("asuint", 1, "asuint({a})", "uint", lambda a, b, c: f32_bits(a), ((-1e6, 1e6),), "", "bit pattern"),
        ("f32tof16", 1, "f32tof16({a})", "uint", lambda a, b, c: struct.unpack("<H", struct.pack("<e", a))[0], ((-1000.0, 1000.0), "f16exact"), "",
         "exactly representable inputs (inexact rounding is unspecified for PackHalf2x16)"),
        ("isinf", 1, "isinf({a})", "bool", lambda a, b, c: 0, ((-1e30, 1e30),), "", "finite inputs: always false (no NaN/inf is fed: lavapipe may assume none)"),
    ]


def vec_type(ty, width):
    return ty if width == 1 else "%s%d" % (ty, width)


COMP = "xyzw"


def gen_op_kernel(rng, ty, op, width):
    name, arity, tmpl, res, model, domain, *rest = op
    tol, note = ("", rest[0]) if len(rest) == 1 else (rest[0], rest[1])
    if name in ("select", "isinf"):
        width = 1  # HLSL 2021 takes only scalar ternary conditions (select() is DXC-only)
    out_ty = {"same": ty, "bool": "bool", "uint": "uint", "int": "int", "float": "float"}[res]
    count = N * width
    # inputs
    args = []
    if ty in ("int", "uint", "uint64_t"):
        for k in range(arity):
            vals = int_inputs(rng, ty, count) if ty != "uint64_t" else [rng.randint(0, 2**64 - 1) for _ in range(count)]
            args.append(vals)
        if domain == "nonzero":
            for i in range(count):
                if args[1][i] == 0 or (ty == "int" and args[1][i] == -1 and args[0][i] == -(2**31)):
                    args[1][i] = rng.choice([3, -5, 17]) if ty == "int" else rng.choice([3, 5, 17])
                if i % 3 == 0:  # small divisors too
                    args[1][i] = rng.choice([1, 2, 3, 7, 10, -3] if ty == "int" else [1, 2, 3, 7, 10])
        elif domain == "shift":
            for i in range(count):
                args[1][i] = rng.choice([0, 1, 5, 31, 32, 33, 63, rng.randint(0, 31)]) if i % 4 else rng.randint(0, 40)
        elif domain == "ordered":
            for i in range(count):
                lo, hi = sorted((args[1][i], args[2][i]))
                args[1][i], args[2][i] = lo, hi
        elif domain == "dups":
            for i in range(0, count, 3):
                args[1][i] = args[0][i]
    else:
        cast = {"float": f32, "double": (lambda x: x), "half": f16}[ty]
        ranges = [d for d in domain if isinstance(d, tuple)]
        flags = [d for d in domain if isinstance(d, str)]
        for k in range(arity):
            lo, hi = ranges[k]
            vals = []
            for i in range(count):
                x = rng.uniform(lo, hi)
                if "halves" in flags and i % 2 == 0:
                    x = round(x * 2) / 2
                if "zeros" in flags and i % 5 == 0:
                    x = 0.0
                if "f16exact" in flags:
                    x = f16(x)
                vals.append(cast(x))
            args.append(vals)
        if "dups" in flags:
            for i in range(0, count, 3):
                args[1][i] = args[0][i]
    while len(args) < 3:
        args.append([0] * count)
    expected = [model(args[0][i], args[1][i], args[2][i]) for i in range(count)]
    if ty == "float" and res == "same":
        expected = [f32(x) for x in expected]

    fx_in, fmt_in = ELEM[ty]
    fx_out, fmt_out = ELEM[out_ty]
    vt = vec_type(ty, width)
    ovt = vec_type(out_ty, width)
    kname = "gen_op_%s_%s_%s" % ({"uint64_t": "u64"}.get(ty, ty), name, "s" if width == 1 else "v%d" % width)
    desc = [
        "%s on %s (%s threads, one %s each): %s." % (tmpl.format(a="a", b="b", c="c", ot=ovt), vt, N, vt, note or "exact"),
        "Expected values: the generator's CPU model (Python, wrapped or rounded to the type).",
    ]
    if tol:
        desc.append("Tolerance %s: %s." % (tol, note))
    k = Kernel(kname, desc)
    if ty == "double":
        k.requires.append("f64")
    if ty == "uint64_t":
        k.requires.append("int64")
    if ty == "half":
        k.requires.append("f16")
        k.exec = "-T cs_6_2 -E main -enable-16bit-types dispatch 1 1 1"
    regs = []
    for j in range(arity):
        k.buffers.append(directive_list("buffer t%d ro %s[%d] =" % (j, fx_in, count), [fmt_in(v) for v in args[j]]))
        regs.append("t%d" % j)
    k.buffers.append("// buffer u%d rw %s[%d] = 0" % (arity, fx_out, count))
    tol_s = (" ~ " + tol) if (tol and out_ty in ("float", "double", "half")) else ""
    k.expects.append(directive_list("expect u%d%s =" % (arity, tol_s), [fmt_out(v) for v in expected]))
    src = []
    store_ty = "uint" if out_ty == "bool" else out_ty
    for j in range(arity):
        src.append("StructuredBuffer<%s> in%d : register(t%d);" % (ty, j, j))
    src.append("RWStructuredBuffer<%s> dst : register(u%d);" % (store_ty, arity))
    src.append("")
    src.append("[numthreads(%d, 1, 1)]" % N)
    src.append("void main(uint i : SV_GroupIndex) {")
    names = "abc"
    for j in range(arity):
        if width == 1:
            src.append("    %s %s = in%d[i];" % (vt, names[j], j))
        else:
            comps = ", ".join("in%d[i * %d + %d]" % (j, width, c) for c in range(width))
            src.append("    %s %s = %s(%s);" % (vt, names[j], vt, comps))
    expr = tmpl.format(a="a", b="b", c="c", ot=ovt)
    src.append("    %s r = %s;" % (ovt, expr))
    if width == 1:
        src.append("    dst[i] = %sr;" % ("(uint)" if out_ty == "bool" else ""))
    else:
        for c in range(width):
            src.append("    dst[i * %d + %d] = %sr.%s;" % (width, c, "(uint)" if out_ty == "bool" else "", COMP[c]))
    src.append("}")
    k.body = "\n".join(src) + "\n"
    return k


def family_ops(rng):
    kernels = []
    widths = [1, 2, 3, 4]
    for ty in ("int", "uint"):
        for idx, op in enumerate(int_ops(ty)):
            w = widths[idx % 4]
            kernels.append(gen_op_kernel(rng, ty, op, w))
    for idx, op in enumerate(float_ops()):
        w = widths[idx % 4]
        kernels.append(gen_op_kernel(rng, "float", op, w))
    # 64-bit and 16-bit types: a few operations each.
    u64_ops = [
        ("add", 2, "{a} + {b}", "same", lambda a, b, c: u64(a + b), None, "wrapping, carries across 32-bit halves"),
        ("mul", 2, "{a} * {b}", "same", lambda a, b, c: u64(a * b), None, "low 64 bits"),
        ("xor", 2, "{a} ^ {b}", "same", lambda a, b, c: a ^ b, None, ""),
        ("lt", 2, "{a} < {b}", "bool", lambda a, b, c: int(a < b), None, "bool stored as uint 0/1"),
    ]
    for idx, op in enumerate(u64_ops):
        kernels.append(gen_op_kernel(rng, "uint64_t", op, [1, 2][idx % 2]))
    d_ops = [
        ("add", 2, "{a} + {b}", "same", lambda a, b, c: a + b, ((-1e6, 1e6), (-1e6, 1e6)), "", "correctly rounded: exact"),
        ("mul", 2, "{a} * {b}", "same", lambda a, b, c: a * b, ((-1e6, 1e6), (-1e6, 1e6)), "", "correctly rounded: exact"),
        ("min", 2, "min({a}, {b})", "same", lambda a, b, c: min(a, b), ((-1e6, 1e6), (-1e6, 1e6)), "", "exact"),
        ("to_float", 1, "({ot}){a}", "float", lambda a, b, c: f32(a), ((-1e6, 1e6),), "", "double -> float rounds to nearest"),
    ]
    for idx, op in enumerate(d_ops):
        kernels.append(gen_op_kernel(rng, "double", op, [1, 2][idx % 2]))
    h_ops = [
        ("add", 2, "{a} + {b}", "same", lambda a, b, c: f16(a + b), ((-100.0, 100.0), (-100.0, 100.0)), "", "correctly rounded: exact"),
        ("mul", 2, "{a} * {b}", "same", lambda a, b, c: f16(a * b), ((-10.0, 10.0), (-10.0, 10.0)), "", "correctly rounded: exact"),
        ("max", 2, "max({a}, {b})", "same", lambda a, b, c: max(a, b), ((-100.0, 100.0), (-100.0, 100.0)), "", "exact"),
        ("to_float", 1, "({ot}){a}", "float", lambda a, b, c: a, ((-100.0, 100.0),), "", "half -> float is exact"),
    ]
    for idx, op in enumerate(h_ops):
        kernels.append(gen_op_kernel(rng, "half", op, [1, 4][idx % 2]))
    return kernels


# ---------------------------------------------------------------------------------------
# Family 2: float vector and matrix operations with exact (small integer) data
# ---------------------------------------------------------------------------------------


def family_matrix(rng):
    kernels = []
    shapes = [(2, 2), (3, 3), (4, 4), (2, 3), (3, 4), (4, 2)]
    for (r, c) in shapes:
        for kind in ("mul_mv", "mul_vm", "mul_mm", "transpose", "componentwise"):
            if kind == "mul_mm":
                k2 = rng.choice([2, 3, 4])
                other = (c, k2)
            elif kind == "componentwise":
                other = (r, c)
            else:
                other = None
            kernels.append(gen_matrix_kernel(rng, r, c, kind, other))
    return kernels


def matmul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(len(b))) for j in range(len(b[0]))] for i in range(len(a))]


def gen_matrix_kernel(rng, r, c, kind, other):
    def rand_mat(rr, cc):
        return [[float(rng.randint(-9, 9)) for _ in range(cc)] for _ in range(rr)]

    m = rand_mat(r, c)
    mt = "float%dx%d" % (r, c)
    flat = [x for row in m for x in row]
    inputs = [flat]
    decls = ["    %s m = %s(%s);" % (mt, mt, ", ".join("in0[%d]" % i for i in range(r * c)))]
    if kind == "mul_mv":
        v = [float(rng.randint(-9, 9)) for _ in range(c)]
        inputs.append(v)
        decls.append("    float%d v = float%d(%s);" % (c, c, ", ".join("in1[%d]" % i for i in range(c))))
        expr, out = "mul(m, v)", [sum(m[i][j] * v[j] for j in range(c)) for i in range(r)]
        desc = "mul(float%dx%d, float%d): the matrix times a column vector" % (r, c, c)
    elif kind == "mul_vm":
        v = [float(rng.randint(-9, 9)) for _ in range(r)]
        inputs.append(v)
        decls.append("    float%d v = float%d(%s);" % (r, r, ", ".join("in1[%d]" % i for i in range(r))))
        expr, out = "mul(v, m)", [sum(v[i] * m[i][j] for i in range(r)) for j in range(c)]
        desc = "mul(float%d, float%dx%d): a row vector times the matrix" % (r, r, c)
    elif kind == "mul_mm":
        b = rand_mat(*other)
        inputs.append([x for row in b for x in row])
        bt = "float%dx%d" % other
        decls.append("    %s b = %s(%s);" % (bt, bt, ", ".join("in1[%d]" % i for i in range(other[0] * other[1]))))
        p = matmul(m, b)
        expr, out = "mul(m, b)", [x for row in p for x in row]
        desc = "mul(float%dx%d, float%dx%d): the matrix product" % (r, c, other[0], other[1])
    elif kind == "transpose":
        expr, out = "transpose(m)", [m[i][j] for j in range(c) for i in range(r)]
        desc = "transpose(float%dx%d), read back row by row" % (r, c)
    else:
        b = rand_mat(r, c)
        inputs.append([x for row in b for x in row])
        decls.append("    %s b = %s(%s);" % (mt, mt, ", ".join("in1[%d]" % i for i in range(r * c))))
        out = [m[i][j] * b[i][j] + m[i][j] for i in range(r) for j in range(c)]
        expr = "m * b + m"
        desc = "float%dx%d * float%dx%d is component-wise in HLSL (then + m)" % (r, c, r, c)
    name = "gen_mat_%s_%dx%d" % (kind, r, c)
    if kind == "mul_mm":
        name += "_x%dx%d" % other
    k = Kernel(name, [desc + ".", "Small integer entries: every sum is exact, so results are bit-exact.",
                      "Matrices are built from scalars (row-major constructor order) and read back row by row."])
    for j, vals in enumerate(inputs):
        k.buffers.append(directive_list("buffer t%d ro float[%d] =" % (j, len(vals)), [fmt_float(v) for v in vals]))
    ureg = len(inputs)
    k.buffers.append("// buffer u%d rw float[%d] = 0" % (ureg, len(out)))
    k.expects.append(directive_list("expect u%d =" % ureg, [fmt_float(f32(x) + 0.0) for x in out]))
    src = ["StructuredBuffer<float> in%d : register(t%d);" % (j, j) for j in range(len(inputs))]
    src.append("RWStructuredBuffer<float> dst : register(u%d);" % ureg)
    src += ["", "[numthreads(1, 1, 1)]", "void main() {"]
    src += decls
    if kind in ("mul_mv", "mul_vm"):
        src.append("    float%d r = %s;" % (len(out), expr))
        for i in range(len(out)):
            src.append("    dst[%d] = r[%d];" % (i, i))
    else:
        if kind == "transpose":
            rr, cc = c, r
        elif kind == "mul_mm":
            rr, cc = r, other[1]
        else:
            rr, cc = r, c
        src.append("    float%dx%d r = %s;" % (rr, cc, expr))
        src.append("    for (uint i = 0; i < %d; ++i)" % rr)
        src.append("        for (uint j = 0; j < %d; ++j)" % cc)
        src.append("            dst[i * %d + j] = r[i][j];" % cc)
    src.append("}")
    k.body = "\n".join(src) + "\n"
    return k


# ---------------------------------------------------------------------------------------
# Family 3: random integer and exact-float expression trees
# ---------------------------------------------------------------------------------------

class IntExpr:
    """Random int/uint expressions: text and value for each thread's inputs."""

    VARS = {"a": "int", "b": "int", "c": "uint", "d": "uint"}

    def __init__(self, rng):
        self.rng = rng

    def gen(self, ty, depth):
        """Returns (text, evaluator(env) -> value) of HLSL type ty ('int' or 'uint')."""
        rng = self.rng
        wrap = i32 if ty == "int" else u32
        if depth <= 0 or rng.random() < 0.15:
            if rng.random() < 0.7:
                v = rng.choice([n for n, t in self.VARS.items() if t == ty])
                return v, (lambda env, v=v: env[v])
            lit = rng.choice([0, 1, 2, 3, 5, 7, 31, 100, 65535, 123456])
            if ty == "int":
                if rng.random() < 0.3:
                    return "(%d)" % -lit, (lambda env, lit=lit: -lit)
                return "%d" % lit, (lambda env, lit=lit: lit)
            return "%du" % lit, (lambda env, lit=lit: lit)
        kind = rng.choice(["arith", "arith", "arith", "bit", "shift", "div", "unary", "minmax", "cast", "mixed", "select", "cmp", "clamp"])
        if kind == "arith":
            op = rng.choice("+-*")
            x, fx = self.gen(ty, depth - 1)
            y, fy = self.gen(ty, depth - 1)
            f = {"+": lambda p, q: p + q, "-": lambda p, q: p - q, "*": lambda p, q: p * q}[op]
            return "(%s %s %s)" % (x, op, y), (lambda env: wrap(f(fx(env), fy(env))))
        if kind == "bit":
            op = rng.choice("&|^")
            x, fx = self.gen(ty, depth - 1)
            y, fy = self.gen(ty, depth - 1)
            f = {"&": lambda p, q: p & q, "|": lambda p, q: p | q, "^": lambda p, q: p ^ q}[op]
            return "(%s %s %s)" % (x, op, y), (lambda env: wrap(f(fx(env), fy(env))))
        if kind == "shift":
            op = rng.choice(["<<", ">>"])
            x, fx = self.gen(ty, depth - 1)
            y, fy = self.gen("uint", depth - 1)
            if ty == "int" and re.fullmatch(r"\(?-?\d+\)?", x):
                # An unsuffixed literal shifted by a uint amount is uint in DXC (its
                # literals.hlsl: `1 << u`); the cast keeps this int shift an int one.
                x = "(int)%s" % x
            if op == "<<":
                return "(%s << %s)" % (x, y), (lambda env: wrap(fx(env) << (fy(env) & 31)))
            return "(%s >> %s)" % (x, y), (lambda env: wrap(fx(env) >> (fy(env) & 31)))
        if kind == "div":
            op = rng.choice("/%")
            x, fx = self.gen(ty, depth - 1)
            y, fy = self.gen(ty, depth - 1)
            one = "1" if ty == "int" else "1u"
            sev = "7" if ty == "int" else "7u"
            den = "((%s & %s) + %s)" % (y, sev, one)
            f = tdiv if op == "/" else trem
            return "(%s %s %s)" % (x, op, den), (lambda env: wrap(f(fx(env), (fy(env) & 7) + 1)))
        if kind == "unary":
            op = rng.choice("-~")
            x, fx = self.gen(ty, depth - 1)
            if op == "-":
                return "(-%s)" % x, (lambda env: wrap(-fx(env)))
            return "(~%s)" % x, (lambda env: wrap(~fx(env)))
        if kind == "minmax":
            fn = rng.choice(["min", "max", "abs"] if ty == "int" else ["min", "max"])
            x, fx = self.gen(ty, depth - 1)
            if fn == "abs":
                return "abs(%s)" % x, (lambda env: i32(abs(fx(env))))
            y, fy = self.gen(ty, depth - 1)
            f = min if fn == "min" else max
            return "%s(%s, %s)" % (fn, x, y), (lambda env: f(fx(env), fy(env)))
        if kind == "clamp":
            x, fx = self.gen(ty, depth - 1)
            lo, hi = sorted(self.rng.sample(range(-50 if ty == "int" else 0, 300), 2))
            suf = "" if ty == "int" else "u"
            return "clamp(%s, %d%s, %d%s)" % (x, lo, suf, hi, suf), (lambda env: min(max(fx(env), lo), hi))
        if kind == "cast":
            other = "uint" if ty == "int" else "int"
            x, fx = self.gen(other, depth - 1)
            return "((%s)%s)" % (ty, x), (lambda env: wrap(fx(env)))
        if kind == "mixed" and ty == "uint":
            # int op uint: the int operand converts to uint
            op = rng.choice("+-*&|^")
            x, fx = self.gen("int", depth - 1)
            y, fy = self.gen("uint", depth - 1)
            f = {"+": lambda p, q: p + q, "-": lambda p, q: p - q, "*": lambda p, q: p * q,
                 "&": lambda p, q: p & q, "|": lambda p, q: p | q, "^": lambda p, q: p ^ q}[op]
            if rng.random() < 0.5:
                return "(%s %s %s)" % (x, op, y), (lambda env: u32(f(u32(fx(env)), fy(env))))
            return "(%s %s %s)" % (y, op, x), (lambda env: u32(f(fy(env), u32(fx(env)))))
        if kind in ("select", "mixed"):
            cond, fc = self.gen_cmp(depth - 1)
            x, fx = self.gen(ty, depth - 1)
            y, fy = self.gen(ty, depth - 1)
            return "(%s ? %s : %s)" % (cond, x, y), (lambda env: fx(env) if fc(env) else fy(env))
        # cmp: a bool promoted to the type
        cond, fc = self.gen_cmp(depth - 1)
        return "((%s)(%s))" % (ty, cond), (lambda env: int(fc(env)))

    def gen_cmp(self, depth):
        rng = self.rng
        op = rng.choice(["<", "<=", ">", ">=", "==", "!="])
        f = {"<": lambda p, q: p < q, "<=": lambda p, q: p <= q, ">": lambda p, q: p > q,
             ">=": lambda p, q: p >= q, "==": lambda p, q: p == q, "!=": lambda p, q: p != q}[op]
        tx, ty = rng.choice([("int", "int"), ("uint", "uint"), ("int", "uint")])
        x, fx = self.gen(tx, depth)
        y, fy = self.gen(ty, depth)
        if tx != ty:  # mixed comparison: both operands convert to uint
            return "(%s %s %s)" % (x, op, y), (lambda env: f(u32(fx(env)), fy(env)))
        return "(%s %s %s)" % (x, op, y), (lambda env: f(fx(env), fy(env)))


def family_int_expr(rng, count):
    kernels = []
    for n in range(count):
        gen = IntExpr(rng)
        exprs = []
        for e in range(4):
            ty = rng.choice(["int", "uint"])
            text, f = gen.gen(ty, rng.choice([3, 4, 5]))
            exprs.append((ty, text, f))
        a = int_inputs(rng, "int", N)
        b = int_inputs(rng, "int", N, edges=False)
        c = int_inputs(rng, "uint", N)
        d = int_inputs(rng, "uint", N, edges=False)
        out = []
        for i in range(N):
            env = {"a": a[i], "b": b[i], "c": c[i], "d": d[i]}
            for ty, text, f in exprs:
                out.append(u32(f(env)))
        k = Kernel("gen_expr_int_%02d" % n, [
            "Random int/uint expression trees (seeded): wrapping + - *, bitwise ops, shifts (amounts",
            "masked to 5 bits), / and % by positive divisors, int -> uint promotion in mixed operations",
            "and comparisons, casts, ternaries, min/max/abs/clamp. Four expressions per thread, each",
            "stored as uint; expected values from the generator's model of HLSL's integer rules.",
        ])
        for j, (nm, vals) in enumerate((("a", a), ("b", b), ("c", c), ("d", d))):
            k.buffers.append(directive_list("buffer t%d ro %s[%d] =" % (j, "int" if j < 2 else "uint", N), [str(v) for v in vals]))
        k.buffers.append("// buffer u4 rw uint[%d] = 0" % (4 * N))
        k.expects.append(directive_list("expect u4 =", [str(v) for v in out]))
        src = [
            "StructuredBuffer<int> A : register(t0);",
            "StructuredBuffer<int> B : register(t1);",
            "StructuredBuffer<uint> C : register(t2);",
            "StructuredBuffer<uint> D : register(t3);",
            "RWStructuredBuffer<uint> dst : register(u4);",
            "",
            "[numthreads(%d, 1, 1)]" % N,
            "void main(uint i : SV_GroupIndex) {",
            "    int a = A[i];",
            "    int b = B[i];",
            "    uint c = C[i];",
            "    uint d = D[i];",
        ]
        for e, (ty, text, f) in enumerate(exprs):
            src.append("    %s e%d = %s;" % (ty, e, text))
            src.append("    dst[i * 4 + %d] = (uint)e%d;" % (e, e))
        src.append("}")
        k.body = "\n".join(src) + "\n"
        kernels.append(k)
    return kernels


class FloatExpr:
    """Random float expressions whose every intermediate value is exact in f32 (checked)."""

    def __init__(self, rng):
        self.rng = rng

    def gen(self, depth):
        rng = self.rng
        if depth <= 0 or rng.random() < 0.2:
            if rng.random() < 0.75:
                v = rng.choice("xyzw")
                return v, (lambda env, v=v: env[v])
            lit = rng.choice([0.5, 0.25, 1.0, 2.0, 3.0, 1.5, -2.0, 0.75])
            return "%r" % lit, (lambda env, lit=lit: lit)
        kind = rng.choice(["+", "-", "*", "min", "max", "abs", "floor", "ceil", "neg", "sel", "sat", "vec"])
        x, fx = self.gen(depth - 1)
        if kind in "+-":
            y, fy = self.gen(depth - 1)
            f = (lambda p, q: p + q) if kind == "+" else (lambda p, q: p - q)
            return "(%s %s %s)" % (x, kind, y), (lambda env: f(fx(env), fy(env)))
        if kind == "*":
            lit = rng.choice([0.5, 2.0, -1.5, 0.25, 3.0])
            return "(%s * %r)" % (x, lit), (lambda env: fx(env) * lit)
        if kind in ("min", "max"):
            y, fy = self.gen(depth - 1)
            f = min if kind == "min" else max
            return "%s(%s, %s)" % (kind, x, y), (lambda env: f(fx(env), fy(env)))
        if kind == "abs":
            return "abs(%s)" % x, (lambda env: abs(fx(env)))
        if kind == "floor":
            return "floor(%s)" % x, (lambda env: float(math.floor(fx(env))))
        if kind == "ceil":
            return "ceil(%s)" % x, (lambda env: float(math.ceil(fx(env))))
        if kind == "neg":
            return "(-%s)" % x, (lambda env: -fx(env))
        if kind == "sat":
            return "saturate(%s)" % x, (lambda env: min(max(fx(env), 0.0), 1.0))
        if kind == "vec":
            # through a vector: swizzle and dot with exact values
            y, fy = self.gen(depth - 1)
            return "dot(float2(%s, %s), float2(0.5, 2.0))" % (x, y), (lambda env: fx(env) * 0.5 + fy(env) * 2.0)
        y, fy = self.gen(depth - 1)
        z, fz = self.gen(depth - 1)
        return "(%s < %s ? %s : %s)" % (x, y, z, x), (lambda env: fz(env) if fx(env) < fy(env) else fx(env))


def family_float_expr(rng, count):
    kernels = []
    n = 0
    while len(kernels) < count:
        gen = FloatExpr(rng)
        exprs = [gen.gen(rng.choice([3, 4])) for _ in range(4)]
        ins = {v: [round(rng.uniform(-16, 16) * 4) / 4 for _ in range(N)] for v in "xyzw"}
        out = []
        ok = True
        for i in range(N):
            env = {v: ins[v][i] for v in "xyzw"}
            for text, f in exprs:
                val = f(env) + 0.0  # no -0.0 from the model: comparisons below are exact anyway
                if f32(val) != val or abs(val) > 2**20:
                    ok = False
                out.append(val)
        if not ok:
            continue
        k = Kernel("gen_expr_float_%02d" % n, [
            "Random float expression trees (seeded) over values that are multiples of 1/4: + - * by",
            "exact constants, min/max/abs/floor/ceil/saturate, negation, dot with exact weights,",
            "ternaries. Every intermediate is exactly representable, so results are exact whatever",
            "the evaluation order or fusion; compared to 0ulp (numerically equal: -0.0 = 0.0).",
        ])
        for j, v in enumerate("xyzw"):
            k.buffers.append(directive_list("buffer t%d ro float[%d] =" % (j, N), [fmt_float(x) for x in ins[v]]))
        k.buffers.append("// buffer u4 rw float[%d] = 0" % (4 * N))
        k.expects.append(directive_list("expect u4 ~ 0ulp =", [fmt_float(x) for x in out]))
        src = ["StructuredBuffer<float> X%s : register(t%d);" % (v.upper(), j) for j, v in enumerate("xyzw")]
        src += ["RWStructuredBuffer<float> dst : register(u4);", "", "[numthreads(%d, 1, 1)]" % N,
                "void main(uint i : SV_GroupIndex) {"]
        for v in "xyzw":
            src.append("    float %s = X%s[i];" % (v, v.upper()))
        for e, (text, f) in enumerate(exprs):
            src.append("    dst[i * 4 + %d] = %s;" % (e, text))
        src.append("}")
        k.body = "\n".join(src) + "\n"
        kernels.append(k)
        n += 1
    return kernels


# ---------------------------------------------------------------------------------------
# Family 4: random structured control flow
# ---------------------------------------------------------------------------------------

class Break(Exception):
    pass


class Continue(Exception):
    pass


class Flow:
    """Random statements over int variables v0..v3; a tiny interpreter gives the results."""

    def __init__(self, rng):
        self.rng = rng
        self.expr = IntExpr(rng)
        self.loop_id = 0

    def int_expr(self, depth=2):
        # expressions over v0..v3 (ints) and the thread inputs
        rng = self.rng
        if depth == 0 or rng.random() < 0.3:
            if rng.random() < 0.8:
                v = rng.choice(["v0", "v1", "v2", "v3", "a", "b"])
                return v, (lambda env, v=v: env[v])
            lit = rng.randint(-9, 9)
            return "(%d)" % lit, (lambda env, lit=lit: lit)
        op = rng.choice(["+", "-", "*", "^", "&", ">>", "min", "max"])
        x, fx = self.int_expr(depth - 1)
        y, fy = self.int_expr(depth - 1)
        if op == ">>":
            return "(%s >> (%s & 7))" % (x, y), (lambda env: i32(fx(env) >> (fy(env) & 7)))
        if op in ("min", "max"):
            f = min if op == "min" else max
            return "%s(%s, %s)" % (op, x, y), (lambda env: f(fx(env), fy(env)))
        f = {"+": lambda p, q: p + q, "-": lambda p, q: p - q, "*": lambda p, q: p * q,
             "^": lambda p, q: p ^ q, "&": lambda p, q: p & q}[op]
        return "(%s %s %s)" % (x, op, y), (lambda env: i32(f(fx(env), fy(env))))

    def cond(self):
        x, fx = self.int_expr(1)
        y, fy = self.int_expr(1)
        op = self.rng.choice(["<", ">", "==", "!=", "<=", ">="])
        f = {"<": lambda p, q: p < q, "<=": lambda p, q: p <= q, ">": lambda p, q: p > q,
             ">=": lambda p, q: p >= q, "==": lambda p, q: p == q, "!=": lambda p, q: p != q}[op]
        if self.rng.random() < 0.3:  # parity tests are taken often
            return "((%s & 1) == 0)" % x, (lambda env: (fx(env) & 1) == 0)
        return "(%s %s %s)" % (x, op, y), (lambda env: f(fx(env), fy(env)))

    def block(self, depth, in_loop, ind):
        stmts = [self.stmt(depth, in_loop, ind) for _ in range(self.rng.randint(1, 3))]
        text = "".join(t for t, _ in stmts)

        def run(env, stmts=stmts):
            for _, f in stmts:
                f(env)
        return text, run

    def stmt(self, depth, in_loop, ind):
        rng = self.rng
        pad = "    " * ind
        choices = ["assign", "assign", "assign"]
        if depth > 0:
            choices += ["if", "for", "while", "switch"]
        if in_loop:
            choices += ["break", "continue"]
        kind = rng.choice(choices)
        if kind == "assign":
            v = rng.choice(["v0", "v1", "v2", "v3"])
            op = rng.choice(["=", "+=", "^=", "-="])
            x, fx = self.int_expr(2)
            f = {"=": lambda p, q: q, "+=": lambda p, q: p + q, "^=": lambda p, q: p ^ q, "-=": lambda p, q: p - q}[op]

            def run(env, v=v, f=f, fx=fx):
                env[v] = i32(f(env[v], fx(env)))
            return "%s%s %s %s;\n" % (pad, v, op, x), run
        if kind == "break":
            x, fc = self.cond()

            def run(env, fc=fc):
                if fc(env):
                    raise Break()
            return "%sif %s break;\n" % (pad, x), run
        if kind == "continue":
            x, fc = self.cond()

            def run(env, fc=fc):
                if fc(env):
                    raise Continue()
            return "%sif %s continue;\n" % (pad, x), run
        if kind == "if":
            c, fc = self.cond()
            t1, f1 = self.block(depth - 1, in_loop, ind + 1)
            if rng.random() < 0.5:
                t2, f2 = self.block(depth - 1, in_loop, ind + 1)
                text = "%sif %s {\n%s%s} else {\n%s%s}\n" % (pad, c, t1, pad, t2, pad)
            else:
                t2, f2 = "", (lambda env: None)
                text = "%sif %s {\n%s%s}\n" % (pad, c, t1, pad)

            def run(env, fc=fc, f1=f1, f2=f2):
                if fc(env):
                    f1(env)
                else:
                    f2(env)
            return text, run
        if kind in ("for", "while"):
            self.loop_id += 1
            i = "k%d" % self.loop_id
            src = rng.choice(["a", "b", "v0", "v1"])
            # trip count 0..7 from the data
            t, f = self.block(depth - 1, True, ind + 1)
            if kind == "for":
                text = ("%sint n%s = %s & 7;\n%sfor (int %s = 0; %s < n%s; ++%s) {\n%s%s}\n"
                        % (pad, i, src, pad, i, i, i, i, t, pad))
            else:
                text = ("%sint %s = %s & 7;\n%swhile (%s > 0) {\n%s    %s -= 1;\n%s%s}\n"
                        % (pad, i, src, pad, i, pad, i, t, pad))

            def run(env, f=f, src=src, kind=kind):
                n = env[src] & 7
                for _ in range(n):
                    try:
                        f(env)
                    except Continue:
                        continue
                    except Break:
                        break
            return text, run
        # switch on a small value; every case ends in break (DXC rejects fall-through
        # out of non-empty cases only in some versions; this stays portable)
        x, fx = self.int_expr(1)
        cases = rng.sample(range(0, 4), rng.randint(1, 3))
        bodies = []
        text = "%sswitch (%s & 3) {\n" % (pad, x)
        for cv in cases:
            t, f = self.block(0, False, ind + 2)
            bodies.append((cv, f))
            text += "%s    case %d: {\n%s%s        break;\n%s    }\n" % (pad, cv, t, pad, pad)
        has_default = rng.random() < 0.5
        if has_default:
            t, fd = self.block(0, False, ind + 2)
            text += "%s    default: {\n%s%s        break;\n%s    }\n" % (pad, t, pad, pad)
        else:
            fd = None
        text += "%s}\n" % pad

        def run(env, fx=fx, bodies=bodies, fd=fd):
            s = fx(env) & 3
            for cv, f in bodies:
                if cv == s:
                    f(env)
                    return
            if fd:
                fd(env)
        return text, run


def family_flow(rng, count):
    kernels = []
    for n in range(count):
        fl = Flow(rng)
        body, run = fl.block(3, False, 1)
        a = [rng.randint(-20, 20) for _ in range(N)]
        b = [rng.randint(-(2**20), 2**20) for _ in range(N)]
        out = []
        for i in range(N):
            env = {"a": a[i], "b": b[i], "v0": a[i], "v1": b[i], "v2": i, "v3": 7}
            run(env)
            out += [env["v0"], env["v1"], env["v2"], env["v3"]]
        k = Kernel("gen_flow_%02d" % n, [
            "Random structured control flow (seeded): nested if/else, for and while loops whose trip",
            "counts come from the data (0-7, different per thread), break/continue, switch with",
            "default; int arithmetic wraps. The generator's interpreter runs the same program.",
        ])
        k.buffers.append(directive_list("buffer t0 ro int[%d] =" % N, [str(v) for v in a]))
        k.buffers.append(directive_list("buffer t1 ro int[%d] =" % N, [str(v) for v in b]))
        k.buffers.append("// buffer u2 rw int[%d] = 0" % (4 * N))
        k.expects.append(directive_list("expect u2 =", [str(v) for v in out]))
        src = ["StructuredBuffer<int> A : register(t0);", "StructuredBuffer<int> B : register(t1);",
               "RWStructuredBuffer<int> dst : register(u2);", "", "[numthreads(%d, 1, 1)]" % N,
               "void main(uint i : SV_GroupIndex) {",
               "    int a = A[i];", "    int b = B[i];",
               "    int v0 = a;", "    int v1 = b;", "    int v2 = (int)i;", "    int v3 = 7;"]
        k.body = "\n".join(src) + "\n" + body + "\n".join([
            "    dst[i * 4 + 0] = v0;", "    dst[i * 4 + 1] = v1;", "    dst[i * 4 + 2] = v2;",
            "    dst[i * 4 + 3] = v3;", "}"]) + "\n"
        kernels.append(k)
    return kernels


# ---------------------------------------------------------------------------------------


def all_kernels():
    kernels = []
    kernels += family_ops(random.Random(1))
    kernels += family_matrix(random.Random(2))
    kernels += family_int_expr(random.Random(3), 24)
    kernels += family_float_expr(random.Random(4), 12)
    kernels += family_flow(random.Random(5), 16)
    kernels += conv.family_conv(random.Random(6), CONV_COUNT, Kernel, wrap_list)
    kernels += conv.family_overload(random.Random(7), OVERLOAD_COUNT, Kernel, wrap_list)
    kernels += conv.family_matrix_conv(random.Random(8), CONVMAT_COUNT, Kernel, wrap_list)
    kernels += intrin.family_intrin(random.Random(9), INTRIN_COUNT, Kernel, wrap_list)
    names = [k.name for k in kernels]
    assert len(names) == len(set(names)), "duplicate kernel names"
    unknown = set(KNOWN) - set(names)
    assert not unknown, "KNOWN names no kernel: %s" % sorted(unknown)
    return kernels


def main():
    check = "--check" in sys.argv[1:]
    kernels = all_kernels()
    if "--peer-dir" in sys.argv[1:]:
        # The gen_conv kernels with every implicit vector truncation spelled as a swizzle (same
        # semantics under DXC's rules), for Slang and glslang, which reject the implicit form.
        out = sys.argv[sys.argv.index("--peer-dir") + 1]
        os.makedirs(out, exist_ok=True)
        for k in kernels:
            if hasattr(k, "peer_body"):
                k.body = k.peer_body
                with open(os.path.join(out, k.name + ".hlsl"), "w") as fh:
                    fh.write(k.text())
        return
    wanted = {k.name + ".hlsl": k.text() for k in kernels}
    existing = {f for f in os.listdir(OUT_DIR) if f.startswith("gen_") and f.endswith(".hlsl")}
    stale = sorted(existing - set(wanted))
    differ = sorted(f for f, t in wanted.items()
                    if not os.path.exists(os.path.join(OUT_DIR, f))
                    or open(os.path.join(OUT_DIR, f)).read() != t)
    if check:
        if stale or differ:
            print("generated kernels are out of date: %d differ, %d stale; run %s"
                  % (len(differ), len(stale), os.path.relpath(__file__)))
            sys.exit(1)
        print("%d generated kernels up to date" % len(wanted))
        return
    for f in stale:
        os.remove(os.path.join(OUT_DIR, f))
    for f in differ:
        with open(os.path.join(OUT_DIR, f), "w") as fh:
            fh.write(wanted[f])
    print("%d kernels (%d written, %d removed)" % (len(wanted), len(differ), len(stale)))


if __name__ == "__main__":
    main()
