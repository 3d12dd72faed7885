// Enumerations (HLSL 2021): implicit enumerator values continue from the previous one
// (KA = -2, KB = -1, KC = 5, KD = 6), unscoped enumerators convert to int implicitly
// (arithmetic, comparison, array index), a cast from int selects a case in a switch (an
// unlisted value reaches default), and an `enum class` with a uint underlying type needs
// explicit casts (Off = 0, On = 3, Auto = 4). By hand with v = 5:
//   classify(KC) = 3, classify(KD) = 3, classify(KA) = 1, classify(0) = 4 (default)
//   KB + KD = 5; Auto * 10 + On = 43; (Mode)3 == On → 1; sizeof(Kind) = 4;
//   tbl[KD] = tbl[6] = 16; KB < 0 → 1
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro int[1] = [5]
// buffer u1 rw int[10] = 0
// expect u1 = [3, 3, 1, 4, 5, 43, 1, 4, 16, 1]
// peer-bug glslang: `enum` is a reserved word in its HLSL front end
enum Kind { KA = -2, KB, KC = 5, KD };
enum class Mode : uint { Off, On = 3, Auto };

StructuredBuffer<int> src : register(t0);
RWStructuredBuffer<int> o : register(u1);

int classify(Kind k) {
    switch (k) {
    case KA: return 1;
    case KB: return 2;
    case KC:
    case KD: return 3;
    default: return 4;
    }
}

static const int tbl[7] = { 10, 11, 12, 13, 14, 15, 16 };

[numthreads(1, 1, 1)]
void main() {
    int v = src[0];
    Kind k = (Kind)v;
    o[0] = classify(k);
    o[1] = classify((Kind)(v + 1));
    o[2] = classify((Kind)(v - 7));
    o[3] = classify((Kind)0);
    o[4] = KB + KD;
    o[5] = (int)Mode::Auto * 10 + (int)Mode::On;
    Mode m = (Mode)(uint)(v - 2);
    o[6] = m == Mode::On ? 1 : 0;
    o[7] = sizeof(Kind);
    o[8] = tbl[KD];
    o[9] = KB < 0 ? 1 : 0;
}
