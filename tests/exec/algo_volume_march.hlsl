// Ray marching through an 8x8x8 density volume (Texture3D<float>, r32float): 24 rays along
// the three axes step one voxel at a time with Load(int4(p, 0)), accumulating density
// until it reaches 10 (early break) or the ray leaves the volume (bounds from
// GetDimensions with three outputs); the axis is picked per ray and used as a dynamic
// index into int3 position and step vectors. Output per ray: voxels visited, density
// accumulated (as uint), the coordinate along the ray where it stopped. Integer densities:
// exact.
// Expected values: tests/exec/algo/models.py (volume_march).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u1 rw uint[72] = 0
// texture t0 sampled 3d r32float 8x8x8 = [4, 4, 4, 1, 0, 4, 4, 1, 4, 4, 1, 4, 4, 4, 4, 4, 4, 4, 0, 0, 1, 4, 0, 0, 1, 0, 0, 4, 4, 1, 4, 4,
//     0, 4, 1, 4, 4, 1, 4, 0, 4, 4, 4, 4, 1, 1, 4, 1, 0, 4, 4, 1, 0, 4, 0, 4, 1, 0, 1, 0, 0, 0, 4, 4,
//     0, 4, 4, 0, 1, 4, 4, 4, 0, 4, 0, 0, 4, 4, 4, 0, 0, 4, 4, 4, 4, 0, 4, 4, 4, 1, 4, 1, 4, 4, 4, 4,
//     1, 4, 0, 1, 0, 1, 1, 4, 0, 4, 4, 1, 4, 1, 4, 4, 1, 4, 1, 4, 1, 4, 4, 1, 4, 1, 1, 4, 1, 0, 1, 1,
//     1, 4, 4, 4, 4, 4, 1, 1, 1, 4, 4, 4, 1, 4, 1, 4, 4, 4, 4, 0, 0, 0, 4, 1, 4, 1, 4, 4, 0, 4, 1, 0,
//     4, 4, 4, 4, 1, 1, 1, 0, 4, 4, 1, 0, 4, 1, 1, 1, 4, 4, 0, 1, 4, 4, 4, 0, 0, 1, 0, 0, 4, 0, 1, 4,
//     4, 4, 1, 0, 0, 4, 0, 4, 4, 4, 4, 1, 4, 4, 1, 1, 4, 0, 4, 4, 1, 0, 4, 4, 1, 1, 4, 1, 1, 4, 0, 4,
//     4, 0, 4, 1, 4, 1, 0, 4, 4, 4, 0, 4, 1, 1, 0, 0, 0, 0, 4, 0, 0, 4, 4, 4, 1, 1, 4, 4, 0, 0, 0, 1,
//     0, 0, 0, 4, 1, 4, 4, 4, 0, 4, 4, 4, 4, 4, 0, 4, 0, 0, 1, 1, 4, 0, 1, 1, 4, 1, 1, 0, 4, 4, 0, 0,
//     1, 0, 4, 4, 0, 4, 4, 1, 0, 4, 0, 0, 4, 4, 4, 4, 1, 0, 4, 4, 1, 4, 1, 0, 4, 1, 4, 1, 1, 1, 4, 0,
//     1, 0, 4, 1, 4, 0, 4, 0, 1, 0, 1, 1, 0, 0, 4, 1, 1, 0, 0, 4, 0, 1, 0, 4, 4, 4, 0, 4, 0, 4, 4, 4,
//     4, 0, 1, 4, 1, 4, 4, 4, 1, 0, 4, 4, 4, 4, 4, 0, 4, 0, 4, 0, 4, 4, 0, 4, 0, 4, 4, 4, 4, 1, 4, 4,
//     4, 0, 4, 4, 0, 0, 4, 4, 4, 0, 0, 0, 4, 0, 4, 4, 4, 0, 4, 1, 1, 1, 0, 4, 0, 4, 4, 0, 1, 4, 4, 1,
//     4, 0, 0, 0, 4, 4, 4, 1, 4, 0, 4, 1, 0, 4, 4, 4, 4, 0, 1, 4, 0, 4, 4, 1, 1, 4, 1, 1, 0, 1, 4, 0,
//     0, 0, 4, 1, 1, 0, 1, 0, 4, 0, 0, 4, 4, 0, 4, 4, 0, 1, 4, 0, 4, 1, 4, 0, 4, 4, 4, 4, 4, 4, 1, 4,
//     0, 1, 4, 4, 4, 4, 1, 4, 0, 0, 1, 4, 4, 4, 1, 1, 1, 1, 0, 1, 1, 4, 4, 4, 4, 4, 0, 0, 1, 1, 1, 4]
// expect u1 = [3, 12, 2, 8, 10, 7, 4, 10, 3, 8, 8, 8,
//     8, 8, 8, 3, 12, 2, 3, 12, 2, 4, 13, 3,
//     6, 13, 5, 3, 12, 2, 5, 13, 4, 6, 13, 5,
//     6, 13, 5, 7, 13, 6, 6, 10, 5, 5, 13, 4,
//     4, 12, 3, 6, 12, 5, 6, 13, 5, 4, 10, 3,
//     4, 10, 3, 4, 10, 3, 5, 10, 4, 6, 13, 5]
Texture3D<float> Volume : register(t0);
RWStructuredBuffer<uint> Out : register(u1);

[numthreads(24, 1, 1)]
void main(uint r : SV_GroupIndex) {
    uint w, h, d;
    Volume.GetDimensions(w, h, d);
    int3 size = int3(w, h, d);
    uint axis = r % 3;
    int a = (r / 3) % 8, b = (r * 5 / 3) % 8;
    int3 pos = axis == 2 ? int3(a, b, 0) : (axis == 0 ? int3(0, a, b) : int3(a, 0, b));
    int3 step = 0;
    step[axis] = 1;
    float total = 0;
    uint steps = 0;
    while (pos[axis] >= 0 && pos[axis] < size[axis]) {
        total += Volume.Load(int4(pos, 0));
        steps++;
        if (total >= 10.0)
            break;
        pos += step;
    }
    Out[r * 3 + 0] = steps;
    Out[r * 3 + 1] = (uint)total;
    Out[r * 3 + 2] = pos[axis];
}
