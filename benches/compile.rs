//! Compile time per shader and per stage (criterion): preprocess, parse, sema (analyze),
//! lower, naga validation, WGSL and SPIR-V emission, and the whole pipeline, on shaders of
//! 10 to 20 000 lines plus an include-heavy and a macro-heavy one (`benches/shaders/`).
//!
//!     cargo bench --bench compile                 # everything (a few minutes on 2 cores)
//!     cargo bench --bench compile -- size_01000   # one shader
//!
//! `cargo bench --bench stages` prints the same stages as one table (medians, µs/line);
//! `benches/compare` times whole processes against glslang and Slang.

mod common;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;

fn stages(c: &mut Criterion) {
    for (name, path, text) in common::shaders() {
        let lines = common::source_lines(&path) as u64;
        let mut g = c.benchmark_group(name.clone());
        g.throughput(Throughput::Elements(lines));
        g.sample_size(10).warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(2));
        let (map, pre) = common::preprocess(&path, &text);
        let unit = common::parse(&map, &pre);
        let tir = common::analyze(&unit);
        let module = common::lower(&tir);
        let info = common::validate(&module);
        g.bench_function(BenchmarkId::new("preprocess", lines), |b| b.iter(|| black_box(common::preprocess(&path, &text))));
        g.bench_function(BenchmarkId::new("parse", lines), |b| b.iter(|| black_box(common::parse(&map, &pre))));
        g.bench_function(BenchmarkId::new("sema", lines), |b| b.iter(|| black_box(common::analyze(&unit))));
        g.bench_function(BenchmarkId::new("lower", lines), |b| b.iter(|| black_box(common::lower(&tir))));
        g.bench_function(BenchmarkId::new("validate", lines), |b| b.iter(|| black_box(common::validate(&module))));
        g.bench_function(BenchmarkId::new("emit_wgsl", lines), |b| b.iter(|| black_box(common::wgsl(&module, &info))));
        g.bench_function(BenchmarkId::new("emit_spirv", lines), |b| b.iter(|| black_box(common::spirv(&module, &info))));
        g.bench_function(BenchmarkId::new("total_spirv", lines), |b| {
            b.iter(|| {
                let c = common::compile(&path, &text);
                black_box(c.spirv().unwrap())
            })
        });
        g.finish();
    }
}

criterion_group!(benches, stages);
criterion_main!(benches);
