//! Checks that depend on which code runs: DXC makes them after inlining and optimisation (or
//! in its DXIL validator), so they apply only to code reachable from an entry point.
//!
//! - An integer division by a constant zero is an error in live code (DXIL's
//!   `Instr.NoIDivByZero`/`NoUDivByZero`) and clang's `division-by-zero` warning elsewhere.
//! - In HLSL 2016 a constant out-of-bounds array index is a warning where the code never runs
//!   (a function no entry point calls, a branch of a constant condition) and an error where
//!   it does; in later versions it is an error wherever a constant condition or a `return`
//!   does not make the code unreachable (reported directly by `expr.rs`; DXC's
//!   DiagRuntimeBehavior drops it in code clang's CFG cannot reach).
//! - `[unroll]` without a count needs a trip count known at compile time and at most 1024
//!   iterations (DXC's unroller gives up otherwise): an error, or in HLSL 2016 the warning
//!   `could not unroll the loop`. A trip count is *unknown* when the condition depends on a
//!   value only known at run time: a stage input, a constant-buffer member, a resource or
//!   groupshared read, a wave or derivative operation, or a variable or parameter assigned
//!   from one (followed through calls), or a variable an enclosing `[loop]` changes (that
//!   loop is not unrolled, so the variable differs per iteration: DXC's `nested_unroll_fail`).
//!   Anything DXC's optimiser might still fold is given the benefit of the doubt. In a
//!   library (`lib_*`) DXC's unroller runs over every function before unused ones are
//!   dropped, so the roots are the entry points and every function no other one calls.
//!
//! Sema records *deferred* diagnostics while analysing bodies (a warning, with what it becomes
//! in live code); [`Analyzer::check_live_code`] runs once the entry points are known.

use super::Analyzer;
use crate::tir::{self, ExprKind, FuncId, GlobalKind, Intrinsic as I, LocalId, Place, PlaceRoot, Projection, StmtKind, Unroll};
use hlslc_grammar::Span;
use std::collections::{HashMap, HashSet};

/// A warning that becomes an error if its code runs.
#[derive(Clone, Debug)]
pub(crate) struct Deferred {
    /// The function it is in (`None`: a global initializer, which always runs).
    pub func: Option<FuncId>,
    /// Inside a branch that a constant condition skips.
    pub dead: bool,
    /// Index of the warning in `Analyzer::diags`.
    pub diag: usize,
    pub error_code: &'static str,
    pub error_message: String,
    /// An availability warning (`hlsl-availability`, an error by default) or a
    /// [`Analyzer::reachable_error`]: kept where an entry point or an exported function reaches
    /// its function, dropped elsewhere, as DXC diagnoses only reachable calls.
    pub reachable_only: bool,
}

/// The most iterations DXC's unroller attempts.
const MAX_UNROLL: u64 = 1024;

impl Analyzer<'_> {
    /// Reports `message` as warning `code`/`name` now, to become error `error_code` with
    /// `error_message` if the code is live.
    pub(crate) fn deferred_warning(
        &mut self,
        (code, name): (&'static str, &'static str),
        span: Span,
        message: String,
        error_code: &'static str,
        error_message: String,
    ) -> &mut hlslc_grammar::Diagnostic {
        let func = self.func.as_ref().map(|f| f.id);
        let dead = self.func.as_ref().is_some_and(|f| f.dead_depth > 0);
        let diag = self.diags.len();
        self.deferred.push(Deferred { func, dead, diag, error_code, error_message, reachable_only: false });
        self.warning(code, name, span, message)
    }

    /// An `hlsl-availability` warning (W0520; an error, E0520, unless
    /// `-Wno-error=hlsl-availability`), reported only if the function it is in is reached
    /// from an entry point or an exported function.
    pub(crate) fn availability_warning(&mut self, span: Span, message: String) -> &mut hlslc_grammar::Diagnostic {
        let func = self.func.as_ref().map(|f| f.id);
        let diag = self.diags.len();
        self.deferred.push(Deferred { func, dead: false, diag, error_code: "E0520", error_message: String::new(), reachable_only: true });
        self.warning("W0520", "hlsl-availability", span, message)
    }

    /// Error `code` that DXC's SPIR-V back end reports only in the code it emits: kept where an
    /// entry point or an exported function reaches the function it is in, dropped elsewhere
    /// (a pixel-only intrinsic in a helper that a vertex entry point of the same file never
    /// calls).
    pub(crate) fn reachable_error(&mut self, code: &'static str, span: Span, message: impl Into<String>) -> &mut hlslc_grammar::Diagnostic {
        let func = self.func.as_ref().map(|f| f.id);
        let diag = self.diags.len();
        self.deferred.push(Deferred { func, dead: false, diag, error_code: code, error_message: String::new(), reachable_only: true });
        self.error(code, span, message)
    }

    /// Runs the live-code checks for these entry points.
    pub(crate) fn check_live_code(&mut self, entries: &[FuncId]) {
        let reachable = self.reachable(entries);
        let deferred = std::mem::take(&mut self.deferred);
        let mut dropped = Vec::new();
        if deferred.iter().any(|d| d.reachable_only) {
            let roots: Vec<FuncId> = entries.iter().chain(&self.exported).copied().collect();
            let reached = self.reachable(&roots);
            // (A diagnostic several specialisations share stays if any of them is reached.)
            let kept: HashSet<usize> = deferred.iter().filter(|d| d.reachable_only && d.func.is_none_or(|f| reached.contains(&f))).map(|d| d.diag).collect();
            for d in deferred.iter().filter(|d| d.reachable_only) {
                if d.func.is_some_and(|f| !reached.contains(&f)) && !kept.contains(&d.diag) {
                    dropped.push(d.diag);
                }
            }
        }
        for d in deferred.into_iter().filter(|d| !d.reachable_only) {
            let live = d.func.is_none_or(|f| reachable.contains(&f)) && !d.dead;
            if let (true, Some(diag)) = (live, self.diags.get_mut(d.diag)) {
                diag.severity = hlslc_grammar::Severity::Error;
                diag.code = d.error_code;
                diag.warning_name = None;
                diag.message = d.error_message;
            }
        }
        self.check_unroll(entries, &reachable);
        self.check_cbuffer_local_indices(&reachable);
        dropped.sort_unstable();
        dropped.dedup();
        for i in dropped.into_iter().rev() {
            if i < self.diags.len() {
                self.diags.remove(i);
            }
        }
    }

    /// Constant-buffer members indexed by a local that holds one constant (initialised with
    /// it and never written again) out of the member's range, in code that runs: E0418, as
    /// DXC reports it when it lowers the load.
    fn check_cbuffer_local_indices(&mut self, reachable: &HashSet<FuncId>) {
        let mut found = Vec::new();
        for (f, local, len, span, buffer) in std::mem::take(&mut self.cbuffer_local_indices) {
            let Some(func) = self.module.functions.get(f.0 as usize).filter(|_| reachable.contains(&f)) else { continue };
            let Some(value) = single_constant_init(self, func, local) else { continue };
            // A branch the same constants rule out never loads it (`if (index < 4)`).
            let mut dead = Vec::new();
            dead_branches(self, func, &func.body, &mut dead);
            if dead.iter().any(|&(start, end)| start <= span.start && span.end <= end) {
                continue;
            }
            if value < 0 || value >= len as i64 {
                let name = func.locals.get(local.0 as usize).map(|l| l.name.to_string()).unwrap_or_default();
                found.push((span, value, len, name, buffer));
            }
        }
        found.sort_by_key(|f| f.0);
        found.dedup_by_key(|f| f.0);
        for (span, value, len, name, buffer) in found {
            self.error("E0418", span, format!("index {value} is out of bounds of a member of constant buffer `{buffer}`"))
                .note(format!("`{name}` is {value} here, and the valid range is 0 to {}", len - 1));
        }
    }

    /// The entry points and every function with a body that no function calls (a library's
    /// roots), in id order.
    fn uncalled_functions(&self, entries: &[FuncId]) -> Vec<FuncId> {
        let mut called = HashSet::new();
        for func in &self.module.functions {
            tir::visit::walk_function(func, &mut |e| {
                if let ExprKind::Call { function, .. } = &e.kind {
                    called.insert(*function);
                }
            });
        }
        let mut roots: Vec<FuncId> = entries.to_vec();
        for (i, info) in self.fn_infos.iter().enumerate() {
            let f = FuncId(i as u32);
            if info.defined && !called.contains(&f) && !roots.contains(&f) && self.module.functions.get(i).is_some_and(|func| !func.body.is_empty()) {
                roots.push(f);
            }
        }
        roots
    }

    /// Functions reachable from the entry points through calls.
    fn reachable(&self, entries: &[FuncId]) -> HashSet<FuncId> {
        // The checks of each entry point already walked what it reaches.
        if !entries.is_empty() && entries.iter().all(|f| self.entry_reach.contains_key(f)) {
            return entries.iter().filter_map(|f| self.entry_reach.get(f)).flatten().copied().collect();
        }
        let mut seen = HashSet::new();
        let mut stack: Vec<FuncId> = entries.to_vec();
        while let Some(f) = stack.pop() {
            if !seen.insert(f) {
                continue;
            }
            if let Some(func) = self.module.functions.get(f.0 as usize) {
                tir::visit::walk_function(func, &mut |e| {
                    if let ExprKind::Call { function, .. } = &e.kind {
                        stack.push(*function);
                    }
                });
            }
        }
        seen
    }

    /// `[unroll]` loops whose trip count is unknown or too large, in reachable functions.
    fn check_unroll(&mut self, entries: &[FuncId], reachable: &HashSet<FuncId>) {
        let library_roots;
        let (entries, reachable) = if self.options.profile.is_some_and(|p| p.stage.is_none()) {
            library_roots = self.uncalled_functions(entries);
            let reachable = self.reachable(&library_roots);
            (library_roots.as_slice(), reachable)
        } else {
            (entries, reachable.clone())
        };
        let mut order: Vec<FuncId> = reachable.iter().copied().collect();
        order.sort();
        // The taint analysis below is a fixed point over every reachable function; without
        // an `[unroll]` loop to check it would find nothing (most shaders have none).
        if !order.iter().any(|f| self.module.functions.get(f.0 as usize).is_some_and(|func| has_plain_unroll(&func.body))) {
            return;
        }
        // Which parameters receive run-time values: entry parameters are stage inputs; other
        // parameters are dynamic when some call passes a dynamic argument.
        let mut dynamic_params: HashSet<(FuncId, u32)> = HashSet::new();
        for &e in entries {
            for i in 0..self.module.functions[e.0 as usize].params.len() {
                dynamic_params.insert((e, i as u32));
            }
        }
        let mut locals: HashMap<FuncId, HashSet<LocalId>> = HashMap::new();
        for _ in 0..32 {
            let before = (dynamic_params.len(), locals.values().map(HashSet::len).sum::<usize>());
            for &f in &order {
                let taint = Taint::new(&self.module, f, &dynamic_params, locals.get(&f).cloned().unwrap_or_default());
                let (new_locals, calls) = taint.propagate(&self.module.functions[f.0 as usize]);
                locals.insert(f, new_locals);
                dynamic_params.extend(calls);
            }
            let after = (dynamic_params.len(), locals.values().map(HashSet::len).sum::<usize>());
            if after == before {
                break;
            }
        }
        let mut failures: Vec<(Span, String)> = Vec::new();
        for &f in &order {
            let taint = Taint::new(&self.module, f, &dynamic_params, locals.get(&f).cloned().unwrap_or_default());
            unroll_failures(&self.module.functions[f.0 as usize].body, &taint, &mut Vec::new(), &mut failures);
        }
        failures.sort_by_key(|(s, _)| s.start);
        failures.dedup();
        let warn = self.options.hlsl_version <= 2016;
        for (span, why) in failures {
            if warn {
                self.warning("W0603", "loop-unroll", span, format!("could not unroll the loop: {why}"))
                    .note("HLSL 2016 compiles it as a loop");
            } else {
                self.error("E0619", span, format!("could not unroll the loop: {why}"))
                    .help("give the largest trip count with `[unroll(n)]`, use `[loop]`, or compile with `-HV 2016` to make this a warning");
            }
        }
    }
}

/// What is known at compile time, in one function.
struct Taint<'a> {
    module: &'a tir::Module,
    func: FuncId,
    params: &'a HashSet<(FuncId, u32)>,
    /// Locals assigned a run-time value somewhere.
    locals: HashSet<LocalId>,
    /// Places whose value at the loop being checked is known although `locals`/`params` say
    /// otherwise (see [`super::loop_bounds`]).
    bounded: Vec<Place>,
}

impl<'a> Taint<'a> {
    fn new(module: &'a tir::Module, func: FuncId, params: &'a HashSet<(FuncId, u32)>, locals: HashSet<LocalId>) -> Self {
        Taint { module, func, params, locals, bounded: Vec::new() }
    }

    /// One pass over the function: the locals assigned dynamic values, and the (callee,
    /// parameter) pairs that receive dynamic arguments.
    fn propagate(mut self, func: &tir::Function) -> (HashSet<LocalId>, Vec<(FuncId, u32)>) {
        let mut calls = Vec::new();
        for _ in 0..32 {
            let before = self.locals.len();
            let mut found: Vec<LocalId> = Vec::new();
            for s in &func.body {
                stmt_inits(s, &mut |local, value| {
                    if self.expr(value) {
                        found.push(local);
                    }
                });
                tir::visit::walk_stmt(s, &mut |e| self.assignments(e, &mut found, &mut calls));
            }
            self.locals.extend(found);
            if self.locals.len() == before {
                break;
            }
        }
        (self.locals, calls)
    }

    /// The locals `e` assigns a dynamic value, and the callee parameters it passes one.
    fn assignments(&self, e: &tir::Expr, found: &mut Vec<LocalId>, calls: &mut Vec<(FuncId, u32)>) {
        match &e.kind {
            ExprKind::Assign { place, value, .. } => {
                if let PlaceRoot::Local(l) = place.root {
                    if self.expr(value) {
                        found.push(l);
                    }
                }
            }
            ExprKind::Call { function, args } => {
                let any_dynamic = args.iter().any(|a| self.arg(a));
                for (i, a) in args.iter().enumerate() {
                    if self.arg(a) {
                        calls.push((*function, i as u32));
                    }
                    // An `out` argument gets whatever the callee computes from its inputs.
                    if let tir::Arg::Out(p) | tir::Arg::InOut(p) = a {
                        if let (PlaceRoot::Local(l), true) = (p.root.clone(), any_dynamic) {
                            found.push(l);
                        }
                    }
                }
            }
            ExprKind::Intrinsic { args, .. } | ExprKind::Method { args, .. } => {
                for a in args {
                    if let tir::Arg::Out(p) | tir::Arg::InOut(p) = a {
                        if let PlaceRoot::Local(l) = p.root {
                            found.push(l);
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// True if `e`'s value is only known at run time.
    fn expr(&self, e: &tir::Expr) -> bool {
        match &e.kind {
            ExprKind::Const(_) | ExprKind::Zero | ExprKind::PlaceValue => false,
            ExprKind::Load(p) => self.place(p),
            ExprKind::Unary { expr, .. }
            | ExprKind::Convert(expr)
            | ExprKind::Bitcast(expr)
            | ExprKind::Splat(expr)
            | ExprKind::Truncate(expr)
            | ExprKind::Swizzle { expr, .. }
            | ExprKind::MatrixElements { expr, .. }
            | ExprKind::Field { base: expr, .. } => self.expr(expr),
            ExprKind::Binary { operands, .. } => self.expr(&operands[0]) || self.expr(&operands[1]),
            ExprKind::Index { base: lhs, index: rhs } => self.expr(lhs) || self.expr(rhs),
            // A choice between known values is bounded by them (`limit = l % 2 ? 1 : 2`),
            // which is what the unroller needs.
            ExprKind::Select { accept, reject, .. } => self.expr(accept) || self.expr(reject),
            ExprKind::Construct(parts) | ExprKind::Sequence(parts) => parts.iter().any(|p| self.expr(p)),
            ExprKind::Call { args, .. } => args.iter().any(|a| self.arg(a)),
            // `min(n, 8)` and `clamp(n, 0, 8)` are bounded by their constant.
            ExprKind::Intrinsic { op: I::Min, args } => args.iter().all(|a| self.arg(a)),
            ExprKind::Intrinsic { op: I::Clamp, args } => args.last().is_none_or(|a| self.arg(a)),
            ExprKind::Intrinsic { op, args } => reads_run_time_state(*op) || args.iter().any(|a| self.arg(a)),
            ExprKind::Method { .. } => true,
            ExprKind::Assign { value, .. } => self.expr(value),
        }
    }

    /// True if a loop condition gives no upper bound on the trip count: one bounded conjunct
    /// of `&&` is enough (`i < n && i < 4`).
    fn unbounded_condition(&self, c: &tir::Expr) -> bool {
        match &c.kind {
            ExprKind::Binary { op: tir::BinaryOp::LogicalAnd, operands } => self.unbounded_condition(&operands[0]) && self.unbounded_condition(&operands[1]),
            ExprKind::Binary { op: tir::BinaryOp::LogicalOr, operands } => self.unbounded_condition(&operands[0]) || self.unbounded_condition(&operands[1]),
            ExprKind::Select { cond, accept, reject, short_circuit: true } => {
                // `a && b` / `a || b` lowered as a short-circuit choice.
                match (&accept.kind, &reject.kind) {
                    (_, ExprKind::Const(tir::ConstValue::Bool(false))) => self.unbounded_condition(cond) && self.unbounded_condition(accept),
                    (ExprKind::Const(tir::ConstValue::Bool(true)), _) => self.unbounded_condition(cond) || self.unbounded_condition(reject),
                    _ => self.expr(c),
                }
            }
            ExprKind::Convert(inner) => self.unbounded_condition(inner),
            _ => self.expr(c),
        }
    }

    fn arg(&self, a: &tir::Arg) -> bool {
        match a {
            tir::Arg::Value(e) => self.expr(e),
            tir::Arg::Out(_) => false,
            tir::Arg::InOut(p) => self.place(p),
        }
    }

    fn place(&self, p: &Place) -> bool {
        if self.bounded.iter().any(|b| super::loop_bounds::same_place(b, p)) {
            return false;
        }
        let projections = p.projections.iter().any(|x| matches!(x, Projection::Index(i) if self.expr(i)));
        projections
            || match &p.root {
                PlaceRoot::Local(l) => self.locals.contains(l),
                PlaceRoot::Param(i) => self.params.contains(&(self.func, i.0)),
                PlaceRoot::Global(g) => match &self.module.globals[g.0 as usize].kind {
                    GlobalKind::Resource { .. } | GlobalKind::GroupShared | GlobalKind::SpecConstant { .. } => true,
                    GlobalKind::Static { .. } => false,
                },
                PlaceRoot::BufferElement { .. } | PlaceRoot::Texel { .. } | PlaceRoot::Pointee { .. } => true,
            }
    }
}

/// Intrinsics whose value depends on the invocation, not only on their arguments.
fn reads_run_time_state(op: I) -> bool {
    let name = format!("{op:?}");
    name.starts_with("Wave") || name.starts_with("Quad") || name.starts_with("Dd") || matches!(op, I::Fwidth | I::IsHelperLane)
}

/// The value of a local initialised with an integer constant and never written again in
/// `func` (`uint index = 2;`), if it is one.
fn single_constant_init(a: &Analyzer<'_>, func: &tir::Function, local: LocalId) -> Option<i64> {
    let mut inits = Vec::new();
    for s in &func.body {
        stmt_inits(s, &mut |l, value| {
            if l == local {
                inits.push(value.clone());
            }
        });
    }
    let [init] = inits.as_slice() else { return None };
    let mut written = false;
    for s in &func.body {
        tir::visit::walk_stmt(s, &mut |e| match &e.kind {
            ExprKind::Assign { place, .. } => written |= matches!(place.root, PlaceRoot::Local(l) if l == local),
            ExprKind::Call { args, .. } | ExprKind::Intrinsic { args, .. } | ExprKind::Method { args, .. } => {
                written |= args.iter().any(|x| matches!(x, tir::Arg::Out(p) | tir::Arg::InOut(p) if matches!(p.root, PlaceRoot::Local(l) if l == local)));
            }
            _ => {}
        });
    }
    if written {
        return None;
    }
    match a.try_fold(init) {
        Ok(Some(c @ (tir::ConstValue::Int(_) | tir::ConstValue::Uint(_)))) => Some(super::fold::as_i64(&c)),
        _ => None,
    }
}

/// The source ranges of `if` branches that a condition over constants and single-constant
/// locals rules out.
fn dead_branches(a: &Analyzer<'_>, func: &tir::Function, stmts: &[tir::Stmt], out: &mut Vec<(u32, u32)>) {
    let range = |b: &[tir::Stmt]| -> Option<(u32, u32)> {
        let spans: Vec<Span> = b.iter().map(|s| s.span).filter(|s| !s.is_undefined()).collect();
        Some((spans.iter().map(|s| s.start).min()?, spans.iter().map(|s| s.end).max()?))
    };
    for s in stmts {
        match &s.kind {
            StmtKind::If { cond, accept, reject } => {
                if let Some(cond) = substitute_constants(a, func, cond, 0) {
                    match a.try_fold(&cond) {
                        Ok(Some(tir::ConstValue::Bool(false))) => out.extend(range(accept)),
                        Ok(Some(tir::ConstValue::Bool(true))) => out.extend(range(reject)),
                        _ => {}
                    }
                }
                dead_branches(a, func, accept, out);
                dead_branches(a, func, reject, out);
            }
            StmtKind::Block(b) => dead_branches(a, func, b, out),
            StmtKind::Loop { body, step, .. } => {
                dead_branches(a, func, body, out);
                dead_branches(a, func, step, out);
            }
            StmtKind::Switch { cases, .. } => cases.iter().for_each(|c| dead_branches(a, func, &c.body, out)),
            _ => {}
        }
    }
}

/// `e` with every plain read of a single-constant local replaced by its constant; `None` if
/// `e` has a shape this does not look into.
fn substitute_constants(a: &Analyzer<'_>, func: &tir::Function, e: &tir::Expr, depth: u32) -> Option<tir::Expr> {
    if depth > 32 {
        return None;
    }
    let kind = match &e.kind {
        ExprKind::Const(_) => e.kind.clone(),
        ExprKind::Load(p) => match (&p.root, p.projections.is_empty()) {
            (PlaceRoot::Local(l), true) => {
                let v = single_constant_init(a, func, *l)?;
                let scalar = a.module.types.scalar_of(e.ty)?;
                ExprKind::Const(if scalar.kind == crate::ty::ScalarKind::Uint { tir::ConstValue::Uint(v as u64) } else { tir::ConstValue::Int(v) })
            }
            _ => return None,
        },
        ExprKind::Convert(x) => ExprKind::Convert(Box::new(substitute_constants(a, func, x, depth + 1)?)),
        ExprKind::Unary { op, expr } => ExprKind::Unary { op: *op, expr: Box::new(substitute_constants(a, func, expr, depth + 1)?) },
        ExprKind::Binary { op, operands } => {
            let [lhs, rhs] = &**operands;
            ExprKind::binary(*op, substitute_constants(a, func, lhs, depth + 1)?, substitute_constants(a, func, rhs, depth + 1)?)
        }
        _ => return None,
    };
    Some(tir::Expr::new(kind, e.ty, e.span))
}

/// The locals a loop's body and step assign that are declared outside them (loop-carried).
fn carried_locals(body: &[tir::Stmt], step: &[tir::Stmt]) -> HashSet<LocalId> {
    let mut declared = HashSet::new();
    let mut assigned = HashSet::new();
    for s in body.iter().chain(step) {
        stmt_inits(s, &mut |l, _| {
            declared.insert(l);
        });
        tir::visit::walk_stmt(s, &mut |e| match &e.kind {
            ExprKind::Assign { place, .. } => {
                if let PlaceRoot::Local(l) = place.root {
                    assigned.insert(l);
                }
            }
            ExprKind::Call { args, .. } | ExprKind::Intrinsic { args, .. } | ExprKind::Method { args, .. } => {
                for a in args {
                    if let tir::Arg::Out(p) | tir::Arg::InOut(p) = a {
                        if let PlaceRoot::Local(l) = p.root {
                            assigned.insert(l);
                        }
                    }
                }
            }
            _ => {}
        });
    }
    assigned.difference(&declared).copied().collect()
}

/// Calls `f` on every `Init { local, value }` of a statement tree.
pub(super) fn stmt_inits(s: &tir::Stmt, f: &mut dyn FnMut(LocalId, &tir::Expr)) {
    match &s.kind {
        StmtKind::Init { local, value } => f(*local, value),
        StmtKind::Block(b) => b.iter().for_each(|s| stmt_inits(s, f)),
        StmtKind::If { accept, reject, .. } => accept.iter().chain(reject).for_each(|s| stmt_inits(s, f)),
        StmtKind::Loop { body, step, .. } => body.iter().chain(step).for_each(|s| stmt_inits(s, f)),
        StmtKind::Switch { cases, .. } => cases.iter().flat_map(|c| &c.body).for_each(|s| stmt_inits(s, f)),
        _ => {}
    }
}

/// `[unroll]` loops (without a count) in `stmts` that cannot be unrolled, with the reason.
/// Whether `stmts` hold a loop `unroll_failures` checks: `[unroll]` without a count, with a
/// condition.
fn has_plain_unroll(stmts: &[tir::Stmt]) -> bool {
    stmts.iter().any(|s| match &s.kind {
        StmtKind::Loop { cond, body, step, unroll, .. } => {
            matches!((unroll, cond), (Some(Unroll::Unroll(None)), Some(_))) || has_plain_unroll(body) || has_plain_unroll(step)
        }
        StmtKind::Block(b) => has_plain_unroll(b),
        StmtKind::If { accept, reject, .. } => has_plain_unroll(accept) || has_plain_unroll(reject),
        StmtKind::Switch { cases, .. } => cases.iter().any(|c| has_plain_unroll(&c.body)),
        _ => false,
    })
}

fn unroll_failures<'t>(stmts: &'t [tir::Stmt], taint: &Taint, dominators: &mut Vec<&'t [tir::Stmt]>, out: &mut Vec<(Span, String)>) {
    for (i, s) in stmts.iter().enumerate() {
        dominators.push(&stmts[..i]);
        match &s.kind {
            StmtKind::Loop { cond, body, step, unroll, .. } => {
                if let (Some(Unroll::Unroll(None)), Some(c)) = (unroll, cond) {
                    // Point at the condition: it decides the trip count.
                    let at = if c.span.is_undefined() { s.span } else { c.span };
                    // The condition's variables whose value reaching the loop is known.
                    let bounded: Vec<Place> = super::loop_bounds::reaching_writes(dominators, c, body, step)
                        .into_iter()
                        .filter(|(_, first, step)| !taint.expr(first) && step.is_none_or(|v| !taint.expr(v)))
                        .map(|(p, _, _)| p.clone())
                        .collect();
                    let narrowed;
                    let at_loop = if bounded.is_empty() {
                        taint
                    } else {
                        narrowed = Taint {
                            bounded: [taint.bounded.clone(), bounded].concat(),
                            ..Taint::new(taint.module, taint.func, taint.params, taint.locals.clone())
                        };
                        &narrowed
                    };
                    if at_loop.unbounded_condition(c) {
                        out.push((at, "its trip count is not known at compile time".to_string()));
                    } else if let Some(n) = trip_count(&stmts[..i], c, step, body) {
                        if n > MAX_UNROLL {
                            out.push((at, format!("it runs {n} times, more than the {MAX_UNROLL} hlslc and DXC unroll")));
                        }
                    }
                }
                if let Some(Unroll::Loop) = unroll {
                    // A `[loop]` is not unrolled: the variables it changes (declared outside it)
                    // differ per iteration in the loops it holds.
                    let carried = carried_locals(body, step);
                    let inner = Taint::new(taint.module, taint.func, taint.params, taint.locals.union(&carried).copied().collect());
                    unroll_failures(body, &inner, &mut Vec::new(), out);
                    unroll_failures(step, &inner, &mut Vec::new(), out);
                } else {
                    // What runs before the loop does not dominate its later iterations.
                    unroll_failures(body, taint, &mut Vec::new(), out);
                    unroll_failures(step, taint, &mut Vec::new(), out);
                }
            }
            StmtKind::Block(b) => unroll_failures(b, taint, dominators, out),
            StmtKind::If { cond, accept, reject } => {
                // A condition that assigns or calls could write what the earlier statements did.
                let mut writes = false;
                tir::visit::walk_expr(cond, &mut |e| writes |= matches!(e.kind, ExprKind::Assign { .. } | ExprKind::Call { .. }));
                let mut none = Vec::new();
                let doms = if writes { &mut none } else { &mut *dominators };
                unroll_failures(accept, taint, doms, out);
                unroll_failures(reject, taint, doms, out);
            }
            // A case may be entered by falling through the one before it.
            StmtKind::Switch { cases, .. } => cases.iter().for_each(|c| unroll_failures(&c.body, taint, &mut Vec::new(), out)),
            _ => {}
        }
        dominators.pop();
    }
}

/// The trip count of `for (i = a; i < b; i += c)`-shaped loops (the initializer among the
/// statements before the loop, constants only), if the loop has that shape.
fn trip_count(before: &[tir::Stmt], cond: &tir::Expr, step: &[tir::Stmt], body: &[tir::Stmt]) -> Option<u64> {
    let ExprKind::Binary { op, operands } = &cond.kind else { return None };
    let [lhs, rhs] = &**operands;
    let local = |e: &tir::Expr| match &e.kind {
        ExprKind::Load(p) if p.projections.is_empty() => match p.root {
            PlaceRoot::Local(l) => Some(l),
            _ => None,
        },
        ExprKind::Convert(inner) => match &inner.kind {
            ExprKind::Load(p) if p.projections.is_empty() => match p.root {
                PlaceRoot::Local(l) => Some(l),
                _ => None,
            },
            _ => None,
        },
        _ => None,
    };
    let i = local(lhs)?;
    let bound = constant(rhs)?;
    let start = before.iter().rev().find_map(|s| match &s.kind {
        StmtKind::Init { local, value } if *local == i => constant(value),
        _ => None,
    })?;
    // The body must not assign the variable.
    let mut assigned = false;
    for s in body {
        tir::visit::walk_stmt(s, &mut |e| {
            if let ExprKind::Assign { place, .. } = &e.kind {
                if matches!(place.root, PlaceRoot::Local(l) if l == i) {
                    assigned = true;
                }
            }
        });
    }
    if assigned {
        return None;
    }
    let [tir::Stmt { kind: StmtKind::Expr(e), .. }] = step else { return None };
    let ExprKind::Assign { place, value, .. } = &e.kind else { return None };
    if !matches!(place.root, PlaceRoot::Local(l) if l == i) || !place.projections.is_empty() {
        return None;
    }
    let ExprKind::Binary { op: step_op, operands } = &value.kind else { return None };
    let [cur, delta] = &**operands;
    if !matches!(cur.kind, ExprKind::PlaceValue) {
        return None;
    }
    let delta = constant(delta)?;
    let delta = match step_op {
        tir::BinaryOp::Add => delta,
        tir::BinaryOp::Sub => -delta,
        _ => return None,
    };
    let n = match op {
        tir::BinaryOp::Lt if delta > 0.0 => ((bound - start) / delta).ceil(),
        tir::BinaryOp::Le if delta > 0.0 => ((bound - start) / delta).floor() + 1.0,
        tir::BinaryOp::Gt if delta < 0.0 => ((start - bound) / -delta).ceil(),
        tir::BinaryOp::Ge if delta < 0.0 => ((start - bound) / -delta).floor() + 1.0,
        _ => return None,
    };
    Some(if n.is_finite() && n > 0.0 { n as u64 } else { 0 })
}

fn constant(e: &tir::Expr) -> Option<f64> {
    match &e.kind {
        ExprKind::Const(tir::ConstValue::Int(v)) => Some(*v as f64),
        ExprKind::Const(tir::ConstValue::Uint(v)) => Some(*v as f64),
        ExprKind::Const(tir::ConstValue::Float(v)) => Some(*v),
        ExprKind::Convert(inner) => constant(inner),
        _ => None,
    }
}
