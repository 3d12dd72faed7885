// exec: -T ps_6_0 -E psmain
// The same `for (;;) return` as the whole body of a pixel shader's entry point.
uint4 psmain(float4 pos : SV_Position) : SV_Target {
    uint h = uint(pos.x);
    for (;;) return uint4(h, 0, 0, 0);
}
