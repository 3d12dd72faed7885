// Name lookup through namespaces (HLSL 2021, as clang's C++ lookup; DXC's own tests
// HLSLFileCheck/hlsl/namespace/using.hlsl and using3.hlsl use `using namespace`, `using n2::foo`
// and aliases declared in a namespace): an unqualified call inside a nested namespace finds the
// enclosing namespace's function before the global one, `::f` names the global one, a reopened
// namespace sees its earlier members, overloads in a namespace are chosen by argument type, and
// `using namespace` / a using-declaration make names visible unqualified. Then a base method
// changing a derived value's base field, and the derived value passed to an `in Base` parameter.
// (Passing it to an `inout`/`out Base` parameter needs a cast, `(Base)d` as in DXC's own
// this_cast_to_base_class.hlsl: SemaOverload's InitCallParamConversions also needs the copy-out
// conversion Base → Derived, which does not exist; hlslc rejects the call too, E0503.) By hand:
//   o0 g(2) = outer::f(2) * K = 3 * 3 = 9 | o1 h(2) = ::f(2) = 102 | o2 P{4}.get() = g(4) = 15
//   o3 outer::twice(5) = outer::f(5) * 2 = 12 | o4 f(5) at global scope = 105 | o5 other::f(5u)
//   = 1005 | o6 other::f(2.5) picks the float overload = 7 | o7 outer::K + sizeof(outer::word)
//   = 3 + 4 = 7 | o8 via_using(6) = pick(6) after `using other::pick` = 6 * 5 = 30
//   d = {a = 1, m = 5}: d.incA() → a = 2 (o9), m = 5 (o10); twiceA(d) = 4 (o11); d.incA() again
//   through a copy `Derived e = d` leaves d.a = 2 (o12)
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer u0 rw uint[13] = 0
// expect u0 = [9, 102, 15, 12, 105, 1005, 7, 7, 30, 2, 5, 4, 2]
// peer-bug glslang: does not compile: `using` is a reserved word in its HLSL front end
// peer-bug slang: does not compile `using word = uint;` in a namespace or `using other::pick;`; a copy
//   with a typedef, the call qualified and `[mutating]` on incA passes
RWStructuredBuffer<uint> o : register(u0);

uint f(uint x) { return x + 100; }

namespace outer {
    static const uint K = 3;
    using word = uint;
    uint f(uint x) { return x + 1; }
    namespace inner {
        word g(word x) { return f(x) * K; }
        word h(word x) { return ::f(x); }
        struct P {
            word v;
            word get() { return g(v); }
        };
    }
}

namespace outer {
    uint twice(uint x) { return f(x) * 2; }
}

namespace other {
    uint f(uint x) { return x + 1000; }
    uint f(float x) { return 7; }
    uint pick(uint x) { return x * 5; }
}

using namespace outer::inner;
using other::pick;

uint via_using(uint x) { return pick(x); }

struct Base {
    uint a;
    void incA() { a += 1; }
};
struct Derived : Base {
    uint m;
};

uint twiceA(Base b) { return b.a * 2; }

[numthreads(1, 1, 1)]
void main() {
    o[0] = g(2);
    o[1] = h(2);
    P p;
    p.v = 4;
    o[2] = p.get();
    o[3] = outer::twice(5);
    o[4] = f(5);
    o[5] = other::f(5u);
    o[6] = other::f(2.5);
    o[7] = outer::K + sizeof(outer::word);
    o[8] = via_using(6);
    Derived d;
    d.a = 1;
    d.m = 5;
    d.incA();
    o[9] = d.a;
    o[10] = d.m;
    o[11] = twiceA(d);
    Derived e = d;
    e.incA();
    o[12] = d.a;
}
