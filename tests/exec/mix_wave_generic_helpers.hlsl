// Wave intrinsics called from generic helpers, as shared utility headers write them: a
// struct method that replaces its float3 members by WaveActiveMin/Max of themselves, and
// function templates forwarding to WaveActiveSum / WaveReadLaneFirst, instantiated with
// uint2, float and int3. Written for any wave size: with n = WaveGetLaneCount(), lane
// l = WaveGetLaneIndex() and base = t - l (64 threads in order, whole waves), each thread
// checks by hand: bounds of (t, -t, 2t) over its wave = (base, -(base + n - 1), 2 base) ..
// (base + n - 1, -base, 2 (base + n - 1)); sum of (1, l) = (n, n (n - 1) / 2); first lane's
// t + 0.5 = base + 0.5; sum of (-1, 2, l) = (-n, 2n, n (n - 1) / 2); and writes 1.
// requires subgroup
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer u1 rw uint[64] = 0
// expect u1 = 1
// peer-bug glslang: no templates
RWStructuredBuffer<uint> Out : register(u1);

struct Bounds {
    float3 lo;
    float3 hi;
    void reduce() { lo = WaveActiveMin(lo); hi = WaveActiveMax(hi); }
};

template<typename T>
T waveTotal(T v) { return WaveActiveSum(v); }

template<typename T>
T broadcastFirst(T v) { return WaveReadLaneFirst(v); }

[numthreads(64, 1, 1)]
void main(uint t : SV_GroupIndex) {
    uint n = WaveGetLaneCount();
    uint l = WaveGetLaneIndex();
    uint base = t - l;
    Bounds b;
    b.lo = float3(t, -(float)t, t * 2);
    b.hi = b.lo;
    b.reduce();
    bool ok = all(b.lo == float3(base, -(float)(base + n - 1), base * 2));
    ok = ok && all(b.hi == float3(base + n - 1, -(float)base, (base + n - 1) * 2));
    uint2 s = waveTotal(uint2(1, l));
    ok = ok && s.x == n && s.y == n * (n - 1) / 2;
    float f = broadcastFirst((float)t + 0.5);
    ok = ok && f == base + 0.5;
    int3 v = waveTotal(int3(-1, 2, (int)l));
    ok = ok && all(v == int3(-(int)n, 2 * (int)n, (int)(n * (n - 1) / 2)));
    Out[t] = ok ? 1 : 0;
}
