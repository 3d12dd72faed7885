// AppendStructuredBuffer.Append, ConsumeStructuredBuffer.Consume and the counter of an
// RWStructuredBuffer (IncrementCounter returns the value before, DecrementCounter the value
// after) through hlslc's hidden counter bindings (one uint each). With DXC's numbering the
// counters take the next free bindings of group 0 after the declared ones (0, 1, 2, 5), in
// declaration order: app → 3, con → 4, cnt → 6. One thread, so the order is known:
//   app: counter 0 → 3 after three appends at elements 0, 1, 2;
//   con: counter 4 → 2; Consume returns element counter-1: 4.5, then 3.5;
//   cnt: counter 10: Increment → 10, Increment → 11, Decrement → 11; final 11.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint2[4] = 0
// buffer u1 rw float[4] = [1.5, 2.5, 3.5, 4.5]
// buffer u2 rw uint[5] = 0
// buffer u3 rw uint[1] = 0
// buffer u4 rw uint[1] = 4
// buffer u5 rw uint[1] = 0
// buffer u6 rw uint[1] = 10
// expect u0 = [1, 2, 3, 4, 5, 6, 0, 0]
// expect u1 = [1.5, 2.5, 3.5, 4.5]
// expect u2 = [0x40900000, 0x40600000, 10, 11, 11]
// expect u3 = [3]
// expect u4 = [2]
// expect u5 = [0]
// expect u6 = [11]
// peer-bug glslang: numbers the counter bindings differently
AppendStructuredBuffer<uint2> app : register(u0);
ConsumeStructuredBuffer<float> con : register(u1);
RWStructuredBuffer<uint> o : register(u2);
RWStructuredBuffer<uint> cnt : register(u5);

[numthreads(1, 1, 1)]
void main() {
    app.Append(uint2(1, 2));
    app.Append(uint2(3, 4));
    app.Append(uint2(5, 6));
    float a = con.Consume();
    float b = con.Consume();
    o[0] = asuint(a);
    o[1] = asuint(b);
    o[2] = cnt.IncrementCounter();
    o[3] = cnt.IncrementCounter();
    o[4] = cnt.DecrementCounter();
}
