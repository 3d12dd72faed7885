// Implicit conversions DXC makes between vectors and one-row, one-column and 1x1 matrices
// (values from DXC's own test of them, by hand): a 1x1 matrix splats like a scalar into a
// vector, a matrix and (cast) an array and a struct; a vector truncates into a 1x1, 1x2 or
// 2x1 matrix (its first components); 1x3 and 3x1 matrices truncate into a vector (their
// elements in order).
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw int[22] = 0
// expect u0 = [1, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 12, 11, 21, 1, 2, 1, 2, 0, 0, 0]
// peer-bug glslang: cannot construct integer matrices (`int1x3(…)`: "cannot construct this type")
RWStructuredBuffer<int> dst : register(u0);

typedef int A2[2];
struct S2 { int a; int b; };

int first(int1x1 m) { return m._11; }
int2 pair(int2 v) { return v; }
int4 quad(int2x2 m) { return int4(m._11, m._12, m._21, m._22); }
int2 row(int1x2 m) { return int2(m._11, m._12); }
int2 column(int2x1 m) { return int2(m._11, m._21); }

[numthreads(1, 1, 1)]
void main() {
    int2 v2 = int2(1, 2);
    int4 v4 = int4(1, 2, 3, 4);
    int1x1 m1x1 = 11;
    int1x3 m1x3 = int1x3(11, 12, 13);
    int3x1 m3x1 = int3x1(11, 21, 31);
    dst[0] = first(v2);
    int2 s = pair(m1x1);
    dst[1] = s.x;
    dst[2] = s.y;
    int4 q = quad(m1x1);
    dst[3] = q.x;
    dst[4] = q.y;
    dst[5] = q.z;
    dst[6] = q.w;
    A2 a = (A2)m1x1;
    dst[7] = a[0];
    dst[8] = a[1];
    S2 st = (S2)m1x1;
    dst[9] = st.a;
    dst[10] = st.b;
    int2 r = pair(m1x3);
    dst[11] = r.x;
    dst[12] = r.y;
    int2 c = pair(m3x1);
    dst[13] = c.x;
    dst[14] = c.y;
    int2 rr = row(v4);
    dst[15] = rr.x;
    dst[16] = rr.y;
    int2 cc = column(v4);
    dst[17] = cc.x;
    dst[18] = cc.y;
}
