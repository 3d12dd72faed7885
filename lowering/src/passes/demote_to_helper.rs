//! `discard` as D3D defines it: the lane is *demoted* to a helper lane and keeps running, so
//! derivatives and quad operations after the `discard` still see it; it has no further side
//! effects, and its outputs are dropped.
//!
//! naga's only discard is `Statement::Kill`, which its SPIR-V writer emits as `OpKill`: the
//! lane terminates, and `ddx`/`QuadReadAcross*` after a `discard` read an inactive lane
//! (undefined). wgpu runs WGSL through the same writer on Vulkan, so WGSL's `discard` (a
//! demote by the WGSL spec) has the same problem in practice. This pass implements the demote
//! itself, for both targets, as Tint's `DemoteToHelper` transform does:
//! - every `Kill` in a function that a fragment entry point reaches becomes
//!   `helper_lane = true` (a private flag, shared with `IsHelperLane()`);
//! - stores to storage buffers, texture stores and atomics on storage are guarded by
//!   `!helper_lane`; an atomic whose result is read yields zero instead; a compare-exchange
//!   (whose predeclared result type WGSL cannot name in a temporary) runs in helper lanes
//!   with `compare` as the new value, which leaves memory as it was, and reports what it
//!   read;
//! - the fragment entry points end with `if helper_lane { kill }`, which drops the outputs.
//!
//! Modules without a `Kill` reachable from a fragment entry point are left unchanged.

use super::guard::{self, Fallback, FnRef, Guard};
use super::handles;
use naga::{AddressSpace, Block, Expression, GlobalVariable, Handle, Module, Span, Statement};

/// Options of the pass.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// The private `bool` flag that marks helper lanes, when lowering already made one (for
    /// `IsHelperLane()`); otherwise the pass creates it.
    pub helper_lane: Option<Handle<GlobalVariable>>,
}

/// Runs the pass. Returns the helper-lane flag when the module has one afterwards.
pub fn run(module: &mut Module, config: &Config) -> Option<Handle<GlobalVariable>> {
    // Collect: the functions fragment shaders run, whether any discards, and the atomics whose
    // results need a slot.
    let targets = guard::reachable(module, &|_, ep| ep.stage == naga::ShaderStage::Fragment);
    let mut any_kill = false;
    let mut work: Vec<(FnRef, Vec<Handle<Expression>>)> = Vec::new();
    for &f in &targets {
        let func = guard::function(module, f);
        let mut results = Vec::new();
        guard::visit_statements(&func.body, &mut |s| match s {
            Statement::Kill => any_kill = true,
            Statement::Atomic { fun: naga::AtomicFunction::Exchange { compare: Some(_) }, .. } => {}
            Statement::Atomic { pointer, result: Some(r), .. } if guarded_space(module, func, *pointer) => results.push(*r),
            _ => {}
        });
        work.push((f, results));
    }
    if !any_kill {
        return config.helper_lane;
    }

    // Mutate.
    let flag = config.helper_lane.unwrap_or_else(|| super::helper_lane_flag(module));
    for (f, results) in work {
        let slots = if results.is_empty() { Vec::new() } else { handles::insert_slots(guard::function_mut(module, f), &results) };
        let slot_of: std::collections::HashMap<Handle<Expression>, Handle<Expression>> = slots.iter().map(|&(slot, moved)| (moved, slot)).collect();
        let spaces = pointer_spaces(module, f);
        let func = guard::function_mut(module, f);
        let mut body = std::mem::take(&mut func.body);
        let mut g = Guard { func, flag, ballot_ty: None };
        guard::rewrite_block(&mut body, &mut |stmt, span, out| match stmt {
            Statement::Kill => {
                let s = g.set_flag(span);
                out.push(s, span);
            }
            Statement::Store { pointer, .. } if spaces.guarded(pointer) => g.guard(stmt, span, out),
            Statement::ImageStore { .. } | Statement::ImageAtomic { .. } => g.guard(stmt, span, out),
            Statement::Atomic { pointer, fun: naga::AtomicFunction::Exchange { compare: Some(compare) }, value, result } if spaces.guarded(pointer) => {
                // The result's type is predeclared (`__atomic_compare_exchange_result<T>`),
                // which WGSL cannot name, so it cannot live in a temporary: a helper lane
                // exchanges `compare` for `compare` instead, which leaves memory unchanged.
                let (emit, flag) = g.flag_value(span);
                out.push(emit, span);
                let kept = g.func.expressions.append(Expression::Select { condition: flag, accept: compare, reject: value }, span);
                out.push(Statement::Emit(naga::Range::new_from_bounds(kept, kept)), span);
                let fun = naga::AtomicFunction::Exchange { compare: Some(compare) };
                out.push(Statement::Atomic { pointer, fun, value: kept, result }, span);
            }
            Statement::Atomic { pointer, result, .. } if spaces.guarded(pointer) => match result.and_then(|r| slot_of.get(&r).map(|s| (r, *s))) {
                Some((r, slot)) => g.guard_with_result(stmt, r, slot, Fallback::Zero, span, &retarget_atomic, out),
                None => g.guard(stmt, span, out),
            },
            other => out.push(other, span),
        });
        if let FnRef::EntryPoint(_) = f {
            kill_before_returns(&mut g, &mut body);
            if !matches!(body.last(), Some(Statement::Return { .. } | Statement::Kill)) {
                g.kill_if_flagged(Span::UNDEFINED, &mut body);
            }
        }
        g.func.body = body;
    }
    Some(flag)
}

fn retarget_atomic(stmt: Statement, fresh: Handle<Expression>) -> Statement {
    match stmt {
        Statement::Atomic { pointer, fun, value, .. } => Statement::Atomic { pointer, fun, value, result: Some(fresh) },
        other => other,
    }
}

/// Inserts `if helper_lane { kill }` before every `return` of an entry point.
fn kill_before_returns(g: &mut Guard, body: &mut Block) {
    guard::rewrite_block(body, &mut |stmt, span, out| {
        if let Statement::Return { .. } = stmt {
            g.kill_if_flagged(span, out);
        }
        out.push(stmt, span);
    });
}

/// Whether writes through this pointer are visible outside the lane (storage buffers; atomics
/// on workgroup memory too, though fragment shaders have none).
fn guarded_space(module: &Module, func: &naga::Function, pointer: Handle<Expression>) -> bool {
    matches!(guard::pointer_space(module, func, pointer), Some(AddressSpace::Storage { .. } | AddressSpace::WorkGroup))
}

/// The pointers of a function whose stores are guarded, computed before the function is
/// borrowed for rewriting.
struct Spaces(std::collections::HashSet<Handle<Expression>>);

impl Spaces {
    fn guarded(&self, pointer: Handle<Expression>) -> bool {
        self.0.contains(&pointer)
    }
}

fn pointer_spaces(module: &Module, f: FnRef) -> Spaces {
    let func = guard::function(module, f);
    let mut set = std::collections::HashSet::new();
    guard::visit_statements(&func.body, &mut |s| match s {
        Statement::Store { pointer, .. } | Statement::Atomic { pointer, .. } if guarded_space(module, func, *pointer) => {
            set.insert(*pointer);
        }
        _ => {}
    });
    Spaces(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_wgsl(src: &str) -> (String, String) {
        let mut module = naga::front::wgsl::parse_str(src).unwrap();
        let before = super::super::tests::wgsl_of(&module);
        run(&mut module, &Config::default());
        (before, super::super::tests::wgsl_of(&module))
    }

    #[test]
    fn feature_absent_module_unchanged() {
        let (before, after) = run_wgsl(
            "
@group(0) @binding(0) var<storage, read_write> buf: array<u32>;
@fragment fn main(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> {
    buf[u32(p.x)] = 1u;
    return p;
}",
        );
        assert_eq!(before, after);
    }

    #[test]
    fn discard_demotes_and_guards_side_effects() {
        let (_, after) = run_wgsl(
            "
@group(0) @binding(0) var<storage, read_write> buf: array<atomic<u32>>;
@group(0) @binding(1) var<storage, read_write> out: array<f32>;
fn helper(x: f32) -> f32 {
    if x < 0.5 { discard; }
    out[0] = x;
    return dpdx(x);
}
@fragment fn main(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> {
    let d = helper(p.x);
    let old = atomicAdd(&buf[0], 1u);
    let ex = atomicCompareExchangeWeak(&buf[1], 0u, 1u);
    return vec4<f32>(d, f32(old), f32(ex.old_value), 1.0);
}",
        );
        insta::assert_snapshot!(after);
    }
}
