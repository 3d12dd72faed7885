//! What module-level lowering decisions need to know about each function's expressions,
//! found by one walk of the function.
//!
//! Lowering decides many things for the whole module or for one entry point before it lowers
//! a body: which functions an entry point reaches and in which order, which globals they use,
//! which globals atomics touch, which textures are compared, whether a compute entry point
//! reaches a derivative, a quad operation or a wave built-in … Each of those decisions looked
//! at every expression of every reachable function again (about ten walks of the typed IR,
//! a quarter of lowering). They all look at calls, intrinsics, methods and assignments — the
//! operations — or at the globals a function uses, so one walk per function collects those
//! ([`FnFacts`]), on first need, and the decisions read them.

use super::Lowerer;
use crate::tir::{self, ExprKind, FuncId, GlobalId};

/// The facts of one function (see the module header).
pub(crate) struct FnFacts<'a> {
    /// Its calls, intrinsics, methods and assignments, in pre-order (the order of
    /// [`crate::tir::visit::walk_function`]).
    pub operations: Vec<&'a tir::Expr>,
    /// The globals it reads or writes ([`super::collect_globals`]), sorted.
    pub globals: Vec<GlobalId>,
    /// Whether it has a `precise` operation.
    pub precise: bool,
}

impl<'a> FnFacts<'a> {
    fn of(func: &'a tir::Function) -> Self {
        let mut operations = Vec::new();
        let mut globals = Vec::new();
        let mut precise = false;
        crate::tir::visit::walk_function(func, &mut |e| {
            precise |= e.precise;
            super::collect_globals(e, &mut globals);
            if is_operation(e) {
                operations.push(e);
            }
        });
        globals.sort_unstable();
        globals.dedup();
        FnFacts { operations, globals, precise }
    }

    /// The functions it calls, in call order (with repeats).
    pub fn callees(&self) -> impl Iterator<Item = FuncId> + '_ {
        self.operations.iter().filter_map(|e| match e.kind {
            ExprKind::Call { function, .. } => Some(function),
            _ => None,
        })
    }
}

/// Whether `e` is one of the operations [`FnFacts::operations`] lists.
pub(crate) fn is_operation(e: &tir::Expr) -> bool {
    matches!(e.kind, ExprKind::Call { .. } | ExprKind::Intrinsic { .. } | ExprKind::Method { .. } | ExprKind::Assign { .. })
}

impl<'a> Lowerer<'a> {
    /// The facts of function `f`, found on first need.
    pub(crate) fn facts(&self, f: FuncId) -> &FnFacts<'a> {
        let tir: &'a tir::Module = self.tir;
        self.facts[f.0 as usize].get_or_init(|| FnFacts::of(tir.function(f)))
    }

    /// Calls `f` on every operation (call, intrinsic, method, assignment — not other
    /// expressions) of the given functions, function by function, each in pre-order.
    pub(crate) fn operations_of(&self, functions: &[FuncId], f: &mut dyn FnMut(&'a tir::Expr)) {
        for &func in functions {
            for &e in &self.facts(func).operations {
                f(e);
            }
        }
    }
}
