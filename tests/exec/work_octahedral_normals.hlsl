// G-buffer normal packing as deferred renderers write it: each thread normalises a normal,
// maps it to the octahedron (divide by |x| + |y| + |z|; the lower hemisphere folded with
// (1 - |yx|) * sign-not-zero), quantises both coordinates to snorm16 with
// round(clamp(v, -1, 1) * 32767) packed as two 16-bit halves of a uint, then unpacks them
// (sign-extending with `<< 16 >> 16` on int) and decodes back to a unit vector. Inputs cover
// the axes (+-z exercise the fold and sign-not-zero at zero components), diagonals and
// random directions. Outputs: the decoded normal (abs 2e-4 of the normalised input: the
// quantisation step is 1/32767 per coordinate, an error of at most ~1e-4 after decoding),
// a flag for the cosine between input and decoded normal above 0.999999 (the model's
// 1 - cos is below 1e-8 for every input; f32 rounding of the dot product adds ~1e-7), and the packed words of the six axes, whose encodings are exact
// (+x: (32767, 0); -x: (-32767, 0); +-y likewise; +z: (0, 0); -z: folds to (32767, 32767)).
// Expected values: tests/exec/work/models.py (octahedral_normals).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro float3[32] = [1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1, 1, 1, 1, -1,
//     1, -1, 1, -1, -1, -1, -1, 1, -0.0520000011, -3.56399989, -2.28399992, 1.08399999,
//     -2.72799993, 2.01999998, 3.02800012, 0.419999987, 3.92400002, -0.879999995, 3.01999998,
//     0.159999996, -3.81200004, -0.991999984, -1.15600002, 3.3039999, -1.46000004, 3.22399998,
//     0.648000002, 0.159999996, 0.231999993, -3.78399992, -2.33999991, -0.328000009, 0.688000023,
//     -3.1400001, 1.98399997, -2.97600007, -2.38000011, -1.76400006, 3.86800003, -2.83599997,
//     0.75999999, -2.01200008, 1.16400003, -2.23200011, 1.57599998, 1.12800002, 3.50399995,
//     1.75600004, -2.56800008, 3.15199995, -2.94000006, -1.41600001, -3.12800002, -0.963999987,
//     -0.579999983, 2.63199997, 0.247999996, 3.70000005, -0.712000012, 2.25999999, 3.33999991,
//     -0.287999988, 2.46399999, -3.66400003, -2.85599995, -2.38000011, 1.55200005, -1.32000005,
//     2.5079999, 2.94400001, -0.624000013, 3.46399999, 2.44000006, 0.867999971]
// buffer u1 rw float3[32] = 0
// buffer u2 rw uint[32] = 0
// buffer u3 rw uint[6] = 0
// expect u1 ~ abs 2e-4 = [1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1, 0.577332649,
//     0.577332649, 0.577385508, -0.577332649, 0.577332649, -0.577385508, 0.577332649, -0.577332649,
//     -0.577385508, -0.577332649, -0.577332649, 0.577385508, -0.0122922467, -0.841870034,
//     -0.539540311, 0.30418551, -0.765558507, 0.566913881, 0.608749784, 0.084444301, 0.788855412,
//     -0.279391845, 0.958830955, 0.0508271281, -0.928609655, -0.241656506, -0.281578126,
//     0.682398481, -0.301548329, 0.665883562, 0.917019042, 0.226425009, 0.328340968, -0.848204869,
//     -0.524539037, -0.0735343348, 0.182141368, -0.831257706, 0.525200104, -0.708724092,
//     -0.566782636, -0.420080475, 0.796531808, -0.583995113, 0.156482546, -0.624369835, 0.36122389,
//     -0.692589064, 0.39355811, 0.281707741, 0.875073004, 0.396477079, -0.579827121, 0.711762906,
//     -0.650398531, -0.313274619, -0.691983211, -0.336783435, -0.20263107, 0.919520292,
//     0.0656834986, 0.979866733, -0.188538758, 0.558990417, 0.826107568, -0.0712460554,
//     0.468571623, -0.696783262, -0.543078005, -0.759672809, 0.495380956, -0.421301474,
//     0.640191963, 0.751521464, -0.159278814, 0.800914753, 0.564142926, 0.200694587]
// expect u2 = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
//     1, 1, 1, 1]
// peer-bug glslang: std430 strides in structured buffers (float3 stride 16, not 12)
// expect u3 = [32767, 32769, 2147418112, 2147549184, 0, 2147450879]
StructuredBuffer<float3> Normals : register(t0);
RWStructuredBuffer<float3> Decoded : register(u1);
RWStructuredBuffer<uint> Close : register(u2);
RWStructuredBuffer<uint> AxisWords : register(u3);

float2 SignNotZero(float2 v)
{
    return float2(v.x >= 0.0 ? 1.0 : -1.0, v.y >= 0.0 ? 1.0 : -1.0);
}

uint EncodeOctahedral(float3 n)
{
    float2 p = n.xy / (abs(n.x) + abs(n.y) + abs(n.z));
    if (n.z < 0.0)
        p = (1.0 - abs(p.yx)) * SignNotZero(p);
    int2 q = int2(round(clamp(p, -1.0, 1.0) * 32767.0));
    return (uint(q.x) & 0xFFFF) | (uint(q.y) << 16);
}

float3 DecodeOctahedral(uint w)
{
    int2 q = int2(int(w << 16) >> 16, int(w) >> 16);
    float2 p = float2(q) / 32767.0;
    float3 n = float3(p, 1.0 - abs(p.x) - abs(p.y));
    if (n.z < 0.0)
        n.xy = (1.0 - abs(n.yx)) * SignNotZero(n.xy);
    return normalize(n);
}

[numthreads(32, 1, 1)]
void main(uint i : SV_GroupIndex)
{
    const float3 n = normalize(Normals[i]);
    const uint word = EncodeOctahedral(n);
    const float3 back = DecodeOctahedral(word);
    Decoded[i] = back;
    Close[i] = dot(n, back) > 0.999999 ? 1 : 0;
    if (i < 6)
        AxisWords[i] = word;
}
