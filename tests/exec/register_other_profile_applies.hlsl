// A `register(...)` naming another stage's profile still places the resource when no
// register of the declaration names this stage: DXC ignores the profile at SM 6 (its DXIL
// back end takes the register number alone, its SPIR-V back end the first register), as
// vkd3d's register-reservations-profile test shows on Windows (`register(vs, t1)` in a pixel
// shader reads t1). hlslc dropped the register, so `results` took the first free binding.
// A register naming this stage still wins over one for another stage (`values`: t2, not t1).
// Hand-derived: results[i] = values[i] * 3 for i < 4.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t2 ro uint[4] = [1, 2, 3, 4]
// buffer u3 rw uint[4] = 0
// expect u3 = [3, 6, 9, 12]
StructuredBuffer<uint> values : register(vs, t1) : register(cs, t2);
RWStructuredBuffer<uint> results : register(ps, u3);

[numthreads(4, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
    results[i] = values[i] * 3;
}
