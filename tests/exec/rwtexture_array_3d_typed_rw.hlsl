// Typed UAVs beyond 2D in one compute pass: a `RWTexture2DArray<unorm float4>` (rgba8unorm,
// write-only) stored with out-of-range values, which the store clamps to [0, 1] before
// converting (x 255, values chosen k/255 so the rounding is exact); a `RWTexture3D<uint>`
// (r32uint) and a `RWTexture2DArray<int>` (r32sint) each read and rewritten in place by the
// thread owning the texel, through a helper taking the texture as a parameter; and
// GetDimensions of both.
// numthreads(2, 2, 2), thread (x, y, z):
// vol[x, y, z] = 3 * vol + 100 z (vol = iota, index 4z + 2y + x) →
//   [0, 3, 6, 9, 112, 115, 118, 121];
// threads with y = 0: ints[x, 0, z] = -2 * ints + z over [-5, 7, -9, 11] (layer-major) →
//   [10, -14, 19, -21]; ldr[x, 0, z] =
//   z = 0, x = 0: (-0.5, 1.7, 51/255, 1) → [0, 255, 51, 255];
//   z = 0, x = 1: (0.2, 0.6, 1e30, -1e30) → 0.2 * 255 = 51.0000008, 0.6 * 255 = 153.0000061 →
//   [51, 153, 255, 0];
//   z = 1, x = 0: (1/255, 254/255, 1, 0) → [1, 254, 255, 0];
//   z = 1, x = 1: (-inf, inf, 128/255, 2/255) → [0, 255, 128, 2].
// Thread (0, 1, 1) writes the dimensions: vol (2, 2, 2), ints (2, 1, 2).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// texture u0 wo 2darray rgba8unorm 2x1x2 = 0
// texture u1 rw 3d r32uint 2x2x2 = iota
// texture u2 rw 2darray r32sint 2x1x2 = [-5, 7, -9, 11]
// buffer u3 rw uint[6] = 0
// expect u0 = [0, 255, 51, 255,  51, 153, 255, 0,  1, 254, 255, 0,  0, 255, 128, 2]
// expect u1 = [0, 3, 6, 9, 112, 115, 118, 121]
// expect u2 = [10, -14, 19, -21]
// expect u3 = [2, 2, 2, 2, 1, 2]
// peer-bug glslang: the texture passed to `scaleInPlace` goes through a Function variable of
//   image type, which spirv-val rejects (as in resource_value_peer); inlined, glslang passes
[[vk::image_format("rgba8")]] RWTexture2DArray<unorm float4> ldr : register(u0);
[[vk::image_format("r32ui")]] RWTexture3D<uint> vol : register(u1);
[[vk::image_format("r32i")]] RWTexture2DArray<int> ints : register(u2);
RWStructuredBuffer<uint> dims : register(u3);

void scaleInPlace(RWTexture3D<uint> t, uint3 p) {
    t[p] = t[p] * 3 + 100 * p.z;
}

[numthreads(2, 2, 2)]
void main(uint3 id : SV_GroupThreadID) {
    scaleInPlace(vol, id);
    if (id.y == 0) {
        const uint3 q = uint3(id.x, 0, id.z);
        ints[q] = -2 * ints[q] + (int)id.z;
        float4 c;
        if (id.z == 0)
            c = id.x == 0 ? float4(-0.5, 1.7, 51.0 / 255, 1) : float4(0.2, 0.6, 1e30, -1e30);
        else
            c = id.x == 0 ? float4(1.0 / 255, 254.0 / 255, 1, 0)
                          : float4(-1.0 / 0.0, 1.0 / 0.0, 128.0 / 255, 2.0 / 255);
        ldr[q] = c;
    }
    if (all(id == uint3(0, 1, 1))) {
        uint w, h, d;
        vol.GetDimensions(w, h, d);
        dims[0] = w; dims[1] = h; dims[2] = d;
        ints.GetDimensions(w, h, d);
        dims[3] = w; dims[4] = h; dims[5] = d;
    }
}
