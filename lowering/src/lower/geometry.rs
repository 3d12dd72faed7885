//! Geometry shaders on naga's model, for the SPIR-V target.
//!
//! naga IR has no geometry stage, no per-vertex input arrays and no `EmitVertex`. The entry
//! point is lowered as a one-invocation compute entry point whose stage I/O is *stand-in*
//! private globals, named for what they stand for (see [`crate::passes::stage_model`]):
//! - each input leaf of the vertex array (`triangle V v[3]`) is an `array<T, 3>` named
//!   `hlslc::input::location::<n>` or `hlslc::input::builtin::Position`; the wrapper rebuilds
//!   the HLSL array of vertices from them;
//! - `SV_PrimitiveID` and `SV_GSInstanceID` parameters are scalar stand-ins of the built-ins
//!   `PrimitiveId` and `InvocationId`;
//! - each leaf of the stream's vertex type is a stand-in output (`hlslc::output::…`);
//!   `stream.Append(v)` stores `v`'s leaves into them, then stores to the marker
//!   `hlslc::emit_vertex`; `RestartStrip()` stores to `hlslc::end_primitive`.
//!
//! The SPIR-V pass `stage_model` then makes the entry point a `Geometry` one with the
//! execution modes recorded here, turns the stand-ins into `Input`/`Output` variables with
//! their decorations, and the marker stores into `OpEmitVertex`/`OpEndPrimitive`. User
//! semantics take locations in declaration order, inputs and outputs separately, as in the
//! other stages (and DXC), so a vertex shader's outputs meet a geometry shader's inputs.

use super::entry::{leaf_name, Leaf, Locations};
use crate::reflect::StageVariable;
use super::function::FnBuilder;
use crate::passes::stage_model::{self, EntryModel};
use crate::tir::{self, Arg, EntryPoint, Param};
use crate::ty::{ScalarKind, StreamTopology, TypeId, TypeInner};
use hlslc_grammar::Span;
use naga::Handle;
use rspirv::spirv::{ExecutionMode, ExecutionModel};

/// One leaf of a stream's vertex type and the stand-in output it is written to.
#[derive(Clone)]
pub(crate) struct StreamOutput {
    path: Vec<u32>,
    ty: TypeId,
    naga_ty: Handle<naga::Type>,
    var: Handle<naga::GlobalVariable>,
    span: Span,
    /// How reflection shows it.
    reflected: StageVariable,
    /// `SV_ClipDistance`/`SV_CullDistance`: the leaf's components go to the built-in array
    /// from this element on.
    first_element: Option<u32>,
    /// An `N×1` matrix read as this vector type (`Leaf::column`).
    column: Option<Handle<naga::Type>>,
}

impl FnBuilder<'_, '_> {
    /// The value of a geometry entry parameter, built from stand-in inputs; `None` for the
    /// output stream (and after reporting).
    /// Each stand-in is also added to `reflected`.
    /// User semantics take locations from `location` on.
    pub(super) fn geometry_input(&mut self, p: &Param, locations: &mut Locations, reflected: &mut Vec<StageVariable>) -> Option<Handle<naga::Expression>> {
        if matches!(self.lw.tys.get(p.ty), TypeInner::Stream { .. }) {
            return None;
        }
        if p.primitive.is_none() {
            // A per-primitive system value.
            let mut leaves = Vec::new();
            self.collect_leaves(p.ty, p.semantic.as_ref(), p.interpolation, p.precise, &mut Vec::new(), &mut leaves);
            let [leaf] = leaves.as_slice() else {
                self.lw.error("E0616", p.span, "geometry shader inputs other than the vertex array must be `SV_PrimitiveID` or `SV_GSInstanceID`");
                return None;
            };
            let builtin = match leaf.semantic.name.to_ascii_uppercase().as_str() {
                "SV_PRIMITIVEID" => "PrimitiveId",
                "SV_GSINSTANCEID" => "InvocationId",
                "SV_VIEWID" => "ViewIndex",
                _ => {
                    self.lw.error("E0616", leaf.semantic.span, format!("`{}` is not available as a per-primitive input of geometry shaders", leaf.semantic.name))
                        .help("per-vertex values go in the input primitive array; the other inputs are `SV_PrimitiveID` and `SV_GSInstanceID`");
                    return None;
                }
            };
            if !matches!(*self.lw.tys.get(leaf.ty), TypeInner::Scalar(s) if s.kind != ScalarKind::Float && s.kind != ScalarKind::Bool && s.width == 4) {
                let t = self.lw.tir.type_name(leaf.ty);
                self.lw.error("E0617", leaf.semantic.span, format!("system value `{}` must be a 32-bit integer, found `{t}`", leaf.semantic.name)).help("declare it as `uint`");
                return None;
            }
            let u = self.lw.scalar_type(naga::Scalar::U32);
            let var = self.stand_in(&format!("{}builtin::{builtin}", stage_model::INPUT_PREFIX), u);
            reflected.push(self.reflected(&leaf.semantic, None, None, Some(builtin), u));
            let ptr = self.add(naga::Expression::GlobalVariable(var), leaf.semantic.span);
            let v = self.add(naga::Expression::Load { pointer: ptr }, leaf.semantic.span);
            let v = self.adapt_input(v, leaf.ty, false, leaf.semantic.span);
            return Some(v);
        }
        self.per_vertex_input(p, locations, reflected)
    }

    /// A vertex array parameter (a geometry shader's input primitive, a hull shader's
    /// `InputPatch`, a domain shader's `OutputPatch`) from per-vertex stand-in arrays.
    pub(super) fn per_vertex_input(&mut self, p: &Param, locations: &mut Locations, reflected: &mut Vec<StageVariable>) -> Option<Handle<naga::Expression>> {
        let TypeInner::Array { base, size: Some(n) } = *self.lw.tys.get(p.ty) else { return None };
        let mut leaves = Vec::new();
        self.collect_leaves(base, p.semantic.as_ref(), p.interpolation, p.precise, &mut Vec::new(), &mut leaves);
        let (distances, totals) = self.distance_layout(&leaves)?;
        // Per leaf: the stand-in, whether it is a bool, and for clip and cull distances the
        // first element and the component count.
        let mut vars = Vec::new();
        for (leaf, distance) in leaves.iter().zip(&distances) {
            if let Some((builtin, first, count)) = *distance {
                let f = self.lw.scalar_type(naga::Scalar::F32);
                let per_vertex = self.lw.array_type(f, Some(totals[usize::from(builtin == "CullDistance")]));
                let arr = self.lw.array_type(per_vertex, Some(n));
                let name = format!("{}builtin::{builtin}", stage_model::INPUT_PREFIX);
                let shown = self.distance_reflected(builtin, per_vertex);
                if !reflected.contains(&shown) {
                    reflected.push(shown);
                }
                vars.push((self.stand_in(&name, arr), false, Some((first, count))));
                continue;
            }
            let (name, naga_ty, is_bool, location) = self.vertex_input(leaf, locations)?;
            let arr = self.lw.array_type(naga_ty, Some(n));
            let builtin = location.is_none().then_some("Position");
            reflected.push(self.reflected(&leaf.semantic, leaf.array_index, location, builtin, naga_ty));
            vars.push((self.stand_in(&name, arr), is_bool, None));
        }
        let mut vertices = Vec::new();
        for i in 0..n {
            let mut values = Vec::new();
            for (leaf, &(var, is_bool, distance)) in leaves.iter().zip(&vars) {
                let s = leaf.semantic.span;
                let g = self.add(naga::Expression::GlobalVariable(var), s);
                let ptr = self.add(naga::Expression::AccessIndex { base: g, index: i }, s);
                if let Some((first, _)) = distance {
                    // A scalar, a vector, or an array of them, from consecutive elements.
                    let (len, per) = self.distance_shape(leaf.ty).unwrap_or((None, 1));
                    let element_ty = match *self.lw.tys.get(leaf.ty) {
                        TypeInner::Array { base, .. } => base,
                        _ => leaf.ty,
                    };
                    let mut elements = Vec::new();
                    for e in 0..len.unwrap_or(1) {
                        let mut components = Vec::new();
                        for c in 0..per {
                            let p = self.add(naga::Expression::AccessIndex { base: ptr, index: first + e * per + c }, s);
                            components.push(self.add(naga::Expression::Load { pointer: p }, s));
                        }
                        elements.push(if per == 1 {
                            components[0]
                        } else {
                            let t = self.lw.ty(element_ty);
                            self.add(naga::Expression::Compose { ty: t, components }, s)
                        });
                    }
                    let v = if len.is_none() {
                        elements[0]
                    } else {
                        let t = self.lw.ty(leaf.ty);
                        self.add(naga::Expression::Compose { ty: t, components: elements }, s)
                    };
                    values.push(v);
                    continue;
                }
                let v = self.add(naga::Expression::Load { pointer: ptr }, s);
                values.push(self.adapt_input(v, leaf.ty, is_bool, s));
            }
            vertices.push(self.rebuild(base, &leaves, &values, p.span));
        }
        let t = self.lw.ty(p.ty);
        Some(self.add(naga::Expression::Compose { ty: t, components: vertices }, p.span))
    }

    /// Where clip and cull distance leaves go in their built-in arrays: per leaf, the
    /// built-in (`ClipDistance`, `CullDistance`), the first element and the component count
    /// (in semantic-index order, as in vertex shaders); and the two arrays' lengths. `None`
    /// after reporting a distance that is not `float`s, or more than 8 of a kind.
    #[allow(clippy::type_complexity)]
    pub(super) fn distance_layout(&mut self, leaves: &[Leaf]) -> Option<(Vec<Option<(&'static str, u32, u32)>>, [u32; 2])> {
        let mut out = vec![None; leaves.len()];
        let mut totals = [0u32; 2];
        for (k, (name, builtin)) in [("SV_CLIPDISTANCE", "ClipDistance"), ("SV_CULLDISTANCE", "CullDistance")].into_iter().enumerate() {
            let mut mine: Vec<usize> = (0..leaves.len()).filter(|&i| leaves[i].semantic.name.eq_ignore_ascii_case(name)).collect();
            mine.sort_by_key(|&i| leaves[i].semantic.index + leaves[i].array_index.unwrap_or(0));
            for i in mine {
                let l = &leaves[i];
                let Some((len, per)) = self.distance_shape(l.ty) else {
                    let t = self.lw.tir.type_name(l.ty);
                    self.lw.error("E0617", l.semantic.span, format!("`{}` must be 32-bit floats, found `{t}`", l.semantic.name)).help("declare it as `float`, a `float` vector, or an array of them");
                    return None;
                };
                let count = len.unwrap_or(1) * per;
                out[i] = Some((builtin, totals[k], count));
                totals[k] += count;
            }
            if totals[k] > 8 {
                let first = leaves.iter().find(|l| l.semantic.name.eq_ignore_ascii_case(name)).map_or(Span::UNDEFINED, |l| l.semantic.span);
                self.lw.error("E0617", first, format!("the `{builtin}` values have {} components, more than 8", totals[k])).help("write at most 8 distances in all");
                return None;
            }
        }
        Some((out, totals))
    }

    /// The shape of a clip or cull distance leaf: its array length (`None` for a scalar or a
    /// vector) and the components of each element; `None` if it is not 32-bit floats.
    fn distance_shape(&self, ty: TypeId) -> Option<(Option<u32>, u32)> {
        let (element, len) = match *self.lw.tys.get(ty) {
            TypeInner::Array { base, size: Some(n) } => (base, Some(n)),
            _ => (ty, None),
        };
        match *self.lw.tys.get(element) {
            TypeInner::Scalar(sc) if sc == crate::ty::Scalar::F32 => Some((len, 1)),
            TypeInner::Vector { scalar, size } if scalar == crate::ty::Scalar::F32 => Some((len, size as u32)),
            _ => None,
        }
    }

    /// The components of clip or cull distance `value` of type `ty` (a scalar, a vector, or an
    /// array of them), in the order they take in the built-in array.
    pub(super) fn distance_components(&mut self, value: Handle<naga::Expression>, ty: TypeId, s: Span) -> Vec<Handle<naga::Expression>> {
        let (len, per) = self.distance_shape(ty).unwrap_or((None, 1));
        let mut out = Vec::new();
        for e in 0..len.unwrap_or(1) {
            let element = if len.is_none() { value } else { self.add(naga::Expression::AccessIndex { base: value, index: e }, s) };
            for c in 0..per {
                out.push(if per == 1 { element } else { self.add(naga::Expression::AccessIndex { base: element, index: c }, s) });
            }
        }
        out
    }

    /// How reflection shows a clip or cull distance array.
    pub(super) fn distance_reflected(&self, builtin: &str, ty: Handle<naga::Type>) -> StageVariable {
        let clip = builtin == "ClipDistance";
        StageVariable {
            semantic: if clip { "SV_ClipDistance".into() } else { "SV_CullDistance".into() },
            location: None,
            builtin: Some(if clip { "clip_distances".into() } else { "cull_distance".into() }),
            type_name: crate::reflect::wgsl_type_name(&self.lw.module, ty),
        }
    }

    /// The stand-in name, naga type, whether it is a bool and the location (`None`: the
    /// position) of one per-vertex input.
    pub(super) fn vertex_input(&mut self, leaf: &Leaf, locations: &mut Locations) -> Option<(String, Handle<naga::Type>, bool, Option<u32>)> {
        let sem = &leaf.semantic;
        let upper = sem.name.to_ascii_uppercase();
        if upper == "SV_POSITION" {
            if !self.is_float4(leaf.ty) {
                let t = self.lw.tir.type_name(leaf.ty);
                self.lw.error("E0617", sem.span, format!("`SV_Position` must be a 4-component 32-bit float vector, found `{t}`")).help("declare the position as `float4`");
                return None;
            }
            let t = self.lw.vector_type(naga::Scalar::F32, 4);
            return Some((format!("{}builtin::Position", stage_model::INPUT_PREFIX), t, false, None));
        }
        // As DXC: other system values a vertex shader passes on are user attributes here.
        if upper.starts_with("SV_") && !is_attribute_between_stages(&upper) {
            self.lw.error("E0616", sem.span, format!("system value `{}` is not available as a per-vertex input here", sem.name))
                .help("pass the value from the vertex shader under a user semantic such as `TEXCOORD0`");
            return None;
        }
        let (ty, is_bool) = self.io_type(leaf.ty, sem.span)?;
        let loc = self.user_location(locations, leaf)?;
        Some((format!("{}location::{loc}", stage_model::INPUT_PREFIX), ty, is_bool, Some(loc)))
    }

    /// A stand-in as reflection shows it: built-ins by the names of WGSL (`position`,
    /// `primitive_index`) or, without one, of SPIR-V in snake case (`layer`).
    pub(super) fn reflected(&self, semantic: &tir::Semantic, array_index: Option<u32>, location: Option<u32>, builtin: Option<&str>, ty: Handle<naga::Type>) -> StageVariable {
        let builtin = builtin.map(|b| match b {
            "Position" => "position",
            "PrimitiveId" => "primitive_index",
            "InvocationId" => "invocation_id",
            "ViewIndex" => "view_index",
            "Layer" => "layer",
            "TessCoord" => "tess_coord",
            "TessLevelOuter" => "tess_level_outer",
            "TessLevelInner" => "tess_level_inner",
            _ => "viewport_index",
        });
        StageVariable {
            semantic: leaf_name(semantic, array_index),
            location,
            builtin: builtin.map(str::to_string),
            type_name: crate::reflect::wgsl_type_name(&self.lw.module, ty),
        }
    }

    /// The reflected outputs of a stream's vertex type (after the entry function is lowered).
    pub(super) fn reflected_stream_outputs(&self, element: TypeId) -> Vec<StageVariable> {
        let mut out: Vec<StageVariable> = Vec::new();
        // The leaves of one clip or cull array are one variable.
        for o in self.lw.stream_outputs.get(&element).cloned().flatten().unwrap_or_default() {
            if !out.contains(&o.reflected) {
                out.push(o.reflected);
            }
        }
        out
    }

    pub(super) fn is_float4(&self, ty: TypeId) -> bool {
        matches!(self.lw.tys.get(ty), TypeInner::Vector { scalar, size: 4 } if scalar.kind == ScalarKind::Float && scalar.width == 4)
    }

    /// A stand-in private global (found by name and type, or created: entry points of
    /// several stages in one module may give one name different types).
    pub(super) fn stand_in(&mut self, name: &str, ty: Handle<naga::Type>) -> Handle<naga::GlobalVariable> {
        if let Some((h, _)) = self.lw.module.global_variables.iter().find(|(_, g)| g.name.as_deref() == Some(name) && g.ty == ty) {
            return h;
        }
        self.lw.module.global_variables.append(
            naga::GlobalVariable { name: Some(name.into()), space: naga::AddressSpace::Private, binding: None, ty, init: None, memory_decorations: Default::default() },
            naga::Span::UNDEFINED,
        )
    }

    /// `stream.Append(v)` and `stream.RestartStrip()`.
    pub(super) fn stream_method(&mut self, object: &tir::Place, method: tir::Method, args: &[Arg], s: Span) -> Handle<naga::Expression> {
        let TypeInner::Stream { element, .. } = *self.lw.tys.get(object.ty) else { return self.dummy(s) };
        if method == tir::Method::StreamAppend {
            let Some(Arg::Value(e)) = args.first() else { return self.dummy(s) };
            let v = self.expr(e);
            let Some(outputs) = self.stream_outputs(element, s) else { return self.dummy(s) };
            for o in outputs {
                let x = self.extract_path(v, &o.path, o.column, o.span);
                if let Some(first) = o.first_element {
                    for (c, component) in (first..).zip(self.distance_components(x, o.ty, o.span)) {
                        let g = self.add(naga::Expression::GlobalVariable(o.var), s);
                        let ptr = self.add(naga::Expression::AccessIndex { base: g, index: c }, s);
                        self.push(naga::Statement::Store { pointer: ptr, value: component }, s);
                    }
                    continue;
                }
                let mut x = self.adapt_output(x, o.ty, o.naga_ty, o.span);
                // `-fvk-invert-y`: DXC negates the y of each appended vertex's position.
                if self.lw.options.invert_y && o.reflected.builtin.as_deref() == Some("position") {
                    x = self.negate_y(x, o.span);
                }
                let ptr = self.add(naga::Expression::GlobalVariable(o.var), s);
                self.push(naga::Statement::Store { pointer: ptr, value: x }, s);
            }
        }
        let marker = if method == tir::Method::StreamAppend { stage_model::EMIT_VERTEX } else { stage_model::END_PRIMITIVE };
        let marker = self.private_marker(marker, naga::Scalar::U32);
        let ptr = self.add(naga::Expression::GlobalVariable(marker), s);
        let zero = self.literal_u32(0);
        self.push(naga::Statement::Store { pointer: ptr, value: zero }, s);
        self.dummy(s)
    }

    /// The stand-in outputs of a stream's vertex type (created on first use); `None` after
    /// reporting.
    /// (`span`: the first `Append`, where a vertex type without semantics is reported.)
    fn stream_outputs(&mut self, element: TypeId, span: Span) -> Option<Vec<StreamOutput>> {
        if let Some(o) = self.lw.stream_outputs.get(&element) {
            return o.clone();
        }
        let mut leaves = Vec::new();
        self.collect_leaves(element, None, tir::Interpolation::default(), false, &mut Vec::new(), &mut leaves);
        let mut locations = self.stage_locations("output", &leaves);
        let mut outputs = Some(Vec::new());
        // Clip and cull distances: each kind one `float` array, the leaves' components in
        // semantic-index order (as in vertex shaders).
        for (name, builtin) in [("SV_CLIPDISTANCE", "ClipDistance"), ("SV_CULLDISTANCE", "CullDistance")] {
            let mut mine: Vec<&Leaf> = leaves.iter().filter(|l| l.semantic.name.eq_ignore_ascii_case(name)).collect();
            if mine.is_empty() {
                continue;
            }
            mine.sort_by_key(|l| l.semantic.index + l.array_index.unwrap_or(0));
            let mut sizes = Vec::new();
            for l in &mine {
                match self.distance_shape(l.ty) {
                    Some((len, per)) => sizes.push(len.unwrap_or(1) * per),
                    None => {
                        let t = self.lw.tir.type_name(l.ty);
                        self.lw.error("E0617", l.semantic.span, format!("`{}` must be 32-bit floats, found `{t}`", l.semantic.name)).help("declare it as `float`, a `float` vector, or an array of them");
                        outputs = None;
                    }
                }
            }
            let total: u32 = sizes.iter().sum();
            if outputs.is_none() || total > 8 {
                if total > 8 {
                    self.lw.error("E0617", mine[0].semantic.span, format!("the `{}` outputs have {total} components, more than 8", mine[0].semantic.name)).help("write at most 8 distances in all");
                }
                outputs = None;
                continue;
            }
            let f = self.lw.scalar_type(naga::Scalar::F32);
            let arr = self.lw.array_type(f, Some(total));
            let var = self.stand_in(&format!("{}builtin::{builtin}", stage_model::OUTPUT_PREFIX), arr);
            let reflected = StageVariable {
                semantic: if builtin == "ClipDistance" { "SV_ClipDistance".into() } else { "SV_CullDistance".into() },
                location: None,
                builtin: Some(if builtin == "ClipDistance" { "clip_distances".into() } else { "cull_distance".into() }),
                type_name: crate::reflect::wgsl_type_name(&self.lw.module, arr),
            };
            let mut first = 0;
            for (l, n) in mine.iter().zip(&sizes) {
                let column_ty = self.lw.ty(l.ty);
                if let Some(o) = outputs.as_mut() {
                    o.push(StreamOutput { path: l.path.clone(), ty: l.ty, naga_ty: f, var, span: l.semantic.span, reflected: reflected.clone(), first_element: Some(first), column: l.column.map(|_| column_ty) });
                }
                first += n;
            }
        }
        for leaf in &leaves {
            let sem = &leaf.semantic;
            let upper = sem.name.to_ascii_uppercase();
            if upper == "SV_CLIPDISTANCE" || upper == "SV_CULLDISTANCE" {
                continue;
            }
            let u = self.lw.scalar_type(naga::Scalar::U32);
            let builtin = match upper.as_str() {
                "SV_POSITION" if self.is_float4(leaf.ty) => Some(("Position", self.lw.vector_type(naga::Scalar::F32, 4))),
                "SV_POSITION" => {
                    let t = self.lw.tir.type_name(leaf.ty);
                    self.lw.error("E0617", sem.span, format!("`SV_Position` must be a 4-component 32-bit float vector, found `{t}`")).help("declare the position as `float4`");
                    outputs = None;
                    continue;
                }
                "SV_RENDERTARGETARRAYINDEX" => Some(("Layer", u)),
                "SV_VIEWPORTARRAYINDEX" => Some(("ViewportIndex", u)),
                "SV_PRIMITIVEID" => Some(("PrimitiveId", u)),
                n if n.starts_with("SV_") && !is_attribute_system_value(n) => {
                    self.lw.error("E0616", sem.span, format!("system value `{}` is not available as an output of geometry shaders here", sem.name));
                    outputs = None;
                    continue;
                }
                _ => None,
            };
            let mut reflected_as = (None, None);
            let (name, naga_ty) = match builtin {
                Some((b, t)) => {
                    reflected_as.1 = Some(b);
                    if !matches!(b, "Position") && !matches!(*self.lw.tys.get(leaf.ty), TypeInner::Scalar(sc) if sc.kind != ScalarKind::Float && sc.kind != ScalarKind::Bool && sc.width == 4) {
                        let t = self.lw.tir.type_name(leaf.ty);
                        self.lw.error("E0617", sem.span, format!("system value `{}` must be a 32-bit integer, found `{t}`", sem.name)).help("declare it as `uint`");
                        outputs = None;
                        continue;
                    }
                    (format!("{}builtin::{b}", stage_model::OUTPUT_PREFIX), t)
                }
                None => {
                    let Some((t, _)) = self.io_type(leaf.ty, sem.span) else {
                        outputs = None;
                        continue;
                    };
                    let Some(loc) = self.user_location(&mut locations, leaf) else {
                        outputs = None;
                        continue;
                    };
                    reflected_as.0 = Some(loc);
                    // Integer outputs are flat (the fragment shader reads them flat).
                    let flat = !self.lw.scalar_of(leaf.ty).is_float() || leaf.interpolation.nointerpolation;
                    (format!("{}location::{loc}{}", stage_model::OUTPUT_PREFIX, if flat { "::flat" } else { "" }), t)
                }
            };
            let var = self.stand_in(&name, naga_ty);
            let column_ty = self.lw.ty(leaf.ty);
            let reflected = self.reflected(sem, leaf.array_index, reflected_as.0, reflected_as.1, naga_ty);
            if let Some(o) = outputs.as_mut() {
                o.push(StreamOutput { path: leaf.path.clone(), ty: leaf.ty, naga_ty, var, span: sem.span, reflected, first_element: None, column: leaf.column.map(|_| column_ty) });
            }
        }
        if leaves.is_empty() {
            let t = self.lw.tir.type_name(element);
            self.lw.error("E0614", span, format!("the vertex type `{t}` of the output stream has no semantics")).help("give each field a semantic such as `: SV_Position` or `: TEXCOORD0`");
            outputs = None;
        }
        self.lw.stream_outputs.insert(element, outputs.clone());
        outputs
    }
}

/// System values a geometry shader passes through as ordinary attributes (DXC's SPIR-V gives
/// them locations): the vertex and instance ids, the facing.
pub(super) fn is_attribute_system_value(upper: &str) -> bool {
    matches!(upper, "SV_INSTANCEID" | "SV_VERTEXID" | "SV_ISFRONTFACE")
}

/// System values that are ordinary attributes (locations) between the geometry-processing
/// stages: those of `is_attribute_system_value`, and the render-target and viewport indices,
/// which are built-ins only as the last stage's outputs and as pixel inputs (DXC's SPIR-V back
/// end gives them locations as geometry, hull and domain inputs and as hull outputs).
pub(super) fn is_attribute_between_stages(upper: &str) -> bool {
    is_attribute_system_value(upper) || matches!(upper, "SV_RENDERTARGETARRAYINDEX" | "SV_VIEWPORTARRAYINDEX")
}

/// The SPIR-V execution model and modes of a geometry entry point.
pub(super) fn entry_model(ep: &EntryPoint, info: &tir::GeometryInfo) -> EntryModel {
    let input = match info.input {
        tir::InputPrimitive::Point => ExecutionMode::InputPoints,
        tir::InputPrimitive::Line => ExecutionMode::InputLines,
        tir::InputPrimitive::Triangle => ExecutionMode::Triangles,
        tir::InputPrimitive::LineAdj => ExecutionMode::InputLinesAdjacency,
        tir::InputPrimitive::TriangleAdj => ExecutionMode::InputTrianglesAdjacency,
        // Sema rejects patches in geometry shaders.
        tir::InputPrimitive::InputPatch | tir::InputPrimitive::OutputPatch => ExecutionMode::InputPoints,
    };
    let output = match info.output {
        StreamTopology::Point => ExecutionMode::OutputPoints,
        StreamTopology::Line => ExecutionMode::OutputLineStrip,
        StreamTopology::Triangle => ExecutionMode::OutputTriangleStrip,
    };
    EntryModel {
        entry: ep.name.clone(),
        model: ExecutionModel::Geometry,
        modes: vec![(ExecutionMode::Invocations, vec![info.instances]), (input, vec![]), (output, vec![]), (ExecutionMode::OutputVertices, vec![info.max_vertex_count])],
    }
}
