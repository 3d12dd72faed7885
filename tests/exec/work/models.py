#!/usr/bin/env python3
"""CPU models of the `work_*` execution kernels (tests/exec/work_*.hlsl).

Each kernel is a whole compute workload written the way engines and samples write them
(sorts, scans, image filters, block compression, simulation, indirect arguments). Its
inputs and expected values come from the model of the same name here, written from HLSL's
semantics as DXC implements them (32-bit wrapping integers, f32 rounding through `struct`,
exact dyadic arithmetic where a kernel relies on it), never from a compiler's output.

    python3 tests/exec/work/models.py            # print every kernel's lists
    python3 tests/exec/work/models.py --check    # verify the kernels' headers hold them
    python3 tests/exec/work/models.py --write    # rewrite the headers' lists from the models

A model returns {REG: values} for `expect REG` lines and {'init REG': values} for the
initial contents of `buffer REG` / `texture REG` lines.
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


def f16_bits(x):
    return struct.unpack('<H', struct.pack('<e', x))[0]


def bits_f16(u):
    return struct.unpack('<e', struct.pack('<H', u & 0xFFFF))[0]


def s32(u):
    u &= M32
    return u - (1 << 32) if u & 0x80000000 else u


def lcg_list(n, seed, mod):
    """Deterministic pseudo-random inputs (a 32-bit LCG's high bits), shared by the models."""
    out, s = [], seed
    for _ in range(n):
        s = (s * 1664525 + 1013904223) & M32
        out.append((s >> 8) % mod)
    return out


def fmt(v):
    if v is None:
        return '_'
    if isinstance(v, float):
        if math.isnan(v):
            return 'nan'
        if math.isinf(v):
            return 'inf' if v > 0 else '-inf'
        if v == 0 and math.copysign(1, v) < 0:
            return '-0.0'
        if v == int(v) and abs(v) < 1e15:
            return str(int(v))
        return '%.9g' % v
    return str(v)


@model
def bitonic_sort_lds():
    keys = lcg_list(256, 7, 40)
    out, swaps = [], []
    for g in range(2):
        t = [(keys[g * 128 + i], i) for i in range(128)]
        desc = g == 1
        n = 0
        k = 2
        while k <= 128:
            j = k >> 1
            while j > 0:
                for gi in range(64):
                    i = (gi // j) * 2 * j + (gi % j)
                    l = i + j
                    up = ((i & k) == 0) != desc
                    a, b = t[i], t[l]
                    if (a > b) if up else (b > a):
                        t[i], t[l] = b, a
                        n += 1
                j >>= 1
            k <<= 1
        assert t == sorted(t, reverse=desc)
        for p in t:
            out += list(p)
        swaps.append(n)
    return {'init t0': keys, 'u1': out, 'u2': swaps}


@model
def radix_sort_pass():
    keys = lcg_list(128, 11, 1 << 12)
    out, dest, hist = [], [], []
    for g in range(2):
        ks = keys[g * 64:(g + 1) * 64]
        order = sorted(range(64), key=lambda i: ((ks[i] >> 4) & 15, i))
        d = [0] * 64
        for pos, i in enumerate(order):
            d[i] = pos
        out += [ks[i] for i in order]
        dest += d
        h = [0] * 16
        for k in ks:
            h[(k >> 4) & 15] += 1
        hist += h
    return {'init t0': keys, 'u1': out, 'u2': dest, 'u4': hist}


@model
def lookback_scan():
    vals = lcg_list(512, 23, 100000)
    out, run = [], 0
    for v in vals:
        run += v
        out.append(run)
    status = [(2 << 30) | out[t * 64 + 63] for t in range(8)]
    return {'init t0': vals, 'u1': out, 'u2': status}


@model
def separable_blur_tile():
    W, H = 16, 8
    img = lcg_list(W * H, 31, 256)
    px = lambda x, y: img[min(max(y, 0), H - 1) * W + min(max(x, 0), W - 1)]
    w = [1, 4, 6, 4, 1]
    hor = lambda x, y: sum(w[k] * px(x + k - 2, y) for k in range(5)) / 16
    out = []
    for y in range(H):
        for x in range(W):
            # the tile's horizontal pass reads clamped apron texels: rows clamp first
            b = sum(w[k] * hor(x, min(max(y + k - 2, 0), H - 1)) for k in range(5)) / 16
            out += [b, float(px(x, y)), hor(x, y), float(x // 8)]
    return {'init t0': [float(v) for v in img], 'u1': out}


def bc1_to565(c):
    r, g, b = c
    return (((r * 31 + 127) // 255) << 11) | (((g * 63 + 127) // 255) << 5) | ((b * 31 + 127) // 255)


def bc1_expand(v):
    r, g, b = (v >> 11) & 31, (v >> 5) & 63, v & 31
    return ((r << 3) | (r >> 2), (g << 2) | (g >> 4), (b << 3) | (b >> 2))


def bc1_texels():
    raw = lcg_list(64 * 3, 41, 256)
    tex = []
    for i in range(64):
        x, y = i % 8, i // 8
        r, g, b = raw[3 * i:3 * i + 3]
        if x >= 4 and y >= 4:      # block 3 flat: one colour
            r, g, b = 90, 140, 200
        elif x < 4 and y >= 4:     # block 2: a gradient with small spread
            r, g, b = 40 + 10 * (x + y), 100 + 5 * x, 60 - 3 * y
        tex.append(r | (g << 8) | (b << 16) | (0xFF << 24))
    return tex


@model
def bc1_encode():
    tex = bc1_texels()
    out = []
    for by in range(2):
        for bx in range(2):
            cs = []
            for gi in range(16):
                x, y = bx * 4 + gi % 4, by * 4 + gi // 4
                p = tex[y * 8 + x]
                cs.append((p & 255, (p >> 8) & 255, (p >> 16) & 255))
            mx = tuple(max(c[i] for c in cs) for i in range(3))
            mn = tuple(min(c[i] for c in cs) for i in range(3))
            c0, c1 = bc1_to565(mx), bc1_to565(mn)
            p0, p1 = bc1_expand(c0), bc1_expand(c1)
            # HLSL int division truncates toward zero; all values are non-negative here
            pal = [p0, p1, tuple((2 * a + b) // 3 for a, b in zip(p0, p1)),
                   tuple((a + 2 * b) // 3 for a, b in zip(p0, p1))]
            idx = 0
            for gi, c in enumerate(cs):
                best = 0
                if c0 != c1:
                    dists = [sum((c[i] - p[i]) ** 2 for i in range(3)) for p in pal]
                    best = dists.index(min(dists))
                idx |= best << (2 * gi)
            out += [c0 | (c1 << 16), idx]
    return {'init t0': tex, 'u1': out}


def bc4_pixels():
    raw = lcg_list(64, 43, 256)
    px = []
    for i in range(64):
        x, y = i % 8, i // 8
        v = raw[i]
        if x >= 4 and y >= 4:
            v = 77
        elif x >= 4 and y < 4:
            v = 200 if (x + y) & 1 else 13
        px.append(v)
    return px


@model
def bc4_encode():
    px = bc4_pixels()
    out = []
    for by in range(2):
        for bx in range(2):
            vs = [px[(by * 4 + gi // 4) * 8 + bx * 4 + gi % 4] for gi in range(16)]
            a0, a1 = max(vs), min(vs)
            bits = a0 | (a1 << 8)
            for gi, a in enumerate(vs):
                best = 0
                if a0 > a1:
                    pal = [a0, a1] + [int(((7 - i) * a0 + i * a1) / 7) for i in range(1, 7)]
                    d = [abs(a - p) for p in pal]
                    best = d.index(min(d))
                bits |= best << (16 + 3 * gi)
            out += [bits & M32, bits >> 32]
    return {'init t0': px, 'u1': out}


def tex_levels():
    mip0 = lcg_list(64, 51, 256)
    mip1 = lcg_list(16, 52, 256)
    mip2 = [10, 20, 30, 40]
    return [(4, mip0), (2, mip1), (1, mip2)]


def tex_fetch(levels, lvl, x, y, wrap):
    size, data = levels[lvl]
    if wrap:
        x, y = x % size, y % size
    else:
        x, y = min(max(x, 0), size - 1), min(max(y, 0), size - 1)
    return [data[(y * size + x) * 4 + c] / 255 for c in range(4)]


def tex_sample(levels, u, v, lod, mode):
    lvl = min(2, int(math.floor(lod + 0.5)))  # mip point: nearest level
    size = levels[lvl][0]
    wrap = mode in (1, 3)
    if mode in (0, 3):
        return tex_fetch(levels, lvl, math.floor(u * size), math.floor(v * size), wrap)
    x, y = u * size - 0.5, v * size - 0.5
    i0, j0 = math.floor(x), math.floor(y)
    a, b = x - i0, y - j0
    t00 = tex_fetch(levels, lvl, i0, j0, wrap)
    t10 = tex_fetch(levels, lvl, i0 + 1, j0, wrap)
    t01 = tex_fetch(levels, lvl, i0, j0 + 1, wrap)
    t11 = tex_fetch(levels, lvl, i0 + 1, j0 + 1, wrap)
    return [(1 - a) * (1 - b) * p + a * (1 - b) * q + (1 - a) * b * r + a * b * s
            for p, q, r, s in zip(t00, t10, t01, t11)]


def tex_queries():
    # (u, v, lod, mode); u * 4 - 0.5 an integer or a half-integer at level 0
    return [(0.375, 0.625, 0, 0), (1.375, 0.125, 0, 0), (-0.125, 0.875, 0, 0), (0.625, 0.375, 0, 3),
            (-0.125, 1.125, 0, 3), (0.5, 0.5, 0, 1), (0.0, 0.25, 0, 1), (1.0, 1.0, 0, 1),
            (-0.25, 0.75, 0, 1), (0.0, 0.25, 0, 2), (1.0, 1.0, 0, 2), (0.25, 0.75, 0, 2),
            (0.375, 0.625, 1, 0), (0.5, 0.5, 1, 2), (0.625, 0.125, 0.25, 0), (0.125, 0.875, 1.75, 2)]


def tex_gather(levels, u, v, green):
    x, y = u * 4 - 0.5, v * 4 - 0.5
    i0, j0 = math.floor(x), math.floor(y)
    c = 1 if green else 0
    f = lambda i, j: tex_fetch(levels, 0, i, j, True)[c]
    return [f(i0, j0 + 1), f(i0 + 1, j0 + 1), f(i0 + 1, j0), f(i0, j0)]


@model
def texture_sampling_modes():
    levels = tex_levels()
    qs = tex_queries()
    samples, gr, gg = [], [], []
    for u, v, lod, mode in qs:
        samples += tex_sample(levels, u, v, lod, mode)
        gr += tex_gather(levels, u, v, False)
        gg += tex_gather(levels, u, v, True)
    loads = (tex_fetch(levels, 1, 0, 0, False) + tex_fetch(levels, 1, 1, 1, False)
             + tex_fetch(levels, 2, 0, 0, False) + tex_fetch(levels, 0, 3, 1, False)
             + tex_fetch(levels, 0, 0, 3, False) + tex_fetch(levels, 1, 0, 1, False))
    init = levels[0][1] + levels[1][1] + levels[2][1]
    return {'init t0': init, 'init t5': [float(x) for q in qs for x in q], 'u6': samples,
            'u7': gr, 'u8': gg, 'u9': loads}


# ---------------------------------------------------------------------------------------
# driver
# ---------------------------------------------------------------------------------------

HERE = pathlib.Path(__file__).resolve().parent.parent
LIST_RE = re.compile(r'^// (expect|buffer|texture) (\S+)')


def wrap(prefix, vals):
    """`prefix[v, v, …]` as header lines of at most ~100 columns."""
    items = [fmt(v) for v in vals]
    lines, cur = [], prefix + '['
    for i, it in enumerate(items):
        piece = it + (', ' if i + 1 < len(items) else ']')
        if len(cur) + len(piece.rstrip()) > 100 and not cur.endswith('['):
            lines.append(cur.rstrip())
            cur = '//     '
        cur += piece
    if not items:
        cur += ']'
    lines.append(cur)
    return lines


def header_lists(text):
    """(kind, reg, start line, end line, prefix before '[', flat values) of each list."""
    lines = text.split('\n')
    out = []
    i = 0
    while i < len(lines) and lines[i].startswith('//'):
        m = LIST_RE.match(lines[i])
        if m and '= [' in lines[i]:
            j = i
            start = lines[i].index('= [') + 2
            body = lines[i][start:]
            while ']' not in body:
                j += 1
                body += ' ' + lines[j][2:]
            pre = lines[i][:start]
            if True:
                inner = body[1:body.index(']')]
                vals = [t.strip() for t in inner.split(',') if t.strip()]
                kind = 'init ' if m.group(1) != 'expect' else ''
                out.append((kind + m.group(2), i, j, pre, vals))
            i = j + 1
            continue
        i += 1
    return lines, out


def parse_tok(t):
    if t == '_':
        return None
    if t in ('nan', 'inf', '-inf'):
        return float(t)
    if t.startswith('0x'):
        return int(t, 16)
    if re.fullmatch(r'-?\d+', t):
        return int(t)
    return float(t)


def same(a, b):
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, float) or isinstance(b, float):
        a, b = float(a), float(b)
        if math.isnan(a) or math.isnan(b):
            return math.isnan(a) and math.isnan(b)
        return a == b or abs(a - b) <= 1e-6 * max(1.0, abs(a))
    return a == b


def main():
    mode = 'check' if '--check' in sys.argv else 'write' if '--write' in sys.argv else 'print'
    names = [a for a in sys.argv[1:] if not a.startswith('--')] or list(MODELS)
    bad = 0
    for name in names:
        want = MODELS[name]()
        path = HERE / f'work_{name}.hlsl'
        if mode == 'print':
            print(f'== work_{name}')
            for reg, vals in want.items():
                print('\n'.join(wrap(f'// {reg} = ', vals)))
            continue
        text = path.read_text()
        lines, lists = header_lists(text)
        found = {reg for reg, *_ in lists}
        for reg in want:
            if reg not in found:
                print(f'work_{name}: no header list for {reg}')
                bad += 1
        if mode == 'check':
            for reg, _, _, _, vals in lists:
                if reg in want:
                    got = [parse_tok(t) for t in vals]
                    exp = want[reg]
                    if len(got) != len(exp) or not all(same(x, y) for x, y in zip(exp, got)):
                        print(f'work_{name}: {reg} differs from the model')
                        bad += 1
            continue
        for reg, i, j, pre, _ in reversed(lists):
            if reg in want:
                lines[i:j + 1] = wrap(pre, want[reg])
        path.write_text('\n'.join(lines))
    if mode == 'check':
        print(f'{len(names)} models checked, {bad} mismatches')
    sys.exit(1 if bad else 0)


if __name__ == '__main__':
    main()
