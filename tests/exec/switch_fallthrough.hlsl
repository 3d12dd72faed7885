// switch with fallthrough between cases, several labels on one body, `default` placed in
// the middle (reached by every unmatched value, and falling through into the next case),
// and a switch on a negative int. Thread i switches on i (0..7):
//   case 0: += 1, falls into case 1: += 10, break
//   case 2, case 3: = 100, break
//   default: += 1000, falls into case 5: += 5
//   case 6: return-free early `break` → 6
// i=0 → 11, 1 → 10, 2 → 100, 3 → 100, 4 → 1005 (default), 5 → 5, 6 → 6, 7 → 1005.
// Thread 0 also switches on -1 (case -1 → 77), stored in u2.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u1 rw uint[8] = 0
// buffer u2 rw int[1] = 0
// expect u1 = [11, 10, 100, 100, 1005, 5, 6, 1005]
// expect u2 = [77]
RWStructuredBuffer<uint> dst : register(u1);
RWStructuredBuffer<int> neg : register(u2);

[numthreads(8, 1, 1)]
void main(uint3 tid : SV_GroupThreadID) {
    uint r = 0;
    switch (tid.x) {
    case 0:
        r += 1;
    case 1:
        r += 10;
        break;
    case 2:
    case 3:
        r = 100;
        break;
    default:
        r += 1000;
    case 5:
        r += 5;
        break;
    case 6:
        r = 6;
        break;
    }
    dst[tid.x] = r;
    if (tid.x == 0) {
        int k = (int)tid.x - 1;
        int v = 0;
        switch (k) {
        case -1: v = 77; break;
        case 1: v = 1; break;
        default: v = -5; break;
        }
        neg[0] = v;
    }
}
