// A `groupshared` parameter (HLSL 202x; DXC takes it in 2021 with a warning) refers to the
// groupshared variable passed: what the function writes reaches the variable (hlslc passes a
// copy and writes it back on return, so only one thread at a time may call it). Thread 0
// calls `bump(total, 5)` twice and `bump(total, 1)` once on a zeroed groupshared `total`;
// after the barrier each of the 4 threads reads 5 + 5 + 1 = 11.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw uint[4] = 0
// expect u0 = [11, 11, 11, 11]
// peer-bug glslang: its HLSL front end passes a `groupshared` parameter by value, so the writes are lost
RWStructuredBuffer<uint> o : register(u0);

groupshared uint total;

void bump(groupshared uint t, uint by) {
    t += by;
}

[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
    if (i == 0) {
        total = 0;
        bump(total, 5);
        bump(total, 5);
        bump(total, 1);
    }
    GroupMemoryBarrierWithGroupSync();
    o[i] = total;
}
