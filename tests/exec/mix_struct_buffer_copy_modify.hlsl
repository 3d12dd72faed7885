// Records copied out of a structured buffer, changed and written elsewhere, as simulation
// passes double-buffer agents: `Agent a = Agents[t]` copies a struct holding a float2, a uint
// array and a (column-major) float2x2; changes to the copy (its position through its own
// matrix, a history entry at a run-time index, a matrix element through `a.xf[1][0]`, the
// hit points) do not reach Agents[t] (read back after the changes: the history entry is the
// old one), the whole copy is stored at Agents[t + 8], and the original is updated through
// `inout` arguments that are buffer members: `damage(Agents[t].hp)` and
// `damage(Agents[t].hist[(t + 1) % 3])` (copy-in, copy-out: x → 2x - 1). Agent i starts with
// pos (1.5 i, -0.5 i), hist (i, 2i, 3i), xf [[1, i], [0, 2]], hp 100 - 7i. Per thread: the old
// history entry, the new hp.
// Expected values: tests/exec/mix/models.py (struct_buffer_copy_modify).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw = u32 [0, 0, 0, 0, 0, 1065353216, 0, 0, 1073741824, 100, 1069547520, 3204448256, 1,
//     2, 3, 1065353216, 0, 1065353216, 1073741824, 93, 1077936128, 3212836864, 2, 4, 6, 1065353216,
//     0, 1073741824, 1073741824, 86, 1083179008, 3217031168, 3, 6, 9, 1065353216, 0, 1077936128,
//     1073741824, 79, 1086324736, 3221225472, 4, 8, 12, 1065353216, 0, 1082130432, 1073741824, 72,
//     1089470464, 3223322624, 5, 10, 15, 1065353216, 0, 1084227584, 1073741824, 65, 1091567616,
//     3225419776, 6, 12, 18, 1065353216, 0, 1086324736, 1073741824, 58, 1093140480, 3227516928, 7,
//     14, 21, 1065353216, 0, 1088421888, 1073741824, 51, 1094713344, 3229614080, 8, 16, 24,
//     1065353216, 0, 1090519040, 1073741824, 44, 1096286208, 3230662656, 9, 18, 27, 1065353216, 0,
//     1091567616, 1073741824, 37, 1097859072, 3231711232, 10, 20, 30, 1065353216, 0, 1092616192,
//     1073741824, 30, 1099169792, 3232759808, 11, 22, 33, 1065353216, 0, 1093664768, 1073741824,
//     23, 1099956224, 3233808384, 12, 24, 36, 1065353216, 0, 1094713344, 1073741824, 16,
//     1100742656, 3234856960, 13, 26, 39, 1065353216, 0, 1095761920, 1073741824, 9, 1101529088,
//     3235905536, 14, 28, 42, 1065353216, 0, 1096810496, 1073741824, 2, 1102315520, 3236954112, 15,
//     30, 45, 1065353216, 0, 1097859072, 1073741824, 4294967291]
// buffer u1 rw uint[16] = 0
// expect u0 = u32 [0, 0, 0, 4294967295, 0, 1065353216, 0, 0, 1073741824, 199, 1069547520,
//     3204448256, 1, 2, 5, 1065353216, 0, 1065353216, 1073741824, 185, 1077936128, 3212836864, 3,
//     4, 6, 1065353216, 0, 1073741824, 1073741824, 171, 1083179008, 3217031168, 3, 11, 9,
//     1065353216, 0, 1077936128, 1073741824, 157, 1086324736, 3221225472, 4, 8, 23, 1065353216, 0,
//     1082130432, 1073741824, 143, 1089470464, 3223322624, 9, 10, 15, 1065353216, 0, 1084227584,
//     1073741824, 129, 1091567616, 3225419776, 6, 23, 18, 1065353216, 0, 1086324736, 1073741824,
//     115, 1093140480, 3227516928, 7, 14, 41, 1065353216, 0, 1088421888, 1073741824, 101, 0, 0,
//     1000, 0, 0, 1065353216, 0, 0, 1073741824, 97, 1065353216, 3212836864, 1, 1002, 3, 1065353216,
//     1065353216, 1065353216, 1073741824, 90, 1065353216, 3221225472, 2, 4, 1006, 1065353216,
//     1073741824, 1073741824, 1073741824, 83, 0, 3225419776, 1003, 6, 9, 1065353216, 1077936128,
//     1077936128, 1073741824, 76, 3221225472, 3229614080, 4, 1008, 12, 1065353216, 1082130432,
//     1082130432, 1073741824, 69, 3231711232, 3231711232, 5, 10, 1015, 1065353216, 1084227584,
//     1084227584, 1073741824, 62, 3239051264, 3233808384, 1006, 12, 18, 1065353216, 1086324736,
//     1086324736, 1073741824, 55, 3244294144, 3235905536, 7, 1014, 21, 1065353216, 1088421888,
//     1088421888, 1073741824, 48]
// expect u1 = [0, 199, 2, 185, 6, 171, 3, 157, 8, 143, 15, 129, 6, 115, 14, 101]
// peer-bug glslang: std430 layout of Agent (the float2x2 aligned to 8 bytes and the struct to 48, not D3D's tightly packed 40: matrix_layout_structured), so every record is read and written at the wrong offsets
struct Agent {
    float2 pos;
    uint hist[3];
    float2x2 xf;
    int hp;
};

RWStructuredBuffer<Agent> Agents : register(u0);
RWStructuredBuffer<uint> Out : register(u1);

void damage(inout int v) { v = v * 2 - 1; }
void damage(inout uint v) { v = v * 2 - 1; }

[numthreads(8, 1, 1)]
void main(uint t : SV_GroupIndex) {
    Agent a = Agents[t];
    a.pos = mul(a.xf, a.pos);
    a.hist[t % 3] += 1000;
    a.xf[1][0] = (float)t;
    a.hp -= 3;
    uint unchanged = Agents[t].hist[t % 3];
    Agents[t + 8] = a;
    damage(Agents[t].hp);
    damage(Agents[t].hist[(t + 1) % 3]);
    Out[t * 2] = unchanged;
    Out[t * 2 + 1] = Agents[t].hp;
}
