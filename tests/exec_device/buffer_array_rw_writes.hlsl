// Writes through arrays of RW buffers: three RW structured buffers at u0 and two RW
// byte-address buffers at u3, each one binding. Thread t (0..3) picks k = t % 3 (0, 1, 2, 0):
//   outs[k][t] = t + 10k; InterlockedAdd(outs[k][4], 1) counts the threads per buffer (2, 1, 1
//   on top of 99); elements nobody writes keep 99.
//   raws[t & 1] gets t * 7 at word t and 100 stride + count of outs[k] (4 bytes, 5 elements
//   → 405) at word 4 + t; other words stay 0.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0[0] rw uint[5] = 99
// buffer u0[1] rw uint[5] = 99
// buffer u0[2] rw uint[5] = 99
// buffer u3[0] rw uint[8] = 0
// buffer u3[1] rw uint[8] = 0
// expect u0[0] = [0, 99, 99, 3, 101]
// expect u0[1] = [99, 11, 99, 99, 100]
// expect u0[2] = [99, 99, 22, 99, 100]
// expect u3[0] = [0, 0, 14, 0, 405, 0, 405, 0]
// expect u3[1] = [0, 7, 0, 21, 0, 405, 0, 405]
// peer-bug glslang: glslang's HLSL front end has no NonUniformResourceIndex ("no matching overloaded function found")
RWStructuredBuffer<uint> outs[3] : register(u0);
RWByteAddressBuffer raws[2] : register(u3);

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    int k = NonUniformResourceIndex(int(t % 3));
    outs[k][t] = t + 10 * k;
    InterlockedAdd(outs[k][4], 1);
    raws[NonUniformResourceIndex(int(t & 1))].Store(4 * t, t * 7);
    uint n, stride;
    outs[k].GetDimensions(n, stride);
    raws[NonUniformResourceIndex(int(t & 1))].Store(16 + 4 * t, 100 * stride + n);
}
