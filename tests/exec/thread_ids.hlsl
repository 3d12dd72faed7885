// System values: numthreads(4, 2, 1) dispatched as 2 x 3 x 1 groups (48 threads). Each
// thread writes, at its linear global index g = (gid.y * 2 + gid.x) * 8 + SV_GroupIndex:
//   SV_DispatchThreadID.x + 100 * SV_DispatchThreadID.y, and
//   SV_GroupIndex + 10 * (SV_GroupThreadID.x + 4 * SV_GroupThreadID.y == SV_GroupIndex)
//   + 1000 * SV_GroupID.x + 10000 * SV_GroupID.y.
// SV_DispatchThreadID = SV_GroupID * numthreads + SV_GroupThreadID;
// SV_GroupIndex = z*4*2 + y*4 + x.
// exec: -T cs_6_0 -E main dispatch 2 3 1
// buffer u1 rw uint[48] = 0
// buffer u2 rw uint[48] = 0
// expect u1 = [  0,   1,   2,   3, 100, 101, 102, 103,
//                4,   5,   6,   7, 104, 105, 106, 107,
//              200, 201, 202, 203, 300, 301, 302, 303,
//              204, 205, 206, 207, 304, 305, 306, 307,
//              400, 401, 402, 403, 500, 501, 502, 503,
//              404, 405, 406, 407, 504, 505, 506, 507]
// expect u2 = [10, 11, 12, 13, 14, 15, 16, 17,
//              1010, 1011, 1012, 1013, 1014, 1015, 1016, 1017,
//              10010, 10011, 10012, 10013, 10014, 10015, 10016, 10017,
//              11010, 11011, 11012, 11013, 11014, 11015, 11016, 11017,
//              20010, 20011, 20012, 20013, 20014, 20015, 20016, 20017,
//              21010, 21011, 21012, 21013, 21014, 21015, 21016, 21017]
RWStructuredBuffer<uint> dtid_out : register(u1);
RWStructuredBuffer<uint> group_out : register(u2);

[numthreads(4, 2, 1)]
void main(uint3 dtid : SV_DispatchThreadID, uint3 gtid : SV_GroupThreadID,
          uint3 gid : SV_GroupID, uint gidx : SV_GroupIndex) {
    uint g = (gid.y * 2 + gid.x) * 8 + gidx;
    dtid_out[g] = dtid.x + 100 * dtid.y;
    uint same = (gtid.x + 4 * gtid.y == gidx) ? 1 : 0;
    group_out[g] = gidx + 10 * same + 1000 * gid.x + 10000 * gid.y;
}
