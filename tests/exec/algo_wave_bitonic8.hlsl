// A register-level bitonic sort of each aligned block of 8 lanes through wave shuffles:
// every compare-exchange step reads the partner value with WaveReadLaneAt(v, lane ^ j)
// (a non-uniform lane index), keeping min or max by lane bits, so no groupshared memory or
// barrier is used. Works for any wave size that is a multiple of 8 (waves made of
// consecutive SV_GroupIndex values); each block of 8 threads ends up sorted ascending.
// Expected values: tests/exec/algo/models.py (wave_bitonic8).
// requires subgroup
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u1 rw int[64] = 0
// buffer t0 ro int[64] = [-279, -172, -63, 229, -244, 188, 443, 381, -399, -52, 272, -41, -436, -263, -116, -113,
//     295, -218, 4, -470, 360, 495, -429, -237, -382, 144, -291, 110, -119, -274, 350, -153,
//     97, 268, 403, 250, 151, 174, -425, 172, -154, 424, -162, 408, 178, -153, 388, 26,
//     -176, 126, 150, -489, -334, -327, -170, -14, 118, -20, 483, 495, 40, 436, -330, 130]
// expect u1 = [-279, -244, -172, -63, 188, 229, 381, 443, -436, -399, -263, -116, -113, -52, -41, 272,
//     -470, -429, -237, -218, 4, 295, 360, 495, -382, -291, -274, -153, -119, 110, 144, 350,
//     -425, 97, 151, 172, 174, 250, 268, 403, -162, -154, -153, 26, 178, 388, 408, 424,
//     -489, -334, -327, -176, -170, -14, 126, 150, -330, -20, 40, 118, 130, 436, 483, 495]
StructuredBuffer<int> Input : register(t0);
RWStructuredBuffer<int> Output : register(u1);

[numthreads(64, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    int v = Input[gi];
    uint lane = WaveGetLaneIndex();
    [unroll]
    for (uint k = 2; k <= 8; k <<= 1) {
        [unroll]
        for (uint j = k >> 1; j > 0; j >>= 1) {
            int other = WaveReadLaneAt(v, lane ^ j);
            bool ascending = (lane & k) == 0 || k == 8;
            bool keepMin = ((lane & j) == 0) == ascending;
            v = keepMin ? min(v, other) : max(v, other);
        }
    }
    Output[gi] = v;
}
