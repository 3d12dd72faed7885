// [[vk::offset(N)]] places a struct member at byte N of the buffer layouts, as DXC's SPIR-V
// does, and the members after it follow it: S is a @0, b @16, c @20, 24 bytes in all, in the
// push-constant block and as a structured buffer's element (stride 24). Pushed words
// 10, 0, 0, 0, 20, 30 give a = 10, b = 20, c = 30; the buffer's second element (words 6..11:
// 4, 0, 0, 0, 5, 6) has a = 4, b = 5, c = 6. Without the attribute b would read word 1 (0).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// push = u32 [10, 0, 0, 0, 20, 30]
// buffer t1 ro uint[12] = [1, 0, 0, 0, 2, 3,   4, 0, 0, 0, 5, 6]
// buffer u0 rw uint[6] = 0
// expect u0 = [10, 20, 30, 4, 5, 6]
// peer-bug glslang: ignores [[vk::offset]] (b reads word 1, and the buffer's stride is 12)
struct S {
  uint a;
  [[vk::offset(16)]] uint b;
  uint c;
};

[[vk::push_constant]] S pc;
StructuredBuffer<S> items : register(t1);
RWStructuredBuffer<uint> output : register(u0);

[numthreads(1, 1, 1)]
void main() {
  output[0] = pc.a;
  output[1] = pc.b;
  output[2] = pc.c;
  output[3] = items[1].a;
  output[4] = items[1].b;
  output[5] = items[1].c;
}
