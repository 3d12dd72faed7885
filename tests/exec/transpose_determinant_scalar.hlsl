// transpose and determinant take a scalar as a 1x1 matrix, as DXC's intrinsic table does
// (`transpose(in any<r, c>)`, `determinant(in float_like<r, r>)`): transpose(x) is x (its
// type kept: int stays int), determinant(x) is x converted to float. hlslc rejected both
// (E0510) until vkd3d's shader tests (transpose, determinant) showed DXC accepting them.
// Inputs come from a buffer so nothing folds. Hand-derived, with x = -7 (int) and f = 2.5:
//   transpose(x) = -7, transpose(x) / 2 = -3 (int division: the int type is kept),
//   transpose(f) = 2.5, determinant(f) = 2.5, determinant(x) = -7.0 (float)
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro int[1] = [-7]
// buffer t1 ro float[1] = [2.5]
// buffer u2 rw = i32 [0, 0] f32 [0, 0, 0]
// expect u2 = i32 [-7, -3] f32 [2.5, 2.5, -7]
// peer-bug glslang: transpose and determinant of a scalar do not compile
StructuredBuffer<int> ints : register(t0);
StructuredBuffer<float> floats : register(t1);
RWByteAddressBuffer results : register(u2);

[numthreads(1, 1, 1)]
void main() {
    int x = ints[0];
    float f = floats[0];
    results.Store(0, asuint(transpose(x)));
    results.Store(4, asuint(transpose(x) / 2));
    results.Store(8, asuint(transpose(f)));
    results.Store(12, asuint(determinant(f)));
    results.Store(16, asuint(determinant(x)));
}
