//! Wave and quad intrinsics against a CPU model of the same lanes.
//!
//! One compute kernel applies every wave and quad intrinsic to random per-thread values, with
//! a random quarter of the lanes inactive (a divergent `if`) for the wave operations, and
//! writes the results with each thread's wave (the first lane's thread id), lane and lane
//! count. The test then recomputes every result on the CPU from the lanes that the device
//! reports: sums, products (wrapping), bitwise reductions, exclusive prefixes, ballots,
//! `WaveMatch`, `WaveMultiPrefix*` over partitions, and quad reads with the quad of lanes
//! 4k .. 4k+3. It holds for any wave size (8 on lavapipe, 32 on NVIDIA) and runs for WGSL and
//! SPIR-V.

mod support;

use support::gpu::{self, Access, Binding, ComputeJob, Resource, Shader};

const THREADS: usize = 128;
const SLOTS: usize = 44;
const INACTIVE: u32 = 0xDEAD_BEEF;

const KERNEL: &str = r#"
StructuredBuffer<uint> input : register(t0);
RWStructuredBuffer<uint> output : register(u1);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint i = id.x;
    uint o = i * 44;
    uint x = input[i];
    output[o + 0] = WaveReadLaneFirst(i);
    uint lane = WaveGetLaneIndex();
    output[o + 1] = lane;
    output[o + 2] = WaveGetLaneCount();
    // Quad operations with every lane active.
    output[o + 34] = QuadReadAcrossX(x);
    output[o + 35] = QuadReadAcrossY(x);
    output[o + 36] = QuadReadAcrossDiagonal(x);
    output[o + 37] = QuadReadLaneAt(x, x & 3);
    output[o + 38] = QuadAny((x & 1) != 0) ? 1 : 0;
    output[o + 39] = QuadAll((x & 1) != 0) ? 1 : 0;
    output[o + 42] = QuadReadLaneAt(x, 2);
    if (((x >> 28) & 3) != 0) {
        uint v = x & 0xFFFF;
        output[o + 3] = WaveActiveSum(v);
        output[o + 4] = WaveActiveProduct(v | 1);
        output[o + 5] = WaveActiveMin(v);
        output[o + 6] = WaveActiveMax(v);
        output[o + 7] = WaveActiveBitAnd(v);
        output[o + 8] = WaveActiveBitOr(v);
        output[o + 9] = WaveActiveBitXor(v);
        output[o + 10] = WavePrefixSum(v);
        output[o + 11] = WavePrefixProduct(v | 1);
        output[o + 12] = WavePrefixCountBits((v & 1) != 0);
        output[o + 13] = WaveActiveCountBits((v & 1) != 0);
        uint4 b = WaveActiveBallot((v & 1) != 0);
        output[o + 14] = b.x;
        output[o + 15] = b.y;
        output[o + 16] = b.z;
        output[o + 17] = b.w;
        output[o + 18] = WaveReadLaneFirst(v);
        output[o + 19] = WaveReadLaneAt(v, WaveActiveMax(lane));
        output[o + 20] = WaveActiveAllEqual(v & 3) ? 1 : 0;
        output[o + 21] = WaveActiveAnyTrue((v & 3) == 3) ? 1 : 0;
        output[o + 22] = WaveActiveAllTrue(v < 60000) ? 1 : 0;
        output[o + 23] = WaveIsFirstLane() ? 1 : 0;
        uint4 m = WaveMatch(v % 5);
        output[o + 24] = m.x;
        output[o + 25] = m.y;
        output[o + 26] = m.z;
        output[o + 27] = m.w;
        uint4 part = WaveMatch(v % 3);
        output[o + 28] = WaveMultiPrefixSum(v, part);
        output[o + 29] = WaveMultiPrefixCountBits((v & 1) != 0, part);
        output[o + 30] = WaveMultiPrefixBitXor(v, part);
        output[o + 31] = WaveMultiPrefixProduct(v | 1, part);
        output[o + 32] = WaveMultiPrefixBitAnd(v | 0xF000, part);
        output[o + 33] = WaveMultiPrefixBitOr(v, part);
        output[o + 40] = asuint(WaveActiveSum((float)(v & 255)));
        output[o + 41] = asuint(WavePrefixSum((float)(v & 255)));
        output[o + 43] = WaveActiveAllEqual(v) ? 1 : 0;
    } else {
        for (uint k = 3; k < 34; k++)
            output[o + k] = 0xDEADBEEF;
        output[o + 40] = 0xDEADBEEF;
        output[o + 41] = 0xDEADBEEF;
        output[o + 43] = 0xDEADBEEF;
    }
}
"#;

fn inputs() -> Vec<u32> {
    // A fixed linear congruential sequence; the top bits decide which lanes are active.
    let mut state = 0x1234_5678u32;
    (0..THREADS)
        .map(|_| {
            state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            state
        })
        .collect()
}

fn compile(target: hlslc::Target) -> Shader {
    let mut options = hlslc::Options::new("cs_6_5");
    options.binding_policy = hlslc::BindingPolicy::Dxc;
    options.target = target;
    let compiled = hlslc::compile(&hlslc::Source::new("wave_model.hlsl", KERNEL), &options).unwrap_or_else(|e| panic!("{}", e.render()));
    match target {
        hlslc::Target::Wgsl => Shader::Wgsl(compiled.wgsl().unwrap()),
        hlslc::Target::SpirV => Shader::SpirV(compiled.spirv().unwrap()),
    }
}

fn run(target: hlslc::Target) {
    let Some(device) = gpu::gpu() else { return };
    if !device.features.contains(wgpu::Features::SUBGROUP) {
        assert!(!gpu::is_ci(), "CI=true and the adapter has no subgroup operations");
        eprintln!("SKIPPED: {} has no subgroup operations", device.info.name);
        return;
    }
    let input = inputs();
    let job = ComputeJob {
        immediates: Vec::new(),
        shader: compile(target),
        entry_point: "main".into(),
        workgroups: [(THREADS / 64) as u32, 1, 1],
        bindings: vec![
            Binding { element: None, group: 0, binding: 0, resource: Resource::Storage { access: Access::ReadOnly, data: input.iter().flat_map(|x| x.to_le_bytes()).collect() } },
            Binding { element: None, group: 0, binding: 1, resource: Resource::Storage { access: Access::ReadWrite, data: vec![0; THREADS * SLOTS * 4] } },
        ],
    };
    let out = gpu::run_compute(&job).unwrap_or_else(|e| panic!("{target:?}: {e}"));
    let bytes = out.get(0, 1).unwrap();
    let got: Vec<u32> = bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    let errors = check(&input, &got);
    assert!(errors.is_empty(), "{target:?} on {}: {} mismatches:\n{}", device.info.name, errors.len(), errors.iter().take(40).cloned().collect::<Vec<_>>().join("\n"));
    eprintln!("wave model ({target:?}) on {}: {} threads, wave size {}, all results match", device.info.name, THREADS, got[2]);
}

/// The CPU model: every slot of every thread, from the lanes the device reported.
fn check(input: &[u32], got: &[u32]) -> Vec<String> {
    let slot = |i: usize, k: usize| got[i * SLOTS + k];
    let mut errors = Vec::new();
    let mut expect = |i: usize, k: usize, want: u32, what: &str| {
        let have = slot(i, k);
        if have != want {
            errors.push(format!("thread {i} lane {} {what}: expected {want:#x}, got {have:#x}", slot(i, 1)));
        }
    };
    // Waves: threads by their first lane's thread id, ordered by lane.
    let mut short_waves = Vec::new();
    let mut waves: std::collections::BTreeMap<u32, Vec<usize>> = Default::default();
    for i in 0..THREADS {
        waves.entry(slot(i, 0)).or_default().push(i);
    }
    for (_, mut threads) in waves {
        threads.sort_by_key(|&i| slot(i, 1));
        let n = slot(threads[0], 2) as usize;
        let by_lane = |l: usize| threads.iter().copied().find(|&i| slot(i, 1) as usize == l);
        let active: Vec<usize> = threads.iter().copied().filter(|&i| (input[i] >> 28) & 3 != 0).collect();
        let v = |i: usize| input[i] & 0xFFFF;
        let lane = |i: usize| slot(i, 1) as usize;
        let mask_of = |pred: &dyn Fn(usize) -> bool| {
            let mut m = [0u32; 4];
            for &j in &active {
                if pred(j) {
                    m[lane(j) / 32] |= 1 << (lane(j) % 32);
                }
            }
            m
        };
        let ballot = mask_of(&|j| v(j) & 1 != 0);
        let first = active.first().copied();
        let max_lane = active.iter().map(|&j| lane(j)).max();
        for &i in &threads {
            // Quad operations: lanes 4k .. 4k+3, all active.
            let q = lane(i) & !3;
            let quad = |k: usize| by_lane(q + k).map(|j| input[j]);
            if let (Some(a), Some(b), Some(c), Some(d)) = (quad(0), quad(1), quad(2), quad(3)) {
                let vals = [a, b, c, d];
                let me = lane(i) & 3;
                expect(i, 34, vals[me ^ 1], "QuadReadAcrossX");
                expect(i, 35, vals[me ^ 2], "QuadReadAcrossY");
                expect(i, 36, vals[me ^ 3], "QuadReadAcrossDiagonal");
                expect(i, 37, vals[(input[i] & 3) as usize], "QuadReadLaneAt (dynamic)");
                expect(i, 42, vals[2], "QuadReadLaneAt(2)");
                expect(i, 38, vals.iter().any(|x| x & 1 != 0) as u32, "QuadAny");
                expect(i, 39, vals.iter().all(|x| x & 1 != 0) as u32, "QuadAll");
            }
            if !active.contains(&i) {
                for k in (3..34).chain([40, 41, 43]) {
                    expect(i, k, INACTIVE, "inactive lane");
                }
                continue;
            }
            let below: Vec<usize> = active.iter().copied().filter(|&j| lane(j) < lane(i)).collect();
            expect(i, 3, active.iter().fold(0u32, |a, &j| a.wrapping_add(v(j))), "WaveActiveSum");
            expect(i, 4, active.iter().fold(1u32, |a, &j| a.wrapping_mul(v(j) | 1)), "WaveActiveProduct");
            expect(i, 5, active.iter().map(|&j| v(j)).min().unwrap_or(0), "WaveActiveMin");
            expect(i, 6, active.iter().map(|&j| v(j)).max().unwrap_or(0), "WaveActiveMax");
            expect(i, 7, active.iter().fold(!0u32, |a, &j| a & v(j)), "WaveActiveBitAnd");
            expect(i, 8, active.iter().fold(0u32, |a, &j| a | v(j)), "WaveActiveBitOr");
            expect(i, 9, active.iter().fold(0u32, |a, &j| a ^ v(j)), "WaveActiveBitXor");
            expect(i, 10, below.iter().fold(0u32, |a, &j| a.wrapping_add(v(j))), "WavePrefixSum");
            expect(i, 11, below.iter().fold(1u32, |a, &j| a.wrapping_mul(v(j) | 1)), "WavePrefixProduct");
            expect(i, 12, below.iter().filter(|&&j| v(j) & 1 != 0).count() as u32, "WavePrefixCountBits");
            expect(i, 13, active.iter().filter(|&&j| v(j) & 1 != 0).count() as u32, "WaveActiveCountBits");
            for (w, &word) in ballot.iter().enumerate() {
                expect(i, 14 + w, word, "WaveActiveBallot");
            }
            expect(i, 18, first.map(v).unwrap_or(0), "WaveReadLaneFirst");
            expect(i, 19, max_lane.and_then(by_lane).map(v).unwrap_or(0), "WaveReadLaneAt");
            expect(i, 20, active.iter().all(|&j| v(j) & 3 == v(i) & 3) as u32, "WaveActiveAllEqual");
            expect(i, 43, active.iter().all(|&j| v(j) == v(i)) as u32, "WaveActiveAllEqual (distinct)");
            expect(i, 21, active.iter().any(|&j| v(j) & 3 == 3) as u32, "WaveActiveAnyTrue");
            expect(i, 22, active.iter().all(|&j| v(j) < 60000) as u32, "WaveActiveAllTrue");
            expect(i, 23, (first == Some(i)) as u32, "WaveIsFirstLane");
            let matched = mask_of(&|j| v(j) % 5 == v(i) % 5);
            for (w, &word) in matched.iter().enumerate() {
                expect(i, 24 + w, word, "WaveMatch");
            }
            let part: Vec<usize> = below.iter().copied().filter(|&j| v(j) % 3 == v(i) % 3).collect();
            expect(i, 28, part.iter().fold(0u32, |a, &j| a.wrapping_add(v(j))), "WaveMultiPrefixSum");
            expect(i, 29, part.iter().filter(|&&j| v(j) & 1 != 0).count() as u32, "WaveMultiPrefixCountBits");
            expect(i, 30, part.iter().fold(0u32, |a, &j| a ^ v(j)), "WaveMultiPrefixBitXor");
            expect(i, 31, part.iter().fold(1u32, |a, &j| a.wrapping_mul(v(j) | 1)), "WaveMultiPrefixProduct");
            expect(i, 32, part.iter().fold(!0u32, |a, &j| a & (v(j) | 0xF000)), "WaveMultiPrefixBitAnd");
            expect(i, 33, part.iter().fold(0u32, |a, &j| a | v(j)), "WaveMultiPrefixBitOr");
            // Sums start at +0 (the scans' identity; Rust's `sum` of floats starts at -0).
            let fsum = active.iter().fold(0.0f32, |a, &j| a + (v(j) & 255) as f32);
            expect(i, 40, fsum.to_bits(), "WaveActiveSum (float)");
            let fprefix = below.iter().fold(0.0f32, |a, &j| a + (v(j) & 255) as f32);
            expect(i, 41, fprefix.to_bits(), "WavePrefixSum (float)");
        }
        // Every lane of the wave ran (full waves: the group is a multiple of the wave size).
        if n <= 64 && threads.len() != n {
            short_waves.push(format!("a wave of {n} lanes reported {} threads", threads.len()));
        }
    }
    errors.extend(short_waves);
    errors
}

#[test]
fn wave_ops_match_the_cpu_model_wgsl() {
    run(hlslc::Target::Wgsl);
}

#[test]
fn wave_ops_match_the_cpu_model_spirv() {
    run(hlslc::Target::SpirV);
}
