// Loop and branch attributes on code with side effects, HLSL 2021: `[unroll(4)]` on a loop
// whose run-time trip count (0..12, or -1) is not a multiple of 4; a ternary whose two arms
// call a function that changes an `inout` budget and a `static` call counter (only the chosen
// arm runs); `[branch]` and `[flatten]` on `if`s that do InterlockedAdds (flatten is a hint:
// only the taken side's atomics happen); `&&` whose right side calls the function (runs only
// when the left is true); `n > 2 ? ++side : --side`; an `[allow_uav_condition]` loop whose
// condition reads the thread's own UAV element, which the body decrements by 3 (clamped at
// 0); and a void helper that writes two `out` parameters and returns early from two places.
// Ten ints per thread: sum of i² for i < n, the ternary's result, the budget at the end,
// calls, the `&&` result, the ternary's value, side, iterations of the UAV loop, the clamped
// value in [2, 6], clipped. Counters: threads with n > 3, the sum of n with n % 3 == 0, the
// count of the others; Work: each element ends at 0. Work[t] starts at 7n (5 for n = -1).
// Expected values: tests/exec/mix/models.py (loop_attributes_side_effects).
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer t0 ro int[12] = [0, 1, 2, 3, 4, 5, 6, 7, 9, 12, -1, 10]
// buffer u1 rw uint[3] = 0
// buffer u2 rw uint[120] = 0
// buffer u3 rw uint[12] = [0, 7, 14, 21, 28, 35, 42, 49, 63, 84, 5, 70]
// expect u1 = [7, 30, 7]
// expect u2 = [0, 75, 75, 1, 0, 4294967295, 4294967295, 0, 2, 1, 0, 90, 90, 1, 0, 4294967295,
//     4294967295, 3, 2, 1, 1, 75, 75, 1, 0, 4294967295, 4294967295, 5, 2, 0, 5, 90, 90, 1, 0, 1, 1,
//     7, 3, 0, 14, 75, 75, 1, 0, 1, 1, 10, 4, 0, 30, 90, 90, 1, 0, 1, 1, 12, 5, 0, 55, 75, 74, 2,
//     1, 1, 1, 14, 6, 0, 91, 90, 89, 2, 1, 1, 1, 17, 6, 1, 204, 90, 89, 2, 1, 1, 1, 21, 6, 1, 506,
//     75, 74, 2, 1, 1, 1, 28, 6, 1, 0, 90, 90, 1, 0, 4294967295, 4294967295, 2, 2, 1, 285, 75, 74,
//     2, 1, 1, 1, 24, 6, 1]
// expect u3 = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
// peer-bug glslang: evaluates both arms of `?:` (no short-circuit, HLSL 2021's rule): both `spend` calls and both `++side`/`--side` run
StructuredBuffer<int> Trips : register(t0);
RWStructuredBuffer<uint> Counters : register(u1);
RWStructuredBuffer<int> Out : register(u2);
RWStructuredBuffer<uint> Work : register(u3);

static int sCalls;

int spend(inout int budget, int cost) {
    sCalls += 1;
    budget -= cost;
    return budget;
}

void clampInto(int v, int lo, int hi, out int result, out bool clipped) {
    clipped = true;
    if (v < lo) {
        result = lo;
        return;
    }
    if (v > hi) {
        result = hi;
        return;
    }
    clipped = false;
    result = v;
}

[numthreads(12, 1, 1)]
void main(uint t : SV_GroupIndex) {
    int n = Trips[t];
    int s = 0;
    [unroll(4)] for (int i = 0; i < n; ++i)
        s += i * i;

    sCalls = 0;
    int budget = 100;
    int r = (n & 1) ? spend(budget, 10) : spend(budget, 25);

    [branch] if (n > 3) {
        InterlockedAdd(Counters[0], 1);
    }
    [flatten] if (n % 3 == 0) {
        InterlockedAdd(Counters[1], n);
    } else {
        InterlockedAdd(Counters[2], 1);
    }

    bool b = n > 5 && spend(budget, 1) > 0;
    int side = 0;
    int sel = n > 2 ? ++side : --side;

    uint iters = 0;
    [allow_uav_condition] while (Work[t] > 0) {
        Work[t] = Work[t] >= 3 ? Work[t] - 3 : 0;
        ++iters;
    }

    int clamped;
    bool clipped;
    clampInto(n, 2, 6, clamped, clipped);

    uint o = t * 10;
    Out[o + 0] = s;
    Out[o + 1] = r;
    Out[o + 2] = budget;
    Out[o + 3] = sCalls;
    Out[o + 4] = b;
    Out[o + 5] = sel;
    Out[o + 6] = side;
    Out[o + 7] = iters;
    Out[o + 8] = clamped;
    Out[o + 9] = clipped;
}
