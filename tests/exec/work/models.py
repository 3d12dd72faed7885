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


class F64(float):
    """A value of a `double` buffer: printed with all 17 significant digits."""


def fmt(v):
    if v is None:
        return '_'
    if isinstance(v, F64) and math.isfinite(v) and v != int(v):
        return repr(float(v))
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


def lum_pixels():
    raw = lcg_list(256 * 4, 61, 1 << 20)
    px = []
    k = 0
    for i in range(256):
        while True:
            a, b, c, d = raw[k % len(raw)], raw[(k + 1) % len(raw)], raw[(k + 2) % len(raw)], raw[(k + 3) % len(raw)]
            k += 3
            scale = 2.0 ** ((d % 15) - 9)          # 2^-9 .. 2^5
            rgb = [f32(scale * (x / (1 << 20))) for x in (a, b, c)]
            if i % 37 == 0:
                rgb = [0.0, 0.0, f32(2.0 ** -14)]  # a dark pixel: bin 0
            lum = rgb[0] * 0.2126 + rgb[1] * 0.7152 + rgb[2] * 0.0722
            if lum < 2 ** -10:
                if lum < 2 ** -10 * 0.98:
                    break
                continue
            t = min(max((math.log2(lum) + 10) / 16, 0), 1) * 62
            if abs(t - round(t)) > 0.02 and t < 61.5:
                break
        px.append(rgb)
    return px


def lum_bin(lum):
    if lum < 2 ** -10:
        return 0
    return 1 + int(min(max((math.log2(lum) + 10) / 16, 0), 1) * 62)


@model
def luminance_histogram_tonemap():
    px = lum_pixels()
    lums = [r * 0.2126 + g * 0.7152 + b * 0.0722 for r, g, b in px]
    bins = [lum_bin(l) for l in lums]
    hist = [0] * 64
    for b in bins:
        hist[b] += 1
    weighted = sum((b - 1) * hist[b] for b in range(1, 64))
    counted = sum(hist[1:])
    avg = (weighted / counted) / 62 * 16 - 10
    e = 0.18 / 2 ** avg
    ldr = []
    for (r, g, b), l in zip(px, lums):
        ldr += [c * e / (1 + l * e) for c in (r, g, b)] + [l]
    init = []
    for p in px:
        init += p + [1.0]
    return {'init t0': init, 'u1': ldr, 'u2': bins, 'u3': hist, 'u4': [e, avg]}


def s8(b):
    b &= 0xFF
    return b - 256 if b & 0x80 else b


@model
def int8_quantized_layer():
    raw = lcg_list(64 * 2, 71, 1 << 16)
    acts = []
    for i in range(64):
        n = (raw[2 * i] % 321) - 160            # -160 .. 160: some beyond int8
        m = (raw[2 * i + 1] % 51) - 25          # fraction m / 64, |m| <= 25: never a half
        acts.append((n + m / 64) / 16)
    wraw = lcg_list(8 * 16, 72, 256)
    w = [[s8(wraw[r * 16 + k]) for k in range(16)] for r in range(8)]
    words = []
    for r in range(8):
        for c in range(4):
            words.append(sum((w[r][c * 4 + k] & 0xFF) << (8 * k) for k in range(4)))
    bias = [(x % 2001) - 1000 for x in lcg_list(8, 73, 1 << 16)]
    q = [max(-128, min(127, round(a * 16))) for a in acts]   # no ties: round() is exact here
    mag = [abs(round(a * 16)) & 0xFF for a in acts]
    packed, l1, deq = [], [], []
    for v in range(4):
        outs = []
        for r in range(8):
            acc = bias[r] + sum(q[v * 16 + k] * w[r][k] for k in range(16))
            outs.append(max(acc, 0) >> 8)
            l1.append(sum(mag[v * 16 + k] * (w[r][k] & 0xFF) for k in range(16)))
        for h in range(2):
            packed.append(sum(min(255, outs[h * 4 + k]) << (8 * k) for k in range(4)))
        deq.append(sum(q[v * 16:(v + 1) * 16]))
    return {'init t0': [f32(a) for a in acts], 'init t1': words, 'init t2': bias,
            'u3': packed, 'u4': l1, 'u5': deq}


def half_round(x):
    """f32 -> half bits, round to nearest even (IEEE), as D3D's f32tof16 converts."""
    if math.isnan(x):
        return 0x7E00
    return f16_bits(x) if abs(x) <= 65504 or math.isinf(x) else (0x7C00 | (0x8000 if x < 0 else 0))


@model
def half_vertex_compress():
    attrs = [1.5, -2.25, 0.125, 0.0, 1.0,
             2.0 ** -24, 1023 * 2.0 ** -24, 2.0 ** -15, -0.0, 65504.0,
             float('inf'), float('-inf'), float('nan'), 2.0 ** -30, -2.0 ** -30,
             1 + 2.0 ** -11 + 2.0 ** -13, 1000.3, -3.0e-3, 0.333251953125, 12.5,
             -65504.0, 0.5, 0.25, 0.75, 1.0 / 1024,
             100.0, -100.0, 2048.0, 2049.0 + 1, 0.0999755859375,
             -7.0, 6.0, 5.0, 4.0, 3.0,
             0.099609375, -1.0, 3.140625, 2.71875, 1.0]
    attrs = [f32(a) for a in attrs]
    halves = [half_round(a) for a in attrs]
    packed = []
    for v in range(8):
        h = halves[v * 5:(v + 1) * 5]
        packed += [h[0] | (h[1] << 16), h[2] | (h[3] << 16), h[4]]
    unpacked, classes = [], []
    for h in halves:
        val = bits_f16(h)
        unpacked.append(float('nan') if math.isnan(val) else val)
        e, m = (h >> 10) & 31, h & 1023
        classes.append((0 if m == 0 else 1) if e == 0 else (3 if m == 0 else 4) if e == 31 else 2)
    # the NaN's word is whatever NaN the device produces
    packed[2 * 3 + 1] = None
    raw = [0x0001, 0x03FF, 0x8200, 0x7BFF, 0xFC00, 0x7C01, 0xABCD3C00, 0xC500]
    dec = [bits_f16(r & 0xFFFF) for r in raw]
    return {'init t0': attrs, 'init t1': raw, 'u2': packed, 'u3': unpacked, 'u4': classes,
            'u5': dec}


def oct_encode(n):
    s = abs(n[0]) + abs(n[1]) + abs(n[2])
    p = [n[0] / s, n[1] / s]
    snz = lambda v: 1.0 if v >= 0 else -1.0
    if n[2] < 0:
        p = [(1 - abs(p[1])) * snz(p[0]), (1 - abs(p[0])) * snz(p[1])]
    q = [int(math.floor(min(max(c, -1), 1) * 32767 + 0.5)) if c >= 0 else -int(math.floor(-min(max(c, -1), 1) * 32767 + 0.5)) for c in p]
    return (q[0] & 0xFFFF) | ((q[1] & 0xFFFF) << 16), q


def oct_decode(q):
    p = [c / 32767 for c in q]
    n = [p[0], p[1], 1 - abs(p[0]) - abs(p[1])]
    snz = lambda v: 1.0 if v >= 0 else -1.0
    if n[2] < 0:
        n[0], n[1] = (1 - abs(p[1])) * snz(p[0]), (1 - abs(p[0])) * snz(p[1])
    l = math.sqrt(sum(c * c for c in n))
    return [c / l for c in n]


@model
def octahedral_normals():
    ns = [(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1),
          (1, 1, 1), (-1, 1, -1), (1, -1, -1), (-1, -1, 1)]
    raw = lcg_list(66, 81, 2001)
    for k in range(22):
        v = [(raw[3 * k + c] - 1000) / 250 for c in range(3)]
        if sum(c * c for c in v) < 0.01:
            v = [0.3, -0.2, 0.9]
        ns.append(tuple(v))
    ns = [tuple(f32(c) for c in n) for n in ns]
    dec, close, words = [], [], []
    for n in ns:
        l = math.sqrt(sum(c * c for c in n))
        u = [c / l for c in n]
        w, q = oct_encode(u)
        d = oct_decode(q)
        dec += d
        assert max(abs(a - b) for a, b in zip(u, d)) < 1e-4
        cos = sum(a * b for a, b in zip(u, d))
        assert 1 - cos < 1e-8
        close.append(1 if cos > 0.999999 else 0)
        words.append(w)
    # cos within 1e-7 of 1: close to the f32 threshold only if the quantisation error is large
    return {'init t0': [float(c) for n in ns for c in n], 'u1': dec, 'u2': close,
            'u3': words[:6]}


def rgbe_encode(c):
    c = [max(x, 0.0) for x in c]
    m = max(c)
    if m < 1e-32:
        return 0
    mant, e = math.frexp(m)
    s = mant * 256 / m
    b = [int(x * s) for x in c]
    return b[0] | (b[1] << 8) | (b[2] << 16) | ((e + 128) << 24)


def rgbe_decode(w):
    e = w >> 24
    if e == 0:
        return [0.0, 0.0, 0.0]
    return [math.ldexp((w >> (8 * k) & 255) + 0.5, e - 136) for k in range(3)]


def rgb9e5_encode(c):
    rgb = [min(max(x, 0.0), 65408.0) for x in c]
    m = max(rgb)
    mant, _ = math.frexp(m)
    fl = ((f32_bits(m) >> 23) & 0xFF) - 127
    es = max(-16, fl) + 16
    denom = 2.0 ** (es - 24)
    if math.floor(m / denom + 0.5) == 512:
        denom *= 2
        es += 1
    q = [int(math.floor(x / denom + 0.5)) for x in rgb]
    return q[0] | (q[1] << 9) | (q[2] << 18) | (es << 27), mant


@model
def shared_exponent_hdr():
    raw = lcg_list(48, 91, 1 << 16)
    cols = []
    for i in range(16):
        sh = (i * 5) % 23 - 12                       # scale 2^-12 .. 2^10
        c = [math.ldexp(raw[3 * i + k] % 4096, sh) for k in range(3)]
        cols.append(c)
    cols[0] = [0.0, 0.0, 0.0]
    cols[1] = [1.0, 0.5, 0.25]
    cols[2] = [-3.0, 2.0, 0.0]                       # negative channel
    cols[3] = [70000.0, 1.0, 65408.0]                # saturates
    cols[4] = [511.75, 3.0, 0.0]                     # rounds the max up to 512: exponent bump
    cols[5] = [2.0 ** -20, 2.0 ** -18, 0.0]          # below RGB9E5's smallest exponent
    words, drgbe, dshared = [], [], []
    for c in cols:
        w = rgbe_encode(c)
        w9, mant = rgb9e5_encode(c)
        words += [w, w9]
        drgbe += rgbe_decode(w) + [float(w >> 24)]
        scale = 2.0 ** ((w9 >> 27) - 24)
        dshared += [((w9 >> (9 * k)) & 511) * scale for k in range(3)] + [mant]
    return {'init t0': [float(x) for c in cols for x in c + [1.0]], 'u1': words, 'u2': drgbe,
            'u3': dshared}


def msad4_model(ref, src, acc):
    s = src[0] | (src[1] << 32)
    out = []
    for i in range(4):
        w = (s >> (8 * i)) & M32
        t = acc[i]
        for j in range(4):
            rb = (ref >> (8 * j)) & 255
            if rb:
                t += abs(rb - ((w >> (8 * j)) & 255))
        out.append(t)
    return out


@model
def msad4_motion_search():
    strip_bytes = lcg_list(4 * 20, 101, 256)
    strip = []
    for r in range(4):
        row = strip_bytes[r * 20:(r + 1) * 20]
        strip += [sum(row[w * 4 + k] << (8 * k) for k in range(4)) for w in range(5)]
    noise = lcg_list(16 * 16, 102, 9)
    refs = []
    for b in range(16):
        off = (b * 7) % 12
        for r in range(4):
            word = 0
            for j in range(4):
                v = strip_bytes[r * 20 + off + j]
                v = max(1, min(255, v + noise[b * 16 + r * 4 + j] - 4))
                if (b + r + j) % 5 == 0:
                    v = 0                               # a masked pixel
                word |= v << (8 * j)
            refs.append(word)
    sads, best = [], []
    keys = []
    for b in range(16):
        all12 = []
        for k in range(3):
            acc = [0, 0, 0, 0]
            for r in range(4):
                acc = msad4_model(refs[b * 4 + r], (strip[r * 5 + k], strip[r * 5 + k + 1]), acc)
            all12 += acc
        sads += all12
        m = min(all12)
        best += [all12.index(m), m]
        keys.append((m << 8) | b)
    return {'init t0': refs, 'init t1': strip, 'u2': sads, 'u3': best, 'u4': [min(keys)]}


def mat_vec(m, v):
    return [sum(m[r][c] * v[c] for c in range(len(v))) for r in range(len(m))]


def vec_mat(v, m):
    return [sum(v[r] * m[r][c] for r in range(len(v))) for c in range(len(m[0]))]


def cross3(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def quat_rotate(q, v):
    t = [c + q[3] * x for c, x in zip(cross3(q[:3], v), v)]
    return [x + 2 * c for x, c in zip(v, cross3(q[:3], t))]


def quat_matrix3(q):
    x, y, z, w = q
    return [[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
            [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
            [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]]


@model
def camera_transform_chain():
    # a look-at style view (rotation about y by 30 degrees, translated), row-vector convention
    c, s = f32(math.cos(math.radians(30))), f32(math.sin(math.radians(30)))
    view = [[c, 0, -s, 0], [0, 1, 0, 0], [s, 0, c, 0], [0.5, -1.0, 6.0, 1]]
    n, fa = 0.1, 100.0
    f = f32(1 / math.tan(math.radians(35)))
    proj = [[f / 1.5, 0, 0, 0], [0, f, 0, 0], [0, 0, f32(fa / (fa - n)), f32(-fa * n / (fa - n))],
            [0, 0, 1, 0]]
    model_m = [[0.8, -0.6, 0, 2.0], [0.6, 0.8, 0, -1.0], [0, 0, 1.0, 0.25]]
    ln = math.sqrt(1 + 4 + 9 + 16)
    q = [f32(1 / ln), f32(-2 / ln), f32(3 / ln), f32(4 / ln)]
    scale = [1.5, 0.5, 2.0]
    proj = [[f32(x) for x in r] for r in proj]
    cb = [x for r in view for x in r]
    cb += [proj[r][col] for col in range(4) for r in range(4)]   # column_major: columns
    cb += [x for r in model_m for x in r]
    cb += q + scale + [0.0]
    raw = lcg_list(48, 111, 2001)
    pos = [[(raw[3 * i + k] - 1000) / 256 for k in range(3)] for i in range(16)]
    clip, ndc, bym, byc = [], [], [], []
    for p in pos:
        local = quat_rotate(q, [a * b for a, b in zip(p, scale)])
        world = mat_vec(model_m, local + [1.0])
        v = vec_mat(world + [1.0], view)
        cl = mat_vec(proj, v)
        clip += cl
        ndc += [cl[0] / cl[3], cl[1] / cl[3], cl[2] / cl[3], v[2]]
        m = quat_matrix3(q)
        a = mat_vec(m, p)
        b = vec_mat(p, m)
        r = quat_rotate(q, p)
        bym += a + [sum(x * y for x, y in zip(a, r))]
        mt = [[m[j][i] for j in range(3)] for i in range(3)]
        byc += b + [mat_vec(mt, p)[0]]
    return {'init b0': cb, 'init t1': [x for p in pos for x in p + [1.0]], 'u2': clip,
            'u3': ndc, 'u4': bym, 'u5': byc}


def pcg_hash(v):
    state = (v * 747796405 + 2891336453) & M32
    word = (((state >> ((state >> 28) + 4)) ^ state) * 277803737) & M32
    return (word >> 22) ^ word


def lattice_hash(cx, cy, seed):
    return pcg_hash((((cx & M32) * 0x27D4EB2D) ^ ((((cy & M32) * 0x165667B1) + seed) & M32)) & M32)


GRADS = [(1, 0), (-1, 0), (0, 1), (0, -1), (0.70710678, 0.70710678), (-0.70710678, 0.70710678),
         (0.70710678, -0.70710678), (-0.70710678, -0.70710678)]


def grad_noise(px, py, seed):
    cx, cy = math.floor(px), math.floor(py)
    fx, fy = px - cx, py - cy
    c = []
    for k in range(4):
        ox, oy = k & 1, k >> 1
        g = GRADS[lattice_hash(cx + ox, cy + oy, seed) >> 29]
        c.append(g[0] * (fx - ox) + g[1] * (fy - oy))
    fade = lambda t: t * t * t * (t * (t * 6 - 15) + 10)
    ux, uy = fade(fx), fade(fy)
    lerp = lambda a, b, t: a + (b - a) * t
    return lerp(lerp(c[0], c[1], ux), lerp(c[2], c[3], ux), uy)


@model
def gradient_noise_fbm():
    heights, hashes, oct0 = [], [], []
    for y in range(8):
        for x in range(8):
            px, py = x * 0.375 - 1.3125, y * 0.375 - 0.6875
            s, a, f = 0.0, 1.0, 1.0
            for o in range(3):
                n = grad_noise(px * f, py * f, 17 + o)
                if o == 0:
                    oct0.append(n)
                s += a * n
                a *= 0.5
                f *= 2
            heights.append(s)
            hashes.append(lattice_hash(math.floor(px), math.floor(py), 17))
    return {'u0': heights, 'u1': hashes, 'u2': oct0}


def wang_hash(s):
    s = (s ^ 61) ^ (s >> 16)
    s = (s * 9) & M32
    s ^= s >> 4
    s = (s * 0x27D4EB2D) & M32
    return s ^ (s >> 15)


class XorRng:
    def __init__(self, t, frame):
        self.state = wang_hash((t * 1973 + frame * 9277 + 1) & M32) or 1

    def next(self):
        s = self.state
        s ^= (s << 13) & M32
        s ^= s >> 17
        s ^= (s << 5) & M32
        self.state = s
        return s

    def next_float(self):
        return bits_f32(0x3F800000 | (self.next() >> 9)) - 1.0

    def next_below(self, n):
        m = self.next() * n
        low = m & M32
        if low < n:
            threshold = ((1 << 32) - n) % n
            while low < threshold:
                m = self.next() * n
                low = m & M32
        return m >> 32


@model
def rng_streams():
    states, means, shuffled, dice = [], [], [], [0] * 6
    for t in range(32):
        r = XorRng(t, 7)
        s = 0.0
        for _ in range(16):
            s = f32(s + r.next_float())
        means.append(f32(s / 16))
        deck = list(range(8))
        for k in range(7, 0, -1):
            j = r.next_below(k + 1)
            deck[k], deck[j] = deck[j], deck[k]
        shuffled += deck
        for _ in range(10):
            dice[r.next_below(6)] += 1
        states.append(r.state)
    return {'u1': states, 'u2': means, 'u3': shuffled, 'u4': dice}


def round_half_even(x):
    r = round(x)        # Python's round is half-to-even
    return math.copysign(float(r), x) if r == 0 else float(r)


def c_fmod(x, y):
    return math.fmod(x, y)


@model
def math_library_selftest():
    xs = [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 3.75, -6.3, 0.001, 123.456, -0.75, 7.0, -2.0,
          float('inf'), float('-inf'), float('nan')]
    xs = [f32(x) for x in xs]
    exact, recip, trig, classes = [], [], [], []
    for x in xs:
        if math.isfinite(x):
            m, e = math.frexp(x)
            fr, wh = math.modf(x)
            row = [m, float(e), x, fr, wh, f32(c_fmod(x, 2.5)), f32(c_fmod(x, -2.5)),
                   round_half_even(x), min(max(x, 0.0), 1.0), min(x, 3.0), max(x, -3.0),
                   min(max(x, -1.0), 1.0), 12.0]
            recip += [f32(1 / x), f32(1 / math.sqrt(abs(x)))]
            trig += [math.sin(x), math.cos(x)] if abs(x) <= math.pi else [None, None]
            classes.append(4)
        else:
            nan = math.isnan(x)
            sat = 0.0 if nan else (1.0 if x > 0 else 0.0)
            row = [None] * 8 + [sat] + ([None] * 3 if nan else [min(x, 3.0), max(x, -3.0),
                                                                  1.0 if x > 0 else -1.0]) + [12.0]
            recip += [None, None]
            trig += [None, None]
            classes.append(1 if nan else 2)
        exact += row
    return {'init t0': xs, 'u1': exact, 'u2': recip, 'u3': trig, 'u4': classes}


@model
def double_reduction_stats():
    raw = lcg_list(256, 121, 1 << 22)
    xs = []
    for i, r in enumerate(raw):
        v = (r - (1 << 21)) / 1024.0              # |v| < 2048, step 2^-10
        if i % 16 == 0:
            v = 6000.0 + (r % 1024) / 1024.0       # a few large values
        xs.append(f32(v))
    total = sum(xs)                                # exact in double (Python floats)
    narrow = []
    for t in range(64):
        s = 0.0
        for k in range(4):
            s = f32(s + xs[t * 4 + k])
        narrow.append(s)
    stride = 32
    while stride:
        for t in range(stride):
            narrow[t] = f32(narrow[t] + narrow[t + stride])
        stride >>= 1
    bits = struct.unpack('<Q', struct.pack('<d', total))[0]
    mean = total / 256
    m2 = sum((x - mean) ** 2 for x in xs)
    return {'init t0': xs, 'u1': [F64(total)], 'u2': [bits & M32, bits >> 32],
            'u3': [narrow[0], f32(total)], 'u4': [F64(mean), F64(m2 / 255)]}


class Bits(int):
    """A raw 32-bit pattern in a float list: printed in hex."""


_fmt_plain = fmt


def fmt(v):  # noqa: F811 - extends fmt with raw bit patterns
    if isinstance(v, Bits):
        return '0x%08x' % v
    return _fmt_plain(v)


@model
def particle_append_consume():
    raw = lcg_list(24 * 6, 131, 1024)
    parts = []
    for i in range(24):
        r = raw[i * 6:(i + 1) * 6]
        pos = [(r[0] - 512) / 64, r[1] / 256, (r[2] - 512) / 128]
        vel = [(r[3] - 512) / 128, (r[4] - 512) / 64, (r[5] - 512) / 256]
        life = [0.125, 0.25, 1.0, 0.0625, 2.0, 0.5][i % 6]
        parts.append((pos, life, vel, i))
    init = []
    for pos, life, vel, i in parts:
        init += pos + [life] + vel + [Bits(i)]
    debug, alive = [], 0
    for pos, life, vel, i in parts:
        vel = [vel[0], vel[1] - 8 * 0.125, vel[2]]
        pos = [p + v * 0.125 for p, v in zip(pos, vel)]
        life -= 0.125
        if pos[1] < 0:
            pos[1] = -pos[1]
            vel[1] = -vel[1] * 0.5
        debug += [pos[0], pos[1], vel[1], life]
        alive += life > 0
    appended = [None] * (8 * alive) + [0.0] * (256 - 8 * alive)
    return {'init u0': init, 'u0': init, 'u1': appended, 'u2': [24 - alive, alive], 'u3': debug,
            'u5': [alive]}


@model
def elementary_automaton():
    init = lcg_list(32, 141, 1 << 24)
    init = [(x * 2654435761) & M32 for x in init]
    init[16:32] = [0] * 16
    init[16 + 7] = 1 << 13          # rule 110 from a single cell
    pops, finals = [], []
    for g, rule in enumerate((30, 110)):
        cells = []
        for w in init[g * 16:(g + 1) * 16]:
            cells += [(w >> b) & 1 for b in range(32)]
        n = len(cells)
        for gen in range(40):
            cells = [(rule >> ((cells[(i - 1) % n] << 2) | (cells[i] << 1) | cells[(i + 1) % n])) & 1
                     for i in range(n)]
            pops.append(sum(cells))
        finals += [sum(cells[w * 32 + b] << b for b in range(32)) for w in range(16)]
    return {'init t1': init, 'u2': pops, 'u3': finals}


def kd_build(points):
    nodes = [None] * 31

    def build(n, pts, depth):
        if n >= 31:
            assert not pts
            return
        axis = depth % 2
        pts = sorted(pts, key=lambda p: (p[0][axis], p[1]))
        mid = len(pts) // 2
        nodes[n] = (pts[mid][0][0], pts[mid][0][1], pts[mid][1], axis)
        build(2 * n + 1, pts[:mid], depth + 1)
        build(2 * n + 2, pts[mid + 1:], depth + 1)

    build(0, [(p, i) for i, p in enumerate(points)], 0)
    return nodes


@model
def kdtree_nearest():
    raw = lcg_list(62, 151, 256)
    pts = [(raw[2 * i], raw[2 * i + 1]) for i in range(31)]
    pts[30] = pts[3]                      # a duplicate point: ties go to the lower id
    nodes = kd_build(pts)
    qraw = lcg_list(64, 152, 300)
    qs = [(qraw[2 * i] - 22, qraw[2 * i + 1] - 22) for i in range(32)]
    qs[0] = pts[3]
    res = []
    for q in qs:
        stack = [0]
        best = (0x7FFFFFFF, -1)
        visited, deepest = 0, 1
        while stack:
            n = stack.pop()
            x, y, pid, axis = nodes[n]
            visited += 1
            dx, dy = q[0] - x, q[1] - y
            dist = dx * dx + dy * dy
            if (dist, pid) < best:
                best = (dist, pid)
            left = 2 * n + 1
            if left >= 31:
                continue
            diff = dx if axis == 0 else dy
            near, far = (left, left + 1) if diff < 0 else (left + 1, left)
            if diff * diff <= best[0]:
                stack.append(far)
            stack.append(near)
            deepest = max(deepest, len(stack))
        brute = min((( q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2, i) for i, p in enumerate(pts))
        assert brute == best, (brute, best)
        res += [best[1], best[0], visited, deepest]
    return {'init t0': [v for nd in nodes for v in nd], 'init t1': [v for q in qs for v in q],
            'u2': res}


@model
def cull_indirect_args():
    planes = [(1.0, 0.0, -0.5, 4.0), (-1.0, 0.0, -0.5, 4.0), (0.0, 1.0, -0.25, 2.0),
              (0.0, -1.0, -0.25, 2.0)]
    raw = lcg_list(256 * 4, 161, 1 << 16)
    spheres = []
    for i in range(256):
        r = raw[4 * i:4 * i + 4]
        c = [(r[0] % 41) - 20, (r[1] % 25) - 12, (r[2] % 40) - 30]   # z in -30 .. 9
        spheres.append(c + [r[3] % 4])
    vis = []
    for i, (x, y, z, rad) in enumerate(spheres):
        ok = all(px * x + py * y + pz * z + pw >= -rad for px, py, pz, pw in planes)
        if ok:
            vis.append(i)
    n = len(vis)
    args = [(n + 63) // 64, 1, 1, n]
    mask = [0] * 8
    for i in vis:
        mask[i // 32] |= 1 << (i % 32)
    depths = [spheres[i][2] for i in vis]
    assert any(d >= 0 for d in depths) and any(d < 0 for d in depths)
    udepths = [d & M32 for d in depths]
    return {'init b0': [v for p in planes for v in p], 'init t1': [v for s in spheres for v in s],
            'u2': args, 'u3': [None] * n + [0] * (256 - n), 'u4': mask,
            'u5': [min(depths), max(depths)], 'u6': [min(udepths), max(udepths)]}


@model
def atomic_float_and_locks():
    raw = lcg_list(64, 171, 2048)
    vals = [r / 8 for r in raw]
    bins = [0.0] * 8
    for t, v in enumerate(vals):
        bins[t % 8] += v
    buckets = []
    for b in range(4):
        keys = [int(vals[t] * 8) for t in range(64) if (t * 7) % 4 == b]
        buckets += [len(keys), max(keys), min(keys)]
    return {'init t0': vals, 'u1': [f32_bits(x) for x in bins], 'u2': buckets}


@model
def stream_compact_groups():
    vals = lcg_list(256, 181, 1000)
    keep = lambda v: v % 5 != 0 and v < 900
    ranks, stats = [], []
    total = 0
    for g in range(4):
        r = 0
        for v in vals[g * 64:(g + 1) * 64]:
            if keep(v):
                ranks.append(r)
                r += 1
            else:
                ranks.append(M32)
        stats += [r, r]
        total += r
    return {'init t0': vals, 'u1': [None] * total + [0] * (256 - total), 'u2': ranks,
            'u3': stats, 'u4': [total]}


@model
def cloth_relaxation():
    n = 8
    raw = lcg_list(64 * 3, 191, 1024)
    cur, prev = [], []
    for i in range(64):
        x, y = i % n, i // n
        rest = [float(x), float(-y), 0.0]
        pinned = i in (0, n - 1)
        jitter = [(raw[3 * i + k] - 512) / 8192 for k in range(3)]
        c = rest if pinned else [r + j for r, j in zip(rest, jitter)]
        p = rest if pinned else [r - j / 2 for r, j in zip(rest, jitter)]
        cur.append([f32(v) for v in c] + [1.0 if pinned else 0.0])
        prev.append([f32(v) for v in p] + [0.0])
    dt = 1 / 16
    pos = []
    for i in range(64):
        if cur[i][3]:
            pos.append(cur[i][:3])
        else:
            g = [0.0, -9.75, 0.0]
            pos.append([2 * c - p + gg * dt * dt for c, p, gg in zip(cur[i][:3], prev[i][:3], g)])

    def corr(s, o):
        d = [b - a for a, b in zip(s, o)]
        l = math.sqrt(sum(v * v for v in d))
        return [0.5 * (l - 1) * v / l for v in d]

    for _ in range(6):
        new = []
        for i in range(64):
            x, y = i % n, i // n
            s = pos[i]
            acc = [0.0, 0.0, 0.0]
            k = 0
            for cond, j in ((x > 0, i - 1), (x < n - 1, i + 1), (y > 0, i - n), (y < n - 1, i + n)):
                if cond:
                    acc = [a + c for a, c in zip(acc, corr(s, pos[j]))]
                    k += 1
            new.append(s if cur[i][3] else [a + b / (k + 1) for a, b in zip(s, acc)])
        pos = new
    out, stretch = [], 0.0
    for i in range(64):
        x, y = i % n, i // n
        out += pos[i] + [cur[i][3]]
        for cond, j in ((x < n - 1, i + 1), (y < n - 1, i + n)):
            if cond:
                stretch = max(stretch, math.sqrt(sum((a - b) ** 2 for a, b in zip(pos[i], pos[j]))) - 1)
    return {'init t0': [v for c in cur for v in c], 'init t1': [v for p in prev for v in p],
            'u2': out, 'u3': [stretch]}


@model
def nbody_tiles():
    raw = lcg_list(64 * 7, 201, 4096)
    bodies, vels = [], []
    for i in range(64):
        r = raw[7 * i:7 * i + 7]
        p = [f32((r[k] - 2048) / 512) for k in range(3)]
        m = f32(0.5 + r[3] / 4096)
        v = [f32((r[4 + k] - 2048) / 4096) for k in range(3)]
        bodies.append(p + [m])
        vels.append(v + [0.0])
    newp, newv, accs = [], [], []
    dt = 1 / 64
    for i in range(64):
        pi = bodies[i][:3]
        a = [0.0, 0.0, 0.0]
        for j in range(64):
            d = [bodies[j][k] - pi[k] for k in range(3)]
            ds = sum(x * x for x in d) + 0.0625
            inv3 = ds ** -1.5
            a = [a[k] + d[k] * bodies[j][3] * inv3 for k in range(3)]
        v = [vels[i][k] + a[k] * dt for k in range(3)]
        newv += v + [0.0]
        newp += [pi[k] + v[k] * dt for k in range(3)] + [bodies[i][3]]
        accs += a + [math.sqrt(sum(x * x for x in a))]
    return {'init t0': [x for b in bodies for x in b], 'init t1': [x for v in vels for x in v],
            'u2': newp, 'u3': newv, 'u4': accs}


@model
def tiled_light_culling():
    raw = lcg_list(128, 211, 256)
    depth = [f32(1.0 + (r % 64) / 16 + (4.0 if x >= 8 else 0.0))
             for r, x in zip(raw, [i % 16 for i in range(128)])]
    lraw = lcg_list(16 * 5, 212, 1024)
    lights = []
    for i in range(16):
        r = lraw[5 * i:5 * i + 5]
        lights.append([f32((r[0] % 96) / 4 - 4), f32((r[1] % 48) / 4 - 2), f32(r[2] % 12),
                       f32(1 + (r[3] % 24) / 4), f32(0.25 + (r[4] % 16) / 8), 0.0])
    lit, info, tdepth = [None] * 128, [], []
    for t in range(2):
        zs = [depth[y * 16 + x] for y in range(8) for x in range(t * 8, t * 8 + 8)]
        zmin, zmax = min(zs), max(zs)
        lo, hi = (t * 8, 0, zmin), (t * 8 + 8, 8, zmax)
        vis = []
        for i, l in enumerate(lights):
            c = (l[0], l[1], l[2])
            cl = [min(max(c[k], lo[k]), hi[k]) for k in range(3)]
            if sum((cl[k] - c[k]) ** 2 for k in range(3)) <= l[3] * l[3]:
                vis.append(i)
        info += [len(vis), sum(1 << i for i in vis)]
        tdepth += [zmin, zmax]
        for y in range(8):
            for x in range(t * 8, t * 8 + 8):
                p = (x + 0.5, y + 0.5, depth[y * 16 + x])
                s = 0.0
                for i in vis:
                    l = lights[i]
                    d2 = (p[0] - l[0]) ** 2 + (p[1] - l[1]) ** 2 + (p[2] - l[2]) ** 2
                    s += l[4] * min(max(1 - d2 / (l[3] * l[3]), 0.0), 1.0)
                lit[y * 16 + x] = s
    assert 0 < info[0] < 16 and 0 < info[2] < 16
    return {'init t0': depth, 'init t1': [v for l in lights for v in l], 'u2': lit, 'u3': info,
            'u4': tdepth}


@model
def mip_chain_gather():
    data = lcg_list(8 * 8 * 4, 221, 256)
    tex = lambda x, y, c: f32(data[(y * 8 + x) * 4 + c] / 255)
    mip1 = {}
    out1 = []
    for y in range(4):
        for x in range(4):
            px = []
            for c in range(4):
                g = [tex(2 * x, 2 * y + 1, c), tex(2 * x + 1, 2 * y + 1, c), tex(2 * x + 1, 2 * y, c),
                     tex(2 * x, 2 * y, c)]
                px.append(sum(g) * 0.25)
            mip1[(x, y)] = px
            out1 += px
    out2 = []
    for y in range(2):
        for x in range(2):
            out2 += [(mip1[(2 * x, 2 * y)][c] + mip1[(2 * x + 1, 2 * y)][c] + mip1[(2 * x, 2 * y + 1)][c]
                      + mip1[(2 * x + 1, 2 * y + 1)][c]) * 0.25 for c in range(4)]
    lr = []
    for y in range(4):
        for x in range(4):
            lr += [tex(2 * x + 1, 2 * y + 1, c) for c in range(4)]
    return {'init t0': data, 'u2': out1, 'u3': out2, 'u4': lr}


@model
def visibility_splat_atomics():
    raw = lcg_list(128 * 3, 231, 1 << 16)
    pts = []
    for i in range(128):
        r = raw[3 * i:3 * i + 3]
        x = (r[0] % 80) / 4 - 2          # -2 .. 17.75: some outside
        y = (r[1] % 40) / 4 - 1
        z = (r[2] % 4096) / 4096 - (0.125 if i % 19 == 0 else 0.0)
        pts.append([f32(x), f32(y), f32(z), 1.0])
    near = [M32] * 128
    over = [0] * 128
    far = [0] * 128
    rej = 0
    for i, (x, y, z, _) in enumerate(pts):
        px, py = math.floor(x), math.floor(y)
        if z < 0 or px < 0 or py < 0 or px >= 16 or py >= 8:
            rej += 1
            continue
        key = ((int(z * 16777216) << 8) | i) & M32
        k = py * 16 + px
        near[k] = min(near[k], key)
        over[k] += 1
        far[k] = max(far[k], key)
    return {'init t0': [v for p in pts for v in p], 'u1': near, 'u2': over, 'u3': far, 'u4': [rej]}


@model
def meshlet_bounds_raw():
    raw = lcg_list(64 * 4, 241, 1 << 16)
    verts, words = [], []
    for i in range(64):
        r = raw[4 * i:4 * i + 4]
        p = [f32((r[k] % 161) / 4 - 20) for k in range(3)]
        colour = (r[3] * 2654435761) & M32
        verts.append((p, colour))
        words += [f32_bits(x) for x in p] + [colour]
    metas, tris = [], []
    voff, toff = 0, 0
    counts = [(8, 12), (6, 8), (10, 10), (4, 2), (9, 14), (7, 9), (12, 20), (8, 21)]
    traw = lcg_list(96 * 3, 242, 1 << 16)
    k = 0
    for vc, tc in counts:
        metas.append([voff, vc, toff, tc])
        for _ in range(tc):
            tris += [traw[k] % vc, traw[k + 1] % vc, traw[k + 2] % vc]
            k += 3
        voff += vc
        toff += tc
    assert voff <= 64 and len(tris) <= 288
    tris += [0] * (288 - len(tris))
    spheres, boxes, stats = [], [], []
    for vo, vc, to, tc in metas:
        ps = [verts[vo + j][0] for j in range(vc)]
        lo = [min(p[c] for p in ps) for c in range(3)]
        hi = [max(p[c] for p in ps) for c in range(3)]
        ctr = [(a + b) * 0.5 for a, b in zip(lo, hi)]
        r2 = max(sum((p[c] - ctr[c]) ** 2 for c in range(3)) for p in ps)
        spheres += ctr + [math.sqrt(r2)]
        boxes += [f32_bits(x) for x in lo + hi]
        facing = 0
        for t in range(tc):
            a, b, c = (verts[vo + tris[(to + t) * 3 + j]][0] for j in range(3))
            e1 = [b[i] - a[i] for i in range(3)]
            e2 = [c[i] - a[i] for i in range(3)]
            if e1[0] * e2[1] - e1[1] * e2[0] > 0:
                facing += 1
        red = sum(verts[vo + j][1] & 255 for j in range(vc))
        stats += [facing, red]
    return {'init t0': words, 'init t1': [x for m in metas for x in m], 'init t2': tris,
            'u3': spheres, 'u4': boxes, 'u5': stats}


def expand_bits(v):
    v = (v * 0x00010001) & 0xFF0000FF
    v = (v * 0x00000101) & 0x0F00F00F
    v = (v * 0x00000011) & 0xC30C30C3
    v = (v * 0x00000005) & 0x49249249
    return v


def morton3(x, y, z):
    return (expand_bits(x) << 2) | (expand_bits(y) << 1) | expand_bits(z)


@model
def lbvh_karras():
    raw = lcg_list(96, 251, 1024)
    cells = [[raw[3 * i], raw[3 * i + 1], raw[3 * i + 2], 0] for i in range(32)]
    cells[7] = list(cells[3])                     # a duplicate code
    cells[20] = list(cells[3])
    codes = [morton3(*c[:3]) for c in cells]
    sc = sorted(codes)
    n = 32

    def delta(i, j):
        if j < 0 or j >= n:
            return -1
        a, b = sc[i], sc[j]
        if a == b:
            return 32 + (31 - ((i ^ j).bit_length() - 1))
        return 31 - ((a ^ b).bit_length() - 1)

    nodes, parents = [], [None] * 63
    for i in range(n - 1):
        d = 1 if delta(i, i + 1) - delta(i, i - 1) >= 0 else -1
        dmin = delta(i, i - d)
        lmax = 2
        while delta(i, i + lmax * d) > dmin:
            lmax *= 2
        l = 0
        step = lmax // 2
        while step >= 1:
            if delta(i, i + (l + step) * d) > dmin:
                l += step
            step //= 2
        j = i + l * d
        dnode = delta(i, j)
        s, div = 0, 2
        stride = (l + div - 1) // div
        while True:
            if delta(i, i + (s + stride) * d) > dnode:
                s += stride
            if stride == 1:
                break
            div *= 2
            stride = (l + div - 1) // div
        split = i + s * d + min(d, 0)
        first, last = min(i, j), max(i, j)
        left = (0x80000000 | split) if first == split else split
        right = (0x80000000 | (split + 1)) if last == split + 1 else split + 1
        nodes += [left, right, first, last]
        for ch in (left, right):
            parents[(n - 1) + (ch & 0x7FFFFFFF) if ch & 0x80000000 else ch] = i
    parents[0] = M32
    assert None not in parents
    return {'init t0': [v for c in cells for v in c], 'init t1': sc, 'u2': codes, 'u3': nodes,
            'u4': parents}


def h16(x):
    return bits_f16(f16_bits(x))


@model
def skinning_16bit():
    bones = []
    braw = lcg_list(48, 261, 64)
    for b in range(4):
        m = [[(braw[b * 12 + r * 4 + c] - 32) / 16 for c in range(4)] for r in range(3)]
        for r in range(3):
            m[r][r] += 1.0
        bones.append(m)
    cb = [x for m in bones for r in m for x in r]
    raw = lcg_list(16 * 8, 262, 1 << 16)
    words, out, halves, checks = [], [], [], []
    weight_sets = [(1.0, 0.0, 0.0, 0.0), (0.5, 0.5, 0.0, 0.0), (0.5, 0.25, 0.125, 0.125),
                   (0.75, 0.25, 0.0, 0.0), (0.375, 0.375, 0.25, 0.0), (0.5, 0.25, 0.25, 0.125)]
    for i in range(16):
        r = raw[8 * i:8 * i + 8]
        pos = [h16((r[k] % 513) / 32 - 8) for k in range(3)]
        bidx = [r[3 + k] % 4 for k in range(4)]
        w = weight_sets[i % 6]
        hp = [f16_bits(x) for x in pos] + [0]
        hw = [f16_bits(x) for x in w]
        words += [hp[0] | (hp[1] << 16), hp[2] | (hp[3] << 16), bidx[0] | (bidx[1] << 16),
                  bidx[2] | (bidx[3] << 16), hw[0] | (hw[1] << 16), hw[2] | (hw[3] << 16)]
        res = [0.0, 0.0, 0.0]
        for k in range(4):
            m = bones[bidx[k]]
            mp = [m[row][0] * pos[0] + m[row][1] * pos[1] + m[row][2] * pos[2] + m[row][3] for row in range(3)]
            res = [a + w[k] * b for a, b in zip(res, mp)]
        res = [f32(x) for x in res]
        out += res + [float(sum(bidx))]
        hh = [f16_bits(x) for x in res] + [f16_bits(1.0)]
        halves += [hh[0] | (hh[1] << 16), hh[2] | (hh[3] << 16)]
        checks.append(1 if sum(w) == 1.0 else 0)
    return {'init b0': cb, 'init t1': words, 'u2': out, 'u3': halves, 'u4': checks}


@model
def bloom_cbuffer_weights():
    params = [0.5, 0.0, 0.0, 0.0]
    weights = [0.375, 0.25, 0.25, 0.0625, 99.0]     # the fifth is past Count
    offsets = [(0.0, 0.0), (1.5, 0.0), (-1.5, 0.0), (2.5, 0.0), (7.0, 7.0)]
    count = 4
    tint = [1.0, 0.75, 0.5]
    exposure = 2.0
    words = [0.0] * 48
    words[0:4] = params
    for i, w in enumerate(weights):
        words[4 + 4 * i] = w                         # c1..c5.x
    for i, (ox, oy) in enumerate(offsets):
        words[24 + 4 * i] = ox                       # c6..c10.xy
        words[25 + 4 * i] = oy
    words[42] = Bits(count)                          # c10.z: byte 168
    words[44:47] = tint                              # c11.xyz
    words[47] = exposure                             # c11.w
    raw = lcg_list(32, 271, 256)
    img = [r / 64 for r in raw]                      # multiples of 1/64

    def texel(x, y):
        return img[min(max(y, 0), 3) * 8 + min(max(x, 0), 7)]

    def sample(u, v):                                # pixel-space position of the sample
        x, y = u - 0.5, v - 0.5
        x0, y0 = math.floor(x), math.floor(y)
        a, b = x - x0, y - y0
        return ((1 - a) * (1 - b) * texel(x0, y0) + a * (1 - b) * texel(x0 + 1, y0)
                + (1 - a) * b * texel(x0, y0 + 1) + a * b * texel(x0 + 1, y0 + 1))

    out = []
    for y in range(4):
        for x in range(8):
            s = 0.0
            for i in range(count):
                s += weights[i] * sample(x + 0.5 + offsets[i][0], y + 0.5 + offsets[i][1])
            br = max(s - params[0], 0.0)
            out += [t * br * exposure for t in tint] + [s]
    return {'init b0': words, 'init t1': img, 'u3': out}


@model
def shadow_cascades():
    mats = []
    for c in range(3):
        s = 1 / (4 * 2 ** c)
        mats.append([[s, 0, 0, 0], [0, s, 0, 0], [0, 0, 1 / 16, 0], [0, 0, 0.5, 1]])
    splits = [8.0, 24.0, 1e9, 0.0]
    cb = [x for m in mats for r in m for x in r] + splits
    draw = lcg_list(48, 281, 65)
    depth = [d / 64 for d in draw]                       # texel depths, multiples of 1/64
    d16 = [round(d * 65535) for d in depth]
    tex = lambda c, x, y: d16[c * 16 + min(max(y, 0), 3) * 4 + min(max(x, 0), 3)] / 65535
    qraw = lcg_list(32 * 5, 282, 1 << 16)
    pos, out = [], []
    for t in range(32):
        r = qraw[5 * t:5 * t + 5]
        c = r[0] % 3
        view = [2.0, 12.0, 40.0][c] + (r[1] % 4)
        scale = 2 ** c
        # point lookups at texel centres: u * 4 = k + 1/2; edges/corners: u * 4 = k (k in -1..5)
        centre = t % 2 == 0
        kx, ky = (r[2] % 6) - 1, (r[3] % 6) - 1
        ux = (kx + 0.5) / 4 if centre else kx / 4
        vy = (ky + 0.5) / 4 if centre else ky / 4
        x = (2 * ux - 1) * 4 * scale
        y = (1 - 2 * vy) * 4 * scale
        m = r[4] % 64
        ref = m / 64 + 1 / 128
        z = (ref - 0.5) * 16
        pos.append([f32(x), f32(y), f32(z), f32(view)])
        # point sample: floor(u * 4), clamped
        px, py = math.floor(ux * 4), math.floor(vy * 4)
        hard = 1.0 if ref <= tex(c, px, py) else 0.0
        fx, fy = ux * 4 - 0.5, vy * 4 - 0.5
        x0, y0 = math.floor(fx), math.floor(fy)
        a, b = fx - x0, fy - y0
        cmp = lambda X, Y: 1.0 if ref <= tex(c, X, Y) else 0.0
        soft = ((1 - a) * (1 - b) * cmp(x0, y0) + a * (1 - b) * cmp(x0 + 1, y0)
                + (1 - a) * b * cmp(x0, y0 + 1) + a * b * cmp(x0 + 1, y0 + 1))
        out += [float(c), hard, soft, f32(ref)]
    return {'init b0': cb, 'init t1': d16, 'init t4': [v for p in pos for v in p], 'u5': out}


@model
def blelloch_scan_padded():
    vals = lcg_list(256, 291, 1000)
    out, totals = [], []
    for g in range(2):
        run = 0
        for v in vals[g * 128:(g + 1) * 128]:
            out.append(run)
            run += v
        totals.append(run)
    return {'init t0': vals, 'u1': out, 'u2': totals}


MS_TABLE = [(-1, -1, -1, -1), (3, 0, -1, -1), (0, 1, -1, -1), (3, 1, -1, -1), (1, 2, -1, -1),
            (3, 0, 1, 2), (0, 2, -1, -1), (3, 2, -1, -1), (2, 3, -1, -1), (2, 0, -1, -1),
            (0, 1, 2, 3), (2, 1, -1, -1), (1, 3, -1, -1), (1, 0, -1, -1), (0, 3, -1, -1),
            (-1, -1, -1, -1)]


@model
def marching_squares():
    raw = lcg_list(81, 301, 4)
    field = [(0.125, 0.375, 0.625, 0.875)[r] for r in raw]
    f = lambda x, y: field[y * 9 + x]
    info, sx, sy, nseg = [], 0, 0, 0

    def edge_point(e, v, cx, cy):
        a, b, va, vb = {0: ((0, 0), (1, 0), v[0], v[1]), 1: ((1, 0), (1, 1), v[1], v[2]),
                        2: ((0, 1), (1, 1), v[3], v[2]), 3: ((0, 0), (0, 1), v[0], v[3])}[e]
        t = (0.5 - va) / (vb - va)
        return cx + a[0] + t * (b[0] - a[0]), cy + a[1] + t * (b[1] - a[1])

    for y in range(8):
        for x in range(8):
            v = (f(x, y), f(x + 1, y), f(x + 1, y + 1), f(x, y + 1))
            idx = sum(1 << k for k in range(4) if v[k] > 0.5)
            segs = MS_TABLE[idx]
            if idx in (5, 10) and sum(v) * 0.25 > 0.5:
                segs = (3, 2, 1, 0) if idx == 5 else (3, 0, 1, 2)
            count = 0
            for k in (0, 2):
                if segs[k] >= 0:
                    p = edge_point(segs[k], v, x, y)
                    q = edge_point(segs[k + 1], v, x, y)
                    sx += round((p[0] + q[0]) * 8)
                    sy += round((p[1] + q[1]) * 8)
                    count += 1
            nseg += count
            info.append(idx | (count << 8))
    assert any(i & 255 in (5, 10) for i in info)
    return {'init t0': field, 'u1': [None] * (4 * nseg) + [0.0] * (4 * (128 - nseg)),
            'u2': info, 'u3': [sx, sy], 'u4': [nseg]}


@model
def ray_aabb_slabs():
    braw = lcg_list(8 * 6, 311, 64)
    boxes = []
    for b in range(8):
        r = braw[6 * b:6 * b + 6]
        lo = [(r[k] % 40) / 4 - 5 for k in range(3)]
        hi = [lo[k] + 0.5 + (r[3 + k] % 12) / 4 for k in range(3)]
        boxes.append(lo + [0.0] + hi + [0.0])
    rraw = lcg_list(32 * 6, 312, 1 << 16)
    dirs = (0.0, 1.0, -1.0, 2.0, -2.0, 0.5, -0.0)
    rays = []
    planes = [set(), set(), set()]
    for b in boxes:
        for k in range(3):
            planes[k].add(b[k])
            planes[k].add(b[4 + k])
    for i in range(32):
        r = rraw[6 * i:6 * i + 6]
        o = []
        for k in range(3):
            v = (r[k] % 56) / 4 - 7 + 0.125          # never on a slab plane (planes are quarters)
            o.append(v)
        d = [dirs[r[3 + k] % 7] for k in range(3)]
        if all(x == 0 for x in d):
            d[0] = 1.0
        if i % 2 == 0:                               # aim at box i / 2 % 8
            b = boxes[(i // 2) % 8]
            for k in range(3):
                if d[k] == 0:
                    o[k] = b[k] + 0.125
                elif d[k] > 0:
                    o[k] = b[k] - 2.125
                else:
                    o[k] = b[4 + k] + 2.125
        rays += o + [0.0] + d + [0.0]
    out = []
    inf = float('inf')
    for i in range(32):
        o = rays[8 * i:8 * i + 3]
        d = rays[8 * i + 4:8 * i + 7]
        inv = [math.copysign(inf, x) if x == 0 else 1 / x for x in d]
        best, bexit, bbox, hits = inf, 0.0, -1, 0
        for b, box in enumerate(boxes):
            t0 = [(box[k] - o[k]) * inv[k] for k in range(3)]
            t1 = [(box[4 + k] - o[k]) * inv[k] for k in range(3)]
            tn = [min(a, c) for a, c in zip(t0, t1)]
            tf = [max(a, c) for a, c in zip(t0, t1)]
            te, tx = max(tn), min(tf)
            assert not any(math.isnan(x) for x in t0 + t1)
            if tx >= max(te, 0.0):
                hits += 1
                t = max(te, 0.0)
                if t < best:
                    best, bexit, bbox = t, tx, b
        out += [float(bbox), best, float(hits), bexit]
    assert sum(1 for k in range(32) if out[4 * k] >= 0) >= 6
    return {'init t0': [v for b in boxes for v in b], 'init t1': rays, 'u2': out}


@model
def temporal_accumulation():
    raw = lcg_list(32 * 8, 321, 64)
    accum, lengths, samples = [], [], []
    for i in range(32):
        r = raw[8 * i:8 * i + 8]
        n = float((1, 3, 7, 15)[r[0] % 4])
        accum.append([r[1] / 16, r[2] / 16, r[3] / 16, n])
        lengths.append(r[4] % 9)
        samples.append([r[5] / 16, r[6] / 16, r[7] / 16, 1.0 if i % 7 == 3 else 0.0])
    stats = [[float(k), -1.0, 5.0, 6.0] for k in range(4)]
    out_a, out_l = [], []
    for i in range(32):
        a = list(accum[i])
        l = lengths[i]
        s = samples[i]
        if s[3] != 0:
            a = s[:3] + [0.0]
            l = 0
        n = a[3]
        w = 1 / (n + 1)
        a = [a[k] + (s[k] - a[k]) * w for k in range(3)] + [n + 1]
        out_a += a
        out_l.append(l + 1)
    out_s = []
    for row in range(4):
        rs = sum(samples[row * 8 + x][0] for x in range(8))
        out_s += [stats[row][0] + 1.0, rs, 5.0, 6.0]
    return {'init u0': [v for a in accum for v in a], 'init u1': lengths,
            'init t2': [v for s in samples for v in s], 'init u3': [v for s in stats for v in s],
            'u0': out_a, 'u1': out_l, 'u3': out_s}


@model
def material_stats_struct_atomics():
    raw = lcg_list(256, 331, 1000)
    pix = []
    for i in range(128):
        m = raw[2 * i] % 7                  # material 7 never occurs
        d = raw[2 * i + 1]
        pix += [m, d]
    stats = [[0, 0, 0x7FFFFFFF, 0] for _ in range(8)]
    for i in range(128):
        g, gi = i // 64, i % 64
        m, d = pix[2 * i], pix[2 * i + 1]
        s = stats[m]
        s[0] += 1
        s[1] = max(s[1], d)
        s[2] = min(s[2], d - 500)
        s[3] |= 1 << (g * 16 + (gi >> 2))
    flat = [s32(v) for s in stats for v in s]      # the buffer is spelled as int[32]
    init = [0, 0, 0x7FFFFFFF, 0] * 8
    return {'init t0': pix, 'init u1': init, 'u1': flat}


@model
def jump_flood_voronoi():
    raw = lcg_list(24, 341, 16)
    seeds = [(raw[2 * i], raw[2 * i + 1]) for i in range(12)]
    seeds[11] = seeds[4]                              # a duplicate seed: the lower id wins
    n = 16
    dist = lambda p, s: (p[0] - seeds[s][0]) ** 2 + (p[1] - seeds[s][1]) ** 2
    grid = []
    for y in range(n):
        for x in range(n):
            mine = 0xFF
            for s in range(12):
                if seeds[s] == (x, y) and mine == 0xFF:
                    mine = s
            grid.append(mine)

    def better(p, c, k):
        if c == 0xFF:
            return False
        if k == 0xFF:
            return True
        dc, dk = dist(p, c), dist(p, k)
        return dc < dk or (dc == dk and c < k)

    step = 8
    while step >= 1:
        new = []
        for y in range(n):
            for x in range(n):
                best = grid[y * n + x]
                for dy in (-1, 0, 1):
                    for dx in (-1, 0, 1):
                        qx, qy = x + dx * step, y + dy * step
                        if 0 <= qx < n and 0 <= qy < n:
                            c = grid[qy * n + qx]
                            if better((x, y), c, best):
                                best = c
                new.append(best)
        grid = new
        step //= 2
    out, area = [], [0] * 12
    for i, s in enumerate(grid):
        p = (i % n, i // n)
        out.append(0xFF if s == 0xFF else s | (dist(p, s) << 8))
        if s != 0xFF:
            area[s] += 1
    return {'init t0': [v for s in seeds for v in s], 'u1': out, 'u2': area}


@model
def sph_density_grid():
    raw = lcg_list(64 * 3, 351, 1024)
    parts = []
    for i in range(64):
        r = raw[3 * i:3 * i + 3]
        parts.append([f32(r[0] / 128), f32(r[1] / 128), f32(0.5 + r[2] / 1024), 0.0])
    cell = lambda p: min(max(math.floor(p[1] / 2), 0), 3) * 4 + min(max(math.floor(p[0] / 2), 0), 3)
    counts = [0] * 16
    for p in parts:
        counts[cell(p)] += 1
    starts, run = [], 0
    for c in counts:
        starts.append(run)
        run += c
    poly6 = 315 / (64 * math.pi * 2 ** 9)
    info, dens = [], []
    for p in parts:
        cx, cy = min(max(math.floor(p[0] / 2), 0), 3), min(max(math.floor(p[1] / 2), 0), 3)
        rho, nb = 0.0, 0
        for q in parts:
            qx, qy = min(max(math.floor(q[0] / 2), 0), 3), min(max(math.floor(q[1] / 2), 0), 3)
            if abs(qx - cx) > 1 or abs(qy - cy) > 1:
                continue
            r2 = (q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2
            if r2 < 4:
                rho += q[2] * poly6 * (4 - r2) ** 3
                nb += 1
        info += [cell(p), nb]
        dens += [rho, max(3 * (rho - 0.5), 0.0)]
    return {'init t0': [v for p in parts for v in p], 'u1': [v for c in zip(counts, starts) for v in c],
            'u2': info, 'u3': dens}


def v_norm(v):
    l = math.sqrt(sum(x * x for x in v))
    return [x / l for x in v]


def v_dot(a, b):
    return sum(x * y for x, y in zip(a, b))


@model
def shading_utilities():
    raw = lcg_list(24 * 8, 361, 2001)
    hits, init = [], []
    for i in range(24):
        r = raw[8 * i:8 * i + 8]
        pos = [(r[0] - 1000) / 500, (r[1] - 1000) / 500, (r[2] - 1000) / 500]
        nrm = v_norm([(r[3] - 1000) / 1000 + 0.01, (r[4] - 1000) / 1000, (r[5] - 1000) / 1000])
        view = v_norm([(r[6] - 1000) / 1000, -0.5, (r[7] - 1000) / 1000 + 0.02])
        nrm = [f32(x) for x in nrm]
        view = [f32(x) for x in view]
        pos = [f32(x) for x in pos]
        shin = float(4 * (1 + i % 8))
        inside = 1.0 if i % 3 == 0 else 0.0
        hits.append((pos, shin, nrm, inside, view))
        init += pos + [shin] + nrm + [inside] + view + [0.0]
    light = [2.0, 3.0, -1.0]
    spot = [f32(-0.48), f32(-0.8), f32(0.36)]
    dirs, lighting = [], []
    for pos, shin, ng, inside, v in hits:
        n = ng if v_dot(v, ng) < 0 else [-x for x in ng]
        dn = v_dot(n, v)
        r = [v[k] - 2 * dn * n[k] for k in range(3)]
        eta = 1.5 if inside else 1 / 1.5
        k = 1 - eta * eta * (1 - dn * dn)
        t = [0.0, 0.0, 0.0] if k < 0 else [eta * v[j] - (eta * dn + math.sqrt(k)) * n[j] for j in range(3)]
        cosi = min(max(-dn, 0.0), 1.0)
        fr = 0.04 + 0.96 * (1 - cosi) ** 5
        tl = [light[j] - pos[j] for j in range(3)]
        d = math.sqrt(v_dot(tl, tl))
        l = [x / d for x in tl]
        hv = v_norm([l[j] - v[j] for j in range(3)])
        ndl, ndh = v_dot(n, l), v_dot(n, hv)
        spec = 0.0 if (ndl < 0 or ndh < 0) else ndh ** shin
        coeffs = [1.0, max(ndl, 0.0), spec, 1.0]
        atten = [1.0, d * d * (1 / d), d * d, 1 / d]
        x = v_dot([-c for c in l], spot)
        tt = min(max((x - 0.8) / (0.95 - 0.8), 0.0), 1.0)
        cone = tt * tt * (3 - 2 * tt)
        dirs += n + [0.0] + r + [0.0] + t + [0.0] + [fr, cone, d, 1.0 if k < 0 else 0.0]
        lighting += coeffs + atten
    assert any(dirs[16 * i + 15] for i in range(24)), 'no total internal reflection'
    assert any(0 < dirs[16 * i + 13] < 1 for i in range(24)), 'no soft cone edge'
    return {'init t0': init, 'u1': dirs, 'u2': lighting}


def rgb_to_hsv(c):
    mx, mn = max(c), min(c)
    d = mx - mn
    h = 0.0
    if d > 0:
        if mx == c[0]:
            h = math.fmod((c[1] - c[2]) / d + 6, 6)
        elif mx == c[1]:
            h = (c[2] - c[0]) / d + 2
        else:
            h = (c[0] - c[1]) / d + 4
    return [h, d / mx if mx > 0 else 0.0, mx]


def hsv_to_rgb(hsv):
    out = []
    for k in (0.0, 4.0, 2.0):
        x = (hsv[0] + k) / 6
        p = abs((x - math.floor(x)) * 6 - 3)
        s = min(max(p - 1, 0.0), 1.0)
        out.append(hsv[2] * (1 + (s - 1) * hsv[1]))
    return out


@model
def color_grading_lut():
    wb = [f32(1.05), 1.0, f32(0.9)]
    exposure, sat, contrast, hue = 0.5, 1.25, 1.2, -0.25
    cb = wb + [exposure, sat, contrast, hue, 0.0]
    luma_w = [f32(0.2126), f32(0.7152), f32(0.0722)]
    out = []
    for z in range(4):
        for y in range(4):
            for x in range(4):
                c = [x / 3, y / 3, z / 3]
                c = [v * 2 ** exposure * w for v, w in zip(c, wb)]
                luma = sum(v * w for v, w in zip(c, luma_w))
                c = [max(luma + (v - luma) * sat, 0.0) for v in c]
                c = [0.18 * 2 ** (contrast * math.log2(v / 0.18)) if v > 0 else 0.0 for v in c]
                hsv = rgb_to_hsv(c)
                hsv[0] = math.fmod(hsv[0] + hue + 6, 6)
                c = hsv_to_rgb(hsv)
                c = [min(max(v, 0.0), 1.0) for v in c]
                s = [v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055 for v in c]
                out += s + [luma]
    return {'init b0': cb, 'u1': out}


@model
def summed_area_table():
    img = lcg_list(256, 371, 1000)
    n = 16
    sat = [[0] * n for _ in range(n)]
    for y in range(n):
        for x in range(n):
            sat[y][x] = img[y * n + x] + (sat[y][x - 1] if x else 0) + (sat[y - 1][x] if y else 0) \
                - (sat[y - 1][x - 1] if x and y else 0)
    at = lambda x, y: 0 if x < 0 or y < 0 else sat[y][x]
    boxes = []
    for y in range(n):
        for x in range(n):
            res = []
            for r in (1, 3):
                lx, ly = max(x - r, 0), max(y - r, 0)
                hx, hy = min(x + r, n - 1), min(y + r, n - 1)
                area = (hx - lx + 1) * (hy - ly + 1)
                s = at(hx, hy) - at(lx - 1, hy) - at(hx, ly - 1) + at(lx - 1, ly - 1)
                assert s == sum(img[j * n + i] for j in range(ly, hy + 1) for i in range(lx, hx + 1))
                res.append((s, area))
            boxes += [res[0][0], res[1][0], res[1][0] // res[1][1], res[0][1] * 100 + res[1][1]]
    return {'init t0': img, 'u1': [sat[y][x] for y in range(n) for x in range(n)], 'u2': boxes}


@model
def generic_sort_network():
    ukeys = lcg_list(128, 381, 1 << 30)
    fraw = lcg_list(256, 382, 1 << 20)
    fkeys = []
    for t in range(8):
        seen = set()
        k = 0
        while len(seen) < 16:
            v = f32((fraw[(t * 32 + k) % 256] - (1 << 19)) / 4096.0 + k * 1e-3)
            k += 1
            if v not in seen:
                seen.add(v)
        fkeys += list(seen)
    fkeys[5] = 0.0                        # a zero, distinct from every other key
    eraw = lcg_list(256, 383, 64)
    ents = [[(eraw[2 * i] % 9) - 4, eraw[2 * i + 1]] for i in range(128)]
    uout, fout, eout = [], [], []
    for t in range(8):
        uout += sorted(ukeys[t * 16:(t + 1) * 16])
        fs = fkeys[t * 16:(t + 1) * 16]
        assert len(set(fs)) == 16
        fout += sorted(fs)
        es = sorted(tuple(e) for e in ents[t * 16:(t + 1) * 16])
        assert len(set(es)) == 16 or True
        for e in es:
            eout += list(e)
    return {'init t0': ukeys, 'init t1': fkeys, 'init t2': [v for e in ents for v in e],
            'u3': uout, 'u4': fout, 'u5': eout}


# ---------------------------------------------------------------------------------------
# driver
# ---------------------------------------------------------------------------------------

HERE = pathlib.Path(__file__).resolve().parent.parent
LIST_RE = re.compile(r'^// (expect|buffer|texture|cbuffer) (\S+)')
OPEN_RE = re.compile(r'= (?:f32 |u32 |i32 )?\[')


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
        o = OPEN_RE.search(lines[i])
        if m and o:
            j = i
            start = o.end() - 1
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
