//! Geometry shaders: output stream types and methods, input primitives, and DXC's rules for
//! geometry entry points.
//!
//! `PointStream<T>`/`LineStream<T>`/`TriangleStream<T>` are [`TypeInner::Stream`]; a stream is
//! always an `inout` parameter (DXC: "stream-output object must be an inout parameter"), and
//! its `Append(v)`/`RestartStrip()` become [`Method::StreamAppend`]/[`Method::StreamRestartStrip`]
//! on the stream's place. A geometry entry point needs `[maxvertexcount(n)]`, takes vertex
//! arrays with one input primitive modifier (`point`, `line`, `triangle`, `lineadj`,
//! `triangleadj`) whose length is that primitive's vertex count (none: points), and one output stream (DXC
//! allows several point streams for stream output, which hlslc does not support yet).
//!
//! naga IR and WGSL have no geometry stage: only the SPIR-V target compiles these entry
//! points (see `lower::geometry` and `passes::stage_model`); the WGSL target reports the
//! stage with E0610 after the checks here.

use super::expr::{Operand, Value};
use super::Analyzer;
use crate::tir::{Arg, Expr, ExprKind, FuncId, GeometryInfo, InputPrimitive, Method, ParamDir};
use crate::ty::{StreamTopology, TypeId, TypeInner};
use hlslc_grammar::ast::{self, Qualifier};
use hlslc_grammar::Span;

/// The input primitive modifier written on a parameter, if any.
pub(super) fn input_primitive(quals: &ast::Qualifiers) -> Option<InputPrimitive> {
    quals.list.iter().find_map(|(q, _)| match q {
        Qualifier::Point => Some(InputPrimitive::Point),
        Qualifier::Line => Some(InputPrimitive::Line),
        Qualifier::Triangle => Some(InputPrimitive::Triangle),
        Qualifier::LineAdj => Some(InputPrimitive::LineAdj),
        Qualifier::TriangleAdj => Some(InputPrimitive::TriangleAdj),
        _ => None,
    })
}

/// The most `[instance(n)]` allows: DXC's SPIR-V back end takes any count, drivers their
/// `maxGeometryShaderInvocations` (at least 32, 127 on desktop GPUs and lavapipe).
const MAX_INSTANCES: i64 = 127;

impl Analyzer<'_> {
    /// `PointStream<T>`, `LineStream<T>`, `TriangleStream<T>`.
    pub(super) fn stream_type(&mut self, name: &str, args: Option<&[ast::TemplateArg]>, span: Span) -> Option<TypeId> {
        let topology = match name {
            "PointStream" => StreamTopology::Point,
            "LineStream" => StreamTopology::Line,
            _ => StreamTopology::Triangle,
        };
        let [arg] = args.unwrap_or_default() else {
            self.error("E0403", span, format!("`{name}` takes one template argument: the vertex type")).help(format!("write `{name}<VertexOut>`"));
            return None;
        };
        let element = self.template_type_arg(arg, span)?;
        if !matches!(self.module.types.get(element), TypeInner::Struct(_) | TypeInner::Scalar(_) | TypeInner::Vector { .. }) {
            let t = self.type_name(element);
            self.error("E0626", span, format!("the vertices of a `{name}` must be a struct, a scalar or a vector, found `{t}`"));
            return None;
        }
        Some(self.module.types.insert(TypeInner::Stream { topology, element }))
    }

    /// A stream parameter that is not `inout` (DXC's error).
    pub(super) fn check_stream_param(&mut self, ty: TypeId, dir: ParamDir, span: Span) {
        if matches!(self.module.types.get(ty), TypeInner::Stream { .. }) && dir != ParamDir::InOut {
            self.error("E0626", span, "stream-output object must be an inout parameter").help("declare it `inout`, e.g. `inout TriangleStream<VertexOut> stream`");
        }
    }

    /// `stream.Append(vertex)` and `stream.RestartStrip()`.
    pub(super) fn stream_method(&mut self, obj: Operand, member: &ast::Ident, ops: Vec<Operand>, span: Span) -> Option<Operand> {
        let TypeInner::Stream { element, .. } = *self.module.types.get(obj.ty) else { return None };
        let Value::Place(stream) = obj.value else {
            self.error("E0626", obj.span, "stream methods need a stream parameter");
            return None;
        };
        let void = self.module.types.void();
        let (method, want) = match member.name.as_str() {
            "Append" => (Method::StreamAppend, 1),
            "RestartStrip" => (Method::StreamRestartStrip, 0),
            other => {
                let t = self.type_name(obj.ty);
                self.error("E0307", member.span, format!("`{t}` has no method `{other}`")).help("output streams have `Append(vertex)` and `RestartStrip()`");
                return None;
            }
        };
        if ops.len() != want {
            let name = &member.name;
            self.error("E0508", span, format!("`{name}` takes {want} argument{}, found {}", if want == 1 { "" } else { "s" }, ops.len()));
            return None;
        }
        let mut args = Vec::new();
        for o in ops {
            let s = o.span;
            args.push(Arg::Value(self.convert_implicit(o, element, s)?));
        }
        Some(Operand::expr(Expr::new(ExprKind::Method { object: Box::new(stream), method, args }, void, span)))
    }

    /// DXC's rules for a geometry entry point; `None` after reporting.
    pub(super) fn geometry_entry(&mut self, f: FuncId) -> Option<GeometryInfo> {
        let info = self.fn_infos[f.0 as usize].clone();
        let func = self.module.functions[f.0 as usize].clone();
        let (span, name) = (info.span, info.name.clone());
        let errors = self.diags.iter().filter(|d| d.is_error()).count();
        let mut max_vertex_count = None;
        let mut instances = 1u32;
        for a in &info.attrs {
            let attr = a.name.name.to_ascii_lowercase();
            if attr != "maxvertexcount" && attr != "instance" {
                continue;
            }
            let [arg] = a.args.as_slice() else {
                self.error("E0626", a.span, format!("`{attr}` takes one integer constant"));
                continue;
            };
            let Some(v) = self.const_int(arg) else { continue };
            if attr == "maxvertexcount" {
                if v < 1 {
                    self.error("E0626", arg.span, format!("`maxvertexcount` must be at least 1, found {v}"));
                } else {
                    max_vertex_count = Some(v.min(i64::from(u32::MAX)) as u32);
                }
            } else if !(1..=MAX_INSTANCES).contains(&v) {
                self.error("E0626", arg.span, format!("`instance` must be between 1 and {MAX_INSTANCES}, found {v}")).note("Vulkan guarantees 32 invocations (`maxGeometryShaderInvocations`)");
            } else {
                instances = v as u32;
            }
        }
        if max_vertex_count.is_none() && !info.attrs.iter().any(|a| a.name.name.eq_ignore_ascii_case("maxvertexcount")) {
            self.error("E0626", span, "geometry entry point must have a valid maxvertexcount attribute").help("add `[maxvertexcount(n)]` with the most vertices one invocation appends");
        }
        let wgsl = self.options.target == crate::options::Target::Wgsl;
        let mut input: Option<(InputPrimitive, Span)> = None;
        let mut output: Option<(StreamTopology, Span)> = None;
        let mut streams = 0;
        for p in &func.params {
            // D3D's patch-list input (`InputPatch` in a geometry shader) has no Vulkan form.
            if let Some(prim @ (InputPrimitive::InputPatch | InputPrimitive::OutputPatch)) = p.primitive {
                if !wgsl {
                    self.error("E0627", p.span, format!("a geometry shader reading an `{}` (a patch list) cannot be expressed in SPIR-V", prim.hlsl_name()))
                        .help("Vulkan geometry shaders take points, lines or triangles (with adjacency); tessellate the patches first");
                }
                continue;
            }
            if let Some(prim) = p.primitive {
                // Several vertex arrays of one primitive are one signature (DXC).
                match input {
                    // One input and one output primitive: SPIR-V execution modes (DXC's SPIR-V
                    // back end's errors; DXIL takes them).
                    Some((other, first)) if other != prim => {
                        if !wgsl {
                            self.error("E0626", p.span, "only one input primitive type can be specified in the geometry shader").related(first, "the first input primitive");
                        }
                        continue;
                    }
                    Some(_) => {}
                    None => input = Some((prim, p.span)),
                }
                let n = prim.vertices();
                match *self.module.types.get(p.ty) {
                    TypeInner::Array { size: Some(len), .. } if len == n => {}
                    TypeInner::Array { base, .. } => {
                        let t = self.type_name(base);
                        self.error("E0626", p.span, format!("array dimension for {} must be {n}", prim.hlsl_name())).help(format!("declare `{} {t} {}[{n}]`", prim.hlsl_name(), p.name));
                    }
                    _ => {
                        let t = self.type_name(p.ty);
                        self.error("E0626", p.span, format!("input types for geometry shader must be constant size arrays: {} is not an array of {n}", p.name)).help(format!("declare `{} {t} {}[{n}]`", prim.hlsl_name(), p.name));
                    }
                }
                continue;
            }
            if let TypeInner::Stream { topology, .. } = *self.module.types.get(p.ty) {
                streams += 1;
                match output {
                    Some((other, first)) if other != topology => {
                        if !wgsl {
                            self.error("E0626", p.span, "only one output primitive type can be specified in the geometry shader").related(first, "the first output stream");
                        }
                    }
                    Some(_) if wgsl => {}
                    Some((_, first)) => {
                        self.error("E0627", p.span, "a geometry shader with several output streams is not supported by hlslc").related(first, "the first output stream").note("several streams feed Vulkan's transform feedback (`OpEmitStreamVertex`), which hlslc does not emit yet");
                    }
                    None => output = Some((topology, p.span)),
                }
            }
        }
        if streams == 0 {
            self.error("E0626", span, format!("geometry entry point `{name}` has no output stream")).help("add a parameter such as `inout TriangleStream<VertexOut> stream`");
        }
        if func.ret != self.module.types.void() {
            self.error("E0626", span, format!("geometry entry point `{name}` must return `void`")).help("write vertices with the output stream's `Append`");
        }
        if self.diags.iter().filter(|d| d.is_error()).count() != errors {
            return None;
        }
        if wgsl {
            self.error("E0610", span, format!("geometry shaders cannot be expressed in WGSL, so `{name}` compiles for SPIR-V only"))
                .help("compile for Vulkan with the SPIR-V target (`-spirv`)");
            return None;
        }
        // Without a vertex array the primitive is irrelevant to the shader; DXC accepts it.
        let input = input.map_or(InputPrimitive::Point, |i| i.0);
        Some(GeometryInfo { max_vertex_count: max_vertex_count?, instances, input, output: output?.0 })
    }
}
