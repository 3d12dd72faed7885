// Inside a struct template, its name without arguments is the instance being defined (C++'s
// injected-class-name, which DXC keeps): `Fill plus(Fill o)`, `static Fill of(T x)`,
// `sizeof(Fill)` in `template<typename T = float, uint N = 3> struct Fill` mean Fill<int, 2>
// in Fill<int, 2>, not the all-defaults Fill<>; `Node next()` in Node<uint>. hlslc reported
// "missing template argument for `T`" for them (E0403). By hand:
//   a = Fill<int, 2>::of(3) = (3, 3); a.plus(a) = (6, 6); a.size() = sizeof(Fill<int, 2>) = 8
//   c = Fill<>::of(1.5) = (1.5, 1.5, 1.5); c.plus(c).v[2] = 3; c.size() = 12
//   n.value = 5: n.next().next().value = 7
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer t0 ro int[1] = [3]
// buffer u1 rw float[5] = 0
// expect u1 = [6, 8, 3, 12, 7]
// peer-bug glslang: no templates
template <typename T = float, uint N = 3>
struct Fill {
    T v[N];
    uint size() { return sizeof(Fill); }
    Fill plus(Fill o) {
        Fill r;
        for (uint i = 0; i < N; ++i)
            r.v[i] = v[i] + o.v[i];
        return r;
    }
    static Fill of(T x) {
        Fill r;
        for (uint i = 0; i < N; ++i)
            r.v[i] = x;
        return r;
    }
};

template <typename T>
struct Node {
    T value;
    Node next() {
        Node n;
        n.value = value + 1;
        return n;
    }
};

StructuredBuffer<int> src : register(t0);
RWStructuredBuffer<float> o : register(u1);

[numthreads(1, 1, 1)]
void main() {
    Fill<int, 2> a = Fill<int, 2>::of(src[0]);
    Fill<int, 2> b = a.plus(a);
    o[0] = b.v[1];
    o[1] = a.size();
    Fill<> c = Fill<>::of(1.5);
    o[2] = c.plus(c).v[2];
    o[3] = c.size();
    Node<uint> n;
    n.value = 5;
    o[4] = n.next().next().value;
}
