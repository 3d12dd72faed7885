// An unsuffixed integer literal is DXC's 64-bit "literal int", so negating one above INT_MAX
// stays negative: `-2147483648` is INT_MIN (also in an `int64_t` context), and
// `-3000000000` is -3000000000 as an `int64_t`. hlslc typed `2147483648` as `uint` and negated
// it there, giving +2147483648 once widened: llvm/offload-test-suite's clamp.int64 test
// (`clamp(100, -2147483648, 2147483647)` as `int64_t4`) got 2147483647 instead of 100.
// Hand derivation: clamp(100, -2^31, 2^31 - 1) = 100; -2^31 = 0xFFFFFFFF80000000 as i64;
// int(-2147483648) = 0x80000000; uint(-2147483648) = 0x80000000.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// requires int64
// buffer u0 rw i64[4] = 0
// buffer u1 rw uint[2] = 0
// expect u0 = [100, -2147483648, -3000000000, 2147483647]
// expect u1 = [0x80000000, 0x80000000]
// peer-bug glslang: does not parse RWStructuredBuffer<int64_t> ("type: Expected")

RWStructuredBuffer<int64_t> Wide : register(u0);
RWStructuredBuffer<uint> Narrow : register(u1);

[numthreads(1, 1, 1)]
void main() {
  int64_t4 c = clamp(int64_t4(100, 0, 0, 0), int64_t4(-2147483648, 0, 0, 0), int64_t4(2147483647, 0, 0, 0));
  Wide[0] = c.x;
  Wide[1] = -2147483648;
  Wide[2] = -3000000000;
  Wide[3] = clamp(int64_t(2147483647), -2147483648, 2147483647);
  int i = -2147483648;
  Narrow[0] = asuint(i);
  Narrow[1] = -2147483648;
}
