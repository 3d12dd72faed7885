// Procedural terrain noise as material and terrain compute passes write it: 2-D gradient
// (Perlin) noise whose lattice gradients come from an integer hash (PCG's RXS-M-XS output
// on x * 0x27D4EB2D ^ y * 0x165667B1 + seed, wrapping uint arithmetic), one of 8 unit
// directions chosen by the hash's top 3 bits; quintic fade 6t^5 - 15t^4 + 10t^3; `lerp`
// of the four corner dot products; three octaves of fBm (frequency x2, amplitude x0.5,
// seed + octave) over an 8x8 grid of points with `floor`/`frac` on negative coordinates
// too, written to an `RWTexture2D<float>` (r32float). Each thread also stores its first
// corner hash (exact) and the octave-0 value.
// Tolerance: abs 2e-6 (values within [-2, 2]; f32 rounding of the fade polynomial and the
// lerps; the model computes in double).
// Expected values: tests/exec/work/models.py (gradient_noise_fbm).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture u0 wo 2d r32float 8x8
// buffer u1 rw uint[64] = 0
// buffer u2 rw float[64] = 0
// expect u0 ~ abs 2e-6 = [-0.346337605, -0.114730566, 0.31329433, -0.173592064, -0.130785484,
//     -0.189538962, 0.0392660044, 0.0202636771, -0.0828978052, 0.188870189, 0.238324159,
//     -0.00766347662, 0.270595379, -0.0821877683, -0.241994955, -0.115305646, -0.112612582,
//     0.0411322069, 0.08604467, -0.282546031, -0.00702656, 0.0981093949, 0.144131608, 0.126689591,
//     0.299377741, 0.128626368, 0.0916708436, -0.339965939, -0.541930705, -0.176731724,
//     -0.0998731363, 0.0926404315, 0.276587504, 0.0923725567, 0.193465602, 0.234860089,
//     -0.334258843, -0.219126454, -0.0788087283, -0.276255909, -0.369090547, -0.103881391,
//     -0.00827257049, 0.497522524, -0.0173356276, 0.00172132665, 0.155767138, 0.260566144,
//     -0.46137383, -0.362489582, -0.126793729, 0.103097718, 0.30501948, -0.0119735419,
//     -0.154977267, 0.241236855, 0.081135903, 0.00226125652, -0.36080131, -0.168822604,
//     0.389990872, -0.192147241, 0.0369471021, -0.0747731271]
// expect u1 = [754008776, 73392528, 73392528, 73392528, 4193270501, 4193270501, 4193270501,
//     967851721, 754008776, 73392528, 73392528, 73392528, 4193270501, 4193270501, 4193270501,
//     967851721, 123392850, 12631688, 12631688, 12631688, 3476716422, 3476716422, 3476716422,
//     2448876814, 123392850, 12631688, 12631688, 12631688, 3476716422, 3476716422, 3476716422,
//     2448876814, 123392850, 12631688, 12631688, 12631688, 3476716422, 3476716422, 3476716422,
//     2448876814, 3736460286, 1728213822, 1728213822, 1728213822, 2808784606, 2808784606,
//     2808784606, 1477290954, 3736460286, 1728213822, 1728213822, 1728213822, 2808784606,
//     2808784606, 2808784606, 1477290954, 3736460286, 1728213822, 1728213822, 1728213822,
//     2808784606, 2808784606, 2808784606, 1477290954]
// expect u2 ~ abs 2e-6 = [-0.335449277, 0.0630946424, 0.331265042, 0.0312195704, -0.146650579,
//     -0.000959127775, -0.0452638394, -0.122613114, -0.177046956, 0.0616280768, 0.207710913,
//     0.0480300501, 0.145152082, -0.0856228262, -0.204577068, 0.0315037167, -0.130035992,
//     0.062732962, 0.100603985, -0.12926316, 0.0563049703, -0.0296835484, -0.00071209136,
//     0.203950143, 0.156619171, 0.25284656, 0.1317904, -0.320869708, -0.315808629, -0.229468609,
//     -0.0529846735, 0.0483356235, 0.245730589, 0.18198664, 0.201660098, -0.0221723987,
//     -0.269132217, -0.29893638, -0.153822866, -0.0610333232, -0.109162627, -0.206398535,
//     0.0606252952, 0.249002835, 0.0387684149, 0.00465494004, 0.146867669, 0.228742255,
//     -0.30386925, -0.432411913, -0.271406037, 0.260221081, 0.339795037, 0.0655704855,
//     -0.000657195596, 0.105383897, 0.0476075736, -0.0914345427, -0.35314656, -0.112421449,
//     0.13889557, -0.0464479223, -0.0843565975, 0.0515475015]
RWTexture2D<float> Height : register(u0);
RWStructuredBuffer<uint> CornerHash : register(u1);
RWStructuredBuffer<float> Octave0 : register(u2);

uint PcgHash(uint v)
{
    uint state = v * 747796405u + 2891336453u;
    uint word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
    return (word >> 22u) ^ word;
}

uint LatticeHash(int2 cell, uint seed)
{
    return PcgHash(uint(cell.x) * 0x27D4EB2Du ^ uint(cell.y) * 0x165667B1u + seed);
}

static const float2 Gradients[8] = {
    float2(1, 0), float2(-1, 0), float2(0, 1), float2(0, -1),
    float2(0.70710678, 0.70710678), float2(-0.70710678, 0.70710678),
    float2(0.70710678, -0.70710678), float2(-0.70710678, -0.70710678)
};

float2 Fade(float2 t)
{
    return t * t * t * (t * (t * 6.0 - 15.0) + 10.0);
}

float GradientNoise(float2 p, uint seed)
{
    const int2 cell = int2(floor(p));
    const float2 f = frac(p);
    float c[4];
    [unroll]
    for (uint k = 0; k < 4; ++k)
    {
        int2 corner = int2(k & 1, k >> 1);
        float2 g = Gradients[LatticeHash(cell + corner, seed) >> 29];
        c[k] = dot(g, f - float2(corner));
    }
    const float2 u = Fade(f);
    return lerp(lerp(c[0], c[1], u.x), lerp(c[2], c[3], u.x), u.y);
}

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex)
{
    const float2 p = float2(id.xy) * 0.375 - float2(1.3125, 0.6875);
    float sum = 0, amplitude = 1, frequency = 1;
    [loop]
    for (uint octave = 0; octave < 3; ++octave)
    {
        float n = GradientNoise(p * frequency, 17u + octave);
        if (octave == 0)
            Octave0[gi] = n;
        sum += amplitude * n;
        amplitude *= 0.5;
        frequency *= 2.0;
    }
    Height[id.xy] = sum;
    CornerHash[gi] = LatticeHash(int2(floor(p)), 17u);
}
