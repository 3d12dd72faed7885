//! Wave (subgroup) and quad intrinsics → naga subgroup operations.
//!
//! - reductions and scans map to `SubgroupCollectiveOperation`; HLSL's `WavePrefix*` are
//!   *exclusive* scans (glslang gets this wrong, DXC and hlslc do not);
//! - `WaveGetLaneIndex`/`WaveGetLaneCount` read private globals that the entry point fills
//!   from its subgroup built-ins, so any function can use them;
//! - `WaveIsFirstLane` is `lane == broadcastFirst(lane)` (naga has no `elect`);
//! - `WaveActiveAllEqual` compares with the first lane's value and reduces with `all`;
//! - bools travel through subgroup data operations as `u32`;
//! - `QuadReadLaneAt` with a dynamic lane selects among the four constant broadcasts, and
//!   `QuadAny`/`QuadAll` combine a lane's value with its three quad swaps.

use super::function::FnBuilder;
use crate::tir::Intrinsic as I;
use crate::ty::{Scalar, ScalarKind, TypeId, TypeInner};
use hlslc_grammar::Span;
use naga::Handle;

impl FnBuilder<'_, '_> {
    /// Wave and quad intrinsics.
    pub(crate) fn wave(&mut self, op: I, values: &[Handle<naga::Expression>], arg_ty: TypeId, ty: TypeId, s: Span) -> Handle<naga::Expression> {
        use naga::{CollectiveOperation as C, SubgroupOperation as O};
        let collective = |b: &mut Self, sop: O, cop: C, v: Handle<naga::Expression>, t: TypeId| {
            let rt = b.lw.ty(t);
            let r = b.add(naga::Expression::SubgroupOperationResult { ty: rt }, s);
            b.push(naga::Statement::SubgroupCollectiveOperation { op: sop, collective_op: cop, argument: v, result: r }, s);
            r
        };
        let gather = |b: &mut Self, mode: naga::GatherMode, v: Handle<naga::Expression>, t: TypeId| {
            let rt = b.lw.ty(t);
            let r = b.add(naga::Expression::SubgroupOperationResult { ty: rt }, s);
            b.push(naga::Statement::SubgroupGather { mode, argument: v, result: r }, s);
            r
        };
        let u32_of_bool = |b: &mut Self, v: Handle<naga::Expression>| b.add(naga::Expression::As { expr: v, kind: naga::ScalarKind::Uint, convert: Some(4) }, s);
        let u32_t = self.find_vector_type(Scalar::U32, 1);
        let is_bool = self.lw.scalar_of(arg_ty).kind == ScalarKind::Bool;
        // Bools travel through subgroup data operations as `u32`.
        let through_u32 = |b: &mut Self, mode: naga::GatherMode, v: Handle<naga::Expression>| {
            if is_bool {
                let shape_u = b.lw.tys.with_scalar(arg_ty, Scalar::U32);
                let u = b.add(naga::Expression::As { expr: v, kind: naga::ScalarKind::Uint, convert: Some(4) }, s);
                let r = gather(b, mode, u, shape_u);
                b.add(naga::Expression::As { expr: r, kind: naga::ScalarKind::Bool, convert: Some(naga::BOOL_WIDTH) }, s)
            } else {
                gather(b, mode, v, arg_ty)
            }
        };
        match op {
            I::WaveGetLaneCount => self.builtin_value(naga::BuiltIn::SubgroupSize, s),
            I::WaveGetLaneIndex => self.builtin_value(naga::BuiltIn::SubgroupInvocationId, s),
            I::WaveIsFirstLane => {
                let lane = self.builtin_value(naga::BuiltIn::SubgroupInvocationId, s);
                let first = gather(self, naga::GatherMode::BroadcastFirst, lane, u32_t);
                self.add(naga::Expression::Binary { op: naga::BinaryOperator::Equal, left: lane, right: first }, s)
            }
            I::WaveActiveAnyTrue => collective(self, O::Any, C::Reduce, values[0], ty),
            I::WaveActiveAllTrue => collective(self, O::All, C::Reduce, values[0], ty),
            I::WaveActiveBallot => {
                let rt = self.lw.ty(ty);
                let _ = rt;
                let r = self.add(naga::Expression::SubgroupBallotResult, s);
                self.push(naga::Statement::SubgroupBallot { result: r, predicate: Some(values[0]) }, s);
                r
            }
            I::WaveActiveCountBits => {
                let u = u32_of_bool(self, values[0]);
                collective(self, O::Add, C::Reduce, u, ty)
            }
            I::WavePrefixCountBits => {
                let u = u32_of_bool(self, values[0]);
                collective(self, O::Add, C::ExclusiveScan, u, ty)
            }
            I::WaveActiveSum => collective(self, O::Add, C::Reduce, values[0], ty),
            I::WaveActiveProduct => collective(self, O::Mul, C::Reduce, values[0], ty),
            I::WaveActiveMin => collective(self, O::Min, C::Reduce, values[0], ty),
            I::WaveActiveMax => collective(self, O::Max, C::Reduce, values[0], ty),
            I::WaveActiveBitAnd => collective(self, O::And, C::Reduce, values[0], ty),
            I::WaveActiveBitOr => collective(self, O::Or, C::Reduce, values[0], ty),
            I::WaveActiveBitXor => collective(self, O::Xor, C::Reduce, values[0], ty),
            I::WavePrefixSum => collective(self, O::Add, C::ExclusiveScan, values[0], ty),
            I::WavePrefixProduct => collective(self, O::Mul, C::ExclusiveScan, values[0], ty),
            I::WaveReadLaneFirst => through_u32(self, naga::GatherMode::BroadcastFirst, values[0]),
            I::WaveReadLaneAt => {
                let lane = values[1];
                through_u32(self, naga::GatherMode::Shuffle(lane), values[0])
            }
            I::WaveActiveAllEqual => {
                let first = through_u32(self, naga::GatherMode::BroadcastFirst, values[0]);
                let eq = self.add(naga::Expression::Binary { op: naga::BinaryOperator::Equal, left: values[0], right: first }, s);
                let each = match *self.lw.tys.get(arg_ty) {
                    TypeInner::Vector { .. } => eq,
                    _ => eq,
                };
                let bty = self.bool_like(arg_ty);
                let _ = bty;
                // Every component must be equal in every lane: reduce each component with All.
                match *self.lw.tys.get(arg_ty) {
                    TypeInner::Vector { size, .. } => {
                        let comps: Vec<_> = (0..size as u32)
                            .map(|i| {
                                let c = self.add(naga::Expression::AccessIndex { base: each, index: i }, s);
                                let bt = self.find_vector_type(Scalar::BOOL, 1);
                                collective(self, O::All, C::Reduce, c, bt)
                            })
                            .collect();
                        let t = self.lw.ty(ty);
                        self.add(naga::Expression::Compose { ty: t, components: comps }, s)
                    }
                    _ => collective(self, O::All, C::Reduce, each, ty),
                }
            }
            I::QuadReadAcrossX => through_u32(self, naga::GatherMode::QuadSwap(naga::Direction::X), values[0]),
            I::QuadReadAcrossY => through_u32(self, naga::GatherMode::QuadSwap(naga::Direction::Y), values[0]),
            I::QuadReadAcrossDiagonal => through_u32(self, naga::GatherMode::QuadSwap(naga::Direction::Diagonal), values[0]),
            I::QuadReadLaneAt => {
                let lane = values[1];
                if let Some(k) = self.const_index(lane) {
                    let lit = self.literal_u32(k & 3);
                    return through_u32(self, naga::GatherMode::QuadBroadcast(lit), values[0]);
                }
                // Dynamic lane: select among the four constant broadcasts.
                let three = self.literal_u32(3);
                let l = self.add(naga::Expression::Binary { op: naga::BinaryOperator::And, left: lane, right: three }, s);
                let mut result = None;
                for k in (0..4u32).rev() {
                    let lit = self.literal_u32(k);
                    let v = through_u32(self, naga::GatherMode::QuadBroadcast(lit), values[0]);
                    result = Some(match result {
                        None => v,
                        Some(acc) => {
                            let eq = self.add(naga::Expression::Binary { op: naga::BinaryOperator::Equal, left: l, right: lit }, s);
                            self.add(naga::Expression::Select { condition: eq, accept: v, reject: acc }, s)
                        }
                    });
                }
                result.unwrap_or(values[0])
            }
            I::QuadAny | I::QuadAll => {
                let u = u32_of_bool(self, values[0]);
                let x = gather(self, naga::GatherMode::QuadSwap(naga::Direction::X), u, u32_t);
                let y = gather(self, naga::GatherMode::QuadSwap(naga::Direction::Y), u, u32_t);
                let d = gather(self, naga::GatherMode::QuadSwap(naga::Direction::Diagonal), u, u32_t);
                let bop = if op == I::QuadAny { naga::BinaryOperator::InclusiveOr } else { naga::BinaryOperator::And };
                let a = self.add(naga::Expression::Binary { op: bop, left: u, right: x }, s);
                let b = self.add(naga::Expression::Binary { op: bop, left: y, right: d }, s);
                let c = self.add(naga::Expression::Binary { op: bop, left: a, right: b }, s);
                let zero = self.literal_u32(0);
                self.add(naga::Expression::Binary { op: naga::BinaryOperator::NotEqual, left: c, right: zero }, s)
            }
            _ => {
                let name = format!("{op:?}");
                self.lw.error("E0801", s, format!("`{name}` is not supported yet"));
                self.dummy(s)
            }
        }
    }

    /// The value of an entry-point built-in, available in every function through a private
    /// global that the entry point fills.
    pub(crate) fn builtin_value(&mut self, b: naga::BuiltIn, s: Span) -> Handle<naga::Expression> {
        let var = match self.lw.builtin_globals.get(&b) {
            Some(&v) => v,
            None => {
                let u = self.lw.scalar_type(naga::Scalar::U32);
                let name = match b {
                    naga::BuiltIn::SubgroupSize => "wave_lane_count",
                    naga::BuiltIn::SubgroupInvocationId => "wave_lane_index",
                    _ => "builtin",
                };
                let v = self.lw.module.global_variables.append(
                    naga::GlobalVariable { name: Some(name.into()), space: naga::AddressSpace::Private, binding: None, ty: u, init: None, memory_decorations: Default::default() },
                    naga::Span::UNDEFINED,
                );
                self.lw.builtin_globals.insert(b, v);
                v
            }
        };
        let g = self.add(naga::Expression::GlobalVariable(var), s);
        self.add(naga::Expression::Load { pointer: g }, s)
    }
}
