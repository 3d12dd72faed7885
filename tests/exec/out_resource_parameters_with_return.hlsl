// `out`/`inout` resource parameters of functions with `return`: the resource is handed back
// when every `return` and the end of the body agree on it. pickB binds r to b before either
// `return` (v = 2 + 1 = 3, so b[0] = 3); early binds r to a before its early `return`: with
// x = 0 it returns at once (r[1] = 11 writes a[1]), with x = 1 it writes a[3] = 5 and runs to
// its end (r[2] = 12 writes a[2]).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[4] = 0
// buffer u1 rw uint[4] = 0
// expect u0 = [0, 11, 12, 5]
// expect u1 = [3, 0, 0, 0]
// peer-bug glslang: cannot assign a structured buffer to an `out` parameter ("could not create assignment")
RWStructuredBuffer<uint> a : register(u0);
RWStructuredBuffer<uint> b : register(u1);

uint pickB(out RWStructuredBuffer<uint> r, uint x) {
  r = b;
  if (x > 5) {
    return x;
  }
  return x + 1;
}

void early(inout RWStructuredBuffer<uint> r, uint x) {
  r = a;
  if (x == 0) {
    return;
  }
  r[3] = 5;
}

[numthreads(1, 1, 1)]
void main() {
  RWStructuredBuffer<uint> r;
  uint v = pickB(r, 2);
  r[0] = v;
  early(r, 0);
  r[1] = 11;
  early(r, 1);
  r[2] = 12;
}
