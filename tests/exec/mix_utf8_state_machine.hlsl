// A UTF-8 decoder as a state machine over bytes of a ByteAddressBuffer: an HLSL 2021 `enum
// class State : uint` switched on inside a `[loop]`, `continue` from inside the switch's
// cases, a `default` case shared by the three continuation states, arithmetic on the enum
// through casts (`(State)((uint)st - 1)`), a byte reader helper (word load, shift, mask), a
// byte re-read after an invalid continuation (`--i; continue;`), `out` parameters and a
// struct accumulating the results through a method. Four strings at bytes 16s:
// "h\u00e9llo", "\u20ac\u2192\U0001F600", "a", 0x80, "b", 0xC3 "(", 0xFF, "z" (three
// errors, U+FFFD each), and "\u65e5\u672c" followed by a truncated 3-byte sequence.
// Per string: code points, their sum, a 31-multiplier hash, errors, the first 4 code points.
// Expected values: tests/exec/mix/models.py (utf8_state_machine).
// exec: -T cs_6_0 -E main -HV 2021 dispatch 1 1 1
// buffer t0 ro uint[16] = [1823064936, 28524, 0, 0, 3802956514, 2683343494, 32920, 0,
//     3278012513, 8060712, 0, 0, 3869612006, 2548477084, 0, 0]
// buffer t1 ro uint[4] = [6, 10, 7, 8]
// buffer u2 rw uint[32] = 0
// expect u2 = [5, 664, 103094734, 0, 104, 233, 108, 108, 3, 145470, 8432730, 0, 8364, 8594,
//     128512, 0, 7, 196956, 1486824014, 3, 97, 65533, 98, 65533, 3, 118030, 25951990, 1, 26085,
//     26412, 65533, 0]
// peer-bug glslang: no `enum class` declarations
ByteAddressBuffer Text : register(t0);
StructuredBuffer<uint> Lengths : register(t1);
RWStructuredBuffer<uint> Out : register(u2);

enum class State : uint { Start, Expect1, Expect2, Expect3 };

struct Sink {
    uint count;
    uint sum;
    uint hash;
    uint first[4];

    void emit(uint cp) {
        if (count < 4)
            first[count] = cp;
        count++;
        sum += cp;
        hash = hash * 31 + cp;
    }
};

uint byteAt(uint address) {
    return (Text.Load(address & ~3u) >> ((address & 3u) * 8)) & 0xFFu;
}

Sink decode(uint base, uint len, out uint errors) {
    Sink sink = (Sink)0;
    errors = 0;
    State st = State::Start;
    uint cp = 0;
    [loop]
    for (uint i = 0; i < len; ++i) {
        uint b = byteAt(base + i);
        switch (st) {
        case State::Start:
            if (b < 0x80) {
                sink.emit(b);
                continue;
            }
            if ((b & 0xE0) == 0xC0) {
                cp = b & 0x1F;
                st = State::Expect1;
                continue;
            }
            if ((b & 0xF0) == 0xE0) {
                cp = b & 0x0F;
                st = State::Expect2;
                continue;
            }
            if ((b & 0xF8) == 0xF0) {
                cp = b & 0x07;
                st = State::Expect3;
                continue;
            }
            sink.emit(0xFFFD);
            errors++;
            continue;
        default:
            if ((b & 0xC0) != 0x80) {
                sink.emit(0xFFFD);
                errors++;
                st = State::Start;
                --i;
                continue;
            }
            cp = (cp << 6) | (b & 0x3F);
            st = (State)((uint)st - 1);
            if (st == State::Start)
                sink.emit(cp);
            break;
        }
    }
    if (st != State::Start) {
        sink.emit(0xFFFD);
        errors++;
    }
    return sink;
}

[numthreads(4, 1, 1)]
void main(uint s : SV_GroupIndex) {
    uint errors;
    Sink r = decode(16 * s, Lengths[s], errors);
    uint row[8] = { r.count, r.sum, r.hash, errors, r.first };
    for (uint k = 0; k < 8; ++k)
        Out[8 * s + k] = row[k];
}
