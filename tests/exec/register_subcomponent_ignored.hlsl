// DXC parses a register subcomponent (`register(t[1])`, `register(t0[2])`) and ignores it:
// the register is the one the letter and digits name, `t[1]` is `t0`, `t1[2]` is `t1`
// (hlslc warns, W0204). Buffer t0 holds 7, t1 holds 9, t3 holds 5; the kernel copies
// a[0] (register t0) and b[0] (register t1) out, so the output is [7, 9], not [9, 5].
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[1] = [7]
// buffer t1 ro uint[1] = [9]
// buffer t3 ro uint[1] = [5]
// buffer u4 rw uint[2] = 0
// expect u4 = [7, 9]
// peer-bug glslang: adds the subcomponent to the register number (t[1] is t1, t1[2] is t3), as FXC did
StructuredBuffer<uint> a : register(t[1]);
StructuredBuffer<uint> b : register(t1[2]);
StructuredBuffer<uint> c : register(t3);
RWStructuredBuffer<uint> o : register(u4);

[numthreads(1, 1, 1)]
void main() {
    o[0] = a[0];
    o[1] = b[0] + c[0] * 0;
}
