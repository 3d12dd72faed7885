//! Constant folding over typed-IR expressions.
//!
//! Folding serves two purposes: HLSL requires constant values in some places (array sizes,
//! template arguments, `case` labels, `[numthreads]`, `packoffset`), and literal arithmetic must
//! be exact (`0x80000000 >> 1`, `1.0 / 3.0`). Values are computed with the semantics they have
//! at run time on the expression's type: integers wrap at their width, shifts mask the amount
//! (`x << 33` is `x << 1` in HLSL), floats round to their precision after every operation.
//! Arithmetic on literals is folded on 64-bit types (`expr::literal_fold_type`), as DXC's
//! literal int and literal float are 64 bits wide.
//! Integer division by a constant zero is reported as an error, as DXC does.

use super::Analyzer;
use crate::tir::{Arg, BinaryOp, ConstValue, Expr, ExprKind, GlobalKind, Intrinsic, PlaceRoot, Projection, UnaryOp};
use crate::ty::{Scalar, ScalarKind, Shape, TypeId, TypeInner};

type FoldResult = Result<Option<ConstValue>, String>;

impl Analyzer<'_> {
    /// Folds `e`; `Ok(None)` when it is not constant, `Err` for an invalid constant operation.
    pub fn try_fold(&self, e: &Expr) -> FoldResult {
        let types = &self.module.types;
        Ok(Some(match &e.kind {
            ExprKind::Const(c) => c.clone(),
            ExprKind::Zero => match zero_of(self, e.ty) {
                Some(z) => z,
                None => return Ok(None),
            },
            ExprKind::Convert(inner) => {
                let Some(v) = self.try_fold(inner)? else { return Ok(None) };
                let Some(to) = types.scalar_of(e.ty) else { return Ok(None) };
                convert_const(&v, to)
            }
            ExprKind::Bitcast(_) => return Ok(None),
            ExprKind::Splat(inner) => {
                let Some(v) = self.try_fold(inner)? else { return Ok(None) };
                let n = types.shape(e.ty).map(Shape::count).unwrap_or(1);
                ConstValue::Composite(vec![v; n as usize])
            }
            ExprKind::Truncate(inner) => {
                let Some(v) = self.try_fold(inner)? else { return Ok(None) };
                let (Some(from), Some(to)) = (types.shape(inner.ty), types.shape(e.ty)) else { return Ok(None) };
                let comps = components(&v);
                match (from, to) {
                    (_, Shape::Scalar) => comps.into_iter().next().unwrap_or(ConstValue::Int(0)),
                    (Shape::Vector(_), Shape::Vector(m)) => ConstValue::Composite(comps.into_iter().take(m as usize).collect()),
                    (Shape::Matrix(_, c), Shape::Matrix(r2, c2)) => {
                        let mut out = Vec::new();
                        for r in 0..r2 as usize {
                            for k in 0..c2 as usize {
                                out.push(comps[r * c as usize + k].clone());
                            }
                        }
                        ConstValue::Composite(out)
                    }
                    _ => return Ok(None),
                }
            }
            ExprKind::Swizzle { expr, components: sw } => {
                let Some(v) = self.try_fold(expr)? else { return Ok(None) };
                let comps = components(&v);
                let picked: Vec<ConstValue> = sw.iter().map(|&i| comps.get(i as usize).cloned().unwrap_or(ConstValue::Int(0))).collect();
                if picked.len() == 1 { picked.into_iter().next().unwrap_or(ConstValue::Int(0)) } else { ConstValue::Composite(picked) }
            }
            ExprKind::MatrixElements { expr, elements } => {
                let Some(v) = self.try_fold(expr)? else { return Ok(None) };
                let Some(Shape::Matrix(_, c)) = types.shape(expr.ty) else { return Ok(None) };
                let comps = components(&v);
                let picked: Vec<ConstValue> = elements.iter().map(|&(r, k)| comps[r as usize * c as usize + k as usize].clone()).collect();
                if picked.len() == 1 { picked.into_iter().next().unwrap_or(ConstValue::Int(0)) } else { ConstValue::Composite(picked) }
            }
            ExprKind::Index { base, index } => {
                let (Some(b), Some(i)) = (self.try_fold(base)?, self.try_fold(index)?) else { return Ok(None) };
                let i = as_i64(&i);
                match (types.get(base.ty), b) {
                    (TypeInner::Matrix { cols, .. }, ConstValue::Composite(c)) => {
                        let start = i as usize * *cols as usize;
                        match c.get(start..start + *cols as usize) {
                            Some(row) => ConstValue::Composite(row.to_vec()),
                            None => return Ok(None),
                        }
                    }
                    (_, ConstValue::Composite(c)) => match c.get(i as usize) {
                        Some(x) => x.clone(),
                        None => return Ok(None),
                    },
                    _ => return Ok(None),
                }
            }
            ExprKind::Field { base, field } => match self.try_fold(base)? {
                Some(ConstValue::Composite(c)) => match c.get(*field as usize) {
                    Some(x) => x.clone(),
                    None => return Ok(None),
                },
                _ => return Ok(None),
            },
            ExprKind::Construct(parts) => {
                let mut out = Vec::new();
                let numeric = types.shape(e.ty).is_some();
                for p in parts {
                    let Some(v) = self.try_fold(p)? else { return Ok(None) };
                    if numeric {
                        out.extend(components(&v));
                    } else {
                        out.push(v);
                    }
                }
                // `int(5)`: a scalar "constructor" is a conversion and folds to the scalar.
                if matches!(types.shape(e.ty), Some(Shape::Scalar)) && out.len() == 1 {
                    out.pop().unwrap_or(ConstValue::Int(0))
                } else {
                    ConstValue::Composite(out)
                }
            }
            ExprKind::Unary { op, expr } => {
                let Some(v) = self.try_fold(expr)? else { return Ok(None) };
                let Some(s) = types.scalar_of(e.ty) else { return Ok(None) };
                map_leaves(&v, &|x| unary(*op, x, s))
            }
            ExprKind::Binary { op, operands } => {
                let [lhs, rhs] = &**operands;
                let a = self.try_fold(lhs)?;
                // The right operand is folded for its error too (reported at every level); a
                // constant has none, and its value is not needed beside a non-constant left
                // operand: not cloned for nothing.
                if a.is_none() && matches!(rhs.kind, ExprKind::Const(_)) {
                    return Ok(None);
                }
                let (Some(a), Some(b)) = (a, self.try_fold(rhs)?) else { return Ok(None) };
                let Some(s) = types.scalar_of(lhs.ty) else { return Ok(None) };
                zip_leaves(&a, &b, &|x, y| binary(*op, x, y, s))?
            }
            ExprKind::Select { cond, accept, reject, .. } => {
                let Some(c) = self.try_fold(cond)? else { return Ok(None) };
                let (Some(a), Some(b)) = (self.try_fold(accept)?, self.try_fold(reject)?) else { return Ok(None) };
                match c {
                    ConstValue::Bool(c) => if c { a } else { b },
                    ConstValue::Composite(cs) => {
                        let (ca, cb) = (components(&a), components(&b));
                        ConstValue::Composite(
                            cs.iter().enumerate().map(|(i, c)| if matches!(c, ConstValue::Bool(true)) { ca[i].clone() } else { cb[i].clone() }).collect(),
                        )
                    }
                    _ => return Ok(None),
                }
            }
            ExprKind::Load(place) => {
                // `static const` globals with constant initializers fold, so that they can size
                // arrays and appear in `case` labels.
                let PlaceRoot::Global(g) = place.root else { return Ok(None) };
                let GlobalKind::Static { init: Some(init), is_const: true } = &self.module.globals[g.0 as usize].kind else { return Ok(None) };
                let Some(mut v) = self.try_fold(init)? else { return Ok(None) };
                // The type of the value reached so far; `None` once inside a vector.
                let mut ty = Some(self.module.globals[g.0 as usize].ty);
                for proj in &place.projections {
                    match proj {
                        Projection::Field(f) => {
                            let Some(TypeInner::Struct(st)) = ty.map(|t| *types.get(t)) else { return Ok(None) };
                            v = match v {
                                ConstValue::Composite(c) => match c.get(*f as usize) {
                                    Some(x) => x.clone(),
                                    None => return Ok(None),
                                },
                                _ => return Ok(None),
                            };
                            ty = Some(self.module.structs[st.0 as usize].fields[*f as usize].ty);
                        }
                        &Projection::BitField { offset, width } => {
                            // The last projection: `place.ty` is the bit-field's type.
                            let bits = (as_i64(&v) as u64 >> offset) & super::bit_fields::mask(width as u32);
                            v = match types.scalar_of(place.ty).map(|s| s.kind) {
                                Some(ScalarKind::Int) => ConstValue::Int(((bits << (64 - width as u32)) as i64) >> (64 - width as u32)),
                                Some(ScalarKind::Bool) => ConstValue::Bool(bits != 0),
                                _ => ConstValue::Uint(bits),
                            };
                            ty = None;
                        }
                        Projection::Swizzle(sw) => {
                            let comps = components(&v);
                            let picked: Vec<ConstValue> = sw.iter().map(|&i| comps.get(i as usize).cloned().unwrap_or(ConstValue::Int(0))).collect();
                            v = if picked.len() == 1 { picked[0].clone() } else { ConstValue::Composite(picked) };
                            ty = None;
                        }
                        Projection::Index(idx) => {
                            let Some(i) = self.try_fold(idx)? else { return Ok(None) };
                            let i = as_i64(&i) as usize;
                            let (next, row_len) = match ty.map(|t| *types.get(t)) {
                                Some(TypeInner::Array { base, .. }) => (Some(base), None),
                                Some(TypeInner::Matrix { cols, .. }) => (None, Some(cols as usize)),
                                _ => (None, None),
                            };
                            v = match (v, row_len) {
                                (ConstValue::Composite(c), Some(n)) => match c.get(i * n..i * n + n) {
                                    Some(row) => ConstValue::Composite(row.to_vec()),
                                    None => return Ok(None),
                                },
                                (ConstValue::Composite(c), None) => match c.get(i) {
                                    Some(x) => x.clone(),
                                    None => return Ok(None),
                                },
                                _ => return Ok(None),
                            };
                            ty = next;
                        }
                        Projection::MatrixElements(_) => return Ok(None),
                    }
                }
                v
            }
            // `min`, `max`, `clamp` and `abs` of constants are constants (array sizes such as
            // `float4 a[max(2, 3)]`, as DXC folds them).
            ExprKind::Intrinsic { op: op @ (Intrinsic::Min | Intrinsic::Max | Intrinsic::Clamp | Intrinsic::Abs), args } => {
                let mut values = Vec::with_capacity(args.len());
                for a in args {
                    let Arg::Value(x) = a else { return Ok(None) };
                    let Some(v) = self.try_fold(x)? else { return Ok(None) };
                    // (Operands converted to the result's type already.)
                    if x.ty != e.ty {
                        return Ok(None);
                    }
                    values.push(v);
                }
                let pick = |a: &ConstValue, b: &ConstValue, want_max: bool| -> Result<ConstValue, String> {
                    let greater = match (a, b) {
                        (ConstValue::Int(x), ConstValue::Int(y)) => x > y,
                        (ConstValue::Uint(x), ConstValue::Uint(y)) => x > y,
                        // (NaN is left to the target's `min`/`max`.)
                        (ConstValue::Float(x), ConstValue::Float(y)) if !x.is_nan() && !y.is_nan() => x > y,
                        _ => return Err(String::new()),
                    };
                    Ok(if greater == want_max { a.clone() } else { b.clone() })
                };
                let folded = match (op, values.as_slice()) {
                    (Intrinsic::Min, [a, b]) => zip_leaves(a, b, &|x, y| pick(x, y, false)),
                    (Intrinsic::Max, [a, b]) => zip_leaves(a, b, &|x, y| pick(x, y, true)),
                    (Intrinsic::Clamp, [x, lo, hi]) => zip_leaves(x, lo, &|x, y| pick(x, y, true)).and_then(|v| zip_leaves(&v, hi, &|x, y| pick(x, y, false))),
                    (Intrinsic::Abs, [a]) => Ok(map_leaves(a, &|x| match x {
                        ConstValue::Int(v) => ConstValue::Int(v.wrapping_abs()),
                        ConstValue::Float(v) => ConstValue::Float(v.abs()),
                        other => other.clone(),
                    })),
                    _ => return Ok(None),
                };
                match folded {
                    Ok(v) => v,
                    Err(_) => return Ok(None),
                }
            }
            ExprKind::Sequence(parts) => match parts.last() {
                Some(last) if parts.len() == 1 => match self.try_fold(last)? {
                    Some(v) => v,
                    None => return Ok(None),
                },
                _ => return Ok(None),
            },
            _ => return Ok(None),
        }))
    }

    /// Evaluates an AST expression that must be an integer constant (array sizes, template
    /// arguments, attribute arguments). Reports when it is not.
    pub fn const_int(&mut self, e: &hlslc_grammar::ast::Expr) -> Option<i64> {
        let op = self.operand(e)?;
        let expr = self.materialize(op);
        match self.try_fold(&expr) {
            Ok(Some(v)) if matches!(v, ConstValue::Int(_) | ConstValue::Uint(_) | ConstValue::Bool(_)) => Some(as_i64(&v)),
            Ok(Some(ConstValue::Float(f))) if f.fract() == 0.0 => Some(f as i64),
            Err(msg) => {
                self.error("E0411", e.span, msg);
                None
            }
            _ => {
                self.error("E0422", e.span, "expected an integer constant expression");
                None
            }
        }
    }

    /// `_Static_assert(condition, "message")`: the condition must be a constant (clang's rule:
    /// converted to `bool`, checked where it is written, or in each instance of a template).
    pub fn static_assert(&mut self, sa: &hlslc_grammar::ast::StaticAssert) {
        let Some(op) = self.operand(&sa.cond) else { return };
        let expr = self.materialize(op);
        let holds = match self.try_fold(&expr) {
            Ok(Some(v)) if !matches!(v, ConstValue::Composite(_)) => !is_zero(&v),
            Err(msg) => {
                self.error("E0411", sa.cond.span, msg);
                return;
            }
            _ => {
                self.error("E0422", sa.cond.span, "the condition of `_Static_assert` is not a constant expression")
                    .help("use an expression of literals, `static const` values and template arguments");
                return;
            }
        };
        if !holds {
            let message = match &sa.message {
                Some(m) => format!("static assertion failed: {m}"),
                None => "static assertion failed".to_owned(),
            };
            self.error("E0425", sa.cond.span, message).help("the condition is false; correct it or the declarations it tests");
        }
    }

    /// A floating-point constant with a fractional part (`1.5`), quietly; `None` for anything
    /// else (whole numbers, integers, non-constants).
    pub fn const_fraction(&mut self, e: &hlslc_grammar::ast::Expr) -> Option<f64> {
        let n = self.diags.len();
        let r = self.operand(e).and_then(|op| {
            let expr = self.materialize(op);
            match self.try_fold(&expr) {
                Ok(Some(ConstValue::Float(f))) if f.fract() != 0.0 => Some(f),
                _ => None,
            }
        });
        self.diags.truncate(n);
        r
    }

    /// Like [`Self::const_int`] without reporting (attributes that may hold other things).
    pub fn const_int_quiet(&mut self, e: &hlslc_grammar::ast::Expr) -> Option<i64> {
        let n = self.diags.len();
        let r = self.const_int(e);
        self.diags.truncate(n);
        r
    }
}

/// True if the constant is zero (all leaves).
pub(crate) fn is_zero(c: &ConstValue) -> bool {
    match c {
        ConstValue::Bool(b) => !b,
        ConstValue::Int(v) => *v == 0,
        ConstValue::Uint(v) => *v == 0,
        ConstValue::Float(f) => *f == 0.0,
        ConstValue::Composite(c) => c.iter().all(is_zero),
    }
}

fn zero_of(a: &Analyzer<'_>, ty: TypeId) -> Option<ConstValue> {
    let t = &a.module.types;
    Some(match *t.get(ty) {
        TypeInner::Scalar(s) => zero_scalar(s),
        TypeInner::Vector { scalar, size } => ConstValue::Composite(vec![zero_scalar(scalar); size as usize]),
        TypeInner::Matrix { scalar, rows, cols } => ConstValue::Composite(vec![zero_scalar(scalar); rows as usize * cols as usize]),
        TypeInner::Array { base, size: Some(n) } => ConstValue::Composite(vec![zero_of(a, base)?; n as usize]),
        TypeInner::Struct(s) => ConstValue::Composite(
            a.module.structs[s.0 as usize].fields.iter().map(|f| zero_of(a, f.ty)).collect::<Option<Vec<_>>>()?,
        ),
        _ => return None,
    })
}

fn zero_scalar(s: Scalar) -> ConstValue {
    match s.kind {
        ScalarKind::Bool => ConstValue::Bool(false),
        ScalarKind::Int => ConstValue::Int(0),
        ScalarKind::Uint => ConstValue::Uint(0),
        ScalarKind::Float => ConstValue::Float(0.0),
    }
}

/// The scalar components of a numeric constant, in order.
pub(crate) fn components(v: &ConstValue) -> Vec<ConstValue> {
    match v {
        ConstValue::Composite(c) => c.iter().flat_map(components).collect(),
        other => vec![other.clone()],
    }
}

pub(crate) fn as_i64(v: &ConstValue) -> i64 {
    match v {
        ConstValue::Bool(b) => *b as i64,
        ConstValue::Int(i) => *i,
        ConstValue::Uint(u) => *u as i64,
        ConstValue::Float(f) => *f as i64,
        ConstValue::Composite(c) => c.first().map(as_i64).unwrap_or(0),
    }
}

pub(crate) fn as_f64(v: &ConstValue) -> f64 {
    match v {
        ConstValue::Bool(b) => *b as u8 as f64,
        ConstValue::Int(i) => *i as f64,
        ConstValue::Uint(u) => *u as f64,
        ConstValue::Float(f) => *f,
        ConstValue::Composite(c) => c.first().map(as_f64).unwrap_or(0.0),
    }
}

fn as_bool(v: &ConstValue) -> bool {
    match v {
        ConstValue::Bool(b) => *b,
        ConstValue::Int(i) => *i != 0,
        ConstValue::Uint(u) => *u != 0,
        ConstValue::Float(f) => *f != 0.0,
        ConstValue::Composite(c) => c.first().is_some_and(as_bool),
    }
}

/// A constant converted to scalar `to`, leaf by leaf (the fold of `ExprKind::Convert`).
pub(crate) fn convert_const(v: &ConstValue, to: Scalar) -> ConstValue {
    map_leaves(v, &|x| convert_scalar(x, to))
}

fn map_leaves(v: &ConstValue, f: &dyn Fn(&ConstValue) -> ConstValue) -> ConstValue {
    match v {
        ConstValue::Composite(c) => ConstValue::Composite(c.iter().map(|x| map_leaves(x, f)).collect()),
        x => f(x),
    }
}

fn zip_leaves(a: &ConstValue, b: &ConstValue, f: &dyn Fn(&ConstValue, &ConstValue) -> Result<ConstValue, String>) -> Result<ConstValue, String> {
    match (a, b) {
        (ConstValue::Composite(x), ConstValue::Composite(y)) => {
            Ok(ConstValue::Composite(x.iter().zip(y).map(|(p, q)| zip_leaves(p, q, f)).collect::<Result<_, _>>()?))
        }
        (ConstValue::Composite(x), y) => Ok(ConstValue::Composite(x.iter().map(|p| zip_leaves(p, y, f)).collect::<Result<_, _>>()?)),
        (x, ConstValue::Composite(y)) => Ok(ConstValue::Composite(y.iter().map(|q| zip_leaves(x, q, f)).collect::<Result<_, _>>()?)),
        (x, y) => f(x, y),
    }
}

/// Wraps an integer to the width and signedness of `s`.
pub(crate) fn wrap_int(v: i128, s: Scalar) -> ConstValue {
    let bits = s.width as u32 * 8;
    let mask: u128 = if bits >= 128 { u128::MAX } else { (1u128 << bits) - 1 };
    let u = (v as u128) & mask;
    match s.kind {
        ScalarKind::Uint => ConstValue::Uint(u as u64),
        _ => {
            let shift = 128 - bits;
            ConstValue::Int((((u << shift) as i128) >> shift) as i64)
        }
    }
}

/// Rounds a float to the precision of `s`.
pub(crate) fn round_float(f: f64, s: Scalar) -> f64 {
    match s.width {
        2 => f16_round(f),
        4 => f as f32 as f64,
        _ => f,
    }
}

/// Rounds a value to the nearest f16 value (ties to even) in one step, as a conversion from
/// `double` or from a literal's exact value does (no intermediate f32 rounding).
fn f16_round(x: f64) -> f64 {
    if !x.is_finite() {
        return x;
    }
    let a = x.abs();
    if a >= 65520.0 {
        return f64::INFINITY.copysign(x);
    }
    // Quantum at this magnitude: 2^(e-10) for normals, 2^-24 for subnormals; the exponent is
    // read from the bits (a logarithm can round up just below a power of two).
    let e = if a < 2f64.powi(-14) { -14 } else { ((a.to_bits() >> 52) & 0x7FF) as i32 - 1023 };
    let q = 2f64.powi(e - 10);
    ((a / q).round_ties_even() * q).copysign(x)
}

fn convert_scalar(v: &ConstValue, to: Scalar) -> ConstValue {
    match to.kind {
        ScalarKind::Bool => ConstValue::Bool(as_bool(v)),
        ScalarKind::Float => ConstValue::Float(round_float(as_f64(v), to)),
        ScalarKind::Int | ScalarKind::Uint => match v {
            ConstValue::Float(f) => {
                // Float → integer truncates toward zero; out of range saturates, NaN is 0.
                let t = f.trunc();
                let bits = to.width as u32 * 8;
                let (lo, hi) = if to.kind == ScalarKind::Uint {
                    (0f64, 2f64.powi(bits as i32) - 1.0)
                } else {
                    (-(2f64.powi(bits as i32 - 1)), 2f64.powi(bits as i32 - 1) - 1.0)
                };
                let c = if t.is_nan() { 0.0 } else { t.clamp(lo, hi) };
                wrap_int(c as i128, to)
            }
            ConstValue::Uint(u) => wrap_int(*u as i128, to),
            other => wrap_int(as_i64(other) as i128, to),
        },
    }
}

fn unary(op: UnaryOp, v: &ConstValue, s: Scalar) -> ConstValue {
    match (op, v) {
        (UnaryOp::Neg, ConstValue::Float(f)) => ConstValue::Float(-f),
        (UnaryOp::Neg, ConstValue::Uint(u)) => wrap_int(-(*u as i128), s),
        (UnaryOp::Neg, x) => wrap_int(-(as_i64(x) as i128), s),
        (UnaryOp::Not, x) => ConstValue::Bool(!as_bool(x)),
        (UnaryOp::BitNot, ConstValue::Uint(u)) => wrap_int(!(*u as i128), s),
        (UnaryOp::BitNot, x) => wrap_int(!(as_i64(x) as i128), s),
    }
}

fn binary(op: BinaryOp, a: &ConstValue, b: &ConstValue, s: Scalar) -> Result<ConstValue, String> {
    use BinaryOp::*;
    let cmp = |o: std::cmp::Ordering| -> ConstValue {
        ConstValue::Bool(match op {
            Eq => o.is_eq(),
            Ne => o.is_ne(),
            Lt => o.is_lt(),
            Le => o.is_le(),
            Gt => o.is_gt(),
            _ => o.is_ge(),
        })
    };
    Ok(match s.kind {
        ScalarKind::Float => {
            let (x, y) = (as_f64(a), as_f64(b));
            match op {
                Add => ConstValue::Float(round_float(x + y, s)),
                Sub => ConstValue::Float(round_float(x - y, s)),
                Mul => ConstValue::Float(round_float(x * y, s)),
                Div => ConstValue::Float(round_float(x / y, s)),
                // HLSL `%` on floats truncates (the sign follows the dividend).
                Rem => ConstValue::Float(round_float(x % y, s)),
                Eq | Ne | Lt | Le | Gt | Ge => {
                    if x.is_nan() || y.is_nan() {
                        ConstValue::Bool(op == Ne)
                    } else {
                        cmp(x.partial_cmp(&y).unwrap_or(std::cmp::Ordering::Equal))
                    }
                }
                LogicalAnd => ConstValue::Bool(x != 0.0 && y != 0.0),
                LogicalOr => ConstValue::Bool(x != 0.0 || y != 0.0),
                _ => return Err(format!("operator `{op:?}` is not defined on floats")),
            }
        }
        ScalarKind::Bool => {
            let (x, y) = (as_bool(a), as_bool(b));
            match op {
                LogicalAnd | BitAnd => ConstValue::Bool(x && y),
                LogicalOr | BitOr => ConstValue::Bool(x || y),
                BitXor | Ne => ConstValue::Bool(x != y),
                Eq => ConstValue::Bool(x == y),
                _ => cmp((x as u8).cmp(&(y as u8))),
            }
        }
        ScalarKind::Int | ScalarKind::Uint => {
            let unsigned = s.kind == ScalarKind::Uint;
            let (x, y): (i128, i128) = if unsigned {
                (as_u64(a) as i128, as_u64(b) as i128)
            } else {
                (as_i64(a) as i128, as_i64(b) as i128)
            };
            let bits = s.width as i128 * 8;
            match op {
                Add => wrap_int(x + y, s),
                Sub => wrap_int(x - y, s),
                Mul => wrap_int(x.wrapping_mul(y), s),
                Div | Rem => {
                    if y == 0 {
                        return Err("integer division by zero".to_string());
                    }
                    // Truncating division; `%` takes the sign of the dividend (C rules).
                    wrap_int(if op == Div { x / y } else { x % y }, s)
                }
                Shl => wrap_int(x << (y & (bits - 1)), s),
                Shr => {
                    let amount = (y & (bits - 1)) as u32;
                    wrap_int(x >> amount, s)
                }
                BitAnd => wrap_int(x & y, s),
                BitOr => wrap_int(x | y, s),
                BitXor => wrap_int(x ^ y, s),
                LogicalAnd => ConstValue::Bool(x != 0 && y != 0),
                LogicalOr => ConstValue::Bool(x != 0 || y != 0),
                Eq | Ne | Lt | Le | Gt | Ge => cmp(x.cmp(&y)),
            }
        }
    })
}

fn as_u64(v: &ConstValue) -> u64 {
    match v {
        ConstValue::Uint(u) => *u,
        other => as_i64(other) as u64,
    }
}
