//! Mesh and amplification shaders on naga's mesh model.
//!
//! An HLSL mesh shader's threads write a shared set of outputs through its `out vertices`,
//! `out indices` and `out primitives` array parameters, any thread any element, whole elements
//! or single fields, after one `SetMeshOutputCounts(v, p)`. naga's mesh entry point instead
//! names one workgroup variable (`MeshStageInfo::output_variable`): a struct of
//! `@builtin(vertex_count)`, `@builtin(primitive_count)`, `@builtin(vertices)` and
//! `@builtin(primitives)` members whose elements are structs of I/O bindings. When the entry
//! function returns, naga's SPIR-V writer synchronises the group, calls `OpSetMeshOutputsEXT`
//! with the counts and copies the elements into the per-attribute output arrays Vulkan wants.
//! The mapping:
//! - each HLSL output array is a workgroup global of its own HLSL type, which the HLSL entry
//!   function reaches through its parameter (`Lowerer::mesh_output_array`), so field writes
//!   and whole-element writes keep their meaning;
//! - `SetMeshOutputCounts(v, p)` stores `(v, p)` in a workgroup `vec2<u32>`;
//! - the naga entry point calls the HLSL function, waits for the group, then each thread
//!   converts a strided share of the elements into naga's output struct (the leaves of each
//!   element, flattened as stage outputs are, with their bindings: the vertex and primitive
//!   attributes share one location numbering, vertices first, as in DXC), and thread 0 stores
//!   the counts, clamped to the array sizes;
//! - `in payload P p` is a global in naga's `TaskPayload` space, loaded and passed by value.
//!
//! An amplification shader fills a `groupshared` payload and ends with
//! `DispatchMesh(x, y, z, payload)`. In naga a task entry point names its payload variable
//! (`EntryPoint::task_payload`, a global in the `TaskPayload` space) and returns the mesh
//! grid size as `@builtin(mesh_task_size) vec3<u32>`; the writer then emits
//! `OpEmitMeshTasksEXT x y z payload` after a group barrier. So the `groupshared` variable
//! named by `DispatchMesh` is declared in the `TaskPayload` space (`Lowerer::global`), the call
//! stores `(x, y, z)` in a private `vec3<u32>`, and the entry point returns it. DXC requires the
//! call exactly once, at the top level of the entry function (sema checks it), so every thread
//! returns the same size, as `OpEmitMeshTasksEXT` requires.

use super::entry::{Leaf, Locations};
use super::function::FnBuilder;
use super::types::sanitize;
use super::Lowerer;
use crate::tir::{self, Arg, FuncId, GlobalId, MeshParam, MeshTopology, ParamDir};
use crate::ty::TypeInner;
use hlslc_grammar::Span;
use naga::Handle;

impl Lowerer<'_> {
    /// The workgroup global behind an `out vertices`/`out indices`/`out primitives` parameter
    /// of a mesh entry function (created on first use).
    pub(crate) fn mesh_output_array(&mut self, f: FuncId, param: usize) -> Option<Handle<naga::GlobalVariable>> {
        let p = self.tir.function(f).params.get(param)?;
        if !matches!(p.mesh, Some(MeshParam::Vertices | MeshParam::Indices | MeshParam::Primitives)) || p.dir != ParamDir::Out {
            return None;
        }
        if !self.tir.entry_points.iter().any(|ep| ep.function == f && ep.mesh.is_some()) {
            return None;
        }
        if let Some(&g) = self.mesh_arrays.get(&(f, param)) {
            return Some(g);
        }
        let (name, ty, span) = (format!("{}_{}", sanitize(&self.tir.function(f).name), sanitize(&p.name)), p.ty, p.span);
        let nty = self.ty(ty);
        let g = self.module.global_variables.append(
            naga::GlobalVariable {
                name: Some(name),
                space: naga::AddressSpace::WorkGroup,
                binding: None,
                ty: nty,
                init: None,
                memory_decorations: Default::default(),
            },
            super::span(span),
        );
        self.mesh_arrays.insert((f, param), g);
        Some(g)
    }

    /// True for the `groupshared` payload of an amplification entry point (declared in naga's
    /// `TaskPayload` space).
    pub(crate) fn is_task_payload(&self, g: GlobalId) -> bool {
        self.tir.entry_points.iter().any(|ep| ep.task_payload == Some(g))
    }

    /// A module-wide global created on first use.
    fn mesh_global(&mut self, which: usize, name: &str, space: naga::AddressSpace, ty: Handle<naga::Type>) -> Handle<naga::GlobalVariable> {
        if let Some(g) = self.mesh_state[which] {
            return g;
        }
        let g = self.module.global_variables.append(
            naga::GlobalVariable { name: Some(name.into()), space, binding: None, ty, init: None, memory_decorations: Default::default() },
            naga::Span::UNDEFINED,
        );
        self.mesh_state[which] = Some(g);
        g
    }

    /// The task payload a `DispatchMesh` payload of type `ty` that is not `groupshared` is
    /// copied into (one per type, created on first use).
    pub(crate) fn copied_task_payload(&mut self, ty: crate::ty::TypeId) -> Handle<naga::GlobalVariable> {
        if let Some(&g) = self.task_payload_copies.get(&ty) {
            return g;
        }
        let nty = self.ty(ty);
        let g = self.module.global_variables.append(
            naga::GlobalVariable {
                name: Some("mesh_payload".into()),
                space: naga::AddressSpace::TaskPayload,
                binding: None,
                ty: nty,
                init: None,
                memory_decorations: Default::default(),
            },
            naga::Span::UNDEFINED,
        );
        self.task_payload_copies.insert(ty, g);
        g
    }

    /// The payload of amplification entry point `index` when it is a copy.
    pub(crate) fn entry_copied_task_payload(&mut self, index: usize) -> Option<Handle<naga::GlobalVariable>> {
        let mut ty = None;
        self.entry_walk(index, &mut |e| {
            if let tir::ExprKind::Intrinsic { op: tir::Intrinsic::DispatchMesh, args } = &e.kind {
                if let Some(Arg::Value(v)) = args.last() {
                    ty = Some(v.ty);
                }
            }
        });
        ty.and_then(|t| self.task_payload_copies.get(&t).copied())
    }

    /// The counts `SetMeshOutputCounts` stores (workgroup `vec2<u32>`).
    fn mesh_counts(&mut self) -> Handle<naga::GlobalVariable> {
        let t = self.vector_type(naga::Scalar::U32, 2);
        self.mesh_global(0, "mesh_output_counts", naga::AddressSpace::WorkGroup, t)
    }

    /// The grid size `DispatchMesh` stores (private `vec3<u32>`).
    fn mesh_task_size(&mut self) -> Handle<naga::GlobalVariable> {
        let t = self.vector_type(naga::Scalar::U32, 3);
        self.mesh_global(1, "mesh_task_size", naga::AddressSpace::Private, t)
    }
}

impl Lowerer<'_> {
    /// naga 30's WGSL writer prints `@payload(…)` and `@mesh(…)` with the variables' names
    /// from the IR, not the names its namer gives them; the namer renames a global whose name
    /// is also used by a function, argument or local (and names ending in a digit). So these
    /// globals get names nothing else in the module uses, or WGSL would name a variable that
    /// does not exist.
    pub(crate) fn unique_mesh_global_names(&mut self) {
        let vars: Vec<Handle<naga::GlobalVariable>> =
            self.module.entry_points.iter().flat_map(|ep| ep.task_payload.into_iter().chain(ep.mesh_info.as_ref().map(|m| m.output_variable))).collect();
        if vars.is_empty() {
            return;
        }
        let m = &self.module;
        let mut taken: std::collections::HashSet<String> = std::collections::HashSet::new();
        let mut add = |n: &Option<String>| {
            if let Some(n) = n {
                taken.insert(n.clone());
            }
        };
        m.types.iter().for_each(|(_, t)| add(&t.name));
        m.constants.iter().for_each(|(_, c)| add(&c.name));
        m.overrides.iter().for_each(|(_, o)| add(&o.name));
        let functions = m.functions.iter().map(|(_, f)| f).chain(m.entry_points.iter().map(|ep| &ep.function));
        for f in functions {
            add(&f.name);
            f.arguments.iter().for_each(|a| add(&a.name));
            f.local_variables.iter().for_each(|(_, l)| add(&l.name));
        }
        m.entry_points.iter().for_each(|ep| add(&Some(ep.name.clone())));
        for (h, g) in m.global_variables.iter() {
            if !vars.contains(&h) {
                add(&g.name);
            }
        }
        for h in vars {
            let mut name = sanitize(self.module.global_variables[h].name.as_deref().unwrap_or("payload"));
            if name.ends_with(|c: char| c.is_ascii_digit()) {
                name.push('_');
            }
            while taken.contains(&name) {
                name.push_str("_g");
            }
            taken.insert(name.clone());
            self.module.global_variables.get_mut(h).name = Some(name);
        }
    }
}

impl FnBuilder<'_, '_> {
    /// `SetMeshOutputCounts(v, p)` and `DispatchMesh(x, y, z, payload)`.
    pub(crate) fn mesh_intrinsic(&mut self, op: tir::Intrinsic, args: &[Arg], s: Span) -> Handle<naga::Expression> {
        let mut values: Vec<_> = args.iter().filter_map(|a| if let Arg::Value(e) = a { Some(self.expr(e)) } else { None }).collect();
        // A payload that is not `groupshared` is copied into the task payload.
        if let (tir::Intrinsic::DispatchMesh, Some(Arg::Value(e))) = (op, args.last()) {
            let var = self.lw.copied_task_payload(e.ty);
            let value = values.pop().unwrap_or_else(|| self.dummy(s));
            let g = self.add(naga::Expression::GlobalVariable(var), s);
            self.push(naga::Statement::Store { pointer: g, value }, s);
        }
        let (var, n) = if op == tir::Intrinsic::SetMeshOutputCounts { (self.lw.mesh_counts(), 2) } else { (self.lw.mesh_task_size(), 3) };
        let t = self.lw.vector_type(naga::Scalar::U32, n);
        let v = self.add(naga::Expression::Compose { ty: t, components: values }, s);
        let g = self.add(naga::Expression::GlobalVariable(var), s);
        self.push(naga::Statement::Store { pointer: g, value: v }, s);
        // `OpEmitMeshTasksEXT` ends the invocation (and D3D runs nothing after the call):
        // return from the entry function, whose caller returns the size.
        let void = self.lw.tys.void();
        if op == tir::Intrinsic::DispatchMesh && self.tfunc.is_some_and(|f| f.ret == void) {
            self.push(naga::Statement::Return { value: None }, s);
        }
        self.dummy(s)
    }

    /// The value of a mesh shader's `in payload` parameter: a load of the `TaskPayload`
    /// global it reads.
    pub(super) fn task_payload_input(&mut self, ty: crate::ty::TypeId, name: &str, s: Span) -> (Handle<naga::GlobalVariable>, Handle<naga::Expression>) {
        let nty = self.lw.ty(ty);
        let var = self.lw.module.global_variables.append(
            naga::GlobalVariable {
                name: Some(sanitize(name)),
                space: naga::AddressSpace::TaskPayload,
                binding: None,
                ty: nty,
                init: None,
                memory_decorations: Default::default(),
            },
            super::span(s),
        );
        let g = self.add(naga::Expression::GlobalVariable(var), s);
        (var, self.add(naga::Expression::Load { pointer: g }, s))
    }

    /// An amplification entry point's result: the size `DispatchMesh` stored.
    pub(super) fn task_result(&mut self, s: Span) {
        let var = self.lw.mesh_task_size();
        let g = self.add(naga::Expression::GlobalVariable(var), s);
        let v = self.add(naga::Expression::Load { pointer: g }, s);
        let t = self.lw.vector_type(naga::Scalar::U32, 3);
        self.func.result = Some(naga::FunctionResult { ty: t, binding: Some(naga::Binding::BuiltIn(naga::BuiltIn::MeshTaskSize)) });
        self.push(naga::Statement::Return { value: Some(v) }, s);
    }

    /// After the HLSL mesh function returned: the copy of its output arrays into naga's mesh
    /// output variable (see the module docs). `None` after reporting an unsupported output.
    pub(super) fn mesh_outputs(&mut self, ep: &tir::EntryPoint, tf: &tir::Function, sets_counts: bool) -> Option<naga::MeshStageInfo> {
        let info = ep.mesh?;
        let s = tf.span;
        let array = |b: &mut Self, m: MeshParam| {
            let i = tf.params.iter().position(|p| p.mesh == Some(m))?;
            Some((b.lw.mesh_output_array(ep.function, i)?, &tf.params[i]))
        };
        // A mesh shader may declare no outputs (it draws nothing); naga's arrays then have one
        // element and the counts are 0.
        let verts = array(self, MeshParam::Vertices);
        let indices = array(self, MeshParam::Indices);
        let prims = array(self, MeshParam::Primitives);
        let (max_vertices, max_primitives) = (info.max_vertices.max(1), info.max_primitives.max(1));
        let elem = |ty| match *self.lw.tys.get(ty) {
            TypeInner::Array { base, .. } => base,
            _ => ty,
        };
        let vty = verts.map(|(_, p)| elem(p.ty));
        let pty = prims.map(|(_, p)| elem(p.ty));

        // The element structs: leaves and their bindings.
        let mut vleaves = Vec::new();
        if let (Some(vty), Some((_, vparam))) = (vty, verts) {
            self.collect_leaves(vty, vparam.semantic.as_ref(), vparam.interpolation, false, &mut Vec::new(), &mut vleaves);
        }
        let mut pleaves = Vec::new();
        if let (Some(pty), Some((_, p))) = (pty, prims) {
            self.collect_leaves(pty, p.semantic.as_ref(), p.interpolation, false, &mut Vec::new(), &mut pleaves);
        }
        // Per-vertex and per-primitive outputs share the locations (in one alphabetical order
        // with `-fvk-stage-io-order=alpha`).
        let mut locations = self.stage_locations("output", vleaves.iter().chain(&pleaves));
        // Clip and cull distances: each kind one `float` array built-in, the leaves'
        // components in semantic-index order (as in vertex shaders).
        let (distances, distance_totals) = self.distance_layout(&vleaves)?;
        let mut vmembers = Vec::new();
        let mut ok = true;
        for (leaf, distance) in vleaves.iter().zip(&distances) {
            if distance.is_some() {
                continue;
            }
            match self.mesh_output_binding(leaf, false, &mut locations) {
                Some(m) => vmembers.push(Some(m)),
                None => {
                    ok = false;
                    vmembers.push(None);
                }
            }
        }
        let mut pmembers = Vec::new();
        for leaf in &pleaves {
            match self.mesh_output_binding(leaf, true, &mut locations) {
                Some(m) => pmembers.push(Some(m)),
                None => {
                    ok = false;
                    pmembers.push(None);
                }
            }
        }
        if !ok {
            return None;
        }
        let mut vmembers: Vec<(String, Handle<naga::Type>, naga::Binding)> = vmembers.into_iter().flatten().collect();
        let plain_members = vmembers.len();
        for (k, (shown, builtin)) in [("SV_ClipDistance", naga::BuiltIn::ClipDistances), ("SV_CullDistance", naga::BuiltIn::CullDistance)].into_iter().enumerate() {
            if distance_totals[k] == 0 {
                continue;
            }
            if builtin == naga::BuiltIn::CullDistance && self.lw.options.target == crate::options::Target::Wgsl {
                let span = vleaves.iter().find(|l| l.semantic.name.eq_ignore_ascii_case(shown)).map_or(s, |l| l.semantic.span);
                self.lw.error("E0803", span, "`SV_CullDistance` cannot be expressed in WGSL").help("target SPIR-V, or cull the primitive with `SV_CullPrimitive`");
                return None;
            }
            let f = self.lw.scalar_type(naga::Scalar::F32);
            let arr = self.lw.array_type(f, Some(distance_totals[k]));
            vmembers.push((shown.to_string(), arr, naga::Binding::BuiltIn(builtin)));
        }
        let mut pmembers: Vec<(String, Handle<naga::Type>, naga::Binding)> = pmembers.into_iter().flatten().collect();
        let (indices_builtin, n) = match info.topology {
            MeshTopology::Triangle => (naga::BuiltIn::TriangleIndices, 3),
            MeshTopology::Line => (naga::BuiltIn::LineIndices, 2),
            MeshTopology::Point => (naga::BuiltIn::PointIndex, 1),
        };
        let index_ty = if n == 1 { self.lw.scalar_type(naga::Scalar::U32) } else { self.lw.vector_type(naga::Scalar::U32, n) };
        pmembers.insert(0, ("indices".into(), index_ty, naga::Binding::BuiltIn(indices_builtin)));
        // naga (and WebGPU) require a position; D3D does not (such a mesh draws nothing
        // useful): (0, 0, 0, 1) then.
        let has_position = vmembers.iter().any(|m| matches!(m.2, naga::Binding::BuiltIn(naga::BuiltIn::Position { .. })));
        if !has_position {
            let f4 = self.lw.vector_type(naga::Scalar::F32, 4);
            vmembers.push(("SV_Position".into(), f4, naga::Binding::BuiltIn(naga::BuiltIn::Position { invariant: false })));
        }
        let vstruct = self.io_struct(&vmembers, format!("{}_vertex", sanitize(&tf.name)));
        let pstruct = self.io_struct(&pmembers, format!("{}_primitive", sanitize(&tf.name)));
        let varr = self.lw.array_type(vstruct, Some(max_vertices));
        let parr = self.lw.array_type(pstruct, Some(max_primitives));
        let u = self.lw.scalar_type(naga::Scalar::U32);
        let out_members = [
            ("vertex_count", u, naga::BuiltIn::VertexCount),
            ("primitive_count", u, naga::BuiltIn::PrimitiveCount),
            ("vertices", varr, naga::BuiltIn::Vertices),
            ("primitives", parr, naga::BuiltIn::Primitives),
        ];
        let out_ty = self.io_struct(
            &out_members.iter().map(|(n, t, b)| (n.to_string(), *t, naga::Binding::BuiltIn(*b))).collect::<Vec<_>>(),
            format!("{}_output", sanitize(&tf.name)),
        );
        let out = self.lw.module.global_variables.append(
            naga::GlobalVariable {
                name: Some(format!("{}_mesh_output", sanitize(&tf.name))),
                space: naga::AddressSpace::WorkGroup,
                binding: None,
                ty: out_ty,
                init: None,
                memory_decorations: Default::default(),
            },
            super::span(s),
        );

        // The group's writes are complete; clamp the counts.
        self.push(naga::Statement::ControlBarrier(naga::Barrier::WORK_GROUP), s);
        let index = self.local_invocation_index(s);
        let mut clamped = Vec::new();
        if sets_counts {
            let counts_var = self.lw.mesh_counts();
            let counts_ptr = self.add(naga::Expression::GlobalVariable(counts_var), s);
            let counts = self.add(naga::Expression::Load { pointer: counts_ptr }, s);
            for (k, max) in [info.max_vertices, info.max_primitives].into_iter().enumerate() {
                let c = self.add(naga::Expression::AccessIndex { base: counts, index: k as u32 }, s);
                let m = self.literal_u32(max);
                clamped.push(self.add(naga::Expression::Math { fun: naga::MathFunction::Min, arg: c, arg1: Some(m), arg2: None, arg3: None }, s));
            }
        } else {
            // No `SetMeshOutputCounts` (sema allows that only without output arrays).
            let zero = self.literal_u32(0);
            clamped = vec![zero, zero];
        }
        // Thread 0 stores the counts naga's writer passes to `OpSetMeshOutputsEXT`.
        let zero = self.literal_u32(0);
        let first = self.add(naga::Expression::Binary { op: naga::BinaryOperator::Equal, left: index, right: zero }, s);
        self.begin();
        for (k, &c) in clamped.iter().enumerate() {
            let o = self.add(naga::Expression::GlobalVariable(out), s);
            let p = self.add(naga::Expression::AccessIndex { base: o, index: k as u32 }, s);
            self.push(naga::Statement::Store { pointer: p, value: c }, s);
        }
        let accept = self.end();
        self.push(naga::Statement::If { condition: first, accept, reject: naga::Block::new() }, s);

        let group: u32 = ep.workgroup_size.iter().product();
        // Vertices.
        if let (Some((verts, _)), Some(vty)) = (verts, vty) {
            self.strided_copy(index, clamped[0], group, s, &mut |b, i| {
                let src = b.add(naga::Expression::GlobalVariable(verts), s);
                let ptr = b.add(naga::Expression::Access { base: src, index: i }, s);
                let v = b.add(naga::Expression::Load { pointer: ptr }, s);
                let mut values = Vec::new();
                let mut plain = vmembers[..plain_members].iter();
                let mut distance_components: [Vec<Option<Handle<naga::Expression>>>; 2] = distance_totals.map(|n| vec![None; n as usize]);
                for (leaf, distance) in vleaves.iter().zip(&distances) {
                    let x = b.extract(v, vty, leaf, s);
                    match *distance {
                        Some((builtin, first, _)) => {
                            let components = b.distance_components(x, leaf.ty, s);
                            let slots = &mut distance_components[usize::from(builtin == "CullDistance")];
                            for (c, e) in (first as usize..).zip(components) {
                                slots[c] = Some(e);
                            }
                        }
                        None => {
                            let Some(m) = plain.next() else { continue };
                            let mut x = b.adapt_output(x, leaf.ty, m.1, leaf.semantic.span);
                            // `-fvk-invert-y`: DXC negates the y of each position written to
                            // the vertices (copying the final value is the same).
                            if b.lw.options.invert_y && matches!(m.2, naga::Binding::BuiltIn(naga::BuiltIn::Position { .. })) {
                                x = b.negate_y(x, leaf.semantic.span);
                            }
                            values.push(x);
                        }
                    }
                }
                for (k, comps) in distance_components.into_iter().enumerate() {
                    if distance_totals[k] == 0 {
                        continue;
                    }
                    let f = b.lw.scalar_type(naga::Scalar::F32);
                    let arr = b.lw.array_type(f, Some(distance_totals[k]));
                    let components = comps.into_iter().map(|c| c.unwrap_or_else(|| b.add(naga::Expression::Literal(naga::Literal::F32(0.0)), s))).collect();
                    values.push(b.add(naga::Expression::Compose { ty: arr, components }, s));
                }
                if !has_position {
                    let f4 = b.lw.vector_type(naga::Scalar::F32, 4);
                    let zero = b.add(naga::Expression::Literal(naga::Literal::F32(0.0)), s);
                    let one = b.add(naga::Expression::Literal(naga::Literal::F32(1.0)), s);
                    values.push(b.add(naga::Expression::Compose { ty: f4, components: vec![zero, zero, zero, one] }, s));
                }
                let value = b.add(naga::Expression::Compose { ty: vstruct, components: values }, s);
                let o = b.add(naga::Expression::GlobalVariable(out), s);
                let arr = b.add(naga::Expression::AccessIndex { base: o, index: 2 }, s);
                let dst = b.add(naga::Expression::Access { base: arr, index: i }, s);
                b.push(naga::Statement::Store { pointer: dst, value }, s);
            });
        }
        // Primitives: the indices, then the per-primitive attributes.
        if let Some((indices, _)) = indices {
            self.strided_copy(index, clamped[1], group, s, &mut |b, i| {
                let src = b.add(naga::Expression::GlobalVariable(indices), s);
                let ptr = b.add(naga::Expression::Access { base: src, index: i }, s);
                let mut values = vec![b.add(naga::Expression::Load { pointer: ptr }, s)];
                if let (Some((prims, _)), Some(pty)) = (prims, pty) {
                    let src = b.add(naga::Expression::GlobalVariable(prims), s);
                    let ptr = b.add(naga::Expression::Access { base: src, index: i }, s);
                    let v = b.add(naga::Expression::Load { pointer: ptr }, s);
                    for (leaf, m) in pleaves.iter().zip(&pmembers[1..]) {
                        let x = b.extract(v, pty, leaf, s);
                        values.push(b.adapt_output(x, leaf.ty, m.1, leaf.semantic.span));
                    }
                }
                let value = b.add(naga::Expression::Compose { ty: pstruct, components: values }, s);
                let o = b.add(naga::Expression::GlobalVariable(out), s);
                let arr = b.add(naga::Expression::AccessIndex { base: o, index: 3 }, s);
                let dst = b.add(naga::Expression::Access { base: arr, index: i }, s);
                b.push(naga::Statement::Store { pointer: dst, value }, s);
            });
        }
        Some(naga::MeshStageInfo {
            topology: match info.topology {
                MeshTopology::Triangle => naga::MeshOutputTopology::Triangles,
                MeshTopology::Line => naga::MeshOutputTopology::Lines,
                MeshTopology::Point => naga::MeshOutputTopology::Points,
            },
            max_vertices,
            max_vertices_override: None,
            max_primitives,
            max_primitives_override: None,
            vertex_output_type: vstruct,
            primitive_output_type: pstruct,
            output_variable: out,
        })
    }

    /// `for (i = first; i < count; i += step) body(i)`.
    fn strided_copy(
        &mut self,
        first: Handle<naga::Expression>,
        count: Handle<naga::Expression>,
        step: u32,
        s: Span,
        body: &mut dyn FnMut(&mut Self, Handle<naga::Expression>),
    ) {
        let u = self.lw.scalar_type(naga::Scalar::U32);
        let l = self.local("mesh_i", u);
        let lp = self.add(naga::Expression::LocalVariable(l), s);
        self.push(naga::Statement::Store { pointer: lp, value: first }, s);
        self.counted_loop(lp, count, step, s, body);
    }

    /// `@builtin(local_invocation_index)`: the entry point's argument if it has one, else a
    /// new argument.
    fn local_invocation_index(&mut self, s: Span) -> Handle<naga::Expression> {
        let want = Some(naga::Binding::BuiltIn(naga::BuiltIn::LocalInvocationIndex));
        let i = match self.func.arguments.iter().position(|a| a.binding == want) {
            Some(i) => i,
            None => {
                let u = self.lw.scalar_type(naga::Scalar::U32);
                self.func.arguments.push(naga::FunctionArgument { name: Some("local_invocation_index".into()), ty: u, binding: want });
                self.func.arguments.len() - 1
            }
        };
        self.add(naga::Expression::FunctionArgument(i as u32), s)
    }

    /// The binding of one leaf of a mesh vertex (`per_primitive: false`) or primitive output.
    fn mesh_output_binding(&mut self, leaf: &Leaf, per_primitive: bool, locations: &mut Locations) -> Option<(String, Handle<naga::Type>, naga::Binding)> {
        use naga::BuiltIn as B;
        let sem = &leaf.semantic;
        let name = super::entry::leaf_name(sem, leaf.array_index);
        let upper = sem.name.to_ascii_uppercase();
        let kind = if per_primitive { "primitive" } else { "vertex" };
        let builtin = match (per_primitive, upper.as_str()) {
            (false, "SV_POSITION") => Some((B::Position { invariant: leaf.precise }, self.lw.vector_type(naga::Scalar::F32, 4))),
            (true, "SV_PRIMITIVEID") => Some((B::PrimitiveIndex, self.lw.scalar_type(naga::Scalar::U32))),
            (true, "SV_CULLPRIMITIVE") => Some((B::CullPrimitive, self.lw.scalar_type(naga::Scalar::BOOL))),
            (_, "SV_RENDERTARGETARRAYINDEX" | "SV_VIEWPORTARRAYINDEX" | "SV_SHADINGRATE") => {
                self.lw
                    .error("E0803", sem.span, format!("the mesh shader output `{}` cannot be expressed in WGSL or naga IR", sem.name))
                    .help("naga has no layer, viewport-index or shading-rate built-in; remove the field");
                return None;
            }
            (_, n) if n.starts_with("SV_") => {
                self.lw.error("E0616", sem.span, format!("system value `{}` is not available as a {kind} output of mesh shaders", sem.name));
                return None;
            }
            _ => None,
        };
        if let Some((b, ty)) = builtin {
            if !matches!(self.lw.tys.get(leaf.ty), TypeInner::Scalar(_) | TypeInner::Vector { .. }) {
                let t = self.lw.tir.type_name(leaf.ty);
                self.lw.error("E0617", sem.span, format!("system value `{}` cannot have type `{t}`", sem.name));
                return None;
            }
            return Some((name, ty, naga::Binding::BuiltIn(b)));
        }
        let (ty, _) = self.io_type(leaf.ty, sem.span)?;
        let loc = self.user_location(locations, leaf)?;
        let (interpolation, sampling) = if per_primitive {
            let i = leaf.interpolation;
            if i.linear || i.noperspective || i.centroid || i.sample {
                self.lw
                    .error("E0621", sem.span, format!("the per-primitive output `{}` cannot be interpolated", sem.name))
                    .help("remove the interpolation modifier: a primitive's attributes are constant over it");
                return None;
            }
            (Some(naga::Interpolation::Flat), None)
        } else {
            self.interpolation(leaf.ty, leaf.interpolation)
        };
        Some((name, ty, naga::Binding::Location { location: loc, interpolation, sampling, blend_src: None, per_primitive }))
    }

    /// A struct of bound members with naga's natural offsets.
    fn io_struct(&mut self, members: &[(String, Handle<naga::Type>, naga::Binding)], name: String) -> Handle<naga::Type> {
        let mut offset = 0u32;
        let mut out = Vec::new();
        for (n, ty, binding) in members {
            let l = self.lw.layouter[*ty];
            let a = l.alignment.round_up(1);
            offset = offset.div_ceil(a) * a;
            out.push(naga::StructMember { name: Some(sanitize(n)), ty: *ty, binding: Some(binding.clone()), offset });
            offset += l.size;
        }
        let align = members.iter().map(|(_, t, _)| self.lw.layouter[*t].alignment.round_up(1)).max().unwrap_or(1);
        self.lw.insert_type(naga::TypeInner::Struct { members: out, span: offset.div_ceil(align) * align }, Some(name))
    }
}
