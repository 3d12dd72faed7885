"""The `gen_conv_NN`, `gen_overload_NN` and `gen_convmat_NN` families of
tests/exec/gen/generate.py: HLSL's implicit conversions, overload resolution among user
functions (`family_overload`, a model of DXC's ScoreCast) and matrix shapes
(`family_matrix_conv`).

A CPU model of DXC's typing rules (tools/clang/lib/Sema/SemaHLSL.cpp) drives random,
well-typed statements that mix bool, int, uint, int16_t, uint16_t, int64_t, uint64_t, half,
float and double scalars and vectors with untyped and suffixed literals:

- the element type of a binary operator, a ternary's arms and a multi-argument intrinsic
  (min, max, clamp) is `CombineBasicTypes`: equal kinds stay; bool with bool is bool (made
  int for arithmetic); two literals stay literal; if exactly one side is floating, the
  floating side's type wins whatever the other's width (`half + int64_t` is half, `int *
  1.5` float); otherwise the wider width, unsigned if either side is unsigned (`uint16_t +
  int` is uint, `int64_t + uint` uint64_t), and an untyped literal or bool takes the other
  side's type (`int16_t + 1` is int16_t, `bool + 1` int);
- the shape is `CombineDimensions`: equal shapes stay, a scalar splats, two vectors of
  different lengths truncate to the shorter;
- comparisons compute in the combined type and give bool (vectors: bool vectors); `&&`/`||`
  take scalars only (HLSL 2021) and convert to bool;
- a compound assignment computes in the combined element kind with the left side's shape
  and converts back to the left side's type (`int i; i += 1.7` is `(int)((float)i + 1.7f)`);
- shifts keep the left operand's type and mask the amount to its width;
- literal suffixes: `u` uint, `ll` int64_t, `ull` uint64_t, `f` float, `l` double, `h` half;
  an unsuffixed `1` / `1.5` is a literal whose type comes from the other operand;
- function arguments and return values convert to the declared parameter / return type
  (splat from a scalar, truncation from a longer vector); constructors convert each piece.

Values are modelled exactly: integers wrap at their width, float arithmetic is rounded once
to the result's precision (Python `Fraction` → nearest even, with f16/f32/f64 exponent
ranges), int → float conversions round to nearest even, float → int truncates toward zero.
Floats are compared numerically (`~ 0ulp`: -0.0 equals 0.0, since a Vulkan driver need not
keep the sign of zero without SignedZeroInfNanPreserve, nor min/max choose between zeros).
Anything whose result is unspecified in HLSL/SPIR-V/WGSL (a float → int conversion out of
range or of a negative value to unsigned, an overflow to infinity, a denormal result, a
division by zero, clamp bounds out of order)
makes the generator throw that expression away and draw another, so no expectation rests
on undefined behaviour. Each expression's static type is also checked directly: a `tag()`
overload set with one exact-match function per scalar/vector type returns a code (kind *
10 + length) that the model predicts.

Kernels with `-enable-16bit-types` use all kinds; kernels without it leave out the 16-bit
ones (`half` is then 32-bit float in DXC's SPIR-V, which the model follows, and gets no tag).
Left out on purpose: min-precision types (`min16float` may compute at 16 or 32 bits), vector
conditions of `?:` (HLSL 2021 rejects them), division and `%` by run-time values, float
division other than by powers of two, bool operands of min/max/clamp/abs, and 64-bit
integer ordering (`<`, min/max…) against constants, which lavapipe (Mesa 22.3.6) gets wrong
(tests/exec/README.md).
"""

import math
import random
import re
from fractions import Fraction

N = 16

# kind -> (hlsl name, bits, floating, unsigned)
KINDS = {
    "bool": ("bool", 0, False, False),
    "int": ("int", 32, False, False),
    "uint": ("uint", 32, False, True),
    "i16": ("int16_t", 16, False, False),
    "u16": ("uint16_t", 16, False, True),
    "i64": ("int64_t", 64, False, False),
    "u64": ("uint64_t", 64, False, True),
    "half": ("half", 16, True, False),
    "float": ("float", 32, True, False),
    "double": ("double", 64, True, False),
    "lint": (None, 0, False, False),
    "lfloat": (None, 0, True, False),
}
TAG = {k: i for i, k in enumerate(["bool", "int", "uint", "i16", "u16", "i64", "u64", "half", "float", "double"])}
INTS = ["int", "uint", "i16", "u16", "i64", "u64"]
FLOATS = ["half", "float", "double"]


class Undefined(Exception):
    """The value would rest on behaviour HLSL leaves unspecified: draw another expression."""


def is_float(k):
    return KINDS[k][2]


def is_literal(k):
    return k in ("lint", "lfloat")


def bits(k, half16=True):
    b = KINDS[k][1]
    if k == "half" and not half16:
        return 32
    return b


def combine(a, b):
    """CombineBasicTypes (SemaHLSL.cpp) without min-precision kinds."""
    if a == b:
        return a
    if a == "bool" and b == "bool":
        return "bool"
    fl = is_float(a) or is_float(b)
    if is_literal(a) and is_literal(b):
        return "lfloat" if fl else "lint"
    width = max(KINDS[a][1], KINDS[b][1])
    if fl and not (is_float(a) and is_float(b)):
        width = KINDS[a if is_float(a) else b][1]
    if width == 0:
        width = 32
    if fl:
        return {16: "half", 32: "float", 64: "double"}[width]
    uns = KINDS[a][3] or KINDS[b][3]
    return {16: ("i16", "u16"), 32: ("int", "uint"), 64: ("i64", "u64")}[width][uns]


def combine_dims(a, b):
    """CombineDimensions for scalars (1) and vectors: splat, or truncate to the shorter."""
    if a == b:
        return a
    if a == 1 or b == 1:
        return max(a, b)
    return min(a, b)


def type_name(kind, dim):
    name = KINDS[kind][0]
    if dim == 1:
        return name
    if kind in ("bool", "int", "uint", "half", "float", "double"):
        return "%s%d" % (name, dim)
    return "vector<%s, %d>" % (name, dim)


# ---------------------------------------------------------------------------------------
# exact arithmetic
# ---------------------------------------------------------------------------------------

FMT = {"half": (11, -14, 65504.0), "float": (24, -126, 3.4028234663852886e38),
       "double": (53, -1022, 1.7976931348623157e308)}


def round_float(q, kind):
    """Rounds an exact value (int, float or Fraction) to the nearest `kind` (ties to even)."""
    p, emin, fmax = FMT[kind]
    q = Fraction(q)
    if q == 0:
        return 0.0
    sign = -1 if q < 0 else 1
    q = abs(q)
    e = q.numerator.bit_length() - q.denominator.bit_length()
    if Fraction(2) ** e > q:
        e -= 1
    if Fraction(2) ** (e + 1) <= q:
        e += 1
    if e < emin:
        raise Undefined("denormal")  # flushed or kept: left to the device
    scale = p - 1 - e
    m = q * Fraction(2) ** scale
    n = m.numerator // m.denominator
    r = m - n
    if r > Fraction(1, 2) or (r == Fraction(1, 2) and n % 2 == 1):
        n += 1
    v = math.ldexp(n, -scale)
    if v > fmax:
        raise Undefined("overflow")
    return sign * v


def wrap(v, kind):
    b = KINDS[kind][1]
    v &= (1 << b) - 1
    if not KINDS[kind][3] and v >> (b - 1):
        v -= 1 << b
    return v


class Model:
    def __init__(self, half16):
        self.half16 = half16

    def fkind(self, k):
        """The precision a float kind computes in (`half` is f32 without 16-bit types)."""
        if k == "half" and not self.half16:
            return "float"
        return k

    def conv(self, v, src, dst):
        """One scalar converted from kind src to kind dst."""
        if dst == src:
            return v
        if dst == "bool":
            return v != 0
        if dst in INTS:
            if is_float(src):
                if v != v or v in (math.inf, -math.inf):
                    raise Undefined("nan")
                t = math.trunc(v)
                b = KINDS[dst][1]
                lo, hi = (0, (1 << b) - 1) if KINDS[dst][3] else (-(1 << (b - 1)), (1 << (b - 1)) - 1)
                if t < lo or t > hi or (KINDS[dst][3] and v < 0):
                    raise Undefined("float to int out of range")
                return t
            return wrap(int(v), dst)
        if dst in FLOATS:
            return round_float(int(v) if not is_float(src) else v, self.fkind(dst))
        if dst == "lint":
            return int(v)
        raise AssertionError((src, dst))

    def arith(self, op, x, y, k):
        if k in INTS:
            b = KINDS[k][1]
            if op == "+":
                return wrap(x + y, k)
            if op == "-":
                return wrap(x - y, k)
            if op == "*":
                return wrap(x * y, k)
            if op == "&":
                return wrap(x & y, k)
            if op == "|":
                return wrap(x | y, k)
            if op == "^":
                return wrap(x ^ y, k)
            if op == "/":
                if y == 0:
                    raise Undefined("div0")
                q = abs(x) // abs(y)
                return wrap(q if (x >= 0) == (y >= 0) else -q, k)
            if op == "%":
                if y == 0:
                    raise Undefined("div0")
                q = abs(x) // abs(y)
                q = q if (x >= 0) == (y >= 0) else -q
                return wrap(x - y * q, k)
            if op == "<<":
                return wrap(x << (y & (b - 1)), k)
            if op == ">>":
                return wrap(x >> (y & (b - 1)), k)
        else:
            fk = self.fkind(k)
            if op == "+":
                return round_float(Fraction(x) + Fraction(y), fk)
            if op == "-":
                return round_float(Fraction(x) - Fraction(y), fk)
            if op == "*":
                return round_float(Fraction(x) * Fraction(y), fk)
            if op == "/":
                if y == 0:
                    raise Undefined("div0")
                return round_float(Fraction(x) / Fraction(y), fk)
        raise AssertionError(op)


# ---------------------------------------------------------------------------------------
# expressions: (text, kind, dim, eval(env) -> list of component values), precedence-safe
# ---------------------------------------------------------------------------------------

class Expr:
    def __init__(self, text, kind, dim, ev, literal_const=False):
        self.text, self.kind, self.dim, self.ev = text, kind, dim, ev
        self.literal_const = literal_const


def tr(text, have, want):
    """`text` (a primary expression of `have` components) used where `want` are taken: an
    implicit truncation in DXC's HLSL, marked so that the peer rendering can spell it out as a
    swizzle (Slang and glslang reject implicit vector truncation)."""
    if have > want and have > 1:
        return "%s\x01.%s\x02" % (text, "xyzw"[:want])
    return text


def render(text, peer):
    """Source text for DXC-semantics compilers (implicit truncations) or peers (explicit)."""
    if peer:
        return text.replace("\x01", "").replace("\x02", "")
    return re.sub("\x01[^\x02]*\x02", "", text)


def constant(text):
    """True if an expression reads no variable (so compilers may fold it to a constant)."""
    return re.search(r"\b(s|v\d)_", text) is None


def fit(vals, dim):
    """Values of a converted shape: splat a scalar, truncate a longer vector."""
    if len(vals) == dim:
        return vals
    if len(vals) == 1:
        return vals * dim
    assert len(vals) > dim
    return vals[:dim]


LINT = [0, 1, 2, 3, 7, 100, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 65535, 40000, 1000000]
LFLOAT = ["0.5", "1.5", "2.25", "0.75", "1.7", "0.1", "3.0", "100.5"]
SUFFIXED = [("1u", "uint", 1), ("3u", "uint", 3), ("0xFFFFFFFFu", "uint", 0xFFFFFFFF),
            ("2ll", "i64", 2), ("5000000000ll", "i64", 5000000000), ("3ull", "u64", 3),
            ("1.5f", "float", 1.5), ("0.1f", "float", None), ("2.5l", "double", 2.5),
            ("0.1l", "double", 0.1), ("1.5h", "half", 1.5), ("0.25h", "half", 0.25)]


class Gen:
    def __init__(self, rng, half16, vars_, hv2018=False):
        self.rng = rng
        self.half16 = half16
        self.hv2018 = hv2018  # HLSL 2018: vector `?:` conditions and vector `&&`/`||`
        self.m = Model(half16)
        self.vars = vars_  # name -> (kind, dim)
        self.funcs = {}  # name -> source
        self.used_tags = set()

    def kinds(self):
        ks = ["bool", "int", "uint", "i64", "u64", "half", "float", "double"]
        if self.half16:
            ks += ["i16", "u16"]
        return ks

    # leaves -------------------------------------------------------------------------
    def var(self, want_scalar=False):
        names = [n for n, (k, d) in self.vars.items() if not want_scalar or d == 1]
        n = self.rng.choice(names)
        k, d = self.vars[n]
        return Expr(n, k, d, lambda env, n=n: env[n])

    def literal(self):
        rng = self.rng
        r = rng.random()
        if r < 0.4:
            v = rng.choice(LINT)
            text = ("0x%X" % v) if v >= 0x10000 and rng.random() < 0.5 else str(v)
            if rng.random() < 0.3 and v < 0x80000000:
                v, text = -v, "(-%s)" % text
            return Expr(text, "lint", 1, lambda env, v=v: [v], True)
        if r < 0.7:
            t = rng.choice(LFLOAT)
            v = float(t)
            if rng.random() < 0.3:
                v, t = -v, "(-%s)" % t
            return Expr(t, "lfloat", 1, lambda env, v=v: [v], True)
        text, k, v = rng.choice(SUFFIXED)
        if k in ("i16", "u16") or (k == "half" and not self.half16):
            k = k  # `h` literals are half (f32 without 16-bit types): the model handles both
        if v is None:
            v = float(text.rstrip("fhl"))
        if is_float(k):
            v = self.m.conv(v, "lfloat", k)  # decimal literal -> double -> kind, as DXC
        return Expr(text, k, 1, lambda env, v=v: [v])

    # composite --------------------------------------------------------------------
    def expr(self, depth):
        rng = self.rng
        if depth <= 0 or rng.random() < 0.15:
            return self.var() if rng.random() < 0.8 else self.literal()
        choice = rng.choice(["bin", "bin", "bin", "cmp", "logic", "ternary", "cast", "ctor",
                             "swizzle", "call", "intrinsic", "unary", "shift", "divrem"])
        return getattr(self, "e_" + choice)(depth)

    def operand(self, depth):
        e = self.expr(depth - 1)
        return e

    def binary(self, x, y, op, kind_override=None):
        k = kind_override or combine(x.kind, y.kind)
        if k == "bool":
            k = "int"  # arithmetic and bitwise operators take bool as int (BoolAsNumeric)
        d = combine_dims(x.dim, y.dim)
        m = self.m
        xk, yk = x.kind, y.kind

        def ev(env):
            a = [m.conv(v, xk, k) for v in fit(x.ev(env), d)]
            b = [m.conv(v, yk, k) for v in fit(y.ev(env), d)]
            return [m.arith(op, p, q, k) for p, q in zip(a, b)]
        return Expr("(%s %s %s)" % (tr(x.text, x.dim, d), op, tr(y.text, y.dim, d)), k, d, ev)

    def nonliteral_pair(self, depth):
        while True:
            x, y = self.operand(depth), self.operand(depth)
            if not (is_literal(x.kind) and is_literal(y.kind)):
                return x, y

    def e_bin(self, depth):
        x, y = self.nonliteral_pair(depth)
        k = combine(x.kind, y.kind)
        ops = ["+", "-", "*"]
        integral = INTS + ["bool", "lint"]
        if x.kind in integral and y.kind in integral:
            ops += ["&", "|", "^"]  # bitwise operators take integral operands only
        return self.binary(x, y, self.rng.choice(ops))

    def e_divrem(self, depth):
        x = self.operand(depth)
        while is_literal(x.kind) or x.kind == "bool":
            x = self.operand(depth)
        if is_float(x.kind):
            d = self.rng.choice(["2", "4.0", "0.5", "8u"])
            y = self.lit_of(d)
            return self.binary(x, y, "/")
        d = self.rng.choice(["3", "7", "10", "2u", "5ll", "16"])
        y = self.lit_of(d)
        if x.kind == "double" or combine(x.kind, y.kind) == "double":
            return self.binary(x, y, "/")
        return self.binary(x, y, self.rng.choice("/%"))

    def lit_of(self, text):
        if text.endswith("ll"):
            return Expr(text, "i64", 1, lambda env, v=int(text[:-2]): [v])
        if text.endswith("u"):
            return Expr(text, "uint", 1, lambda env, v=int(text[:-1]): [v])
        if "." in text:
            return Expr(text, "lfloat", 1, lambda env, v=float(text): [v], True)
        return Expr(text, "lint", 1, lambda env, v=int(text): [v], True)

    def e_shift(self, depth):
        x = self.operand(depth)
        while x.kind not in INTS:
            x = self.operand(depth)
        y = self.operand(depth)
        while y.kind not in INTS + ["lint"] or y.dim not in (1, x.dim):
            y = self.operand(depth) if self.rng.random() < 0.7 else self.lit_of(str(self.rng.choice([1, 3, 17, 33, 70])))
        op = self.rng.choice(["<<", ">>"])
        k = x.kind
        m = self.m
        d = combine_dims(x.dim, y.dim)
        yk = y.kind

        def ev(env):
            a = fit(x.ev(env), d)
            b = [m.conv(v, yk, k) for v in fit(y.ev(env), d)]
            return [m.arith(op, p, q, k) for p, q in zip(a, b)]
        return Expr("(%s %s %s)" % (tr(x.text, x.dim, d), op, tr(y.text, y.dim, d)), k, d, ev)

    def e_cmp(self, depth):
        x, y = self.nonliteral_pair(depth)
        k = combine(x.kind, y.kind)
        d = combine_dims(x.dim, y.dim)
        op = self.rng.choice(["<", "<=", ">", ">=", "==", "!="])
        if k in ("i64", "u64") and op not in ("==", "!=") and (constant(x.text) or constant(y.text)):
            raise Undefined("lavapipe orders 64-bit integers against constants wrongly")
        f = {"<": lambda p, q: p < q, "<=": lambda p, q: p <= q, ">": lambda p, q: p > q,
             ">=": lambda p, q: p >= q, "==": lambda p, q: p == q, "!=": lambda p, q: p != q}[op]
        m = self.m
        xk, yk = x.kind, y.kind

        def ev(env):
            a = [m.conv(v, xk, k) for v in fit(x.ev(env), d)]
            b = [m.conv(v, yk, k) for v in fit(y.ev(env), d)]
            return [f(p, q) for p, q in zip(a, b)]
        return Expr("(%s %s %s)" % (tr(x.text, x.dim, d), op, tr(y.text, y.dim, d)), "bool", d, ev)

    def scalar_operand(self, depth):
        e = self.operand(depth)
        while e.dim != 1:
            e = self.operand(depth)
        return e

    def e_logic(self, depth):
        if self.hv2018:
            # HLSL 2018: component-wise on vectors (shapes combine as for other operators)
            x, y = self.operand(depth), self.operand(depth)
        else:
            x, y = self.scalar_operand(depth), self.scalar_operand(depth)
        op = self.rng.choice(["&&", "||"])
        m = self.m
        xk, yk = x.kind, y.kind
        d = combine_dims(x.dim, y.dim)

        def ev(env):
            a = [m.conv(v, xk, "bool") for v in fit(x.ev(env), d)]
            b = [m.conv(v, yk, "bool") for v in fit(y.ev(env), d)]
            return [(p and q) if op == "&&" else (p or q) for p, q in zip(a, b)]
        return Expr("(%s %s %s)" % (tr(x.text, x.dim, d), op, tr(y.text, y.dim, d)), "bool", d, ev)

    def e_ternary(self, depth):
        if self.hv2018 and self.rng.random() < 0.6:
            return self.e_vector_ternary(depth)
        c = self.e_cmp(depth - 1) if self.rng.random() < 0.7 else self.scalar_operand(depth)
        while c.dim != 1 or is_literal(c.kind):
            c = self.e_cmp(depth - 1)
        x, y = self.nonliteral_pair(depth)
        k = combine(x.kind, y.kind)
        d = combine_dims(x.dim, y.dim)
        m = self.m
        xk, yk, ck = x.kind, y.kind, c.kind

        def ev(env):
            t = m.conv(c.ev(env)[0], ck, "bool")
            a = [m.conv(v, xk, k) for v in fit(x.ev(env), d)]
            b = [m.conv(v, yk, k) for v in fit(y.ev(env), d)]
            return a if t else b
        return Expr("(%s ? %s : %s)" % (c.text, tr(x.text, x.dim, d), tr(y.text, y.dim, d)), k, d, ev)

    def e_vector_ternary(self, depth):
        """HLSL 2018's component-wise `?:`: a bool-vector condition picks per component; arms
        combine as usual and a scalar result splats to the condition's length (DXC's
        CheckVectorConditional; a vector result must have the condition's length)."""
        c = self.e_cmp(depth - 1)
        while c.dim == 1:
            c = self.e_cmp(depth - 1)
        while True:
            x, y = self.nonliteral_pair(depth)
            d = combine_dims(x.dim, y.dim)
            if d in (1, c.dim):
                break
        k = combine(x.kind, y.kind)
        m = self.m
        xk, yk = x.kind, y.kind
        n = c.dim

        def ev(env):
            t = c.ev(env)
            a = [m.conv(v, xk, k) for v in fit(fit(x.ev(env), d), n)]
            b = [m.conv(v, yk, k) for v in fit(fit(y.ev(env), d), n)]
            return [p if q else r for p, q, r in zip(a, t, b)]
        return Expr("(%s ? %s : %s)" % (c.text, tr(x.text, x.dim, d), tr(y.text, y.dim, d)), k, n, ev)

    def e_cast(self, depth):
        x = self.operand(depth)
        k = self.rng.choice(self.kinds())
        d = x.dim if self.rng.random() < 0.7 or x.dim == 1 else self.rng.randint(1, x.dim)
        m = self.m
        xk = x.kind

        def ev(env):
            return [m.conv(v, xk, k) for v in fit(x.ev(env), d)]
        if self.rng.random() < 0.5 or " " in type_name(k, d) or x.dim > d:
            text = "((%s)%s)" % (type_name(k, d), tr(x.text, x.dim, d))
        else:
            text = "%s(%s)" % (type_name(k, d), x.text)
        return Expr(text, k, d, ev)

    def e_ctor(self, depth):
        k = self.rng.choice(self.kinds())
        d = self.rng.randint(2, 4)
        parts, n = [], 0
        while n < d:
            e = self.operand(depth)
            if n + e.dim > d:
                continue
            parts.append(e)
            n += e.dim
        m = self.m

        def ev(env):
            out = []
            for p in parts:
                out += [m.conv(v, p.kind, k) for v in p.ev(env)]
            return out
        return Expr("%s(%s)" % (type_name(k, d), ", ".join(p.text for p in parts)), k, d, ev)

    def e_swizzle(self, depth):
        x = self.var()
        if x.dim == 1:
            n = self.rng.randint(1, 4)
            sw = "x" * n
            idx = [0] * n
        else:
            n = self.rng.randint(1, 4)
            idx = [self.rng.randrange(x.dim) for _ in range(n)]
            sw = "".join("xyzw"[i] for i in idx)
        return Expr("%s.%s" % (x.text, sw), x.kind, n, lambda env: [x.ev(env)[i] for i in idx])

    def e_unary(self, depth):
        x = self.operand(depth)
        while is_literal(x.kind) or x.kind == "bool":
            x = self.operand(depth)
        op = self.rng.choice(["-", "!", "~"] if x.kind in INTS else ["-", "!"])
        m = self.m
        k = x.kind
        if op == "!":
            return Expr("(!%s)" % x.text, "bool", x.dim, lambda env: [not m.conv(v, k, "bool") for v in x.ev(env)])
        if op == "-":
            if k in INTS:
                return Expr("(-%s)" % x.text, k, x.dim, lambda env: [wrap(-v, k) for v in x.ev(env)])
            return Expr("(-%s)" % x.text, k, x.dim, lambda env: [-v for v in x.ev(env)])
        return Expr("(~%s)" % x.text, k, x.dim, lambda env: [wrap(~v, k) for v in x.ev(env)])

    def e_call(self, depth):
        x = self.operand(depth)
        pk = self.rng.choice(self.kinds())
        pd = x.dim if self.rng.random() < 0.6 else (self.rng.randint(1, x.dim) if x.dim > 1 else self.rng.randint(1, 4))
        rk = pk if self.rng.random() < 0.5 else self.rng.choice(self.kinds())
        rd = pd if self.rng.random() < 0.7 else self.rng.randint(1, pd)
        pn, rn = type_name(pk, pd), type_name(rk, rd)
        name = "pass_%s%d_%s%d" % (pk, pd, rk, rd)
        self.funcs[name] = "%s %s(%s x) { return %s; }" % (rn, name, pn, tr("x", pd, rd))
        m = self.m
        xk = x.kind

        def ev(env):
            a = [m.conv(v, xk, pk) for v in fit(x.ev(env), pd)]
            return [m.conv(v, pk, rk) for v in fit(a, rd)]
        return Expr("%s(%s)" % (name, tr(x.text, x.dim, pd)), rk, rd, ev)

    def e_intrinsic(self, depth):
        name = self.rng.choice(["min", "max", "clamp", "abs"])
        arity = {"min": 2, "max": 2, "clamp": 3, "abs": 1}[name]
        while True:
            args = [self.operand(depth) for _ in range(arity)]
            if any(a.kind == "bool" for a in args) or all(is_literal(a.kind) for a in args):
                continue
            dims = set(a.dim for a in args)
            if len(dims) == 1:
                break
        k = args[0].kind
        for a in args[1:]:
            k = combine(k, a.kind)
        if k in ("i64", "u64") and any(constant(a.text) for a in args):
            raise Undefined("lavapipe orders 64-bit integers against constants wrongly")
        if is_literal(k):
            k = {"lint": "int", "lfloat": "float"}[k]
        d = args[0].dim
        m = self.m

        def ev(env):
            vals = [[m.conv(v, a.kind, k) for v in a.ev(env)] for a in args]
            out = []
            for j in range(d):
                if name == "min":
                    out.append(min(vals[0][j], vals[1][j]))
                elif name == "max":
                    out.append(max(vals[0][j], vals[1][j]))
                elif name == "abs":
                    v = vals[0][j]
                    out.append(wrap(abs(v), k) if k in INTS else abs(v))
                else:
                    lo, hi = vals[1][j], vals[2][j]
                    if lo > hi:
                        raise Undefined("clamp bounds")
                    out.append(min(max(vals[0][j], lo), hi))
            return out
        return Expr("%s(%s)" % (name, ", ".join(a.text for a in args)), k, d, ev)


# ---------------------------------------------------------------------------------------
# kernels
# ---------------------------------------------------------------------------------------

def rand_value(rng, kind):
    if kind == "bool":
        return rng.random() < 0.5
    if kind in INTS:
        b = KINDS[kind][1]
        r = rng.random()
        if r < 0.6:
            v = rng.randint(-300, 300)
        elif r < 0.8:
            v = rng.randint(-70000, 70000)
        else:
            v = rng.randint(0, (1 << b) - 1)
        return wrap(v, kind)
    r = rng.random()
    lim = {"half": 200.0, "float": 5000.0, "double": 5000.0}[kind]
    v = round(rng.uniform(-lim, lim) * 8) / 8
    if r < 0.15:
        v = float(rng.randint(-20, 20))
    elif r < 0.2 and kind != "half":
        # the ends of the integer ranges that floats reach exactly: (int) / (uint) /
        # (int64_t) casts of them are defined, one step further is not
        v = rng.choice([2147483520.0, -2147483648.0, 4294967040.0, 16777216.0, -16777215.0,
                        9223371487098961920.0, 65504.0, -32768.0, 65535.0])
    return v


def init_expr(kind, dim, words, w):
    """HLSL text reading a variable of (kind, dim) from the raw words W[w...]."""
    comps = []
    for j in range(dim):
        i = "W[b + %d]" % (w + j * (2 if kind in ("i64", "u64") else 1))
        i2 = "W[b + %d]" % (w + j * 2 + 1)
        comps.append({
            "bool": "(%s != 0)" % i,
            "int": "asint(%s)" % i,
            "uint": i,
            "i16": "(int16_t)%s" % i,
            "u16": "(uint16_t)%s" % i,
            "i64": "(int64_t)(((uint64_t)%s << 32) | %s)" % (i2, i),
            "u64": "(((uint64_t)%s << 32) | %s)" % (i2, i),
            "half": "(half)asfloat(%s)" % i,
            "float": "asfloat(%s)" % i,
            "double": "(double)asfloat(%s)" % i,
        }[kind])
    if dim == 1:
        return comps[0]
    return "%s(%s)" % (type_name(kind, dim), ", ".join(comps))


def words_of(kind, v):
    import struct
    if kind == "bool":
        return [1 if v else 0]
    if kind in ("int", "uint", "i16", "u16"):
        return [v & 0xFFFFFFFF]
    if kind in ("i64", "u64"):
        v &= (1 << 64) - 1
        return [v & 0xFFFFFFFF, v >> 32]
    # half/float/double inputs are f32 values (exact in the kind: checked by the caller)
    return [struct.unpack("<I", struct.pack("<f", v))[0]]


def fmt_f(x):
    if x == 0 and math.copysign(1, x) < 0:
        return "-0.0"
    return repr(float(x))


def build_kernel(rng, idx, half16, count_exprs=6, hv2018=False):
    m = Model(half16)
    kinds = ["bool", "int", "uint", "i64", "u64", "half", "float", "double"]
    if half16:
        kinds += ["i16", "u16"]
    # variables: every kind once as a scalar, plus four random vectors
    vars_ = {}
    for k in kinds:
        vars_["s_" + k] = (k, 1)
    for j in range(4):
        k = rng.choice(kinds)
        vars_["v%d_%s" % (j, k)] = (k, rng.randint(2, 4))
    layout, w = {}, 0
    for n, (k, d) in vars_.items():
        layout[n] = w
        w += d * (2 if k in ("i64", "u64") else 1)
    per_thread = w
    # input values per thread
    envs, words = [], []
    for i in range(N):
        env, ws = {}, []
        for n, (k, d) in vars_.items():
            vals = [rand_value(rng, k) for _ in range(d)]
            if k in FLOATS:
                vals = [m.conv(v, "float", k) for v in vals]
            env[n] = vals
            for v in vals:
                ws += words_of(k, v)
        envs.append(env)
        words += ws
    gen = Gen(rng, half16, vars_, hv2018)
    stmts = []  # (hlsl statement lines, result kind, dim, values per thread, tag?)
    attempts = 0
    while len(stmts) < count_exprs:
        attempts += 1
        form = rng.choice(["expr", "expr", "expr", "compound", "assign"])
        try:
            if form == "compound":
                lk = rng.choice([k for k in kinds if k != "bool"])
                ld = rng.choice([1, 1, 2, 3, 4])
                start = rng.choice([n for n, (k, d) in vars_.items()])
                sk, sd = vars_[start]
                if sd != ld and sd != 1 and sd < ld:
                    continue
                e = gen.expr(rng.choice([1, 2, 2, 3]))
                if e.dim != 1 and e.dim < ld:
                    continue
                op = rng.choice(["+=", "-=", "*=", "+=", "-="] + (["<<=", ">>=", "&=", "|=", "^="] if lk in INTS else []))
                bop = op[:-1]
                if bop in ("&", "|", "^", "<<", ">>") and (e.kind not in INTS + ["lint"]):
                    continue
                ck = lk if bop in ("<<", ">>") else combine(lk, e.kind)
                if is_literal(ck):
                    continue
                vals = []
                for env in envs:
                    a = [m.conv(v, sk, lk) for v in fit(env[start], ld)]
                    b = [m.conv(v, e.kind, ck) for v in fit(e.ev(env), ld)]
                    r = [m.conv(m.arith(bop, m.conv(p, lk, ck), q, ck), ck, lk) for p, q in zip(a, b)]
                    vals.append(r)
                lines = ["%s r%d = %s;" % (type_name(lk, ld), len(stmts), tr(start, sd, ld)),
                         "r%d %s %s;" % (len(stmts), op, tr(e.text, e.dim, ld))]
                stmts.append((lines, lk, ld, vals, None))
            else:
                e = gen.expr(rng.choice([2, 3, 3, 4]))
                if is_literal(e.kind) or e.text in vars_:
                    continue
                vals = [e.ev(env) for env in envs]
                if form == "assign" and e.dim > 1 and rng.random() < 0.5:
                    # assignment truncates a vector to a shorter declared type
                    lk, ld = rng.choice(kinds), rng.randint(1, e.dim - 1)
                    vals = [[m.conv(v, e.kind, lk) for v in fit(vs, ld)] for vs in vals]
                    lines = ["%s r%d = %s;" % (type_name(lk, ld), len(stmts), tr(e.text, e.dim, ld))]
                    stmts.append((lines, lk, ld, vals, None))
                else:
                    tag = None
                    if not (e.kind == "half" and not half16):
                        tag = TAG[e.kind] * 10 + e.dim
                    lines = ["%s r%d = %s;" % (type_name(e.kind, e.dim), len(stmts), e.text)]
                    if tag is not None:
                        lines.append("uint t%d = tag(%s);" % (len(stmts), e.text))
                    stmts.append((lines, e.kind, e.dim, vals, tag))
        except Undefined:
            continue
    return vars_, layout, per_thread, words, gen, stmts


STORE_SEG = {"bool": "u32", "int": "i32", "uint": "u32", "i16": "i32", "u16": "u32",
             "i64": "i64", "u64": "u64", "half": "f32", "float": "f32", "double": "f64"}


def store_text(kind, src, slot):
    """HLSL statements storing one scalar `src` of `kind` into dst[slot...]."""
    if kind == "bool":
        return ["dst[%s] = %s ? 1u : 0u;" % (slot, src)]
    if kind in ("int", "i16"):
        return ["dst[%s] = asuint((int)%s);" % (slot, src)]
    if kind in ("uint", "u16"):
        return ["dst[%s] = (uint)%s;" % (slot, src)]
    if kind in ("i64", "u64"):
        return ["dst[%s] = (uint)((uint64_t)%s);" % (slot, src),
                "dst[%s + 1] = (uint)((uint64_t)%s >> 32);" % (slot, src)]
    if kind in ("half", "float"):
        return ["dst[%s] = asuint((float)%s);" % (slot, src)]
    if kind == "double":
        return ["{ uint lo, hi; asuint(%s, lo, hi); dst[%s] = lo; dst[%s + 1] = hi; }" % (src, slot, slot)]
    raise AssertionError(kind)


def seg_values(kind, v):
    if kind == "bool":
        return [str(int(bool(v)))]
    if kind in INTS:
        return [str(v)]
    return [fmt_f(v)]


def segment_lines(head, segs, width=96):
    """`TY [a, b, …] TY […]` over comment lines, broken only inside brackets (a directive
    continues on the next line while a `[` is open)."""
    lines, cur = [], head
    for ty, vs in segs:
        for j, v in enumerate(vs):
            piece = ("%s [" % ty if j == 0 else "") + v + ("]" if j + 1 == len(vs) else ",")
            if j > 0 and len(cur) + 1 + len(piece) > width:
                lines.append(cur)
                cur = "//     " + piece
            else:
                cur += ("" if cur.endswith("= ") else " ") + piece
    lines.append(cur)
    return "\n".join(lines)


def family_conv(rng, count, Kernel, wrap_list):
    kernels = []
    for n in range(count):
        half16 = n % 3 != 2
        hv2018 = n % 4 == 3
        vars_, layout, per_thread, words, gen, stmts = build_kernel(rng, n, half16, 8, hv2018)
        k = Kernel("gen_conv_%02d" % n, [
            "Random statements (seeded) mixing HLSL's scalar and vector types with implicit",
            "conversions: binary operators, comparisons, && and ||, ternaries, casts, constructors,",
            "swizzles (scalar ones too), calls through typed parameters and returns, min/max/clamp/abs",
            "with mixed arguments, compound assignments that convert, shifts, literals with and",
            "without suffixes. Types and values come from the DXC typing model in",
            "tests/exec/gen/conv.py (CombineBasicTypes / CombineDimensions; exact wrapping and",
            "rounding); each t<N> is tag() of the expression: kind * 10 + length (bool 0, int 1,",
            "uint 2, int16_t 3, uint16_t 4, int64_t 5, uint64_t 6, half 7, float 8, double 9).",
            "Results are stored per statement and component; floats compare numerically (-0.0 = 0.0).",
            ("16-bit types enabled." if half16 else "No -enable-16bit-types: half is 32-bit float.")
            + (" HLSL 2018: vector ?: conditions and vector && / || are component-wise." if hv2018 else ""),
        ])
        k.requires = ["int64", "f64"] + (["f16", "i16"] if half16 else [])
        hv = " -HV 2018" if hv2018 else ""
        if half16:
            k.exec = "-T cs_6_2 -E main -enable-16bit-types%s dispatch 1 1 1" % hv
        else:
            k.exec = "-T cs_6_0 -E main%s dispatch 1 1 1" % hv
        # output layout: per statement, [tag block] then per component a block of N values
        segs, src_store, off = [], [], 0
        k.slots = []  # (first word, words, statement index, what): for triage scripts
        for si, (lines, kind, dim, vals, tag) in enumerate(stmts):
            if tag is not None:
                k.slots.append((off, N, si, "tag"))
                segs.append(("u32", [str(tag)] * N))
                src_store.append("dst[%d + i] = t%d;" % (off, si))
                off += N
            width = 2 if kind in ("i64", "u64", "double") else 1
            for c in range(dim):
                comp = "r%d" % si if dim == 1 else "r%d.%s" % (si, "xyzw"[c])
                k.slots.append((off, N * width, si, comp))
                src_store += store_text(kind, comp, "%d + i * %d" % (off, width))
                segs.append((STORE_SEG[kind], [v for t in range(N) for v in seg_values(kind, vals[t][c])]))
                off += N * width
        k.buffers.append("// buffer t0 ro uint[%d] = " % len(words) + wrap_list([str(x) for x in words]))
        k.buffers.append("// buffer u1 rw uint[%d] = 0" % off)
        floats = any(ty in ("f32", "f64") for ty, _ in segs)
        k.expects.append(segment_lines("// expect u1 ~ 0ulp = " if floats else "// expect u1 = ", segs))
        src = ["StructuredBuffer<uint> W : register(t0);", "RWStructuredBuffer<uint> dst : register(u1);", ""]
        tags = set(TAG) if half16 else set(TAG) - {"half", "i16", "u16"}
        for kind in sorted(tags, key=lambda x: TAG[x]):
            for d in range(1, 5):
                src.append("uint tag(%s x) { return %d; }" % (type_name(kind, d), TAG[kind] * 10 + d))
        src.append("")
        for name in sorted(gen.funcs):
            src.append(gen.funcs[name])
        src += ["", "[numthreads(%d, 1, 1)]" % N, "void main(uint i : SV_GroupIndex) {",
                "    uint b = i * %d;" % per_thread]
        for n_, (kind, dim) in vars_.items():
            src.append("    %s %s = %s;" % (type_name(kind, dim), n_, init_expr(kind, dim, None, layout[n_])))
        for lines, *_ in stmts:
            src += ["    " + l for l in lines]
        src += ["    " + l for l in src_store]
        src.append("}")
        k.stmts = [render("\n".join(st[0]), False) for st in stmts]
        k.body = render("\n".join(src) + "\n", False)
        k.peer_body = render("\n".join(src) + "\n", True)
        kernels.append(k)
    return kernels


# ---------------------------------------------------------------------------------------
# gen_overload_NN: overload resolution among user functions (DXC's ScoreCast)
# ---------------------------------------------------------------------------------------

INT_KINDS = ("i16", "u16", "int", "uint", "i64", "u64")
_SAME_CAST = {  # IsCast(left, right) is false for these rights (besides equality)
    "i16": ("lint", "u16"), "u16": ("lint", "i16"), "int": ("lint", "uint"), "uint": ("lint", "int"),
    "i64": ("lint", "u64"), "u64": ("lint", "i64"), "lint": INT_KINDS,
    "lfloat": ("lfloat", "half", "float", "double"), "half": ("lfloat",), "float": ("lfloat",),
    "double": ("lfloat",),
}


def is_promotion(left, right):
    """SemaHLSL.cpp's IsPromotion: `right` widens to `left` (signedness ignored)."""
    if left == right:
        return False
    return left in {"half": ("float", "double"), "float": ("double",),
                    "i16": ("int", "i64", "uint", "u64"), "u16": ("int", "i64", "uint", "u64"),
                    "int": ("i64", "u64"), "uint": ("i64", "u64")}.get(right, ())


def is_cast(left, right):
    if left == right:
        return False
    return right not in _SAME_CAST.get(left, ())


def is_int_cast(left, right):
    if left == right:
        return False
    if left == "lint" and right in INT_KINDS:
        return False
    if left in INT_KINDS and right == "lint":
        return False
    if left == "lfloat" and right in ("lfloat", "half", "float", "double"):
        return False
    if left in ("half", "float", "double") and right == "lfloat":
        return False
    return True


def score_cast(param, arg):
    """ScoreCast(param, arg) for scalar/vector types (kind, length), or None if the argument
    cannot convert (a shorter vector to a longer one)."""
    (pk, pd), (ak, ad) = param, arg
    if ad != pd and ad != 1 and ad < pd:
        return None
    if (pk, pd) == (ak, ad):
        return 0
    c = combine(pk, ak)
    lp = lc = li = rp = rc = ri = False
    if is_promotion(pk, c):
        lp = True
    elif is_cast(pk, c):
        lc = True
    elif is_int_cast(pk, c):
        li = True
    if is_promotion(c, ak):
        rp = True
    elif is_cast(c, ak):
        rc = True
    elif is_int_cast(c, ak):
        ri = True
    flags = [ad < pd, lp, rp, li, ri, lc, rc, pd < ad]
    return sum(1 << (2 + 7 * i) for i, f in enumerate(flags) if f)


def family_overload(rng, count, Kernel, wrap_list):
    kinds = ["bool", "int", "uint", "i16", "u16", "i64", "u64", "half", "float", "double"]
    kernels = []
    for n in range(count):
        # variables, one per (kind, length) drawn: scalars of every kind, some vectors
        vars_ = {"s_" + k: (k, 1) for k in kinds}
        for j in range(3):
            k = rng.choice(kinds)
            vars_["v%d_%s" % (j, k)] = (k, rng.randint(2, 4))
        funcs, calls = [], []
        fid = 0
        while len(calls) < 12:
            arity = rng.choice([1, 1, 2, 2, 3])
            ncand = rng.randint(2, 4)
            sigs = set()
            while len(sigs) < ncand:
                sigs.add(tuple((rng.choice(kinds), rng.choice([1, 1, 1, 2, 3, 4])) for _ in range(arity)))
            sigs = sorted(sigs)
            args = []
            for _ in range(arity):
                r = rng.random()
                if r < 0.8:
                    name = rng.choice(sorted(vars_))
                    args.append((name, vars_[name]))
                elif r < 0.9:
                    args.append((str(rng.randint(0, 9)), ("lint", 1)))
                else:
                    args.append((rng.choice(["1.5", "0.25"]), ("lfloat", 1)))
            scores = []
            for i, sig in enumerate(sigs):
                parts = [score_cast(p, a[1]) for p, a in zip(sig, args)]
                if None not in parts:
                    scores.append((sum(parts), i))
            if len(scores) < 2:
                continue
            best = min(s for s, _ in scores)
            winners = [i for s, i in scores if s == best]
            if len(winners) != 1:
                continue  # DXC: ambiguous call
            name = "f%d" % fid
            fid += 1
            for i, sig in enumerate(sigs):
                params = ", ".join("%s p%d" % (type_name(k, d), j) for j, (k, d) in enumerate(sig))
                funcs.append("uint %s(%s) { return %d; }" % (name, params, i))
            calls.append(("%s(%s)" % (name, ", ".join(a[0] for a in args)), winners[0], sigs, args, scores))
        k = Kernel("gen_overload_%02d" % n, [
            "Random overload sets of user functions (seeded), 2-4 candidates over bool, int, uint,",
            "int16_t, uint16_t, int64_t, uint64_t, half, float, double scalars and vectors, called",
            "with variables and literals. The expected candidate comes from a model of DXC's",
            "ScoreCast (tests/exec/gen/conv.py: per argument, flags splat < promotion < int cast",
            "< conversion < truncation, summed over arguments; calls with a tie are left out, DXC",
            "rejects them as ambiguous). Each candidate returns its index.",
        ])
        k.requires = ["int64", "f64", "f16", "i16"]
        k.exec = "-T cs_6_2 -E main -enable-16bit-types dispatch 1 1 1"
        k.buffers.append("// buffer u0 rw uint[%d] = 0" % len(calls))
        k.expects.append("// expect u0 = " + wrap_list([str(c[1]) for c in calls]))
        src = ["RWStructuredBuffer<uint> dst : register(u0);", ""] + funcs + ["",
               "[numthreads(1, 1, 1)]", "void main(uint3 id : SV_DispatchThreadID) {",
               "    uint z = id.x;"]
        for name, (kind, dim) in vars_.items():
            src.append("    %s %s = (%s)z;" % (type_name(kind, dim), name, type_name(kind, dim)))
        for i, c in enumerate(calls):
            src.append("    dst[%d] = %s;" % (i, c[0]))
        src.append("}")
        k.body = "\n".join(src) + "\n"
        kernels.append(k)
    return kernels


# ---------------------------------------------------------------------------------------
# gen_convmat_NN: matrices: splats, truncations, element conversions
# ---------------------------------------------------------------------------------------

MAT_KINDS = ["bool", "int", "uint", "half", "float", "double"]


def mat_name(kind, r, c):
    return "%s%dx%d" % (KINDS[kind][0], r, c)


def mat_fit(vals, have, want):
    """Row-major elements of a `have` (rows, cols) matrix, or a scalar (None), as `want`:
    a scalar splats, a larger matrix keeps its upper-left block."""
    r, c = want
    if have is None:
        return [vals[0]] * (r * c)
    hc = have[1]
    return [vals[i * hc + j] for i in range(r) for j in range(c)]


def mat_combine(a, b):
    """CombineDimensions for two matrix shapes (None: scalar); None if neither converts."""
    if a is None or b is None:
        return a or b
    if a[0] <= b[0] and a[1] <= b[1]:
        return a
    if b[0] <= a[0] and b[1] <= a[1]:
        return b
    return False


def family_matrix_conv(rng, count, Kernel, wrap_list):
    m = Model(False)
    kernels = []
    for n in range(count):
        vars_ = {}
        for j in range(4):
            k = rng.choice(MAT_KINDS)
            vars_["m%d_%s" % (j, k)] = (k, (rng.randint(2, 4), rng.randint(2, 4)))
        for k in ("int", "uint", "float", "bool"):
            vars_["s_" + k] = (k, None)
        layout, w = {}, 0
        for name, (k, sh) in vars_.items():
            layout[name] = w
            w += 1 if sh is None else sh[0] * sh[1]
        envs, words = [], []
        for i in range(N):
            env = {}
            for name, (k, sh) in vars_.items():
                cnt = 1 if sh is None else sh[0] * sh[1]
                vals = [rand_value(rng, k if k != "half" else "float") for _ in range(cnt)]
                if k in ("half", "float", "double"):
                    vals = [round(rng.uniform(-100, 100) * 4) / 4 for _ in range(cnt)]
                if k in ("int", "uint"):
                    vals = [wrap(v, k) for v in vals]
                env[name] = vals
                for v in vals:
                    words += words_of(k, v)
            envs.append(env)
        stmts = []
        while len(stmts) < 8:
            form = rng.choice(["bin", "bin", "cmp", "cast", "ctor", "compound"])
            try:
                names = sorted(vars_)
                a, b = rng.choice(names), rng.choice(names)
                (ka, sa), (kb, sb) = vars_[a], vars_[b]
                if form in ("bin", "cmp"):
                    sh = mat_combine(sa, sb)
                    if not sh:
                        continue
                    if form == "bin":
                        op = rng.choice(["+", "-", "*"])
                        k = combine(ka, kb)
                        k = "int" if k == "bool" else k
                        text = "(%s %s %s)" % (a, op, b)
                        f = (lambda env, a=a, b=b, sa=sa, sb=sb, sh=sh, k=k, op=op, ka=ka, kb=kb:
                             [m.arith(op, m.conv(p, ka, k), m.conv(q, kb, k), k)
                              for p, q in zip(mat_fit(env[a], sa, sh), mat_fit(env[b], sb, sh))])
                    else:
                        op = rng.choice(["<", ">=", "==", "!="])
                        k0 = combine(ka, kb)
                        k = "bool"
                        cmpf = {"<": lambda p, q: p < q, ">=": lambda p, q: p >= q,
                                "==": lambda p, q: p == q, "!=": lambda p, q: p != q}[op]
                        text = "(%s %s %s)" % (a, op, b)
                        f = (lambda env, a=a, b=b, sa=sa, sb=sb, sh=sh, k0=k0, ka=ka, kb=kb, cmpf=cmpf:
                             [cmpf(m.conv(p, ka, k0), m.conv(q, kb, k0))
                              for p, q in zip(mat_fit(env[a], sa, sh), mat_fit(env[b], sb, sh))])
                    if sh is None:
                        continue
                elif form == "cast":
                    if sa is None:
                        continue
                    k = rng.choice(MAT_KINDS)
                    sh = (rng.randint(1, sa[0]), rng.randint(1, sa[1]))
                    if sh == (1, 1):
                        continue
                    text = "((%s)%s)" % (mat_name(k, *sh), a)
                    f = lambda env, a=a, sa=sa, sh=sh, k=k, ka=ka: [m.conv(v, ka, k) for v in mat_fit(env[a], sa, sh)]
                elif form == "ctor":
                    k = rng.choice(MAT_KINDS)
                    sh = (rng.randint(2, 3), rng.randint(2, 3))
                    scal = [x for x in names if vars_[x][1] is None]
                    parts = [rng.choice(scal) for _ in range(sh[0] * sh[1])]
                    text = "%s(%s)" % (mat_name(k, *sh), ", ".join(parts))
                    f = lambda env, parts=parts, k=k: [m.conv(env[p][0], vars_[p][0], k) for p in parts]
                else:
                    if sa is None:
                        continue
                    k, sh = ka, sa
                    if k == "bool":
                        continue
                    if not (sb is None or (sb[0] >= sa[0] and sb[1] >= sa[1])):
                        continue
                    op = rng.choice(["+=", "-=", "*="])
                    ck = combine(k, kb)
                    text = None
                    lines = ["%s r%d = %s;" % (mat_name(k, *sh), len(stmts), a),
                             "r%d %s %s;" % (len(stmts), op, b)]
                    f = (lambda env, a=a, b=b, sa=sa, sb=sb, k=k, ck=ck, kb=kb, op=op:
                         [m.conv(m.arith(op[0], m.conv(p, k, ck), m.conv(q, kb, ck), ck), ck, k)
                          for p, q in zip(env[a], mat_fit(env[b], sb, sa))])
                vals = [f(env) for env in envs]
                if text is not None:
                    lines = ["%s r%d = %s;" % (mat_name(k, *sh), len(stmts), text)]
                stmts.append((lines, k, sh, vals))
            except Undefined:
                continue
        kern = Kernel("gen_convmat_%02d" % n, [
            "Random matrix statements (seeded): component-wise + - * and comparisons between",
            "matrices of different shapes (the smaller shape wins: DXC truncates to the upper-left",
            "block, with a warning) or with scalars (splat), explicit casts to smaller shapes and",
            "other element types, constructors from mixed scalars, converting compound assignments",
            "(the right side truncated or splat to the left's shape). Element types combine as in",
            "the gen_conv family (tests/exec/gen/conv.py); values are exact. Results are stored",
            "per statement and element (row-major); floats compare numerically.",
        ])
        kern.requires = ["f64"]
        segs, src_store, off = [], [], 0
        for si, (lines, k, sh, vals) in enumerate(stmts):
            width = 2 if k == "double" else 1
            for i in range(sh[0]):
                for j in range(sh[1]):
                    e = i * sh[1] + j
                    src_store += store_text(k, "r%d._m%d%d" % (si, i, j), "%d + i * %d" % (off, width))
                    segs.append((STORE_SEG[k], [v for t in range(N) for v in seg_values(k, vals[t][e])]))
                    off += N * width
        kern.buffers.append("// buffer t0 ro uint[%d] = " % len(words) + wrap_list([str(x) for x in words]))
        kern.buffers.append("// buffer u1 rw uint[%d] = 0" % off)
        floats = any(ty in ("f32", "f64") for ty, _ in segs)
        kern.expects.append(segment_lines("// expect u1 ~ 0ulp = " if floats else "// expect u1 = ", segs))
        src = ["StructuredBuffer<uint> W : register(t0);", "RWStructuredBuffer<uint> dst : register(u1);", "",
               "[numthreads(%d, 1, 1)]" % N, "void main(uint i : SV_GroupIndex) {", "    uint b = i * %d;" % w]
        for name, (k, sh) in vars_.items():
            if sh is None:
                src.append("    %s %s = %s;" % (KINDS[k][0], name, init_expr(k, 1, None, layout[name])))
            else:
                comps = [init_expr(k, 1, None, layout[name] + e) for e in range(sh[0] * sh[1])]
                src.append("    %s %s = %s(%s);" % (mat_name(k, *sh), name, mat_name(k, *sh), ", ".join(comps)))
        for lines, *_ in stmts:
            src += ["    " + l for l in lines]
        src += ["    " + l for l in src_store]
        src.append("}")
        kern.body = "\n".join(src) + "\n"
        kernels.append(kern)
    return kernels
