//! Language versions (`-HV`) and backwards-compatibility mode (`-Gec`): the rules that
//! depend on them, gathered so the differences between DXC's modes are in one place.
//!
//! - HLSL 2021 (the default) adds templates, operator overloading, `typename`, bit-fields,
//!   scalar-only short-circuiting `&&`, `||` and `?:` (vectors use `and`, `or`, `select`), and
//!   scopes a `for` loop's variables to the loop. Earlier versions reject the new syntax
//!   (`using` only warns, as in DXC), evaluate `&&`/`||`/`?:` component-wise on vectors, and
//!   leak `for` variables into the enclosing scope (see `stmt.rs`).
//! - HLSL 2018 adds the fixed-width type names (`int32_t`, `float16_t` …); 2017 adds `enum`.
//! - HLSL 2016 is FXC's language: `pow` with a small constant integer exponent multiplies
//!   (FXC's expansion; [`Analyzer::pow`]), `round` folds half away from zero, a constant
//!   out-of-bounds index is a warning where the code is never executed and `[unroll]` that
//!   cannot be honoured is a warning (both checked when the entry points are known,
//!   [`Analyzer::check_reachable_compat`]), and `.Length` on arrays works (deprecated).
//! - `-Gec` (which needs HLSL 2016) accepts Direct3D 9 semantics (`COLOR`, `POSITION`,
//!   `DEPTH`, `VPOS`, `VFACE` on entry points, mapped to their `SV_` equivalents) and writes
//!   to uniform globals and `cbuffer` members, which become private copies initialised
//!   from their constant buffer ([`Analyzer::make_written_globals_private`]).

use super::Analyzer;
use crate::tir::{self, ExprKind, GlobalKind, Place, PlaceRoot, Projection};
use hlslc_grammar::Span;
use std::collections::{HashMap, HashSet};

impl Analyzer<'_> {
    /// Reports `what` (e.g. "templates") unless the language version is at least `min`;
    /// returns whether it is.
    pub(crate) fn require_version(&mut self, min: u32, span: Span, what: &str) -> bool {
        if self.options.hlsl_version >= min {
            return true;
        }
        let current = self.options.hlsl_version;
        self.error("E0308", span, format!("{what} need HLSL {min} or later, this is HLSL {current}"))
            .help(if min == 2021 { "compile with `-HV 2021` (the default)".to_string() } else { format!("compile with `-HV {min}` or later") });
        false
    }

    /// DXC's warning for `using` before HLSL 2021 (accepted as an extension).
    pub(crate) fn new_feature_warning(&mut self, span: Span, what: &str) {
        if self.options.hlsl_version < 2021 {
            self.warning("W0309", "hlsl-new-feature", span, format!("{what} is an HLSL 2021 feature, accepted in HLSL {} as an extension", self.options.hlsl_version))
                .help("compile with `-HV 2021`");
        }
    }

    /// `-Gec`: DXC's Direct3D 9 semantic for a stage input or output, or `None` if `name`
    /// is not one (case-insensitive, without index).
    pub(crate) fn dx9_semantic(&self, name: &str, output: bool, stage: tir::Stage) -> Option<&'static str> {
        let upper = name.to_ascii_uppercase();
        Some(match (upper.as_str(), stage, output) {
            ("COLOR", tir::Stage::Pixel, true) => "SV_Target",
            ("DEPTH", tir::Stage::Pixel, true) => "SV_Depth",
            ("POSITION", tir::Stage::Vertex, true) => "SV_Position",
            ("POSITION" | "VPOS", tir::Stage::Pixel, false) => "SV_Position",
            ("VFACE", tir::Stage::Pixel, false) => "SV_IsFrontFace",
            _ => return None,
        })
    }

    /// `pow(x, y)` with a constant exponent that is an exact integer, as DXC lowers it: in HLSL
    /// 2016 FXC's multiply-only expansion when it needs few multiplications (so `pow(-2, 3)`
    /// is -8 and `pow(0, 3)` 0, where log-mul-exp gives NaN for negative `x`), in every version
    /// `pow(x, 2)` = `x * x`. `None` leaves the call to `pow` (log-mul-exp on every target).
    pub(crate) fn pow_expansion(&mut self, ty: crate::ty::TypeId, x: &tir::Expr, y: &tir::Expr, span: Span) -> Option<tir::Expr> {
        let p = splat_integer(y)?;
        let components = self.module.types.shape(ty)?.count();
        let fxc = self.options.hlsl_version <= 2016;
        if !(fxc && fxc_mul_only(p, components, is_composite(y))) && p != 2 {
            return None;
        }
        if p == 0 {
            let one = splat_const(self, ty, 1.0, span);
            return Some(one);
        }
        // FXC's order: square `x` up to each set bit, multiply the powers together. Each
        // square and partial product is a temporary, so the expression stays linear in size.
        self.func.as_ref()?;
        let mul = |a: tir::Expr, b: tir::Expr| tir::Expr::new(ExprKind::binary(tir::BinaryOp::Mul, a, b), ty, span);
        let temp = |a: &mut Self| {
            let local = a.temp_local(ty, span);
            Place { root: PlaceRoot::Local(local), projections: vec![].into(), ty, span }
        };
        let load = |p: &Place| tir::Expr::new(ExprKind::Load(Box::new(p.clone())), ty, span);
        let assign = |p: &Place, v: tir::Expr| tir::Expr::new(ExprKind::Assign { place: Box::new(p.clone()), value: Box::new(v), returns_old: false }, ty, span);
        let power = temp(self);
        let result = temp(self);
        let mut steps = vec![assign(&power, x.clone())];
        let mut have_result = false;
        let mut last = 0;
        let bits = p.unsigned_abs();
        for i in 0..32 {
            if (bits >> i) & 1 == 0 {
                continue;
            }
            for _ in last..i {
                steps.push(assign(&power, mul(load(&power), load(&power))));
            }
            last = i;
            steps.push(if have_result { assign(&result, mul(load(&result), load(&power))) } else { assign(&result, load(&power)) });
            have_result = true;
        }
        let mut value = load(&result);
        if p < 0 {
            let one = splat_const(self, ty, 1.0, span);
            value = tir::Expr::new(ExprKind::binary(tir::BinaryOp::Div, one, value), ty, span);
        }
        steps.push(value);
        Some(tir::Expr::new(ExprKind::Sequence(steps), ty, span))
    }

    /// HLSL 2016 folds `round` of a constant half away from zero (DXC keeps FXC's constant
    /// folding there; at run time, and in later versions, `round` is half to even).
    pub(crate) fn fold_round_2016(&self, arg: &tir::Expr) -> Option<tir::Expr> {
        if self.options.hlsl_version > 2016 {
            return None;
        }
        let ExprKind::Const(c) = &arg.kind else { return None };
        fn round(c: &tir::ConstValue) -> Option<tir::ConstValue> {
            Some(match c {
                tir::ConstValue::Float(f) => tir::ConstValue::Float(f.round()),
                tir::ConstValue::Composite(parts) => tir::ConstValue::Composite(parts.iter().map(round).collect::<Option<_>>()?),
                _ => return None,
            })
        }
        Some(tir::Expr::new(ExprKind::Const(round(c)?), arg.ty, arg.span))
    }

    /// `-Gec`: rewrites the Direct3D 9 semantics of entry point `f`'s inputs and outputs
    /// (and of the struct fields they contain) to their `SV_` equivalents.
    pub(crate) fn remap_dx9_semantics(&mut self, f: tir::FuncId, stage: tir::Stage) {
        let mut func = std::mem::take(&mut self.module.functions[f.0 as usize].params);
        for p in &mut func {
            let (input, output) = match p.dir {
                tir::ParamDir::In => (true, false),
                tir::ParamDir::Out => (false, true),
                tir::ParamDir::InOut => (true, true),
            };
            for output_side in [false, true] {
                if (output_side && output) || (!output_side && input) {
                    self.remap_semantic(p.ty, p.semantic.as_mut(), output_side, stage, 0);
                }
            }
        }
        self.module.functions[f.0 as usize].params = func;
        let ret = self.module.functions[f.0 as usize].ret;
        let mut sem = self.module.functions[f.0 as usize].ret_semantic.take();
        self.remap_semantic(ret, sem.as_mut(), true, stage, 0);
        self.module.functions[f.0 as usize].ret_semantic = sem;
    }

    fn remap_semantic(&mut self, ty: crate::ty::TypeId, semantic: Option<&mut tir::Semantic>, output: bool, stage: tir::Stage, depth: u32) {
        if let Some(s) = semantic {
            if let Some(sv) = self.dx9_semantic(&s.name, output, stage) {
                s.name = sv.to_string();
            }
            return;
        }
        if depth > 16 {
            return;
        }
        if let crate::ty::TypeInner::Struct(st) = *self.module.types.get(ty) {
            let mut fields = std::mem::take(&mut self.module.structs[st.0 as usize].fields);
            for field in &mut fields {
                self.remap_semantic(field.ty, field.semantic.as_mut(), output, stage, depth + 1);
            }
            self.module.structs[st.0 as usize].fields = fields;
        }
    }

    /// `-Gec`: globals and `cbuffer` members that the program writes become private copies,
    /// initialised from their constant-buffer value at the start of each entry point (FXC's
    /// behaviour: a uniform's value is the starting point, writes stay in the invocation).
    /// Collects every written member of a buffer first, then rewrites every place that
    /// names one.
    pub(crate) fn make_written_globals_private(&mut self) {
        let mut buffers: Vec<tir::GlobalId> = self.globals_cbuffer.into_iter().chain(self.cbuffer_blocks.iter().copied()).collect();
        buffers.sort_unstable();
        for buffer in buffers {
            self.make_written_members_private(buffer);
        }
    }

    /// The members of constant buffer `buffer` (`$Globals` or a `cbuffer` block) that code
    /// writes become private copies (see [`Self::make_written_globals_private`]).
    fn make_written_members_private(&mut self, buffer: tir::GlobalId) {
        let mut written: HashSet<u32> = HashSet::new();
        for f in &self.module.functions {
            tir::visit::walk_function(f, &mut |e| {
                if let ExprKind::Assign { place, .. } = &e.kind {
                    if let Some(field) = globals_field(place, buffer) {
                        written.insert(field);
                    }
                }
                if let ExprKind::Call { args, .. } | ExprKind::Intrinsic { args, .. } = &e.kind {
                    for a in args {
                        if let tir::Arg::Out(p) | tir::Arg::InOut(p) = a {
                            if let Some(field) = globals_field(p, buffer) {
                                written.insert(field);
                            }
                        }
                    }
                }
            });
        }
        if written.is_empty() {
            return;
        }
        let st = self.cbuffer_struct(buffer);
        let mut copies: HashMap<u32, tir::GlobalId> = HashMap::new();
        let mut fields: Vec<u32> = written.into_iter().collect();
        fields.sort_unstable();
        for field in fields {
            let f = self.module.structs[st.0 as usize].fields[field as usize].clone();
            let source = Place { root: PlaceRoot::Global(buffer), projections: vec![Projection::Field(field)].into(), ty: f.ty, span: f.span };
            let init = tir::Expr::new(ExprKind::Load(Box::new(source)), f.ty, f.span);
            self.module.globals.push(tir::Global {
                name: f.name.clone(),
                ty: f.ty,
                kind: GlobalKind::Static { init: Some(init), is_const: false },
                span: f.span,
                precise: f.precise,
                globally_coherent: false,
            });
            copies.insert(field, tir::GlobalId(self.module.globals.len() as u32 - 1));
        }
        for func in &mut self.module.functions {
            redirect_stmts(&mut func.body, buffer, &copies);
        }
    }
}

/// The exponent of `pow` when it is a constant exact integer, the same in every component.
fn splat_integer(y: &tir::Expr) -> Option<i64> {
    fn value(c: &tir::ConstValue) -> Option<f64> {
        match c {
            tir::ConstValue::Float(f) => Some(*f),
            tir::ConstValue::Int(i) => Some(*i as f64),
            tir::ConstValue::Uint(u) => Some(*u as f64),
            tir::ConstValue::Composite(parts) => {
                let first = value(parts.first()?)?;
                parts.iter().all(|p| value(p) == Some(first)).then_some(first)
            }
            tir::ConstValue::Bool(_) => None,
        }
    }
    let ExprKind::Const(c) = &y.kind else { return None };
    let v = value(c)?;
    (v.fract() == 0.0 && v.abs() < (1u64 << 31) as f64).then_some(v as i64)
}

fn is_composite(y: &tir::Expr) -> bool {
    matches!(&y.kind, ExprKind::Const(tir::ConstValue::Composite(_)))
}

/// FXC's (and DXC's `-HV 2016`) rule for the multiply-only `pow`: the multiplications the
/// expansion needs (squarings up to the highest set bit, plus one per further set bit) stay
/// within a budget that grows with the number of components.
fn fxc_mul_only(p: i64, components: u32, vector_exponent: bool) -> bool {
    let bits = p.unsigned_abs() as u32;
    let elements = if vector_exponent { components as i64 } else { 1 };
    let set = bits.count_ones() as i64;
    let highest = if bits == 0 { -1 } else { 31 - bits.leading_zeros() as i64 };
    let needed = highest + set - 1;
    let threshold = if p < 0 { elements + 1 } else { 2 * elements + 1 };
    needed <= threshold
}

/// A float constant of type `ty` (scalar or splatted).
fn splat_const(a: &mut Analyzer<'_>, ty: crate::ty::TypeId, v: f64, span: Span) -> tir::Expr {
    let scalar = a.module.types.scalar_of(ty).unwrap_or(crate::ty::Scalar::F32);
    let sty = a.module.types.scalar(scalar);
    let one = tir::Expr::new(ExprKind::Const(tir::ConstValue::Float(v)), sty, span);
    if sty == ty {
        one
    } else {
        a.fold(tir::Expr::new(ExprKind::Splat(Box::new(one)), ty, span))
    }
}

/// The `$Globals` field a place names (directly or through projections).
fn globals_field(p: &Place, buffer: tir::GlobalId) -> Option<u32> {
    match (&p.root, p.projections.first()) {
        (PlaceRoot::Global(g), Some(Projection::Field(f))) if *g == buffer => Some(*f),
        _ => None,
    }
}

fn redirect_place(p: &mut Place, buffer: tir::GlobalId, copies: &HashMap<u32, tir::GlobalId>) {
    if let Some(field) = globals_field(p, buffer) {
        if let Some(&g) = copies.get(&field) {
            p.root = PlaceRoot::Global(g);
            p.projections.remove(0);
        }
    }
}

fn redirect_stmts(stmts: &mut [tir::Stmt], buffer: tir::GlobalId, copies: &HashMap<u32, tir::GlobalId>) {
    for s in stmts {
        tir::visit::walk_places_mut(s, &mut |p| redirect_place(p, buffer, copies));
    }
}

