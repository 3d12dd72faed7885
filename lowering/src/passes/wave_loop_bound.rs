//! An exit test at the head of every loop that runs wave operations, for drivers that lose
//! lanes' values in loops left only by `break`.
//!
//! lavapipe (Mesa 22.3) miscompiles wave operations inside a loop whose only exits are
//! `break`s (`while (true)`, `for (;;)`, `do … while (true)`), the shape of the waterfall loops
//! that scalarize a per-lane value: every lane ends up with the values of the last iteration
//! any lane ran, also lanes that left the loop earlier (a `WaveActiveSum` taken just before a
//! lane's `break` reads the last group's sum). The SPIR-V is valid and glslang's has the same
//! problem; the same loop with a real exit test at its head runs right, and so does WGSL,
//! because wgpu gives every loop a counter (naga's `force_loop_bounding`). This pass gives
//! such loops an exit test that is never taken, for the loops that need it only: a loop that
//! runs a subgroup operation (itself or through a call) and does not test an exit condition at
//! its head starts each iteration with
//!
//! ```text
//! if wave_loop_lane >= 128u { break; }
//! ```
//!
//! where the private `wave_loop_lane` holds the lane's subgroup invocation id, stored at the
//! start of every entry point that reaches the loop. Vulkan bounds subgroups to 128 lanes, so
//! the test is never true, but no compiler can fold it. naga has no lane-index built-in in
//! vertex shaders or in thread groups of more than one dimension; loops that such an entry
//! point reaches get a trip counter instead:
//!
//! ```text
//! if wave_loop_bound == 0u { break; }
//! wave_loop_bound = wave_loop_bound - 1u;
//! ```
//!
//! on a `u32` local that starts at `u32::MAX` (no loop of a real shader runs 2^32 - 1
//! iterations: the driver's watchdog ends it long before).
//!
//! Either test is a second exit, and that is what costs on the H200: with one exit NVIDIA's
//! compiler moves the breaking branch's work out of the loop. On `benches/gpu/waterfall.hlsl`,
//! a `while (true)` waterfall whose lanes hash their key, the lane test costs 3.1 % and the
//! counter 6.6 % (benches/gpu/RESULTS.md compares the loop shapes). Loops without wave
//! operations, and loops with a run-time test at their head (`while (c)`, `for (…; c; …)`,
//! which lavapipe runs right: `tests/exec/wave_ops_tested_loops.hlsl`), are left alone
//! (naga's bounding of every loop costs up to 3.7x on tight loops: research/gpu.md). Run for
//! SPIR-V only.
//!
//! Modules without a subgroup operation inside a loop are left unchanged.

use super::guard::{self, FnRef};
use naga::{BinaryOperator, Binding, Block, BuiltIn, Expression, Function, GlobalVariable, Handle, Literal, LocalVariable, Module, Scalar, Span, Statement, TypeInner};
use std::collections::HashSet;

/// Options of the pass.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// Whether to run (the SPIR-V target).
    pub enabled: bool,
}

/// Vulkan's largest subgroup size: no lane index reaches it.
const MAX_SUBGROUP_SIZE: u32 = 128;

/// Runs the pass.
pub fn run(module: &mut Module, config: &Config) {
    if !config.enabled {
        return;
    }
    // Collect: the functions that run a subgroup operation, directly or through calls, and the
    // functions with a loop that does.
    let waves = wave_functions(module);
    let mut targets: Vec<FnRef> = Vec::new();
    let all = (0..module.entry_points.len()).map(FnRef::EntryPoint).chain(module.functions.iter().map(|(h, _)| FnRef::Function(h)));
    for f in all {
        if has_wave_loop(guard::function(module, f), &waves) {
            targets.push(f);
        }
    }
    if targets.is_empty() {
        return;
    }
    // The functions that an entry point without the lane-index built-in reaches count their
    // loops; the entry points that reach a function testing the lane index store it.
    let mut counted: HashSet<FnRef> = HashSet::new();
    let mut reaches: Vec<Vec<FnRef>> = Vec::new();
    for (i, ep) in module.entry_points.iter().enumerate() {
        let reach = guard::reachable(module, &|j, _| j == i);
        if !has_lane_index(ep) {
            counted.extend(reach.iter().copied());
        }
        reaches.push(reach);
    }
    let stores: Vec<usize> = (0..module.entry_points.len()).filter(|&i| reaches[i].iter().any(|f| targets.contains(f) && !counted.contains(f))).collect();

    // Mutate.
    let u32_ty = module.types.insert(naga::Type { name: None, inner: TypeInner::Scalar(Scalar::U32) }, Span::UNDEFINED);
    let lane = (!stores.is_empty()).then(|| {
        module.global_variables.append(
            GlobalVariable { name: Some("wave_loop_lane".into()), space: naga::AddressSpace::Private, binding: None, ty: u32_ty, init: None, memory_decorations: Default::default() },
            Span::UNDEFINED,
        )
    });
    for f in targets {
        let test = match lane {
            Some(g) if !counted.contains(&f) => Test::Lane(g),
            _ => Test::Counter(u32_ty),
        };
        let func = guard::function_mut(module, f);
        let body = std::mem::take(&mut func.body);
        func.body = bound_loops(func, body, &waves, test);
    }
    if let Some(g) = lane {
        for i in stores {
            store_lane_index(module, i, g, u32_ty);
        }
    }
}

/// The exit test a loop gets.
#[derive(Clone, Copy)]
enum Test {
    /// `if wave_loop_lane >= 128u { break; }` on this private global.
    Lane(Handle<GlobalVariable>),
    /// A trip counter local of this `u32` type.
    Counter(Handle<naga::Type>),
}

/// Whether naga lets entry point `ep` read the subgroup invocation id: not in vertex shaders,
/// and only in one-dimensional thread groups.
fn has_lane_index(ep: &naga::EntryPoint) -> bool {
    ep.stage != naga::ShaderStage::Vertex && ep.workgroup_size[1..].iter().all(|&d| d <= 1)
}

/// Stores the lane index into `global` first thing in entry point `index`: from its own
/// lane-index argument (or a member of a struct argument) when it has one, else from a new
/// argument.
fn store_lane_index(module: &mut Module, index: usize, global: Handle<GlobalVariable>, u32_ty: Handle<naga::Type>) {
    let lane_binding = Some(Binding::BuiltIn(BuiltIn::SubgroupInvocationId));
    let func = &module.entry_points[index].function;
    let member = func.arguments.iter().enumerate().find_map(|(a, arg)| match &module.types[arg.ty].inner {
        TypeInner::Struct { members, .. } => members.iter().position(|m| m.binding == lane_binding).map(|m| (a as u32, m as u32)),
        _ => None,
    });
    let top = func.arguments.iter().position(|arg| arg.binding == lane_binding);
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
            func.arguments.push(naga::FunctionArgument { name: Some("wave_loop_lane_index".into()), ty: u32_ty, binding: lane_binding });
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

/// `block` with an exit test at the head of every loop that runs a wave operation (nested
/// loops get their own).
fn bound_loops(func: &mut Function, block: Block, waves: &HashSet<Handle<Function>>, test: Test) -> Block {
    let mut out = Block::with_capacity(block.len());
    for (stmt, span) in block.span_into_iter() {
        let stmt = match stmt {
            Statement::Block(b) => Statement::Block(bound_loops(func, b, waves, test)),
            Statement::If { condition, accept, reject } => {
                Statement::If { condition, accept: bound_loops(func, accept, waves, test), reject: bound_loops(func, reject, waves, test) }
            }
            Statement::Switch { selector, mut cases } => {
                for c in &mut cases {
                    let body = std::mem::take(&mut c.body);
                    c.body = bound_loops(func, body, waves, test);
                }
                Statement::Switch { selector, cases }
            }
            Statement::Loop { body, continuing, break_if } => {
                let bounded = needs_counter(func, &body, &continuing, waves);
                let mut body = bound_loops(func, body, waves, test);
                let continuing = bound_loops(func, continuing, waves, test);
                if bounded {
                    let mut head = match test {
                        Test::Lane(g) => lane_head(func, g, span),
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

/// `if wave_loop_lane >= 128u { break; }`.
fn lane_head(func: &mut Function, global: Handle<GlobalVariable>, span: Span) -> Block {
    let pointer = func.expressions.append(Expression::GlobalVariable(global), span);
    let bound = func.expressions.append(Expression::Literal(Literal::U32(MAX_SUBGROUP_SIZE)), span);
    let value = func.expressions.append(Expression::Load { pointer }, span);
    let done = func.expressions.append(Expression::Binary { op: BinaryOperator::GreaterEqual, left: value, right: bound }, span);
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
    fn a_loop_with_wave_operations_gets_a_lane_test() {
        let mut m = module(WATERFALL);
        run(&mut m, &Config { enabled: true });
        let wgsl = wgsl_of(&m);
        // One test: the `for` loop runs no wave operation.
        assert_eq!(wgsl.matches(" >= 128u) {\n            break;").count(), 1, "{wgsl}");
        assert!(!wgsl.contains("wave_loop_bound"), "{wgsl}");
        // The entry point stores its new lane-index argument first; the loop tests it first.
        let at = |s: &str| wgsl.find(s).unwrap_or_else(|| panic!("no `{s}` in:\n{wgsl}"));
        let (arg, store, load, test, first) = (
            at("@builtin(subgroup_invocation_id) wave_loop_lane_index: u32"),
            at("wave_loop_lane = wave_loop_lane_index;"),
            at("= wave_loop_lane;"),
            at(" >= 128u) {"),
            at("subgroupBroadcastFirst"),
        );
        assert!(arg < store && store < load && load < test && test < first, "{wgsl}");
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
        assert_eq!(wgsl_of(&m).matches(" >= 128u)").count(), 1);
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
        run(&mut m, &Config { enabled: true });
        let wgsl = wgsl_of(&m);
        assert_eq!(wgsl.matches(" >= 128u)").count(), 1, "{wgsl}");
        let (test, last) = (wgsl.find(" >= 128u)").unwrap(), wgsl.rfind("loop {").unwrap());
        assert!(last < test, "only the last loop is tested:\n{wgsl}");
    }

    #[test]
    fn entry_points_without_the_lane_index_count_their_loops() {
        // `shared` is reached from a 2-D thread group, where naga has no lane index: its loop
        // gets a counter; `flat`'s own loop gets the lane test.
        let src = "
            @group(0) @binding(0) var<storage, read_write> out: array<u32>;
            fn shared_loop(v: u32) -> u32 {
                var n = v;
                loop { n += subgroupAdd(1u); if n > 100u { break; } }
                return n;
            }
            @compute @workgroup_size(8, 2)
            fn square(@builtin(local_invocation_index) t: u32) { out[t] = shared_loop(t); }
            @compute @workgroup_size(16)
            fn flat(@builtin(local_invocation_index) t: u32) {
                var n = shared_loop(t);
                loop { n += subgroupMax(n); if n > 1000u { break; } }
                out[t] = n;
            }";
        let mut m = module(src);
        run(&mut m, &Config { enabled: true });
        let wgsl = wgsl_of(&m);
        assert_eq!(wgsl.matches("var wave_loop_bound: u32").count(), 1, "{wgsl}");
        assert_eq!(wgsl.matches(" >= 128u)").count(), 1, "{wgsl}");
        let (shared, square, flat) = (wgsl.find("fn shared_loop").unwrap(), wgsl.find("fn square").unwrap(), wgsl.find("fn flat").unwrap());
        assert!((shared..square).contains(&wgsl.find("var wave_loop_bound").unwrap()), "{wgsl}");
        assert!(wgsl.find(" >= 128u)").unwrap() > flat, "{wgsl}");
        // Only `flat` stores the lane index.
        assert_eq!(wgsl.matches("wave_loop_lane = ").count(), 1, "{wgsl}");
        assert!(!wgsl[square..flat].contains("subgroup_invocation_id"), "{wgsl}");
    }

    #[test]
    fn an_existing_lane_index_argument_is_read() {
        let src = "
            @group(0) @binding(0) var<storage, read_write> out: array<u32>;
            struct In { @builtin(local_invocation_index) t: u32, @builtin(subgroup_invocation_id) lane: u32 }
            @compute @workgroup_size(8)
            fn main(i: In) {
                var n = i.lane;
                loop { n += subgroupAdd(1u); if n > 100u { break; } }
                out[i.t] = n;
            }";
        let mut m = module(src);
        run(&mut m, &Config { enabled: true });
        let wgsl = wgsl_of(&m);
        assert_eq!(wgsl.matches("subgroup_invocation_id").count(), 1, "{wgsl}");
        assert!(wgsl.contains("wave_loop_lane = i.lane;"), "{wgsl}");
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
