"""CPU models for the draw_work_* kernels (tests/exec/draw_work_*.hlsl).

Run `python3 tests/exec/draw_work/models.py` to print every kernel's expected render-target
values. Conventions (D3D, as wgpu presents Vulkan): pixel (px, py) has its centre at
(px + 0.5, py + 0.5), row 0 at the top (NDC y = +1), targets are read back row-major. Values
are computed in float64 and rounded to the stored type (f32 with struct, f16 with 'e').
"""
import math
import struct


def f32(x):
    return struct.unpack('<f', struct.pack('<f', x))[0]


def f16_bits(x):
    return struct.unpack('<H', struct.pack('<e', x))[0]


def fmt(vals):
    out = []
    for v in vals:
        if isinstance(v, int):
            out.append(str(v))
        else:
            out.append(f'{v:.7g}')
    return ', '.join(out)


# --- draw_work_fullscreen_tonemap -------------------------------------------------------
# HDR texel (px, py) of a 4x4 rgba16float texture: r = 0.25 * (px + 4 py), g = 0.5 * px,
# b = 4 - py, a = 1 (all exact in f16). exposure = 1.5, white = 4.
def hdr_texel(px, py):
    return (0.25 * (px + 4 * py), 0.5 * px, 4.0 - py)


def tonemap():
    exposure, white = 1.5, 4.0
    out = []
    for py in range(4):
        for px in range(4):
            c = [exposure * v for v in hdr_texel(px, py)]
            m = [v * (1 + v / (white * white)) / (1 + v) for v in c]
            g = [math.pow(min(max(v, 0.0), 1.0), 1 / 2.2) for v in m]
            luma = 0.2126 * m[0] + 0.7152 * m[1] + 0.0722 * m[2]
            out += g + [luma]
    return out


# --- draw_work_deferred_lambert_load ----------------------------------------------------
# albedo (rgba8unorm 2x2) bytes and normals (rgba8unorm 2x2, n * 0.5 + 0.5 as bytes).
ALBEDO = [(255, 128, 0, 255), (0, 255, 255, 255), (64, 64, 64, 255), (255, 255, 255, 0)]
NORMAL = [(128, 128, 255, 255), (255, 128, 128, 255), (128, 255, 128, 255), (128, 0, 0, 255)]


def deferred():
    light = (0.0, 0.6, 0.8)  # normalised direction to the light
    light_col = (2.0, 1.0, 0.5)
    ambient = 0.125
    out = []
    for i in range(4):
        a = [b / 255 for b in ALBEDO[i]]
        n = [b / 255 * 2 - 1 for b in NORMAL[i][:3]]
        ln = math.sqrt(sum(v * v for v in n))
        n = [v / ln for v in n]
        ndl = max(sum(n[k] * light[k] for k in range(3)), 0.0)
        rgb = [a[k] * (ambient + ndl * light_col[k]) for k in range(3)]
        out += rgb + [ndl]
    return out


# --- draw_work_gbuffer_octahedral_pack ---------------------------------------------------
def oct_encode(n):
    l1 = abs(n[0]) + abs(n[1]) + abs(n[2])
    p = [n[0] / l1, n[1] / l1]
    if n[2] < 0:
        s = [1.0 if v >= 0 else -1.0 for v in p]
        p = [(1 - abs(p[1])) * s[0], (1 - abs(p[0])) * s[1]]
    return p


def pack_half2(p):
    return f16_bits(f32(p[0])) | (f16_bits(f32(p[1])) << 16)


def pack_unorm4(c):
    v = [int(min(max(x, 0.0), 1.0) * 255 + 0.5) for x in c]
    return v[0] | v[1] << 8 | v[2] << 16 | v[3] << 24


def gbuffer():
    # row 0: triangle 0, back-facing, normal (0.6, 0, 0.8) flipped; row 1: triangle 1,
    # front-facing, normal (0, -0.6, 0.8) kept. Albedo per triangle; material = 7 + t.
    tris = [((0.6, 0.0, 0.8), (1.0, 0.25, 0.75, 1.0), False),
            ((0.0, -0.6, 0.8), (0.125, 0.375, 0.625, 0.875), True)]
    out = []
    for t, (n, alb, front) in enumerate(tris):
        if not front:
            n = tuple(-v for v in n)
        word = [pack_half2(oct_encode(n)), pack_unorm4(alb), 1 if front else 0, 7 + t]
        out += word * 2
    return out


# --- draw_work_shadow_pcf_2x2 -------------------------------------------------------------
# 4x4 depth16unorm shadow map (u16), ref = depth in the cbuffer, less-equal: a tap passes
# when ref <= texel. Taps at texel (px + dx, py + dy), dx, dy in {0, 1}, clamped.
SHADOW = [65535, 65535, 0, 0,
          65535, 0, 0, 65535,
          65535, 65535, 65535, 0,
          0, 65535, 0, 65535]


def shadow():
    out = []
    for py in range(4):
        for px in range(4):
            s = 0
            for dy in (0, 1):
                for dx in (0, 1):
                    x, y = min(px + dx, 3), min(py + dy, 3)
                    s += 1 if SHADOW[y * 4 + x] >= 32768 else 0
            vis = s / 4
            ndl = 0.75
            out += [vis, vis * ndl]
    return out


# --- draw_work_quad_edge_detect ------------------------------------------------------------
def luma_texel(px, py):
    return ((px * 3 + py * 5) % 7) / 4.0


def edge():
    out = []
    for py in range(4):
        for px in range(4):
            l = luma_texel(px, py)
            lx = luma_texel(px ^ 1, py)
            ly = luma_texel(px, py ^ 1)
            ld = luma_texel(px ^ 1, py ^ 1)
            out += [l, abs(l - lx) + abs(l - ly), ld, (l + lx + ly + ld) / 4]
    return out


# --- draw_work_alpha_test_fwidth -----------------------------------------------------------
# a = uv.x + 0.5 uv.y at pixel centres of a 4x4 target = (4 px + 2 py + 3) / 16; ddx = 0.25,
# ddy = 0.125, fwidth = 0.375; pixels with a < 0.6 are clipped (cleared to -1).
def alpha_test():
    out = []
    for py in range(4):
        for px in range(4):
            a = (4 * px + 2 * py + 3) / 16
            out += [a, 0.375, 0.25, 0.125] if a >= 0.6 else [-1.0] * 4
    return out


if __name__ == '__main__':
    for name, fn in [('tonemap', tonemap), ('deferred', deferred), ('gbuffer', gbuffer),
                     ('shadow', shadow), ('edge', edge), ('alpha_test', alpha_test)]:
        print(name + ':', fmt(fn()))
