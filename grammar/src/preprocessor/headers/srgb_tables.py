#!/usr/bin/env python3
"""Generates the sRGB tables of hlslc's built-in D3DX_DXGIFormatConvert.inl.

Both tables come from the sRGB transfer function (IEC 61966-2-1, as the D3D functional
specification states it), evaluated with 60 significant decimal digits and rounded once:

- `decode[c]` (c = 0..255): the float32 nearest to srgb_to_linear(c / 255);
- `encode[k]` (k = 1..255): the smallest float32 x with 255 * linear_to_srgb(x) + 1/2 >= k,
  so that the encoded byte of a saturated x is the number of thresholds <= x, i.e.
  floor(255 * linear_to_srgb(x) + 1/2) evaluated exactly (D3D's "+0.5, drop the fraction").

Run it to print the HLSL arrays; `--check FILE` verifies that FILE contains them.
"""
import struct
import sys
from decimal import Decimal, getcontext

getcontext().prec = 60
D = Decimal


def to_linear(s):
    if s <= D("0.04045"):
        return s / D("12.92")
    return ((s + D("0.055")) / D("1.055")) ** D("2.4")


def to_srgb(x):
    if x <= D("0.0031308"):
        return x * D("12.92")
    return D("1.055") * x ** (D(1) / D("2.4")) - D("0.055")


def f32_bits(x):
    return struct.unpack("<I", struct.pack("<f", float(x)))[0]


def f32_of(bits):
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def nearest_f32_bits(x):
    """float(Decimal) is correctly rounded to a double; refine to float32 exactly."""
    b = f32_bits(x)
    best = min((b - 1, b, b + 1), key=lambda c: abs(D(f32_of(c)) - x))
    return best


def decode_table():
    return [nearest_f32_bits(to_linear(D(c) / 255)) if c else 0 for c in range(256)]


def encode_thresholds():
    out = []
    for k in range(1, 256):
        target = (D(k) - D("0.5")) / 255
        # Monotone: find the smallest float32 x in [0, 1] with to_srgb(x) >= target.
        lo, hi = 0, f32_bits(1.0)
        while lo < hi:
            mid = (lo + hi) // 2
            if to_srgb(D(f32_of(mid))) >= target:
                hi = mid
            else:
                lo = mid + 1
        out.append(lo)
    return out


def hlsl(name, words):
    lines = [f"static const uint {name}[{len(words)}] = {{"]
    for i in range(0, len(words), 8):
        lines.append("    " + ", ".join(f"0x{w:08x}" for w in words[i:i + 8]) + ",")
    lines.append("};")
    return "\n".join(lines)


def main():
    text = hlsl("hlslc_dxgi_srgb_decode", decode_table()) + "\n\n" + hlsl("hlslc_dxgi_srgb_encode", [0] + encode_thresholds())
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        if text not in open(sys.argv[2]).read():
            sys.exit(f"{sys.argv[2]}: the sRGB tables differ from srgb_tables.py's output")
        return
    print(text)


if __name__ == "__main__":
    main()
