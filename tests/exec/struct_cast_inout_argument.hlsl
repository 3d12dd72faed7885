// A cast of a struct place to another struct with the same scalar leaves (`(Param)local`,
// HLSL 2021 allows no implicit conversion between them) passed to an `inout` parameter names
// the place, as DXC keeps such a cast an lvalue: bump adds 1 to i and 0.5 to f, and the
// values go back into local (i = 7 + 1 = 8, f = 2.5 + 0.5 = 3). A cast to a struct of fewer
// leaves (`(First)local`) passes and writes back only the first: i = 8 * 2 = 16, f stays 3.
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer u0 rw uint[2] = 0
// expect u0 = [16, 3]
// peer-bug glslang: rejects a cast as an `inout` argument
struct Param { int i; float f; };
struct Call { int i; float f; };
struct First { int i; };

void bump(inout Param p) {
  p.i += 1;
  p.f += 0.5;
}

void twice(inout First p) {
  p.i *= 2;
}

RWStructuredBuffer<uint> output : register(u0);

[numthreads(1, 1, 1)]
void main() {
  Call local = { 7, 2.5 };
  bump((Param)local);
  twice((First)local);
  output[0] = local.i;
  output[1] = (uint)local.f;
}
