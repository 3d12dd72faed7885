#!/usr/bin/env python3
"""CPU models of the `mix_*` execution kernels (tests/exec/mix_*.hlsl).

Each kernel combines several HLSL features the way production compute shaders do; its
expected values come from the model of the same name here, written from HLSL's semantics
(32-bit wrapping integers, f32 rounding through `struct`), never from a compiler's output.

    python3 tests/exec/mix/models.py            # print every kernel's expect lines
    python3 tests/exec/mix/models.py --check    # verify the kernels' headers hold them
"""
import math
import pathlib
import re
import struct
import sys

M32 = 0xFFFFFFFF
M64 = (1 << 64) - 1
MODELS = {}


def model(fn):
    MODELS[fn.__name__] = fn
    return fn


def f32(x):
    return struct.unpack('<f', struct.pack('<f', x))[0]


def f32_bits(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]


def bits_f32(u):
    return struct.unpack('<f', struct.pack('<I', u & M32))[0]


def s32(u):
    u &= M32
    return u - (1 << 32) if u & 0x80000000 else u


def fmt(v):
    if v is None:
        return '_'
    if isinstance(v, float):
        if v == int(v) and abs(v) < 1e15:
            return str(int(v)) if not (v == 0 and math.copysign(1, v) < 0) else '-0.0'
        return '%.9g' % v
    return str(v)


# ---------------------------------------------------------------------------------------
# models (one per kernel, in alphabetical order of the kernels)
# ---------------------------------------------------------------------------------------

def xorshift32(s):
    s ^= (s << 13) & M32
    s ^= s >> 17
    s ^= (s << 5) & M32
    return s


@model
def rng_struct_groupshared():
    def seeded(t):
        s = ((t * 0x9E3779B9) & M32) ^ 0xA5A5A5A5
        return s or 1
    g = []
    for t in range(16):
        s = seeded(t)
        for _ in range(t & 3):
            s = xorshift32(s)
        g.append(s)
    hits, buckets, picks, states = [], [0] * 8, [], []
    for t in range(16):
        s = g[(t + 5) & 15]
        h = 0
        for _ in range(32):
            s = xorshift32(s); x = s >> 20
            s = xorshift32(s); y = s >> 20
            if x * x + y * y < 4096 * 4096:
                h += 1
            s = xorshift32(s)
            u = (s >> 8) / 16777216.0
            buckets[int(u * 8.0)] += 1
        hits.append(h)
        s = xorshift32(s)
        picks.append((s * 1000) >> 32)
        states.append(xorshift32(g[t]))
    return {'u0': hits, 'u1': buckets, 'u2': picks, 'u3': states}


@model
def template_functor_reduce():
    In = [3, -1, 4, 1, -5, 9, 2, -6, 5, 3, -5, 8, 9, -7, 9, 3,
          2, 3, -8, 4, 6, -2, 6, 4, -3, 3, 8, 3, 2, 7, -9, 5]
    oi, of = [], []
    sums = [sum(In[4 * t:4 * t + 4]) for t in range(8)]
    best = max(sums)
    for t in range(8):
        a = In[4 * t:4 * t + 4]
        prod = 1.0
        for x in a:
            prod = f32(prod * f32(x * 0.5))
        cs = sum(min(max(x, -2), 5) for x in a)
        fs = f32(min(max(a[0] * 0.5, -1.0), 2.0) + min(max(a[3] * 0.5, -1.0), 2.0))
        oi += [sums[t], max(a), cs, best]
        of += [prod, fs]
    return {'u1': oi, 'u2': of}


@model
def tiled_struct_stencil():
    In = [8, 0, 3, 12, 1, 7, 2, 9, 4, 4, 10, 0, 6, 5, 11, 2]
    cl = lambda a: min(max(a, 0), 3)
    cur = {(x, y): ((float(In[y * 4 + x]), float(In[y * 4 + x] * 2)), 0) for x in range(4) for y in range(4)}
    for it in range(3):
        nxt = {}
        for y in range(4):
            for x in range(4):
                n = [cur[(cl(x + dx), cl(y + dy))][0] for dx, dy in [(-1, 0), (1, 0), (0, -1), (0, 1)]]
                ax = ((n[0][0] + n[1][0]) * 0.5 + (n[2][0] + n[3][0]) * 0.5) * 0.5
                vy = max(n[0][1], n[1][1])
                old = cur[(x, y)]
                nxt[(x, y)] = ((ax, vy), old[1] + (1 if ax > old[0][0] else 0))
        cur = nxt
    v, tag, m = [], [], []
    for y in range(4):
        for x in range(4):
            (a, b), t = cur[(x, y)]
            v += [a, b]; tag.append(t)
            mx, my = a * 1 + b * 2, a * 3 + b * 4
            m += [my, mx]
    return {'u2': v, 'u3': tag, 'u4': m}


@model
def wave_compaction_append():
    vals = [(37 * t + 11) % 97 for t in range(64)]
    kept = [v for v in vals if v % 3 != 0]
    mask = [0] * 4
    for v in kept:
        mask[v // 32] |= 1 << (v % 32)
    big = [v for v in kept if v >= 60]
    compact = [None] * len(kept) + [0] * (64 - len(kept))
    appended = [None] * (2 * len(big)) + [0] * (128 - 2 * len(big))
    return {'u0': compact, 'u1': [1] * 64, 'u2': [len(kept), sum(kept)] + mask,
            'u3': appended, 'u4': [len(big)]}


def f16_bits(x):
    return struct.unpack('<H', struct.pack('<e', x))[0]


RAW_VERTS = [((1.5, -2.25, 0.125), 3, 0x10FF8040), ((-0.5, 4.0, 6.75), 12, 0x80204060),
             ((0.0, -1.0, 2.5), 1, 0xFFFFFFFF), ((10.0, 0.375, -8.0), 40, 0x00142800)]


def raw_vertex_input():
    words = [4, f16_bits(2.0) | (7 << 16)]
    for (x, y, z), mat, col in RAW_VERTS:
        words += [f16_bits(x) | (f16_bits(y) << 16), f16_bits(z) | (mat << 16), col]
    return words


@model
def raw_vertex_records():
    words = raw_vertex_input()
    out, halves = [], []
    for i, ((x, y, z), mat, col) in enumerate(RAW_VERTS):
        p = [x * 2.0, y * 2.0, z * 2.0]
        c = [(col >> (8 * k)) & 0xFF for k in range(4)]
        t = [min(max(v * 2 - 40, 0), 255) for v in c]
        tinted = t[0] | t[1] << 8 | t[2] << 16 | t[3] << 24
        lum = (c[0] * 77 + c[1] * 150 + c[2] * 29) >> 8
        out += [f32_bits(v) for v in p] + [(mat + 7) | (lum << 16), tinted]
        raw = words[2 + 3 * i: 5 + 3 * i]
        halves += [f16_bits(p[0]) | (f16_bits(p[2]) << 16), f16_bits(p[0] + p[1])] + raw
    return {'t0': words, 'u1': out, 'u2': halves}


XFORMS = [([[2, 0, 0, 1], [0, 0, -1, 2], [0, 3, 0, -1]], (0.0, 0.0, 0.6, 0.8)),
          ([[0, 1, 0, 0.5], [-1, 0, 0, 0], [0, 0, 0.5, 4]], (0.28, 0.96, 0.0, 0.0))]
XPOINTS = [(1, 2, 3), (-0.5, 0.25, 4), (3, -1, 0.5), (0, 0, -2)]


def quat_matrix(q):
    x, y, z, w = q
    return [[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
            [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
            [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]]


def matrix_quat(r):
    tr = r[0][0] + r[1][1] + r[2][2]
    if tr > 0:
        s = math.sqrt(tr + 1) * 2
        return [(r[2][1] - r[1][2]) / s, (r[0][2] - r[2][0]) / s, (r[1][0] - r[0][1]) / s, s / 4]
    if r[0][0] > r[1][1] and r[0][0] > r[2][2]:
        s = math.sqrt(1 + r[0][0] - r[1][1] - r[2][2]) * 2
        return [s / 4, (r[0][1] + r[1][0]) / s, (r[0][2] + r[2][0]) / s, (r[2][1] - r[1][2]) / s]
    if r[1][1] > r[2][2]:
        s = math.sqrt(1 + r[1][1] - r[0][0] - r[2][2]) * 2
        return [(r[0][1] + r[1][0]) / s, s / 4, (r[1][2] + r[2][1]) / s, (r[0][2] - r[2][0]) / s]
    s = math.sqrt(1 + r[2][2] - r[0][0] - r[1][1]) * 2
    return [(r[0][2] + r[2][0]) / s, (r[1][2] + r[2][1]) / s, s / 4, (r[1][0] - r[0][1]) / s]


def det3(m):
    return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))


def inv3(m):
    d = det3(m)
    return [[(m[(j + 1) % 3][(i + 1) % 3] * m[(j + 2) % 3][(i + 2) % 3]
              - m[(j + 1) % 3][(i + 2) % 3] * m[(j + 2) % 3][(i + 1) % 3]) / d for j in range(3)]
            for i in range(3)]


@model
def matrix_transform_library():
    out = []
    for i, p in enumerate(XPOINTS):
        m, q = XFORMS[i & 1]
        world = [sum(m[r][c] * p[c] for c in range(3)) + m[r][3] for r in range(3)]
        a = [row[:3] for row in m]
        inv = inv3(a)
        d = [world[r] - m[r][3] for r in range(3)]
        local = [sum(inv[r][c] * d[c] for c in range(3)) for r in range(3)]
        rowv = [sum(m[r][c] * p[c] for c in range(3)) for r in range(3)]
        R = quat_matrix(q)
        v2 = [sum(p[r] * R[r][c] for r in range(3)) for c in range(3)]
        out += world + local + [det3(a)] + rowv + v2 + matrix_quat(R)
    xin = []
    for m, q in XFORMS:
        xin += [v for row in m for v in row] + list(q)
    return {'t0': xin, 't1': [v for p in XPOINTS for v in p], 'u2': out}


IMG = [3, 8, 1, 6, 0, 5, 9, 2, 7, 4, 4, 10, 2, 12, 6, 1]
IMG_MIP1 = [4, 4.5, 6.25, 5.25]


@model
def image_filter_pipeline():
    at = lambda x, y: IMG[min(max(y, 0), 3) * 4 + min(max(x, 0), 3)]
    out = []
    for y in range(4):
        for x in range(4):
            box = sum(at(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))
            lin = (at(x, y) + at(x + 1, y) + at(x, y + 1) + at(x + 1, y + 1)) / 4
            mip = IMG_MIP1[(y // 2) * 2 + x // 2] * 2
            gx, gw = at(x, y + 1), at(x, y)
            right = at(x + 1, y) if x < 3 else 0
            out += [box, lin, mip, gx - gw + IMG[y * 4 + x] + right]
    return {'u3': out, 'u4': [4, 4, 2, 2, 2, 2, 2, 2]}


ENGINE_CODE = ([(1, 5), (3, 3), (4, 1), (1, 100), (2, 4), (6, 0)]
               + [(1, 40), (3, 30), (1, 1), (6, 0), (6, 0), (6, 0)]
               + [(2, 3), (3, 0xFFFFFFFE), (1, 3), (7, 0), (6, 0), (6, 0)]
               + [(1, 2), (4, 0)] * 11)
ENGINE_GRID = [4, 11, 0, 7, 16, 2, 9, 3, 5, 11, 8, 1, 6, 13, 10, 12]


def engine_run(pc):
    acc, steps, status = 0, 0, 0
    for _ in range(16):
        op, arg = ENGINE_CODE[pc]
        sarg = s32(arg)
        if op == 1:
            acc += sarg
        elif op == 2:
            acc -= sarg
        elif op == 3:
            acc *= sarg
        elif op == 4:
            pc += arg + 1
            continue
        elif op == 6:
            return acc, status, steps
        else:
            return acc, 99, steps
        if acc < 1000:
            steps += 1
        else:
            return acc, 2, steps
        pc += 1
    return acc, 1, steps


@model
def engine_control_flow():
    out = []
    for t, start in enumerate([0, 6, 12, 18]):
        acc, status, steps = engine_run(start)
        idx = ENGINE_GRID.index(acc) if acc in ENGINE_GRID else -1
        where = (idx % 4, idx // 4) if idx >= 0 else (-1, -1)
        calls = 0
        ok = False
        if idx >= 0:
            calls += 1
            ok = ENGINE_GRID[idx] > 10
        if not ok:
            calls += 1
            ok = acc > 10
        pick = [where[0], where[1], idx] if idx >= 0 else [-1, -1, acc]
        sel = [1 if where[0] > 0 else -1, 2 if where[1] > 0 else -2, 3 if acc > 10 else -3]
        out += [acc, status, steps, idx, where[0], where[1], int(ok), calls] + pick + sel
    return {'u2': out}


@model
def side_effects_2018():
    out = []
    for t, d in enumerate([3.0, -1.0, 12.0, 7.0]):
        a = d > 0 and d < 10
        b = d < 0 or d * 2 < 10
        s = 1 if d > 5 else 2
        v = [10 if t > 1 else -1, 20, 30]
        lv = (1 if t & 1 else 0) | (4 if d > 3 else 0)
        out += [int(a), int(b), 2, s] + v + [lv, 2, 6]
    return {'u1': out}


CB_VIEWPROJ = [[1, 0, 2, 0], [0, 3, 0, -1], [0.5, 0, 1, 4], [0, 0, -1, 1]]   # rows
CB_TINT = [[1, 0.5, 2, 1], [0.25, 1, 1, 0], [2, 2, 0.5, 1]]
CB_SKEW = [[[1, 0, -1], [2, 0.5, 0]], [[0, 1, 1], [-1, 0, 3]]]
CB_MAT = ([0.5, 2, 1, 4], 0b1010, 0.75)
BONES = [([0.5, 0.25, 0.25], [3, 7], (1.5, -2), [4, -6]),
         ([1, 0, 0], [1, 2], (0.25, 8), [-1, 9]),
         ([0.125, 0.375, 0.5], [10, 20], (-3, 0.5), [0, 5]),
         ([0.75, 0, 0.25], [6, 0], (2, 2), [7, 7])]
KPERM = [2, 0, 3, 1, 1, 3, 0, 2]


def cbuffer_words():
    cols = [[CB_VIEWPROJ[r][c] for r in range(4)] for c in range(4)]
    f = [v for col in cols for v in col] + [v for t in CB_TINT for v in t]
    skew = []
    for m in CB_SKEW:
        for row in m:
            skew += row + [0]
    return f, skew


@model
def cbuffer_records():
    albedo, flags, rough = CB_MAT
    out = []
    for t in range(4):
        p = [t, 1, -t, 1]
        clip = [sum(CB_VIEWPROJ[r][c] * p[c] for c in range(4)) for r in range(4)]
        col = [CB_TINT[t % 3][i] * albedo[i] for i in range(4)]
        m = CB_SKEW[t & 1]
        sk = [sum(m[r][c] * (c + 1) for c in range(3)) for r in range(2)]
        w, ids, uv, k = BONES[KPERM[t]]
        bw = w[0] * 1 + w[1] * 2 + w[2] * 3
        misc = [bw, ids[0] + ids[1], uv[0] + k[t & 1],
                3 * 0.5 + 0.25, rough if flags & (1 << t) else -rough, 36 + 24]
        out += clip + col + sk + misc
    return {'u3': out}


def philox2x32(ctr, key):
    c0, c1 = ctr
    k = key
    for _ in range(10):
        prod = 0xD256D193 * c0
        hi, lo = prod >> 32, prod & M32
        c0, c1 = hi ^ k ^ c1, lo
        k = (k + 0x9E3779B9) & M32
    return [c0, c1]


class Pcg32:
    def __init__(self, seed, seq):
        self.state = 0
        self.inc = ((seq << 1) | 1) & M64
        self.next()
        self.state = (self.state + seed) & M64
        self.next()

    def next(self):
        old = self.state
        self.state = (old * 6364136223846793005 + self.inc) & M64
        x = (((old >> 18) ^ old) >> 27) & M32
        rot = old >> 59
        return ((x >> rot) | (x << ((32 - rot) & 31))) & M32


@model
def counter_rng_64bit():
    out, states = [], []
    rows = []
    for t in range(8):
        ph = philox2x32((t, 0x1234), (0xCAFE + t * 7) & M32)
        g = Pcg32((0x853C49E6748FEA9B + t) & M64, t)
        vals = [g.next() for _ in range(4)]
        bounded = [v % 6 for v in vals]
        rows.append(ph + vals[:2] + [bounded[2] * 10 + bounded[3]])
        states.append(g.state)
    for t in range(8):
        s = states[(t + 1) & 7]
        out += rows[t] + [s & M32, s >> 32, (s >> 61) & 7]
    return {'u0': out}


@model
def struct_sort_scan():
    items = [((i * 11 + 3) % 8, (i % 4) * 0.25 + 1, i) for i in range(32)]
    items.sort(key=lambda it: (it[0], it[2]))
    ids = [it[2] for it in items]
    scan, acc = [], 0.0
    for it in items:
        acc += it[1]
        scan.append(acc)
    keys_first = []
    for p, it in enumerate(items):
        keys_first.append(1 if p == 0 or items[p - 1][0] != it[0] else 0)
    return {'u0': ids, 'u1': scan, 'u2': keys_first}


UTF8_STRINGS = [bytes([0x68, 0xC3, 0xA9, 0x6C, 0x6C, 0x6F]),
                bytes([0xE2, 0x82, 0xAC, 0xE2, 0x86, 0x92, 0xF0, 0x9F, 0x98, 0x80]),
                bytes([0x61, 0x80, 0x62, 0xC3, 0x28, 0xFF, 0x7A]),
                bytes([0xE6, 0x97, 0xA5, 0xE6, 0x9C, 0xAC, 0xE6, 0x97])]


def utf8_words():
    data = bytearray(64)
    for s, b in enumerate(UTF8_STRINGS):
        data[16 * s:16 * s + len(b)] = b
    return [int.from_bytes(data[4 * i:4 * i + 4], 'little') for i in range(16)]


@model
def utf8_state_machine():
    out = []
    for b in UTF8_STRINGS:
        cps, bad = [], 0
        st, cp, i = 0, 0, 0
        while i < len(b):
            x = b[i]
            if st == 0:
                if x < 0x80:
                    cps.append(x)
                elif x & 0xE0 == 0xC0:
                    cp, st = x & 0x1F, 1
                elif x & 0xF0 == 0xE0:
                    cp, st = x & 0x0F, 2
                elif x & 0xF8 == 0xF0:
                    cp, st = x & 0x07, 3
                else:
                    cps.append(0xFFFD); bad += 1
            else:
                if x & 0xC0 != 0x80:
                    cps.append(0xFFFD); bad += 1; st = 0
                    continue
                cp = (cp << 6) | (x & 0x3F)
                st -= 1
                if st == 0:
                    cps.append(cp)
            i += 1
        if st != 0:
            cps.append(0xFFFD); bad += 1
        h = 0
        for c in cps:
            h = (h * 31 + c) & M32
        first = (cps + [0] * 4)[:4]
        out += [len(cps), sum(cps), h, bad] + first
    return {'t0': utf8_words(), 'u2': out}


def qmul(a, b):
    ax, ay, az, aw = a
    bx, by, bz, bw = b
    return (aw * bx + ax * bw + ay * bz - az * by,
            aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw,
            aw * bw - ax * bx - ay * by - az * bz)


QUATS = [(1, 1, 0, 0), (1, 1, 1, 1), (2, 0, 2, 0), (0, 0, 0, 1), (0, 1, 0, 1), (1, -1, 1, 1)]


@model
def quaternion_operators():
    out = []
    for t in range(4):
        v = (t + 1, -2, 0.5 * t)
        q = QUATS[t]
        n2 = sum(c * c for c in q)
        conj = (-q[0], -q[1], -q[2], q[3])
        r = qmul(qmul(q, (v[0], v[1], v[2], 0)), conj)
        rot = [c / n2 for c in r[:3]]
        total = (0, 0, 0, 1)
        for i in range(t + 2):
            total = qmul(total, QUATS[(t + i) % 6])
        s = tuple(a + b for a, b in zip(q, QUATS[t + 1]))
        eq = int(qmul(q, conj) == (0, 0, 0, n2))
        out += rot + list(total) + [s[0] * s[3], eq, n2, 0]
    return {'u0': out}


@model
def counting_sort_bins():
    vals = [(t * t * 7 + 3 * t + (t >> 2)) % 50 for t in range(64)]
    counts = [0] * 16
    for v in vals:
        counts[v % 16] += 1
    offsets, acc = [], 0
    for c in counts:
        offsets.append(acc)
        acc += c
    keys = sorted(v % 16 for v in vals)
    stats = []
    for b in range(16):
        mine = [v for v in vals if v % 16 == b]
        stats += [counts[b], offsets[b], sum(mine), max(mine) if mine else 0]
    return {'u0': keys, 'u1': stats, 'u2': [1] * 64}


SHAPES = [(0, (3, 2, 0)), (1, (2.5, 0, 0)), (2, (3, 4, 0)), (0, (0.5, 8, 0)),
          (2, (5, 12, 0)), (1, (4, 0, 0)), (2, (6, 8, 0)), (3, (1, 1, 1))]


@model
def shape_records_static_dispatch():
    out = []
    for kind, d in SHAPES:
        if kind == 0:
            a, p, extra = d[0] * d[1], 2 * (d[0] + d[1]), d[0] * d[0] + d[1] * d[1]
        elif kind == 1:
            s = d[0]
            a, p, extra = s * s, 4 * s + 0, 2 * s * s
            # Square::perimeter hides Rect's and adds the base's value of a Rect(s, s) + 0
            p = 2 * (s + s)
        elif kind == 2:
            hyp = math.sqrt(d[0] ** 2 + d[1] ** 2)
            a, p, extra = d[0] * d[1] / 2, d[0] + d[1] + hyp, hyp
        else:
            out += [-1, -1, -1, -1, kind]
            continue
        out += [a, p, a * 0.5 + p, extra, kind]
    return {'u1': out}


XMACRO_MATS = [(1, 0.5), (2, 0.25), (4, 0.75), (8, 2.0)]
XMACRO_RECORDS = [(10 + t, 0.5 * t, (t * 5) & 15) for t in range(8)]


@model
def xmacro_tables():
    out = []
    for t in range(8):
        m = t % 4
        bit, w = XMACRO_MATS[m]
        rid, rw, rf = XMACRO_RECORDS[t]
        desc = bit * 10 + int(w * 4)
        acc = 0
        for i in range(t * 7):
            acc += i * 13
            if acc > 100:
                acc -= 100
        metal = 1 if rf & 2 else 0
        out += [desc, w * rw, metal, acc, rid + rf + 3, (1 << 4) if t >= 4 else 8]
    return {'u1': out}


SDF_RAYS = [((0, 0, 0), (0, 0, 1)), ((0, 0, 0), (1, 0, 0)), ((0, 0, 0), (0, -1, 0)),
            ((0, 0, 0), (0, 1, 0)), ((0, 0, -3), (0, 0, 1)), ((10, 0, 0), (-1, 0, 0)),
            ((0, -10, 0), (0, 1, 0)), ((4, 5, 0), (0, -1, 0))]


def sdf_scene(p):
    def length(v):
        return math.sqrt(sum(c * c for c in v))
    cands = []
    cands.append((length([p[0], p[1], p[2] - 5]) - 1, 1))
    cands.append((length([p[0] - 4, p[1], p[2]]) - 2, 2))
    q = [abs(p[0]) - 1, abs(p[1] + 6) - 1, abs(p[2]) - 1]
    box = length([max(c, 0) for c in q]) + min(max(q[0], max(q[1], q[2])), 0)
    cands.append((box, 3))
    best = cands[0]
    for c in cands[1:]:
        if c[0] < best[0]:
            best = c
    return best


@model
def sdf_sphere_trace():
    out = []
    for o, d in SDF_RAYS:
        t, steps, hit, hid = 0.0, 0, 0, 0
        for i in range(32):
            p = [o[k] + d[k] * t for k in range(3)]
            dist, idd = sdf_scene(p)
            steps += 1
            if dist < 0.001:
                hit, hid = 1, idd
                break
            t += dist
            if t > 20:
                break
        p = [o[k] + d[k] * t for k in range(3)]
        out += [hit, hid, t, steps] + (p if hit else [0, 0, 0])
    return {'u0': out}


FIXED_IN = [98304, 163840, -131072, 49152, 300000, -70000, 6553, 655360,
            -917504, -32768, 1, 65536, 205887, 102944, -12345, 54321]


def s32w(v):
    return s32(v & M32)


def fx_mul(a, b):
    return s32w((a * b) >> 16)


def fx_div(a, b):
    n = a << 16
    q = abs(n) // abs(b)
    return s32w(q if (n >= 0) == (b >= 0) else -q)


@model
def fixed_point_q16():
    out = []
    for t in range(8):
        a, b = FIXED_IN[2 * t], FIXED_IN[2 * t + 1]
        v = abs(a)
        x = v if v > 65536 else 65536
        if v == 0:
            x = 0
        else:
            for _ in range(8):
                x = (x + fx_div(v, x)) >> 1
        x3 = fx_mul(fx_mul(a, a), a)
        x5 = fx_mul(fx_mul(x3, a), a)
        poly = s32w(a - fx_div(x3, 6 << 16) + fx_div(x5, 120 << 16))
        out += [s32w(a + b), fx_mul(a, b), fx_div(a, b), x, poly, int(a < b)]
    return {'u1': out}


@model
def oit_linked_lists():
    frags = {p: [] for p in range(4)}
    for t in range(16):
        frags[(t * 3) % 4].append((((t * 7) % 16) / 16.0, t))
    out = []
    for p in range(4):
        fs = sorted(frags[p])[:8]
        comp = sum(c * 2.0 ** (-k - 1) for k, (_, c) in enumerate(fs))
        h = 0
        for _, c in reversed(fs):
            h = h * 16 + c
        out += [len(fs), comp, fs[0][0], h & M32]
    return {'u2': out, 'u3': [16]}


def mat2_mul(a, b):
    return [[sum(a[r][k] * b[k][c] for k in range(2)) for c in range(2)] for r in range(2)]


@model
def groupshared_matrix_tiles():
    tiles = {}
    for y in range(4):
        for x in range(4):
            m = [[x, y], [x + y, 1]]
            m[x & 1][y & 1] += 10
            m[1][0] *= 2
            if (x + y) % 3 == 0:
                m[0], m[1] = m[1], m[0]
            tiles[(x, y)] = m
    prods, per = [], []
    for y in range(4):
        p = tiles[(0, y)]
        for x in range(1, 4):
            p = mat2_mul(p, tiles[(x, y)])
        prods += [p[0][0], p[0][1], p[1][0], p[1][1], 4, sum(range(4))]
    for y in range(4):
        for x in range(4):
            o = tiles[(y, x)]
            det = o[0][0] * o[1][1] - o[0][1] * o[1][0]
            per += [o[1][0] + o[0][1] * 0, det]
    return {'u0': prods, 'u1': per}


GENRAW_INTS = [3, -1, 4, 1, -5, 9, 2, -6, 5, 3, -5, 8, 9, -7, 9, 3]
GENRAW_F2 = [0.5, -1.25, 2, 3.5, -0.75, 8, 1.5, -2]
GENRAW_PAIRS = [(7, 0.25), (100, -3.5), (0xFFFFFFF0, 1.5), (42, 0.125)]


@model
def generic_raw_access():
    src = [v & M32 for v in GENRAW_INTS] + [f32_bits(v) for v in GENRAW_F2]
    for a, b in GENRAW_PAIRS:
        src += [a, f32_bits(b)]
    dst = [(v * 2) & M32 for v in GENRAW_INTS] + [f32_bits(v * 3) for v in GENRAW_F2]
    for a, b in GENRAW_PAIRS:
        dst += [(a * 2) & M32, f32_bits(b * 2)]
    return {'t0': src, 'u1': dst, 'u2': [32, 32, 32, 32]}


@model
def static_particles_attributes():
    out = []
    for t in range(4):
        ps = [[float(t + i), float(i * 2 - 3), 1.0, 0.0] for i in range(4)]   # x, vy... pos x, vel x, mass, hits
        parts = [{'p': [float(t + i), 8.0 - i], 'v': [0.5 * (i - 1), -1.0], 'hits': 0} for i in range(4)]
        for step in range(6):
            for q in parts:
                q['v'][1] -= 0.5
                q['p'][0] += q['v'][0]
                q['p'][1] += q['v'][1]
                if q['p'][1] < 0:
                    q['p'][1] = -q['p'][1] * 0.5
                    q['v'][1] = -q['v'][1] * 0.5
                    q['hits'] += 1
        cls = 0
        for q in parts:
            k = q['hits']
            cls += 1 if k == 0 else (10 if k == 1 else 100)
        row = []
        for q in parts:
            row += [q['p'][0], q['p'][1]]
        out += row + [sum(q['hits'] for q in parts), cls]
    return {'u0': out}


@model
def texture_array_volume():
    v = lambda x, y, l: 16 * l + 4 * y + x
    layers, vol = [], [0.0] * 8
    for l in range(2):
        for y in range(4):
            for x in range(4):
                layers.append(v(x, y, 1 - l) * 2 + v(x, y, l) + 0.5)
    for l in range(2):
        for y in range(4):
            for x in range(4):
                if x < 2 and y < 2:
                    vol[l * 4 + (y % 2) * 2 + x % 2] = sum(v(2 * x + dx, 2 * y + dy, l) for dx in (0, 1) for dy in (0, 1)) / 4
    return {'u1': layers, 'u2': vol, 'u3': [4, 4, 2, 2, 2, 2]}


def mat4_mul(a, b):
    return [[sum(a[r][k] * b[k][c] for k in range(4)) for c in range(4)] for r in range(4)]


def det4(m):
    def minor(m, r, c):
        return [row[:c] + row[c + 1:] for i, row in enumerate(m) if i != r]
    return sum((-1) ** c * m[0][c] * det3(minor(m, 0, c)) for c in range(4))


def inv4(m):
    d = det4(m)
    def minor(r, c):
        return [row[:c] + row[c + 1:] for i, row in enumerate(m) if i != r]
    cof = [[(-1) ** (r + c) * det3(minor(r, c)) for c in range(4)] for r in range(4)]
    return [[cof[c][r] / d for c in range(4)] for r in range(4)]


UNIMODULAR = [
    [[1, 2, 0, 1], [0, 1, 3, 0], [0, 0, 1, 2], [0, 0, 0, 1]],
    [[2, 1, 0, 0], [1, 1, 0, 0], [0, 0, 1, 1], [0, 0, 1, 2]],
    [[1, 0, 0, 0], [3, 1, 0, 0], [-2, 4, 1, 0], [1, -1, 2, 1]],
    [[0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1], [1, 0, 0, 0]],
]


@model
def matrix_inverse4_unimodular():
    out = []
    for t, m in enumerate(UNIMODULAR):
        inv = inv4(m)
        prod = mat4_mul(m, inv)
        v = [t + 1, -1, 2, 0.5]
        mv = [sum(m[r][c] * v[c] for c in range(4)) for r in range(4)]
        back = [sum(inv[r][c] * mv[c] for c in range(4)) for r in range(4)]
        vm = [sum(v[r] * m[r][c] for r in range(4)) for c in range(4)]
        ident = int(all(prod[r][c] == (1 if r == c else 0) for r in range(4) for c in range(4)))
        out += [det4(m)] + [x for row in inv for x in row] + back + vm + [ident]
    return {'u1': out, 't0': [x for m in UNIMODULAR for row in m for x in row]}


@model
def bitset_rank_select():
    out = []
    for t in range(4):
        words = [((0x9E3779B9 * (t + 1 + 4 * w)) & M32) >> (w + 3) for w in range(4)]
        bits = [(words[i // 32] >> (i % 32)) & 1 for i in range(128)]
        total = sum(bits)
        rank = lambda i: sum(bits[:i])
        # select(k): index of the k-th set bit (0-based)
        def select(k):
            c = 0
            for i in range(128):
                if bits[i]:
                    if c == k:
                        return i
                    c += 1
            return 0xFFFFFFFF
        hi = max((i for i in range(128) if bits[i]), default=-1)
        lo = min((i for i in range(128) if bits[i]), default=-1)
        rev0 = int('{:032b}'.format(words[0])[::-1], 2)
        out += [total, rank(50), rank(100), select(0), select(total // 2), select(total - 1), hi, lo, rev0,
                (words[1] ^ words[2]).bit_count() if hasattr(int, 'bit_count') else bin(words[1] ^ words[2]).count('1')]
    return {'u0': out}


HALF_COLORS = [(0.5, 0.25, 0.75, 1), (1, 1, 1, 0.5), (0, 0.125, 0.875, 0.25), (0.375, 0.625, 0.5, 1),
               (0.875, 0, 0.125, 0.75), (0.25, 0.25, 0.25, 0), (0.625, 0.875, 0.375, 0.125), (0.125, 0.5, 1, 1)]
HALF_GRADE = [[0.5, 0.25, 0.25], [0, 1, 0], [0.125, 0.125, 0.75]]


def f16(x):
    y = struct.unpack('<e', struct.pack('<e', x))[0]
    assert y == x, x
    return y


@model
def half_color_grade():
    cols, bits = [], []
    for c in HALF_COLORS:
        g = [f16(sum(HALF_GRADE[r][k] * c[k] for k in range(3))) for r in range(3)]
        l = f16(g[0] * 0.25 + g[1] * 0.5 + g[2] * 0.25)
        s = [f16(l + 1.5 * (x - l)) for x in g]
        o = [min(max(x, 0.0), 1.0) for x in s]
        cols += o + [f16(c[3] * 0.5)]
        q = int(o[1] * 255.0 + 0.5)
        bits += [f16_bits(l) | (f16_bits(o[0]) << 16), q | ((1 if l > 0.5 else 0) << 8) | (sum(1 for x in s if x > 1 or x < 0) << 12)]
    return {'u1': cols, 'u2': bits, 't0': [v for c in HALF_COLORS for v in c]}


def collatz_steps(n):
    s = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        s += 1
    return s


@model
def persistent_work_loop():
    sums, maxes = [0] * 8, [0] * 8
    for item in range(100):
        st = collatz_steps(item + 1)
        sums[item % 8] += st
        maxes[item % 8] = max(maxes[item % 8], st)
    return {'u0': sums + maxes + [100, 100, sum(sums)]}


@model
def storage_formats_postprocess():
    ldr, hdr, counts = [], [], [0] * 4
    vals = [-0.5, 0, 0.2, 0.4, 0.6, 1, 1.5, 0.8]
    for y in range(2):
        for x in range(4):
            i = y * 4 + x
            v = vals[i]
            c = [v, vals[(i + 1) % 8], vals[(i + 3) % 8], 1 - (x & 1) * 0.4]
            ldr += [int(min(max(q, 0.0), 1.0) * 255 + 0.5) for q in c]
            h = [i * 0.25 + 0.125, -2.0 * i, float(i), 65504.0 if i == 7 else 0.5]
            hdr += h
            counts[i % 4] += i
    return {'u1': ldr, 'u2': hdr, 'u3': counts}


GL_VP = [[1, 0, 0, 2], [0, 2, 0, 0], [0, 0, 1, -1], [0, 0, 0.5, 1]]
GL_LIGHT = (0.5, 0.25, -1)
GL_PALETTE = [[1, 0, 0, 1], [0, 1, 0, 0.5], [0, 0, 1, 0.25], [1, 1, 1, 1]]
GL_BONES = [[[1, 0, 0, 1], [0, 1, 0, 2], [0, 0, 1, 3]], [[0, 1, 0, 0], [-1, 0, 0, 0], [0, 0, 2, -1]]]
GL_JITTER = (0.25, -0.5)


@model
def globals_uniforms_material():
    out = []
    count, time = 3, 3.5
    for t in range(4):
        p = [t, 1, 0, 1]
        clip = [sum(GL_VP[r][c] * p[c] for c in range(4)) for r in range(4)]
        col = [x * GL_LIGHT[1] * time for x in GL_PALETTE[(t + count) % 4]]
        b = [sum(GL_BONES[t & 1][r][c] * [1, 2, 3, 1][c] for c in range(4)) for r in range(3)]
        j = [GL_JITTER[0] * t, GL_JITTER[1] * t]
        out += clip + col + b + j
    return {'u1': out}


def blur_img(x, y):
    return float((x * 7 + y * 13) % 11)


@model
def lds_packed_separable_blur():
    W, H = 16, 8
    at = lambda x, y: blur_img(min(max(x, 0), W - 1), min(max(y, 0), H - 1))
    # horizontal then vertical 3-tap [1/4, 1/2, 1/4] with clamp at the image border;
    # the horizontal pass covers the halo rows, so clamping happens on the source.
    hpass = lambda x, y: 0.25 * at(x - 1, y) + 0.5 * at(x, y) + 0.25 * at(x + 1, y)
    out = []
    for y in range(H):
        for x in range(W):
            v = 0.25 * hpass(x, max(y - 1, 0)) + 0.5 * hpass(x, y) + 0.25 * hpass(x, min(y + 1, H - 1))
            out.append(v)
    return {'u1': out, 't0': [blur_img(x, y) for y in range(H) for x in range(W)]}


def id_tex(x, y):
    return (y * 4 + x) * 3 + 1


@model
def integer_texture_ids():
    # rgba32uint 4x4: texel (x, y) = (id, x, y, id * id)
    at = lambda x, y: id_tex(min(max(x, 0), 3), min(max(y, 0), 3))
    out, rg = [], []
    for y in range(4):
        for x in range(4):
            i = id_tex(x, y)
            gather = [at(x, y + 1), at(x + 1, y + 1), at(x + 1, y), at(x, y)]
            neigh = gather[0] + gather[1] + gather[2] - gather[3]
            s = id_tex(3 - x, 3 - y) * 2 - 7   # int texture r32sint texel holds 2 * id - 7
            out += [i, neigh, (i ^ (s & M32)) & M32, x * y]
            rg += [i * 2 + 1, (s * -3) & M32]
    return {'u2': out, 'u3': rg, 'u4': [4, 4, 1, 4, 4]}


SG_NODES = [  # parent, translation, quaternion (x, y, z, w), uniform scale
    (-1, (1, 0, 0), (0, 0, 0, 1), 2),
    (0, (0, 1, 0), (0.5, 0.5, 0.5, 0.5), 1),
    (0, (0, 0, -1), (0, 0, 1, 0), 0.5),
    (1, (2, 0, 0), (0, 1, 0, 0), 1),
    (2, (1, 1, 1), (0.5, -0.5, 0.5, -0.5), 2),
    (3, (0, 0, 3), (0, 0, 0, 1), 0.25),
    (4, (-1, 0, 0), (1, 0, 0, 0), 1),
    (-1, (0, 5, 0), (0, 0, 0, 1), 1),
]


def sg_local(n):
    _, t, q, s = SG_NODES[n]
    R = quat_matrix(q)
    return [[R[r][0] * s, R[r][1] * s, R[r][2] * s, t[r]] for r in range(3)] + [[0, 0, 0, 1]]


@model
def scene_graph_transforms():
    world = {}
    def w(n):
        if n not in world:
            p = SG_NODES[n][0]
            world[n] = sg_local(n) if p < 0 else mat4_mul(w(p), sg_local(n))
        return world[n]
    out, depth = [], []
    for n in range(8):
        m = w(n)
        pt = [sum(m[r][c] * [1, 2, 3, 1][c] for c in range(4)) for r in range(3)]
        d, p = 0, SG_NODES[n][0]
        while p >= 0:
            d, p = d + 1, SG_NODES[p][0]
        out += [m[r][3] for r in range(3)] + pt + [d]
    return {'u1': out}


LIFE_START = ["........",
              "..#.....",
              "...#....",
              ".###....",
              "........",
              ".....##.",
              "#....##.",
              "#......#"]


@model
def life_torus_idioms():
    n = 8
    g = [[1 if LIFE_START[y][x] == '#' else 0 for x in range(n)] for y in range(n)]
    births = [[0] * n for _ in range(n)]
    for gen in range(4):
        ng = [[0] * n for _ in range(n)]
        for y in range(n):
            for x in range(n):
                c = sum(g[(y + dy) % n][(x + dx) % n] for dy in (-1, 0, 1) for dx in (-1, 0, 1)) - g[y][x]
                alive = (c == 3) or (g[y][x] and c == 2)
                ng[y][x] = 1 if alive else 0
                if alive and not g[y][x]:
                    births[y][x] += 1
        g = ng
    cells = [g[y][x] for y in range(n) for x in range(n)]
    rowbits = []
    for y in range(n):
        b = 0
        for x in range(n - 1, -1, -1):   # reverse loop: bit x
            b = (b << 1) | g[y][x]
        rowbits.append(b)
    return {'u1': cells, 'u2': rowbits + [sum(cells)], 'u3': [births[y][x] for y in range(n) for x in range(n)]}


# ---------------------------------------------------------------------------------------
# round 2 (gen10): waves in divergent control flow, 16/64-bit types, integer semantics,
# aggregates by value, integer matrices, counters and raw records, preprocessor.
# Lavapipe's waves are 8 lanes: lane = thread index % 8 in a 1-D group.
# ---------------------------------------------------------------------------------------

WAVE = 8

MATERIAL_IDS = [3, 1, 3, 3, 7, 1, 0, 7,   5, 5, 5, 5, 5, 5, 5, 5,
                2, 4, 6, 8, 2, 4, 6, 8,   9, 0, 9, 1, 0, 9, 1, 0]


@model
def wave_waterfall_match():
    out = []
    for t, key in enumerate(MATERIAL_IDS):
        base = t - t % WAVE
        wave = list(range(base, base + WAVE))
        peers = [u for u in wave if MATERIAL_IDS[u] == key]
        lower = [u for u in peers if u < t]
        order = []
        for u in wave:
            if MATERIAL_IDS[u] not in order:
                order.append(MATERIAL_IDS[u])
        prod = 1
        for u in lower:
            prod = prod * (u % 3 + 1) & M32
        out += [order.index(key) + 1, sum(peers), len(lower), len(peers),
                len(peers), sum(lower), len(lower), prod]
    return {'u1': out}


VOTE_FLAGS = [(7, 0x35), (1, 0x0F), (2, 0xF3), (7, 0x37), (4, 0x10), (5, 0xFF), (6, 0x21), (0, 0x07),
              (7, 0x01), (7, 0x81), (7, 0x41), (7, 0xC1), (7, 0x21), (7, 0x11), (7, 0x09), (7, 0x05),
              (1, 0x12), (3, 0x34), (5, 0x56), (7, 0x78), (0, 0x9A), (2, 0xBC), (4, 0xDE), (6, 0xF0),
              (0, 0x80), (0, 0x81), (0, 0x82), (0, 0x83), (0, 0x84), (0, 0x85), (0, 0x86), (8, 0x87)]


@model
def wave_votes_divergent_rounds():
    n = len(VOTE_FLAGS)
    acc, votes = [0] * n, [0] * n
    for r in range(3):
        for base in range(0, n, WAVE):
            lanes = range(base, base + WAVE)
            on = [t for t in lanes if (VOTE_FLAGS[t][0] >> r) & 1]
            off = [t for t in lanes if not (VOTE_FLAGS[t][0] >> r) & 1]
            if on:
                a, o, x = M32, 0, 0
                for t in on:
                    y = VOTE_FLAGS[t][1]
                    a &= y >> r
                    o |= (y << r) & M32
                    x ^= (y + r) & M32
                for t in on:
                    acc[t] = (acc[t] * 31 + (a ^ o ^ x)) & M32
            if off:
                comps = [(VOTE_FLAGS[t][0] & 8, r, VOTE_FLAGS[t][1] & 0xF0) for t in off]
                eq = [all(c[k] == comps[0][k] for c in comps) for k in range(3)]
                bits = eq[0] | eq[1] << 1 | eq[2] << 2
                for t in off:
                    votes[t] = (votes[t] + (bits << (r * 3))) & M32
    out = []
    for t in range(n):
        base = t - t % WAVE
        lane = t % WAVE
        wave = range(base, base + WAVE)
        any_big = any((VOTE_FLAGS[u][1] & 7) > 6 or u * 0.5 > 14 for u in wave)
        all_small = all((VOTE_FLAGS[u][1] & 7) < 7 for u in wave)
        rot = VOTE_FLAGS[base + (lane + 3) % WAVE][1]
        pp = 1
        for u in range(base, t):
            pp = pp * (VOTE_FLAGS[u][0] % 4 + 1) & M32
        out += [acc[t], votes[t], int(any_big) | int(all_small) << 1, rot, pp]
    return {'u1': out}


def height_field(x, y):
    return ((x * 37 + y * 91) % 29) - 14 + (x * y if (x ^ y) & 4 else -(x + y))


def trunc_div(a, b):
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def trunc_mod(a, b):
    return a - b * trunc_div(a, b)


@model
def quad_gradients_2d():
    h = [[height_field(x, y) for x in range(8)] for y in range(8)]
    out = []
    for y in range(8):
        for x in range(8):
            v = h[y][x]
            hx, hy, hd = h[y][x ^ 1], h[y ^ 1][x], h[y ^ 1][x ^ 1]
            dx = v - hx if x & 1 else hx - v
            dy = v - hy if y & 1 else hy - v
            qx, qy = x & ~1, y & ~1
            quad = [h[qy][qx], h[qy][qx + 1], h[qy + 1][qx], h[qy + 1][qx + 1]]
            qmax, arg = v, (x & 1) + 2 * (y & 1)
            for k in range(4):
                if quad[k] > qmax:
                    qmax, arg = quad[k], k
            out += [dx, dy, trunc_div(dx, 2), dx >> 1, trunc_mod(dy, 3), (qmax * 4) | arg, hd - v,
                    (hx + hy + hd - 3 * v)]
    return {'u1': [s32(v) for v in out]}


def make_u64(lo, hi):
    return (hi << 32) | lo


U64_PAIRS = [(0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9), (0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF),
             (0x0000000100000001, 0x00000000FFFFFFFF), (0x123456789ABCDEF0, 0x0FEDCBA987654321),
             (0x1FFFFFFFFFFFFFFE, 0x1FFFFFFFFFFFFFFE), (3, 0x8000000000000000),
             (0xD1B54A32D192ED03, 0x94D049BB133111EB), (0, 0xDEADBEEFCAFEBABE)]
P61 = (1 << 61) - 1


@model
def uint64_mulmod_hash():
    out = []
    for a, b in U64_PAIRS:
        prod = a * b
        hi, lo = prod >> 64, prod & M64
        am, bm = a % P61, b % P61
        mm = am * bm % P61
        pw = pow(am, 65537, P61)
        cmp = (a < b) | (a == b) << 1 | ((a >> 32) > (b & M32)) << 2
        out += [lo & M32, lo >> 32, hi & M32, hi >> 32, mm & M32, mm >> 32, pw & M32, pw >> 32, cmp]
    ins = []
    for a, b in U64_PAIRS:
        ins += [a & M32, a >> 32, b & M32, b >> 32]
    return {'t0': ins, 'u1': out}


CELL_POS = [(0, 0), (15, 16), (-1, -16), (-17, 31), (-32, -33), (100, -100), (-2147483647, 7),
            (2147483647, -8), (-7, 7), (33, -1), (-48, 48), (5, -5), (-100000, 65536), (12345, -54321),
            (-15, -17), (1, -1)]


def floor_div(a, b):
    return a // b


@model
def grid_negative_cells():
    out = []
    for x, y in CELL_POS:
        row = []
        row += [trunc_div(x, 16), trunc_div(y, 16), x // 16, y // 16, x >> 4, y >> 4,
                (x & M32) >> 4, trunc_mod(x, 16), x % 16]
        h = (s32((x // 16) * 73856093) & M32) ^ (s32((y // 16) * 19349663) & M32)
        row += [h, h % 7]
        row += [int((x & M32) < 0), int(x > -1), int((x & M32) > M32), int((x & 0x80000000) != 0),
                (x & M32) // 3, trunc_div(x, 3), int((x & M32) >= 0x80000000)]
        out += [v & M32 for v in row]
    ins = []
    for x, y in CELL_POS:
        ins += [x, y]
    return {'t0': ins, 'u1': out}


BOOL_ROWS = [(5, -3, 0, 120), (-1, -8, 0x7FFFFFFF, 1), (-2147483648, 64, -51, 2), (1, 2, 3, 4),
             (-60, -70, -80, -90), (16777217, -16777217, 33554435, 7), (0, 0, 0, 0), (99, 100, -50, -49)]


def fbh_signed(v):
    u = v & M32
    if u & 0x80000000:
        u = ~u & M32
    return u.bit_length() - 1 if u else M32


@model
def bool_vector_masks():
    out = []
    for row in BOOL_ROWS:
        v = [s32(x) for x in row]
        pos = [x > 0 for x in v]
        npos = sum(pos)
        cb = [bin(x & M32).count('1') for x in v]
        fbh = [fbh_signed(x) for x in v]
        sel = [x if p else s32(-x) for x, p in zip(v, pos)]
        both = [p and x < 100 for x, p in zip(v, pos)]
        either = [x == 0 or x < -50 for x in v]
        flags = int(any(either)) | int(all(pos)) << 1 | int(any(not b for b in both)) << 2 | int(all(not e for e in either)) << 3
        big = ((v[0] & M32) * 65537) & 0x7FFFFFFF
        fb = f32(float(big))
        back = int(fb)
        sf = f32(float(v[1]))
        out += [npos] + cb + [f & M32 for f in fbh] + [x & M32 for x in sel] + [flags, f32_bits(fb), back, f32_bits(sf),
                int(sf) & M32]
    ins = []
    for row in BOOL_ROWS:
        ins += [s32(x) for x in row]
    return {'t0': ins, 'u1': out}


HALF_ROWS = [(0.1, 1 / 3, 20.49, 2051), (-1000.3, 0.5, 3.14159, 100.0625),
             (1.0009765625, 1.00048828125, 1.00146484375, -0.0), (65504, -65504, 2.0, 0.999),
             (12.34, -5.5, 7.75, 0.0625), (300.7, -0.2, 1.5, 2.5), (4097, 4098, 4102, 0.001),
             (-3.0, 0.75, 10.0, -0.125)]


def h16(x):
    return struct.unpack('<e', struct.pack('<e', f32(x)))[0]


@model
def half_raw_records():
    raw, tail, out = [], [], []
    for row in HALF_ROWS:
        h = [h16(x) for x in row]
        b = [f16_bits(x) for x in h]
        raw += [b[0] | b[1] << 16, b[2] | b[3] << 16]
        s, p = h16(h[0] + h[1]), h16(h[2] * h[3])
        tail.append(f16_bits(s) | f16_bits(p) << 16)
        i16 = [x - 0x10000 if x & 0x8000 else x for x in b]
        d = (i16[0] - i16[3]) & 0xFFFF
        d = d - 0x10000 if d & 0x8000 else d
        out += [(b[0] + b[1] + b[2] + b[3]) & 0xFFFF, d & M32, (b[0] << 4) & 0xFFFF, b[0] * 3 + b[2],
                (b[3] >> 10) & 0x1F, f32_bits(float(s))]
    ins = []
    for row in HALF_ROWS:
        ins += [f32(x) for x in row]
    return {'t0': ins, 'u1': raw + tail, 'u2': out}


AGG_ROWS = [(3, -1, 4, -1), (-5, 9, 2, 6), (0, 0, 7, -7), (8, -3, -3, 1)]


@model
def aggregates_by_value():
    out = []
    for t, row in enumerate(AGG_ROWS):
        a = list(row)
        xf = [[0, -1], [1, 0]]
        pts = [(float(a[k]), float(k + 1)) for k in range(4)]
        q = [(xf[0][0] * x + xf[0][1] * y, xf[1][0] * x + xf[1][1] * y) for x, y in pts[:3]] + [pts[3]]
        total = sum(a)
        srt = sorted(a)
        a2 = list(a)
        a2[t] += 10 * t + 1
        found = -1 in a2
        c = a2[(t + 1) & 3]
        cls = -1 if c < 0 else (1 if c > 0 else 0)
        row_out = [f32_bits(q[0][0]), f32_bits(q[1][1]), f32_bits(q[2][0]), f32_bits(q[3][0]),
                   f32_bits(1.0), 0, f32_bits(pts[1][0]), f32_bits(-1.0), 3, total]
        row_out += srt + a2
        row_out += [a2.index(-1) if found else 77 - 100, (cls & 0xFF) | abs(c) << 8]
        out += [v & M32 for v in row_out]
    return {'u1': out}


@model
def static_table_initializers():
    mats = [((0, 4), 2, (1, 0.5, 0.25), (1, 2)), ((1, 5), 3, (0.5, 0.5, 0.5), (4, 8)),
            ((2, 6), 1, (0.25, 1, 1), (16, 32))]
    rot = [[[1, 0], [0, 1]], [[0, -1], [1, 0]]]
    lod = [7, 3, 3, 9, 0, 12, 5]
    grid = [[1, -2, 3], [-4, 5, -6]]
    out = []
    for t in range(6):
        span, w, tint, flags = mats[t % 3]
        m = rot[t & 1]
        v = (t + 1, 2)
        r = (m[0][0] * v[0] + m[0][1] * v[1], m[1][0] * v[0] + m[1][1] * v[1])
        row = [span[0] + span[1] * 10, w] + [f32_bits(x) for x in tint] + [flags[0] | flags[1] << 8,
               f32_bits(float(r[0])), f32_bits(float(r[1])), lod[t], len(lod), t * t, 7, grid[t // 3][t % 3], t]
        out += [x & M32 for x in row]
    return {'u1': out}


@model
def int_matrix_grid_ops():
    out = []
    for t, s in enumerate([1, -2, 3, 0, 5, -7, 2, 11]):
        m = [[(i * 3 + j) * s - 4 for j in range(3)] for i in range(3)]
        ri, ci = t % 3, (t + 1) % 3
        picked = m[ri][ci]
        m[ci][ri] += 100
        m[0][0], m[1][1] = picked, -picked
        m[0][2] *= 2
        m[2][0] *= 2
        scaled = [[2 * x - 1 for x in r] for r in m]
        big = sum(1 for r in m for x in r if x > 10)
        a = [m[0][:3], m[1][:3]]
        b = [[1, 0, s, -1], [0, 2, 1, s], [-1, 1, 0, 3]]
        prod = [[sum(a[i][k] * b[k][j] for k in range(3)) for j in range(4)] for i in range(2)]
        rm = [[1, 2], [s, 1 - s]]
        rv = [rm[0][0] * s - rm[0][1], rm[1][0] * s - rm[1][1]]
        f4 = [[4 * r + c + s for c in range(4)] for r in range(4)]
        row = [picked] + [x for r in m for x in r] + [scaled[0][0], scaled[1][1], scaled[2][2], big]
        row += [x for r in prod for x in r] + rv + [f4[2][1], f4[0][2], m[1][2]]
        out += row
    return {'u1': out}


QUEUE_IDS = [5, 17, 0, 22, 9, 13, 2, 20, 11, 7, 18, 1, 23, 14, 4, 10, 19, 3, 16, 8, 21, 6, 15, 12]
QUEUE_VALS = [(i * 37 + 11) % 50 for i in range(24)]
QUEUE_PARAMS = [(3, 1, 2, 0), (1, 0, 4, 1), (5, 2, 8, 2), (2, 7, 1, 3)]


@model
def queue_counters_typed():
    jobs = []
    for e in range(24):
        jobs += [QUEUE_IDS[e], QUEUE_VALS[e]]
    results = [0.0] * 48
    accepted, ids, spare, maxid = 0, 0, 0, 0
    left = 16
    for e in range(8, 24):
        jid, v = QUEUE_IDS[e], QUEUE_VALS[e]
        p = QUEUE_PARAMS[jid & 3]
        results[2 * jid] = f32(float(v * p[0] + p[1]))
        results[2 * jid + 1] = f32(float(v >> p[3]) / p[2])
        if v % 3 == 0:
            accepted += 1
            ids += jid
        else:
            left -= 1
            spare += left
        maxid = max(maxid, jid)
    slots = [1] * accepted + [0] * (16 - accepted)
    return {'u1': jobs, 'u2': slots, 'u5': results,
            'u0': [accepted * (accepted - 1) // 2, ids, spare, maxid], 'u7': [accepted], 'u8': [left]}


HASH_KEYS = [7, 19, 42, 100, 256, 1000, 1234, 4096, 5555, 77, 7, 7, 42, 4096, 4096, 4096,
             1000, 5555, 19, 77, 77, 77, 256, 7, 1234, 100, 100, 42, 19, 5555, 4096, 7]


def hash_slot(k):
    return ((k * 2654435761) & M32) >> 28


@model
def hash_table_struct_atomics():
    table = [[0, 0, 0, 0, 0] for _ in range(16)]
    for t, k in enumerate(HASH_KEYS):
        s = hash_slot(k)
        assert table[s][0] in (0, k)
        table[s][0] = k
        table[s][1] += 1
        table[s][2] = max(table[s][2], t)
        table[s][3] = k ^ 0xABC
        table[s][4] = k * 3
    out = []
    for t, k in enumerate(HASH_KEYS):
        probes, s = 0, hash_slot(k + 1)
        while table[s][0] != 0 and table[s][0] != k + 1:
            probes += 1
            s = (s + 1) & 15
        out.append(1 | hash_slot(k) << 1 | probes << 8 | s << 16)
    return {'u1': [x for r in table for x in r], 'u2': out}


def raw_mats():
    return [[[(t + 1) * (r * 3 + c + 1) % 7 - 3 for c in range(3)] for r in range(3)] for t in range(4)]


@model
def raw_records_matrix_load():
    mats = raw_mats()
    src = []
    for m in mats:
        src += [float(m[r][c]) for c in range(3) for r in range(3)]
    dst, second, extra = [], [], []
    for t, m in enumerate(mats):
        pos = [float(sum(m[r][k] * (k + 1) for k in range(3))) for r in range(3)]
        ids = [t, t * t, 100 - t]
        vel = [float(m[0][0]), float(m[0][1])]
        life = -7 * t
        dst += [f32_bits(x) for x in pos] + ids + [f32_bits(x) for x in vel] + [life & M32]
        extra.append(f32_bits(float(m[0][1])))
        second += [f32_bits(x) for x in pos] + [ids[0], ids[1] + 5, ids[2]] + [f32_bits(x) for x in vel] + [7 * t]
    return {'t0': src, 'u1': dst + extra + second}


LIGHTS = [((1, 0, 1), 4, (1, 0.5, 0.25), 0), ((5, 1, 0), 2, (0, 1, 0), 1), ((3, 0, 1), 8, (0.5, 0.5, 1), 0),
          ((0, 0, 0), 1, (8, 8, 8), 2)]
FALLOFF = [(1, 0), (0.5, 0.25), (2, -1)]
LIGHT_MASK = 0b1101
LIGHT_COUNT, AMBIENT = 4, 0.125


@model
def cbuffer_light_arrays():
    cb = []
    for pos, r, col, ty in LIGHTS:
        cb += [('f', x) for x in pos] + [('f', r)] + [('f', x) for x in col] + [('u', ty)]
    for a, b in FALLOFF:
        cb += [('f', a), ('f', b), ('f', 0), ('f', 0)]
    cb = cb[:-2] + [('u', LIGHT_MASK)]
    out = []
    for t in range(8):
        p = (t * 0.5, 0.0, 1.0)
        acc = [AMBIENT] * 3
        for i in range(LIGHT_COUNT):
            if not (LIGHT_MASK >> i) & 1:
                continue
            pos, r, col, ty = LIGHTS[i]
            f = FALLOFF[ty]
            if ty == 0:
                w = max(0.0, r - sum(abs(p[k] - pos[k]) for k in range(3)))
            elif ty == 1:
                w = 0.5
            else:
                continue
            w = w * f[0] + f[1]
            acc = [acc[k] + col[k] * w for k in range(3)]
        out += acc
    return {'u2': out}


CMD_PROGRAMS = [
    [(0, 5), (1, 3), (2, 0), (3, 4), (4, 0), (15, 0), (0, 9), (0, 9)],
    [(0, -7), (3, 1), (0, 100), (0, 1), (0, 1), (0, 1), (0, 1), (0, 1)],
    [(0, 2), (5, 2), (0, 50), (0, 60), (1, -2), (6, 0), (3, -3), (4, 0)],
    [(9, 0), (7, 1), (0, 3), (1, 2), (1, 2), (2, 0), (3, 1), (0, -1)],
    [(0, 12), (3, 2), (3, 2), (3, 2), (3, 30), (3, 1), (4, 0), (0, 3)],
    [(5, 0), (5, 1), (0, 8), (5, -1), (0, 1), (1, -1), (0, 4), (15, 0)],
    [(0, -2048), (1, 2), (4, 0), (2, 0), (0, 99), (8, 5), (3, 0), (0, 7)],
    [(1, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0)],
]


def run_commands(prog):
    acc, mul, visits, pc, halted = 0, 1, 0, 0, False
    while True:
        if pc >= 8:
            break
        op, arg = prog[pc]
        pc += 1
        if op == 0:
            acc = s32(acc + arg)
        elif op in (1, 2):
            if op == 1:
                mul = s32(mul * arg)
            acc = s32(acc * mul)
        elif op in (3, 4):
            if op == 3:
                if acc < 0:
                    halted = True
                else:
                    acc = s32(acc - arg)
            if not halted:
                acc ^= 0x55
        elif op == 5:
            pc = (pc + arg) & M32
        elif op == 15:
            halted = True
        else:
            visits += 100
        if halted:
            break
        visits += 1
        if visits > 20:
            break
    return acc, mul, visits, pc, halted


@model
def switch_command_stream():
    cmds, out = [], []
    for prog in CMD_PROGRAMS:
        cmds += [((arg << 4) | op) & M32 for op, arg in prog]
        acc, mul, visits, pc, halted = run_commands(prog)
        found = -1
        for i in range(4):
            hit = False
            for j in range(4):
                if i * 4 + j == (acc & 15):
                    found, hit = i * 10 + j, True
                    break
            if hit:
                break
        sm, a, b = 0, 0, 10
        while a < b:
            sm += a * b + (acc & 3)
            a, b = a + 2, b - 1
        out += [acc, mul, visits, pc, int(halted), found, sm]
    return {'t0': cmds, 'u1': [v & M32 for v in out]}


LOOP_TRIPS = [0, 1, 2, 3, 4, 5, 6, 7, 9, 12, -1, 10]


@model
def loop_attributes_side_effects():
    out, counters, work = [], [0, 0, 0], []
    for t, n in enumerate(LOOP_TRIPS):
        s = sum(i * i for i in range(max(n, 0)))
        budget, calls = 100, 0
        calls += 1
        budget -= 10 if n & 1 else 25
        r = budget
        if n > 3:
            counters[0] += 1
        if n % 3 == 0 if n >= 0 else (-n) % 3 == 0:
            counters[1] += n
        else:
            counters[2] += 1
        side = 0
        b = False
        if n > 5:
            calls += 1
            budget -= 1
            b = budget > 0
        if n > 2:
            side += 1
            sel = side
        else:
            side -= 1
            sel = side
        w, iters = (n * 7) & M32 if n >= 0 else 5, 0
        while w > 0:
            w = w - 3 if w >= 3 else 0
            iters += 1
        work.append(w)
        lo, hi = 2, 6
        clipped = n < lo or n > hi
        res = lo if n < lo else (hi if n > hi else n)
        out += [s, r, budget, calls, int(b), sel, side, iters, res, int(clipped)]
    return {'u1': [c & M32 for c in counters], 'u2': [v & M32 for v in out], 'u3': work}


CHAIN_FACTORS = [3, 1, 4, 1, 2, 0, 2, 3,  4, 4, 4, 4, 4, 4, 4, 4,  0, 0, 0, 0, 0, 0, 0, 1,
                 2, 3, 2, 3, 1, 4, 1, 4]


@model
def wave_prefix_chain_rounds():
    n = len(CHAIN_FACTORS)
    chain, lead, steps = [1] * n, [0] * n, [0] * n
    for r in range(4):
        for base in range(0, n, WAVE):
            act = [t for t in range(base, base + WAVE) if CHAIN_FACTORS[t] > r]
            for t in act:
                p = 1
                for u in act:
                    if u < t:
                        p = p * (CHAIN_FACTORS[u] - r) & M32
                chain[t] = (chain[t] * 7 + p) & M32
                steps[t] += 1
            if act:
                lead[act[0]] += len(act) * 100 + r
    out = []
    for t in range(n):
        base, lane = t - t % WAVE, t % WAVE
        nb = chain[base + (lane * 3 + 1) % WAVE]
        first_steps = steps[base]
        mx = max(steps[base:base + WAVE])
        out += [chain[t], lead[t], steps[t], nb, first_steps, mx]
    return {'u1': out}


PACKET_BYTES = [(i * 73 + 41) % 256 for i in range(64)]


def s16(v):
    v &= 0xFFFF
    return v - 0x10000 if v & 0x8000 else v


@model
def int16_packet_checksums():
    words = []
    for i in range(0, 64, 4):
        words.append(PACKET_BYTES[i] | PACKET_BYTES[i + 1] << 8 | PACKET_BYTES[i + 2] << 16 | PACKET_BYTES[i + 3] << 24)
    out = []
    for t in range(4):
        seg = PACKET_BYTES[t * 16:(t + 1) * 16]
        w16 = [seg[2 * i] | seg[2 * i + 1] << 8 for i in range(8)]
        s1, s2 = 0xFF, 0xFF
        for b in seg:
            s1 = (s1 + b) % 255
            s2 = (s2 + s1) % 255
        acc, rot, m = 0, 0, 0xFFF0
        for i, w in enumerate(w16):
            acc = s16(acc + s16(w))
            rot ^= ((w << (i & 7)) | (w >> (16 - (i & 7)))) & 0xFFFF
            m = (m + w) & 0xFFFF
        out += [s2 << 8 | s1, acc & M32, rot, s16(acc * 3) & M32, ((acc & M32) * 3) & M32,
                (acc * (t + 1000)) & M32, (acc >> 2) & M32, acc & 0xFFFF, m]
    return {'t0': words, 'u1': out}


def f64_bits(x):
    return struct.unpack('<Q', struct.pack('<d', x))[0]


@model
def u64_groupshared_stats_double():
    vals = [((t + 1) << 40) | (t * t * 12345) for t in range(64)]
    total = sum(vals) & M64
    mx = max(v ^ 0xF0F0F0F0F0F0F0F0 for v in vals)
    ors = 0
    for t in range(64):
        ors |= 1 << t
    mean = float(total) / 64.0
    dmx = float(mx)
    scaled = mean * 3.0 - 1.5
    trunc = int(scaled)
    words = []
    for v in (total, mx, ors, f64_bits(mean), f64_bits(dmx), trunc):
        words += [v & M32, v >> 32]
    above = [int(float(v) > mean) for v in vals]
    return {'u0': words, 'u1': above}


KAHAN_SCALES = [0.1, 3.0, -1e-3, 1024.5]
KAHAN_SAMPLES = [1.0, 1e-8, 1e-8, 1e-8, 3.25, -2.0, 1e-8, 1e-8, 1e8, 1.0, -1e8, 0.5, 1e-8, 1e-8, 7.0, 1e-8]


@model
def double_bits_compensated_sum():
    ins, out = [], []
    for d in KAHAN_SCALES:
        b = f64_bits(d)
        ins += [b & M32, b >> 32]
        lo, hi = b & M32, b >> 32
        e = ((hi >> 20) & 0x7FF) - 1023
        mant = struct.unpack('<d', struct.pack('<Q', lo | ((hi & 0x800FFFFF) | 0x3FF00000) << 32))[0]
        s, c = 0.0, 0.0
        naive = 0.0
        fs = 0.0
        for x in KAHAN_SAMPLES:
            xf = f32(x)
            y = xf * d - c
            t = s + y
            c = (t - s) - y
            s = t
            naive = naive + xf * d
            fs = f32(fs + xf)
        sb, nb, mb = f64_bits(s), f64_bits(naive), f64_bits(mant)
        out += [sb & M32, sb >> 32, nb & M32, nb >> 32, e & M32, mb >> 32, f32_bits(fs), f32_bits(f32(s)),
                int(s > naive) | int(s == naive) << 1]
    return {'t0': ins, 'u2': out}


CRC_BYTES = [ord(c) for c in "123456789"] + [0] * 7 + [(i * 29 + 7) % 256 for i in range(48)]


def crc16_ccitt(data, crc=0xFFFF):
    for b in data:
        crc ^= b << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
    return crc


@model
def min16_crc_noflag():
    words = [CRC_BYTES[i] | CRC_BYTES[i + 1] << 8 | CRC_BYTES[i + 2] << 16 | CRC_BYTES[i + 3] << 24
             for i in range(0, 64, 4)]
    out = []
    for t in range(4):
        n = 9 if t == 0 else 16
        seg = CRC_BYTES[t * 16:t * 16 + n]
        crc = crc16_ccitt(seg)
        signed = sum(b - 128 for b in seg)
        out += [crc, signed & M32, (crc * 0x10001) & M32, int(signed < 0), crc >> 12]
    return {'t0': words, 'u1': out}


RADIX_VALUES = [3.5, -2.25, 0.0, -0.0, 1e30, -1e30, 3e9, -7.0, 0.001, 100.0, -100.0, 65504.0, 2.0, -2.25,
                16777217.0, 1.5]


@model
def radix_keys_rank_sort():
    bits = [f32_bits(f32(v)) for v in RADIX_VALUES]
    keys = [b ^ (M32 if b >> 31 else 0x80000000) for b in bits]
    out, sorted_bits = [], [0] * 16
    for t, v in enumerate(RADIX_VALUES):
        v = f32(v)
        key = keys[t]
        rank = sum(1 for j, k in enumerate(keys) if k < key or (k == key and j < t))
        sorted_bits[rank] = bits[t]
        x = f32(f32(v / 2048.0) + 0.5)
        x = min(max(x, 0.0), 1.0)
        q = int(f32(x * 65535.0))
        big = int(abs(v)) if abs(v) < 4e9 else M32
        back = f32_bits(f32(float(key >> 1)))
        fbh = (key.bit_length() - 1) if key else M32
        out += [key, rank, q, big, back, fbh, bin(key).count('1')]
    return {'t0': [f32(v) for v in RADIX_VALUES], 'u1': out, 'u2': sorted_bits}


def bone_rows(b):
    return [[(b + r + c) % 3 - 1 + (2 if r == c else 0) for c in range(3)] + [b * 0.5 - r] for r in range(3)]


SKIN_VERTS = [((1, 2, 3), (0, 1), (0.75, 0.25)), ((-1, 0.5, 2), (1, 2), (0.5, 0.5)),
              ((0, 0, 1), (3, 0), (1.0, 0.0)), ((2, -2, 0.25), (2, 3), (0.25, 0.75))]


@model
def skinning_row_major_bones():
    rows = []
    for b in range(4):
        for r in bone_rows(b):
            rows += [float(x) for x in r]
    out = []
    for pos, idx, w in SKIN_VERTS:
        p4 = list(pos) + [1.0]
        skinned = [0.0, 0.0, 0.0]
        normal = [0.0, 0.0, 0.0]
        for k in range(2):
            m = bone_rows(idx[k])
            for r in range(3):
                skinned[r] += w[k] * sum(m[r][c] * p4[c] for c in range(4))
                normal[r] += w[k] * sum(m[r][c] * [0, 0, 1][c] for c in range(3))
        m0 = bone_rows(idx[0])
        rowvec = [sum(p4[c] * m0[r][c] for c in range(4)) for r in range(3)]   # mul(m, p) again via transpose
        tr = [sum(pos[r] * m0[r][c] for r in range(3)) for c in range(4)]     # mul(pos, (float3x4)m)
        out += skinned + normal + rowvec + tr
    return {"t0": rows, "u4": out}


def agent_record(i):
    return {'pos': [i * 1.5, -i * 0.5], 'hist': [i, i * 2, i * 3], 'xf': [[1, i], [0, 2]], 'hp': 100 - i * 7}


def agent_words(a):
    xf = a['xf']   # column-major in a structured buffer (DXC's default)
    return ([f32_bits(x) for x in a['pos']] + [x & M32 for x in a['hist']] +
            [f32_bits(float(xf[r][c])) for c in range(2) for r in range(2)] + [a['hp'] & M32])


@model
def struct_buffer_copy_modify():
    init = [agent_record(i) for i in range(16)]
    buf = [dict((k, [list(r) if isinstance(r, list) else r for r in v] if isinstance(v, list) else v) for k, v in a.items()) for a in init]
    out = []
    for t in range(8):
        a = agent_record(t)
        a['pos'] = [a['xf'][0][0] * a['pos'][0] + a['xf'][0][1] * a['pos'][1],
                    a['xf'][1][0] * a['pos'][0] + a['xf'][1][1] * a['pos'][1]]
        a['hist'][t % 3] += 1000
        a['xf'][1][0] = float(t)
        a['hp'] -= 3
        unchanged = init[t]['hist'][t % 3]
        buf[t + 8] = a
        buf[t]['hp'] = buf[t]['hp'] * 2 - 1
        hist = list(init[t]['hist'])
        k = (t + 1) % 3
        hist[k] = hist[k] * 2 - 1
        buf[t]['hist'] = hist
        out += [unchanged, buf[t]['hp'] & M32]
    words = []
    for a in buf:
        words += agent_words(a)
    ins = []
    for a in init:
        ins += agent_words(a)
    return {'u0': words, 'u1': out, 'u0_init': ins}


OUT_VALUES = [8.5, -2.5, 0.375, 1000.0, -0.0625, 3.0, 12.75, -7.0]


@model
def out_param_intrinsics():
    fl, ints, trig, img = [], [], [], [0.0] * 8
    for t, v in enumerate(OUT_VALUES):
        m, e = math.frexp(v)
        frac, whole = math.modf(v)
        m2, e2 = math.frexp(v * 2)
        m1, e1 = math.frexp(1.0)
        fl += [m, float(e), whole, frac, m2, float(e2), m1, float(e1), 4.0, 2.0]
        b = f64_bits(v)
        ints += [4, 2, b & M32, b >> 32]
        trig += [f32(math.sin(v * 0.25)), f32(math.cos(v * 0.25))]
        img[t] = f32(m * e)
    return {'u2': fl, 'u3': ints, 'u4': trig, 'u1': img}


NESTED_KEYS = [4, 1, 4, 0, 2, 2, 7, 1, 3, 3, 3, 3, 0, 5, 0, 5]


@model
def wave_nested_waterfall_calls():
    out = []
    for t, k in enumerate(NESTED_KEYS):
        base = t - t % WAVE
        wave = range(base, base + WAVE)
        acc, rounds = 0, 0
        for p in range(3):
            key = (k + p) % 3
            group = [u for u in wave if (NESTED_KEYS[u] + p) % 3 == key]
            acc = (acc + sum(u + p for u in group) * (p + 1)) & M32
            order = []
            for u in wave:
                kk = (NESTED_KEYS[u] + p) % 3
                if kk not in order:
                    order.append(kk)
            rounds += order.index(key) + 1
        leader = min(u for u in wave if NESTED_KEYS[u] == k)
        out += [acc, rounds, leader]
    return {'u1': out}


def tile_depth(g, x, y):
    return ((x * 7 + y * 3 + g * 5) % 11) + (8 if (x // 4 + y // 4 + g) % 2 else 0)


@model
def quad_wave_tile_classify():
    per_thread, totals = [], []
    for g in range(2):
        d = [[tile_depth(g, x, y) for x in range(8)] for y in range(8)]
        edges, ranges = 0, 0
        tile = [[0] * 8 for _ in range(8)]
        for y in range(8):
            for x in range(8):
                qx, qy = x & ~1, y & ~1
                quad = [d[qy][qx], d[qy][qx + 1], d[qy + 1][qx], d[qy + 1][qx + 1]]
                lo, hi = min(quad), max(quad)
                edge = hi - lo > 6
                edges += edge
                ranges += hi - lo
                tile[y][x] = (hi - lo) | int(edge) << 8
        for y in range(8):
            for x in range(8):
                t = y * 8 + x
                per_thread += [tile[y][x], tile[x][y], g * 8 + x, t]
        totals += [edges, ranges, 64]
    return {'u1': per_thread, 'u2': totals}


CF_SEEDS = [0, 1, 2, 3, 5, 8, 13, 21]


def cf_find(vals, target):
    # int findPair(...): returns from inside two nested loops
    for i in range(4):
        for j in range(i + 1, 4):
            if vals[i] + vals[j] == target:
                return i * 4 + j
    return -1


@model
def control_flow_corners():
    out = []
    for t, seed in enumerate(CF_SEEDS):
        # 1: do-while with continue (jumps to the condition) and a switch inside
        i, acc, cont = 0, 0, 0
        while True:
            i += 1
            skip = False
            sel = (seed + i) % 4
            if sel == 0:
                cont += 1
                skip = True
            elif sel == 1:
                acc += 1
                acc += 10   # falls into case 2
            elif sel == 2:
                acc += 10
            else:
                acc += 100
            if not skip and acc > 150:
                break
            if not (i < 6):
                break
        # 2: nested switch: the inner default falls through to the inner case 3, the outer case breaks
        r = 0
        a, b = seed % 3, seed % 5
        if a == 0:
            if b == 1:
                r += 1
            elif b in (0, 2, 4) or b == 3:
                if b != 3:
                    r += 1000     # default: falls into case 3
                r += 2
            r += 20
        elif a == 1:
            r += 300
        else:
            r += 4000
        # 3: a for loop whose condition calls a function with an inout side effect
        k, steps = 0, 0
        while True:
            k += 2
            if not (k < seed + 3):
                break
            steps += 1
        # 4: while with a comma in its condition
        m, n = seed, 0
        while True:
            m -= 3
            if not (m > 0):
                break
            n += 1
        vals = [seed, seed + 1, 7 - seed, 2 * seed]
        found = cf_find(vals, 7)
        out += [i, acc, cont, r, steps, k, n, m & M32, found & M32]
    return {'u1': out}


QUEUE_WORK = [3, 0, 5, 1, 1, 2, 0, 4,  0, 0, 0, 0, 0, 0, 0, 0,  7, 7, 7, 7, 7, 7, 7, 7,  1, 2, 3, 4, 5, 6, 7, 8]


@model
def wave_uniform_exit_loops():
    out = []
    for t, work in enumerate(QUEUE_WORK):
        base = t - t % WAVE
        wave = QUEUE_WORK[base:base + WAVE]
        # loop 1: do { … } while (WaveActiveAnyTrue(remaining > 0)): runs max(wave) rounds, at least 1
        rounds1 = max(max(wave), 1)
        done1, skipped = 0, 0
        for r in range(rounds1):
            rem = work - r
            if rem > 0:
                if (t + r) % 3 == 0:
                    skipped += 1
                    continue
                done1 += t + r
        # loop 2: while (true) { if (WaveActiveAllTrue(rem == 0)) break; … }: max(wave) rounds
        rounds2 = max(wave)
        # each round: active lanes (rem > 0) = those with work > r; WaveActiveCountBits over all lanes
        busy = 0
        for r in range(rounds2):
            if work > r:
                busy += sum(1 for w in wave if w > r)
        out += [rounds1, done1 & M32, skipped, rounds2, busy]
    return {'u1': out}


# ---------------------------------------------------------------------------------------

def header_expects(path):
    """The `expect REG = [...]` lists of a kernel's header, as floats/ints (None for `_`)."""
    lines = []
    for line in path.read_text().splitlines():
        if not line.startswith('//'):
            break
        lines.append(line[2:].strip())
    text = '\n'.join(lines)
    out = {}
    for m in re.finditer(r'^(?:expect (\S+)(?: ~ [^=]*)?|buffer (\S+) \S+ \S+) = (?:u32 )?\[([^\]]*)\]', text, re.M):
        vals = []
        for tok in m.group(3).replace('\n', ' ').split(','):
            tok = tok.strip()
            if tok == '_':
                vals.append(None)
            elif tok.startswith('0x'):
                vals.append(int(tok, 16))
            elif re.fullmatch(r'-?\d+', tok):
                vals.append(int(tok))
            else:
                vals.append(float(tok))
        out[m.group(1) or m.group(2)] = vals
    return out


def same(a, b):
    if a is None or b is None:
        return True
    if isinstance(a, float) or isinstance(b, float):
        if isinstance(a, float) and math.isnan(a):
            return isinstance(b, float) and math.isnan(b)
        return float(a) == float(b) or abs(float(a) - float(b)) <= 1e-6 * max(1.0, abs(float(a)))
    return a == b


def main():
    here = pathlib.Path(__file__).resolve().parent.parent
    check = '--check' in sys.argv
    names = [a for a in sys.argv[1:] if not a.startswith('--')] or list(MODELS)
    bad = 0
    for name in names:
        want = MODELS[name]()
        path = here / f'mix_{name}.hlsl'
        if not check:
            print(f'== mix_{name}')
            for reg, vals in want.items():
                print(f'// expect {reg} = [' + ', '.join(fmt(v) for v in vals) + ']')
            continue
        got = header_expects(path)
        for reg, vals in want.items():
            if reg.endswith('_init'):   # a buffer's initial contents, spelled as segments
                continue
            h = got.get(reg)
            if h is None or len(h) != len(vals) or not all(same(x, y) for x, y in zip(vals, h)):
                print(f'mix_{name}: {reg} differs from the model')
                bad += 1
    if check:
        print(f'{len(names)} models checked, {bad} mismatches')
    sys.exit(1 if bad else 0)


if __name__ == '__main__':
    main()
