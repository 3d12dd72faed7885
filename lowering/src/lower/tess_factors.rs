//! The hull-shader helpers `Process{Tri,Quad,2DQuad}TessFactors{Avg,Max,Min}` and
//! `ProcessIsolineTessFactors`, expanded to arithmetic as DXC lowers them
//! (`TranslateProcessTessFactors` in its `HLOperationLower.cpp`), for the hull entry point's
//! partitioning `P`:
//!
//! - `clampP(x)` = `min(max(x, lo), hi)` with `[lo, hi]` = `[1, 64]` (integer), `[2, 64]`
//!   (fractional_even), `[1, 63]` (fractional_odd); `roundP(x)` = `ceil(x)` for integer
//!   partitioning, `x` for the fractional ones;
//! - rounded edges = `roundP(clampP(raw))`;
//! - the inside factor starts from the edges clamped to at least 1, combined: a triangle's
//!   three and a quad's four by their average, maximum or minimum, a 2D quad's edges 0 and 1
//!   into its first axis and 2 and 3 into its second; times the inside scale clamped to
//!   `[0, 1]`; unrounded = `clampP` of that, rounded = `roundP(unrounded)`;
//! - fractional_odd only: where the rounded inside factor is below 3, both become the
//!   (average, or maximum for the `Max` forms) combined edges clamped and capped at 3; for a
//!   2D quad, then, an axis whose unrounded factor is below 3 takes the larger of the two
//!   axes, capped at 3;
//! - a quad's one inside factor is written to both components of its `float2` outputs;
//! - isolines: rounded detail = `roundP(clampP(raw detail))`, rounded density =
//!   `roundP(clampP(raw density))`. (DXC computes the density from the raw *detail* factor,
//!   which is a slip in its lowering; hlslc rounds the density factor it is given.)

use super::function::FnBuilder;
use crate::tir::{Arg, Partitioning, TessFactorCombine as Combine, TessFactorPatch as Patch, TessFactors};
use hlslc_grammar::Span;
use naga::{BinaryOperator as B, Expression as E, Handle, MathFunction as MF};

type H = Handle<naga::Expression>;

impl FnBuilder<'_, '_> {
    pub(crate) fn process_tess_factors(&mut self, t: TessFactors, args: &[Arg], s: Span) -> H {
        let value = |i: usize| match args.get(i) {
            Some(Arg::Value(e)) => Some(e),
            _ => None,
        };
        let out = |i: usize| match args.get(i) {
            Some(Arg::Out(p)) => Some(p),
            _ => None,
        };
        let (Some(raw), Some(scale)) = (value(0), value(1)) else { return self.dummy(s) };
        let p = t.partitioning;
        let raw_v = self.expr(raw);
        let scale_v = self.expr(scale);
        if t.patch == Patch::Isoline {
            let detail = self.tess_round(p, raw_v, s);
            let density = self.tess_round(p, scale_v, s);
            for (i, v) in [(2, detail), (3, density)] {
                if let Some(place) = out(i) {
                    let pr = self.place(place);
                    self.store(&pr, v, s);
                }
            }
            return self.dummy(s);
        }
        let edges: u32 = match t.patch {
            Patch::Tri => 3,
            _ => 4,
        };
        let axes: usize = if t.patch == Patch::Quad2D { 2 } else { 1 };
        let raw_c: Vec<H> = (0..edges).map(|i| self.add(E::AccessIndex { base: raw_v, index: i }, s)).collect();
        let scale_c: Vec<H> = (0..axes).map(|i| if axes == 1 { scale_v } else { self.add(E::AccessIndex { base: scale_v, index: i as u32 }, s) }).collect();
        // Rounded edges.
        let rounded: Vec<H> = raw_c.iter().map(|&x| self.tess_round(p, x, s)).collect();
        let rounded = self.compose_f32(&rounded, s);
        if let Some(place) = out(2) {
            let pr = self.place(place);
            self.store(&pr, rounded, s);
        }
        // Inside factors.
        let (zero, one, three) = (self.f32_literal(0.0, s), self.f32_literal(1.0, s), self.f32_literal(3.0, s));
        let clean: Vec<H> = raw_c.iter().map(|&x| self.math2(MF::Max, x, one, s)).collect();
        let factors = self.combine_edges(t.patch, t.combine, &clean, s);
        let mut unrounded = Vec::with_capacity(axes);
        let mut final_ = Vec::with_capacity(axes);
        for (i, &f) in factors.iter().enumerate() {
            let sc = self.math2(MF::Max, scale_c[i], zero, s);
            let sc = self.math2(MF::Min, sc, one, s);
            let scaled = self.add(E::Binary { op: B::Multiply, left: f, right: sc }, s);
            let clamped = self.tess_clamp(p, scaled, s);
            unrounded.push(clamped);
            final_.push(self.tess_round_clamped(p, clamped, s));
        }
        if p == Partitioning::FractionalOdd {
            let avg = if t.combine == Combine::Max { Combine::Max } else { Combine::Avg };
            let averages = self.combine_edges(t.patch, avg, &clean, s);
            for i in 0..axes {
                let clamped_avg = self.tess_clamp(p, averages[i], s);
                let clamped_avg = self.math2(MF::Min, clamped_avg, three, s);
                let small = self.add(E::Binary { op: B::Less, left: final_[i], right: three }, s);
                unrounded[i] = self.add(E::Select { condition: small, accept: clamped_avg, reject: unrounded[i] }, s);
                final_[i] = self.add(E::Select { condition: small, accept: clamped_avg, reject: final_[i] }, s);
            }
            if t.patch == Patch::Quad2D {
                let max_unrounded = self.math2(MF::Max, unrounded[0], unrounded[1], s);
                let max_unrounded = self.math2(MF::Min, max_unrounded, three, s);
                let max_final = self.math2(MF::Max, final_[0], final_[1], s);
                let max_final = self.math2(MF::Min, max_final, three, s);
                for i in 0..2 {
                    let small = self.add(E::Binary { op: B::Less, left: unrounded[i], right: three }, s);
                    unrounded[i] = self.add(E::Select { condition: small, accept: max_unrounded, reject: unrounded[i] }, s);
                    final_[i] = self.add(E::Select { condition: small, accept: max_final, reject: final_[i] }, s);
                }
            }
        }
        // A quad's one factor goes to both components of its `float2` outputs.
        if t.patch == Patch::Quad {
            unrounded.push(unrounded[0]);
            final_.push(final_[0]);
        }
        let unrounded = self.compose_f32(&unrounded, s);
        let final_ = self.compose_f32(&final_, s);
        for (i, v) in [(4, unrounded), (3, final_)] {
            if let Some(place) = out(i) {
                let pr = self.place(place);
                self.store(&pr, v, s);
            }
        }
        self.dummy(s)
    }

    /// The edge factors combined into one inside factor per axis.
    fn combine_edges(&mut self, patch: Patch, combine: Combine, e: &[H], s: Span) -> Vec<H> {
        let pair = |b: &mut Self, x: H, y: H| match combine {
            Combine::Max => b.math2(MF::Max, x, y, s),
            Combine::Min => b.math2(MF::Min, x, y, s),
            Combine::Avg => b.add(E::Binary { op: B::Add, left: x, right: y }, s),
        };
        let scaled = |b: &mut Self, x: H, k: f32| match combine {
            Combine::Avg => {
                let k = b.f32_literal(k, s);
                b.add(E::Binary { op: B::Multiply, left: x, right: k }, s)
            }
            _ => x,
        };
        match patch {
            Patch::Quad2D => {
                let a = pair(self, e[0], e[1]);
                let b = pair(self, e[2], e[3]);
                vec![scaled(self, a, 0.5), scaled(self, b, 0.5)]
            }
            Patch::Quad => {
                let a = pair(self, e[0], e[1]);
                let b = pair(self, e[2], e[3]);
                let ab = pair(self, a, b);
                vec![scaled(self, ab, 0.25)]
            }
            _ => {
                let a = pair(self, e[0], e[1]);
                let abc = pair(self, a, e[2]);
                vec![scaled(self, abc, (1.0f64 / 3.0) as f32)]
            }
        }
    }

    /// `clampP(x)`.
    fn tess_clamp(&mut self, p: Partitioning, x: H, s: Span) -> H {
        let (lo, hi) = match p {
            Partitioning::Integer => (1.0, 64.0),
            Partitioning::FractionalEven => (2.0, 64.0),
            Partitioning::FractionalOdd => (1.0, 63.0),
        };
        let lo = self.f32_literal(lo, s);
        let hi = self.f32_literal(hi, s);
        let x = self.math2(MF::Max, x, lo, s);
        self.math2(MF::Min, x, hi, s)
    }

    /// `roundP(x)` of an already clamped `x`.
    fn tess_round_clamped(&mut self, p: Partitioning, x: H, s: Span) -> H {
        match p {
            Partitioning::Integer => self.add(E::Math { fun: MF::Ceil, arg: x, arg1: None, arg2: None, arg3: None }, s),
            Partitioning::FractionalEven | Partitioning::FractionalOdd => x,
        }
    }

    /// `roundP(clampP(x))`.
    fn tess_round(&mut self, p: Partitioning, x: H, s: Span) -> H {
        let c = self.tess_clamp(p, x, s);
        self.tess_round_clamped(p, c, s)
    }

    fn math2(&mut self, fun: MF, a: H, b: H, s: Span) -> H {
        self.add(E::Math { fun, arg: a, arg1: Some(b), arg2: None, arg3: None }, s)
    }

    fn f32_literal(&mut self, v: f32, s: Span) -> H {
        self.add(E::Literal(naga::Literal::F32(v)), s)
    }

    /// One `f32`, or a vector of them.
    fn compose_f32(&mut self, c: &[H], s: Span) -> H {
        if c.len() == 1 {
            return c[0];
        }
        let ty = self.lw.vector_type(naga::Scalar::F32, c.len() as u8);
        self.add(E::Compose { ty, components: c.to_vec() }, s)
    }
}
