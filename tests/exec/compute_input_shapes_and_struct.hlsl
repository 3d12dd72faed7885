// Compute-shader system values declared with narrower and signed types (DXC takes the
// leading components: `uint dx : SV_DispatchThreadID` is .x, `int2 gt : SV_GroupThreadID`
// is .xy as ints) and inside a struct parameter (`CSIn`, SV_GroupID as uint2), in a 2x2
// dispatch of 4x2 groups (a semantic may appear once among the inputs, so each is declared
// once). Thread (gx, gy, tx, ty) writes at its linear index g = ((gy·2 + gx)·2 + ty)·4 + tx:
//   main: dx + 100·gt.y + 1000·cin.group.y + 10000·gi, with dx = 4gx + tx, gt.y = ty,
//         group.y = gy, gi = 4ty + tx (SV_GroupIndex as int)
//   a function given the struct: (2·group.y + ty)·10 + group.x
// Python model:
//   [ (4*gx+tx) + 100*ty + 1000*gy + 10000*(4*ty+tx) for gy in 0,1 for gx in 0,1 for ty in 0,1 for tx in range(4) ]
// exec: -T cs_6_0 -E main dispatch 2 2 1
// buffer u0 rw uint[32] = 0
// buffer u1 rw uint[32] = 0
// expect u0 = [0, 10001, 20002, 30003, 40100, 50101, 60102, 70103,
//              4, 10005, 20006, 30007, 40104, 50105, 60106, 70107,
//              1000, 11001, 21002, 31003, 41100, 51101, 61102, 71103,
//              1004, 11005, 21006, 31007, 41104, 51105, 61106, 71107]
// expect u1 = [0, 0, 0, 0, 10, 10, 10, 10,  1, 1, 1, 1, 11, 11, 11, 11,
//              20, 20, 20, 20, 30, 30, 30, 30,  21, 21, 21, 21, 31, 31, 31, 31]
RWStructuredBuffer<uint> o : register(u0);
RWStructuredBuffer<uint> os : register(u1);

struct CSIn {
    uint2 group : SV_GroupID;
};

void record(CSIn cin, uint g, int2 gt) {
    os[g] = (2 * cin.group.y + gt.y) * 10 + cin.group.x;
}

[numthreads(4, 2, 1)]
void main(uint dx : SV_DispatchThreadID, int2 gt : SV_GroupThreadID, CSIn cin,
          int gi : SV_GroupIndex) {
    uint g = ((cin.group.y * 2 + cin.group.x) * 2 + gt.y) * 4 + gt.x;
    o[g] = dx + 100 * gt.y + 1000 * cin.group.y + 10000 * gi;
    record(cin, g, gt);
}
