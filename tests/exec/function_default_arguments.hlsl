// Default arguments: constants, a `static const` expression, a vector constructor, defaults
// given on a prototype and used by calls before and after the definition (which repeats
// none), a method's default, and an overload set where the defaults decide which call is
// possible (`scale(float)` vs `scale(int, int = 3)`). By hand, x = 5:
//   add(x) = 5 + 10 + 2 = 17; add(x, 1) = 5 + 1 + 2 = 8; add(x, 1, 1) = 7
//   dir() = (0, 1, 0) → 1; dir(float3(2, 0, 0)).x = 2; early(x) (prototype default 100,
//   called before the body) = 105; early(x, -5) = 0; Acc.bump() += 7 then bump(3): 10
//   scale(2.5) (float overload) = 5; scale(x) (int, default 3) = 15
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro int[1] = [5]
// buffer u1 rw float[10] = 0
// expect u1 = [17, 8, 7, 1, 2, 105, 0, 10, 5, 15]
static const int kBase = 4;

int early(int v, int w = 100);

int add(int a, int b = 10, int c = kBase / 2) { return a + b + c; }
float3 dir(float3 d = float3(0, 1, 0)) { return d; }
float scale(float f) { return f * 2; }
int scale(int i, int k = 3) { return i * k; }

struct Acc {
    int v;
    void bump(int by = 7) { v += by; }
};

StructuredBuffer<int> src : register(t0);
RWStructuredBuffer<float> o : register(u1);

[numthreads(1, 1, 1)]
void main() {
    int x = src[0];
    o[0] = add(x);
    o[1] = add(x, 1);
    o[2] = add(x, 1, 1);
    o[3] = dir().y;
    o[4] = dir(float3(2, 0, 0)).x;
    o[5] = early(x);
    o[6] = early(x, -5);
    Acc a;
    a.v = 0;
    a.bump();
    a.bump(3);
    o[7] = a.v;
    o[8] = scale(2.5f);
    o[9] = scale(x);
}

int early(int v, int w) { return v + w; }
