// 16-bit cbuffer members with -enable-16bit-types pack at 2-byte granularity (DXC's
// vk.layout.cbuffer.fxc.offset test: half 0, float[1] 16, half 20, float 24), never
// straddling a register. The host fills the buffer with 16-bit values 0x3C00 + i (i = byte
// offset / 2, normal halves) and the shader writes each component's bits:
//   a 0 | b[1] 16 (array on a register) | c 20 | d 24 | h2 28,30 | h3 32,34,36 | u16 38
//   i16 40 | h4: 42..50 would straddle 48 → 48,50,52,54 | last 56; size 60.
// A 32-bit member reads the two halves little-endian: b = 0x3C093C08, d = 0x3C0D3C0C,
// last = 0x3C1D3C1C.
// layout Halves: a=0 b=16 c=20 d=24 h2=28 h3=32 u16=38 i16=40 h4=48 last=56
// exec: -T cs_6_2 -E main -enable-16bit-types dispatch 1 1 1
// requires f16 i16
// peer-bug glslang: does not know `uint16_t`/`int16_t` ("member type : Expected")
// cbuffer b0 u16[30] = iota 15360
// buffer u1 rw uint[17] = 0
// expect u1 = [0x3C00, 0x3C093C08, 0x3C0A, 0x3C0D3C0C,  0x3C0E, 0x3C0F,
//              0x3C10, 0x3C11, 0x3C12,  0x3C13, 0x3C14,  0x3C18, 0x3C19, 0x3C1A, 0x3C1B,
//              0x3C1D3C1C, 0x3C0E]
cbuffer Halves : register(b0) {
    half a;
    float b[1];
    half c;
    float d;
    half2 h2;
    half3 h3;
    uint16_t u16;
    int16_t i16;
    half4 h4;
    float last;
};
RWStructuredBuffer<uint> o : register(u1);

[numthreads(1, 1, 1)]
void main() {
    uint k = 0;
    o[k++] = asuint16(a);
    o[k++] = asuint(b[0]);
    o[k++] = asuint16(c);
    o[k++] = asuint(d);
    o[k++] = asuint16(h2.x); o[k++] = asuint16(h2.y);
    o[k++] = asuint16(h3.x); o[k++] = asuint16(h3.y); o[k++] = asuint16(h3.z);
    o[k++] = u16;
    o[k++] = asuint16(i16);
    o[k++] = asuint16(h4.x); o[k++] = asuint16(h4.y); o[k++] = asuint16(h4.z); o[k++] = asuint16(h4.w);
    o[k++] = asuint(last);
    o[k++] = asuint16(h2[0]);
}
