//! Helper lanes do not take part in wave operations (D3D), unless the entry point has
//! `[WaveOpsIncludeHelperLanes]`.
//!
//! After [`super::demote_to_helper`], a lane demoted by `discard` is still an ordinary lane to
//! the driver, so a subgroup operation would count it. And whether lanes that exist only to
//! complete a quad take part in subgroup operations is left to the implementation by Vulkan
//! and WGSL (lavapipe leaves them out). So in the functions a fragment entry point without
//! the attribute reaches, every non-quad subgroup operation runs under `if !helper_lane`;
//! helper lanes read a fallback instead (their own argument for reductions, scans and
//! broadcasts — so that loops built on `WaveReadLaneFirst`, like the `WaveMatch` polyfill,
//! end — and an empty ballot). Quad operations are left alone: helper lanes take part in them.
//!
//! Runs only when the module has a helper-lane flag (it uses `discard` or `IsHelperLane`):
//! otherwise no lane is a helper the driver does not know about, and the module is unchanged.

use super::guard::{self, Fallback, FnRef, Guard};
use super::handles;
use naga::{Expression, Function, GlobalVariable, Handle, Module, Statement};

/// Options of the pass.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// The helper-lane flag, if the module has one.
    pub helper_lane: Option<Handle<GlobalVariable>>,
    /// Per entry point (module order): `[WaveOpsIncludeHelperLanes]`.
    pub include_helper_lanes: Vec<bool>,
    /// A function whose subgroup operations compute the flag itself (left unguarded).
    pub skip: Option<Handle<Function>>,
}

/// Runs the pass.
pub fn run(module: &mut Module, config: &Config) {
    let Some(flag) = config.helper_lane else { return };
    // Collect: the functions to guard and the results of their subgroup operations.
    let include = |i: usize| config.include_helper_lanes.get(i).copied().unwrap_or(false);
    let targets = guard::reachable(module, &|i, ep| ep.stage == naga::ShaderStage::Fragment && !include(i));
    let mut work: Vec<(FnRef, Vec<Handle<Expression>>)> = Vec::new();
    let mut has_ballot = false;
    for f in targets {
        if matches!(f, FnRef::Function(h) if Some(h) == config.skip) {
            continue;
        }
        let mut results = Vec::new();
        guard::visit_statements(&guard::function(module, f).body, &mut |s| {
            if let Some(r) = wave_result(s) {
                has_ballot |= matches!(s, Statement::SubgroupBallot { .. });
                results.push(r);
            }
        });
        if !results.is_empty() {
            work.push((f, results));
        }
    }
    if work.is_empty() {
        return;
    }

    // Mutate.
    let ballot_ty = has_ballot.then(|| {
        module.types.insert(
            naga::Type { name: None, inner: naga::TypeInner::Vector { size: naga::VectorSize::Quad, scalar: naga::Scalar::U32 } },
            naga::Span::UNDEFINED,
        )
    });
    for (f, results) in work {
        let func = guard::function_mut(module, f);
        let slots = handles::insert_slots(func, &results);
        let slot_of: std::collections::HashMap<Handle<Expression>, Handle<Expression>> = slots.iter().map(|&(slot, moved)| (moved, slot)).collect();
        let mut body = std::mem::take(&mut func.body);
        let mut g = Guard { func, flag, ballot_ty };
        guard::rewrite_block(&mut body, &mut |stmt, span, out| {
            let Some(r) = wave_result(&stmt) else {
                out.push(stmt, span);
                return;
            };
            let Some(&slot) = slot_of.get(&r) else {
                out.push(stmt, span);
                return;
            };
            let fallback = match &stmt {
                Statement::SubgroupCollectiveOperation { argument, .. } | Statement::SubgroupGather { argument, .. } => Fallback::Value(*argument),
                _ => Fallback::Zero,
            };
            g.guard_with_result(stmt, r, slot, fallback, span, &retarget, out);
        });
        g.func.body = body;
    }
}

/// The result of a non-quad subgroup operation.
fn wave_result(s: &Statement) -> Option<Handle<Expression>> {
    match s {
        Statement::SubgroupBallot { result, .. } | Statement::SubgroupCollectiveOperation { result, .. } => Some(*result),
        Statement::SubgroupGather { mode, result, .. } => match mode {
            naga::GatherMode::QuadBroadcast(_) | naga::GatherMode::QuadSwap(_) => None,
            _ => Some(*result),
        },
        _ => None,
    }
}

fn retarget(stmt: Statement, fresh: Handle<Expression>) -> Statement {
    match stmt {
        Statement::SubgroupBallot { predicate, .. } => Statement::SubgroupBallot { result: fresh, predicate },
        Statement::SubgroupCollectiveOperation { op, collective_op, argument, .. } => Statement::SubgroupCollectiveOperation { op, collective_op, argument, result: fresh },
        Statement::SubgroupGather { mode, argument, .. } => Statement::SubgroupGather { mode, argument, result: fresh },
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHADER: &str = "
var<private> helper_lane: bool;
@fragment fn main(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> {
    let s = subgroupAdd(p.x);
    let b = subgroupBallot(p.x > 1.0);
    let q = quadSwapX(p.y);
    return vec4<f32>(s, f32(b.x), q, 1.0);
}";

    fn flag(module: &Module) -> Handle<GlobalVariable> {
        module.global_variables.iter().find(|(_, g)| g.name.as_deref() == Some("helper_lane")).map(|(h, _)| h).unwrap()
    }

    #[test]
    fn feature_absent_module_unchanged() {
        let mut module = naga::front::wgsl::parse_str(SHADER).unwrap();
        let before = super::super::tests::wgsl_of(&module);
        run(&mut module, &Config::default());
        assert_eq!(before, super::super::tests::wgsl_of(&module));
        // With the attribute, nothing is guarded either.
        let f = flag(&module);
        run(&mut module, &Config { helper_lane: Some(f), include_helper_lanes: vec![true], skip: None });
        assert_eq!(before, super::super::tests::wgsl_of(&module));
    }

    #[test]
    fn wave_ops_skip_helper_lanes() {
        let mut module = naga::front::wgsl::parse_str(SHADER).unwrap();
        let f = flag(&module);
        run(&mut module, &Config { helper_lane: Some(f), include_helper_lanes: vec![false], skip: None });
        insta::assert_snapshot!(super::super::tests::wgsl_of(&module));
    }
}
