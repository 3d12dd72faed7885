//! A trip counter in every loop that runs wave operations, for drivers that lose lanes' values
//! in loops left only by `break`.
//!
//! lavapipe (Mesa 22.3) miscompiles wave operations inside a loop whose only exits are
//! `break`s (`while (true)`, `for (;;)`, `do … while (true)`), the shape of the waterfall loops
//! that scalarize a per-lane value: every lane ends up with the values of the last iteration
//! any lane ran, also lanes that left the loop earlier (a `WaveActiveSum` taken just before a
//! lane's `break` reads the last group's sum). The SPIR-V is valid and glslang's has the same
//! problem; the same loop with a real exit test at its head runs right, and so does WGSL,
//! because wgpu gives every loop a counter (naga's `force_loop_bounding`). This pass does what
//! wgpu does, for the loops that need it only: a loop that runs a subgroup operation (itself
//! or through a call) and does not test an exit condition at its head starts each iteration
//! with
//!
//! ```text
//! if wave_loop_bound == 0u { break; }
//! wave_loop_bound = wave_loop_bound - 1u;
//! ```
//!
//! on a `u32` local that starts at `u32::MAX`. No loop of a real shader runs 2^32 - 1
//! iterations (the driver's watchdog ends it long before), so the program means the same; the
//! cost is one compare and one subtraction per iteration of loops that already run a wave
//! operation: 6.6 % on the H200 for `benches/gpu/waterfall.hlsl`, a `while (true)` waterfall
//! whose lanes hash their key (benches/gpu/RESULTS.md). Loops without wave operations, and
//! loops with a run-time test at their head (`while (c)`, `for (…; c; …)`, which lavapipe runs
//! right: `tests/exec/wave_ops_tested_loops.hlsl`), are left alone (naga's bounding of every
//! loop costs up to 3.7x on tight loops: research/gpu.md). Run for SPIR-V only.
//!
//! Modules without a subgroup operation inside a loop are left unchanged.

use super::guard::{self, FnRef};
use naga::{BinaryOperator, Block, Expression, Function, Handle, Literal, LocalVariable, Module, Scalar, Span, Statement, TypeInner};
use std::collections::HashSet;

/// Options of the pass.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// Whether to run (the SPIR-V target).
    pub enabled: bool,
}

/// Runs the pass.
pub fn run(module: &mut Module, config: &Config) {
    if !config.enabled {
        return;
    }
    // Collect: the functions that run a subgroup operation, directly or through calls, and the
    // functions with a loop that does.
    let waves = wave_functions(module);
    let mut targets: Vec<FnRef> = Vec::new();
    // (A function with a loop that runs a wave operation runs one itself, so only the
    // functions in `waves` are looked at for such loops, besides the entry points.)
    let all = (0..module.entry_points.len()).map(FnRef::EntryPoint).chain(module.functions.iter().filter(|(h, _)| waves.contains(h)).map(|(h, _)| FnRef::Function(h)));
    for f in all {
        if has_wave_loop(guard::function(module, f), &waves) {
            targets.push(f);
        }
    }
    if targets.is_empty() {
        return;
    }

    // Mutate.
    let u32_ty = module.types.insert(naga::Type { name: None, inner: TypeInner::Scalar(Scalar::U32) }, Span::UNDEFINED);
    for f in targets {
        let func = guard::function_mut(module, f);
        let body = std::mem::take(&mut func.body);
        func.body = bound_loops(func, body, &waves, u32_ty);
    }
}

/// Whether a statement is a subgroup operation, or a call of a function that runs one.
fn is_wave(s: &Statement, waves: &HashSet<Handle<Function>>) -> bool {
    match s {
        Statement::SubgroupBallot { .. } | Statement::SubgroupCollectiveOperation { .. } | Statement::SubgroupGather { .. } => true,
        Statement::Call { function, .. } => waves.contains(function),
        _ => false,
    }
}

/// The functions that run a subgroup operation, directly or through the functions they call.
fn wave_functions(module: &Module) -> HashSet<Handle<Function>> {
    let mut waves = HashSet::new();
    loop {
        let before = waves.len();
        for (h, func) in module.functions.iter() {
            if waves.contains(&h) {
                continue;
            }
            let mut found = false;
            guard::visit_statements(&func.body, &mut |s| found |= is_wave(s, &waves));
            if found {
                waves.insert(h);
            }
        }
        if waves.len() == before {
            return waves;
        }
    }
}

/// Whether `func` holds a loop that needs a counter ([`needs_counter`]).
fn has_wave_loop(func: &Function, waves: &HashSet<Handle<Function>>) -> bool {
    let mut found = false;
    guard::visit_statements(&func.body, &mut |s| {
        if let Statement::Loop { body, continuing, .. } = s {
            found |= needs_counter(func, body, continuing, waves);
        }
    });
    found
}

/// Whether a loop runs a wave operation in its body or continuing block and has no exit test
/// at its head. lavapipe runs loops right that test a condition there (`while (c)`,
/// `for (…; c; …)`: `tests/exec/wave_ops_tested_loops.hlsl`), so only loops left by `break`
/// alone (`while (true)`, `for (;;)`) and loops tested at their end (`do … while (c)`, which
/// lavapipe gets wrong from glslang's SPIR-V) pay for a counter.
fn needs_counter(func: &Function, body: &Block, continuing: &Block, waves: &HashSet<Handle<Function>>) -> bool {
    !head_test(func, body) && (runs_wave(body, waves) || runs_wave(continuing, waves))
}

/// Whether `body` starts (after `Emit`s) with `if c { break; }` or `if c {} else { break; }` on
/// a condition known only at run time: the form lowering gives `while (c)` and `for (…; c; …)`.
fn head_test(func: &Function, body: &Block) -> bool {
    let only_break = |b: &Block| b.len() == 1 && matches!(b.first(), Some(Statement::Break));
    match body.iter().find(|s| !matches!(s, Statement::Emit(_))) {
        Some(Statement::If { condition, accept, reject }) => {
            ((only_break(accept) && reject.is_empty()) || (accept.is_empty() && only_break(reject))) && !is_constant(func, *condition)
        }
        _ => false,
    }
}

/// Whether an expression is a literal, a constant, or a unary operator on one (`!true`).
fn is_constant(func: &Function, e: Handle<Expression>) -> bool {
    match func.expressions[e] {
        Expression::Literal(_) | Expression::Constant(_) | Expression::ZeroValue(_) => true,
        Expression::Unary { expr, .. } => is_constant(func, expr),
        _ => false,
    }
}

fn runs_wave(block: &Block, waves: &HashSet<Handle<Function>>) -> bool {
    let mut found = false;
    guard::visit_statements(block, &mut |s| found |= is_wave(s, waves));
    found
}

/// `block` with a counter at the head of every loop that runs a wave operation (nested loops
/// get their own).
fn bound_loops(func: &mut Function, block: Block, waves: &HashSet<Handle<Function>>, u32_ty: Handle<naga::Type>) -> Block {
    let mut out = Block::with_capacity(block.len());
    for (stmt, span) in block.span_into_iter() {
        let stmt = match stmt {
            Statement::Block(b) => Statement::Block(bound_loops(func, b, waves, u32_ty)),
            Statement::If { condition, accept, reject } => {
                Statement::If { condition, accept: bound_loops(func, accept, waves, u32_ty), reject: bound_loops(func, reject, waves, u32_ty) }
            }
            Statement::Switch { selector, mut cases } => {
                for c in &mut cases {
                    let body = std::mem::take(&mut c.body);
                    c.body = bound_loops(func, body, waves, u32_ty);
                }
                Statement::Switch { selector, cases }
            }
            Statement::Loop { body, continuing, break_if } => {
                let bounded = needs_counter(func, &body, &continuing, waves);
                let mut body = bound_loops(func, body, waves, u32_ty);
                let continuing = bound_loops(func, continuing, waves, u32_ty);
                if bounded {
                    let mut head = counter_head(func, u32_ty, span);
                    head.append(&mut body);
                    body = head;
                }
                Statement::Loop { body, continuing, break_if }
            }
            other => other,
        };
        out.push(stmt, span);
    }
    out
}

/// A fresh counter local and the statements that test and decrement it.
fn counter_head(func: &mut Function, u32_ty: Handle<naga::Type>, span: Span) -> Block {
    let start = func.expressions.append(Expression::Literal(Literal::U32(u32::MAX)), span);
    let var = func.local_variables.append(LocalVariable { name: Some("wave_loop_bound".into()), ty: u32_ty, init: Some(start) }, span);
    let pointer = func.expressions.append(Expression::LocalVariable(var), span);
    let zero = func.expressions.append(Expression::Literal(Literal::U32(0)), span);
    let one = func.expressions.append(Expression::Literal(Literal::U32(1)), span);
    let value = func.expressions.append(Expression::Load { pointer }, span);
    let done = func.expressions.append(Expression::Binary { op: BinaryOperator::Equal, left: value, right: zero }, span);
    let next = func.expressions.append(Expression::Binary { op: BinaryOperator::Subtract, left: value, right: one }, span);
    let mut head = Block::new();
    head.push(Statement::Emit(naga::Range::new_from_bounds(value, done)), span);
    let mut exit = Block::new();
    exit.push(Statement::Break, span);
    head.push(Statement::If { condition: done, accept: exit, reject: Block::new() }, span);
    head.push(Statement::Emit(naga::Range::new_from_bounds(next, next)), span);
    head.push(Statement::Store { pointer, value: next }, span);
    head
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::tests::wgsl_of;

    fn module(src: &str) -> Module {
        naga::front::wgsl::parse_str(src).unwrap()
    }

    const WATERFALL: &str = "
        @group(0) @binding(0) var<storage, read_write> out: array<u32>;
        fn total(v: u32) -> u32 { return subgroupAdd(v); }
        @compute @workgroup_size(8)
        fn main(@builtin(local_invocation_index) t: u32) {
            var sum = 0u;
            loop {
                let first = subgroupBroadcastFirst(t & 3u);
                if (t & 3u) == first { sum = total(t); break; }
            }
            for (var i = 0u; i < 4u; i++) { sum += i; }
            out[t] = sum;
        }";

    #[test]
    fn a_loop_with_wave_operations_gets_a_counter() {
        let mut m = module(WATERFALL);
        run(&mut m, &Config { enabled: true });
        let wgsl = wgsl_of(&m);
        // One counter: the `for` loop runs no wave operation.
        assert_eq!(wgsl.matches("var wave_loop_bound: u32 = 4294967295u;").count(), 1, "{wgsl}");
        // `loop { let v = wave_loop_bound; if (v == 0u) { break; } wave_loop_bound = (v - 1u); … }`
        let at = |s: &str| wgsl.find(s).unwrap_or_else(|| panic!("no `{s}` in:\n{wgsl}"));
        let (load, test, store, first) = (at("= wave_loop_bound;"), at(" == 0u) {\n            break;"), at("wave_loop_bound = (_e"), at("subgroupBroadcastFirst"));
        assert!(load < test && test < store && store < first, "the counter comes first in the body:\n{wgsl}");
    }

    #[test]
    fn a_call_of_a_wave_function_counts() {
        let src = "
            @group(0) @binding(0) var<storage, read_write> out: array<u32>;
            fn inner(v: u32) -> u32 { return subgroupAdd(v); }
            fn outer(v: u32) -> u32 { return inner(v) + 1u; }
            @compute @workgroup_size(8)
            fn main(@builtin(local_invocation_index) t: u32) {
                var n = 0u;
                loop { n = outer(n); if n > 100u { break; } }
                out[t] = n;
            }";
        let mut m = module(src);
        run(&mut m, &Config { enabled: true });
        assert_eq!(wgsl_of(&m).matches("var wave_loop_bound: u32").count(), 1);
    }

    #[test]
    fn a_loop_tested_at_its_head_keeps_no_counter() {
        // `for (…; i < t; …)` and `while (c)` test at their head; a `do … while (c)` (a
        // `break if` at the end) gets a counter.
        let src = "
            @group(0) @binding(0) var<storage, read_write> out: array<u32>;
            @compute @workgroup_size(8)
            fn main(@builtin(local_invocation_index) t: u32) {
                var n = 0u;
                for (var i = 0u; i < t; i++) { n += subgroupAdd(i); }
                while n < 1000u { n += subgroupMax(n) + 1u; }
                loop { n += subgroupAdd(1u); continuing { break if n > 2000u; } }
                out[t] = n;
            }";
        let mut m = module(src);
        run(&mut m, &Config { enabled: true });
        let wgsl = wgsl_of(&m);
        assert_eq!(wgsl.matches("var wave_loop_bound: u32").count(), 1, "{wgsl}");
        let (counter, last) = (wgsl.find("var wave_loop_bound").unwrap(), wgsl.rfind("loop {").unwrap());
        assert!(wgsl[last..].contains("wave_loop_bound") && counter < last, "only the last loop is counted:\n{wgsl}");
    }

    #[test]
    fn feature_absent_module_unchanged() {
        // Loops without wave operations, wave operations outside loops, and in a loop tested
        // at its head.
        let src = "
            @group(0) @binding(0) var<storage, read_write> out: array<u32>;
            @compute @workgroup_size(8)
            fn main(@builtin(local_invocation_index) t: u32) {
                var n = subgroupAdd(t);
                loop { n = n / 2u; if n == 0u { break; } }
                for (var i = 0u; i < t; i++) { n += subgroupAdd(i); }
                out[t] = n;
            }";
        let mut m = module(src);
        let before = wgsl_of(&m);
        run(&mut m, &Config { enabled: true });
        assert_eq!(wgsl_of(&m), before);
        // Disabled (the WGSL target: wgpu bounds every loop itself).
        let mut m = module(WATERFALL);
        let before = wgsl_of(&m);
        run(&mut m, &Config { enabled: false });
        assert_eq!(wgsl_of(&m), before);
    }
}
