// A struct with resource members built by copying methods (kajiya's OcclusionScreenRayMarch
// pattern): `use_a` is set true by the builder that assigns `a`, and `b` is never assigned.
// DXC accepts the use of `b` because inlining makes `use_a` a constant and the else branch dead;
// hlslc cannot fold the member through the copies, warns (W0703) and lets the dead use stand
// for the first global of its type. Every lane must read `a` (t0): out[i] = a[i] * 3 + 1.
// The `if (false)` use of `c` is dead by a constant condition and compiles silently.
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro uint[4] = [5, 7, 11, 13]
// buffer t1 ro uint[4] = [100, 200, 300, 400]
// buffer u2 rw uint[4] = 0
// expect u2 = [16, 22, 34, 40]
// peer-bug glslang: its HLSL front end cannot parse a `static` member function of a struct (`static Reader create`)
// `src_b` comes first, so the dead uses stand for it: a wrong branch would read 100, 200 ….
StructuredBuffer<uint> src_b : register(t1);
StructuredBuffer<uint> src_a : register(t0);
RWStructuredBuffer<uint> output : register(u2);

struct Reader {
    uint scale;
    bool use_a;
    StructuredBuffer<uint> a;
    StructuredBuffer<uint> b;
    StructuredBuffer<uint> c;

    static Reader create(uint scale) {
        Reader r;
        r.scale = scale;
        r.use_a = false;
        return r;
    }

    Reader with_a(StructuredBuffer<uint> buffer) {
        Reader r = this;
        r.use_a = true;
        r.a = buffer;
        return r;
    }

    uint read(uint i) {
        uint v;
        if (use_a) {
            v = a[i];
        } else {
            v = b[i];
        }
        if (false) {
            v += c[i];
        }
        return v * scale + 1;
    }
};

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Reader r = Reader::create(3).with_a(src_a);
    output[id.x] = r.read(id.x);
}
