// IEEE special values computed at run time (from buffer zeros, so nothing folds):
// 0/0, inf * 0, inf - (2 * inf) and sqrt(-1) are NaN; 1/0 = inf, -1/0 = -inf, 1/inf = 0,
// -1/inf = -0. isnan/isinf/isfinite classify them (u2, as 0/1), and NaN compares unequal
// to everything, itself included (u3).
// Vulkan lets drivers assume no NaN/inf unless the module asks for SignedZeroInfNanPreserve,
// and DXC is not IEEE-strict without -Gis: `x - x` with x = inf is folded to 0 by lavapipe
// (NIR), so that lane is `_`. The other lanes hold on lavapipe. NVIDIA's driver (580.159,
// H200) uses that licence further, for both targets: 0/0 and inf * 0 give 1.0, inf - inf
// gives -inf, and isnan/isinf/isfinite and `!=` of those values follow.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[2] = [0.0, 1.0]
// buffer u1 rw float[9] = 0
// buffer u2 rw uint[9] = 0
// buffer u3 rw uint[4] = 0
// expect u1 = [nan, inf, -inf, _, nan, 0.0, -0.0, nan, nan]
// expect u2 = [1, 0, 0,   0, 1, 0,   0, 0, 1]
// expect u3 = [0, 1, 0, 0]
StructuredBuffer<float> src : register(t0);
RWStructuredBuffer<float> dst : register(u1);
RWStructuredBuffer<uint> cls : register(u2);
RWStructuredBuffer<uint> cmp : register(u3);

[numthreads(1, 1, 1)]
void main() {
    float zero = src[0], one = src[1];
    float nan = zero / zero;
    float inf = one / zero;
    dst[0] = nan;
    dst[1] = inf;
    dst[2] = -one / zero;
    dst[3] = inf - inf;                 // folded to 0 by lavapipe: not asserted
    dst[4] = inf * zero;
    dst[5] = one / inf;
    dst[6] = -one / inf;
    dst[7] = sqrt(-one);
    dst[8] = inf - (one + one) / zero;  // inf - inf on distinct values
    cls[0] = isnan(nan) ? 1 : 0;
    cls[1] = isinf(nan) ? 1 : 0;
    cls[2] = isfinite(nan) ? 1 : 0;
    cls[3] = isnan(inf) ? 1 : 0;
    cls[4] = isinf(-inf) ? 1 : 0;
    cls[5] = isfinite(inf) ? 1 : 0;
    cls[6] = isnan(one) ? 1 : 0;
    cls[7] = isinf(one) ? 1 : 0;
    cls[8] = isfinite(one) ? 1 : 0;
    cmp[0] = (nan == nan) ? 1 : 0;
    cmp[1] = (nan != nan) ? 1 : 0;
    cmp[2] = (nan < one) ? 1 : 0;
    cmp[3] = (nan >= one) ? 1 : 0;
}
