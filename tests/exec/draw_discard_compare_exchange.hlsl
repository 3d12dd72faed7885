// A lane demoted by `discard` keeps running but has no side effects: its
// InterlockedCompareExchange must leave memory as it was, also when the result is read.
// Two triangles cover the whole 4x2 target: every pixel runs once. Pixel (px, py) owns word
// i = py * 4 + px of u1; pixels with px == 1 discard. Each pixel then compare-exchanges its
// word from 0 to 10 + i and, if the exchange happened (the original value was 0), adds
// 100 to word 8 + i through a second compare-exchange from 0 to 100. Kept pixels:
// word i = 10 + i, word 8 + i = 100; discarded pixels (i = 1 and 5): both words stay 0.
// The target gets the original value read (0 for kept pixels; discarded pixels' colours are
// dropped, the clear colour 9 stays).
// exec: -T ps_6_0 -E psmain draw 6 vs vsmain target r32float 4x2 clear 9 9 9 9
// buffer u1 rw uint[16] = 0
// expect u1 = [10, 0, 12, 13, 14, 0, 16, 17,  100, 0, 100, 100, 100, 0, 100, 100]
// expect target = [0, 9, 0, 0,  0, 9, 0, 0]
RWByteAddressBuffer words : register(u1);

float4 vsmain(uint id : SV_VertexID) : SV_Position {
    // Two triangles covering the viewport.
    float2 c[6] = { float2(-1, -1), float2(1, -1), float2(-1, 1), float2(-1, 1), float2(1, -1), float2(1, 1) };
    return float4(c[id], 0.0, 1.0);
}

float4 psmain(float4 pos : SV_Position) : SV_Target {
    uint px = (uint)pos.x;
    uint py = (uint)pos.y;
    uint i = py * 4 + px;
    if (px == 1)
        discard;
    uint original;
    words.InterlockedCompareExchange(i * 4, 0u, 10u + i, original);
    if (original == 0) {
        uint second;
        words.InterlockedCompareExchange((8 + i) * 4, 0u, 100u, second);
    }
    return float4(original, 0, 0, 0);
}
