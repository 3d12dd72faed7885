// DXC's pseudo-enum names (`RAY_FLAG`, `COMMITTED_STATUS`, `CANDIDATE_TYPE`, `RAYQUERY_FLAG`)
// are `typedef uint`s: a `static const RAY_FLAG` holds the flags' bits. By hand (D3D12's
// values): FORCE_OPAQUE 0x1 | CULL_NON_OPAQUE 0x80 = 129; COMMITTED_TRIANGLE_HIT 1,
// CANDIDATE_PROCEDURAL_PRIMITIVE 1; a `RAY_FLAG` from 0x10 | 0x20 = 48, and 0xFFFFFFFF stays
// unsigned: > 0 (1).
// exec: -T cs_6_5 -E main -HV 2018 dispatch 1 1 1
// buffer u0 rw uint[5] = 0
// expect u0 = [129, 1, 1, 48, 1]
// peer-bug glslang: does not know the pseudo-enum type names
static const RAY_FLAG k_opaque = RAY_FLAG_FORCE_OPAQUE | RAY_FLAG_CULL_NON_OPAQUE;
RWStructuredBuffer<uint> Out : register(u0);

[numthreads(1, 1, 1)]
void main()
{
    COMMITTED_STATUS status = COMMITTED_TRIANGLE_HIT;
    CANDIDATE_TYPE candidate = CANDIDATE_PROCEDURAL_PRIMITIVE;
    RAY_FLAG cull = RAY_FLAG_CULL_BACK_FACING_TRIANGLES | RAY_FLAG_CULL_FRONT_FACING_TRIANGLES;
    RAY_FLAG all = 0xFFFFFFFF;
    Out[0] = k_opaque;
    Out[1] = status;
    Out[2] = candidate;
    Out[3] = cull;
    Out[4] = all > 0 ? 1 : 0;
}
