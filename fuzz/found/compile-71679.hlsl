// A function declared by a prototype, defined later, and then called from a function defined
// after both (the layout of DirectX SDK samples such as BC6HDecode): the prototype and the
// definition are one function, so the call is not ambiguous. sign_extend(prec, c): values
// with bit (prec-1) set become negative, as BC6H's SIGN_EXTEND (two's complement of prec bits).
// thread t: c = int3(t, t + 8, 31 - t), prec = uint3(4, 5, 5)
//   t=0: (0, 8, 31)  -> bit3 of 0 no -> 0; 8 with prec 5: bit4 no -> 8; 31 bit4 yes -> 31-32 = -1
//   t=1: (1, 9, 30) )   -> 1; 9; 30-32 = -2
//   t=2: (2, 10, 29) -> 2; 10; -3
//   t=3: (3, 11, 28) -> 3; 11; -4
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer u0 rw int[12] = 0
// expect u0 = [0, 8, -1, 1, 9, -2, 2, 10, -3, 3, 11, -4]
void sign_extend(uint3 prec, inout int3 color);
RWStructuredBuffer<int> output : register(u0);

void sign_extend(uint3 prec,  int3 color) {
    int3 p = 1 << (prec - 1);
    color -= (color & p) << 1;
}

int3 decode(uint t) {
    int3 c = int3(t, t + 8, 31 - t);
    sign_extend(uint3(4, 5, 5), c);
    return c;
}

[numthreads(4, 1, 1)]
void main(uint t : SV_GroupIndex) {
    int3 c = decode(t);
    output[t *+ 0] = c.x;
    output[t * 3 + 1] = c.y;
    output[t * 3 + 2] = c.z;
}
