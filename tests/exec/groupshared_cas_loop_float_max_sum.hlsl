// Float max and float sum in groupshared memory through compare-exchange retry loops on the
// value's bits (the usual pattern where no float atomic exists): each of 64 threads folds
// v_i = ((37 i) mod 64) - 20 into gmax (starting at -1e30) and gsum (starting at 0.0).
// The v_i are a permutation of -20..43, so max = 43 and sum = (0 + … + 63) - 64 · 20 = 736,
// every partial sum an integer below 2^24, so exact in float in any order.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw float[2] = 0
// expect u0 = [43, 736]
RWStructuredBuffer<float> o : register(u0);

groupshared uint gmax;
groupshared uint gsum;

[numthreads(64, 1, 1)]
void main(uint i : SV_GroupIndex) {
    if (i == 0) {
        gmax = asuint(-1e30f);
        gsum = asuint(0.0f);
    }
    GroupMemoryBarrierWithGroupSync();
    float v = (float)((37 * i) % 64) - 20.0;
    uint old = gmax, prev;
    [allow_uav_condition] while (asfloat(old) < v) {
        InterlockedCompareExchange(gmax, old, asuint(v), prev);
        if (prev == old)
            break;
        old = prev;
    }
    old = gsum;
    [allow_uav_condition] for (;;) {
        InterlockedCompareExchange(gsum, old, asuint(asfloat(old) + v), prev);
        if (prev == old)
            break;
        old = prev;
    }
    GroupMemoryBarrierWithGroupSync();
    if (i == 0) {
        o[0] = asfloat(gmax);
        o[1] = asfloat(gsum);
    }
}
