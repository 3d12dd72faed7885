// An array of append buffers (u0, one binding): each element has its own hidden counter, and
// the counters are one binding array too. With DXC's numbering the counter array takes the next
// free binding of group 0 after the declared ones (0 and 3): 1. Four threads append
// t + 10 to apps[t & 1] (two each, in an order the device picks, so the contents are `_`:
// {10, 12} and {11, 13} in some order), and the counters of an array of RW structured buffers
// (u3, counters at 2) are incremented once per thread on cnts[t % 3].
//   apps counters: 2, 2 from 0; cnts counters: 2 (threads 0 and 3), 1, 1 from 0; the buffers
//   themselves are untouched.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0[0] rw uint[2] = 0
// buffer u0[1] rw uint[2] = 0
// buffer u1[0] rw uint[1] = 0
// buffer u1[1] rw uint[1] = 0
// buffer u3[0] rw uint[1] = 0
// buffer u3[1] rw uint[1] = 0
// buffer u3[2] rw uint[1] = 0
// buffer u2[0] rw uint[1] = 0
// buffer u2[1] rw uint[1] = 0
// buffer u2[2] rw uint[1] = 0
// expect u0[0] = [_, _]
// expect u0[1] = [_, _]
// expect u1[0] = [2]
// expect u1[1] = [2]
// expect u3[0] = [0]
// expect u3[1] = [0]
// expect u3[2] = [0]
// expect u2[0] = [2]
// expect u2[1] = [1]
// expect u2[2] = [1]
// peer-bug glslang: glslang gives the counters of an array of append buffers other bindings than DXC (one counter block per element)
AppendStructuredBuffer<uint> apps[2] : register(u0);
RWStructuredBuffer<uint> cnts[3] : register(u3);

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    apps[t & 1].Append(t + 10);
    cnts[t % 3].IncrementCounter();
}
