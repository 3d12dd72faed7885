//! `precise` in lowering: recording which naga expressions implement a precise operation.
//!
//! `sema::precise` marks the typed-IR operations of every precise slice. naga's IR has no
//! such flag, so for the SPIR-V target lowering stores the value of each floating-point
//! arithmetic expression an operation of the slice produces into a marker local named
//! [`crate::passes::no_contraction::MARKER`]; the SPIR-V pass of that name decorates the
//! instruction that computes the stored value `NoContraction` and deletes the markers.
//!
//! An operation's own expressions are those created while lowering it and not while lowering
//! its operands (tracked per [`FnBuilder::expr`] call), minus those created in blocks the
//! operation opened itself (a loop's body), which are out of scope when the operation ends.
//! WGSL has no way to forbid contraction, so nothing is recorded for it (lowering warns).

use super::function::FnBuilder;
use crate::tir;
use naga::Handle;
use std::collections::HashMap;
use std::ops::Range;

/// Per-function state of the recording.
#[derive(Default)]
pub(crate) struct PreciseTracker {
    /// Marker locals by type.
    markers: HashMap<Handle<naga::Type>, Handle<naga::LocalVariable>>,
    /// Per `expr` call in progress: the expression ranges of its operands.
    operands: Vec<Vec<Range<usize>>>,
    /// Expression ranges created inside blocks that have ended.
    closed_blocks: Vec<Range<usize>>,
    /// Start of each open block's expressions.
    open_blocks: Vec<usize>,
}

impl FnBuilder<'_, '_> {
    /// Lowers an expression, recording its own expressions when it is precise.
    pub(crate) fn expr(&mut self, e: &tir::Expr) -> Handle<naga::Expression> {
        let Some(t) = self.precise.as_mut() else { return self.expr_node(e) };
        t.operands.push(Vec::new());
        let start = self.func.expressions.len();
        let h = self.expr_node(e);
        let end = self.func.expressions.len();
        let Some(t) = self.precise.as_mut() else { return h };
        let operands = t.operands.pop().unwrap_or_default();
        if let Some(parent) = t.operands.last_mut() {
            parent.push(start..end);
        }
        if e.precise {
            let excluded: Vec<Range<usize>> = operands.into_iter().chain(t.closed_blocks.iter().filter(|r| r.start >= start).cloned()).collect();
            let own: Vec<Handle<naga::Expression>> = self
                .func
                .expressions
                .iter()
                .skip(start)
                .take(end - start)
                .map(|(h, _)| h)
                .filter(|h| !excluded.iter().any(|r| r.contains(&h.index())))
                .collect();
            for h in own {
                if self.is_float_arithmetic(h) {
                    self.mark_precise(h, e.span);
                }
            }
        }
        h
    }

    /// Called when a block begins and ends (see [`FnBuilder::begin`]).
    pub(crate) fn precise_block(&mut self, begin: bool) {
        let len = self.func.expressions.len();
        if let Some(t) = self.precise.as_mut() {
            if begin {
                t.open_blocks.push(len);
            } else if let Some(start) = t.open_blocks.pop() {
                t.closed_blocks.push(start..len);
            }
        }
    }

    /// Floating-point `+ - * / %`, negation and `dot`: what SPIR-V's `NoContraction` is for.
    fn is_float_arithmetic(&mut self, h: Handle<naga::Expression>) -> bool {
        use naga::BinaryOperator as B;
        let arithmetic = match self.func.expressions[h] {
            naga::Expression::Binary { op, .. } => matches!(op, B::Add | B::Subtract | B::Multiply | B::Divide | B::Modulo),
            naga::Expression::Unary { op: naga::UnaryOperator::Negate, .. } => true,
            naga::Expression::Math { fun: naga::MathFunction::Dot, .. } => true,
            _ => false,
        };
        arithmetic
            && matches!(
                self.resolve(h),
                Some(naga::TypeInner::Scalar(sc) | naga::TypeInner::Vector { scalar: sc, .. } | naga::TypeInner::Matrix { scalar: sc, .. }) if sc.kind == naga::ScalarKind::Float
            )
    }

    /// Stores `h` into the marker local of its type.
    fn mark_precise(&mut self, h: Handle<naga::Expression>, s: hlslc_grammar::Span) {
        let ty = self.type_handle_of(h);
        let existing = self.precise.as_ref().and_then(|t| t.markers.get(&ty).copied());
        let local = match existing {
            Some(l) => l,
            None => {
                let l = self.func.local_variables.append(
                    naga::LocalVariable { name: Some(crate::passes::no_contraction::MARKER.into()), ty, init: None },
                    naga::Span::UNDEFINED,
                );
                if let Some(t) = self.precise.as_mut() {
                    t.markers.insert(ty, l);
                }
                l
            }
        };
        let ptr = self.add(naga::Expression::LocalVariable(local), s);
        self.push(naga::Statement::Store { pointer: ptr, value: h }, s);
    }
}

impl super::Lowerer<'_> {
    /// WGSL cannot forbid contraction: a warning for every `precise` declaration it cannot
    /// honour (a precise vertex position becomes `@invariant` instead), or one for `-Gis`.
    pub(crate) fn precise_warnings(&mut self, order: &[tir::FuncId]) {
        if self.options.target != crate::options::Target::Wgsl {
            return;
        }
        let note = "WGSL lets implementations fuse and reassociate floating-point operations and has no way to forbid it; only a vertex position can be made `@invariant`";
        let help = "compile to SPIR-V, where hlslc marks the operations `NoContraction`";
        if self.options.ieee_strict {
            self.warning("W0807", "precise-wgsl", hlslc_grammar::Span::UNDEFINED, "`-Gis` cannot be honoured in WGSL").note(note).help(help);
            return;
        }
        let is_position = |s: Option<&tir::Semantic>| s.is_some_and(|s| s.is("SV_Position"));
        let mut spans = Vec::new();
        for &f in order {
            let func = self.tir.function(f);
            if func.ret_precise && !is_position(func.ret_semantic.as_ref()) {
                spans.push(func.span);
            }
            spans.extend(func.params.iter().filter(|p| p.precise && !is_position(p.semantic.as_ref())).map(|p| p.span));
            spans.extend(func.locals.iter().filter(|l| l.precise).map(|l| l.span));
        }
        spans.extend(self.tir.globals.iter().filter(|g| g.precise).map(|g| g.span));
        for st in &self.tir.structs {
            spans.extend(st.fields.iter().filter(|f| f.precise && !is_position(f.semantic.as_ref())).map(|f| f.span));
        }
        for s in spans {
            self.warning("W0807", "precise-wgsl", s, "`precise` cannot be guaranteed in WGSL").note(note).help(help);
        }
    }
}
