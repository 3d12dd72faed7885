// Per-wave votes and bit reductions inside a loop whose `if` splits each wave differently
// every round, as culling and binning passes write them. Thread t (32 threads, waves of 8
// lanes on lavapipe) reads flags f = (mask, bits). In round r = 0..2 the lanes with bit r of
// mask set combine WaveActiveBitAnd(bits >> r), WaveActiveBitOr(bits << r) and
// WaveActiveBitXor(bits + r) over the lanes in that branch into acc = acc * 31 + (and ^ or ^
// xor); the others take WaveActiveAllEqual of a uint3 (mask & 8, r, bits & 0xF0), a bool3
// per component, and add its bits shifted by 3r. After the loop: WaveActiveAnyTrue(any(v >
// (6, 9, 14))) and WaveActiveAllTrue(all(v < (7, 8, 16))) for v = (bits & 7, lane, t / 2),
// WaveReadLaneAt(bits, (lane + 3) & 7) (a computed lane: a rotation by 3), and the exclusive
// WavePrefixProduct(mask % 4 + 1). Five words per thread: acc, votes, any | all << 1,
// rotated bits, prefix product. Expected values: tests/exec/mix/models.py
// (wave_votes_divergent_rounds).
// requires subgroup
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint2[32] = [7, 0x35, 1, 0x0F, 2, 0xF3, 7, 0x37, 4, 0x10, 5, 0xFF, 6, 0x21, 0, 0x07,
//     7, 0x01, 7, 0x81, 7, 0x41, 7, 0xC1, 7, 0x21, 7, 0x11, 7, 0x09, 7, 0x05,
//     1, 0x12, 3, 0x34, 5, 0x56, 7, 0x78, 0, 0x9A, 2, 0xBC, 4, 0xDE, 6, 0xF0,
//     0, 0x80, 0, 0x81, 0, 0x82, 0, 0x83, 0, 0x84, 0, 0x85, 0, 0x86, 8, 0x87]
// buffer u1 rw uint[160] = 0
// expect u1 = [17508, 0, 1, 55, 1, 8, 216, 1, 16, 4, 294, 195, 1, 255, 8, 17508, 0, 1, 33, 24, 706,
//     27, 1, 7, 96, 954, 24, 1, 53, 96, 9820, 3, 1, 15, 192, 0, 219, 1, 243, 576, 199554, 0, 2,
//     193, 1, 199554, 0, 2, 33, 4, 199554, 0, 2, 17, 16, 199554, 0, 2, 9, 64, 199554, 0, 2, 5, 256,
//     199554, 0, 2, 1, 1024, 199554, 0, 2, 129, 4096, 199554, 0, 2, 65, 16384, 102, 216, 2, 120, 1,
//     3642, 192, 2, 154, 2, 4150, 24, 2, 188, 8, 113890, 0, 2, 222, 16, 0, 219, 2, 240, 64, 480,
//     195, 2, 18, 64, 988, 27, 2, 52, 192, 15868, 3, 2, 86, 192, 0, 438, 1, 131, 1, 0, 438, 1, 132,
//     1, 0, 438, 1, 133, 1, 0, 438, 1, 134, 1, 0, 438, 1, 135, 1, 0, 438, 1, 128, 1, 0, 438, 1,
//     129, 1, 0, 438, 1, 130, 1]
// peer-bug glslang: `WavePrefixProduct` is inclusive (wave_prefix_exclusive), and WaveActiveAllEqual of a uint3 gives false components where all lanes agree
StructuredBuffer<uint2> Flags : register(t0);
RWStructuredBuffer<uint> Out : register(u1);

[numthreads(32, 1, 1)]
void main(uint t : SV_GroupIndex) {
    uint2 f = Flags[t];
    uint lane = WaveGetLaneIndex();
    uint acc = 0, votes = 0;
    for (uint r = 0; r < 3; ++r) {
        if ((f.x >> r) & 1) {
            uint a = WaveActiveBitAnd(f.y >> r);
            uint o = WaveActiveBitOr(f.y << r);
            uint x = WaveActiveBitXor(f.y + r);
            acc = acc * 31 + (a ^ o ^ x);
        } else {
            bool3 eq = WaveActiveAllEqual(uint3(f.x & 8, r, f.y & 0xF0));
            uint3 e = (uint3)eq;
            votes += (e.x | e.y << 1 | e.z << 2) << (r * 3);
        }
    }
    float3 v = float3(f.y & 7, lane, t * 0.5f);
    bool anyBig = WaveActiveAnyTrue(any(v > float3(6, 9, 14)));
    bool allSmall = WaveActiveAllTrue(all(v < float3(7, 8, 16)));
    uint rotated = WaveReadLaneAt(f.y, (lane + 3) & 7);
    uint chain = WavePrefixProduct(f.x % 4 + 1);

    uint o = t * 5;
    Out[o + 0] = acc;
    Out[o + 1] = votes;
    Out[o + 2] = (uint)anyBig | (uint)allSmall << 1;
    Out[o + 3] = rotated;
    Out[o + 4] = chain;
}
