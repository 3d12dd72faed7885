// Raw-buffer records as skinning and particle passes read and write them: `Load<float3x3>`
// from a ByteAddressBuffer (DXC's default majorness, column-major: the nine floats in memory
// are the matrix's columns, so m._12 is the fourth float), a struct with a float3, a uint
// array, a float2 and an int written whole with `Store<Particle>` (36 bytes, tightly packed),
// loaded back with `Load<Particle>`, changed and stored again further on. Per thread t (4
// threads): M_t[r][c] = ((t + 1)(3r + c + 1) % 7) - 3, pos = mul(M_t, (1, 2, 3)), ids = (t,
// t², 100 - t), vel = M_t[0].xy, life = -7t; at byte 144 the four m._12; from byte 160 the
// records again with ids[1] + 5 and -life.
// Expected values: tests/exec/mix/models.py (raw_records_matrix_load).
// exec: -T cs_6_2 -E main dispatch 1 1 1
// buffer t0 ro float[36] = [-2, 1, -3, -1, 2, -2, 0, 3, -1, -1, -2, -3, 1, 0, -1, 3, 2, 1, 0, 2,
//     -3, 3, -2, 0, -1, 1, 3, 1, -1, -3, -2, 3, 1, 2, 0, -2]
// buffer u1 rw uint[76] = 0
// expect u1 = [3229614080, 1096810496, 3240099840, 0, 0, 100, 3221225472, 3212836864, 0,
//     1092616192, 1082130432, 3221225472, 1, 1, 99, 3212836864, 1065353216, 4294967289, 1077936128,
//     1065353216, 1086324736, 2, 4, 98, 0, 1077936128, 4294967282, 1077936128, 1084227584,
//     3235905536, 3, 9, 97, 1065353216, 3221225472, 4294967275, 3212836864, 1065353216, 1077936128,
//     3221225472, 3229614080, 1096810496, 3240099840, 0, 5, 100, 3221225472, 3212836864, 0,
//     1092616192, 1082130432, 3221225472, 1, 6, 99, 3212836864, 1065353216, 7, 1077936128,
//     1065353216, 1086324736, 2, 9, 98, 0, 1077936128, 14, 1077936128, 1084227584, 3235905536, 3,
//     14, 97, 1065353216, 3221225472, 21]
// peer-bug glslang: no templated `Load<T>`/`Store<T>` on byte-address buffers
ByteAddressBuffer Src : register(t0);
RWByteAddressBuffer Dst : register(u1);

struct Particle {
    float3 pos;
    uint ids[3];
    float2 vel;
    int life;
};

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    float3x3 m = Src.Load<float3x3>(t * 36);
    Particle p;
    p.pos = mul(m, float3(1, 2, 3));
    p.ids[0] = t;
    p.ids[1] = t * t;
    p.ids[2] = 100 - t;
    p.vel = m[0].xy;
    p.life = -7 * (int)t;
    Dst.Store<Particle>(t * 36, p);
    Dst.Store(144 + t * 4, asuint(m._12));

    Particle q = Dst.Load<Particle>(t * 36);
    q.ids[1] += 5;
    q.life = -q.life;
    Dst.Store<Particle>(160 + t * 36, q);
}
