// `out` and `inout` resource parameters hand the resource the function ends with back to the
// caller's variable, as DXC's inlining does: pickB gives the unassigned local r the buffer b
// (r[1] = 7 writes b[1]); swapTo writes through the resource it gets (b[0] += 100) and rebinds
// the parameter to a (r[2] = 9 writes a[2]); getSrc hands back a read-only buffer next to an
// `out uint` (a[3] = src[3] + src[0] = 40 + 10).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[4] = 0
// buffer u1 rw uint[4] = [1, 2, 3, 4]
// buffer t2 ro uint[4] = [10, 20, 30, 40]
// expect u0 = [0, 0, 9, 50]
// expect u1 = [101, 7, 3, 4]
// peer-bug glslang: cannot assign a structured buffer to an `out` parameter ("could not create assignment")
RWStructuredBuffer<uint> a : register(u0);
RWStructuredBuffer<uint> b : register(u1);
StructuredBuffer<uint> src : register(t2);

void pickB(out RWStructuredBuffer<uint> r) { r = b; }

void swapTo(inout RWStructuredBuffer<uint> r) {
  r[0] += 100;
  r = a;
}

void getSrc(out StructuredBuffer<uint> s, out uint n) {
  s = src;
  n = 3;
}

[numthreads(1, 1, 1)]
void main() {
  RWStructuredBuffer<uint> r;
  pickB(r);
  r[1] = 7;
  swapTo(r);
  r[2] = 9;
  StructuredBuffer<uint> s;
  uint n;
  getSrc(s, n);
  a[3] = s[n] + s[0];
}
