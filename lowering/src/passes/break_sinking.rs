//! Moves the work of a guarded loop's breaking branch after the loop.
//!
//! [`loop_exit_guard`](super::loop_exit_guard) gives loops left only by `break` (or tested at
//! their end) a second, never-taken exit at their head, which lavapipe needs. A second exit
//! costs on drivers that, for a loop with one exit, move the breaking branch's work out of the
//! loop and run it once with the lanes together again: NVIDIA's does, and the guard cost 3.1 %
//! on `benches/gpu/waterfall.hlsl`, a scalarization loop whose lanes hash their key before they
//! leave. This pass makes that move itself, in the loops the guard tested:
//!
//! ```text
//! loop {                                     loop {
//!     if loop_exit_guard == 4294967295u {        if loop_exit_guard == 4294967295u {
//!         break;                                     break;
//!     }                                          }
//!     let k = subgroupBroadcastFirst(key);       let k = subgroupBroadcastFirst(key);
//!     if k == key {                      =>      if k == key {
//!         result = hash(k);                          sunk_value = k;
//!         break;                                     sunk_exit = 1u;
//!     }                                              break;
//! }                                              }
//!                                            }
//!                                            if sunk_exit == 1u { result = hash(sunk_value); }
//! ```
//!
//! The work runs after the loop exactly when the lane took that branch, on the values it had
//! there: each value the work reads that the loop computed is carried in a temporary stored
//! before the `break` (pointers and resource handles are recomputed from carried indices),
//! and nothing runs for the lane between the `break` and the end of the loop. The temporaries
//! start at zero, not undefined: lavapipe's bug is a value of the loop read after it without a
//! merge, and an undefined start would let its compiler drop the merge again. A branch that
//! ends in `return` moves the same way, its `return` after the loop.
//!
//! Only work whose result cannot depend on which lanes run it together, or when, moves: no
//! wave operation, barrier, derivative (implicit-LOD sampling), atomic or discard, no write
//! of memory other than the invocation's own (function and private variables), no read of
//! memory another invocation may write (written storage buffers and images, workgroup
//! memory), calls only of functions that obey the same rules and are not the SPIR-V passes'
//! markers (`hlslc::…`). A branch with little work (fewer than [`MIN_WORK`] expressions and
//! no call or loop) stays, and so does one that would carry more than [`MAX_CARRIED`] values.
//!
//! For WGSL the pass works on every loop without a test at its head: there is no guard, but
//! wgpu bounds such loops with a counter (unless the module is trusted), the same second exit.
//!
//! Modules without such a loop are unchanged. Run after `loop_exit_guard`.

use super::guard::{self, root, FnRef, Root};
use super::handles::{block_handles_mut, emit_ranges_mut, expression_handles_mut, remove_expressions};
use super::loop_exit_guard::{self, COUNTER, GUARD};
use naga::{AddressSpace, BinaryOperator, Block, Expression, Function, GlobalVariable, Handle, Literal, LocalVariable, Module, Scalar, Span, Statement, StorageAccess, TypeInner};
use std::collections::{HashMap, HashSet};

/// Options of the pass.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// The loops whose breaking branches move.
    pub loops: Loops,
}

/// Which loops the pass works on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Loops {
    /// None: the pass does nothing.
    #[default]
    None,
    /// The loops `loop_exit_guard` tested (SPIR-V).
    Guarded,
    /// Every loop without a test at its head (WGSL: wgpu bounds such loops with a counter
    /// unless the shader module is trusted, a second exit as the guard is).
    Untested,
}

/// The least work worth moving: emitted expressions, each call or loop counting [`HEAVY`].
pub const MIN_WORK: usize = 4;
const HEAVY: usize = 8;
/// The most values a moved branch carries out of its loop.
pub const MAX_CARRIED: usize = 8;

/// Runs the pass.
pub fn run(module: &mut Module, config: &Config) {
    if config.loops == Loops::None {
        return;
    }
    // Collect: whether a loop is one to work on (most modules stop here), what the work may
    // touch, and the functions with a breaking branch to move.
    let counted = |f: &Function| f.local_variables.iter().any(|(_, l)| l.name.as_deref() == Some(COUNTER));
    let candidates = {
        let mut functions = module.functions.iter().map(|(_, f)| f).chain(module.entry_points.iter().map(|ep| &ep.function));
        match config.loops {
            Loops::Guarded => module.global_variables.iter().any(|(_, g)| g.name.as_deref() == Some(GUARD)) || functions.any(counted),
            _ => functions.any(loop_exit_guard::has_untested_loop),
        }
    };
    if !candidates {
        return;
    }
    let facts = Facts::new(module, config.loops);
    let all = module.entry_points.iter().enumerate().map(|(i, _)| FnRef::EntryPoint(i)).chain(module.functions.iter().map(|(h, _)| FnRef::Function(h)));
    let targets: Vec<FnRef> = all.filter(|&f| has_movable_branch(&facts, guard::function(module, f))).collect();
    if targets.is_empty() {
        return;
    }
    // Mutate, one function at a time (taken out of the module, so that its types can grow).
    let u32_ty = module.types.insert(naga::Type { name: None, inner: TypeInner::Scalar(Scalar::U32) }, Span::UNDEFINED);
    for f in targets {
        let mut func = std::mem::take(guard::function_mut(module, f));
        let body = std::mem::take(&mut func.body);
        let mut sinker = Sinker { facts: &facts, typifier: naga::front::Typifier::new(), u32_ty, moved: HashSet::new() };
        func.body = sinker.block(module, &mut func, body);
        // naga rejects expressions no statement emits: the moved originals go.
        remove_expressions(&mut func, &sinker.moved);
        *guard::function_mut(module, f) = func;
    }
}

/// What moved work may read and write, and call.
struct Facts {
    /// The loops to work on.
    loops: Loops,
    /// The guard `loop_exit_guard` stores the index in.
    guard: Option<Handle<GlobalVariable>>,
    /// Globals no other invocation writes while the loop runs.
    readable: HashSet<Handle<GlobalVariable>>,
    /// Globals of the invocation's own (private, not a pass's marker).
    writable: HashSet<Handle<GlobalVariable>>,
    /// Pointer types to function or private memory (parameters of such types point at the
    /// caller's own variables).
    own_pointers: HashSet<Handle<naga::Type>>,
    /// Functions whose calls may move.
    pure: HashSet<Handle<Function>>,
}

impl Facts {
    fn new(module: &Module, loops: Loops) -> Facts {
        let marker = |name: &Option<String>| name.as_deref().is_some_and(|n| n.starts_with("hlslc::"));
        let mut facts = Facts { loops, guard: None, readable: HashSet::new(), writable: HashSet::new(), own_pointers: HashSet::new(), pure: HashSet::new() };
        for (h, g) in module.global_variables.iter() {
            if g.name.as_deref() == Some(GUARD) && g.space == AddressSpace::Private {
                facts.guard = Some(h);
            }
            let readable = match g.space {
                AddressSpace::Private => {
                    if !marker(&g.name) {
                        facts.writable.insert(h);
                    }
                    true
                }
                AddressSpace::Uniform | AddressSpace::Immediate => true,
                AddressSpace::Storage { access } => !access.contains(StorageAccess::STORE),
                AddressSpace::Handle => !written_image(module, g.ty),
                _ => false,
            };
            if readable {
                facts.readable.insert(h);
            }
        }
        for (h, ty) in module.types.iter() {
            if let TypeInner::Pointer { space: AddressSpace::Function | AddressSpace::Private, .. } = ty.inner {
                facts.own_pointers.insert(h);
            }
        }
        // The pure functions, from those calling none up (HLSL has no recursion).
        loop {
            let found: Vec<Handle<Function>> =
                module.functions.iter().filter(|&(h, f)| !facts.pure.contains(&h) && !marker(&f.name) && facts.block_moves(f, &f.body, Nest::default())).map(|(h, _)| h).collect();
            if found.is_empty() {
                return facts;
            }
            facts.pure.extend(found);
        }
    }

    /// Whether statements may run later and with other lanes (`nest`: what a `break` or
    /// `continue` among them leaves).
    fn block_moves(&self, func: &Function, block: &[Statement], nest: Nest) -> bool {
        block.iter().all(|s| self.moves(func, s, nest))
    }

    fn moves(&self, func: &Function, stmt: &Statement, nest: Nest) -> bool {
        match stmt {
            Statement::Emit(range) => range.clone().all(|e| self.expression_moves(func, e)),
            Statement::Block(b) => self.block_moves(func, b, nest),
            Statement::If { accept, reject, .. } => self.block_moves(func, accept, nest) && self.block_moves(func, reject, nest),
            Statement::Switch { cases, .. } => cases.iter().all(|c| self.block_moves(func, &c.body, Nest { in_switch: true, ..nest })),
            Statement::Loop { body, continuing, .. } => {
                let inner = Nest { in_loop: true, in_switch: false };
                self.block_moves(func, body, inner) && self.block_moves(func, continuing, inner)
            }
            Statement::Break => nest.in_loop || nest.in_switch,
            Statement::Continue => nest.in_loop,
            Statement::Return { .. } => true,
            Statement::Store { pointer, .. } => self.own_memory(func, *pointer, true),
            Statement::Call { function, .. } => self.pure.contains(function),
            _ => false,
        }
    }

    fn expression_moves(&self, func: &Function, e: Handle<Expression>) -> bool {
        use naga::Expression as E;
        match func.expressions[e] {
            E::Load { pointer } => self.own_memory(func, pointer, false),
            E::ImageSample { level: naga::SampleLevel::Auto | naga::SampleLevel::Bias(_), .. } => false,
            E::ImageSample { image, .. } | E::ImageLoad { image, .. } | E::ImageQuery { image, .. } => {
                matches!(root(func, image), Root::Global(g) if self.readable.contains(&g))
            }
            E::Literal(_)
            | E::Constant(_)
            | E::Override(_)
            | E::ZeroValue(_)
            | E::Compose { .. }
            | E::Access { .. }
            | E::AccessIndex { .. }
            | E::Splat { .. }
            | E::Swizzle { .. }
            | E::FunctionArgument(_)
            | E::GlobalVariable(_)
            | E::LocalVariable(_)
            | E::Unary { .. }
            | E::Binary { .. }
            | E::Select { .. }
            | E::Relational { .. }
            | E::Math { .. }
            | E::As { .. }
            | E::ArrayLength(_) => true,
            _ => false,
        }
    }

    /// Whether `pointer` points at memory the work may read (`write`: and write).
    fn own_memory(&self, func: &Function, pointer: Handle<Expression>, write: bool) -> bool {
        match root(func, pointer) {
            Root::Local => true,
            Root::Global(g) => {
                if write {
                    self.writable.contains(&g)
                } else {
                    self.readable.contains(&g)
                }
            }
            Root::Argument(i) => func.arguments.get(i as usize).is_some_and(|a| self.own_pointers.contains(&a.ty)),
            Root::Other => false,
        }
    }
}

/// Where a `break` or `continue` among the moved statements goes.
#[derive(Clone, Copy, Default)]
struct Nest {
    in_loop: bool,
    in_switch: bool,
}

/// Whether a handle global is a storage texture the shader may write (or an array of them).
fn written_image(module: &Module, ty: Handle<naga::Type>) -> bool {
    match module.types[ty].inner {
        TypeInner::BindingArray { base, .. } => written_image(module, base),
        TypeInner::Image { class: naga::ImageClass::Storage { access, .. }, .. } => access.contains(StorageAccess::STORE),
        _ => false,
    }
}

/// Whether `func` has a loop tested by `loop_exit_guard` with a branch worth moving.
fn has_movable_branch(facts: &Facts, func: &Function) -> bool {
    let mut found = false;
    guard::visit_statements(&func.body, &mut |s| {
        if let Statement::Loop { body, .. } = s {
            found |= eligible(facts, func, body) && branches(body).any(|b| movable(facts, func, b));
        }
    });
    found
}

/// Whether the pass works on a loop with this body.
fn eligible(facts: &Facts, func: &Function, body: &Block) -> bool {
    match facts.loops {
        Loops::Guarded => is_guarded(facts, func, body),
        Loops::Untested => !loop_exit_guard::head_test(func, body),
        Loops::None => false,
    }
}

/// Whether a loop body starts with `loop_exit_guard`'s test.
fn is_guarded(facts: &Facts, func: &Function, body: &Block) -> bool {
    let Some(Statement::If { condition, accept, reject }) = body.iter().find(|s| !matches!(s, Statement::Emit(_))) else {
        return false;
    };
    if !(matches!(accept.first(), Some(Statement::Break)) && accept.len() == 1 && reject.is_empty()) {
        return false;
    }
    let Expression::Binary { op: BinaryOperator::Equal, left, .. } = func.expressions[*condition] else {
        return false;
    };
    let Expression::Load { pointer } = func.expressions[left] else {
        return false;
    };
    match func.expressions[pointer] {
        Expression::GlobalVariable(g) => facts.guard == Some(g),
        Expression::LocalVariable(v) => func.local_variables[v].name.as_deref() == Some(COUNTER),
        _ => false,
    }
}

/// The branches of the `if`s of a loop body, outside nested loops and switches.
fn branches(block: &Block) -> impl Iterator<Item = &Block> {
    let mut out = Vec::new();
    let mut stack = vec![block];
    while let Some(b) = stack.pop() {
        for s in b.iter() {
            match s {
                Statement::If { accept, reject, .. } => {
                    out.extend([accept, reject]);
                    stack.extend([accept, reject]);
                }
                Statement::Block(inner) => stack.push(inner),
                _ => {}
            }
        }
    }
    out.into_iter()
}

/// Whether a branch ends in `break` or `return` after work that may move and is worth it.
fn movable(facts: &Facts, func: &Function, branch: &Block) -> bool {
    let Some((last, work)) = branch.split_last() else {
        return false;
    };
    // The closing `break` or `return` weighs nothing.
    matches!(last, Statement::Break | Statement::Return { .. }) && facts.block_moves(func, work, Nest::default()) && weight(branch) >= MIN_WORK
}

/// How much work a block holds: emitted expressions, and [`HEAVY`] per call or loop.
fn weight(block: &Block) -> usize {
    let mut total = 0;
    guard::visit_statements(block, &mut |s| match s {
        Statement::Emit(range) => total += range.clone().count(),
        Statement::Loop { .. } | Statement::Call { .. } => total += HEAVY,
        _ => {}
    });
    total
}

/// The expressions a block's statements emit or bind as results, recursively.
fn defined(block: &Block, out: &mut HashSet<Handle<Expression>>) {
    guard::visit_statements(block, &mut |s| match s {
        Statement::Emit(range) => out.extend(range.clone()),
        Statement::Call { result: Some(r), .. } | Statement::Atomic { result: Some(r), .. } => {
            out.insert(*r);
        }
        Statement::WorkGroupUniformLoad { result, .. }
        | Statement::SubgroupBallot { result, .. }
        | Statement::SubgroupGather { result, .. }
        | Statement::SubgroupCollectiveOperation { result, .. }
        | Statement::RayQuery { fun: naga::RayQueryFunction::Proceed { result }, .. } => {
            out.insert(*result);
        }
        _ => {}
    });
}

/// The expressions a branch reads: its statements' operands and those of the expressions it
/// emits.
fn referenced(func: &Function, branch: &Block) -> HashSet<Handle<Expression>> {
    let mut out = HashSet::new();
    let mut copy = branch.clone();
    block_handles_mut(&mut copy, &mut |h| {
        out.insert(*h);
    });
    emit_ranges_mut(&mut copy, &mut |range| {
        for e in range.clone() {
            let mut expr = func.expressions[e].clone();
            expression_handles_mut(&mut expr, &mut |h| {
                out.insert(*h);
            });
        }
    });
    out
}

/// A branch to move: the values it carries out of the loop and the access chains it
/// recomputes after it.
struct Plan {
    carried: Vec<(Handle<Expression>, Handle<naga::Type>)>,
    recomputed: Vec<Handle<Expression>>,
}

/// Rewrites one function.
struct Sinker<'a> {
    facts: &'a Facts,
    typifier: naga::front::Typifier,
    u32_ty: Handle<naga::Type>,
    /// The expressions of moved branches, which their copies replace.
    moved: HashSet<Handle<Expression>>,
}

impl Sinker<'_> {
    /// `block` with the movable branches of its guarded loops moved (inner loops first).
    fn block(&mut self, module: &mut Module, func: &mut Function, block: Block) -> Block {
        let mut out = Block::with_capacity(block.len());
        for (stmt, span) in block.span_into_iter() {
            match stmt {
                Statement::Loop { body, continuing, break_if } => {
                    let body = self.block(module, func, body);
                    let continuing = self.block(module, func, continuing);
                    let mut after = Block::new();
                    let body = if eligible(self.facts, func, &body) {
                        let mut inside = HashSet::new();
                        defined(&body, &mut inside);
                        defined(&continuing, &mut inside);
                        let mut exits = Exits { var: None, count: 0 };
                        let body = self.loop_body(module, func, body, &inside, &mut exits, &mut after);
                        // The exit variable starts at 0 each time the loop starts (it may be
                        // nested in another loop).
                        if let Some(var) = exits.var {
                            let pointer = func.expressions.append(Expression::LocalVariable(var), span);
                            let value = func.expressions.append(Expression::Literal(Literal::U32(0)), span);
                            out.push(Statement::Store { pointer, value }, span);
                        }
                        body
                    } else {
                        body
                    };
                    out.push(Statement::Loop { body, continuing, break_if }, span);
                    out.append(&mut after);
                }
                Statement::Block(b) => out.push(Statement::Block(self.block(module, func, b)), span),
                Statement::If { condition, accept, reject } => {
                    let accept = self.block(module, func, accept);
                    let reject = self.block(module, func, reject);
                    out.push(Statement::If { condition, accept, reject }, span);
                }
                Statement::Switch { selector, mut cases } => {
                    for c in &mut cases {
                        let body = std::mem::take(&mut c.body);
                        c.body = self.block(module, func, body);
                    }
                    out.push(Statement::Switch { selector, cases }, span);
                }
                other => out.push(other, span),
            }
        }
        out
    }

    /// A guarded loop's body (or a block of it outside nested loops and switches) with its
    /// movable branches replaced by stores and `break`; their work goes to `after`.
    fn loop_body(&mut self, module: &mut Module, func: &mut Function, block: Block, inside: &HashSet<Handle<Expression>>, exits: &mut Exits, after: &mut Block) -> Block {
        let mut out = Block::with_capacity(block.len());
        for (stmt, span) in block.span_into_iter() {
            let stmt = match stmt {
                Statement::If { condition, accept, reject } => {
                    let accept = self.branch(module, func, accept, inside, exits, after);
                    let reject = self.branch(module, func, reject, inside, exits, after);
                    Statement::If { condition, accept, reject }
                }
                Statement::Block(b) => Statement::Block(self.loop_body(module, func, b, inside, exits, after)),
                other => other,
            };
            out.push(stmt, span);
        }
        out
    }

    /// One branch: moved when it can be, else searched for nested branches.
    fn branch(&mut self, module: &mut Module, func: &mut Function, branch: Block, inside: &HashSet<Handle<Expression>>, exits: &mut Exits, after: &mut Block) -> Block {
        if movable(self.facts, func, &branch) {
            if let Some(plan) = self.plan(module, func, &branch, inside) {
                return self.sink(func, branch, plan, exits, after);
            }
        }
        self.loop_body(module, func, branch, inside, exits, after)
    }

    /// What a movable branch carries, or `None` when it carries too much or a value no
    /// variable can hold.
    fn plan(&mut self, module: &mut Module, func: &Function, branch: &Block, inside: &HashSet<Handle<Expression>>) -> Option<Plan> {
        let mut own = HashSet::new();
        defined(branch, &mut own);
        let mut pending: Vec<Handle<Expression>> = referenced(func, branch).into_iter().filter(|h| inside.contains(h) && !own.contains(h)).collect();
        let (mut values, mut recomputed) = (HashSet::new(), HashSet::new());
        while let Some(h) = pending.pop() {
            if values.contains(&h) || recomputed.contains(&h) {
                continue;
            }
            match func.expressions[h] {
                Expression::Access { base, .. } | Expression::AccessIndex { base, .. } if !matches!(root(func, base), Root::Other) => {
                    recomputed.insert(h);
                    let mut expr = func.expressions[h].clone();
                    expression_handles_mut(&mut expr, &mut |o| {
                        if inside.contains(o) && !own.contains(o) {
                            pending.push(*o);
                        }
                    });
                }
                _ => {
                    values.insert(h);
                }
            }
        }
        if values.len() > MAX_CARRIED {
            return None;
        }
        let mut values: Vec<Handle<Expression>> = values.into_iter().collect();
        values.sort_unstable();
        let mut resolved = Vec::with_capacity(values.len());
        {
            let ctx = naga::proc::ResolveContext::with_locals(module, &func.local_variables, &func.arguments);
            for &h in &values {
                self.typifier.grow(h, &func.expressions, &ctx).ok()?;
                let inner = self.typifier.get(h, &module.types);
                if !storable(module, inner) {
                    return None;
                }
                resolved.push((h, self.typifier[h].clone()));
            }
        }
        let carried = resolved
            .into_iter()
            .map(|(h, resolution)| {
                let ty = match resolution {
                    naga::proc::TypeResolution::Handle(ty) => ty,
                    naga::proc::TypeResolution::Value(inner) => module.types.insert(naga::Type { name: None, inner }, Span::UNDEFINED),
                };
                (h, ty)
            })
            .collect();
        let mut recomputed: Vec<Handle<Expression>> = recomputed.into_iter().collect();
        recomputed.sort_unstable();
        Some(Plan { carried, recomputed })
    }

    /// Replaces a branch by stores of what it carries and a `break`, and appends its work to
    /// `after` under a test of the exit it took.
    fn sink(&mut self, func: &mut Function, branch: Block, plan: Plan, exits: &mut Exits, after: &mut Block) -> Block {
        let span = branch.span_iter().last().map_or(Span::UNDEFINED, |(_, s)| *s);
        let u32_ty = self.u32_ty;
        let exit = *exits.var.get_or_insert_with(|| {
            let zero = func.expressions.append(Expression::Literal(Literal::U32(0)), span);
            func.local_variables.append(LocalVariable { name: Some("sunk_exit".into()), ty: u32_ty, init: Some(zero) }, span)
        });
        exits.count += 1;
        let number = exits.count;

        // In the loop: carry the values, say which exit, leave.
        let mut stores = Block::new();
        let mut temporaries = Vec::with_capacity(plan.carried.len());
        for &(value, ty) in &plan.carried {
            let zero = func.expressions.append(Expression::ZeroValue(ty), span);
            let var = func.local_variables.append(LocalVariable { name: Some("sunk_value".into()), ty, init: Some(zero) }, span);
            let pointer = func.expressions.append(Expression::LocalVariable(var), span);
            stores.push(Statement::Store { pointer, value }, span);
            temporaries.push((value, pointer));
        }
        let pointer = func.expressions.append(Expression::LocalVariable(exit), span);
        let value = func.expressions.append(Expression::Literal(Literal::U32(number)), span);
        stores.push(Statement::Store { pointer, value }, span);
        stores.push(Statement::Break, span);

        // After the loop: `if sunk_exit == number { loads; recomputed chains; work }`.
        let exit_pointer = func.expressions.append(Expression::LocalVariable(exit), span);
        let number_value = func.expressions.append(Expression::Literal(Literal::U32(number)), span);
        let taken = func.expressions.append(Expression::Load { pointer: exit_pointer }, span);
        let test = func.expressions.append(Expression::Binary { op: BinaryOperator::Equal, left: taken, right: number_value }, span);
        after.push(Statement::Emit(naga::Range::new_from_bounds(taken, test)), span);
        let mut map: HashMap<Handle<Expression>, Handle<Expression>> = HashMap::new();
        let mut work = Block::new();
        let mut bounds: Option<(Handle<Expression>, Handle<Expression>)> = None;
        for (value, pointer) in temporaries {
            let load = func.expressions.append(Expression::Load { pointer }, func.expressions.get_span(value));
            bounds = Some((bounds.map_or(load, |(first, _)| first), load));
            map.insert(value, load);
        }
        for h in plan.recomputed {
            let copy = copy_expression(func, h, &map);
            bounds = Some((bounds.map_or(copy, |(first, _)| first), copy));
            map.insert(h, copy);
        }
        if let Some((first, last)) = bounds {
            work.push(Statement::Emit(naga::Range::new_from_bounds(first, last)), span);
        }
        defined(&branch, &mut self.moved);
        let mut statements: Vec<(Statement, Span)> = branch.span_into_iter().collect();
        if matches!(statements.last(), Some((Statement::Break, _))) {
            statements.pop();
        }
        let moved = statements.into_iter().fold(Block::new(), |mut b, (s, sp)| {
            b.push(s, sp);
            b
        });
        work.append(&mut copy_block(func, &moved, &mut map));
        for (old, new) in map {
            // The moved expressions keep their names (the carried values keep theirs).
            if let Some(name) = func.named_expressions.get(&old).filter(|_| self.moved.contains(&old)).cloned() {
                func.named_expressions.insert(new, name);
            }
        }
        after.push(Statement::If { condition: test, accept: work, reject: Block::new() }, span);
        stores
    }
}

/// The exit variable of one loop and how many moved branches use it.
struct Exits {
    var: Option<Handle<LocalVariable>>,
    count: u32,
}

/// Whether a function variable can hold a value of this type.
fn storable(module: &Module, inner: &TypeInner) -> bool {
    match *inner {
        TypeInner::Scalar(_) | TypeInner::Vector { .. } | TypeInner::Matrix { .. } => true,
        TypeInner::Array { base, size: naga::ArraySize::Constant(_), .. } => storable(module, &module.types[base].inner),
        TypeInner::Struct { ref members, .. } => members.iter().all(|m| storable(module, &module.types[m.ty].inner)),
        _ => false,
    }
}

/// Appends a copy of expression `h` with its operands mapped.
fn copy_expression(func: &mut Function, h: Handle<Expression>, map: &HashMap<Handle<Expression>, Handle<Expression>>) -> Handle<Expression> {
    let mut expr = func.expressions[h].clone();
    expression_handles_mut(&mut expr, &mut |o| {
        if let Some(&n) = map.get(o) {
            *o = n;
        }
    });
    let span = func.expressions.get_span(h);
    func.expressions.append(expr, span)
}

/// A copy of moved statements whose expressions are appended anew (naga wants an
/// expression's operands before it, and the carried values' loads come last), `map` taking
/// each old handle to its copy.
fn copy_block(func: &mut Function, block: &Block, map: &mut HashMap<Handle<Expression>, Handle<Expression>>) -> Block {
    let mut out = Block::with_capacity(block.len());
    for (stmt, &span) in block.span_iter() {
        let m = |h: Handle<Expression>, map: &HashMap<Handle<Expression>, Handle<Expression>>| *map.get(&h).unwrap_or(&h);
        let stmt = match stmt {
            Statement::Emit(range) => {
                let mut bounds = None;
                for h in range.clone() {
                    let copy = copy_expression(func, h, map);
                    map.insert(h, copy);
                    bounds = Some((bounds.map_or(copy, |(first, _)| first), copy));
                }
                match bounds {
                    Some((first, last)) => Statement::Emit(naga::Range::new_from_bounds(first, last)),
                    None => continue,
                }
            }
            Statement::Block(b) => Statement::Block(copy_block(func, b, map)),
            Statement::If { condition, accept, reject } => {
                let condition = m(*condition, map);
                Statement::If { condition, accept: copy_block(func, accept, map), reject: copy_block(func, reject, map) }
            }
            Statement::Switch { selector, cases } => {
                let selector = m(*selector, map);
                let cases = cases.iter().map(|c| naga::SwitchCase { value: c.value, body: copy_block(func, &c.body, map), fall_through: c.fall_through }).collect();
                Statement::Switch { selector, cases }
            }
            Statement::Loop { body, continuing, break_if } => {
                let body = copy_block(func, body, map);
                let continuing = copy_block(func, continuing, map);
                Statement::Loop { body, continuing, break_if: break_if.map(|h| m(h, map)) }
            }
            Statement::Store { pointer, value } => Statement::Store { pointer: m(*pointer, map), value: m(*value, map) },
            Statement::Call { function, arguments, result } => {
                let arguments = arguments.iter().map(|&a| m(a, map)).collect();
                let result = result.map(|r| {
                    let copy = func.expressions.append(Expression::CallResult(*function), func.expressions.get_span(r));
                    map.insert(r, copy);
                    copy
                });
                Statement::Call { function: *function, arguments, result }
            }
            Statement::Return { value } => Statement::Return { value: value.map(|h| m(h, map)) },
            // `break` and `continue` of nested loops and switches; [`Facts::moves`] allows
            // nothing else.
            other => other.clone(),
        };
        out.push(stmt, span);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::loop_exit_guard;
    use crate::passes::tests::wgsl_of;

    fn module(src: &str) -> Module {
        naga::front::wgsl::parse_str(src).unwrap()
    }

    /// The module after `loop_exit_guard` (SPIR-V), then this pass.
    fn guarded_then_sunk(src: &str) -> (String, String) {
        let mut m = module(src);
        loop_exit_guard::run(&mut m, &loop_exit_guard::Config { enabled: true, stand_ins: Vec::new() });
        let guarded = wgsl_of(&m);
        run(&mut m, &Config { loops: Loops::Guarded });
        (guarded, wgsl_of(&m))
    }

    fn at(wgsl: &str, s: &str) -> usize {
        wgsl.find(s).unwrap_or_else(|| panic!("no `{s}` in:\n{wgsl}"))
    }

    const WATERFALL: &str = "
        @group(0) @binding(0) var<storage, read_write> out: array<u32>;
        fn mix(h: u32) -> u32 { return (h ^ (h >> 16u)) * 0x7feb352du; }
        @compute @workgroup_size(8)
        fn main(@builtin(local_invocation_index) t: u32) {
            var result = 0u;
            loop {
                let k = subgroupBroadcastFirst(t & 3u);
                if k == (t & 3u) {
                    var h = k + 1u;
                    for (var i = 0u; i < 8u; i++) { h = mix(h + i); }
                    result = h;
                    break;
                }
            }
            out[t] = result;
        }";

    #[test]
    fn the_breaking_branch_runs_after_the_loop() {
        let (_, wgsl) = guarded_then_sunk(WATERFALL);
        // In the loop: the carried key, the exit number, `break`; the hash loop after it.
        let (store, exit, test, hash) = (at(&wgsl, "sunk_value = _e"), at(&wgsl, "sunk_exit = 1u;"), at(&wgsl, " == 1u) {"), at(&wgsl, "= mix_("));
        assert!(store < exit && exit < test && test < hash, "{wgsl}");
        assert!(wgsl.contains("var sunk_value: u32 = u32();") && wgsl.contains("var sunk_exit: u32 = 0u;"), "{wgsl}");
        // The loop holds no call any more.
        let body = &wgsl[at(&wgsl, "loop {")..test];
        assert!(!body.contains("mix_("), "{wgsl}");
    }

    #[test]
    fn a_returning_branch_and_recomputed_pointers_move() {
        // The branch reads a local array at an index computed in the loop (a pointer,
        // recomputed after it) and returns.
        let src = "
            @group(0) @binding(0) var<storage, read> keys: array<u32>;
            @group(0) @binding(1) var<storage, read_write> out: array<u32>;
            fn find(t: u32) -> u32 {
                var table = array<u32, 4>(3u, 5u, 7u, 11u);
                var n = t;
                loop {
                    n = n * 3u + 1u;
                    let i = n & 3u;
                    if keys[n & 7u] == 0u {
                        var h = table[i] + n;
                        h = h * h + keys[i];
                        h = (h ^ (h >> 5u)) * 0x9e3779b9u;
                        return h;
                    }
                }
                return 0u;
            }
            @compute @workgroup_size(8)
            fn main(@builtin(local_invocation_index) t: u32) { out[t] = find(t); }";
        let (_, wgsl) = guarded_then_sunk(src);
        let (exit, ret) = (at(&wgsl, "sunk_exit = 1u;"), at(&wgsl, "return _e"));
        assert!(exit < ret, "{wgsl}");
        assert_eq!(wgsl.matches("var sunk_value").count(), 1, "i is carried (n is a local):\n{wgsl}");
    }

    #[test]
    fn untested_loops_move_without_a_guard() {
        // The WGSL target: no guard, every loop without a head test.
        let mut m = module(WATERFALL);
        run(&mut m, &Config { loops: Loops::Untested });
        let wgsl = wgsl_of(&m);
        assert!(!wgsl.contains("loop_exit_guard"), "{wgsl}");
        let (exit, hash) = (at(&wgsl, "sunk_exit = 1u;"), at(&wgsl, "= mix_("));
        assert!(exit < hash, "{wgsl}");
    }

    #[test]
    fn nested_loops_reset_the_exit() {
        let src = "
            @group(0) @binding(0) var<storage, read_write> out: array<u32>;
            @compute @workgroup_size(8)
            fn main(@builtin(local_invocation_index) t: u32) {
                var total = 0u;
                for (var j = 0u; j < 4u; j++) {
                    var n = t + j;
                    loop {
                        n = n / 2u + 1u;
                        if n < 5u { total += n * n + j * 3u + (n ^ j); break; }
                        if n == 1000u { break; }
                    }
                }
                out[t] = total;
            }";
        let (_, wgsl) = guarded_then_sunk(src);
        let (reset, inner) = (at(&wgsl, "sunk_exit = 0u;"), wgsl.rfind("loop {").unwrap());
        assert!(reset < inner, "the exit is reset before the inner loop:\n{wgsl}");
    }

    #[test]
    fn feature_absent_module_unchanged() {
        // Branches that run a wave operation, write storage, or have little work; a loop with
        // a head test (no guard); and the pass disabled.
        let src = "
            @group(0) @binding(0) var<storage, read_write> out: array<u32>;
            var<workgroup> tile: array<u32, 8>;
            @compute @workgroup_size(8)
            fn main(@builtin(local_invocation_index) t: u32) {
                var n = t;
                loop {
                    let k = subgroupBroadcastFirst(n);
                    if k == n { n = subgroupAdd(n * 3u + 1u) + (n ^ 7u) * 5u; break; }
                }
                loop {
                    n = n * 3u + 1u;
                    if n > 100u { out[t + 1u] = n * n + (n ^ 5u) * 7u; break; }
                    if n > 50u { n = tile[n & 7u] * n + (n ^ 3u) * 9u; break; }
                    if n > 10u { n += 1u; break; }
                }
                while n < 1000u { if n == 7u { n = (n * n + 3u) * (n ^ 9u) + 1u; break; } n += 2u; }
                out[t] = n;
            }";
        let (guarded, wgsl) = guarded_then_sunk(src);
        assert_eq!(wgsl, guarded);
        let mut m = module(src);
        let before = wgsl_of(&m);
        run(&mut m, &Config { loops: Loops::Untested });
        assert_eq!(wgsl_of(&m), before);
        let mut m = module(WATERFALL);
        loop_exit_guard::run(&mut m, &loop_exit_guard::Config { enabled: true, stand_ins: Vec::new() });
        let before = wgsl_of(&m);
        run(&mut m, &Config { loops: Loops::None });
        assert_eq!(wgsl_of(&m), before);
        // No guard at all (the WGSL target): nothing is a guarded loop.
        let mut m = module(WATERFALL);
        let before = wgsl_of(&m);
        run(&mut m, &Config { loops: Loops::Guarded });
        assert_eq!(wgsl_of(&m), before);
    }
}
