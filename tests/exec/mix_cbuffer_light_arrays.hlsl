// A forward-lighting loop over a cbuffer array of structs, as engines bind per-frame lights:
// `Light lights[4]` (float3 + float radius in one register, float3 colour + uint type in the
// next: 32 bytes each), `float2 falloff[3]` (each element starts a register) and a uint mask
// packed after the last float2 (offset 168), plus loose `$Globals` uniforms (light count,
// ambient) at b0. The loop runs to the run-time count, skips masked-out lights with
// `continue`, switches on the light's type (0: point light weighted by max(0, radius - L1
// distance); 1: directional, 0.5; default: skipped with `continue` from inside the switch),
// then scales the weight by falloff[type] (x * w + y). Thread t (8 threads) shades p = (t / 2,
// 0, 1). Lights: pos (1,0,1) r 4 colour (1, 0.5, 0.25) type 0; (5,1,0) r 2 (0,1,0) type 1;
// (3,0,1) r 8 (0.5,0.5,1) type 0; (0,0,0) r 1 (8,8,8) type 2; falloff (1,0), (0.5,0.25),
// (2,-1); mask 0b1101; count 4; ambient 0.125. Exact in binary.
// layout $Globals: gLightCount=0 gAmbient=4
// layout Lights: lights=0 falloff=128 lightMask=168
// Expected values: tests/exec/mix/models.py (cbuffer_light_arrays).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// cbuffer b0 = u32 [4] f32 [0.125]
// cbuffer b1 = f32 [1, 0, 1, 4, 1, 0.5, 0.25] u32 [0] f32 [5, 1, 0, 2,
//     0, 1, 0] u32 [1] f32 [3, 0, 1, 8,
//     0.5, 0.5, 1] u32 [0] f32 [0, 0, 0, 1,
//     8, 8, 8] u32 [2] f32 [1, 0, 0, 0,
//     0.5, 0.25, 0, 0, 2, -1] u32 [13]
// buffer u2 rw float3[8] = 0
// expect u2 = [5.625, 4.125, 5.875, 6.375, 4.625, 6.5, 7.125, 5.125, 7.125, 6.875, 5.125, 7.5,
//     6.625, 5.125, 7.875, 6.375, 5.125, 8.25, 6.125, 5.125, 8.625, 5.375, 4.625, 8]
// peer-bug glslang: std140 packing: the uint after the float2 array is read from the next register (cbuffer_tail_packing), so the mask is 0 and only the ambient term remains; float3 structured elements get a 16-byte stride (structured_vec3_stride)
uint gLightCount;
float gAmbient;

struct Light {
    float3 pos;
    float radius;
    float3 color;
    uint type;
};

cbuffer Lights : register(b1) {
    Light lights[4];
    float2 falloff[3];
    uint lightMask;
};

RWStructuredBuffer<float3> Out : register(u2);

float pointWeight(Light l, float3 p) {
    float3 d = abs(p - l.pos);
    return max(0.0f, l.radius - (d.x + d.y + d.z));
}

[numthreads(8, 1, 1)]
void main(uint t : SV_GroupIndex) {
    float3 p = float3(t * 0.5f, 0, 1);
    float3 acc = gAmbient;
    [loop] for (uint i = 0; i < gLightCount; ++i) {
        if (((lightMask >> i) & 1) == 0)
            continue;
        Light l = lights[i];
        float w;
        switch (l.type) {
        case 0:
            w = pointWeight(l, p);
            break;
        case 1:
            w = 0.5f;
            break;
        default:
            continue;
        }
        float2 f = falloff[l.type];
        w = w * f.x + f.y;
        acc += l.color * w;
    }
    Out[t] = acc;
}
