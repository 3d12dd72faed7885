// Functions returning a resource, in the forms glslang's HLSL front end computes correctly
// (lavapipe runs its output to the expected values): textures (glslang writes invalid SPIR-V
// for buffers returned from functions or held in structs passed by value, which
// `resource_value_choice` and `resource_value_struct` cover). A function returning a
// texture, one choosing it through a branch on a `static const`, and one returning its
// resource parameter. Expected values by hand from a = [1, 2, 3, 4], b = [10, 20, 30, 40]
// (4×1 `r32uint` textures) and k = 1 (a run-time index): o[0] = b[1] = 20; o[1] = b[3] = 40;
// o[2] = a[2] = 3.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// peer-bug glslang: passes the texture argument of `same` through a Function variable of image type (an OpStore of an image), which SPIRV-Tools 2025.5 rejects (VUID-StandaloneSpirv-OpTypeImage-06924)
// texture t0 sampled 2d r32uint 4x1 = [1, 2, 3, 4]
// texture t1 sampled 2d r32uint 4x1 = [10, 20, 30, 40]
// buffer u2 rw uint[3] = 0
// expect u2 = [20, 40, 3]
Texture2D<uint> a : register(t0);
Texture2D<uint> b : register(t1);
RWStructuredBuffer<uint> o : register(u2);

static const bool kUseB = true;

Texture2D<uint> pick() { return b; }

Texture2D<uint> pick_constant() {
    if (kUseB) {
        return b;
    }
    return a;
}

Texture2D<uint> same(Texture2D<uint> x) { return x; }

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int k = int(id.x) + 1;
    o[0] = pick().Load(int3(k, 0, 0));
    o[1] = pick_constant().Load(int3(3, 0, 0));
    o[2] = same(a).Load(int3(k + 1, 0, 0));
}
