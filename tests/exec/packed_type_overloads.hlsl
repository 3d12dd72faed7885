// `int8_t4_packed` and `uint8_t4_packed` are types of their own for overloading (DXC), though
// a `uint` underneath: foo picks the overload of the argument's written type, 2 for the signed
// packed one, 3 for the unsigned one, 1 for a plain `uint`; 2 * 100 + 3 * 10 + 1 = 231. The
// values pass through unchanged: unpack_u8u32 of 0x04030201 is 1, 2, 3, 4 (sum 10) and
// unpack_s8s32 of 0xFF7F8001 is 1, -128, 127, -1 (sum -1).
// exec: -T cs_6_6 -E main dispatch 1 1 1
// buffer u0 rw int[4] = [-8421375, 67305985, 0, 0]
// expect u0 = [-8421375, 67305985, -1, 241]
// peer-bug glslang: has no SM 6.6 packed types
int foo(uint a) { return 1; }
int foo(int8_t4_packed a) { return 2; }
int foo(uint8_t4_packed a) { return 3; }

RWStructuredBuffer<int> o : register(u0);

[numthreads(1, 1, 1)]
void main() {
  int8_t4_packed s = o[0];
  uint8_t4_packed u = o[1];
  uint p = 7;
  int4 sv = unpack_s8s32(s);
  uint4 uv = unpack_u8u32(u);
  o[2] = sv.x + sv.y + sv.z + sv.w;
  o[3] = foo(s) * 100 + foo(u) * 10 + foo(p) + (int)(uv.x + uv.y + uv.z + uv.w);
}
