// An int8-quantised fully connected layer as inference compute shaders write it with SM 6.6
// packed math: 4 input vectors of 16 activations are quantised (x * 16, rounded with
// `round` — every value is at least 1/64 away from a half — and packed four at a time with
// `pack_clamp_s8`, which saturates the values beyond +-127/-128); each thread computes four
// outputs of one vector: four `dot4add_i8packed` calls per output against an 8x16 int8
// weight matrix (`int8_t4_packed` words), plus an int bias, then ReLU, a shift by 8 and
// `pack_clamp_u8` of the four results (saturated at 255). The same activations' absolute
// values go through `pack_u8` (low 8 bits, no clamp) and `dot4add_u8packed` against the
// weights read as unsigned bytes (an L1-style score), and `unpack_s8s32` dequantises the
// packed inputs, summed per vector as a check of the quantisation.
// Expected values: tests/exec/work/models.py (int8_quantized_layer).
// exec: -T cs_6_6 -E main dispatch 1 1 1
// buffer t0 ro float[64] = [-0.0849609375, 7.69628906, 9.24707031, 5.30175781, -7.13378906,
//     -0.389648438, -2.25097656, -9.89746094, 8.12890625, 2.8359375, -3.73535156, -0.0830078125,
//     -7.52246094, -1.39257812, 7.41699219, -4.56054688, 3.37207031, 2.68554688, -5.04980469,
//     -1.0703125, -3.87890625, 6.3828125, 1.93164062, 6.20117188, 0.356445312, 1.484375,
//     -7.32714844, -2.60351562, 3.94433594, 2.37207031, 0.888671875, 2.92578125, 1.62402344,
//     -2.68847656, 8.05175781, -2.0234375, -3.14355469, -3.06640625, -8.58300781, -2.54785156,
//     -3.125, 2.77246094, 6.67773438, -5.72558594, 7.06347656, 8.20410156, 5.04882812, -1.75683594,
//     -9.81054688, -8.87890625, 8.89550781, -2.81347656, -9.359375, 1.41894531, 0.25, -1.32519531,
//     -6.89355469, -0.1640625, -4.54003906, -4.81835938, -8.95605469, 6.03808594, 0.243164062,
//     2.64746094]
// buffer t1 ro uint[32] = [1945122983, 1750092351, 1399500775, 3871538052, 387777337, 427743850,
//     1613354171, 2695005457, 3467494031, 491757209, 30109139, 799392546, 2577561001, 1975883212,
//     928152111, 2446177719, 2046499719, 585023747, 12384975, 3340327888, 1823979049, 580657470,
//     1561063347, 3532174701, 1943553423, 1996338557, 1329420507, 2954674830, 2405222585,
//     520322496, 3562288455, 1658029107]
// buffer t2 ro int[8] = [-721, 225, 191, -805, -937, -576, -990, 980]
// buffer u3 rw uint[8] = 0
// buffer u4 rw uint[32] = 0
// buffer u5 rw int[4] = 0
// expect u3 = [352321536, 786500, 2490368, 335544320, 0, 503316483, 6291456, 1241514083]
// expect u4 = [184874, 100881, 168887, 178766, 159657, 160299, 167118, 136354, 109905, 72088,
//     106247, 118622, 116462, 79633, 114740, 92508, 171569, 109200, 149600, 171113, 166825, 145561,
//     170120, 124525, 180805, 90762, 176188, 176701, 156880, 145403, 176017, 164764]
// peer-bug glslang: no SM 6.6 packed 8-bit types or intrinsics (int8_t4_packed, pack_clamp_s8, dot4add_i8packed)
// expect u5 = [65, 202, 112, -544]
StructuredBuffer<float> Activations : register(t0);
StructuredBuffer<uint> Weights : register(t1);   // 8 rows x 4 packed words
StructuredBuffer<int> Bias : register(t2);
RWStructuredBuffer<uint> Packed : register(u3);   // [vector][half]: 4 outputs per word
RWStructuredBuffer<uint> L1 : register(u4);       // [vector][row]
RWStructuredBuffer<int> Dequant : register(u5);   // per vector: sum of quantised inputs

int8_t4_packed QuantizeChunk(uint v, uint chunk)
{
    float4 x = float4(Activations[v * 16 + chunk * 4 + 0], Activations[v * 16 + chunk * 4 + 1],
                      Activations[v * 16 + chunk * 4 + 2], Activations[v * 16 + chunk * 4 + 3]);
    return pack_clamp_s8(int4(round(x * 16.0)));
}

uint8_t4_packed MagnitudeChunk(uint v, uint chunk)
{
    uint4 m;
    [unroll]
    for (uint k = 0; k < 4; ++k)
        m[k] = (uint)abs((int)round(Activations[v * 16 + chunk * 4 + k] * 16.0));
    return pack_u8(m);
}

[numthreads(8, 1, 1)]
void main(uint gi : SV_GroupIndex)
{
    const uint v = gi / 2;
    const uint part = gi % 2;
    int8_t4_packed q[4];
    uint8_t4_packed m[4];
    [unroll]
    for (uint c = 0; c < 4; ++c)
    {
        q[c] = QuantizeChunk(v, c);
        m[c] = MagnitudeChunk(v, c);
    }

    int4 outputs;
    [unroll]
    for (uint k = 0; k < 4; ++k)
    {
        const uint row = part * 4 + k;
        int acc = Bias[row];
        uint l1 = 0;
        for (uint c = 0; c < 4; ++c)
        {
            acc = dot4add_i8packed(q[c], Weights[row * 4 + c], acc);
            l1 = dot4add_u8packed(m[c], Weights[row * 4 + c], l1);
        }
        outputs[k] = max(acc, 0) >> 8;
        L1[v * 8 + row] = l1;
    }
    Packed[v * 2 + part] = pack_clamp_u8(outputs);

    if (part == 0)
    {
        int sum = 0;
        for (uint c = 0; c < 4; ++c)
        {
            int4 ints = unpack_s8s32(q[c]);
            sum += ints.x + ints.y + ints.z + ints.w;
        }
        Dequant[v] = sum;
    }
}
