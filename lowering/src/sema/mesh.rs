//! Mesh and amplification shaders (shader model 6.5): the rules DXC enforces on their entry
//! points and on `SetMeshOutputCounts` and `DispatchMesh`.
//!
//! A mesh entry point declares its outputs as parameters: `out vertices V v[N]`,
//! `out indices uint3 t[M]` (`uint2` for lines, `uint` for points), optionally
//! `out primitives P p[M]` and `in payload P p`; `[outputtopology(…)]` and `[numthreads]` are
//! required, and the shader sets its output counts with `SetMeshOutputCounts` (without a
//! call it outputs nothing). An
//! amplification entry point fills a payload (usually `groupshared`) and hands it to
//! `DispatchMesh(x, y, z, payload)`, called exactly once, in uniform control flow. The checks
//! here are DXC's front-end and validator rules (where DXC's DXIL and SPIR-V paths differ, the
//! module docs of the check say which one hlslc follows); what naga's mesh model makes of the
//! result is in `lower/mesh.rs`.

use super::expr::{Operand, Value};
use super::Analyzer;
use crate::tir::{self, Arg, Expr, ExprKind, FuncId, GlobalId, Intrinsic as I, MeshInfo, MeshParam, MeshTopology, PlaceRoot, Stage, StmtKind};
use crate::ty::{Scalar, TypeId, TypeInner};
use hlslc_grammar::ast::{self, Qualifier};
use hlslc_grammar::Span;

/// D3D's limits: output arrays, the payload, and the thread group of these stages.
const MAX_VERTICES: u32 = 256;
const MAX_PRIMITIVES: u32 = 256;
const MAX_PAYLOAD_BYTES: u32 = 16384;
const MAX_THREADS: u32 = 128;

/// The mesh modifier written on a parameter, if any.
pub(super) fn param_modifier(quals: &ast::Qualifiers) -> Option<MeshParam> {
    quals.list.iter().find_map(|(q, _)| match q {
        Qualifier::Vertices => Some(MeshParam::Vertices),
        Qualifier::Indices => Some(MeshParam::Indices),
        Qualifier::Primitives => Some(MeshParam::Primitives),
        Qualifier::Payload => Some(MeshParam::Payload),
        _ => None,
    })
}

impl Analyzer<'_> {
    /// `SetMeshOutputCounts(vertices, primitives)` and `DispatchMesh(x, y, z, payload)`.
    pub(super) fn mesh_intrinsic(&mut self, name: &str, ops: Vec<Operand>, span: Span) -> Option<Operand> {
        let u = self.module.types.scalar(Scalar::U32);
        let void = self.module.types.void();
        let want = if name == "DispatchMesh" { 4 } else { 2 };
        if ops.len() != want {
            self.error("E0508", span, format!("`{name}` takes {want} arguments, found {}", ops.len()));
            return None;
        }
        if name == "SetMeshOutputCounts" {
            let args = self.convert_all(ops, &[u, u])?;
            return Some(self.intrinsic_expr(I::SetMeshOutputCounts, void, args, span));
        }
        let mut ops = ops;
        let payload = ops.pop()?;
        let mut args: Vec<Arg> = self.convert_all(ops, &[u, u, u])?.into_iter().map(Arg::Value).collect();
        if !matches!(self.module.types.get(payload.ty), TypeInner::Struct(_)) {
            self.error("E0623", payload.span, format!("the payload of `DispatchMesh` must be a user-defined struct, found `{}`", self.type_name(payload.ty)))
                .help("declare `struct Payload { … };` and pass a variable of that type");
            return None;
        }
        // A `groupshared` payload is the task payload itself; any other value is copied into
        // one at the call.
        let ty = payload.ty;
        match payload.value {
            Value::Place(p)
                if matches!(p.root, PlaceRoot::Global(g) if matches!(self.module.global(g).kind, tir::GlobalKind::GroupShared)) && p.projections.is_empty() =>
            {
                args.push(Arg::InOut(p));
            }
            _ => {
                let s = payload.span;
                args.push(Arg::Value(self.convert_implicit(payload, ty, s)?));
            }
        }
        Some(Operand::expr(Expr::new(ExprKind::Intrinsic { op: I::DispatchMesh, args }, void, span)))
    }

    /// Checks a mesh entry point's attributes and output parameters; its topology and array
    /// sizes, or `None` after reporting.
    pub(super) fn mesh_entry(&mut self, f: FuncId, has_numthreads: bool, workgroup_size: [u32; 3]) -> Option<MeshInfo> {
        let info = self.fn_infos[f.0 as usize].clone();
        let mut ok = self.check_group_size(f, Stage::Mesh, has_numthreads, workgroup_size);
        // DXC's attribute takes `point`, `line`, `triangle`, `triangle_cw` and `triangle_ccw`.
        // Its SPIR-V back end knows the first three; its DXIL back end only `line` and
        // `triangle`, marking the others "undefined" and accepting any `uint2`/`uint3`
        // indices. hlslc's SPIR-V target follows DXC's SPIR-V rules; for WGSL an undefined
        // topology is the one the indices' width describes (see `undefined_topology`).
        let spirv = self.options.target == crate::options::Target::SpirV;
        let mut topology = None;
        let mut undefined = false;
        for a in info.attrs.iter().filter(|a| a.name.name.eq_ignore_ascii_case("outputtopology")) {
            match a.args.as_slice() {
                [ast::Expr { kind: ast::ExprKind::Literal(ast::Literal::String(s)), .. }] => match s.as_str() {
                    "triangle" => topology = Some(MeshTopology::Triangle),
                    "line" => topology = Some(MeshTopology::Line),
                    "point" => {
                        topology = Some(MeshTopology::Point);
                        undefined = !spirv;
                    }
                    "triangle_cw" | "triangle_ccw" if !spirv => {
                        topology = Some(MeshTopology::Triangle);
                        undefined = true;
                    }
                    other => {
                        let d = self.error("E0621", a.span, format!("unknown mesh output topology `{other}`"))
                            .help("use `[outputtopology(\"triangle\")]` or `[outputtopology(\"line\")]`");
                        if other == "triangle_cw" || other == "triangle_ccw" {
                            d.note("DXC's SPIR-V back end, which hlslc's SPIR-V target follows, rejects it; its DXIL back end leaves the topology undefined");
                        }
                        ok = false;
                    }
                },
                _ => {
                    self.error("E0621", a.span, "`outputtopology` takes the topology as a string, e.g. `[outputtopology(\"triangle\")]`");
                    ok = false;
                }
            }
        }
        if topology.is_none() && ok {
            self.error(
                "E0621",
                info.span,
                format!("mesh entry point `{}` needs an `[outputtopology(\"triangle\")]` or `[outputtopology(\"line\")]` attribute", info.name),
            )
            .help("add `[outputtopology(\"triangle\")]` before the function");
            return None;
        }
        let func = self.module.functions[f.0 as usize].clone();
        let mut seen: Vec<(MeshParam, Span)> = Vec::new();
        let (mut vertices, mut indices, mut primitives) = (None, None, None);
        for p in &func.params {
            let Some(m) = p.mesh else {
                if p.dir != tir::ParamDir::In {
                    self.error("E0621", p.span, format!("mesh shader output `{}` is not an `out vertices`, `out indices` or `out primitives` array", p.name))
                        .help("write per-vertex values through `out vertices` and per-primitive values through `out primitives`");
                    ok = false;
                }
                continue;
            };
            let what = mesh_param_name(m);
            if let Some((_, prev)) = seen.iter().find(|(k, _)| *k == m) {
                self.error("E0621", p.span, format!("a mesh shader takes one `{what}` parameter")).related(*prev, "first one");
                ok = false;
                continue;
            }
            seen.push((m, p.span));
            let want_out = m != MeshParam::Payload;
            if want_out != (p.dir == tir::ParamDir::Out) {
                let dir = if want_out { "out" } else { "in" };
                self.error("E0621", p.span, format!("the `{what}` parameter `{}` must be declared `{dir} {what}`", p.name));
                ok = false;
                continue;
            }
            if m == MeshParam::Payload {
                ok &= self.check_payload_type(p.ty, p.span, "payload parameter");
                continue;
            }
            let TypeInner::Array { base, size: Some(n) } = *self.module.types.get(p.ty) else {
                self.error("E0621", p.span, format!("the `{what}` output `{}` must be an array of constant length", p.name))
                    .help(format!("declare it as `out {what} T {}[N]`", p.name));
                ok = false;
                continue;
            };
            let (limit, noun) = if m == MeshParam::Vertices { (MAX_VERTICES, "vertices") } else { (MAX_PRIMITIVES, "primitives") };
            if n > limit {
                self.error("E0621", p.span, format!("a mesh shader outputs at most {limit} {noun}, found {n}"));
                ok = false;
            }
            match m {
                MeshParam::Vertices => vertices = Some((n, p.span)),
                MeshParam::Primitives => primitives = Some((n, p.span)),
                _ => {
                    indices = Some((n, p.span));
                    if undefined {
                        topology = undefined_topology(self.module.types.get(base)).or(topology);
                    }
                    let (want, topo) = match topology {
                        Some(MeshTopology::Line) => (2, "line"),
                        Some(MeshTopology::Point) => (1, "point"),
                        _ => (3, "triangle"),
                    };
                    let good = match *self.module.types.get(base) {
                        TypeInner::Vector { scalar, size } => scalar == Scalar::U32 && size == want,
                        TypeInner::Scalar(scalar) => scalar == Scalar::U32 && want == 1,
                        _ => false,
                    };
                    if !good {
                        let ty = if want == 1 { "uint".to_string() } else { format!("uint{want}") };
                        self.error("E0621", p.span, format!("the `indices` of a {topo} mesh shader must be `{ty}`, found `{}`", self.type_name(base)))
                            .help(format!("declare `out indices {ty} {}[{n}]`", p.name));
                        ok = false;
                    }
                }
            }
        }
        // DXC's SPIR-V back end requires both output arrays ("expected vertices/indices
        // object declaration"); its DXIL back end accepts a mesh shader without them, which
        // outputs nothing of what it lacks.
        for (found, what, example) in [(vertices.is_some(), "vertices", "out vertices Vertex verts[64]"), (indices.is_some(), "indices", "out indices uint3 tris[126]")] {
            if spirv && !found && !seen.iter().any(|(m, _)| mesh_param_name(*m) == what) {
                self.error("E0621", info.span, format!("mesh entry point `{}` has no `out {what}` parameter", info.name))
                    .help(format!("declare the output array, e.g. `{example}`"))
                    .note("DXC's SPIR-V back end, which hlslc's SPIR-V target follows, requires it; for WGSL hlslc follows DXC's DXIL back end, which does not");
                ok = false;
            }
        }
        let max_vertices = vertices.map_or(0, |v| v.0);
        let max_primitives = indices.map_or(0, |i| i.0);
        match (primitives, indices) {
            (Some((n, span)), Some((m, ispan))) if n != m => {
                self.error("E0621", span, format!("the `primitives` output has {n} elements but the `indices` output has {m}"))
                    .related(ispan, "indices declared here");
                ok = false;
            }
            (Some((_, span)), None) => {
                self.error("E0621", span, "a mesh shader with `out primitives` needs an `out indices` parameter")
                    .help("declare the vertices of each primitive with `out indices uint3 tris[N]`");
                ok = false;
            }
            _ => {}
        }
        ok &= self.check_mesh_calls(f, I::SetMeshOutputCounts, "SetMeshOutputCounts", info.span);
        ok &= self.check_output_accesses(f);
        ok.then_some(MeshInfo { topology: topology?, max_vertices, max_primitives })
    }

    /// Checks an amplification entry point; returns the `groupshared` payload `DispatchMesh`
    /// names (`Some(None)` for a payload that is copied), or `None` after reporting.
    pub(super) fn amplification_entry(&mut self, f: FuncId, has_numthreads: bool, workgroup_size: [u32; 3]) -> Option<Option<GlobalId>> {
        let span = self.fn_infos[f.0 as usize].span;
        let mut ok = self.check_group_size(f, Stage::Amplification, has_numthreads, workgroup_size);
        ok &= self.check_mesh_calls(f, I::DispatchMesh, "DispatchMesh", span);
        // The one call, in the entry function or a function it calls.
        let mut payload = None;
        super::entry::walk_reachable(self, f, &mut |e| {
            if let ExprKind::Intrinsic { op: I::DispatchMesh, args } = &e.kind {
                payload = match args.last() {
                    Some(Arg::InOut(p)) => Some((if let PlaceRoot::Global(g) = p.root { Some(g) } else { None }, p.ty, p.span)),
                    Some(Arg::Value(v)) => Some((None, v.ty, v.span)),
                    _ => None,
                };
            }
        });
        if let Some((_, ty, pspan)) = payload {
            ok &= self.check_payload_type(ty, pspan, "payload");
        }
        ok.then_some(payload.and_then(|p| p.0))
    }

    /// The output arrays are written, never read (nor by compound assignments), as DXC
    /// requires: other threads' writes are not ordered with a read. (DXC's DXIL path also
    /// requires whole-element writes to `indices`; its SPIR-V path, and hlslc, accept
    /// component writes, which are well defined here.)
    fn check_output_accesses(&mut self, f: FuncId) -> bool {
        let func = &self.module.functions[f.0 as usize];
        let outputs: Vec<(u32, MeshParam)> = func
            .params
            .iter()
            .enumerate()
            .filter_map(|(i, p)| match p.mesh {
                Some(m @ (MeshParam::Vertices | MeshParam::Indices | MeshParam::Primitives)) if p.dir == tir::ParamDir::Out => Some((i as u32, m)),
                _ => None,
            })
            .collect();
        let kind_of = |p: &tir::Place| match p.root {
            PlaceRoot::Param(tir::ParamId(i)) => outputs.iter().find(|o| o.0 == i).map(|o| o.1),
            _ => None,
        };
        let mut reads = Vec::new();
        tir::visit::walk_function(func, &mut |e| {
            if matches!(&e.kind, ExprKind::Load(p) if kind_of(p).is_some()) {
                reads.push(e.span);
            }
        });
        let mut compound = Vec::new();
        tir::visit::walk_function(func, &mut |e| {
            if let ExprKind::Assign { place, value, .. } = &e.kind {
                let mut reads_place = false;
                tir::visit::walk_expr(value, &mut |x| reads_place |= matches!(x.kind, ExprKind::PlaceValue));
                if reads_place && kind_of(place).is_some() {
                    compound.push(e.span);
                }
            }
        });
        let mut ok = true;
        for span in reads.into_iter().chain(compound).take(4) {
            self.error("E0621", span, "the output arrays of a mesh shader cannot be read")
                .help("compute the value in a local variable, then write it to the output");
            ok = false;
        }
        ok
    }

    /// `[numthreads]` is required, with at most 128 threads.
    fn check_group_size(&mut self, f: FuncId, stage: Stage, has_numthreads: bool, size: [u32; 3]) -> bool {
        let info = &self.fn_infos[f.0 as usize];
        let (name, span) = (info.name.clone(), info.span);
        let what = if stage == Stage::Mesh { "mesh" } else { "amplification" };
        if !has_numthreads {
            self.error("E0612", span, format!("{what} entry point `{name}` needs a `[numthreads(x, y, z)]` attribute"));
            return false;
        }
        let total: u32 = size.iter().product();
        if total > MAX_THREADS {
            self.error("E0621", span, format!("a {what} shader's thread group has at most {MAX_THREADS} threads, found {total}"));
            return false;
        }
        true
    }

    /// A payload is a struct of numeric data of at most 16 KiB.
    fn check_payload_type(&mut self, ty: TypeId, span: Span, what: &str) -> bool {
        if !matches!(self.module.types.get(ty), TypeInner::Struct(_)) || self.module.types.is_resource_like(ty) {
            self.error("E0623", span, format!("the {what} must be a user-defined struct of numeric types, found `{}`", self.type_name(ty)));
            return false;
        }
        match crate::layout::tight_size(&self.module, ty) {
            Some(n) if n > MAX_PAYLOAD_BYTES => {
                self.error("E0623", span, format!("the {what} takes {n} bytes, more than the {MAX_PAYLOAD_BYTES} bytes a mesh payload may have"));
                false
            }
            _ => true,
        }
    }

    /// `DispatchMesh` in an amplification shader is called exactly once, by the entry function
    /// itself, outside any branch or loop (DXC's validator requires the call to dominate the
    /// exit); `SetMeshOutputCounts` in a mesh shader at most once that way, or several times at
    /// the top level of the entry function (the last counts win), as DXC's SPIR-V path accepts;
    /// neither may appear in other stages.
    fn check_mesh_calls(&mut self, f: FuncId, op: I, name: &str, entry_span: Span) -> bool {
        // (span, at the top level of the entry function, in the entry function)
        let mut calls: Vec<(Span, bool, bool)> = Vec::new();
        for s in &self.module.functions[f.0 as usize].body {
            let top = matches!(&s.kind, StmtKind::Expr(Expr { kind: ExprKind::Intrinsic { op: o, .. }, .. }) if *o == op);
            tir::visit::walk_stmt(s, &mut |e| {
                if matches!(e.kind, ExprKind::Intrinsic { op: o, .. } if o == op) {
                    calls.push((e.span, top, true));
                }
            });
        }
        let mut seen = std::collections::HashSet::new();
        let mut stack: Vec<FuncId> = self.fn_infos[f.0 as usize].calls.iter().map(|c| c.0).collect();
        while let Some(g) = stack.pop() {
            if g == f || !seen.insert(g) {
                continue;
            }
            tir::visit::walk_function(&self.module.functions[g.0 as usize], &mut |e| {
                if matches!(e.kind, ExprKind::Intrinsic { op: o, .. } if o == op) {
                    calls.push((e.span, false, false));
                }
            });
            stack.extend(self.fn_infos[g.0 as usize].calls.iter().map(|c| c.0));
        }
        match calls.as_slice() {
            [] if op == I::DispatchMesh => {
                self.error("E0622", entry_span, "an amplification shader must call `DispatchMesh` exactly once")
                    .help("end the entry function with `DispatchMesh(x, y, z, payload);`");
                false
            }
            // A mesh shader that never sets its counts outputs nothing (DXC's SPIR-V path
            // accepts it; the counts are 0).
            [] => true,
            // Several calls at the top level of the entry function: every thread stores the
            // counts in the same order and the last call's counts are the ones used, as DXC's
            // SPIR-V path accepts (its DXIL validator does not).
            [_, _, ..] if op == I::SetMeshOutputCounts && calls.iter().all(|&(_, top, own)| top && own) => true,
            [(_, true, _)] => true,
            // A call in a function the entry point calls (DXC inlines it; the calling
            // statement is not checked here).
            [(_, _, false)] => true,
            [(span, false, true)] => {
                self.error("E0622", *span, format!("`{name}` must be called by the entry function itself, outside branches and loops"))
                    .help("every thread of the group must reach the one call: move it to the top level of the entry function");
                false
            }
            [_, (second, _, _), ..] => {
                let first = calls[0].0;
                self.error("E0622", *second, format!("`{name}` is called more than once"))
                    .related(first, "first call")
                    .help("call it exactly once per thread group");
                false
            }
        }
    }

    /// `SetMeshOutputCounts` or `DispatchMesh` reached from an entry point of another stage.
    pub(super) fn check_mesh_intrinsics_stage(&mut self, f: FuncId, stage: Stage, reach: &super::entry::Reach) {
        if !reach.intrinsics.contains(&I::SetMeshOutputCounts) && !reach.intrinsics.contains(&I::DispatchMesh) {
            return;
        }
        let mut found: Vec<(Span, I)> = Vec::new();
        super::entry::walk_reachable(self, f, &mut |e| {
            if let ExprKind::Intrinsic { op: op @ (I::SetMeshOutputCounts | I::DispatchMesh), .. } = e.kind {
                found.push((e.span, op));
            }
        });
        for (span, op) in found.into_iter().take(4) {
            let (name, home) = if op == I::DispatchMesh { ("DispatchMesh", Stage::Amplification) } else { ("SetMeshOutputCounts", Stage::Mesh) };
            if home != stage {
                let home_name = if home == Stage::Mesh { "mesh" } else { "amplification" };
                self.error("E0622", span, format!("`{name}` can only be called in {home_name} shaders"));
            }
        }
    }
}

/// The topology `uint` (point), `uint2` (line) or `uint3` (triangle) indices describe, for a
/// topology DXC's DXIL back end leaves undefined; `None` for other index types (reported as
/// not matching the written topology).
fn undefined_topology(index: &TypeInner) -> Option<MeshTopology> {
    match *index {
        TypeInner::Scalar(Scalar::U32) => Some(MeshTopology::Point),
        TypeInner::Vector { scalar: Scalar::U32, size: 2 } => Some(MeshTopology::Line),
        TypeInner::Vector { scalar: Scalar::U32, size: 3 } => Some(MeshTopology::Triangle),
        _ => None,
    }
}

/// The HLSL keyword of a mesh parameter modifier.
fn mesh_param_name(m: MeshParam) -> &'static str {
    match m {
        MeshParam::Vertices => "vertices",
        MeshParam::Indices => "indices",
        MeshParam::Primitives => "primitives",
        MeshParam::Payload => "payload",
    }
}
