// Which intrinsics keep a `double` argument, from DXC's signatures (gen_intrin_main.txt):
// `float_like` (float, half, min-precision, literal float; no double) converts a double to
// its first type, float: floor, sqrt, lerp, step, frac, pow, fmod, trunc, round, ceil,
// smoothstep, exp, ldexp, length, distance return float. `numeric` (abs, mad, min, dot)
// and `any_float` (saturate, rcp) and `double_only` (fma) keep double; sign returns int.
// d = -1.5: floor 81 -2.0, abs 91 1.5, saturate 91 0.0, min(d, 1) 91 -1.5, sign 11 -1,
// fma(d, d, d) = 2.25 - 1.5 = 0.75 (91), mad same (91), dot(double2(d, 1), double2(d, 1)) =
// 3.25 (91), trunc 81 -1.0, pow(d, 2.0) 81 (float pow of a negative base: value not checked)
// tags: float 81, double 91, int 11.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float[1] = [-1.5]
// buffer u1 rw float[9] = 0
// buffer u2 rw uint[22] = 0
// expect u1 = [-2.0, 1.5, 0.0, -1.5, -1.0, 0.75, 0.75, 3.25, -1.0]
// expect u2 = [81, 91, 91, 91, 11, 91, 91, 91, 81, 81, 81, 81, 81, 81, 81, 81, 81, 81, 81, 81, 91, 81]
// peer-bug glslang: `saturate`, `min`, `dot` of doubles return float and `sign(double)` float, not int (as gen_op_double_min_s)
StructuredBuffer<float> I : register(t0);
RWStructuredBuffer<float> o : register(u1);
RWStructuredBuffer<uint> t : register(u2);

uint tag(int x) { return 11; }
uint tag(float x) { return 81; }
uint tag(double x) { return 91; }

[numthreads(1, 1, 1)]
void main() {
    double d = I[0];
    double2 w = double2(d, 1.0);
    o[0] = (float)floor(d);
    o[1] = (float)abs(d);
    o[2] = (float)saturate(d);
    o[3] = (float)min(d, 1);
    o[4] = (float)sign(d);
    o[5] = (float)fma(d, d, d);
    o[6] = (float)mad(d, d, d);
    o[7] = (float)dot(w, w);
    o[8] = (float)trunc(d);
    t[0] = tag(floor(d));
    t[1] = tag(abs(d));
    t[2] = tag(saturate(d));
    t[3] = tag(min(d, 1));
    t[4] = tag(sign(d));
    t[5] = tag(fma(d, d, d));
    t[6] = tag(mad(d, d, d));
    t[7] = tag(dot(w, w));
    t[8] = tag(trunc(d));
    t[9] = tag(sqrt(d * d));
    t[10] = tag(lerp(d, d, d));
    t[11] = tag(step(d, d));
    t[12] = tag(frac(d));
    t[13] = tag(pow(d, 2.0));
    t[14] = tag(fmod(d, d));
    t[15] = tag(round(d));
    t[16] = tag(ceil(d));
    t[17] = tag(smoothstep(d, d, d));
    t[18] = tag(exp(d));
    t[19] = tag(length(w));
    t[20] = tag(rcp(d));
    t[21] = tag(distance(w, w));
}
