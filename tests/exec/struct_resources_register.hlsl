// A global struct of resources only, declared with a register (or `[[vk::binding]]`), binds
// its resources from that register on, one per resource in declaration order, and an array of
// such structs continues element after element: DXC's SPIR-V keeps the struct as one variable
// whose flattened resources take consecutive bindings (`getNumBindingsUsedByResourceType`).
// A struct of resources without a register takes the next free bindings (0 and 1 here).
// Found by running llvm/offload-test-suite's ResourcesInStructs tests through hlslc, which
// used to ignore the register (warning W0702) and bind `p` at 0 and 1.
// Hand derivation, thread i (0..3):
//   p.Out[i] (u6) = p.In[i] (t5) + 100 * arr[2].Src[i] (t12) + 10000 * arr[1].Src[i] (t11)
//     = 1 + 1300 + 90000, 2 + 1400 + 100000, 3 + 1500 + 110000, 4 + 1600 + 120000
//   q.Out[i] (u1) = q.In[i] (t0) + arr[0].Src[i] (t10) = 100 + 5, 200 + 6, 300 + 7, 400 + 8
//   v.Out[i] (u20) = 2 * i + 1 (a `[[vk::binding(20)]]` struct)
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t5 ro uint[4] = [1, 2, 3, 4]
// buffer u6 rw uint[4] = 0
// buffer t10 ro uint[4] = [5, 6, 7, 8]
// buffer t11 ro uint[4] = [9, 10, 11, 12]
// buffer t12 ro uint[4] = [13, 14, 15, 16]
// buffer t0 ro uint[4] = [100, 200, 300, 400]
// buffer u1 rw uint[4] = 0
// buffer u20 rw uint[4] = 0
// expect u6 = [91301, 101402, 111503, 121604]
// expect u1 = [105, 206, 307, 408]
// expect u20 = [1, 3, 5, 7]
// peer-bug glslang: crashes the driver (not run): lavapipe aborts with SIGBUS on glslang's SPIR-V for this kernel, which would end the whole test process

struct Pair {
  Buffer<uint> In;
  RWBuffer<uint> Out;
};

struct One {
  Buffer<uint> Src;
};

struct Sink {
  RWBuffer<uint> Out;
};

Pair p : register(t5);
One arr[3] : register(t10);
Pair q;
[[vk::binding(20)]] Sink v : register(u20);

[numthreads(4, 1, 1)]
void main(uint3 id : SV_GroupThreadID) {
  uint i = id.x;
  p.Out[i] = p.In[i] + 100 * arr[2].Src[i] + 10000 * arr[1].Src[i];
  q.Out[i] = q.In[i] + arr[0].Src[i];
  v.Out[i] = 2 * i + 1;
}
