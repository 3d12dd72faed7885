// Mandelbrot escape-iteration counts for 16 points (limit 48): a float2 state updated in a
// bounded loop with an early break on |z|^2 > 4, called through a helper that returns the
// count. The points are grid points whose count is the same in f32 and f64 and for c moved
// by 1e-4 in any direction, so float rounding (and contraction into fma) cannot change it.
// Expected values: tests/exec/algo/models.py (mandelbrot, which picks the points).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u1 rw uint[16] = 0
// buffer t0 ro float2[16] = [-2, -1.25, -1.4565217, -1.25, -0.9130435, -1.25, -0.47826087, -1.1029412,
//     -0.26086956, -1.1029412, -0.26086956, -0.9558824, -0.1521739, -0.9558824, -0.04347826, -0.9558824,
//     -0.26086956, -0.8088235, -0.1521739, -0.8088235, -0.04347826, -0.8088235, 0.06521739, -0.8088235,
//     -0.5869565, -0.6617647, -0.6956522, -0.5147059, -0.5869565, -0.5147059, -0.8043478, -0.22058824]
// expect u1 = [1, 2, 3, 4, 5, 6, 10, 9, 11, 48, 28, 7, 21, 8, 12, 13]
StructuredBuffer<float2> Points : register(t0);
RWStructuredBuffer<uint> Counts : register(u1);

uint escapeCount(float2 c, uint limit) {
    float2 z = 0;
    uint n = 0;
    for (; n < limit; ++n) {
        float xx = z.x * z.x;
        float yy = z.y * z.y;
        if (xx + yy > 4.0)
            break;
        z = float2(xx - yy + c.x, 2.0 * z.x * z.y + c.y);
    }
    return n;
}

[numthreads(16, 1, 1)]
void main(uint i : SV_GroupIndex) {
    Counts[i] = escapeCount(Points[i], 48);
}
