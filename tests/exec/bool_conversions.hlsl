// bool conversions: to bool is `!= 0` (so -0.0 is false and NaN is true), from bool is
// 0/1 (1.0f); bools stored in a RWStructuredBuffer<bool> are 32-bit 0/1.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[4] = [-0.0, nan, 0.25, 0.0]
// buffer t1 ro int[2] = [2, -1]
// buffer u2 rw uint[6] = 0
// buffer u3 rw bool[4] = 0
// buffer u4 rw float[2] = 0
// expect u2 = [0, 1, 1, 0, 1, 1]
// expect u3 = [true, false, true, true]
// expect u4 = [1.0, 0.0]
StructuredBuffer<float> f : register(t0);
StructuredBuffer<int> i : register(t1);
RWStructuredBuffer<uint> dst : register(u2);
RWStructuredBuffer<bool> flags : register(u3);
RWStructuredBuffer<float> fl : register(u4);

[numthreads(1, 1, 1)]
void main() {
    dst[0] = (uint)(bool)f[0];      // -0.0 → false
    dst[1] = (uint)(bool)f[1];      // NaN != 0 → true
    dst[2] = (uint)(bool)f[2];      // true
    dst[3] = (uint)(bool)f[3];      // false
    dst[4] = (uint)(bool)i[0];      // 2 → true → 1
    dst[5] = (uint)(bool)i[1];      // -1 → true → 1
    bool t = i[0] > 0;
    flags[0] = t;
    flags[1] = !t;
    flags[2] = (bool)i[1];
    flags[3] = t && f[2] > 0.0f;
    fl[0] = (float)t;
    fl[1] = (float)!t;
}
