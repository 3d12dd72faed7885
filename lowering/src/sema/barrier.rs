//! SM 6.8's general barrier: `Barrier(memory_flags, semantic_flags)` and
//! `Barrier(object, semantic_flags)`, with the flag constants DXC predefines.
//!
//! The memory flags say which memory the barrier orders (`UAV_MEMORY`, `GROUP_SHARED_MEMORY`,
//! the work-graph `NODE_INPUT_MEMORY`/`NODE_OUTPUT_MEMORY`, `ALL_MEMORY`); the semantic flags
//! add a group synchronisation (`GROUP_SYNC`) and the scope (`GROUP_SCOPE`, `DEVICE_SCOPE`,
//! and from SM 6.9 `REORDER_SCOPE`, which orders memory across thread reordering: the barrier
//! hlslc emits for the memory classes already orders it for the whole device).
//! The object form names one UAV (or node record), which is UAV memory here. A call becomes
//! one of the older barrier intrinsics, whose naga forms already exist: the memory classes
//! map to `DeviceMemoryBarrier` (UAVs), `GroupMemoryBarrier` (groupshared) or
//! `AllMemoryBarrier`, with `…WithGroupSync` for `GROUP_SYNC`; no memory and no sync is no
//! operation. Flags that are not constants (DXC accepts them without diagnostics) order all
//! memory without a group sync, the only reading that is valid wherever the call runs.
//!
//! DXC's errors: invalid flag bits where the call is; group scope, group sync and groupshared
//! memory in a stage without a visible thread group, and node memory outside node shaders,
//! where an entry point reaches the call (`entry.rs` calls [`Analyzer::check_barriers`]).

use super::expr::Operand;
use super::Analyzer;
use crate::tir::{ConstValue, Expr, ExprKind, FuncId, Intrinsic as I, Stage};
use crate::ty::{Scalar, TypeInner};
use hlslc_grammar::Span;

const UAV_MEMORY: u64 = 0x1;
const GROUP_SHARED_MEMORY: u64 = 0x2;
const NODE_MEMORY: u64 = 0x4 | 0x8;
const ALL_MEMORY: u64 = 0xF;
const GROUP_SYNC: u64 = 0x1;
const GROUP_SCOPE: u64 = 0x2;
const DEVICE_SCOPE: u64 = 0x4;
const REORDER_SCOPE: u64 = 0x8;

/// The predefined flag constants (DXC's `MEMORY_TYPE_FLAG` and `BARRIER_SEMANTIC_FLAG`).
const CONSTANTS: &[(&str, u64)] = &[
    ("UAV_MEMORY", UAV_MEMORY),
    ("GROUP_SHARED_MEMORY", GROUP_SHARED_MEMORY),
    ("NODE_INPUT_MEMORY", 0x4),
    ("NODE_OUTPUT_MEMORY", 0x8),
    ("ALL_MEMORY", ALL_MEMORY),
    ("GROUP_SYNC", GROUP_SYNC),
    ("GROUP_SCOPE", GROUP_SCOPE),
    ("DEVICE_SCOPE", DEVICE_SCOPE),
    ("REORDER_SCOPE", REORDER_SCOPE),
];

/// What an entry point's stage must allow for a `Barrier` call, found from constant flags.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BarrierUse {
    pub span: Span,
    /// `GROUP_SYNC` or `GROUP_SCOPE`.
    pub group_semantics: bool,
    pub group_shared: bool,
    pub node_memory: bool,
}

impl Analyzer<'_> {
    /// A predefined barrier flag constant, or `None` if `name` is not one.
    pub(crate) fn barrier_constant(&mut self, name: &str, span: Span) -> Option<Operand> {
        let &(_, value) = CONSTANTS.iter().find(|(n, _)| *n == name)?;
        let ty = self.module.types.scalar(Scalar::U32);
        Some(Operand::expr(Expr::new(ExprKind::Const(ConstValue::Uint(value)), ty, span)))
    }

    /// `Barrier(memory_flags | object, semantic_flags)`.
    pub(crate) fn barrier_call(&mut self, ops: Vec<Operand>, span: Span) -> Option<Operand> {
        if ops.len() != 2 {
            self.error("E0508", span, format!("`Barrier` takes 2 arguments, found {}", ops.len()));
            return None;
        }
        if !self.options.profile.as_ref().is_none_or(|p| p.at_least(6, 8)) {
            self.error("E0520", span, "intrinsic `Barrier` requires shader model 6.8 or greater")
                .help("use `AllMemoryBarrier`, `DeviceMemoryBarrier`, `GroupMemoryBarrier` or their `WithGroupSync` forms, or compile with a 6.8 profile");
            return None;
        }
        let mut ops = ops.into_iter();
        let (first, second) = (ops.next()?, ops.next()?);
        let u = self.module.types.scalar(Scalar::U32);
        let memory = match *self.module.types.get(first.ty) {
            // The object form: the memory of one UAV or node record.
            TypeInner::Resource(_) => Some(UAV_MEMORY),
            TypeInner::Node { .. } => Some(NODE_MEMORY),
            _ => {
                let s = first.span;
                let e = self.convert_implicit(first, u, s)?;
                self.constant_flags(&e)
            }
        };
        let s = second.span;
        let sem_span = s;
        let e = self.convert_implicit(second, u, s)?;
        let semantics = self.constant_flags(&e);
        if let Some(m) = memory.filter(|m| m & !0xF != 0) {
            self.error("E0512", span, format!("invalid memory flags {m:#x} for `Barrier`"))
                .help("use 0 or a combination of `UAV_MEMORY`, `GROUP_SHARED_MEMORY`, `NODE_INPUT_MEMORY` and `NODE_OUTPUT_MEMORY`");
            return None;
        }
        // `REORDER_SCOPE` is a valid semantic flag from SM 6.9 (DXC's `ValidMask` against
        // `LegacyFlags`).
        let sm69 = self.options.profile.as_ref().is_none_or(|p| p.at_least(6, 9));
        let valid = if sm69 { GROUP_SYNC | GROUP_SCOPE | DEVICE_SCOPE | REORDER_SCOPE } else { GROUP_SYNC | GROUP_SCOPE | DEVICE_SCOPE };
        if let Some(f) = semantics.filter(|f| f & !valid != 0) {
            let help = if sm69 {
                "use 0 or a combination of `GROUP_SYNC`, `GROUP_SCOPE`, `DEVICE_SCOPE` and `REORDER_SCOPE`"
            } else {
                "use 0 or a combination of `GROUP_SYNC`, `GROUP_SCOPE` and `DEVICE_SCOPE` (`REORDER_SCOPE` needs shader model 6.9)"
            };
            self.error("E0512", sem_span, format!("invalid semantic flags {f:#x} for `Barrier`")).help(help);
            return None;
        }
        let (m, f) = (memory.unwrap_or(0xF), semantics.unwrap_or(0));
        self.barrier_uses.push(BarrierUse {
            span,
            group_semantics: f & (GROUP_SYNC | GROUP_SCOPE) != 0,
            // `ALL_MEMORY` is valid in every stage: it means the memory the stage has.
            group_shared: memory.is_some_and(|m| m & GROUP_SHARED_MEMORY != 0 && m != ALL_MEMORY),
            node_memory: memory.is_some_and(|m| m & NODE_MEMORY != 0 && m != ALL_MEMORY),
        });
        let void = self.module.types.void();
        let device = m & (UAV_MEMORY | NODE_MEMORY) != 0;
        let group = m & GROUP_SHARED_MEMORY != 0;
        let sync = f & GROUP_SYNC != 0;
        let op = match (device, group, sync) {
            (false, false, false) => return Some(Operand::expr(Expr::new(ExprKind::Sequence(Vec::new()), void, span))),
            (true, true, false) => I::AllMemoryBarrier,
            (true, true, true) => I::AllMemoryBarrierWithGroupSync,
            (true, false, false) => I::DeviceMemoryBarrier,
            (true, false, true) => I::DeviceMemoryBarrierWithGroupSync,
            (false, true, false) => I::GroupMemoryBarrier,
            // A group sync alone still needs a control barrier.
            (false, _, true) => I::GroupMemoryBarrierWithGroupSync,
        };
        Some(Operand::expr(Expr::new(ExprKind::Intrinsic { op, args: Vec::new() }, void, span)))
    }

    fn constant_flags(&self, e: &Expr) -> Option<u64> {
        match self.try_fold(e) {
            Ok(Some(ConstValue::Uint(v))) => Some(v),
            Ok(Some(ConstValue::Int(v))) => Some(v as u64),
            _ => None,
        }
    }

    /// DXC's stage rules for the `Barrier` calls reachable from an entry point of `stage`.
    pub(crate) fn check_barriers(&mut self, f: FuncId, stage: Stage) {
        if self.barrier_uses.is_empty() {
            return;
        }
        let spans = super::entry::reachable_intrinsic_spans(self, f);
        let visible_group = matches!(stage, Stage::Compute | Stage::Mesh | Stage::Amplification | Stage::Node);
        let uses: Vec<BarrierUse> = self.barrier_uses.iter().filter(|u| spans.contains(&u.span)).copied().collect();
        let entry = self.module.functions[f.0 as usize].span;
        for u in uses {
            if !visible_group && u.group_semantics {
                self.error("E0624", u.span, "`GROUP_SYNC` or `GROUP_SCOPE` specified for a `Barrier` where the shader has no visible thread group")
                    .help("group scope and group sync exist in compute, mesh, amplification and node shaders; use `DEVICE_SCOPE`")
                    .related(entry, "the entry point that reaches the call");
            }
            if !visible_group && u.group_shared {
                self.error("E0624", u.span, "`GROUP_SHARED_MEMORY` specified for a `Barrier` where the shader has no visible thread group")
                    .help("groupshared memory exists in compute, mesh, amplification and node shaders")
                    .related(entry, "the entry point that reaches the call");
            }
            if stage != Stage::Node && u.node_memory {
                self.error("E0624", u.span, "`NODE_INPUT_MEMORY` or `NODE_OUTPUT_MEMORY` may only be specified for a `Barrier` in a node shader")
                    .help("use `UAV_MEMORY` or `GROUP_SHARED_MEMORY`")
                    .related(entry, "the entry point that reaches the call");
            }
        }
    }
}
