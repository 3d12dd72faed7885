//! Inline ray tracing in WGSL, which naga 30's WGSL writer cannot print.
//!
//! naga's IR, validator and WGSL front end have ray queries (wgpu's `enable wgpu_ray_query;`:
//! `ray_query`, `rayQueryInitialize`, `rayQueryProceed`, `rayQueryGetCommittedIntersection` …),
//! but its WGSL writer stops on `Statement::RayQuery` and `Expression::RayQueryGetIntersection`
//! (`unreachable!`). This module writes them anyway: a copy of the module gets one body-less
//! stand-in function per ray-query operation (`hlslc_ray_query_proceed(q: ptr<function,
//! ray_query>) -> bool` …), each operation becomes a call of its stand-in (an intersection read,
//! an expression, becomes a call statement at its place in its `Emit` range), naga writes that
//! module, and the text is then edited: the stand-ins' definitions are dropped, their calls
//! renamed to the WGSL built-ins they stand for (same operands, same order), the definitions of
//! `RayDesc` and `RayIntersection` (predeclared in WGSL, and naga's special types are laid out
//! as its front end predeclares them) dropped, and `enable wgpu_ray_query;` added. Reading the
//! text back with naga's WGSL front end gives the original ray-query statements
//! (`tests/e2e.rs` re-parses and validates every WGSL module; `tests/rayquery_device.rs` traces
//! rays from this WGSL).

use naga::{Expression, Function, Handle, Module, Statement};

/// The stand-ins, in the order of [`STAND_INS`].
const STAND_INS: [(&str, &str); 7] = [
    ("hlslc_ray_query_initialize", "rayQueryInitialize"),
    ("hlslc_ray_query_proceed", "rayQueryProceed"),
    ("hlslc_ray_query_generate_intersection", "rayQueryGenerateIntersection"),
    ("hlslc_ray_query_confirm_intersection", "rayQueryConfirmIntersection"),
    ("hlslc_ray_query_terminate", "rayQueryTerminate"),
    ("hlslc_ray_query_get_committed_intersection", "rayQueryGetCommittedIntersection"),
    ("hlslc_ray_query_get_candidate_intersection", "rayQueryGetCandidateIntersection"),
];

/// Whether the module has ray queries (naga's WGSL writer cannot print them).
pub(super) fn uses_ray_queries(module: &Module) -> bool {
    module.types.iter().any(|(_, t)| matches!(t.inner, naga::TypeInner::RayQuery { .. }))
}

/// WGSL text of a module with ray queries.
pub(super) fn write(module: &Module) -> Result<String, String> {
    let mut m = module.clone();
    let ray_types = [m.special_types.ray_desc.map(|_| "RayDesc"), m.special_types.ray_intersection.map(|_| "RayIntersection")];
    rename_namesakes(&mut m)?;
    // naga's validator wants a callee before its callers: the stand-ins come first, the
    // module's functions after them, and every call is renumbered.
    let functions: Vec<(Function, naga::Span)> = m.functions.drain().map(|(_, f, span)| (f, span)).collect();
    let mut stand_ins = StandIns::declare(&mut m)?;
    stand_ins.renumbered = functions.into_iter().map(|(f, span)| m.functions.append(f, span)).collect();
    let callers: Vec<Handle<Function>> = stand_ins.renumbered.clone();
    for h in callers {
        stand_ins.rewrite(m.functions.get_mut(h))?;
    }
    for ep in m.entry_points.iter_mut() {
        stand_ins.rewrite(&mut ep.function)?;
    }
    let info = super::validate(&m).map_err(|d| format!("WGSL writer: the ray-query stand-in module is invalid: {}", d.notes.join("; ")))?;
    let text = naga::back::wgsl::write_string(&m, &info, naga::back::wgsl::WriterFlags::empty()).map_err(|e| format!("WGSL writer: {}", super::error_chain(&e)))?;
    use naga::ShaderStage as S;
    let pipeline = m.entry_points.iter().any(|ep| matches!(ep.stage, S::RayGeneration | S::AnyHit | S::ClosestHit | S::Miss))
        || m.global_variables.iter().any(|(_, g)| matches!(g.space, naga::AddressSpace::RayPayload | naga::AddressSpace::IncomingRayPayload));
    edit(text, ray_types.into_iter().flatten(), pipeline)
}

/// Other types named `RayDesc` or `RayIntersection` (HLSL's `RayDesc` struct is one) are
/// renamed, so naga's namer gives the special types the predeclared names the text needs.
fn rename_namesakes(m: &mut Module) -> Result<(), String> {
    let specials = [(m.special_types.ray_desc, "RayDesc"), (m.special_types.ray_intersection, "RayIntersection")];
    for (special, name) in specials {
        let namesakes: Vec<Handle<naga::Type>> = m.types.iter().filter(|&(h, t)| t.name.as_deref() == Some(name) && Some(h) != special).map(|(h, _)| h).collect();
        for h in namesakes {
            let mut renamed = m.types[h].clone();
            renamed.name = Some(format!("hlslc_{name}"));
            if m.types.get(&renamed).is_some() {
                return Err(format!("WGSL writer: two types named `{name}` (the HLSL one and naga's) could not be told apart"));
            }
            m.types.replace(h, renamed);
        }
    }
    Ok(())
}

/// The stand-in functions' handles, in the order of [`STAND_INS`], and the new handle of each
/// of the module's own functions (by its old index).
struct StandIns {
    handles: [Handle<Function>; 7],
    renumbered: Vec<Handle<Function>>,
}

impl StandIns {
    /// Appends the stand-ins to the module's functions.
    fn declare(m: &mut Module) -> Result<Self, String> {
        let span = naga::Span::UNDEFINED;
        let query = m
            .types
            .iter()
            .find(|(_, t)| matches!(t.inner, naga::TypeInner::RayQuery { vertex_return: false }))
            .map(|(h, _)| h)
            .ok_or("WGSL writer: ray queries with vertex positions cannot be written as WGSL")?;
        let mut ty = |inner| m.types.insert(naga::Type { name: None, inner }, span);
        let query_ptr = ty(naga::TypeInner::Pointer { base: query, space: naga::AddressSpace::Function });
        let acceleration = ty(naga::TypeInner::AccelerationStructure { vertex_return: false });
        let boolean = ty(naga::TypeInner::Scalar(naga::Scalar::BOOL));
        let float = ty(naga::TypeInner::Scalar(naga::Scalar::F32));
        // A module that never traces or reads an intersection lacks the type; the stand-in
        // that would take it is then never called (and its text is dropped all the same).
        let desc = m.special_types.ray_desc.unwrap_or(float);
        let hit = m.special_types.ray_intersection.unwrap_or(float);
        let arg = |name: &str, ty| naga::FunctionArgument { name: Some(name.to_string()), ty, binding: None };
        let signatures = [
            (vec![arg("acceleration_structure", acceleration), arg("desc", desc)], None),
            (vec![], Some(boolean)),
            (vec![arg("hit_t", float)], None),
            (vec![], None),
            (vec![], None),
            (vec![], Some(hit)),
            (vec![], Some(hit)),
        ];
        let mut handles = Vec::new();
        for ((name, _), (rest, result)) in STAND_INS.iter().zip(signatures) {
            let mut f = Function { name: Some(name.to_string()), ..Function::default() };
            f.arguments.push(arg("query", query_ptr));
            f.arguments.extend(rest);
            if let Some(ty) = result {
                // A body that returns a value of the type; the text drops it.
                let value = f.expressions.append(Expression::ZeroValue(ty), span);
                f.body.push(Statement::Return { value: Some(value) }, span);
                f.result = Some(naga::FunctionResult { ty, binding: None });
            }
            handles.push(m.functions.append(f, span));
        }
        Ok(Self { handles: handles.try_into().expect("seven stand-ins"), renumbered: Vec::new() })
    }

    /// Replaces the function's ray-query operations with calls of the stand-ins.
    fn rewrite(&self, f: &mut Function) -> Result<(), String> {
        for (_, e) in f.expressions.iter_mut() {
            if let Expression::CallResult(callee) = e {
                *callee = self.renumbered[callee.index()];
            }
        }
        let mut body = std::mem::take(&mut f.body);
        self.rewrite_block(f, &mut body)?;
        f.body = body;
        Ok(())
    }

    fn rewrite_block(&self, f: &mut Function, block: &mut naga::Block) -> Result<(), String> {
        let mut out = naga::Block::with_capacity(block.len());
        for (statement, span) in std::mem::take(block).span_into_iter() {
            match statement {
                Statement::Emit(range) => self.split_emit(f, range, span, &mut out)?,
                Statement::RayQuery { query, fun } => {
                    use naga::RayQueryFunction as F;
                    let (which, mut arguments, result) = match fun {
                        F::Initialize { acceleration_structure, descriptor } => (0, vec![acceleration_structure, descriptor], None),
                        F::Proceed { result } => {
                            *f.expressions.get_mut(result) = Expression::CallResult(self.handles[1]);
                            (1, vec![], Some(result))
                        }
                        F::GenerateIntersection { hit_t } => (2, vec![hit_t], None),
                        F::ConfirmIntersection => (3, vec![], None),
                        F::Terminate => (4, vec![], None),
                    };
                    arguments.insert(0, query);
                    out.push(Statement::Call { function: self.handles[which], arguments, result }, span);
                }
                Statement::Call { function, arguments, result } => {
                    out.push(Statement::Call { function: self.renumbered[function.index()], arguments, result }, span);
                }
                Statement::Block(mut b) => {
                    self.rewrite_block(f, &mut b)?;
                    out.push(Statement::Block(b), span);
                }
                Statement::If { condition, mut accept, mut reject } => {
                    self.rewrite_block(f, &mut accept)?;
                    self.rewrite_block(f, &mut reject)?;
                    out.push(Statement::If { condition, accept, reject }, span);
                }
                Statement::Switch { selector, mut cases } => {
                    for c in cases.iter_mut() {
                        self.rewrite_block(f, &mut c.body)?;
                    }
                    out.push(Statement::Switch { selector, cases }, span);
                }
                Statement::Loop { mut body, mut continuing, break_if } => {
                    self.rewrite_block(f, &mut body)?;
                    self.rewrite_block(f, &mut continuing)?;
                    out.push(Statement::Loop { body, continuing, break_if }, span);
                }
                other => out.push(other, span),
            }
        }
        *block = out;
        Ok(())
    }

    /// An `Emit` range with intersection reads split around call statements of the getters.
    fn split_emit(&self, f: &mut Function, range: naga::Range<Expression>, span: naga::Span, out: &mut naga::Block) -> Result<(), String> {
        let mut pending: Vec<Handle<Expression>> = Vec::new();
        let flush = |pending: &mut Vec<Handle<Expression>>, out: &mut naga::Block| {
            if let (Some(&first), Some(&last)) = (pending.first(), pending.last()) {
                out.push(Statement::Emit(naga::Range::new_from_bounds(first, last)), span);
            }
            pending.clear();
        };
        for h in range {
            match f.expressions[h] {
                Expression::RayQueryGetIntersection { query, committed } => {
                    flush(&mut pending, out);
                    let function = self.handles[if committed { 5 } else { 6 }];
                    *f.expressions.get_mut(h) = Expression::CallResult(function);
                    out.push(Statement::Call { function, arguments: vec![query], result: Some(h) }, span);
                }
                Expression::RayQueryVertexPositions { .. } => return Err("WGSL writer: ray-query vertex positions cannot be written as WGSL".to_string()),
                _ => pending.push(h),
            }
        }
        flush(&mut pending, out);
        Ok(())
    }
}

/// Edits naga's text of the stand-in module into WGSL with ray queries.
fn edit<'a>(mut text: String, ray_types: impl Iterator<Item = &'a str>, pipeline: bool) -> Result<String, String> {
    for (stand_in, builtin) in STAND_INS {
        text = drop_block(text, &format!("fn {stand_in}("), stand_in)?;
        text = rename_calls(&text, stand_in, builtin);
    }
    for name in ray_types {
        text = drop_block(text, &format!("struct {name} {{"), name)?;
    }
    // naga's writer enables ray-tracing pipelines for any acceleration structure; a module
    // without those stages needs only ray queries (either extension declares the types).
    if !pipeline {
        text = text.replacen("enable wgpu_ray_tracing_pipeline;\n", "", 1);
    }
    Ok(format!("enable wgpu_ray_query;\n{text}"))
}

/// The text with each call of `from` (a whole identifier followed by `(`) calling `to`.
fn rename_calls(text: &str, from: &str, to: &str) -> String {
    let call = format!("{from}(");
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find(&call) {
        let whole = rest[..i].chars().next_back().is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_'));
        out.push_str(&rest[..i]);
        out.push_str(if whole { to } else { from });
        out.push('(');
        rest = &rest[i + call.len()..];
    }
    out.push_str(rest);
    out
}

/// The text without the one top-level declaration that starts with `head` at the start of a
/// line (naga ends each with `}` alone on a line, then an empty line).
fn drop_block(text: String, head: &str, name: &str) -> Result<String, String> {
    let found: Vec<usize> = text.match_indices(head).map(|(i, _)| i).filter(|&i| i == 0 || text.as_bytes()[i - 1] == b'\n').collect();
    let [start] = found[..] else {
        return Err(format!("WGSL writer: naga named the ray-query declaration `{name}` otherwise ({} found)", found.len()));
    };
    let Some(close) = text[start..].find("\n}\n") else {
        return Err(format!("WGSL writer: the end of `{name}` was not found"));
    };
    let mut end = start + close + 3;
    if text[end..].starts_with('\n') {
        end += 1;
    }
    Ok(format!("{}{}", &text[..start], &text[end..]))
}

#[cfg(test)]
mod tests {
    /// Every ray-query operation naga has, read from WGSL by naga's own front end: written
    /// back through the stand-ins, the text reads back into a module with the same operations.
    const SOURCE: &str = "enable wgpu_ray_query;
@group(0) @binding(0) var scene: acceleration_structure;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;
fn trace(origin: vec3<f32>) -> u32 {
    var q: ray_query;
    rayQueryInitialize(&q, scene, RayDesc(0u, 0xffu, 0.1, 100.0, origin, vec3<f32>(0.0, 0.0, 1.0)));
    var n = 0u;
    while (rayQueryProceed(&q)) {
        let candidate = rayQueryGetCandidateIntersection(&q);
        if (candidate.kind == 3u) {
            rayQueryGenerateIntersection(&q, 0.5);
        } else {
            rayQueryConfirmIntersection(&q);
        }
        n += 1u;
        if (n > 8u) { rayQueryTerminate(&q); }
    }
    return rayQueryGetCommittedIntersection(&q).kind + n;
}
@compute @workgroup_size(1)
fn main() {
    out[0] = trace(vec3<f32>(0.0));
}
";

    fn operations(module: &naga::Module) -> Vec<String> {
        let mut ops = Vec::new();
        for (_, f) in module.functions.iter() {
            for (_, e) in f.expressions.iter() {
                if let naga::Expression::RayQueryGetIntersection { committed, .. } = e {
                    ops.push(format!("get committed={committed}"));
                }
            }
            fn walk(block: &naga::Block, ops: &mut Vec<String>) {
                for s in block.iter() {
                    match s {
                        naga::Statement::RayQuery { fun, .. } => ops.push(format!("{fun:?}").split(' ').next().unwrap_or("").to_string()),
                        naga::Statement::Block(b) => walk(b, ops),
                        naga::Statement::If { accept, reject, .. } => {
                            walk(accept, ops);
                            walk(reject, ops);
                        }
                        naga::Statement::Loop { body, continuing, .. } => {
                            walk(body, ops);
                            walk(continuing, ops);
                        }
                        _ => {}
                    }
                }
            }
            walk(&f.body, &mut ops);
        }
        ops
    }

    #[test]
    fn ray_queries_read_back_from_the_written_text() {
        let module = naga::front::wgsl::parse_str(SOURCE).expect("the test's WGSL");
        super::super::validate(&module).expect("a valid module");
        assert!(super::uses_ray_queries(&module));
        let text = super::write(&module).expect("written");
        assert!(text.starts_with("enable wgpu_ray_query;\n") && !text.contains("hlslc_ray_query") && !text.contains("struct RayDesc"), "{text}");
        let again = naga::front::wgsl::parse_str(&text).unwrap_or_else(|e| panic!("{}\n{text}", e.emit_to_string(&text)));
        super::super::validate(&again).expect("the written text is valid");
        let (before, after) = (operations(&module), operations(&again));
        assert_eq!(before.len(), 7, "{before:?}");
        assert_eq!(before, after);
    }

    #[test]
    fn only_whole_names_are_renamed() {
        let text = "x = hlslc_ray_query_proceed((&q)); y = my_hlslc_ray_query_proceed(1);";
        assert_eq!(super::rename_calls(text, "hlslc_ray_query_proceed", "rayQueryProceed"), "x = rayQueryProceed((&q)); y = my_hlslc_ray_query_proceed(1);");
    }

    #[test]
    fn modules_without_ray_queries_are_not_rewritten() {
        let module = naga::front::wgsl::parse_str("@compute @workgroup_size(1) fn main() {}").expect("WGSL");
        assert!(!super::uses_ray_queries(&module));
    }
}
