//! Per-stage compile times of the benchmark shaders as one Markdown table (medians of
//! repeated runs; no criterion, so it finishes in seconds): `cargo bench --bench stages`.
//!
//! Columns: source lines; preprocess, parse, sema, lower (hlslc's front end, together
//! "front"); naga's validation and the WGSL / SPIR-V writers ("naga" = validate + the
//! slower writer); front/naga; µs per line of the whole pipeline (linearity); peak RSS of
//! the process after the shader (VmHWM; the 20 000-line shader comes last but one).
//!
//! `STAGES_RUNS=1` times each stage once (for profilers: `valgrind --tool=callgrind` gives
//! deterministic instruction counts per stage function where wall times are noisy).

mod common;

use std::hint::black_box;
use std::time::{Duration, Instant};

fn median<T>(runs: usize, mut f: impl FnMut() -> T) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            black_box(f());
            t.elapsed()
        })
        .collect();
    times.sort();
    times[times.len() / 2]
}

fn hwm_mb() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("VmHWM:")).and_then(|l| l.split_whitespace().nth(1)?.parse::<f64>().ok()))
        .map(|kb| kb / 1024.0)
        .unwrap_or(f64::NAN)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    // `cargo bench` passes `--bench`; a filter argument selects shaders by name.
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    println!("| shader | lines | preprocess ms | parse ms | sema ms | lower ms | validate ms | WGSL ms | SPIR-V ms | front/naga | total ms | µs/line | VmHWM MB |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (name, path, text) in common::shaders() {
        if filter.as_deref().is_some_and(|f| !name.contains(f)) {
            continue;
        }
        let lines = common::source_lines(&path);
        let runs = std::env::var("STAGES_RUNS").ok().and_then(|r| r.parse().ok()).unwrap_or(if lines > 4000 { 5 } else { 21 });
        let (map, pre) = common::preprocess(&path, &text);
        let unit = common::parse(&map, &pre);
        let tir = common::analyze(&unit);
        let module = common::lower(&tir);
        let info = common::validate(&module);
        let t_pp = median(runs, || common::preprocess(&path, &text));
        let t_parse = median(runs, || common::parse(&map, &pre));
        let t_sema = median(runs, || common::analyze(&unit));
        let t_lower = median(runs, || common::lower(&tir));
        let t_val = median(runs, || common::validate(&module));
        let t_wgsl = median(runs, || common::wgsl(&module, &info));
        let t_spv = median(runs, || common::spirv(&module, &info));
        let t_total = median(runs, || common::compile(&path, &text).spirv().unwrap());
        let front = t_pp + t_parse + t_sema + t_lower;
        let naga = t_val + t_wgsl.max(t_spv);
        println!(
            "| {name} | {lines} | {:.3} | {:.3} | {:.3} | {:.3} | {:.3} | {:.3} | {:.3} | {:.2} | {:.3} | {:.2} | {:.1} |",
            ms(t_pp),
            ms(t_parse),
            ms(t_sema),
            ms(t_lower),
            ms(t_val),
            ms(t_wgsl),
            ms(t_spv),
            front.as_secs_f64() / naga.as_secs_f64(),
            ms(t_total),
            t_total.as_secs_f64() * 1e6 / lines as f64,
            hwm_mb()
        );
    }
}
