"""The `gen_intrin_NN` family of tests/exec/gen/generate.py: how DXC types the arguments and
the result of built-in functions whose arguments mix element types, shapes and literals.

A CPU model of DXC's intrinsic matching (`MatchArguments` in tools/clang/lib/Sema/SemaHLSL.cpp
over the templates of utils/hct/gen_intrin_main.txt) drives random calls:

- every argument declared with one component template (`numeric<> a, $type1 b, $type1 c`)
  contributes its element type, and they combine pairwise with `CombineBasicTypes` (the
  gen_conv model in conv.py: a floating side wins, else the wider width and unsigned if
  either is). An unsuffixed literal whose template is also the result's stays a literal in
  that combination, so `max(-1, 0u)` is `max(0xFFFFFFFFu, 0u)` and `clamp(i, 0, 1.5)` is a
  float clamp;
- the combined type must be one of the template's legal component types; when it is not,
  the first legal one is taken and every argument converts to it: `float_like` (pow, exp,
  floor, frac, lerp, step, round…) and `any_float` (saturate) make int and uint arguments
  float, `any_int` (countbits, reversebits, firstbithigh) keeps ints. `float_like` has no
  double, so doubles are not generated for those;
- the shape: a vector argument makes the template a vector, and its length is the smallest
  length among the vector arguments (`max(float4, float2)` is a float2: the longer one
  truncates, as DXC warns); scalar arguments splat;
- the result: `$type1` (the combined type and shape), `sign` an int of the argument's shape
  (`$match<1, 0> int<>`: -1/0/1, also for float and uint arguments), `countbits` and
  `firstbithigh` a uint of the argument's shape, `dot` a scalar of the combined type.

Each call's static type is checked by a `tag()` overload (kind * 10 + length, as in
gen_conv) and its value component by component. Values are exact: inputs are small integers
and multiples of 1/8, and a call whose float result (or any intermediate a device may round:
`mad` unfused or fused, `lerp` as `a + s*(b-a)` or `a*(1-s) + b*s`, `dot`'s partial sums) is
not exactly representable is thrown away, as are undefined cases (clamp bounds out of order,
float -> int out of range, overflow, denormals). Transcendentals (`pow`, `exp`, `sqrt`) are
typed only (tag), their values are left to the device's precision.
Kernels 16 on also pass bools: `numeric`, `float_like` and `any_float` have no bool, so
bools alone compute in float (`max(bool, bool)`, `abs(bool)`), and a bool with another type
takes that type (`max(bool, int)` is int).
Left out: min-precision types, double in `float_like` intrinsics, bools with literals,
all-literal calls (their type is a literal), 64-bit integers (lavapipe orders
them wrongly against constants: tests/exec/README.md), `select`.
"""

import math
from fractions import Fraction

from conv import (INTS, KINDS, N, TAG, Model, Undefined, combine, fmt_f, init_expr,
                  is_float, is_literal, rand_value, round_float, seg_values, segment_lines,
                  store_text, type_name, words_of, wrap, STORE_SEG)

# name -> (number of arguments, legal component class, result rule)
INTRINSICS = {
    "max": (2, "numeric", "same"), "min": (2, "numeric", "same"),
    "clamp": (3, "numeric", "same"), "abs": (1, "numeric", "same"),
    "mad": (3, "numeric", "same"), "sign": (1, "numeric", "int"),
    "dot": (2, "numeric", "scalar"),
    "lerp": (3, "float_like", "same"), "step": (2, "float_like", "same"),
    "frac": (1, "float_like", "same"), "floor": (1, "float_like", "same"),
    "ceil": (1, "float_like", "same"), "trunc": (1, "float_like", "same"),
    "round": (1, "float_like", "same"), "saturate": (1, "any_float", "same"),
    "pow": (2, "float_like", "same"), "exp": (1, "float_like", "same"),
    "sqrt": (1, "float_like", "same"),
    "countbits": (1, "any_int", "uint"), "reversebits": (1, "any_int", "same"),
    "firstbithigh": (1, "any_int", "uint"),
}
TYPED_ONLY = ("pow", "exp", "sqrt")
# kernels from this index on also pass bool scalars and vectors: a combined bool is not a
# legal component type of numeric/float_like/any_float, so the first legal one (float) is taken
BOOL_FROM = 16

LEGAL = {
    "numeric": ("float", "half", "double", "lfloat", "lint", "i16", "int", "u16", "uint",
                "i64", "u64"),
    "float_like": ("float", "half", "lfloat"),
    "any_float": ("float", "half", "double", "lfloat"),
    "any_int": ("int", "i16", "uint", "u16", "i64", "u64", "lint"),
}

LITERALS = [("0", "lint", 0), ("1", "lint", 1), ("2", "lint", 2), ("(-1)", "lint", -1),
            ("10", "lint", 10), ("0.5", "lfloat", 0.5), ("1.5", "lfloat", 1.5),
            ("0.25", "lfloat", 0.25), ("(-2.0)", "lfloat", -2.0), ("0u", "uint", 0),
            ("3u", "uint", 3), ("1.5f", "float", 1.5), ("2.0f", "float", 2.0)]


def exact(q, kind, m):
    """`q` (exact) if the float `kind` represents it, else Undefined."""
    v = round_float(q, m.fkind(kind))
    if Fraction(v) != Fraction(q):
        raise Undefined("inexact")
    return v


def elem(name, k, xs, m):
    """One result component of `name` over converted argument components `xs` of kind k."""
    fl = is_float(k)
    if name == "max":
        return max(xs)
    if name == "min":
        return min(xs)
    if name == "clamp":
        if xs[1] > xs[2]:
            raise Undefined("clamp bounds")
        return min(max(xs[0], xs[1]), xs[2])
    if name == "abs":
        return abs(xs[0]) if fl else wrap(abs(xs[0]), k)
    if name == "sign":
        return (xs[0] > 0) - (xs[0] < 0)
    if name == "mad":
        if fl:
            exact(Fraction(xs[0]) * Fraction(xs[1]), k, m)
            return exact(Fraction(xs[0]) * Fraction(xs[1]) + Fraction(xs[2]), k, m)
        return wrap(xs[0] * xs[1] + xs[2], k)
    if name == "lerp":
        a, b, s = map(Fraction, xs)
        for q in (b - a, s * (b - a), 1 - s, a * (1 - s), b * s):
            exact(q, k, m)
        return exact(a + s * (b - a), k, m)
    if name == "step":
        return 1.0 if xs[1] >= xs[0] else 0.0
    if name == "frac":
        return exact(Fraction(xs[0]) - math.floor(xs[0]), k, m)
    if name == "floor":
        return float(math.floor(xs[0]))
    if name == "ceil":
        return float(math.ceil(xs[0]))
    if name == "trunc":
        return float(math.trunc(xs[0]))
    if name == "round":
        return float(round(Fraction(xs[0])))  # Python's round is half-to-even
    if name == "saturate":
        return min(max(xs[0], 0.0), 1.0)
    if name == "countbits":
        return bin(xs[0] & ((1 << KINDS[k][1]) - 1)).count("1")
    if name == "reversebits":
        b = KINDS[k][1]
        r = int(format(xs[0] & ((1 << b) - 1), "0%db" % b)[::-1], 2)
        return wrap(r, k)
    if name == "firstbithigh":
        x = xs[0]
        if KINDS[k][3]:
            return 0xFFFFFFFF if x == 0 else x.bit_length() - 1
        if x < 0:
            x = ~x
        return 0xFFFFFFFF if x == 0 else x.bit_length() - 1
    if name in TYPED_ONLY:
        return None
    raise AssertionError(name)


class Call:
    def __init__(self, text, peer_text, kind, dim, vals):
        self.text, self.peer_text, self.kind, self.dim, self.vals = text, peer_text, kind, dim, vals


def arg_choice(rng, vars_, legal, need_vector):
    """One argument: a variable (scalar or vector) or a literal."""
    if not need_vector and rng.random() < 0.25:
        text, k, v = rng.choice(LITERALS)
        return text, k, 1, (lambda env, v=v: [v])
    names = [n for n, (k, d) in vars_.items()
             if (legal != "float_like" or k != "double")
             and (legal != "any_int" or k in INTS)
             and (not need_vector or d > 1)]
    n = rng.choice(names)
    k, d = vars_[n]
    return n, k, d, (lambda env, n=n: env[n])


def make_call(rng, vars_, envs, m):
    # calls of two or three arguments (where types combine) drawn three times as often
    name = rng.choice([n for n in sorted(INTRINSICS) for _ in range(3 if INTRINSICS[n][0] > 1 else 1)])
    arity, legal, result = INTRINSICS[name]
    args = [arg_choice(rng, vars_, legal, name == "dot") for _ in range(arity)]
    if all(is_literal(a[1]) for a in args):
        raise Undefined("all-literal call: its type is a literal")
    if any(a[1] == "bool" for a in args) and any(is_literal(a[1]) for a in args):
        raise Undefined("bool with a literal: left out")
    if name in ("sign", "countbits", "reversebits", "firstbithigh") and is_literal(args[0][1]):
        raise Undefined("a literal argument of a template other than the result's")
    if legal == "any_int" and any(a[1] not in ("int", "uint") for a in args):
        raise Undefined("any_int of a float would convert; 16-bit bit counts need Vulkan extensions")
    k = args[0][1]
    for a in args[1:]:
        k = combine(k, a[1])
    if k not in LEGAL[legal]:
        k = {"numeric": "float", "float_like": "float", "any_float": "float", "any_int": "int"}[legal]
    if is_literal(k):
        raise Undefined("literal combination")
    if k in ("i64", "u64"):
        raise Undefined("64-bit integers left out")
    vec = [a[2] for a in args if a[2] > 1]
    d = min(vec) if vec else 1
    rk = {"same": k, "int": "int", "uint": "uint", "scalar": k}[result]
    rd = 1 if result == "scalar" else d
    vals = []
    for env in envs:
        comps = [[m.conv(v, a[1], k) for v in a[3](env)] for a in args]
        comps = [c * d if len(c) == 1 else c[:d] for c in comps]
        if name == "dot":
            acc = 0
            for j in range(d):
                p = comps[0][j] * comps[1][j] if not is_float(k) else Fraction(comps[0][j]) * Fraction(comps[1][j])
                if is_float(k):
                    exact(p, k, m)
                    acc = acc + p
                    exact(acc, k, m)
                else:
                    acc = wrap(acc + p, k)
            vals.append([float(acc) if is_float(k) else acc])
            continue
        out = [elem(name, k, [c[j] for c in comps], m) for j in range(d)]
        vals.append(out)
    text = "%s(%s)" % (name, ", ".join(a[0] for a in args))
    # for peers that reject implicit truncation (Slang, glslang): the longer vectors swizzled
    peer = "%s(%s)" % (name, ", ".join(a[0] + (".%s" % "xyzw"[:d] if a[2] > d else "") for a in args))
    return Call(text, peer, rk, rd, vals), name


def family_intrin(rng, count, Kernel, wrap_list):
    kernels = []
    for n in range(count):
        half16 = n % 2 == 1
        m = Model(half16)
        kinds = ["int", "uint", "half", "float", "double"] + (["i16", "u16"] if half16 else [])
        if n >= BOOL_FROM:
            kinds.append("bool")
        vars_ = {}
        for k in kinds:
            vars_["s_" + k] = (k, 1)
        for j in range(5):
            k = rng.choice([x for x in kinds if x != "double"])
            vars_["v%d_%s" % (j, k)] = (k, rng.randint(2, 4))
        layout, w = {}, 0
        for name, (k, d) in vars_.items():
            layout[name] = w
            w += d
        envs, words = [], []
        for i in range(N):
            env = {}
            for name, (k, d) in vars_.items():
                if k == "bool":
                    vals = [rng.random() < 0.5 for _ in range(d)]
                elif k in INTS:
                    vals = [rng.randint(-20, 20) if rng.random() < 0.8 else rand_value(rng, k) for _ in range(d)]
                    vals = [wrap(v, k) for v in vals]
                else:
                    vals = [rng.randint(-160, 160) / 8 for _ in range(d)]
                env[name] = vals
                for v in vals:
                    words += words_of(k, v)
            envs.append(env)
        stmts, seen = [], set()
        while len(stmts) < 10:
            try:
                c, iname = make_call(rng, vars_, envs, m)
            except Undefined:
                continue
            if c.text in seen:
                continue
            seen.add(c.text)
            tag = None if (c.kind == "half" and not half16) else TAG[c.kind] * 10 + c.dim
            stmts.append((c, iname, tag))
        kern = Kernel("gen_intrin_%02d" % n, [
            "Random intrinsic calls (seeded) whose arguments mix int, uint, half, float, double",
            "(and int16_t/uint16_t with 16-bit types) scalars, vectors of different lengths and",
            "literals. Types and values come from the model of DXC's MatchArguments in",
            "tests/exec/gen/intrin.py: one template's arguments combine (CombineBasicTypes), an",
            "illegal combination falls back to the template's first legal type (float for",
            "float_like/any_float), vector lengths take the shortest, scalars splat; sign returns",
            "int, countbits/firstbithigh uint, dot a scalar. Each t<N> is tag() of the call (kind *",
            "10 + length: int 1, uint 2, int16_t 3, uint16_t 4, half 7, float 8, double 9); values",
            "are exact (pow/exp/sqrt are typed only). Floats compare numerically (-0.0 = 0.0).",
            ("16-bit types enabled." if half16 else "No -enable-16bit-types: half is 32-bit float.")
            + (" Bool arguments too: bools alone compute in float." if n >= BOOL_FROM else ""),
        ])
        kern.requires = ["f64"] + (["f16", "i16"] if half16 else [])
        kern.exec = ("-T cs_6_2 -E main -enable-16bit-types dispatch 1 1 1" if half16
                     else "-T cs_6_0 -E main dispatch 1 1 1")
        segs, store, off = [], [], 0
        kern.slots = []  # (first word, statement text, what): for triage scripts
        for si, (c, iname, tag) in enumerate(stmts):
            kern.slots.append((off, c.text, "tag" if tag is not None else "value"))
            if tag is not None:
                segs.append(("u32", [str(tag)] * N))
                store.append("dst[%d + i] = t%d;" % (off, si))
                off += N
            if iname in TYPED_ONLY:
                continue
            width = 2 if c.kind == "double" else 1
            for j in range(c.dim):
                comp = "r%d" % si if c.dim == 1 else "r%d.%s" % (si, "xyzw"[j])
                store += store_text(c.kind, comp, "%d + i * %d" % (off, width))
                segs.append((STORE_SEG[c.kind], [v for t in range(N) for v in seg_values(c.kind, c.vals[t][j])]))
                off += N * width
        kern.buffers.append("// buffer t0 ro uint[%d] = " % len(words) + wrap_list([str(x) for x in words]))
        kern.buffers.append("// buffer u1 rw uint[%d] = 0" % off)
        floats = any(ty in ("f32", "f64") for ty, _ in segs)
        kern.expects.append(segment_lines("// expect u1 ~ 0ulp = " if floats else "// expect u1 = ", segs))
        src = ["StructuredBuffer<uint> W : register(t0);", "RWStructuredBuffer<uint> dst : register(u1);", ""]
        tags = ["int", "uint", "float", "double"] + (["half", "i16", "u16"] if half16 else [])
        for kind in sorted(tags, key=lambda x: TAG[x]):
            for dd in range(1, 5):
                src.append("uint tag(%s x) { return %d; }" % (type_name(kind, dd), TAG[kind] * 10 + dd))
        src += ["", "[numthreads(%d, 1, 1)]" % N, "void main(uint i : SV_GroupIndex) {",
                "    uint b = i * %d;" % w]
        for name, (k, d) in vars_.items():
            src.append("    %s %s = %s;" % (type_name(k, d), name, init_expr(k, d, None, layout[name])))
        peer = list(src)
        for si, (c, iname, tag) in enumerate(stmts):
            for out, text in ((src, c.text), (peer, c.peer_text)):
                out.append("    %s r%d = %s;" % (type_name(c.kind, c.dim), si, text))
                if tag is not None:
                    out.append("    uint t%d = tag(%s);" % (si, text))
        for out in (src, peer):
            out += ["    " + l for l in store]
            out.append("}")
        kern.body = "\n".join(src) + "\n"
        kern.peer_body = "\n".join(peer) + "\n"
        kernels.append(kern)
    return kernels
