// Reduction of a lavapipe (Mesa 22.3.6) miscompile found with algo_tokenizer: two lanes of
// one group run a do-while that they leave at different iterations; lane 0 ("3.25+")
// should keep v = 3, lane 1 ("99 x") v = 99. On lavapipe glslang's SPIR-V gives lane 0
// 0xFFFFFFFE ('.' - 48, as if it had run the body once more from v = 0); hlslc's SPIR-V
// and WGSL pass this reduction (hlslc's SPIR-V fails the full lexer: see
// eight_lane_lexer.hlsl). Not run by `cargo test --test exec`; run it on another driver with
//   HLSLC_EXEC_DIR=tests/exec/algo/lavapipe HLSLC_EXEC_LIST=1 cargo test --test exec -- --nocapture
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[16] = [51, 46, 50, 53, 43, 0, 0, 0, 57, 57, 32, 120, 0, 0, 0, 0]
// buffer u1 rw uint[2] = 0
// expect u1 = [3, 99]
StructuredBuffer<uint> Text : register(t0);
RWStructuredBuffer<uint> Out : register(u1);

[numthreads(2, 1, 1)]
void main(uint s : SV_GroupIndex) {
    uint pos = 0;
    uint c = Text[s * 8];
    uint v = 0;
    do {
        v = v * 10 + (c - 48);
        c = Text[s * 8 + ++pos];
    } while (c >= 48 && c <= 57);
    if (c == 46) {
        do {
            c = Text[s * 8 + ++pos];
        } while (c >= 48 && c <= 57);
    }
    Out[s] = v;
}
