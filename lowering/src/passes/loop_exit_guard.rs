//! A never-taken exit test at the head of loops left only by `break` or tested at their end,
//! for drivers that lose lanes' values in such loops.
//!
//! lavapipe (Mesa 22.3) miscompiles loops whose only exits are `break`s (`while (true)`,
//! `for (;;)`) or a test at their end (`do … while (c)`) when lanes leave them at different
//! iterations: lanes that left early end up with values of a later iteration. With wave
//! operations in the loop (the waterfall loops that scalarize a per-lane value) every lane
//! gets the wave results of the last iteration any lane ran (a `WaveActiveSum` taken just
//! before a lane's `break` reads the last group's sum); without them, values read from memory
//! or computed from them can go the same way (`tests/exec/algo_eight_lane_lexer.hlsl`). The
//! SPIR-V is valid and glslang's has the same problem. The same loop with a real exit test at
//! its head runs right, and so does WGSL, because wgpu gives every loop a counter (naga's
//! `force_loop_bounding`). This pass gives such loops an exit test at their head that is never
//! taken:
//!
//! ```text
//! if loop_exit_guard == 4294967295u { break; }
//! ```
//!
//! The private `loop_exit_guard` holds the invocation's local index (compute, amplification
//! and mesh shaders) or its lane index (other stages), stored at the start of every entry point
//! that reaches such a loop: neither can be `u32::MAX`, but no compiler can fold the test.
//!
//! Which loops, per the entry points that reach the function holding them:
//! - reached from compute, amplification and mesh shaders only: every loop without a head
//!   test;
//! - otherwise only the loops that run a wave operation (itself or through a call): the lane
//!   index needs subgroup support in the stage, which such a loop already needs. Vertex
//!   shaders, and the stages lowering writes as stand-in compute entry points (geometry,
//!   hull, domain, some ray-tracing stages), have no lane index in naga, so a function they
//!   reach gets a trip counter instead:
//!
//!   ```text
//!   if loop_trip_bound == 0u { break; }
//!   loop_trip_bound = loop_trip_bound - 1u;
//!   ```
//!
//!   on a `u32` local that starts at `u32::MAX` (no loop of a real shader runs 2^32 - 1
//!   iterations: the driver's watchdog ends it long before).
//!
//! Either test is a second exit, and that is what costs on the H200: with one exit NVIDIA's
//! compiler can move the breaking branch's work out of the loop. `break_sinking`, run next,
//! therefore moves that work itself where it can. On `benches/gpu/waterfall.hlsl`,
//! a `while (true)` waterfall whose lanes hash their key, the guard alone costs 3.1 % and the
//! counter 6.6 % (with the work moved, the loop runs in 0.16x glslang's time); on tight `do … while` and `while (true)` loops the guard cost nothing
//! (benches/gpu/RESULTS.md compares the loop shapes). Loops with a run-time test at their head
//! (`while (c)`, `for (…; c; …)`, which lavapipe runs right:
//! `tests/exec/wave_ops_tested_loops.hlsl`) are left alone, and so is every loop of a WGSL
//! module (wgpu bounds them itself). Run for SPIR-V only.
//!
//! Modules without such a loop are left unchanged.

use super::guard::{self, FnRef};
use naga::{BinaryOperator, Binding, Block, BuiltIn, Expression, Function, GlobalVariable, Handle, Literal, LocalVariable, Module, Scalar, ShaderStage, Span, Statement, TypeInner};
use std::collections::{HashMap, HashSet};

/// Options of the pass.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// Whether to run (the SPIR-V target).
    pub enabled: bool,
    /// Entry points lowering writes as compute entry points for a stage naga has no word for
    /// (geometry, hull, domain, ray-tracing stages): they have neither index in naga.
    pub stand_ins: Vec<String>,
}

/// The value the guard never holds.
const NEVER: u32 = u32::MAX;
/// The name of the private global holding the guard.
pub const GUARD: &str = "loop_exit_guard";
/// The name of the trip counter locals.
pub const COUNTER: &str = "loop_trip_bound";

/// Runs the pass.
pub fn run(module: &mut Module, config: &Config) {
    if !config.enabled {
        return;
    }
    // Collect: whether any loop lacks a head test (most modules have none, and stop here),
    // each entry point's index built-in and the loops its functions need tested, then each
    // function's test.
    if !module.entry_points.iter().map(|ep| &ep.function).chain(module.functions.iter().map(|(_, f)| f)).any(has_untested_loop) {
        return;
    }
    let waves = wave_functions(module);
    let sources: Vec<Option<BuiltIn>> = module.entry_points.iter().map(|ep| index_source(ep, &config.stand_ins)).collect();
    let mut reached_by: HashMap<FnRef, Vec<usize>> = HashMap::new();
    for i in 0..module.entry_points.len() {
        for f in guard::reachable(module, &|j, _| j == i) {
            reached_by.entry(f).or_default().push(i);
        }
    }
    let mut plans: Vec<(FnRef, Plan)> = Vec::new();
    let mut stores: HashSet<usize> = HashSet::new();
    for (f, entries) in &reached_by {
        let plan = Plan {
            all_loops: entries.iter().all(|&i| sources[i] == Some(BuiltIn::LocalInvocationIndex)),
            guarded: entries.iter().all(|&i| sources[i].is_some()),
        };
        let func = guard::function(module, *f);
        if !plan.all_loops && !matches!(f, FnRef::EntryPoint(_)) && !matches!(f, FnRef::Function(h) if waves.contains(h)) {
            // A function with a loop that runs a wave operation runs one itself.
            continue;
        }
        if has_target_loop(func, &plan, &waves) {
            if plan.guarded {
                stores.extend(entries.iter().copied());
            }
            plans.push((*f, plan));
        }
    }
    if plans.is_empty() {
        return;
    }

    // Mutate.
    let u32_ty = module.types.insert(naga::Type { name: None, inner: TypeInner::Scalar(Scalar::U32) }, Span::UNDEFINED);
    let global = (!stores.is_empty()).then(|| {
        module.global_variables.append(
            GlobalVariable { name: Some(GUARD.into()), space: naga::AddressSpace::Private, binding: None, ty: u32_ty, init: None, memory_decorations: Default::default() },
            Span::UNDEFINED,
        )
    });
    for (f, plan) in plans {
        let test = match global {
            Some(g) if plan.guarded => Test::Guard(g),
            _ => Test::Counter(u32_ty),
        };
        let func = guard::function_mut(module, f);
        let body = std::mem::take(&mut func.body);
        func.body = test_loops(func, body, &plan, &waves, test);
    }
    if let Some(g) = global {
        let mut stores: Vec<usize> = stores.into_iter().collect();
        stores.sort_unstable();
        for i in stores {
            if let Some(source) = sources[i] {
                store_index(module, i, source, g, u32_ty);
            }
        }
    }
}

/// Which loops of a function get a test, and which test.
struct Plan {
    /// Every loop without a head test (only compute-like entry points reach the function);
    /// else only those that run a wave operation.
    all_loops: bool,
    /// Whether every entry point reaching the function stores an index in the guard.
    guarded: bool,
}

/// The exit test a loop gets.
#[derive(Clone, Copy)]
enum Test {
    /// `if loop_exit_guard == 4294967295u { break; }` on this private global.
    Guard(Handle<GlobalVariable>),
    /// A trip counter local of this `u32` type.
    Counter(Handle<naga::Type>),
}

/// The built-in an entry point stores in the guard: the local invocation index in compute,
/// amplification and mesh shaders, the lane index in other stages where naga has it (not in
/// vertex shaders or stand-ins).
fn index_source(ep: &naga::EntryPoint, stand_ins: &[String]) -> Option<BuiltIn> {
    if stand_ins.contains(&ep.name) {
        return None;
    }
    match ep.stage {
        ShaderStage::Vertex => None,
        stage if stage.compute_like() => Some(BuiltIn::LocalInvocationIndex),
        _ => Some(BuiltIn::SubgroupInvocationId),
    }
}

/// Stores the `source` built-in into `global` first thing in entry point `index`: from its own
/// argument (or a member of a struct argument) when it has one, else from a new argument.
fn store_index(module: &mut Module, index: usize, source: BuiltIn, global: Handle<GlobalVariable>, u32_ty: Handle<naga::Type>) {
    let binding = Some(Binding::BuiltIn(source));
    let func = &module.entry_points[index].function;
    let member = func.arguments.iter().enumerate().find_map(|(a, arg)| match &module.types[arg.ty].inner {
        TypeInner::Struct { members, .. } => members.iter().position(|m| m.binding == binding).map(|m| (a as u32, m as u32)),
        _ => None,
    });
    let top = func.arguments.iter().position(|arg| arg.binding == binding);
    let func = &mut module.entry_points[index].function;
    let span = Span::UNDEFINED;
    let mut head = Block::new();
    let value = match (top, member) {
        (Some(a), _) => func.expressions.append(Expression::FunctionArgument(a as u32), span),
        (None, Some((a, m))) => {
            let arg = func.expressions.append(Expression::FunctionArgument(a), span);
            let value = func.expressions.append(Expression::AccessIndex { base: arg, index: m }, span);
            head.push(Statement::Emit(naga::Range::new_from_bounds(value, value)), span);
            value
        }
        (None, None) => {
            let name = if source == BuiltIn::LocalInvocationIndex { "loop_exit_local_index" } else { "loop_exit_lane_index" };
            func.arguments.push(naga::FunctionArgument { name: Some(name.into()), ty: u32_ty, binding });
            func.expressions.append(Expression::FunctionArgument(func.arguments.len() as u32 - 1), span)
        }
    };
    let pointer = func.expressions.append(Expression::GlobalVariable(global), span);
    head.push(Statement::Store { pointer, value }, span);
    let mut body = std::mem::take(&mut func.body);
    head.append(&mut body);
    func.body = head;
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

/// Whether `func` holds a loop without a test at its head.
pub(crate) fn has_untested_loop(func: &Function) -> bool {
    let mut found = false;
    guard::visit_statements(&func.body, &mut |s| {
        if let Statement::Loop { body, .. } = s {
            found |= !head_test(func, body);
        }
    });
    found
}

/// Whether `func` holds a loop that `plan` tests ([`needs_test`]).
fn has_target_loop(func: &Function, plan: &Plan, waves: &HashSet<Handle<Function>>) -> bool {
    let mut found = false;
    guard::visit_statements(&func.body, &mut |s| {
        if let Statement::Loop { body, continuing, .. } = s {
            found |= needs_test(func, body, continuing, plan, waves);
        }
    });
    found
}

/// Whether a loop has no exit test at its head and is one that `plan` tests: any loop, or one
/// that runs a wave operation in its body or continuing block. lavapipe runs loops right that
/// test a condition there (`while (c)`, `for (…; c; …)`: `tests/exec/wave_ops_tested_loops.hlsl`),
/// so only loops left by `break` alone (`while (true)`, `for (;;)`) and loops tested at their
/// end (`do … while (c)`) get a test.
fn needs_test(func: &Function, body: &Block, continuing: &Block, plan: &Plan, waves: &HashSet<Handle<Function>>) -> bool {
    !head_test(func, body) && (plan.all_loops || runs_wave(body, waves) || runs_wave(continuing, waves))
}

/// Whether `body` starts (after `Emit`s) with `if c { break; }` or `if c {} else { break; }` on
/// a condition known only at run time: the form lowering gives `while (c)` and `for (…; c; …)`.
pub(crate) fn head_test(func: &Function, body: &Block) -> bool {
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

/// `block` with an exit test at the head of every loop `plan` tests (nested loops get their
/// own).
fn test_loops(func: &mut Function, block: Block, plan: &Plan, waves: &HashSet<Handle<Function>>, test: Test) -> Block {
    let mut out = Block::with_capacity(block.len());
    for (stmt, span) in block.span_into_iter() {
        let stmt = match stmt {
            Statement::Block(b) => Statement::Block(test_loops(func, b, plan, waves, test)),
            Statement::If { condition, accept, reject } => {
                Statement::If { condition, accept: test_loops(func, accept, plan, waves, test), reject: test_loops(func, reject, plan, waves, test) }
            }
            Statement::Switch { selector, mut cases } => {
                for c in &mut cases {
                    let body = std::mem::take(&mut c.body);
                    c.body = test_loops(func, body, plan, waves, test);
                }
                Statement::Switch { selector, cases }
            }
            Statement::Loop { body, continuing, break_if } => {
                let tested = needs_test(func, &body, &continuing, plan, waves);
                let mut body = test_loops(func, body, plan, waves, test);
                let continuing = test_loops(func, continuing, plan, waves, test);
                if tested {
                    let mut head = match test {
                        Test::Guard(g) => guard_head(func, g, span),
                        Test::Counter(u32_ty) => counter_head(func, u32_ty, span),
                    };
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

/// `if loop_exit_guard == 4294967295u { break; }`.
fn guard_head(func: &mut Function, global: Handle<GlobalVariable>, span: Span) -> Block {
    let pointer = func.expressions.append(Expression::GlobalVariable(global), span);
    let never = func.expressions.append(Expression::Literal(Literal::U32(NEVER)), span);
    let value = func.expressions.append(Expression::Load { pointer }, span);
    let done = func.expressions.append(Expression::Binary { op: BinaryOperator::Equal, left: value, right: never }, span);
    let mut head = Block::new();
    head.push(Statement::Emit(naga::Range::new_from_bounds(value, done)), span);
    let mut exit = Block::new();
    exit.push(Statement::Break, span);
    head.push(Statement::If { condition: done, accept: exit, reject: Block::new() }, span);
    head
}

/// A fresh counter local and the statements that test and decrement it.
fn counter_head(func: &mut Function, u32_ty: Handle<naga::Type>, span: Span) -> Block {
    let start = func.expressions.append(Expression::Literal(Literal::U32(u32::MAX)), span);
    let var = func.local_variables.append(LocalVariable { name: Some(COUNTER.into()), ty: u32_ty, init: Some(start) }, span);
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

    fn spirv() -> Config {
        Config { enabled: true, stand_ins: Vec::new() }
    }

    /// The number of guard tests and of counters in `wgsl`.
    fn tests(wgsl: &str) -> (usize, usize) {
        (wgsl.matches(" == 4294967295u) {").count(), wgsl.matches("var loop_trip_bound: u32 = 4294967295u;").count())
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
    fn a_loop_left_by_break_gets_the_guard() {
        let mut m = module(WATERFALL);
        run(&mut m, &spirv());
        let wgsl = wgsl_of(&m);
        // One test: the `for` loop tests its condition at its head.
        assert_eq!(tests(&wgsl), (1, 0), "{wgsl}");
        // The entry point stores its own local-index argument first; the loop tests it first.
        let at = |s: &str| wgsl.find(s).unwrap_or_else(|| panic!("no `{s}` in:\n{wgsl}"));
        let (store, load, test, first) = (at("loop_exit_guard = t;"), at("= loop_exit_guard;"), at(" == 4294967295u) {\n            break;"), at("subgroupBroadcastFirst"));
        assert!(store < load && load < test && test < first, "{wgsl}");
    }

    #[test]
    fn compute_loops_without_wave_operations_get_the_guard() {
        // `loop { … break; }` and `do … while` (a `break if`), in the entry point and in a
        // function it calls; a new local-index argument.
        let src = "
            @group(0) @binding(0) var<storage, read_write> out: array<u32>;
            fn halve(v: u32) -> u32 {
                var n = v;
                loop { n = n / 2u; if n < 3u { break; } }
                return n;
            }
            @compute @workgroup_size(8, 2)
            fn main(@builtin(global_invocation_id) id: vec3<u32>) {
                var n = halve(out[id.x]);
                loop { n += 3u; continuing { break if n > 100u; } }
                out[id.x] = n;
            }";
        let mut m = module(src);
        run(&mut m, &spirv());
        let wgsl = wgsl_of(&m);
        assert_eq!(tests(&wgsl), (2, 0), "{wgsl}");
        assert!(wgsl.contains("@builtin(local_invocation_index) loop_exit_local_index: u32"), "{wgsl}");
        assert_eq!(wgsl.matches("loop_exit_guard = loop_exit_local_index;").count(), 1, "{wgsl}");
    }

    #[test]
    fn a_loop_tested_at_its_head_gets_no_test() {
        // `for (…; i < t; …)` and `while (c)` test at their head; a `do … while (c)` (a
        // `break if` at the end) gets a test.
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
        run(&mut m, &spirv());
        let wgsl = wgsl_of(&m);
        assert_eq!(tests(&wgsl), (1, 0), "{wgsl}");
        let (test, last) = (wgsl.find(" == 4294967295u)").unwrap(), wgsl.rfind("loop {").unwrap());
        assert!(last < test, "only the last loop is tested:\n{wgsl}");
    }

    #[test]
    fn other_stages_test_wave_loops_only() {
        // A fragment shader: its wave loop gets the guard on a new lane-index argument, its
        // other loop nothing. A vertex shader (no lane index in naga) counts its wave loop.
        let src = "
            @fragment
            fn fs(@location(0) @interpolate(flat) k: u32) -> @location(0) vec4<f32> {
                var n = k;
                loop { n = n / 2u; if n < 3u { break; } }
                loop { if subgroupBroadcastFirst(k) == k { n += subgroupAdd(1u); break; } }
                return vec4<f32>(f32(n));
            }
            @vertex
            fn vs(@builtin(vertex_index) v: u32) -> @builtin(position) vec4<f32> {
                var n = v;
                loop { if subgroupBroadcastFirst(v) == v { n += subgroupAdd(1u); break; } }
                loop { n = n / 2u; if n < 3u { break; } }
                return vec4<f32>(f32(n));
            }";
        let mut m = module(src);
        run(&mut m, &spirv());
        let wgsl = wgsl_of(&m);
        assert_eq!(tests(&wgsl), (1, 1), "{wgsl}");
        assert!(wgsl.contains("@builtin(subgroup_invocation_id) loop_exit_lane_index: u32"), "{wgsl}");
        let (fs, vs) = (wgsl.find("fn fs").unwrap(), wgsl.find("fn vs").unwrap());
        assert!(wgsl.find(" == 4294967295u)").unwrap() < vs && wgsl.find("var loop_trip_bound").unwrap() > vs && fs < vs, "{wgsl}");
    }

    #[test]
    fn a_function_a_vertex_shader_also_reaches_keeps_the_counter() {
        // `shared_loop` is reached from a compute and a vertex shader: its wave loop gets a
        // counter and its other loop nothing; the compute shader's own loop gets the guard.
        let src = "
            @group(0) @binding(0) var<storage, read_write> out: array<u32>;
            fn shared_loop(v: u32) -> u32 {
                var n = v;
                loop { n += subgroupAdd(1u); if n > 100u { break; } }
                loop { n = n / 2u; if n < 3u { break; } }
                return n;
            }
            @vertex
            fn vs(@builtin(vertex_index) v: u32) -> @builtin(position) vec4<f32> { return vec4<f32>(f32(shared_loop(v))); }
            @compute @workgroup_size(16)
            fn cs(@builtin(local_invocation_index) t: u32) {
                var n = shared_loop(t);
                loop { n = n / 2u; if n < 3u { break; } }
                out[t] = n;
            }";
        let mut m = module(src);
        run(&mut m, &spirv());
        let wgsl = wgsl_of(&m);
        assert_eq!(tests(&wgsl), (1, 1), "{wgsl}");
        let (shared, vs) = (wgsl.find("fn shared_loop").unwrap(), wgsl.find("fn vs").unwrap());
        assert!((shared..vs).contains(&wgsl.find("var loop_trip_bound").unwrap()), "{wgsl}");
        assert!(wgsl.find(" == 4294967295u)").unwrap() > wgsl.find("fn cs").unwrap(), "{wgsl}");
        // Only the compute shader stores an index.
        assert_eq!(wgsl.matches("loop_exit_guard = ").count(), 1, "{wgsl}");
    }

    #[test]
    fn stand_in_entry_points_count_wave_loops() {
        let mut m = module(WATERFALL);
        run(&mut m, &Config { enabled: true, stand_ins: vec!["main".into()] });
        let wgsl = wgsl_of(&m);
        assert_eq!(tests(&wgsl), (0, 1), "{wgsl}");
        assert!(!wgsl.contains("loop_exit_guard"), "{wgsl}");
    }

    #[test]
    fn an_index_in_a_struct_argument_is_read() {
        let src = "
            @group(0) @binding(0) var<storage, read_write> out: array<u32>;
            struct In { @builtin(global_invocation_id) id: vec3<u32>, @builtin(local_invocation_index) t: u32 }
            @compute @workgroup_size(8)
            fn main(i: In) {
                var n = i.t;
                loop { n += 7u; if n > 100u { break; } }
                out[i.id.x] = n;
            }";
        let mut m = module(src);
        run(&mut m, &spirv());
        let wgsl = wgsl_of(&m);
        assert_eq!(wgsl.matches("local_invocation_index").count(), 1, "{wgsl}");
        assert!(wgsl.contains("loop_exit_guard = i.t;"), "{wgsl}");
    }

    #[test]
    fn feature_absent_module_unchanged() {
        // Compute loops tested at their head, wave operations outside loops, and a fragment
        // shader's loop without wave operations.
        let src = "
            @group(0) @binding(0) var<storage, read_write> out: array<u32>;
            @compute @workgroup_size(8)
            fn main(@builtin(local_invocation_index) t: u32) {
                var n = subgroupAdd(t);
                while n > 3u { n = n / 2u; }
                for (var i = 0u; i < t; i++) { n += subgroupAdd(i); }
                out[t] = n;
            }
            @fragment
            fn fs(@location(0) @interpolate(flat) k: u32) -> @location(0) vec4<f32> {
                var n = k;
                loop { n = n / 2u; if n < 3u { break; } }
                return vec4<f32>(f32(n));
            }";
        let mut m = module(src);
        let before = wgsl_of(&m);
        run(&mut m, &spirv());
        assert_eq!(wgsl_of(&m), before);
        // Disabled (the WGSL target: wgpu bounds every loop itself).
        let mut m = module(WATERFALL);
        let before = wgsl_of(&m);
        run(&mut m, &Config { enabled: false, stand_ins: Vec::new() });
        assert_eq!(wgsl_of(&m), before);
    }
}
