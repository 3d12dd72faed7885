// msad4 and D3DCOLORtoUBYTE4, from a Python model of their definitions:
// - msad4(ref, src, acc)[i] = acc[i] + sum over bytes j with ref.byte[j] != 0 of
//   |ref.byte[j] - w_i.byte[j]|, where w_i is the 4 bytes of the 8-byte string src.y:src.x
//   starting at byte i (w_0 = src.x, w_i = src.x >> 8i | src.y << (32 - 8i)), as DXC's DXIL
//   lowering builds them. (DXC's SPIR-V back end shifts src.x left instead;
//   the D3D definition is what hlslc follows.)
// - D3DCOLORtoUBYTE4(c) = int4(c.zyxw * 255.001953), truncating.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[6] = [0x01020304, 0x05060708, 0x090a0b0c, 0x00ff0080, 0x10ff2000, 0xff0102fe]
// buffer t1 ro float[8] = [0.0, 0.5, 1.0, 0.25, 0.999, 0.0039215, 1.0, 1.0]
// buffer u2 rw uint[16] = 0
// expect u2 = [16, 20, 24, 28,  129, 337, 131, 381,
//              255, 127, 0, 63,  255, 0, 254, 255]
// peer-bug glslang: crashes (SIGSEGV) compiling msad4
StructuredBuffer<uint> words : register(t0);
StructuredBuffer<float> colours : register(t1);
RWStructuredBuffer<uint> o : register(u2);

void put(uint at, uint4 v) {
    o[at] = v.x;
    o[at + 1] = v.y;
    o[at + 2] = v.z;
    o[at + 3] = v.w;
}

[numthreads(1, 1, 1)]
void main() {
    put(0, msad4(words[0], uint2(words[1], words[2]), uint4(0, 0, 0, 0)));
    put(4, msad4(words[3], uint2(words[4], words[5]), uint4(1, 2, 3, 16)));
    float4 a = float4(colours[0], colours[1], colours[2], colours[3]);
    float4 b = float4(colours[4], colours[5], colours[6], colours[7]);
    put(8, (uint4)D3DCOLORtoUBYTE4(a));
    put(12, (uint4)D3DCOLORtoUBYTE4(b));
}
