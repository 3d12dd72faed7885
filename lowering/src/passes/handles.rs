//! Handle plumbing for naga passes: visiting every expression handle of an expression or a
//! block, and inserting expressions into the middle of a function's expression arena.
//!
//! naga requires an expression to refer only to expressions with smaller handles, so a pass
//! that turns a statement's result into something computed from a new expression (a guarded
//! atomic whose result becomes a load from a temporary) needs a free slot *before* the result.
//! [`insert_slots`] rebuilds the arena with a placeholder before each requested expression and
//! renumbers every handle in the function; the pass then overwrites the placeholders.

use naga::{Block, Expression, Function, Handle, Statement};
use std::collections::HashSet;

/// Calls `f` on every expression handle inside `e` (its operands).
pub(crate) fn expression_handles_mut(e: &mut Expression, f: &mut dyn FnMut(&mut Handle<Expression>)) {
    use naga::Expression as E;
    let opt = |h: &mut Option<Handle<Expression>>, f: &mut dyn FnMut(&mut Handle<Expression>)| {
        if let Some(h) = h {
            f(h);
        }
    };
    match e {
        E::Literal(_)
        | E::Constant(_)
        | E::Override(_)
        | E::ZeroValue(_)
        | E::FunctionArgument(_)
        | E::GlobalVariable(_)
        | E::LocalVariable(_)
        | E::CallResult(_)
        | E::AtomicResult { .. }
        | E::WorkGroupUniformLoadResult { .. }
        | E::RayQueryProceedResult
        | E::SubgroupBallotResult
        | E::SubgroupOperationResult { .. } => {}
        E::Compose { components, .. } => components.iter_mut().for_each(&mut *f),
        E::Access { base, index } => {
            f(base);
            f(index);
        }
        E::AccessIndex { base, .. } => f(base),
        E::Splat { value, .. } => f(value),
        E::Swizzle { vector, .. } => f(vector),
        E::Load { pointer } => f(pointer),
        E::ImageSample { image, sampler, coordinate, array_index, offset, level, depth_ref, .. } => {
            f(image);
            f(sampler);
            f(coordinate);
            opt(array_index, f);
            opt(offset, f);
            match level {
                naga::SampleLevel::Auto | naga::SampleLevel::Zero => {}
                naga::SampleLevel::Exact(h) | naga::SampleLevel::Bias(h) => f(h),
                naga::SampleLevel::Gradient { x, y } => {
                    f(x);
                    f(y);
                }
            }
            opt(depth_ref, f);
        }
        E::ImageLoad { image, coordinate, array_index, sample, level } => {
            f(image);
            f(coordinate);
            opt(array_index, f);
            opt(sample, f);
            opt(level, f);
        }
        E::ImageQuery { image, query } => {
            f(image);
            if let naga::ImageQuery::Size { level: Some(l) } = query {
                f(l);
            }
        }
        E::Unary { expr, .. } => f(expr),
        E::Binary { left, right, .. } => {
            f(left);
            f(right);
        }
        E::Select { condition, accept, reject } => {
            f(condition);
            f(accept);
            f(reject);
        }
        E::Derivative { expr, .. } => f(expr),
        E::Relational { argument, .. } => f(argument),
        E::Math { arg, arg1, arg2, arg3, .. } => {
            f(arg);
            opt(arg1, f);
            opt(arg2, f);
            opt(arg3, f);
        }
        E::As { expr, .. } => f(expr),
        E::ArrayLength(h) => f(h),
        E::RayQueryVertexPositions { query, .. } | E::RayQueryGetIntersection { query, .. } => f(query),
        E::CooperativeLoad { data, .. } => {
            f(&mut data.pointer);
            f(&mut data.stride);
        }
        E::CooperativeMultiplyAdd { a, b, c } => {
            f(a);
            f(b);
            f(c);
        }
    }
}

/// Calls `f` on every expression handle used by the statements of `block`, recursively
/// (Emit ranges excepted: see [`emit_ranges_mut`]).
pub(crate) fn block_handles_mut(block: &mut Block, f: &mut dyn FnMut(&mut Handle<Expression>)) {
    for (stmt, _) in block.span_iter_mut() {
        statement_handles_mut(stmt, f);
    }
}

fn statement_handles_mut(stmt: &mut Statement, f: &mut dyn FnMut(&mut Handle<Expression>)) {
    use naga::Statement as S;
    let opt = |h: &mut Option<Handle<Expression>>, f: &mut dyn FnMut(&mut Handle<Expression>)| {
        if let Some(h) = h {
            f(h);
        }
    };
    match stmt {
        S::Emit(_) | S::Break | S::Continue | S::Kill | S::ControlBarrier(_) | S::MemoryBarrier(_) => {}
        S::Block(b) => block_handles_mut(b, f),
        S::If { condition, accept, reject } => {
            f(condition);
            block_handles_mut(accept, f);
            block_handles_mut(reject, f);
        }
        S::Switch { selector, cases } => {
            f(selector);
            for c in cases {
                block_handles_mut(&mut c.body, f);
            }
        }
        S::Loop { body, continuing, break_if } => {
            block_handles_mut(body, f);
            block_handles_mut(continuing, f);
            opt(break_if, f);
        }
        S::Return { value } => opt(value, f),
        S::Store { pointer, value } => {
            f(pointer);
            f(value);
        }
        S::ImageStore { image, coordinate, array_index, value } => {
            f(image);
            f(coordinate);
            opt(array_index, f);
            f(value);
        }
        S::Atomic { pointer, fun, value, result } => {
            f(pointer);
            if let naga::AtomicFunction::Exchange { compare: Some(c) } = fun {
                f(c);
            }
            f(value);
            opt(result, f);
        }
        S::ImageAtomic { image, coordinate, array_index, fun, value } => {
            f(image);
            f(coordinate);
            opt(array_index, f);
            if let naga::AtomicFunction::Exchange { compare: Some(c) } = fun {
                f(c);
            }
            f(value);
        }
        S::WorkGroupUniformLoad { pointer, result } => {
            f(pointer);
            f(result);
        }
        S::Call { arguments, result, .. } => {
            arguments.iter_mut().for_each(&mut *f);
            opt(result, f);
        }
        S::RayQuery { query, fun } => {
            f(query);
            match fun {
                naga::RayQueryFunction::Initialize { acceleration_structure, descriptor } => {
                    f(acceleration_structure);
                    f(descriptor);
                }
                naga::RayQueryFunction::Proceed { result } => f(result),
                naga::RayQueryFunction::GenerateIntersection { hit_t } => f(hit_t),
                naga::RayQueryFunction::ConfirmIntersection | naga::RayQueryFunction::Terminate => {}
            }
        }
        S::RayPipelineFunction(naga::RayPipelineFunction::TraceRay { acceleration_structure, descriptor, payload }) => {
            f(acceleration_structure);
            f(descriptor);
            f(payload);
        }
        S::SubgroupBallot { result, predicate } => {
            f(result);
            opt(predicate, f);
        }
        S::SubgroupGather { mode, argument, result } => {
            gather_mode_handles_mut(mode, f);
            f(argument);
            f(result);
        }
        S::SubgroupCollectiveOperation { argument, result, .. } => {
            f(argument);
            f(result);
        }
        S::CooperativeStore { target, data } => {
            f(target);
            f(&mut data.pointer);
            f(&mut data.stride);
        }
    }
}

fn gather_mode_handles_mut(mode: &mut naga::GatherMode, f: &mut dyn FnMut(&mut Handle<Expression>)) {
    use naga::GatherMode as G;
    match mode {
        G::BroadcastFirst | G::QuadSwap(_) => {}
        G::Broadcast(h) | G::Shuffle(h) | G::ShuffleDown(h) | G::ShuffleUp(h) | G::ShuffleXor(h) | G::QuadBroadcast(h) => f(h),
    }
}

/// Calls `f` on every `Emit` range of `block`, recursively.
pub(crate) fn emit_ranges_mut(block: &mut Block, f: &mut dyn FnMut(&mut naga::Range<Expression>)) {
    for (stmt, _) in block.span_iter_mut() {
        match stmt {
            Statement::Emit(r) => f(r),
            Statement::Block(b) => emit_ranges_mut(b, f),
            Statement::If { accept, reject, .. } => {
                emit_ranges_mut(accept, f);
                emit_ranges_mut(reject, f);
            }
            Statement::Switch { cases, .. } => cases.iter_mut().for_each(|c| emit_ranges_mut(&mut c.body, f)),
            Statement::Loop { body, continuing, .. } => {
                emit_ranges_mut(body, f);
                emit_ranges_mut(continuing, f);
            }
            _ => {}
        }
    }
}

/// Inserts a placeholder expression (a `u32` literal, which needs no `Emit`) immediately
/// before each expression in `before`, renumbering every handle of the function. Returns, for
/// each requested expression in order, `(slot, moved)`: the placeholder's handle and the
/// expression's new handle.
///
/// The requested expressions must be statement results (`AtomicResult`,
/// `SubgroupOperationResult` …), which no `Emit` range covers, so no range gains the slot.
pub(crate) fn insert_slots(func: &mut Function, before: &[Handle<Expression>]) -> Vec<(Handle<Expression>, Handle<Expression>)> {
    let wanted: HashSet<Handle<Expression>> = before.iter().copied().collect();
    let old = std::mem::take(&mut func.expressions);
    // First pass: new handles.
    let mut map: Vec<Option<Handle<Expression>>> = vec![None; old.len()];
    let mut slots = std::collections::HashMap::new();
    let mut next = naga::Arena::<Expression>::new();
    let mut entries: Vec<(Expression, naga::Span)> = Vec::with_capacity(old.len() + before.len());
    for (h, e) in old.iter() {
        let span = old.get_span(h);
        if wanted.contains(&h) {
            let slot = next.append(Expression::Literal(naga::Literal::U32(0)), span);
            entries.push((Expression::Literal(naga::Literal::U32(0)), span));
            slots.insert(h, slot);
        }
        let nh = next.append(Expression::Literal(naga::Literal::U32(0)), span);
        map[h.index()] = Some(nh);
        entries.push((e.clone(), span));
    }
    // Second pass: the same expressions with renumbered operands.
    let mut rebuilt = naga::Arena::new();
    for (mut e, span) in entries {
        expression_handles_mut(&mut e, &mut |h| remap(&map, h));
        rebuilt.append(e, span);
    }
    func.expressions = rebuilt;
    renumber(func, &map);
    before.iter().map(|h| (slots[h], map[h.index()].expect("every expression is mapped"))).collect()
}

/// Removes the expressions in `dead` from a function's arena, renumbering every remaining
/// handle. Nothing that remains may use them (naga rejects expressions that no statement
/// emits, so a pass that rebuilds statements elsewhere removes the originals).
pub(crate) fn remove_expressions(func: &mut Function, dead: &HashSet<Handle<Expression>>) {
    if dead.is_empty() {
        return;
    }
    let old = std::mem::take(&mut func.expressions);
    let mut map: Vec<Option<Handle<Expression>>> = vec![None; old.len()];
    let mut rebuilt = naga::Arena::new();
    for (h, e) in old.iter() {
        if dead.contains(&h) {
            continue;
        }
        let mut e = e.clone();
        expression_handles_mut(&mut e, &mut |o| remap(&map, o));
        map[h.index()] = Some(rebuilt.append(e, old.get_span(h)));
    }
    func.expressions = rebuilt;
    func.named_expressions.retain(|h, _| !dead.contains(h));
    renumber(func, &map);
}

/// `h`'s new handle under `map` (old index → new handle), if it has one.
fn remap(map: &[Option<Handle<Expression>>], h: &mut Handle<Expression>) {
    if let Some(n) = map.get(h.index()).copied().flatten() {
        *h = n;
    }
}

/// Renumbers the handles of a function's statements, `Emit` ranges, names and local
/// initializers after its arena was rebuilt.
fn renumber(func: &mut Function, map: &[Option<Handle<Expression>>]) {
    block_handles_mut(&mut func.body, &mut |h| remap(map, h));
    emit_ranges_mut(&mut func.body, &mut |r| {
        if let Some((first, last)) = r.first_and_last() {
            let (mut a, mut b) = (first, last);
            remap(map, &mut a);
            remap(map, &mut b);
            *r = naga::Range::new_from_bounds(a, b);
        }
    });
    let named = std::mem::take(&mut func.named_expressions);
    for (mut h, name) in named {
        remap(map, &mut h);
        func.named_expressions.insert(h, name);
    }
    for l in func.local_variables.iter_mut() {
        // Local initializers are expressions of the function's arena too.
        if let Some(init) = &mut l.1.init {
            remap(map, init);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_renumber_every_handle() {
        let src = "
@group(0) @binding(0) var<storage, read_write> buf: array<atomic<u32>, 4>;
@fragment fn main() -> @location(0) vec4<f32> {
    let a = atomicAdd(&buf[0], 1u);
    let b = a + 2u;
    return vec4<f32>(f32(b));
}";
        let mut module = naga::front::wgsl::parse_str(src).unwrap();
        let func = &mut module.entry_points[0].function;
        let result = func.expressions.iter().find(|(_, e)| matches!(e, Expression::AtomicResult { .. })).map(|(h, _)| h).unwrap();
        let n = func.expressions.len();
        let got = insert_slots(func, &[result]);
        assert_eq!(func.expressions.len(), n + 1);
        let (slot, moved) = got[0];
        assert_eq!(slot.index() + 1, moved.index());
        assert!(matches!(func.expressions[moved], Expression::AtomicResult { .. }));
        // The module is still valid: every operand and range follows the renumbering.
        naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all()).validate(&module).unwrap();
    }
}
