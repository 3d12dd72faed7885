//! Wave (subgroup), quad and helper-lane intrinsics → naga subgroup operations.
//!
//! - reductions and scans map to `SubgroupCollectiveOperation`; HLSL's `WavePrefix*` are
//!   *exclusive* scans (glslang gets this wrong, DXC and hlslc do not);
//! - every data operation takes scalars, vectors and matrices (row by row) of any width naga
//!   allows (16-, 32- and 64-bit); bools travel as `u32`; 16-bit `WaveActiveBit*` (naga wants
//!   at least 32 bits) widen to 32 bits, which is exact for `&`, `|` and `^`;
//! - `WaveGetLaneIndex`/`WaveGetLaneCount` read private globals that each entry point fills
//!   from its subgroup built-ins ([`wave_builtins`] says which), so any function can use them;
//!   compute entry points with a multi-dimensional thread group, where naga has no
//!   `subgroup_invocation_id`, count the lanes below with an exclusive scan at entry;
//! - `WaveIsFirstLane` is `exclusiveAdd(1) == 0` (naga has no `elect`);
//! - `WaveActiveAllEqual` compares with the first lane's value and reduces with `all`;
//! - `WaveMatch` and `WaveMultiPrefix*` (SM 6.5; naga has no partitioned operations) loop
//!   over the lanes of the wave, reading each with a shuffle in uniform control flow, and keep
//!   the active lanes ([`WaveMatch`] compares bit patterns, so NaNs match themselves);
//!   `WaveMultiPrefixCountBits` is `countbits(ballot(b) & mask & lanes-below)`. These are
//!   exact: they depend on no convergence beyond that of the call itself;
//! - `QuadReadLaneAt` with a dynamic lane selects among the four constant broadcasts, and
//!   `QuadAny`/`QuadAll` combine a lane's value with its three quad swaps;
//! - `IsHelperLane()` reads the private `helper_lane` flag (see `passes::demote_to_helper`),
//!   which pixel entry points initialise from [`crate::passes::helper_invocation::MARKER`]
//!   (for WGSL: no sample covered, or missing from a ballot; see
//!   [`Lowerer::helper_invocation_function`]).
//!
//! [`WaveMatch`]: crate::tir::Intrinsic::WaveMatch

use super::function::FnBuilder;
use super::Lowerer;
use crate::tir::{self, Intrinsic as I};
use crate::ty::{TypeId, TypeInner};
use hlslc_grammar::Span;
use naga::{BinaryOperator as B, CollectiveOperation as C, Handle, SubgroupOperation as O};

/// The subgroup built-ins an intrinsic reads (entry points provide those they reach).
pub(crate) fn wave_builtins(op: I) -> &'static [naga::BuiltIn] {
    use naga::BuiltIn::{SubgroupInvocationId as Lane, SubgroupSize as Size};
    match op {
        I::WaveGetLaneCount => &[Size],
        I::WaveGetLaneIndex => &[Lane],
        I::WaveMatch
        | I::WaveMultiPrefixSum
        | I::WaveMultiPrefixProduct
        | I::WaveMultiPrefixBitAnd
        | I::WaveMultiPrefixBitOr
        | I::WaveMultiPrefixBitXor => &[Lane, Size],
        I::WaveMultiPrefixCountBits => &[Lane],
        I::GroupWaveIndex => &[naga::BuiltIn::SubgroupId],
        I::GroupWaveCount => &[naga::BuiltIn::NumSubgroups],
        _ => &[],
    }
}

impl FnBuilder<'_, '_> {
    /// Wave, quad and helper-lane intrinsics.
    pub(crate) fn wave(&mut self, op: I, values: &[Handle<naga::Expression>], arg_ty: TypeId, ty: TypeId, s: Span) -> Handle<naga::Expression> {
        let v = values.first().copied();
        match (op, v) {
            (I::WaveGetLaneCount, _) => self.builtin_value(naga::BuiltIn::SubgroupSize, s),
            (I::WaveGetLaneIndex, _) => self.builtin_value(naga::BuiltIn::SubgroupInvocationId, s),
            (I::GroupWaveIndex, _) => self.builtin_value(naga::BuiltIn::SubgroupId, s),
            (I::GroupWaveCount, _) => self.builtin_value(naga::BuiltIn::NumSubgroups, s),
            (I::IsHelperLane, _) => {
                let flag = self.lw.helper_lane_flag();
                let g = self.add(naga::Expression::GlobalVariable(flag), s);
                self.add(naga::Expression::Load { pointer: g }, s)
            }
            (I::WaveIsFirstLane, _) => {
                let one = self.literal_u32(1);
                let below = self.collective(O::Add, C::ExclusiveScan, one, s);
                let zero = self.literal_u32(0);
                self.add(naga::Expression::Binary { op: B::Equal, left: below, right: zero }, s)
            }
            (I::WaveActiveAnyTrue, Some(v)) => self.collective(O::Any, C::Reduce, v, s),
            (I::WaveActiveAllTrue, Some(v)) => self.collective(O::All, C::Reduce, v, s),
            (I::WaveActiveBallot, Some(v)) => self.ballot(Some(v), s),
            (I::WaveActiveCountBits | I::WavePrefixCountBits, Some(v)) => {
                let u = self.add(naga::Expression::As { expr: v, kind: naga::ScalarKind::Uint, convert: Some(4) }, s);
                let cop = if op == I::WaveActiveCountBits { C::Reduce } else { C::ExclusiveScan };
                self.collective(O::Add, cop, u, s)
            }
            (I::WaveActiveSum, Some(v)) => self.data_collective(O::Add, C::Reduce, v, arg_ty, s),
            (I::WaveActiveProduct, Some(v)) => self.data_collective(O::Mul, C::Reduce, v, arg_ty, s),
            (I::WaveActiveMin, Some(v)) => self.data_collective(O::Min, C::Reduce, v, arg_ty, s),
            (I::WaveActiveMax, Some(v)) => self.data_collective(O::Max, C::Reduce, v, arg_ty, s),
            (I::WaveActiveBitAnd, Some(v)) => self.data_collective(O::And, C::Reduce, v, arg_ty, s),
            (I::WaveActiveBitOr, Some(v)) => self.data_collective(O::Or, C::Reduce, v, arg_ty, s),
            (I::WaveActiveBitXor, Some(v)) => self.data_collective(O::Xor, C::Reduce, v, arg_ty, s),
            (I::WavePrefixSum, Some(v)) => self.data_collective(O::Add, C::ExclusiveScan, v, arg_ty, s),
            (I::WavePrefixProduct, Some(v)) => self.data_collective(O::Mul, C::ExclusiveScan, v, arg_ty, s),
            (I::WaveReadLaneFirst, Some(v)) => self.data_gather(naga::GatherMode::BroadcastFirst, v, arg_ty, s),
            (I::WaveReadLaneAt, Some(v)) => self.data_gather(naga::GatherMode::Shuffle(values[1]), v, arg_ty, s),
            (I::WaveActiveAllEqual, Some(v)) => {
                let bty = self.lw.tys.with_scalar(arg_ty, crate::ty::Scalar::BOOL);
                self.per_row(v, arg_ty, bty, s, &mut |b, row| {
                    let first = b.gather(naga::GatherMode::BroadcastFirst, row, s);
                    let eq = b.add(naga::Expression::Binary { op: B::Equal, left: row, right: first }, s);
                    // Every component must be equal in every lane.
                    match b.resolve(eq) {
                        Some(naga::TypeInner::Vector { size, .. }) => {
                            let comps: Vec<_> = (0..size as u32)
                                .map(|i| {
                                    let c = b.add(naga::Expression::AccessIndex { base: eq, index: i }, s);
                                    b.collective(O::All, C::Reduce, c, s)
                                })
                                .collect();
                            let t = b.lw.vector_type(naga::Scalar::BOOL, size as u8);
                            b.add(naga::Expression::Compose { ty: t, components: comps }, s)
                        }
                        _ => b.collective(O::All, C::Reduce, eq, s),
                    }
                })
            }
            (I::WaveMatch, Some(v)) => self.wave_match(v, arg_ty, s),
            (I::WaveMultiPrefixCountBits, Some(v)) => self.multi_prefix_count_bits(v, values[1], s),
            (I::WaveMultiPrefixSum | I::WaveMultiPrefixProduct | I::WaveMultiPrefixBitAnd | I::WaveMultiPrefixBitOr | I::WaveMultiPrefixBitXor, Some(v)) => {
                self.multi_prefix(op, v, values[1], arg_ty, ty, s)
            }
            (I::QuadReadAcrossX, Some(v)) => self.data_gather(naga::GatherMode::QuadSwap(naga::Direction::X), v, arg_ty, s),
            (I::QuadReadAcrossY, Some(v)) => self.data_gather(naga::GatherMode::QuadSwap(naga::Direction::Y), v, arg_ty, s),
            (I::QuadReadAcrossDiagonal, Some(v)) => self.data_gather(naga::GatherMode::QuadSwap(naga::Direction::Diagonal), v, arg_ty, s),
            (I::QuadReadLaneAt, Some(v)) => {
                let lane = values[1];
                if let Some(k) = self.const_index(lane) {
                    let lit = self.literal_u32(k & 3);
                    return self.data_gather(naga::GatherMode::QuadBroadcast(lit), v, arg_ty, s);
                }
                // Dynamic lane: select among the four constant broadcasts.
                let three = self.literal_u32(3);
                let l = self.add(naga::Expression::Binary { op: B::And, left: lane, right: three }, s);
                let mut result = None;
                for k in (0..4u32).rev() {
                    let lit = self.literal_u32(k);
                    let x = self.data_gather(naga::GatherMode::QuadBroadcast(lit), v, arg_ty, s);
                    result = Some(match result {
                        None => x,
                        Some(acc) => {
                            let eq = self.add(naga::Expression::Binary { op: B::Equal, left: l, right: lit }, s);
                            self.select_any(eq, x, acc, arg_ty, s)
                        }
                    });
                }
                result.unwrap_or(v)
            }
            (I::QuadAny | I::QuadAll, Some(v)) => {
                let u = self.add(naga::Expression::As { expr: v, kind: naga::ScalarKind::Uint, convert: Some(4) }, s);
                let x = self.gather(naga::GatherMode::QuadSwap(naga::Direction::X), u, s);
                let y = self.gather(naga::GatherMode::QuadSwap(naga::Direction::Y), u, s);
                let d = self.gather(naga::GatherMode::QuadSwap(naga::Direction::Diagonal), u, s);
                let bop = if op == I::QuadAny { B::InclusiveOr } else { B::And };
                let a = self.add(naga::Expression::Binary { op: bop, left: u, right: x }, s);
                let b = self.add(naga::Expression::Binary { op: bop, left: y, right: d }, s);
                let c = self.add(naga::Expression::Binary { op: bop, left: a, right: b }, s);
                let zero = self.literal_u32(0);
                self.add(naga::Expression::Binary { op: B::NotEqual, left: c, right: zero }, s)
            }
            _ => {
                self.lw.error("E0801", s, format!("`{op:?}` is not supported yet"));
                self.dummy(s)
            }
        }
    }

    /// The value of an entry-point built-in, available in every function through a private
    /// global that the entry point fills.
    pub(crate) fn builtin_value(&mut self, b: naga::BuiltIn, s: Span) -> Handle<naga::Expression> {
        let var = self.lw.builtin_global(b);
        let g = self.add(naga::Expression::GlobalVariable(var), s);
        self.add(naga::Expression::Load { pointer: g }, s)
    }

    /// A collective operation on a scalar or vector.
    fn collective(&mut self, op: O, cop: C, v: Handle<naga::Expression>, s: Span) -> Handle<naga::Expression> {
        if op == O::Add && cop == C::ExclusiveScan && self.is_integer(v) {
            return self.exclusive_int_sum(v, s);
        }
        let ty = self.type_handle_of(v);
        let r = self.add(naga::Expression::SubgroupOperationResult { ty }, s);
        self.push(naga::Statement::SubgroupCollectiveOperation { op, collective_op: cop, argument: v, result: r }, s);
        r
    }

    /// The exclusive prefix sum of an integer value as the inclusive sum minus the lane's own
    /// value: equal under wrapping arithmetic, and NVIDIA's compiler runs the inclusive scan
    /// faster (benches/gpu/RESULTS.md: the scan kernel went from 1.013x glslang's time to
    /// 0.99x on the H200). Float sums keep the exclusive scan, where the two would round
    /// differently.
    fn exclusive_int_sum(&mut self, v: Handle<naga::Expression>, s: Span) -> Handle<naga::Expression> {
        let ty = self.type_handle_of(v);
        let inclusive = self.add(naga::Expression::SubgroupOperationResult { ty }, s);
        self.push(naga::Statement::SubgroupCollectiveOperation { op: O::Add, collective_op: C::InclusiveScan, argument: v, result: inclusive }, s);
        self.add(naga::Expression::Binary { op: B::Subtract, left: inclusive, right: v }, s)
    }

    /// Whether a scalar or vector expression has a signed or unsigned integer type.
    fn is_integer(&mut self, v: Handle<naga::Expression>) -> bool {
        matches!(self.resolve(v), Some(naga::TypeInner::Scalar(sc) | naga::TypeInner::Vector { scalar: sc, .. }) if matches!(sc.kind, naga::ScalarKind::Sint | naga::ScalarKind::Uint))
    }

    /// A gather of a scalar or vector; bools travel as `u32`.
    fn gather(&mut self, mode: naga::GatherMode, v: Handle<naga::Expression>, s: Span) -> Handle<naga::Expression> {
        let is_bool = matches!(self.resolve(v), Some(naga::TypeInner::Scalar(sc) | naga::TypeInner::Vector { scalar: sc, .. }) if sc.kind == naga::ScalarKind::Bool);
        let arg = if is_bool { self.add(naga::Expression::As { expr: v, kind: naga::ScalarKind::Uint, convert: Some(4) }, s) } else { v };
        let ty = self.type_handle_of(arg);
        let r = self.add(naga::Expression::SubgroupOperationResult { ty }, s);
        self.push(naga::Statement::SubgroupGather { mode, argument: arg, result: r }, s);
        if is_bool {
            self.add(naga::Expression::As { expr: r, kind: naga::ScalarKind::Bool, convert: Some(naga::BOOL_WIDTH) }, s)
        } else {
            r
        }
    }

    fn ballot(&mut self, predicate: Option<Handle<naga::Expression>>, s: Span) -> Handle<naga::Expression> {
        let r = self.add(naga::Expression::SubgroupBallotResult, s);
        self.push(naga::Statement::SubgroupBallot { result: r, predicate }, s);
        r
    }

    /// `f` on a value, or on each row of a matrix value (rebuilding a `result_ty` matrix).
    fn per_row(
        &mut self,
        v: Handle<naga::Expression>,
        ty: TypeId,
        result_ty: TypeId,
        s: Span,
        f: &mut dyn FnMut(&mut Self, Handle<naga::Expression>) -> Handle<naga::Expression>,
    ) -> Handle<naga::Expression> {
        self.map_rows(&[(v, ty)], result_ty, s, &mut |b, rows| f(b, rows[0]))
    }

    /// A reduction or scan of a value of any shape.
    fn data_collective(&mut self, op: O, cop: C, v: Handle<naga::Expression>, ty: TypeId, s: Span) -> Handle<naga::Expression> {
        let narrow = matches!(op, O::And | O::Or | O::Xor) && self.lw.scalar_of(ty).width < 4;
        self.per_row(v, ty, ty, s, &mut |b, row| {
            if !narrow {
                return b.collective(op, cop, row, s);
            }
            // naga's bitwise subgroup operations want 32 bits; zero- or sign-extending and
            // truncating back is exact for `&`, `|` and `^`.
            let kind = match b.resolve(row) {
                Some(naga::TypeInner::Scalar(sc) | naga::TypeInner::Vector { scalar: sc, .. }) => sc.kind,
                _ => naga::ScalarKind::Uint,
            };
            let wide = b.add(naga::Expression::As { expr: row, kind, convert: Some(4) }, s);
            let r = b.collective(op, cop, wide, s);
            b.add(naga::Expression::As { expr: r, kind, convert: Some(2) }, s)
        })
    }

    /// A gather of a value of any shape.
    fn data_gather(&mut self, mode: naga::GatherMode, v: Handle<naga::Expression>, ty: TypeId, s: Span) -> Handle<naga::Expression> {
        self.per_row(v, ty, ty, s, &mut |b, row| b.gather(mode, row, s))
    }

    /// `cond ? a : b` for values of any shape with a scalar condition.
    fn select_any(&mut self, cond: Handle<naga::Expression>, a: Handle<naga::Expression>, b: Handle<naga::Expression>, ty: TypeId, s: Span) -> Handle<naga::Expression> {
        match *self.lw.tys.get(ty) {
            TypeInner::Scalar(_) | TypeInner::Vector { .. } | TypeInner::Matrix { .. } => self.select(cond, a, b, ty, s),
            _ => self.add(naga::Expression::Select { condition: cond, accept: a, reject: b }, s),
        }
    }

    /// The bits of a scalar or vector as unsigned integers of the same width (bools as `u32`),
    /// so that equality is bitwise (NaNs match themselves).
    fn as_bits(&mut self, v: Handle<naga::Expression>, s: Span) -> Handle<naga::Expression> {
        match self.resolve(v) {
            Some(naga::TypeInner::Scalar(sc) | naga::TypeInner::Vector { scalar: sc, .. }) => match sc.kind {
                naga::ScalarKind::Bool => self.add(naga::Expression::As { expr: v, kind: naga::ScalarKind::Uint, convert: Some(4) }, s),
                naga::ScalarKind::Uint => v,
                _ => self.add(naga::Expression::As { expr: v, kind: naga::ScalarKind::Uint, convert: None }, s),
            },
            _ => v,
        }
    }

    /// `all(a == b)` for scalars and vectors.
    fn all_equal(&mut self, a: Handle<naga::Expression>, b: Handle<naga::Expression>, s: Span) -> Handle<naga::Expression> {
        let eq = self.add(naga::Expression::Binary { op: B::Equal, left: a, right: b }, s);
        match self.resolve(eq) {
            Some(naga::TypeInner::Vector { .. }) => self.add(naga::Expression::Relational { fun: naga::RelationalFunction::All, argument: eq }, s),
            _ => eq,
        }
    }

    /// The bit of lane `lane` in a `uint4` lane mask. The word is chosen with `select`s, not a
    /// dynamic index, which naga's bounds checks would turn into a branch: the lane loops of
    /// the polyfills stay free of divergent control flow, so their shuffles see every lane
    /// that called them without relying on reconvergence.
    fn lane_bit(&mut self, mask: Handle<naga::Expression>, lane: Handle<naga::Expression>, s: Span) -> Handle<naga::Expression> {
        let five = self.literal_u32(5);
        let word_index = self.add(naga::Expression::Binary { op: B::ShiftRight, left: lane, right: five }, s);
        let mut word = self.add(naga::Expression::AccessIndex { base: mask, index: 3 }, s);
        for i in (0..3u32).rev() {
            let k = self.literal_u32(i);
            let is_i = self.add(naga::Expression::Binary { op: B::Equal, left: word_index, right: k }, s);
            let w = self.add(naga::Expression::AccessIndex { base: mask, index: i }, s);
            word = self.add(naga::Expression::Select { condition: is_i, accept: w, reject: word }, s);
        }
        let thirty_one = self.literal_u32(31);
        let shift = self.add(naga::Expression::Binary { op: B::And, left: lane, right: thirty_one }, s);
        let shifted = self.add(naga::Expression::Binary { op: B::ShiftRight, left: word, right: shift }, s);
        let one = self.literal_u32(1);
        let bit = self.add(naga::Expression::Binary { op: B::And, left: shifted, right: one }, s);
        let zero = self.literal_u32(0);
        self.add(naga::Expression::Binary { op: B::NotEqual, left: bit, right: zero }, s)
    }

    /// The mask with only lane `lane`'s bit set.
    fn lane_mask(&mut self, lane: Handle<naga::Expression>, s: Span) -> Handle<naga::Expression> {
        let five = self.literal_u32(5);
        let word_index = self.add(naga::Expression::Binary { op: B::ShiftRight, left: lane, right: five }, s);
        let thirty_one = self.literal_u32(31);
        let shift = self.add(naga::Expression::Binary { op: B::And, left: lane, right: thirty_one }, s);
        let one = self.literal_u32(1);
        let bit = self.add(naga::Expression::Binary { op: B::ShiftLeft, left: one, right: shift }, s);
        let zero = self.literal_u32(0);
        let comps: Vec<_> = (0..4u32)
            .map(|i| {
                let k = self.literal_u32(i);
                let is_i = self.add(naga::Expression::Binary { op: B::Equal, left: word_index, right: k }, s);
                self.add(naga::Expression::Select { condition: is_i, accept: bit, reject: zero }, s)
            })
            .collect();
        let t = self.lw.vector_type(naga::Scalar::U32, 4);
        self.add(naga::Expression::Compose { ty: t, components: comps }, s)
    }

    /// The lanes below lane `lane` as a `uint4` mask.
    fn lanes_below(&mut self, lane: Handle<naga::Expression>, s: Span) -> Handle<naga::Expression> {
        let u = naga::Scalar::U32;
        let comps: Vec<_> = (0..4u32)
            .map(|i| {
                // Word i covers lanes 32i … 32i + 31: all of them are below when lane ≥ 32(i + 1),
                // none when lane ≤ 32i, else the low (lane − 32i) bits.
                let lo = self.literal_u32(32 * i);
                let hi = self.literal_u32(32 * (i + 1));
                let all = self.literal_u32(u32::MAX);
                let none = self.literal_u32(0);
                let one = self.literal_u32(1);
                let n = self.add(naga::Expression::Binary { op: B::Subtract, left: lane, right: lo }, s);
                let thirty_one = self.literal_u32(31);
                let n = self.add(naga::Expression::Binary { op: B::And, left: n, right: thirty_one }, s);
                let bit = self.add(naga::Expression::Binary { op: B::ShiftLeft, left: one, right: n }, s);
                let partial = self.add(naga::Expression::Binary { op: B::Subtract, left: bit, right: one }, s);
                let above = self.add(naga::Expression::Binary { op: B::GreaterEqual, left: lane, right: hi }, s);
                let below = self.add(naga::Expression::Binary { op: B::LessEqual, left: lane, right: lo }, s);
                let x = self.add(naga::Expression::Select { condition: below, accept: none, reject: partial }, s);
                self.add(naga::Expression::Select { condition: above, accept: all, reject: x }, s)
            })
            .collect();
        let t = self.lw.vector_type(u, 4);
        self.add(naga::Expression::Compose { ty: t, components: comps }, s)
    }

    /// `WaveMatch(v)`: the active lanes whose value has the bits of this lane's value.
    fn wave_match(&mut self, v: Handle<naga::Expression>, ty: TypeId, s: Span) -> Handle<naga::Expression> {
        // Matrices compare row by row: their rows' bits, flattened.
        let rows: Vec<Handle<naga::Expression>> = match *self.lw.tys.get(ty) {
            TypeInner::Matrix { rows, .. } => self.rows_of(v, rows, s),
            _ => vec![v],
        };
        let mine: Vec<_> = rows.iter().map(|&r| self.as_bits(r, s)).collect();
        let t = self.add(naga::Expression::Literal(naga::Literal::Bool(true)), s);
        let active = self.ballot(Some(t), s);
        let u4 = self.lw.vector_type(naga::Scalar::U32, 4);
        let result = self.local("match", u4);
        let result_ptr = self.add(naga::Expression::LocalVariable(result), s);
        let zero = self.add(naga::Expression::ZeroValue(u4), s);
        self.push(naga::Statement::Store { pointer: result_ptr, value: zero }, s);
        self.lane_loop(s, &mut |b, i| {
            // Every lane reads lane i (uniform control flow), then keeps it if it is active
            // and equal.
            let mut same = None;
            for &m in &mine {
                let theirs = b.gather(naga::GatherMode::Shuffle(i), m, s);
                let eq = b.all_equal(m, theirs, s);
                same = Some(match same {
                    None => eq,
                    Some(acc) => b.add(naga::Expression::Binary { op: B::LogicalAnd, left: acc, right: eq }, s),
                });
            }
            let is_active = b.lane_bit(active, i, s);
            let keep = match same {
                Some(x) => b.add(naga::Expression::Binary { op: B::LogicalAnd, left: x, right: is_active }, s),
                None => is_active,
            };
            // result |= keep ? (bit i) : 0, without a branch (see `lane_bit`).
            let onehot = b.lane_mask(i, s);
            let none = b.add(naga::Expression::ZeroValue(u4), s);
            let add = b.add(naga::Expression::Select { condition: keep, accept: onehot, reject: none }, s);
            let cur = b.add(naga::Expression::Load { pointer: result_ptr }, s);
            let next = b.add(naga::Expression::Binary { op: B::InclusiveOr, left: cur, right: add }, s);
            b.push(naga::Statement::Store { pointer: result_ptr, value: next }, s);
        });
        self.add(naga::Expression::Load { pointer: result_ptr }, s)
    }

    /// `for (uint i = 0; i < WaveGetLaneCount(); i++) body(i)`.
    fn lane_loop(&mut self, s: Span, body: &mut dyn FnMut(&mut Self, Handle<naga::Expression>)) {
        let u = self.lw.scalar_type(naga::Scalar::U32);
        let counter = self.local("lane", u);
        let ptr = self.add(naga::Expression::LocalVariable(counter), s);
        let zero = self.literal_u32(0);
        self.push(naga::Statement::Store { pointer: ptr, value: zero }, s);
        let count = self.builtin_value(naga::BuiltIn::SubgroupSize, s);
        self.counted_loop(ptr, count, 1, s, body);
    }

    /// `WaveMultiPrefixCountBits(b, mask)`: `countbits(ballot(b) & mask & lanes-below)`.
    fn multi_prefix_count_bits(&mut self, b: Handle<naga::Expression>, mask: Handle<naga::Expression>, s: Span) -> Handle<naga::Expression> {
        let ballot = self.ballot(Some(b), s);
        let lane = self.builtin_value(naga::BuiltIn::SubgroupInvocationId, s);
        let below = self.lanes_below(lane, s);
        let m = self.add(naga::Expression::Binary { op: B::And, left: ballot, right: mask }, s);
        let m = self.add(naga::Expression::Binary { op: B::And, left: m, right: below }, s);
        let counts = self.add(naga::Expression::Math { fun: naga::MathFunction::CountOneBits, arg: m, arg1: None, arg2: None, arg3: None }, s);
        let one = self.literal_u32(1);
        let ones = self.add(naga::Expression::Splat { size: naga::VectorSize::Quad, value: one }, s);
        self.add(naga::Expression::Math { fun: naga::MathFunction::Dot, arg: counts, arg1: Some(ones), arg2: None, arg3: None }, s)
    }

    /// `WaveMultiPrefix{Sum,Product,BitAnd,BitOr,BitXor}(v, mask)`: the operation over the
    /// active lanes below this one that are in `mask`, read lane by lane.
    fn multi_prefix(&mut self, op: I, v: Handle<naga::Expression>, mask: Handle<naga::Expression>, ty: TypeId, result_ty: TypeId, s: Span) -> Handle<naga::Expression> {
        let (bop, identity) = match op {
            I::WaveMultiPrefixSum => (B::Add, Identity::Zero),
            I::WaveMultiPrefixProduct => (B::Multiply, Identity::One),
            I::WaveMultiPrefixBitAnd => (B::And, Identity::AllOnes),
            I::WaveMultiPrefixBitOr => (B::InclusiveOr, Identity::Zero),
            _ => (B::ExclusiveOr, Identity::Zero),
        };
        let nty = self.lw.ty(result_ty);
        let init = self.identity(identity, ty, s);
        let acc = self.local("prefix", nty);
        let acc_ptr = self.add(naga::Expression::LocalVariable(acc), s);
        self.push(naga::Statement::Store { pointer: acc_ptr, value: init }, s);
        let t = self.add(naga::Expression::Literal(naga::Literal::Bool(true)), s);
        let active = self.ballot(Some(t), s);
        let members = self.add(naga::Expression::Binary { op: B::And, left: active, right: mask }, s);
        let lane = self.builtin_value(naga::BuiltIn::SubgroupInvocationId, s);
        self.lane_loop(s, &mut |b, i| {
            let theirs = b.data_gather(naga::GatherMode::Shuffle(i), v, ty, s);
            let is_member = b.lane_bit(members, i, s);
            let below = b.add(naga::Expression::Binary { op: B::Less, left: i, right: lane }, s);
            let keep = b.add(naga::Expression::Binary { op: B::LogicalAnd, left: is_member, right: below }, s);
            // acc = keep ? acc op theirs : acc, without a branch (see `lane_bit`).
            let cur = b.add(naga::Expression::Load { pointer: acc_ptr }, s);
            let combined = b.map_rows(&[(cur, ty), (theirs, ty)], ty, s, &mut |bd, r| bd.add(naga::Expression::Binary { op: bop, left: r[0], right: r[1] }, s));
            let next = b.select(keep, combined, cur, ty, s);
            b.push(naga::Statement::Store { pointer: acc_ptr, value: next }, s);
        });
        self.add(naga::Expression::Load { pointer: acc_ptr }, s)
    }

    /// The identity of an operation, as a value of HLSL type `ty`.
    fn identity(&mut self, which: Identity, ty: TypeId, s: Span) -> Handle<naga::Expression> {
        let scalar = self.lw.scalar_of(ty);
        let c = match (which, scalar.kind) {
            (Identity::Zero, _) => {
                let t = self.lw.ty(ty);
                return self.add(naga::Expression::ZeroValue(t), s);
            }
            (Identity::One, crate::ty::ScalarKind::Float) => crate::tir::ConstValue::Float(1.0),
            (Identity::One, crate::ty::ScalarKind::Int) => crate::tir::ConstValue::Int(1),
            (Identity::One, _) => crate::tir::ConstValue::Uint(1),
            (Identity::AllOnes, crate::ty::ScalarKind::Int) => crate::tir::ConstValue::Int(-1),
            (Identity::AllOnes, _) => crate::tir::ConstValue::Uint(if scalar.width == 8 { u64::MAX } else { (1u64 << (scalar.width as u32 * 8)) - 1 }),
        };
        let st = self.lw.tys.scalar(scalar);
        let value = self.constant(&c, st, s);
        self.splat(value, ty, s)
    }
}

#[derive(Clone, Copy)]
enum Identity {
    Zero,
    One,
    AllOnes,
}

impl Lowerer<'_> {
    /// The private global that holds an entry-point built-in (created on first use).
    pub(crate) fn builtin_global(&mut self, b: naga::BuiltIn) -> Handle<naga::GlobalVariable> {
        if let Some(&v) = self.builtin_globals.get(&b) {
            return v;
        }
        let u = self.scalar_type(naga::Scalar::U32);
        let name = match b {
            naga::BuiltIn::SubgroupSize => "wave_lane_count",
            naga::BuiltIn::SubgroupInvocationId => "wave_lane_index",
            _ => "builtin",
        };
        let v = self.module.global_variables.append(
            naga::GlobalVariable { name: Some(name.into()), space: naga::AddressSpace::Private, binding: None, ty: u, init: None, memory_decorations: Default::default() },
            naga::Span::UNDEFINED,
        );
        self.builtin_globals.insert(b, v);
        v
    }

    /// The private flag that marks helper lanes (created on first use).
    pub(crate) fn helper_lane_flag(&mut self) -> Handle<naga::GlobalVariable> {
        if let Some(h) = self.helper_lane {
            return h;
        }
        let h = crate::passes::helper_lane_flag(&mut self.module);
        self.helper_lane = Some(h);
        h
    }

    /// The function that tells whether the lane started as a helper: for SPIR-V a placeholder
    /// that `passes::helper_invocation` replaces with the `HelperInvocation` built-in; for
    /// WGSL, which has no such built-in, `sample_mask == 0 || lane not in ballot(true)`
    /// (arguments: the entry point's `sample_mask` input and lane index). Each test alone is
    /// sound — an invocation that covers a sample, or that is missing from a ballot taken in
    /// uniform control flow, is no helper — but each alone misses helpers on some driver:
    /// NVIDIA's helper lanes take part in subgroup operations but cover no sample, as Vulkan
    /// and WGSL define the mask; lavapipe leaves helpers out of subgroup operations but gives
    /// them a non-zero sample mask (both measured: `tests/exec_device/README.md`).
    pub(crate) fn helper_invocation_function(&mut self) {
        let spirv = self.options.target == crate::options::Target::SpirV;
        let bool_t = self.scalar_type(naga::Scalar::BOOL);
        let u32_t = self.scalar_type(naga::Scalar::U32);
        let mut b = FnBuilder::new(self, None);
        b.func.name = Some(crate::passes::helper_invocation::MARKER.into());
        b.func.result = Some(naga::FunctionResult { ty: bool_t, binding: None });
        let s = Span::UNDEFINED;
        let value = if spirv {
            b.add(naga::Expression::Literal(naga::Literal::Bool(false)), s)
        } else {
            b.func.arguments.push(naga::FunctionArgument { name: Some("sample_mask".into()), ty: u32_t, binding: None });
            b.func.arguments.push(naga::FunctionArgument { name: Some("lane".into()), ty: u32_t, binding: None });
            let mask = b.add(naga::Expression::FunctionArgument(0), s);
            let zero = b.literal_u32(0);
            let uncovered = b.add(naga::Expression::Binary { op: B::Equal, left: mask, right: zero }, s);
            let t = b.add(naga::Expression::Literal(naga::Literal::Bool(true)), s);
            let all = b.ballot(Some(t), s);
            let lane = b.add(naga::Expression::FunctionArgument(1), s);
            let present = b.lane_bit(all, lane, s);
            let absent = b.add(naga::Expression::Unary { op: naga::UnaryOperator::LogicalNot, expr: present }, s);
            b.add(naga::Expression::Binary { op: B::LogicalOr, left: uncovered, right: absent }, s)
        };
        b.push(naga::Statement::Return { value: Some(value) }, s);
        let func = b.finish();
        let h = self.module.functions.append(func, naga::Span::UNDEFINED);
        self.helper_invocation = Some(h);
    }
}

// ---------------------------------------------------------------------------------------------
// Entry points: subgroup built-ins and compute quads
// ---------------------------------------------------------------------------------------------

/// Whether D3D lays out this compute entry point's quads as 2×2 blocks of the thread group
/// (SM 6.6: X and Y even), which Vulkan's quads (4 consecutive lanes) are not. With X a
/// multiple of 4 and Y = Z = 1, D3D's 1-D quads are 4 consecutive thread indices, as in Vulkan.
pub(crate) fn needs_quad_layout(ep: &tir::EntryPoint) -> bool {
    let [x, y, _] = ep.workgroup_size;
    x % 2 == 0 && y % 2 == 0
}

/// Quad intrinsics, whose lanes depend on the quad layout.
pub(crate) fn is_quad_op(e: &tir::Expr) -> bool {
    matches!(
        e.kind,
        tir::ExprKind::Intrinsic { op: I::QuadReadAcrossX | I::QuadReadAcrossY | I::QuadReadAcrossDiagonal | I::QuadReadLaneAt | I::QuadAny | I::QuadAll, .. }
    )
}

/// Thread ids of a compute entry point with D3D's 2-D quad layout.
pub(crate) struct QuadIds {
    group_thread_id: Handle<naga::Expression>,
    group_index: Handle<naga::Expression>,
    group_id: Handle<naga::Expression>,
    dispatch_thread_id: Handle<naga::Expression>,
}

impl QuadIds {
    /// The value of a compute system value, if it is one of the thread ids.
    pub(crate) fn value_of(&self, s: &tir::Semantic) -> Option<Handle<naga::Expression>> {
        let n = s.name.to_ascii_uppercase();
        Some(match n.as_str() {
            "SV_GROUPTHREADID" => self.group_thread_id,
            "SV_GROUPINDEX" => self.group_index,
            "SV_GROUPID" => self.group_id,
            "SV_DISPATCHTHREADID" => self.dispatch_thread_id,
            _ => return None,
        })
    }
}

impl FnBuilder<'_, '_> {
    /// Thread ids such that lanes 4k … 4k+3 (Vulkan's quad, consecutive invocations) are the
    /// 2×2 block D3D makes a quad: hardware invocation `i` is lane `i % 4` of quad `q = i / 4`;
    /// quads tile the thread group row by row, `X / 2` per row, `Y / 2` rows per slice, so
    /// `x = 2 (q % (X/2)) + (i & 1)`, `y = 2 ((q / (X/2)) % (Y/2)) + ((i >> 1) & 1)`,
    /// `z = q / (X/2 · Y/2)`. `SV_GroupIndex` is then HLSL's `z·X·Y + y·X + x`. A bijection of
    /// the thread group, so every thread still runs once.
    pub(crate) fn quad_layout(&mut self, size: [u32; 3], span: Span) -> QuadIds {
        let s = span;
        let u = self.lw.scalar_type(naga::Scalar::U32);
        let u3 = self.lw.vector_type(naga::Scalar::U32, 3);
        let index_arg = self.func.arguments.len() as u32;
        self.func.arguments.push(naga::FunctionArgument { name: Some("local_invocation_index".into()), ty: u, binding: Some(naga::Binding::BuiltIn(naga::BuiltIn::LocalInvocationIndex)) });
        let group_arg = self.func.arguments.len() as u32;
        self.func.arguments.push(naga::FunctionArgument { name: Some("workgroup_id".into()), ty: u3, binding: Some(naga::Binding::BuiltIn(naga::BuiltIn::WorkGroupId)) });
        let i = self.add(naga::Expression::FunctionArgument(index_arg), s);
        let group_id = self.add(naga::Expression::FunctionArgument(group_arg), s);
        let [sx, sy, sz] = size;
        let bin = |b: &mut Self, op: B, l: Handle<naga::Expression>, r: u32| {
            let k = b.literal_u32(r);
            b.add(naga::Expression::Binary { op, left: l, right: k }, s)
        };
        let q = bin(self, B::ShiftRight, i, 2);
        let qx = bin(self, B::Modulo, q, sx / 2);
        let row = bin(self, B::Divide, q, sx / 2);
        let qy = bin(self, B::Modulo, row, sy / 2);
        let z = bin(self, B::Divide, q, (sx / 2) * (sy / 2));
        let lane_x = bin(self, B::And, i, 1);
        let lane_y = bin(self, B::ShiftRight, i, 1);
        let lane_y = bin(self, B::And, lane_y, 1);
        let x2 = bin(self, B::Multiply, qx, 2);
        let x = self.add(naga::Expression::Binary { op: B::Add, left: x2, right: lane_x }, s);
        let y2 = bin(self, B::Multiply, qy, 2);
        let y = self.add(naga::Expression::Binary { op: B::Add, left: y2, right: lane_y }, s);
        let group_thread_id = self.add(naga::Expression::Compose { ty: u3, components: vec![x, y, z] }, s);
        let zxy = bin(self, B::Multiply, z, sx * sy);
        let yx = bin(self, B::Multiply, y, sx);
        let sum = self.add(naga::Expression::Binary { op: B::Add, left: zxy, right: yx }, s);
        let group_index = self.add(naga::Expression::Binary { op: B::Add, left: sum, right: x }, s);
        let dims: Vec<_> = [sx, sy, sz].iter().map(|&d| self.literal_u32(d)).collect();
        let dims = self.add(naga::Expression::Compose { ty: u3, components: dims }, s);
        let base = self.add(naga::Expression::Binary { op: B::Multiply, left: group_id, right: dims }, s);
        let dispatch_thread_id = self.add(naga::Expression::Binary { op: B::Add, left: base, right: group_thread_id }, s);
        QuadIds { group_thread_id, group_index, group_id, dispatch_thread_id }
    }

    /// The entry point's `sample_mask` input (the user's `SV_Coverage`, or a new argument):
    /// the samples this invocation covers, none for a helper lane.
    pub(crate) fn sample_mask_input(&mut self) -> Handle<naga::Expression> {
        let sample_mask = Some(naga::Binding::BuiltIn(naga::BuiltIn::SampleMask));
        let index = match self.func.arguments.iter().position(|a| a.binding == sample_mask) {
            Some(i) => i,
            None => {
                let u = self.lw.scalar_type(naga::Scalar::U32);
                self.func.arguments.push(naga::FunctionArgument { name: Some("sample_mask".into()), ty: u, binding: sample_mask });
                self.func.arguments.len() - 1
            }
        };
        self.add(naga::Expression::FunctionArgument(index as u32), Span::UNDEFINED)
    }

    /// Stores the subgroup built-ins that the wave intrinsics entry point `index` reaches read
    /// into their private globals.
    pub(crate) fn wave_builtins(&mut self, index: usize, ep: &tir::EntryPoint) {
        let spirv = self.lw.options.target == crate::options::Target::SpirV;
        // Subgroup size, lane index, subgroup (wave) index, subgroup count.
        const READ: [naga::BuiltIn; 4] = [naga::BuiltIn::SubgroupSize, naga::BuiltIn::SubgroupInvocationId, naga::BuiltIn::SubgroupId, naga::BuiltIn::NumSubgroups];
        let mut needed = [false; 4];
        let mut users: Vec<I> = Vec::new();
        let mut first_use = None;
        self.lw.entry_walk(index, &mut |e| {
            if let tir::ExprKind::Intrinsic { op, .. } = e.kind {
                let mut reads = wave_builtins(op).to_vec();
                if op == I::IsHelperLane && ep.stage == tir::Stage::Pixel && !spirv {
                    reads.push(naga::BuiltIn::SubgroupInvocationId);
                }
                for b in reads {
                    first_use.get_or_insert(e.span);
                    needed[READ.iter().position(|r| *r == b).unwrap_or(0)] = true;
                    if !users.contains(&op) {
                        users.push(op);
                    }
                }
            }
        });
        for (k, builtin) in READ.into_iter().enumerate() {
            if !needed[k] {
                continue;
            }
            let var = self.lw.builtin_global(builtin);
            let value = match ep.stage {
                tir::Stage::Vertex => {
                    let names: Vec<String> = users.iter().map(|o| format!("`{o:?}`")).collect();
                    self.lw.error("E0803", first_use.unwrap_or(ep.span), format!("{} cannot be used in vertex shaders", names.join(", ")))
                        .note("naga (and so wgpu) has no subgroup size or lane index built-in in the vertex stage; other wave operations work with wgpu's `SUBGROUP_VERTEX` feature")
                        .help("use them in pixel or compute shaders");
                    return;
                }
                tir::Stage::Compute if builtin == naga::BuiltIn::SubgroupInvocationId && ep.workgroup_size[1..].iter().any(|&d| d > 1) => {
                    // naga allows `subgroup_invocation_id` only in 1-D thread groups: at entry
                    // every lane of the subgroup is active, so the lanes below this one are
                    // its index.
                    let one = self.literal_u32(1);
                    self.collective(O::Add, C::ExclusiveScan, one, ep.span)
                }
                _ if builtin == naga::BuiltIn::SubgroupId && ep.workgroup_size[1..].iter().any(|&d| d > 1) => {
                    self.lw.error("E0803", first_use.unwrap_or(ep.span), "`GetGroupWaveIndex` in a thread group with more than one dimension cannot be expressed in WGSL or naga IR")
                        .note("naga allows the subgroup id built-in only in one-dimensional thread groups, and Vulkan does not say which threads share a subgroup")
                        .help("declare `[numthreads(N, 1, 1)]` and compute the 2D or 3D thread id from `SV_GroupIndex`");
                    return;
                }
                _ => {
                    let u = self.lw.scalar_type(naga::Scalar::U32);
                    let arg_index = self.func.arguments.len() as u32;
                    let name = ["subgroup_size", "subgroup_invocation_id", "subgroup_id", "num_subgroups"][k];
                    self.func.arguments.push(naga::FunctionArgument { name: Some(name.into()), ty: u, binding: Some(naga::Binding::BuiltIn(builtin)) });
                    self.add(naga::Expression::FunctionArgument(arg_index), Span::UNDEFINED)
                }
            };
            let g = self.add(naga::Expression::GlobalVariable(var), Span::UNDEFINED);
            self.push(naga::Statement::Store { pointer: g, value }, Span::UNDEFINED);
        }
    }
}
