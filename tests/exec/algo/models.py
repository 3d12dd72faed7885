#!/usr/bin/env python3
"""CPU models of the `algo_*` execution kernels (tests/exec/algo_*.hlsl).

Each `algo_*` kernel is a small realistic compute algorithm (sorting networks, scans,
histograms, tiled matrix products, tree traversal, hashing, an interpreter, image
filters ...). This script computes, independently of any shader compiler, the input and
`expect` directives of every kernel: plain Python integers with explicit 32/64-bit
wrapping, and IEEE single precision through `struct` where a kernel computes in float.
The directives in the kernel headers were pasted from its output; they are never taken
from a compiler's output.

    python3 tests/exec/algo/models.py            # print every kernel's directives
    python3 tests/exec/algo/models.py sobel      # only kernels whose name contains "sobel"
    python3 tests/exec/algo/models.py --check    # verify the headers hold exactly these

`--check` fails when a kernel's header does not contain one of its directives verbatim
(whitespace and the `//` comment markers aside).
"""

import cmath
import math
import pathlib
import struct
import sys

M32 = 0xFFFFFFFF
M64 = (1 << 64) - 1
EXEC = pathlib.Path(__file__).resolve().parent.parent


def f32(x):
    """Round a Python float to the nearest IEEE single."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


def fmt(v):
    if isinstance(v, float):
        if v == int(v) and abs(v) < 2**24:
            return str(int(v)) if v != 0 or math.copysign(1, v) > 0 else "-0.0"
        for p in range(6, 18):
            s = "%.*g" % (p, v)
            if f32(float(s)) == v:
                return s
        return repr(v)
    return str(v)


def lst(vals, per_line=16):
    """`[a, b, ...]`, wrapped with comment continuations every `per_line` values."""
    parts = [fmt(v) for v in vals]
    rows = [", ".join(parts[i:i + per_line]) for i in range(0, len(parts), per_line)]
    return "[" + ",\n//     ".join(rows) + "]"


def segs(parts, width=96):
    """SEGMENTS on continuation lines. A directive continues only while a `[` is open, so
    each line break falls after a comma inside a bracket."""
    text = " ".join(parts)
    out, line, depth = [], "", 0
    for i, ch in enumerate(text):
        line += ch
        depth += {"[": 1, "]": -1}.get(ch, 0)
        if ch == "," and depth > 0 and len(line) >= width:
            out.append(line)
            line = ""
            if i + 1 < len(text) and text[i + 1] == " ":
                continue
    out.append(line)
    return "\n//     ".join(l.strip() for l in out)


def lcg_values(n, seed, mod):
    """Deterministic pseudo-random inputs (a 32-bit LCG, Numerical Recipes constants)."""
    out, s = [], seed
    for _ in range(n):
        s = (s * 1664525 + 1013904223) & M32
        out.append((s >> 8) % mod)
    return out


def s32(x):
    x &= M32
    return x - (1 << 32) if x & 0x80000000 else x


# --- sorting --------------------------------------------------------------------------

def bitonic_sort():
    n = 128
    keys = []
    s = 7
    while len(keys) < 2 * n:          # distinct keys per group, so the order is unique
        s = (s * 1664525 + 1013904223) & M32
        k = (s >> 12) % 100000
        if k not in keys[len(keys) // n * n:]:
            keys.append(k)
    out_k, out_v = [], []
    for g in range(2):
        pairs = sorted((keys[g * n + i], i) for i in range(n))
        if g == 1:                     # group 1 sorts descending (cbuffer flag per group)
            pairs.reverse()
        out_k += [k for k, _ in pairs]
        out_v += [v for _, v in pairs]
    return [f"buffer t0 ro uint[256] = {lst(keys)}",
            f"expect u1 = {lst(out_k)}",
            f"expect u2 = {lst(out_v)}"]


def odd_even_sort():
    vals = [f32((v - 500) / 8.0) for v in lcg_values(64, 11, 1000)]
    out = []
    for g in range(2):
        out += sorted(vals[g * 32:(g + 1) * 32])
    return [f"buffer t0 ro float[64] = {lst(vals)}",
            f"expect u1 = {lst(out)}"]


def radix_pass():
    keys = lcg_values(64, 3, 4096)
    shift = 4
    digit = [(k >> shift) & 15 for k in keys]
    hist = [digit.count(d) for d in range(16)]
    offs = [sum(hist[:d]) for d in range(16)]
    out = sorted(keys, key=lambda k: (k >> shift) & 15)    # Python's sort is stable
    return [f"buffer t0 ro uint[64] = {lst(keys)}",
            f"expect u1 = {lst(out)}",
            f"expect u2 = {lst(hist + offs)}"]


# --- byte data ------------------------------------------------------------------------

def byte_data():
    return [(b * 37 + 11) & 0xFF if b % 5 else (b * 3) & 0xFF for b in range(256)]


def words(data):
    return [data[i] | data[i + 1] << 8 | data[i + 2] << 16 | data[i + 3] << 24
            for i in range(0, len(data), 4)]


def byte_histogram():
    data = byte_data()
    hist = [sum(1 for b in data if b >> 4 == h) for h in range(16)]
    total = sum(data)
    big = max(data)
    odd = sum(1 for b in data if b & 1)
    return [f"buffer t0 ro uint[64] = {lst(['0x%08X' % w for w in words(data)], 8)}",
            f"expect u1 = {lst(hist + [total, big, odd, 0])}"]


def crc32():
    import binascii
    data = byte_data()[:128]
    # thread i hashes bytes [16 i, 16 i + 5 + i) (lengths 5..12, unaligned ends)
    out = [binascii.crc32(bytes(data[16 * i:16 * i + 5 + i])) for i in range(8)]
    return [f"buffer t0 ro uint[32] = {lst(['0x%08X' % w for w in words(data)], 8)}",
            f"expect u1 = {lst(['0x%08X' % c for c in out], 8)}"]


# --- matrices -------------------------------------------------------------------------

def transpose_tile():
    n = 16
    src = [y * 100 + x for y in range(n) for x in range(n)]
    out = [src[x * n + y] for y in range(n) for x in range(n)]
    return [f"expect u1 = {lst(out)}"]


def tiled_matmul_inputs():
    a = [float(v - 4) for v in lcg_values(64, 5, 9)]
    b = [float(v - 3) for v in lcg_values(64, 9, 7)]
    return a, b


def tiled_matmul():
    a, b = tiled_matmul_inputs()
    c = [sum(a[r * 8 + k] * b[k * 8 + col] for k in range(8)) for r in range(8) for col in range(8)]
    return [f"buffer t0 ro float[64] = {lst(a)}",
            f"buffer t1 ro float[64] = {lst(b)}",
            f"expect u2 = {lst(c)}"]


def cbuffer_transform():
    world = [[1, 2, 0, 0], [0, 1, 3, 0], [-1, 0, 1, 0], [4, 5, 6, 1]]
    view = [[2, 0, 0, 1], [0, 1, -1, 2], [1, 0, 1, -3], [0, 0, 0, 1]]
    pts = [[1, 0, 0, 1], [0, 1, 0, 1], [0, 0, 1, 1], [2, -1, 3, 1]]

    def vm(v, m):      # row vector times matrix: mul(v, M)
        return [sum(v[k] * m[k][c] for k in range(4)) for c in range(4)]

    def mv(m, v):      # matrix times column vector: mul(M, v)
        return [sum(m[r][k] * v[k] for k in range(4)) for r in range(4)]

    wv = [[sum(world[r][k] * view[k][c] for k in range(4)) for c in range(4)] for r in range(4)]
    out = []
    for p in pts:
        out += vm(p, world) + mv(view, p) + vm(p, wv)
    # cbuffer: row_major World stores rows; column_major View (the default) stores columns
    cb = [float(world[r][c]) for r in range(4) for c in range(4)]
    cb += [float(view[r][c]) for c in range(4) for r in range(4)]
    return [f"cbuffer b0 = f32 {lst(cb)}",
            f"buffer t1 ro float4[4] = {lst([float(x) for p in pts for x in p])}",
            f"expect u2 = {lst([float(x) for x in out])}"]


# --- reductions and scans -------------------------------------------------------------

def wave_reduce():
    vals = [s32(v - 50000) for v in lcg_values(256, 21, 100000)]
    out = []
    for g in range(4):
        chunk = vals[g * 64:(g + 1) * 64]
        out += [min(chunk), max(chunk), sum(chunk)]
    glob = [min(vals), max(vals), sum(vals)]
    return [f"buffer t0 ro int[256] = {lst(vals)}",
            "buffer u1 rw int[12] = 0",
            "buffer u2 rw int[3] = [2147483647, -2147483648, 0]",
            f"expect u1 = {lst(out, 12)}",
            f"expect u2 = {lst(glob)}"]


def rle():
    raw = [3, 3, 3, 7, 7, 1, 1, 1, 1, 9, 3, 3, 0, 0, 0, 0,
           0, 5, 5, 6, 7, 7, 7, 7, 7, 7, 2, 2, 2, 8, 8, 8]
    runs = []
    for i, v in enumerate(raw):
        if i == 0 or raw[i - 1] != v:
            runs.append([v, i, 0])
        runs[-1][2] += 1
    out = [len(runs)] + [x for r in runs for x in r] + [0] * (3 * (32 - len(runs)))
    decoded = raw
    return [f"buffer t0 ro uint[32] = {lst(raw)}",
            f"expect u1 = {lst(out)}",
            f"expect u2 = {lst(decoded)}"]


def stream_compact():
    vals = lcg_values(128, 33, 1000)
    kept = [v for v in vals if v % 3 == 0 or v > 900]
    return [f"buffer t0 ro uint[128] = {lst(vals)}",
            f"expect u1 = {lst(kept + [0] * (128 - len(kept)))}",
            f"expect u2 = [{len(kept)}, {sum(kept)}]"]


def sieve():
    n = 512
    comp = [False] * n
    comp[0] = comp[1] = True
    for p in range(2, n):
        if p * p >= n:
            break
        for m in range(p * p, n, p):
            comp[m] = True
    masks = [sum(1 << b for b in range(32) if not comp[w * 32 + b]) for w in range(n // 32)]
    count = sum(1 for c in comp if not c)
    return [f"expect u0 = {lst(['0x%08X' % m for m in masks], 8)}",
            f"expect u1 = [{count}, {max(i for i in range(n) if not comp[i])}]"]


# --- structs, trees, interpreters ------------------------------------------------------

def particles():
    dt, grav, damping, steps = 0.25, [0.0, -2.0, 0.0], 0.5, 6
    lo, hi = [-1.0, 0.0, -1.0], [1.0, 4.0, 1.0]
    init = []
    for i in range(8):
        pos = [f32((i - 4) * 0.125), f32(0.5 + (i % 3) * 0.75), f32(0.25 * (i % 2) - 0.125)]
        vel = [f32((i % 4 - 1.5) * 1.5), f32(1.0 - i * 0.5), f32(0.75 * ((i * 5) % 3 - 1))]
        init.append((pos, i * 10, vel, [float(i), 0.5]))
    segs_out, soa = [], []
    for pos, ident, vel, uv in init:
        pos, vel, uv = list(pos), list(vel), list(uv)
        bounces = 0
        for _ in range(steps):
            for a in range(3):
                vel[a] = f32(vel[a] + f32(grav[a] * dt))
                pos[a] = f32(pos[a] + f32(vel[a] * dt))
                if pos[a] < lo[a]:
                    pos[a] = f32(lo[a] + f32(lo[a] - pos[a]))
                    vel[a] = f32(-vel[a] * damping)
                    bounces += 1
                elif pos[a] > hi[a]:
                    pos[a] = f32(hi[a] - f32(pos[a] - hi[a]))
                    vel[a] = f32(-vel[a] * damping)
                    bounces += 1
            uv[1] = f32(uv[1] + 0.125)
        segs_out.append((pos, ident + bounces, vel, uv))
        soa.append(f32(pos[0] * pos[0] + f32(pos[1] * pos[1]) + f32(pos[2] * pos[2])))

    def seg(ps):
        return segs(f"f32 {lst(p)} u32 [{i}] f32 {lst(v + uv)}" for p, i, v, uv in ps)
    cb = [dt] + grav + lo + [damping] + hi
    return [f"cbuffer b0 = f32 {lst(cb)} u32 [{steps}]",
            f"buffer u1 rw = {seg(init)}",
            f"expect u1 = {seg(segs_out)}",
            f"expect u2 = {lst([s for s in soa])}"]


def bvh_nodes():
    """A balanced binary tree over 8 leaf intervals, nodes in depth-first order."""
    leaves = [(0.0, 2.0), (1.5, 3.0), (3.5, 4.0), (4.0, 6.5),
              (7.0, 8.0), (7.5, 9.0), (10.0, 11.0), (10.5, 12.0)]
    nodes = []

    def build(lo, hi):
        idx = len(nodes)
        nodes.append(None)
        if hi - lo == 1:
            a, b = leaves[lo]
            nodes[idx] = (a, b, 0, 0, lo)
        else:
            mid = (lo + hi) // 2
            l = build(lo, mid)
            r = build(mid, hi)
            nodes[idx] = (min(nodes[l][0], nodes[r][0]), max(nodes[l][1], nodes[r][1]), l, r, M32)
        return idx
    build(0, 8)
    return nodes


def bvh_traverse():
    nodes = bvh_nodes()
    queries = [-1.0, 0.5, 1.75, 2.5, 3.25, 3.75, 4.0, 5.0, 6.75, 7.25, 7.75, 8.5,
               9.5, 10.25, 10.75, 13.0]
    out = []
    for x in queries:
        hits, first, visited, idsum = 0, M32, 0, 0
        stack = [0]
        while stack:
            i = stack.pop()
            visited += 1
            a, b, l, r, leaf = nodes[i]
            if not (a <= x <= b):
                continue
            if leaf != M32:
                hits += 1
                idsum += leaf + 1
                if first == M32:
                    first = leaf
                continue
            stack.append(r)
            stack.append(l)
        # helper with early return: the first leaf found, in the same order
        out += [hits, first, visited, idsum]
    nodes_segs = segs(f"f32 [{fmt(a)}, {fmt(b)}] u32 [{l}, {r}, {leaf}]"
                      for a, b, l, r, leaf in nodes)
    return [f"buffer t0 ro = {nodes_segs}",
            f"buffer t1 ro float[16] = {lst(queries)}",
            f"expect u2 = {lst(out)}"]


def vm_program():
    # (op, a, b, c): 0 halt, 1 loadi a=c, 2 add a=b+c, 3 sub, 4 mul, 5 and, 6 shr a=b>>c(imm),
    # 7 jz (if r[b]==0 goto c), 8 jnz, 9 jmp c, 10 lt a=(b<c)
    return [
        (1, 1, 0, 0),     # 0: r1 = 0        (steps)
        (1, 2, 0, 1),     # 1: r2 = 1
        (1, 3, 0, 3),     # 2: r3 = 3
        (3, 4, 0, 2),     # 3: r4 = r0 - 1
        (7, 0, 4, 13),    # 4: if r4 == 0 goto 13
        (5, 4, 0, 2),     # 5: r4 = r0 & 1
        (8, 0, 4, 9),     # 6: if r4 != 0 goto 9
        (6, 0, 0, 1),     # 7: r0 = r0 >> 1
        (9, 0, 0, 11),    # 8: goto 11
        (4, 0, 0, 3),     # 9: r0 = r0 * 3
        (2, 0, 0, 2),     # 10: r0 = r0 + 1
        (2, 1, 1, 2),     # 11: r1 = r1 + 1
        (9, 0, 0, 3),     # 12: goto 3
        (10, 5, 1, 3),    # 13: r5 = r1 < r3
        (0, 0, 0, 0),     # 14: halt
    ]


def run_vm(prog, x, budget=2000):
    r = [0] * 8
    r[0] = x
    pc, executed = 0, 0
    while executed < budget:
        op, a, b, c = prog[pc]
        pc += 1
        executed += 1
        if op == 0:
            break
        elif op == 1:
            r[a] = c
        elif op == 2:
            r[a] = (r[b] + r[c]) & M32
        elif op == 3:
            r[a] = (r[b] - r[c]) & M32
        elif op == 4:
            r[a] = (r[b] * r[c]) & M32
        elif op == 5:
            r[a] = r[b] & r[c]
        elif op == 6:
            r[a] = r[b] >> c
        elif op in (7, 8):
            if (r[b] == 0) == (op == 7):
                pc = c
        elif op == 9:
            pc = c
        elif op == 10:
            r[a] = 1 if r[b] < r[c] else 0
        else:
            r[7] = 0xDEAD
            break
    return [r[1], r[5], executed, r[7]]


def bytecode_vm():
    prog = vm_program()
    inputs = [1, 2, 3, 6, 7, 9, 12, 15, 16, 27, 31, 41, 54, 73, 97, 100]
    out = []
    for x in inputs:
        out += run_vm(prog, x)
    return [f"buffer t0 ro uint4[{len(prog)}] = {lst([v for ins in prog for v in ins])}",
            f"buffer t1 ro uint[16] = {lst(inputs)}",
            f"expect u2 = {lst(out)}"]


def short_circuit():
    out = []
    for i in range(16):
        a, b, c = bool(i & 1), bool(i & 2), bool(i & 4)
        calls = 0

        def f(bit, r):
            nonlocal calls
            calls |= bit
            return r
        r1 = f(1, a) and f(2, b)
        r2 = f(4, b) or f(8, c)
        r3 = (f(16, a) and f(32, c)) or f(64, b)
        r4 = not (f(128, c) or f(256, a)) and f(512, True)
        res = int(r1) | int(r2) << 1 | int(r3) << 2 | int(r4) << 3
        # nested ternaries
        sel = (i if i < 4 else (i * 2 if i < 8 else (i * 3 if i < 12 else 100 - i)))
        out += [res, calls, sel]
    return [f"expect u0 = {lst(out, 12)}"]


def generic_stack():
    tests = ["(()[]{})", "([)]", "((((", "{[()()]}", ")(", "", "[{}](", "(((())))"]
    code = {"(": 1, ")": 2, "[": 3, "]": 4, "{": 5, "}": 6}
    words_in = []
    for t in tests:
        padded = [code[ch] for ch in t] + [0] * (16 - len(t))
        words_in += padded
    out = []
    for t in tests:
        stack, ok, depth = [], True, 0
        for ch in t:
            if ch in "([{":
                stack.append(ch)
                depth = max(depth, len(stack))
            else:
                if not stack or "([{".index(stack.pop()) != ")]}".index(ch):
                    ok = False
                    break
        ok = ok and not stack
        out += [1 if ok else 0, depth]
    # second part: Stack<float2> reverses 6 points, summing x*i + y
    pts = [(float(i), float(10 - i)) for i in range(6)]
    rev = list(reversed(pts))
    acc = [sum(f32(p[0] * k + p[1]) for k, p in enumerate(rev))]
    return [f"buffer t0 ro uint[128] = {lst(words_in)}",
            f"expect u1 = {lst(out)}",
            f"expect u2 = {lst([float(a) for a in acc])}"]


# --- hashing --------------------------------------------------------------------------

def rotl(x, r):
    return ((x << r) | (x >> (32 - r))) & M32


def pcg_hash(v):
    state = (v * 747796405 + 2891336453) & M32
    word = (((state >> ((state >> 28) + 4)) ^ state) * 277803737) & M32
    return ((word >> 22) ^ word) & M32


def xorshift32(x):
    x ^= (x << 13) & M32
    x ^= x >> 17
    x ^= (x << 5) & M32
    return x


def fmix32(h):
    h ^= h >> 16
    h = (h * 0x85EBCA6B) & M32
    h ^= h >> 13
    h = (h * 0xC2B2AE35) & M32
    h ^= h >> 16
    return h


def murmur_step(h, k):
    k = (k * 0xCC9E2D51) & M32
    k = rotl(k, 15)
    k = (k * 0x1B873593) & M32
    h ^= k
    h = rotl(h, 13)
    return (h * 5 + 0xE6546B64) & M32


def firstbithigh(x):
    return x.bit_length() - 1 if x else M32


def reversebits(x):
    return int("{:032b}".format(x)[::-1], 2)


def hash_mix():
    out = []
    for i in range(32):
        seed = 0 if i == 0 else (M32 if i == 1 else i * 0x9E3779B9 & M32)
        p = pcg_hash(seed)
        x = xorshift32(xorshift32(xorshift32(p | 1)))
        m = fmix32(murmur_step(murmur_step(0x12345678, seed), p))
        bits = bin(m).count("1") | firstbithigh(seed >> (i % 32)) << 8 & M32
        out += [p, x, m, reversebits(x) ^ bits]
    return [f"expect u0 = {lst(['0x%08X' % v for v in out], 8)}"]


def splitmix64():
    out = []
    for i in range(16):
        state = (i * 0x9E3779B97F4A7C15 + 0x0123456789ABCDEF) & M64
        z = (state + 0x9E3779B97F4A7C15) & M64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        z ^= z >> 31
        a, b = i * 2654435761 & M32, (z & M32)
        mulhi = (a * b) >> 32           # 32 x 32 -> 64, high half
        out += [z, mulhi | (((z >> 32) ^ (z & M32)) & 0xFFFF) << 32]
    return [f"expect u0 = {lst(['0x%016X' % v for v in out], 4)}"]


# --- floating point -------------------------------------------------------------------

def mandel_iter(cx, cy, limit, fl):
    zx = zy = 0.0
    for n in range(limit):
        xx = fl(zx * zx)
        yy = fl(zy * zy)
        if fl(xx + yy) > 4.0:
            return n
        xy = fl(zx * zy)
        zy = fl(fl(xy + xy) + cy)
        zx = fl(fl(xx - yy) + cx)
    return limit


def mandelbrot_points():
    """16 points whose count is the same in f32, f64 and for c moved by ±1e-4."""
    pts = []
    cands = [(-2.0 + 2.5 * i / 23, -1.25 + 2.5 * j / 17) for j in range(18) for i in range(24)]
    for cx, cy in cands:
        cx, cy = f32(cx), f32(cy)
        n = mandel_iter(cx, cy, 48, f32)
        stable = all(mandel_iter(cx + dx, cy + dy, 48, lambda v: v) == n
                     for dx in (-1e-4, 0, 1e-4) for dy in (-1e-4, 0, 1e-4))
        if stable and n not in [p[2] for p in pts] and len(pts) < 16:
            pts.append((cx, cy, n))
    return pts


def mandelbrot():
    pts = mandelbrot_points()
    return [f"buffer t0 ro float2[16] = {lst([v for p in pts for v in p[:2]], 8)}",
            f"expect u1 = {lst([p[2] for p in pts])}"]


def fft8():
    signals = [[1, 0, 0, 0, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1, 1, 1],
               [0, 1, 2, 3, 4, 5, 6, 7], [3, -1, 4, 1, -5, 9, 2, -6]]
    out = []
    for s in signals:
        for k in range(8):
            v = sum(s[n] * cmath.exp(-2j * math.pi * k * n / 8) for n in range(8))
            out += [f32(round(v.real, 9)) + 0.0, f32(round(v.imag, 9)) + 0.0]
    return [f"buffer t0 ro float[32] = {lst([float(x) for s in signals for x in s])}",
            f"expect u1 ~ abs 0.1 = {lst(out)}"]


def sobel():
    w = h = 8
    img = [float((x * 3 + y * 5) % 7 + (4 if 2 <= x <= 5 and 3 <= y <= 5 else 0))
           for y in range(h) for x in range(w)]

    def at(x, y):
        return img[min(max(y, 0), h - 1) * w + min(max(x, 0), w - 1)]
    out = []
    for y in range(h):
        for x in range(w):
            gx = (at(x + 1, y - 1) + 2 * at(x + 1, y) + at(x + 1, y + 1)
                  - at(x - 1, y - 1) - 2 * at(x - 1, y) - at(x - 1, y + 1))
            gy = (at(x - 1, y + 1) + 2 * at(x, y + 1) + at(x + 1, y + 1)
                  - at(x - 1, y - 1) - 2 * at(x, y - 1) - at(x + 1, y - 1))
            box = sum(at(x + i, y + j) for i in (-1, 0, 1) for j in (-1, 0, 1))
            out += [gx, gy, abs(gx) + abs(gy), box]
    return [f"texture t0 sampled 2d r32float 8x8 = {lst(img)}",
            f"expect u1 = {lst(out)}"]


def gauss_rows():
    w, h = 16, 4
    img = [float(v) for v in lcg_values(w * h, 17, 64)]
    k = [1, 4, 6, 4, 1]
    out = []
    for y in range(h):
        for x in range(w):
            acc = sum(k[i + 2] * img[y * w + min(max(x + i, 0), w - 1)] for i in range(-2, 3))
            out.append(acc / 16.0)
    return [f"texture t0 sampled 2d r32float 16x4 = {lst(img)}",
            f"expect u1 = {lst(out)}"]


# --- spatial --------------------------------------------------------------------------

def part1by2(x):
    x &= 0x3FF
    x = (x | (x << 16)) & 0x030000FF
    x = (x | (x << 8)) & 0x0300F00F
    x = (x | (x << 4)) & 0x030C30C3
    x = (x | (x << 2)) & 0x09249249
    return x


def morton_codes():
    qs = [tuple(v) for v in zip(lcg_values(16, 41, 1024), lcg_values(16, 43, 1024),
                                lcg_values(16, 47, 1024))]
    qs[5] = qs[4]                       # a duplicate: delta 32 + 31 - firstbithigh(i ^ j)
    pts = [tuple(c / 1024.0 for c in q) for q in qs]
    pts[15] = (1.0, 0.99951171875, -0.5)   # clamped to 1023 and 0
    codes = []
    for p in pts:
        q = [min(max(int(c * 1024.0), 0), 1023) for c in p]
        codes.append(part1by2(q[0]) << 2 | part1by2(q[1]) << 1 | part1by2(q[2]))

    def delta(i, j):
        if j < 0 or j > 15:
            return M32                   # -1 as uint
        a, b = codes[i], codes[j]
        return 31 - firstbithigh(a ^ b) if a != b else 32 + 31 - firstbithigh(i ^ j)
    out = []
    for i in range(16):
        out += [codes[i], delta(i, i - 1), delta(i, i + 1)]
    return [f"buffer t0 ro float3[16] = {lst([c for p in pts for c in p], 12)}",
            f"expect u1 = {lst(['0x%08X' % v for v in out], 12)}"]


def skinning():
    def bone(k):
        # translation (k, -k, 2k) after a scale by (1 + k) on x and a swap of y and z for odd k
        m = [[1.0 + k, 0, 0, float(k)], [0, 1.0, 0, float(-k)], [0, 0, 1.0, float(2 * k)],
             [0, 0, 0, 1.0]]
        if k % 2:
            m[1], m[2] = [0, 0, 1.0, float(-k)], [0, 1.0, 0, float(2 * k)]
        return m
    bones = [bone(k) for k in range(4)]
    verts = []
    for i in range(8):
        pos = [float(i % 3), float(i // 3), float(-(i % 2))]
        verts.append((pos, i % 4, (i + 1) % 4, [1.0, 0.75, 0.5, 0.25][i % 4]))
    out = []
    for pos, b0, b1, w in verts:
        v = pos + [1.0]
        t0 = [sum(bones[b0][r][c] * v[c] for c in range(4)) for r in range(4)]
        t1 = [sum(bones[b1][r][c] * v[c] for c in range(4)) for r in range(4)]
        out += [f32(w * t0[r] + (1 - w) * t1[r]) for r in range(3)]
    # StructuredBuffer<float4x4> without an explicit majorness: column_major, so the
    # memory order is column by column
    mem = [bones[k][r][c] for k in range(4) for c in range(4) for r in range(4)]
    vseg = segs(f"f32 {lst(p)} u32 [{a}, {b}] f32 [{fmt(w)}]" for p, a, b, w in verts)
    return [f"buffer t0 ro float[64] = {lst(mem)}",
            f"buffer t1 ro = {vseg}",
            f"expect u2 = {lst(out, 12)}"]


# --- more composites ------------------------------------------------------------------

def hash_table():
    keys = [k * 7919 % 1000 + 1 for k in range(24)] + [11, 11, 42, 42, 42, 500, 7, 7]
    vals = [i + 1 for i in range(32)]
    totals = {}
    for k, v in zip(keys, vals):
        totals[k] = totals.get(k, 0) + v
    out = []
    for k in keys:
        out += [1, totals[k], 0]          # found, summed value, absent key (k + 5000) found
    return [f"buffer t0 ro uint[32] = {lst(keys)}",
            f"expect u1 = {lst(out, 12)}",
            f"expect u2 = [{len(totals)}]"]


def matrix_inverse3():
    a = [[2, 1, 0], [1, 1, 0], [3, -2, 1]]            # det 1
    b = [[1, 2, 3], [0, 1, 4], [5, 6, 0]]             # det 1
    scale = 2.0

    def inv(m):
        det = (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
               - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
               + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))
        cof = [[(m[(r + 1) % 3][(c + 1) % 3] * m[(r + 2) % 3][(c + 2) % 3]
                 - m[(r + 1) % 3][(c + 2) % 3] * m[(r + 2) % 3][(c + 1) % 3]) for c in range(3)]
               for r in range(3)]
        return [[cof[c][r] / det for c in range(3)] for r in range(3)], det
    out = []
    for m in (a, b):
        im, det = inv(m)
        prod = [[sum(m[r][k] * im[k][c] for k in range(3)) for c in range(3)] for r in range(3)]
        out += [float(im[r][c] * scale) for r in range(3) for c in range(3)]
        out += [float(det)] + [float(prod[r][c]) for r in range(3) for c in range(3)]
    # A column_major: a register per column (float3 + pad); B row_major: a register per row;
    # scale packs into the tail of B's last register (offset 92)
    cb = []
    for c in range(3):
        cb += [float(a[r][c]) for r in range(3)] + [0.0]
    for r in range(3):
        cb += [float(b[r][c]) for c in range(3)] + ([0.0] if r < 2 else [scale])
    return [f"cbuffer b0 = f32 {lst(cb)}",
            f"expect u1 ~ abs 1e-6 = {lst(out, 19)}"]


def miller_rabin():
    cands = [2, 3, 9, 97, 2047, 3277, 4033, 4681, 8321, 65537, 25326001, 1000003,
             3215031751, 4294967291, 4294967295, 2147483647]

    def composite_witness(n, a):
        if a % n == 0:
            return False
        d, s = n - 1, 0
        while d % 2 == 0:
            d //= 2
            s += 1
        x = pow(a, d, n)
        if x == 1 or x == n - 1:
            return False
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                return False
        return True
    out = []
    for n in cands:
        s = ((n - 1) & -(n - 1)).bit_length() - 1 if n > 2 else 0
        witnesses = sum(1 for a in (2, 7, 61) if composite_witness(n, a)) if n > 2 else 0
        prime = n == 2 or (n > 2 and n % 2 == 1 and witnesses == 0)
        out += [1 if prime else 0, s, witnesses]
    return [f"buffer t0 ro uint[16] = {lst(cands)}",
            f"expect u1 = {lst(out, 12)}"]


def wave_bitonic8():
    vals = [s32(v - 500) for v in lcg_values(64, 77, 1000)]
    out = []
    for b in range(8):
        out += sorted(vals[8 * b:8 * b + 8])
    return [f"buffer t0 ro int[64] = {lst(vals)}",
            f"expect u1 = {lst(out)}"]


def raw_records():
    recs = []
    for i in range(8):
        recs.append((100 + i, [float(i), float(i * 2 - 5), 0.5 * i], float(1 + i % 3)))
    out_bytes = []
    for ident, p, w in recs:
        c = [f32(x * w) for x in p]
        out_bytes.append((c + [f32(c[0] + c[1] + c[2])], ident * 2 + (1 if p[1] > 0 else 0)))
    words_in = segs(f"u32 [{i}] f32 {lst(p + [w])}" for i, p, w in recs)
    words_out = segs(f"f32 {lst(v)} u32 [{t}]" for v, t in out_bytes)
    return [f"buffer t0 ro = {words_in}",
            f"expect u1 = {words_out}"]


TOKENIZER_TEXT = ["x1 = 42 + y*(7-3)", "  foo==bar # comment 99", "3.25+ 10 / _tmp", "a==b==c",
                  "", "99 bottles", "((()))", "#all comment"]


def tokenizer():
    def cls(c):
        if c == 32:
            return 0
        if 48 <= c <= 57:
            return 1
        if 65 <= c <= 90 or 97 <= c <= 122 or c == 95:
            return 2
        if chr(c) in "+-*/=()" if c else False:
            return 3
        if c == 35:
            return 4
        return 5
    words_in, out = [], []
    for t in TOKENIZER_TEXT:
        codes = [ord(ch) for ch in t] + [0] * (32 - len(t))
        words_in += codes

        def at(p):
            return codes[p] if p < 32 else 0
        nums = idents = ops = total = ident_len = tokens = pos = 0
        done = False
        guard = 0
        while guard < 64 and not done:
            guard += 1
            c = at(pos)
            k = cls(c)
            if k == 0:
                pos += 1
                continue
            if k == 1:
                v = 0
                while True:
                    v = v * 10 + (c - 48)
                    pos += 1
                    c = at(pos)
                    if cls(c) != 1:
                        break
                if c == 46:
                    while True:
                        pos += 1
                        c = at(pos)
                        if cls(c) != 1:
                            break
                nums += 1
                total += v
            elif k == 2:
                start = pos
                while True:
                    pos += 1
                    c = at(pos)
                    if cls(c) not in (1, 2):
                        break
                idents += 1
                ident_len += pos - start
            elif k == 3:
                ops += 1
                pos += 1
                if c == 61 and at(pos) == 61:
                    pos += 1
            else:
                done = True
            tokens += 1
        out += [nums, idents, ops, total, ident_len, tokens]
    return [f"buffer t0 ro uint[256] = {lst(words_in, 32)}",
            f"expect u1 = {lst(out, 12)}"]


def inout_buffer_sort():
    data = [s32(v - 50) for v in lcg_values(32, 91, 100)]
    items_in = []
    for seg in range(4):
        items_in.append(([seg, 10 * seg, -seg, 7], 0xA0 + seg))
    out_data, items_out, log = [], [], []
    for seg in range(4):
        a = data[seg * 8:(seg + 1) * 8]
        swaps = 0
        for i in range(8):
            best = i
            for j in range(i + 1, 8):
                if a[j] < a[best]:
                    best = j
            if best != i:
                a[i], a[best] = a[best], a[i]
                swaps += 1
        out_data += a
        v, tag = items_in[seg]
        v = list(v)
        v[2], v[0] = a[0], a[7]           # v.zx = (min, max)
        v[1] += seg
        items_out.append((v, tag + swaps))
        log += [swaps, 0, sum(1 for x in a if x < 0), 2 * seg + 1]
    items_init = segs(f"i32 {lst(v)} u32 [{t}]" for v, t in items_in)
    items_exp = segs(f"i32 {lst(v)} u32 [{t}]" for v, t in items_out)
    return [f"buffer u0 rw int[32] = {lst(data)}",
            f"buffer u1 rw = {items_init}",
            f"expect u0 = {lst(out_data)}",
            f"expect u1 = {items_exp}",
            f"expect u2 = {lst(log)}"]


def crc_table():
    import binascii
    data = byte_data()[:128]
    out = []
    for i in range(8):
        chunk = data[16 * i:16 * i + 3 + i * 13 // 7]
        out.append(binascii.crc32(bytes(chunk)))
        out.append(binascii.crc32(bytes(reversed(chunk))))
    return [f"buffer t0 ro uint[32] = {lst(['0x%08X' % w for w in words(byte_data()[:128])], 8)}",
            f"expect u1 = {lst(['0x%08X' % c for c in out], 8)}"]


CORDIC_ATAN = [round(math.atan(2.0 ** -i) * 65536) for i in range(16)]
CORDIC_K = 39797                 # round(0.607252935 * 65536), the product of the gains


def cordic():
    angles = [0, 16384, -16384, 51472, -51472, 102944, 34315, -90000, 5000, 68629, -68629, 1]
    out = []
    for a in angles:
        x, y, z = CORDIC_K, 0, a
        for i in range(16):
            dx, dy = x >> i, y >> i          # arithmetic shifts, as HLSL's int >>
            if z >= 0:
                x, y, z = x - dy, y + dx, z - CORDIC_ATAN[i]
            else:
                x, y, z = x + dy, y - dx, z + CORDIC_ATAN[i]
        # quotient and remainder truncate toward zero (HLSL int / and %)
        q = abs(y) // 1000 * (1 if y >= 0 else -1)
        r = y - q * 1000
        flags = (1 if x < 0 else 0) | (2 if y < 0 else 0) | (4 if abs(x) > abs(y) else 0)
        out += [s32(x), s32(y), s32(z), q, r, flags]
    return [f"buffer t0 ro int[12] = {lst(angles)}",
            f"expect u1 = {lst(out, 12)}"]


def wave_waterfall():
    keys = [v % 6 for v in lcg_values(64, 55, 1000)]
    # per key: how many lanes of the group hold it, and the sum of their indices
    counts = [keys.count(k) for k in range(6)]
    sums = [sum(i for i, kk in enumerate(keys) if kk == k) for k in range(6)]
    return [f"buffer t0 ro uint[64] = {lst(keys)}",
            f"expect u1 = {lst(counts + sums)}",
            f"expect u2 = {lst([counts[k] for k in keys])}"]


def gauss_solve_systems():
    systems = []
    sols = [[1, -2, 3, 0.5], [2, 0, -1, 4], [-3, 1, 1, 1], [0.25, 5, -2, 2]]
    mats = [[[0, 2, 1, 1], [4, 1, 0, 2], [1, 3, 5, 0], [2, 0, 1, 6]],
            [[1, 1, 1, 1], [1, -1, 2, 0], [3, 0, 1, -2], [0, 4, -1, 1]],
            [[2, -1, 0, 0], [-1, 2, -1, 0], [0, -1, 2, -1], [0, 0, -1, 2]],
            [[0, 0, 3, 1], [0, 5, 1, 0], [2, 1, 0, 0], [1, 0, 0, 4]]]
    for m, x in zip(mats, sols):
        b = [sum(m[r][c] * x[c] for c in range(4)) for r in range(4)]
        systems.append((m, b, x))
    flat = []
    for m, b, _ in systems:
        for r in range(4):
            flat += [float(v) for v in m[r]] + [float(b[r])]
    out = []
    for m, b, x in systems:
        # pivot row chosen at each step, as the kernel does (max |a|, first on ties)
        a = [list(map(float, m[r])) + [float(b[r])] for r in range(4)]
        pivots = []
        for k in range(4):
            p = max(range(k, 4), key=lambda r: (abs(a[r][k]), -r))
            pivots.append(p)
            a[k], a[p] = a[p], a[k]
            for r in range(k + 1, 4):
                f = a[r][k] / a[k][k]
                a[r] = [a[r][c] - f * a[k][c] for c in range(5)]
        out += [float(v) for v in x] + [float(p) for p in pivots]
    return [f"buffer t0 ro float[80] = {lst(flat, 20)}",
            f"expect u1 ~ abs 0.001 = {lst(out)}"]


def last_block_reduce():
    vals = lcg_values(512, 61, 5000)
    partials = [sum(vals[g * 64:(g + 1) * 64]) for g in range(8)]
    return [f"buffer t0 ro uint[512] = {lst(vals, 32)}",
            f"expect u1 = {lst(partials)}",
            f"expect u3 = [{sum(partials)}, {max(vals)}]"]


def splat_atomics():
    pts = list(zip(lcg_values(48, 71, 32), lcg_values(48, 73, 32), lcg_values(48, 79, 100)))
    counts = [0] * 64
    peaks = [0] * 64
    for x, y, w in pts:
        t = (y // 4) * 8 + x // 4
        counts[t] += 1
        peaks[t] = max(peaks[t], w)
    return [f"buffer t0 ro uint[144] = {lst([v for p in pts for v in p], 24)}",
            f"expect u1 = {lst(counts)}",
            f"expect u2 = {lst(peaks)}"]


def clip_polygons():
    tris = [((1, 1), (3, 1), (2, 3)), ((-1, -1), (5, 0), (2, 5)), ((-2, 2), (6, 2), (2, 6)),
            ((5, 5), (6, 5), (5, 6)), ((0, 0), (4, 0), (0, 4)), ((-1, 3), (3, -1), (6, 6)),
            ((2, -2), (6, 2), (2, 6)), ((1, 2), (5, 3), (-1, 5))]
    out, flat = [], []

    def clip(poly, axis, bound, keep_less):
        res = []
        n = len(poly)
        for i in range(n):
            a, b = poly[i], poly[(i + 1) % n]
            ina = a[axis] <= bound if keep_less else a[axis] >= bound
            inb = b[axis] <= bound if keep_less else b[axis] >= bound
            if ina:
                res.append(a)
            if ina != inb:
                t = f32(f32(bound - a[axis]) / f32(b[axis] - a[axis]))
                res.append(tuple(f32(a[k] + f32(f32(b[k] - a[k]) * t)) for k in range(2)))
        return res
    for tri in tris:
        poly = [tuple(map(float, v)) for v in tri]
        flat += [c for v in poly for c in v]
        for axis, bound, keep_less in ((0, 0.0, False), (0, 4.0, True), (1, 0.0, False), (1, 4.0, True)):
            poly = clip(poly, axis, bound, keep_less)
        area = 0.0
        for i in range(len(poly)):
            a, b = poly[i], poly[(i + 1) % len(poly)]
            area += a[0] * b[1] - b[0] * a[1]
        verts = [c for v in poly for c in v] + [0.0] * (16 - 2 * len(poly))
        out += [float(len(poly)), f32(abs(area) * 0.5)] + verts
    return [f"buffer t0 ro float2[24] = {lst(flat, 12)}",
            f"expect u1 ~ abs 1e-4 = {lst(out, 18)}"]


def bilinear_resize():
    src = [float(v) for v in lcg_values(16, 101, 17)]

    def texel(x, y):
        return src[min(max(y, 0), 3) * 4 + min(max(x, 0), 3)]
    out = []
    for j in range(8):
        for i in range(8):
            u, v = (i + 0.5) / 8 * 4 - 0.5, (j + 0.5) / 8 * 4 - 0.5
            x0, y0 = math.floor(u), math.floor(v)
            fx, fy = u - x0, v - y0
            top = texel(x0, y0) * (1 - fx) + texel(x0 + 1, y0) * fx
            bot = texel(x0, y0 + 1) * (1 - fx) + texel(x0 + 1, y0 + 1) * fx
            out.append(f32(top * (1 - fy) + bot * fy))
    return [f"texture t0 sampled 2d r32float 4x4 = {lst(src)}",
            f"expect u2 ~ abs 0.01 = {lst(out)}"]


def shape_records():
    kinds = lcg_values(16, 111, 4)
    ws = lcg_values(16, 113, 1024)
    hs = lcg_values(16, 117, 1024)
    ids = lcg_values(16, 119, 1024)
    words_in, out = [], []
    for k, w, h, i in zip(kinds, ws, hs, ids):
        words_in.append(k | w << 2 | h << 12 | i << 22)
        area = [3 * w * w, w * w, w * h, 0][k] & M32
        w2 = min(max(w * 2, 1), 1023)
        h2 = min(max(h + 100, 0), 1023)
        out += [k, i, area, k | w2 << 2 | h2 << 12 | i << 22]
    return [f"buffer t0 ro uint[16] = {lst(['0x%08X' % v for v in words_in], 8)}",
            f"expect u1 = {lst(out)}"]


def quad_downsample():
    img = [float(v) for v in lcg_values(64, 131, 50)]   # row-major 8x8
    out = []
    for qy in range(4):
        for qx in range(4):
            px = [img[(2 * qy + dy) * 8 + 2 * qx + dx] for dy in (0, 1) for dx in (0, 1)]
            out += [sum(px) * 0.25, max(px), min(px), px[3] - px[0]]
    return [f"buffer t0 ro float[64] = {lst(img)}",
            f"expect u1 = {lst(out)}"]


def softmax_layernorm():
    rows = [[(v - 500) / 64.0 for v in lcg_values(64, 137 + r, 1000)] for r in range(2)]
    soft, norm, stats = [], [], []
    for x in rows:
        m = max(x)
        e = [math.exp(v - m) for v in x]
        total = sum(e)
        soft += [v / total for v in e]
        mean = sum(x) / 64
        var = sum((v - mean) ** 2 for v in x) / 64
        inv = 1 / math.sqrt(var + 1e-5)
        norm += [(v - mean) * inv * 0.5 + 0.25 for v in x]
        stats += [m, math.log(total) + m, mean, var]
    flat = [v for x in rows for v in x]
    return [f"buffer t0 ro float[128] = {lst(flat)}",
            f"expect u1 ~ rel 1e-4 abs 1e-6 = {lst([f32(v) for v in soft], 8)}",
            f"expect u2 ~ rel 1e-4 abs 1e-5 = {lst([f32(v) for v in norm], 8)}",
            f"expect u3 ~ rel 1e-4 abs 1e-5 = {lst([f32(v) for v in stats])}"]


def lighting():
    lights = [((0.0, 4.0, 2.0), 8.0, (1.0, 0.9, 0.8), 1),
              ((3.0, 1.0, -1.0), 5.0, (0.2, 0.4, 1.0), 1),
              ((-2.0, 2.0, 3.0), 6.0, (0.5, 1.0, 0.25), 0)]     # kind 0: switched off
    ambient = (0.05, 0.1, 0.15)

    def sub(a, b): return [x - y for x, y in zip(a, b)]
    def dot(a, b): return sum(x * y for x, y in zip(a, b))
    def norm(a):
        l = math.sqrt(dot(a, a))
        return [x / l for x in a]
    def sat(x): return min(max(x, 0.0), 1.0)
    pts = []
    for i in range(16):
        p = (i % 4 - 1.5, 0.0, i // 4 - 1.5)
        n = norm([0.25 * (i % 3 - 1), 1.0, 0.125 * (i % 5 - 2)])
        pts.append((p, n))
    eye = (0.0, 3.0, 5.0)
    out = []
    for p, n in pts:
        v = norm(sub(eye, p))
        c = list(ambient)
        for lp, rng, col, kind in lights:
            if kind == 0:
                continue
            L = sub(lp, p)
            dist = math.sqrt(dot(L, L))
            L = [x / dist for x in L]
            atten = sat(1 - dist / rng)
            diff = sat(dot(n, L))
            h = norm([a + b for a, b in zip(L, v)])
            spec = sat(dot(n, h)) ** 16
            c = [cc + k * (diff + spec) * atten for cc, k in zip(c, col)]
        out += [f32(x) for x in c] + [1.0]
    cb = []
    for lp, rng, col, kind in lights:
        cb.append(f"f32 {lst(list(lp) + [rng] + list(col))} u32 [{kind}]")
    cb.append(f"u32 [3] f32 {lst(list(ambient))}")
    inputs = [x for p, n in pts for x in list(p) + n]
    return [f"cbuffer b0 = {segs(cb)}",
            f"buffer t1 ro float3[32] = {lst([f32(x) for x in inputs], 12)}",
            f"expect u2 ~ rel 1e-3 abs 1e-4 = {lst(out)}"]


def work_queue():
    tasks = [100 + v for v in range(32)]
    order = lcg_values(32, 151, 1 << 20)
    tasks = [t for _, t in sorted(zip(order, tasks))]          # a shuffled queue

    def f(t):
        return bin((t * 2654435761) & M32).count("1") + 3 * t
    by_task = [f(100 + k) for k in range(32)]
    return [f"buffer u0 rw uint[32] = {lst(tasks)}",
            f"expect u0 = {lst(tasks)}",
            f"expect u2 = {lst(by_task)}",
            f"expect u3 = [{sum(by_task)}, {sum(tasks)}]"]


def kahan_sum():
    vals = [f32(10000.0)] + [f32(0.01 * (1 + v % 7)) for v in lcg_values(255, 161, 1000)]
    naive = 0.0
    for v in vals:
        naive = f32(naive + v)
    total, comp = 0.0, 0.0
    for v in vals:
        y = f32(v - comp)
        t = f32(total + y)
        comp = f32(f32(t - total) - y)
        total = t
    dsum = 0.0
    for v in vals:
        dsum += v                      # double accumulation of the f32 inputs
    return [f"buffer t0 ro float[256] = {lst(vals, 16)}",
            f"expect u1 = {lst([naive, total, f32(dsum), f32(f32(total) - naive)])}"]


def histogram_equalize():
    # a low-contrast 16x16 8-bit image: values 96..159, unevenly spread
    pix = [96 + (v * v) % 64 for v in lcg_values(256, 171, 1000)]
    hist = [pix.count(b) for b in range(256)]
    cdf, run = [], 0
    for h in hist:
        run += h
        cdf.append(run)
    cdf_min = next(c for c in cdf if c > 0)
    lut = [(c - cdf_min) * 255 // (256 - cdf_min) if c > 0 else 0 for c in cdf]
    out = [lut[p] for p in pix]
    texels = []
    for p in pix:
        texels += [p, 0, 0, 255]
    return [f"texture t0 sampled 2d rgba8unorm 16x16 = {lst(texels, 32)}",
            f"expect u1 = {lst(out)}",
            f"expect u2 = [{cdf_min}, {sum(1 for h in hist if h)}, {min(out)}, {max(out)}]"]


def closest_hit_u64():
    boxes = []
    for k, (x, y, z) in enumerate(zip(lcg_values(16, 181, 6), lcg_values(16, 187, 6), lcg_values(16, 191, 20))):
        boxes.append((float(x) - 0.5, float(y) - 0.5, float(z) + 1.0, float(x) + 1.75, float(y) + 1.25, float(z) + 2.5))
    rays = [(float(i % 4) * 1.5 + 0.25, float(i // 4) * 2.0 + 0.5) for i in range(8)]
    out = []
    for ox, oy in rays:
        best = M64
        for k, (x0, y0, z0, x1, y1, _z1) in enumerate(boxes):
            if x0 <= ox <= x1 and y0 <= oy <= y1:
                t = z0                                    # ray origin z = 0, direction +z
                key = struct.unpack("<I", struct.pack("<f", t))[0] << 32 | k
                best = min(best, key)
        out.append(best)
    flat = [c for b in boxes for c in b]
    return [f"buffer t0 ro float[96] = {lst(flat, 12)}",
            f"buffer t1 ro float2[8] = {lst([c for r in rays for c in r])}",
            f"expect u2 = {lst(['0x%016X' % v for v in out], 4)}"]


def volume_march():
    n = 8
    vol = [float(v * v % 5) for v in lcg_values(n * n * n, 197, 4)]
    out = []
    for r in range(24):
        axis = r % 3
        a, b = (r // 3) % n, (r * 5 // 3) % n
        pos = [a, b, 0] if axis == 2 else ([0, a, b] if axis == 0 else [a, 0, b])
        step = [0, 0, 0]
        step[axis] = 1
        total, steps = 0.0, 0
        while 0 <= pos[axis] < n:
            d = vol[pos[2] * 64 + pos[1] * 8 + pos[0]]
            total += d
            steps += 1
            if total >= 10.0:
                break
            pos = [p + s for p, s in zip(pos, step)]
        out += [steps, int(total), pos[axis]]
    return [f"texture t0 sampled 3d r32float 8x8x8 = {lst(vol, 32)}",
            f"expect u1 = {lst(out, 12)}"]


def int_matrix_power():
    ns = [0, 1, 2, 3, 10, 20, 31, 32, 47, 48, 93, 100, 1000, 65535, 123456, 4294967295]

    def mm(a, b):
        return [[(a[r][0] * b[0][c] + a[r][1] * b[1][c]) & M32 for c in range(2)] for r in range(2)]
    fibs = []
    for n in ns:
        result, base, e = [[1, 0], [0, 1]], [[1, 1], [1, 0]], n
        while e:
            if e & 1:
                result = mm(result, base)
            base = mm(base, base)
            e >>= 1
        fibs.append(result[0][1])
    # an int3x3 shear/rotation applied to lattice points, and its transpose's determinant
    m = [[0, -1, 2], [1, 0, -3], [0, 0, 1]]
    pts = [[i - 8, 2 * i - 5, 1] for i in range(16)]
    moved = [[sum(m[r][k] * p[k] for k in range(3)) for r in range(3)] for p in pts]
    back = [[sum(m[k][r] * p[k] for k in range(3)) for r in range(3)] for p in pts]   # mul(p, m)
    out = []
    for a, b in zip(moved, back):
        out += [s32(x) for x in a + b]
    return [f"buffer t0 ro uint[16] = {lst(ns)}",
            f"expect u1 = {lst(fibs, 8)}",
            f"expect u2 = {lst(out, 12)}"]


def f16(x):
    return struct.unpack("<e", struct.pack("<e", x))[0]


def half_bits(x):
    return struct.unpack("<H", struct.pack("<e", x))[0]


def half_blend():
    out = []
    colors = []
    for i in range(16):
        a = [((i * 3 + k * 5) % 32) / 16.0 for k in range(4)]
        b = [((i * 7 + k * 11) % 32) / 16.0 for k in range(4)]
        colors.append((a, b))
    packed, floats = [], []
    for i, (a, b) in enumerate(colors):
        t = (i % 5) * 0.25
        c = [x + t * (y - x) for x, y in zip(a, b)]            # exact in half
        premul = [c[0] * c[3], c[1] * c[3], c[2] * c[3], c[3]]   # exact: <= 11 bits
        packed += [half_bits(premul[0]) | half_bits(premul[1]) << 16,
                   half_bits(premul[2]) | half_bits(premul[3]) << 16]
        acc = premul[0]
        for x in premul[1:]:
            acc = f16(acc + x)                                   # the sum is in half
        floats.append(acc)
    flat = [x for a, b in colors for x in a + b]
    return [f"buffer t0 ro float[128] = {lst(flat)}",
            f"expect u1 = {lst(['0x%08X' % v for v in packed], 8)}",
            f"expect u2 = {lst(floats)}"]


def sparse_matvec():
    rows = 16
    lens = lcg_values(rows, 201, 7)                       # 0..6 non-zeros per row
    cols_all = lcg_values(sum(lens), 203, 32)
    vals_all = [float(v - 4) for v in lcg_values(sum(lens), 207, 9)]
    x = [float(v - 8) * 0.5 for v in lcg_values(32, 209, 17)]
    rowptr = [0]
    for l in lens:
        rowptr.append(rowptr[-1] + l)
    y = [sum(vals_all[k] * x[cols_all[k]] for k in range(rowptr[r], rowptr[r + 1])) for r in range(rows)]
    nnz = len(cols_all)
    # column indices packed two per uint (uint16 each), padded to a whole word
    cols_padded = cols_all + [0] * (nnz % 2)
    packed = [cols_padded[i] | cols_padded[i + 1] << 16 for i in range(0, len(cols_padded), 2)]
    return [f"buffer t0 ro uint[{rows + 1}] = {lst(rowptr)}",
            f"buffer t1 ro uint[{len(packed)}] = {lst(['0x%08X' % v for v in packed], 8)}",
            f"buffer t2 ro float[{nnz}] = {lst(vals_all)}",
            f"buffer t3 ro float[32] = {lst(x)}",
            f"expect u4 = {lst(y)}",
            f"expect u5 = [{max(lens)}, {nnz}]"]


def layer_composite():
    w, h, layers = 4, 4, 3
    data = [float(v) / 8.0 for v in lcg_values(w * h * layers, 211, 9)]
    opacity = [0.5, 0.25, 0.75]
    tint = [1.0, 2.0, 0.5]
    out = []
    for y in range(h):
        for x in range(w):
            acc = 0.0
            for l in range(layers):
                c = data[l * w * h + y * w + x] * tint[l]
                acc = f32(f32(acc * (1 - opacity[l])) + f32(c * opacity[l]))
            out += [acc, float(x + 4 * y)]
    # opacity[i] at 16 i (one register each; the array is 36 bytes), tint packs into the
    # 12 bytes left in the last element's register: offset 36
    cb = [opacity[0], 0.0, 0.0, 0.0, opacity[1], 0.0, 0.0, 0.0, opacity[2]] + tint
    return [f"cbuffer b2 = f32 {lst(cb)}",
            f"texture t0 sampled 2darray r32float 4x4x3 = {lst(data)}",
            f"expect u1 = {lst(out)}"]


def monte_carlo():
    def pcg_next(state):
        state = (state * 747796405 + 2891336453) & M32
        word = (((state >> ((state >> 28) + 4)) ^ state) * 277803737) & M32
        return state, ((word >> 22) ^ word) & M32
    per_thread = []
    total = 0
    for t in range(64):
        state = (t * 0x9E3779B9 + 1) & M32
        hits = 0
        for _ in range(100):
            state, r1 = pcg_next(state)
            state, r2 = pcg_next(state)
            x, y = r1 >> 20, r2 >> 20          # 12-bit coordinates
            if x * x + y * y < 4096 * 4096:
                hits += 1
        per_thread.append(hits)
        total += hits
    return [f"expect u0 = {lst(per_thread)}",
            f"expect u1 = [{total}, {max(per_thread)}]"]


def grid_shortest_paths():
    import heapq
    n = 8
    cost = [1 + v for v in lcg_values(n * n, 223, 9)]
    cost[0] = 0
    dist = [None] * (n * n)
    heap = [(0, 0)]
    while heap:
        d, c = heapq.heappop(heap)
        if dist[c] is not None:
            continue
        dist[c] = d
        x, y = c % n, c // n
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if 0 <= x + dx < n and 0 <= y + dy < n:
                m = (y + dy) * n + x + dx
                if dist[m] is None:
                    heapq.heappush(heap, (d + cost[m], m))
    return [f"buffer t0 ro uint[64] = {lst(cost)}",
            f"expect u1 = {lst(dist)}",
            f"expect u2 = [{max(dist)}]"]


def float_bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def sortable(x):
    u = float_bits(x)
    return u ^ (M32 if u >> 31 else 0x80000000)


def aabb_reduce():
    pts = [[f32((v - 500) / 16.0) for v in lcg_values(3, 229 + i, 1000)] for i in range(256)]
    out = []
    for g in range(4):
        chunk = pts[g * 64:(g + 1) * 64]
        lo = [min(p[k] for p in chunk) for k in range(3)]
        hi = [max(p[k] for p in chunk) for k in range(3)]
        out += lo + hi
    glo = [min(p[k] for p in pts) for k in range(3)]
    ghi = [max(p[k] for p in pts) for k in range(3)]
    keys = ['0x%08X' % sortable(v) for v in glo] + ['0x%08X' % sortable(v) for v in ghi]
    init = ['0xFFFFFFFF'] * 3 + ['0x00000000'] * 3
    return [f"buffer t0 ro float3[256] = {lst([c for p in pts for c in p], 12)}",
            f"buffer u2 rw uint[6] = {lst(init)}",
            f"expect u1 = {lst(out, 12)}",
            f"expect u2 = {lst(keys)}"]


def ternary_lazy():
    out = []
    for i in range(16):
        calls = 0
        log = 0

        def record(bit, v):
            nonlocal calls, log
            calls += 1
            log |= bit
            return v
        d = i % 4
        q = record(1, 1000 // d) if d != 0 else record(2, 0xFFFF)
        r = record(4, i * 3) if i < 8 else (record(8, i) if i < 12 else record(16, 7))
        # a nested pick whose unchosen arms would divide by zero and count
        t = (record(32, 100 // (i - 5)) if i != 5 else record(64, 0)) if i % 2 == 1 else record(128, i)
        out += [q, r, t & M32, calls, log]
    return [f"expect u0 = {lst(out, 10)}"]


def instance_transforms():
    insts = []
    for k in range(4):
        m = [[0.0] * 4 for _ in range(3)]
        for r in range(3):
            for c in range(3):
                m[r][c] = float(((k + 1) * (r + 2) * (c + 3)) % 5 - 2)
            m[r][3] = float(k * 2 - r)
        insts.append((m, 10 + k))
    pts = [[float(i % 3 - 1), float(i // 3 - 1), float((i * 7) % 5 - 2)] for i in range(8)]
    out = []
    for m, ident in insts:
        for p in pts:
            v = p + [1.0]
            out += [sum(m[r][c] * v[c] for c in range(4)) for r in range(3)]
    # struct Instance { row_major float3x4 transform; uint id; float3 pad; }: rows in order
    segs_in = segs(f"f32 {lst([x for row in m for x in row])} u32 [{ident}] f32 [0, 0, 0]"
                   for m, ident in insts)
    return [f"buffer t0 ro = {segs_in}",
            f"buffer t1 ro float3[8] = {lst([c for p in pts for c in p])}",
            f"expect u2 = {lst(out, 12)}",
            f"expect u3 = {lst([i for _, i in insts for _ in range(8)])}"]


def recurrence_scan():
    a = [1 + v for v in lcg_values(32, 233, 7)]
    b = lcg_values(32, 239, 100)
    # x_{n+1} = a_n x_n + b_n (mod 2^32) from x_0 = 5, as a scan of affine maps
    xs, x = [], 5
    for an, bn in zip(a, b):
        x = (an * x + bn) & M32
        xs.append(x)
    return [f"buffer t0 ro uint2[32] = {lst([v for p in zip(a, b) for v in p])}",
            f"expect u1 = {lst(xs)}"]


MODELS = {
    "algo_bitonic_sort": bitonic_sort,
    "algo_odd_even_sort": odd_even_sort,
    "algo_radix_pass": radix_pass,
    "algo_byte_histogram": byte_histogram,
    "algo_crc32": crc32,
    "algo_transpose_tile": transpose_tile,
    "algo_tiled_matmul": tiled_matmul,
    "algo_cbuffer_transform": cbuffer_transform,
    "algo_wave_reduce": wave_reduce,
    "algo_rle_scan": rle,
    "algo_stream_compact": stream_compact,
    "algo_sieve": sieve,
    "algo_particles": particles,
    "algo_bvh_traverse": bvh_traverse,
    "algo_bytecode_vm": bytecode_vm,
    "algo_short_circuit": short_circuit,
    "algo_generic_stack": generic_stack,
    "algo_hash_mix": hash_mix,
    "algo_splitmix64": splitmix64,
    "algo_mandelbrot": mandelbrot,
    "algo_fft8": fft8,
    "algo_sobel": sobel,
    "algo_gauss_rows": gauss_rows,
    "algo_morton_codes": morton_codes,
    "algo_skinning": skinning,
    "algo_hash_table": hash_table,
    "algo_matrix_inverse3": matrix_inverse3,
    "algo_miller_rabin": miller_rabin,
    "algo_wave_bitonic8": wave_bitonic8,
    "algo_raw_records": raw_records,
    "algo_tokenizer": tokenizer,
    "algo_inout_buffer_sort": inout_buffer_sort,
    "algo_crc_table": crc_table,
    "algo_cordic": cordic,
    "algo_wave_waterfall": wave_waterfall,
    "algo_gauss_solve": gauss_solve_systems,
    "algo_last_block_reduce": last_block_reduce,
    "algo_splat_atomics": splat_atomics,
    "algo_clip_polygons": clip_polygons,
    "algo_bilinear_resize": bilinear_resize,
    "algo_shape_records": shape_records,
    "algo_quad_downsample": quad_downsample,
    "algo_softmax_layernorm": softmax_layernorm,
    "algo_lighting": lighting,
    "algo_work_queue": work_queue,
    "algo_kahan_sum": kahan_sum,
    "algo_histogram_equalize": histogram_equalize,
    "algo_closest_hit_u64": closest_hit_u64,
    "algo_volume_march": volume_march,
    "algo_int_matrix_power": int_matrix_power,
    "algo_half_blend": half_blend,
    "algo_sparse_matvec": sparse_matvec,
    "algo_layer_composite": layer_composite,
    "algo_monte_carlo": monte_carlo,
    "algo_grid_shortest_paths": grid_shortest_paths,
    "algo_aabb_reduce": aabb_reduce,
    "algo_ternary_lazy": ternary_lazy,
    "algo_instance_transforms": instance_transforms,
    "algo_recurrence_scan": recurrence_scan,
}


def header_text(path):
    lines = []
    for line in path.read_text().splitlines():
        if not line.startswith("//") and line.strip():
            break
        lines.append(line[2:] if line.startswith("//") else line)
    return " ".join(" ".join(lines).split())


def main(argv):
    check = "--check" in argv
    names = [a for a in argv if not a.startswith("--")]
    failed = 0
    for name, model in MODELS.items():
        if names and not any(n in name for n in names):
            continue
        directives = model()
        if check:
            path = EXEC / f"{name}.hlsl"
            text = header_text(path) if path.exists() else ""
            for d in directives:
                flat = " ".join(d.replace("\n//", " ").split())
                if flat not in text:
                    print(f"{path.name}: header lacks `{flat[:80]}...`")
                    failed += 1
        else:
            print(f"== {name}")
            for d in directives:
                print("// " + d)
    if check:
        print("ok" if not failed else f"{failed} directive(s) differ")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
