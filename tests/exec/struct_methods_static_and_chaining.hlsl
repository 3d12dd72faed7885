// Struct member functions: a static factory called as `Acc::make`, methods that modify the
// object (`this` as an lvalue, `this.add` and an implicit `add`), a method returning a
// modified copy (`Acc c = this;`) chained on its own result, and a method called on an
// array element chosen at run time (its writes reach the element). By hand, start = 10:
//   a = make(10); a.add(5) → (15, 1); b = a.plus(7).plus(8) → (30, 3), a unchanged;
//   a.addTwice(-3) → (9, 3); arr[1].add(40) → (42, 1), arr[0] stays (1, 0);
//   b.mean() = 10; a.plus(1).mean() = 10 / 4 = 2
// exec: -T cs_6_0 -E main dispatch 1 1 1
// buffer t0 ro int[2] = [10, 1]
// buffer u1 rw int[8] = 0
// expect u1 = [9, 3, 30, 3, 10, 42, 1, 2]
// peer-bug glslang: no static member functions in structs
struct Acc {
    int total;
    int count;
    static Acc make(int start) {
        Acc a;
        a.total = start;
        a.count = 0;
        return a;
    }
    void add(int v) {
        total += v;
        count++;
    }
    Acc plus(int v) {
        Acc c = this;
        c.add(v);
        return c;
    }
    int mean() { return count == 0 ? 0 : total / count; }
    void addTwice(int v) {
        add(v);
        this.add(v);
    }
};

StructuredBuffer<int> src : register(t0);
RWStructuredBuffer<int> o : register(u1);

[numthreads(1, 1, 1)]
void main() {
    Acc a = Acc::make(src[0]);
    a.add(5);
    Acc b = a.plus(7).plus(8);
    a.addTwice(-3);
    Acc arr[2];
    arr[0] = Acc::make(1);
    arr[1] = Acc::make(2);
    arr[src[1]].add(40);
    o[0] = a.total; o[1] = a.count;
    o[2] = b.total; o[3] = b.count; o[4] = b.mean();
    o[5] = arr[1].total; o[6] = arr[0].total;
    o[7] = a.plus(1).mean();
}
