// cosh, sinh, tanh, degrees and radians on scalars and vectors. Values from Python's math on
// the f32 inputs, rounded to f32. Vulkan derives the hyperbolic functions' precision from
// exp's (3 + 2|x| ulp), which near 0 is an absolute bound: tolerance abs 1e-5 or rel 1e-5.
// degrees/radians are one multiplication (a few ulp).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[4] = [0.5, -1.0, 2.0, 0.0]
// buffer u1 rw float[20] = 0
// expect u1 ~ abs 1e-5 rel 1e-5 = [
//     1.1276259422302246, 1.5430806875228882, 3.762195587158203, 1.0,
//     0.5210952758789062, -1.175201177597046, 3.6268603801727295, 0.0,
//     0.46211716532707214, -0.7615941762924194, 0.9640275835990906, 0.0,
//     28.647890090942383, -57.295780181884766, 114.59156036376953, 0.0,
//     3.1415927410125732, -1.5707963705062866, 0.7853981852531433, 0.0]
StructuredBuffer<float> x : register(t0);
RWStructuredBuffer<float> dst : register(u1);

[numthreads(1, 1, 1)]
void main() {
    float4 v = float4(x[0], x[1], x[2], x[3]);
    float4 c = cosh(v);
    float4 s = sinh(v);
    for (uint i = 0; i < 4; ++i) {
        dst[i] = c[i];
        dst[4 + i] = s[i];
        dst[8 + i] = tanh(x[i]);
        dst[12 + i] = degrees(x[i]);
    }
    float4 r = radians(float4(180.0f, -90.0f, 45.0f, 0.0f) * (x[0] * 2.0f));
    dst[16] = r.x;
    dst[17] = r.y;
    dst[18] = r.z;
    dst[19] = r.w;
}
