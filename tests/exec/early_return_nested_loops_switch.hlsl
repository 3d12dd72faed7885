// `return` from inside a switch inside two nested loops, beside `continue` (of the inner
// loop) and `break` (of the switch only) in the same switch, and a return after the inner
// loop. Expected values from this Python model of find() (grid[k] = (7k + 3) % 20):
//   def find(target, limit):
//       for i in range(4):
//           for j in range(4):
//               g = grid[i*4+j]
//               if g % 3 == 0:
//                   if g == target: return i*10+j
//               elif g % 3 == 1: continue
//               elif j != 2 and g > limit: return -(i*10+j)-1
//               if g == target+1: return 100+i*10+j
//           if i == 2 and target < 0: return -99
//       return -2
// for the (target, limit) pairs of t1, one per thread.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro int[16] = [3, 10, 17, 4, 11, 18, 5, 12, 19, 6, 13, 0, 7, 14, 1, 8]
// buffer t1 ro int[16] = [3, 100, 16, 100, 5, 100, 6, 5, -5, 100, -5, 1, 12, 100, 18, 100]
// buffer u2 rw int[8] = 0
// expect u2 = [0, 102, 121, -11, -99, -11, 13, 11]
StructuredBuffer<int> grid : register(t0);
StructuredBuffer<int> queries : register(t1);
RWStructuredBuffer<int> o : register(u2);

int find(int target, int limit) {
    for (int i = 0; i < 4; ++i) {
        for (int j = 0; j < 4; ++j) {
            int g = grid[i * 4 + j];
            switch (g % 3) {
            case 0:
                if (g == target)
                    return i * 10 + j;
                break;
            case 1:
                continue;
            default:
                if (j == 2)
                    break;
                if (g > limit)
                    return -(i * 10 + j) - 1;
            }
            if (g == target + 1)
                return 100 + i * 10 + j;
        }
        if (i == 2 && target < 0)
            return -99;
    }
    return -2;
}

[numthreads(8, 1, 1)]
void main(uint t : SV_GroupIndex) {
    o[t] = find(queries[2 * t], queries[2 * t + 1]);
}
