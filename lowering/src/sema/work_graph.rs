//! Work graphs (shader model 6.8): node shaders, their record objects and DXC's rules for
//! them.
//!
//! A node shader is `[Shader("node")]` with `[NodeLaunch("broadcasting"|"coalescing"|"thread")]`
//! (broadcasting by default). Its parameters are at most one input — `DispatchNodeInputRecord`
//! (broadcasting), `GroupNodeInputRecords` or `EmptyNodeInput` (coalescing),
//! `ThreadNodeInputRecord` (thread), each with an `RW` form but the empty one — and any number of
//! outputs (`NodeOutput<R>`, `NodeOutputArray<R>`, `EmptyNodeOutput`, `EmptyNodeOutputArray`),
//! plus the compute system values. The objects are [`TypeInner::Node`]; their methods become
//! [`Method::Node`] on the parameter's place, and `Get()`/`[i]` of records an `Index`
//! projection on it (input parameters lower to one record array per entry point). Output
//! records (`ThreadNodeOutputRecords<R>`, `GroupNodeOutputRecords<R>`) are locals holding
//! what `GetThreadNodeOutputRecords(n)`/`GetGroupNodeOutputRecords(n)` allocated.
//!
//! DXC's rules checked here (E0710–E0719): record types (a non-empty struct of data), the
//! launch mode's inputs and attributes, dispatch-grid limits, node attributes only on node
//! shaders and their parameters, read-only records.
//!
//! naga IR and WGSL have no work graphs, so the WGSL target rejects node entry points (E0610);
//! the SPIR-V target lowers them as compute entry points (`lower::work_graph`) rewritten into
//! `SPV_AMDX_shader_enqueue` by `passes::work_graph`.

use super::expr::{Operand, Value};
use super::Analyzer;
use crate::tir::{Arg, ConstValue, Expr, ExprKind, FuncId, Intrinsic, Method, NodeInfo, NodeLaunch, NodeMethod, NodeParam, Place, Projection};
use crate::ty::{NodeObject, Scalar, TypeId, TypeInner};
use hlslc_grammar::ast;
use hlslc_grammar::Span;

/// Attributes that only node entry points take.
const NODE_ATTRIBUTES: &[&str] =
    &["nodelaunch", "nodedispatchgrid", "nodemaxdispatchgrid", "nodemaxrecursiondepth", "nodeisprogramentry", "nodeid", "nodeshareinputof", "nodelocalrootargumentstableindex", "nodemaxinputrecordspergraphentryrecord"];

/// Attributes of node output parameters.
const OUTPUT_ATTRIBUTES: &[&str] = &["maxrecordssharedwith", "allowsparsenodes", "nodearraysize", "unboundedsparsenodes"];

impl Analyzer<'_> {
    /// A node object type (`DispatchNodeInputRecord<R>` …); `None` if `name` is not one.
    pub(super) fn node_type(&mut self, name: &str, args: Option<&[ast::TemplateArg]>, span: Span) -> Option<Option<TypeId>> {
        let object = NodeObject::from_name(name)?;
        if object.is_empty() {
            if args.is_some_and(|a| !a.is_empty()) {
                self.error("E0403", span, format!("`{name}` takes no template arguments"));
                return Some(None);
            }
            let void = self.module.types.void();
            return Some(Some(self.module.types.insert(TypeInner::Node { object, record: void })));
        }
        let [arg] = args.unwrap_or_default() else {
            self.error("E0403", span, format!("`{name}` takes one template argument: the record type")).help(format!("write `{name}<Record>` with a struct `Record`"));
            return Some(None);
        };
        let record = self.template_type_arg(arg, span)?;
        let TypeInner::Struct(st) = *self.module.types.get(record) else {
            let t = self.type_name(record);
            self.error("E0710", span, format!("`{t}` is not valid as a node record type: a struct is required")).help("declare a struct holding the record's fields");
            return Some(None);
        };
        if self.holds_resources(record) || self.holds_samplers(record) {
            let t = self.type_name(record);
            self.error("E0710", span, format!("node record `{t}` holds an object; node records hold data only"));
            return Some(None);
        }
        if self.module.structs[st.0 as usize].fields.is_empty() {
            self.error("E0710", span, format!("the record of a `{name}` may not have zero size")).help("give the record a field, or use `EmptyNodeInput`/`EmptyNodeOutput`");
            return Some(None);
        }
        Some(Some(self.module.types.insert(TypeInner::Node { object, record })))
    }

    /// Whether `ty` holds a sampler (records hold data only).
    fn holds_samplers(&self, ty: TypeId) -> bool {
        match *self.module.types.get(ty) {
            TypeInner::Sampler { .. } => true,
            TypeInner::Array { base, .. } => self.holds_samplers(base),
            TypeInner::Struct(st) => self.module.structs[st.0 as usize].fields.iter().any(|f| self.holds_samplers(f.ty)),
            _ => false,
        }
    }

    /// `GetRemainingRecursionLevels()`.
    pub(super) fn remaining_recursion_levels(&mut self, ops: &[Operand], span: Span) -> Option<Operand> {
        if !ops.is_empty() {
            self.error("E0508", span, format!("`GetRemainingRecursionLevels` takes no arguments, found {}", ops.len()));
            return None;
        }
        let u = self.module.types.scalar(Scalar::U32);
        self.node_calls.push(span);
        Some(Operand::expr(Expr::new(ExprKind::Intrinsic { op: Intrinsic::RemainingRecursionLevels, args: Vec::new() }, u, span)))
    }

    /// `obj[i]` of a node object: a record of an input or of output records, or an output
    /// of an output array.
    pub(super) fn node_index(&mut self, base: Operand, index: Operand, index_span: Span, span: Span) -> Option<Operand> {
        let TypeInner::Node { object, record } = *self.module.types.get(base.ty) else { return None };
        let element = match object {
            NodeObject::NodeOutputArray => self.module.types.insert(TypeInner::Node { object: NodeObject::NodeOutput, record }),
            NodeObject::EmptyNodeOutputArray => self.module.types.insert(TypeInner::Node { object: NodeObject::EmptyNodeOutput, record }),
            _ if object.has_records() => record,
            _ => {
                let t = self.type_name(base.ty);
                self.error("E0417", span, format!("type `{t}` does not provide a subscript operator"));
                return None;
            }
        };
        let idx = self.index_value(index, index_span)?;
        self.node_projection(base, element, idx, span)
    }

    /// The place `base` indexed by `idx`, of type `element`.
    fn node_projection(&mut self, base: Operand, element: TypeId, idx: Expr, span: Span) -> Option<Operand> {
        let Value::Place(mut p) = base.value else {
            let t = self.type_name(base.ty);
            self.error("E0711", span, format!("a `{t}` must be a node parameter or a records variable here"));
            return None;
        };
        p.projections.push(Projection::Index(Box::new(idx)));
        p.ty = element;
        p.span = span;
        Some(Operand::place(p))
    }

    /// A method of a node object.
    pub(super) fn node_method(&mut self, obj: Operand, member: &ast::Ident, ops: Vec<Operand>, span: Span) -> Option<Operand> {
        let TypeInner::Node { object, record } = *self.module.types.get(obj.ty) else { return None };
        let name = member.name.as_str();
        let t = self.type_name(obj.ty);
        let u = self.module.types.scalar(Scalar::U32);
        let b = self.module.types.scalar(Scalar::BOOL);
        let void = self.module.types.void();
        let group_records = matches!(object, NodeObject::GroupNodeInputRecords | NodeObject::RWGroupNodeInputRecords | NodeObject::GroupNodeOutputRecords);
        let (method, ret, arity) = match name {
            "Get" if object.has_records() => {
                let max = if group_records { 1 } else { 0 };
                if ops.len() > max {
                    self.error("E0508", span, format!("`Get` takes {max} argument{}, found {}", if max == 1 { "" } else { "s" }, ops.len()));
                    return None;
                }
                let idx = match ops.into_iter().next() {
                    Some(i) => {
                        let s = i.span;
                        self.index_value(i, s)?
                    }
                    None => Expr::new(ExprKind::Const(ConstValue::Uint(0)), u, span),
                };
                return self.node_projection(obj, record, idx, span);
            }
            "Count" if matches!(object, NodeObject::GroupNodeInputRecords | NodeObject::RWGroupNodeInputRecords | NodeObject::EmptyNodeInput) => (NodeMethod::Count, u, 0),
            "FinishedCrossGroupSharing" if object == NodeObject::RWDispatchNodeInputRecord => {
                let tracked = matches!(*self.module.types.get(record), TypeInner::Struct(st) if self.track_rw_input_sharing.contains(&st));
                if !tracked {
                    let r = self.type_name(record);
                    self.error("E0716", span, "use of `FinishedCrossGroupSharing()` requires the `NodeTrackRWInputSharing` attribute on the record struct")
                        .help(format!("declare the record `struct [NodeTrackRWInputSharing] {r} {{ … }}`"));
                    return None;
                }
                (NodeMethod::FinishedCrossGroupSharing, b, 0)
            }
            "GetThreadNodeOutputRecords" | "GetGroupNodeOutputRecords" if object == NodeObject::NodeOutput => {
                let group = name == "GetGroupNodeOutputRecords";
                let kind = if group { NodeObject::GroupNodeOutputRecords } else { NodeObject::ThreadNodeOutputRecords };
                (NodeMethod::Allocate { group }, self.module.types.insert(TypeInner::Node { object: kind, record }), 1)
            }
            "OutputComplete" if matches!(object, NodeObject::ThreadNodeOutputRecords | NodeObject::GroupNodeOutputRecords) => (NodeMethod::OutputComplete, void, 0),
            "IsValid" if matches!(object, NodeObject::NodeOutput | NodeObject::EmptyNodeOutput) => (NodeMethod::IsValid, b, 0),
            "ThreadIncrementOutputCount" | "GroupIncrementOutputCount" if matches!(object, NodeObject::NodeOutput | NodeObject::EmptyNodeOutput) => {
                (NodeMethod::IncrementOutputCount { group: name == "GroupIncrementOutputCount" }, void, 1)
            }
            _ => {
                self.error("E0307", member.span, format!("no member named `{name}` in `{t}`"));
                return None;
            }
        };
        if ops.len() != arity {
            self.error("E0508", span, format!("`{name}` takes {arity} argument{}, found {}", if arity == 1 { "" } else { "s" }, ops.len()));
            return None;
        }
        let mut args = Vec::new();
        for o in ops {
            let s = o.span;
            args.push(Arg::Value(self.convert_implicit(o, u, s)?));
        }
        let Value::Place(object_place) = obj.value else {
            self.error("E0711", obj.span, format!("`{name}` needs a node parameter or a records variable"));
            return None;
        };
        self.node_calls.push(span);
        Some(Operand::expr(Expr::new(ExprKind::Method { object: Box::new(object_place), method: Method::Node(method), args }, ret, span)))
    }

    /// Assignments to a whole output records variable (E0718): from an allocation or another
    /// records variable only (the SPIR-V pass gives them the payload array type they hold).
    /// `false` after reporting.
    pub(super) fn check_records_assignment(&mut self, p: &Place, value: &Expr, span: Span) -> bool {
        if !p.projections.is_empty() || !matches!(*self.module.types.get(p.ty), TypeInner::Node { object: NodeObject::ThreadNodeOutputRecords | NodeObject::GroupNodeOutputRecords, .. }) {
            return true;
        }
        if records_source(value) {
            if let crate::tir::PlaceRoot::Local(l) = p.root {
                return self.note_records_origin(l, value, span);
            }
            return true;
        }
        let t = self.type_name(p.ty);
        self.error("E0718", span, format!("a `{t}` can only be assigned an allocation or another records variable")).help("assign `GetThreadNodeOutputRecords(n)`/`GetGroupNodeOutputRecords(n)` or another records variable");
        false
    }

    /// Writes to the records of a read-only input (E0711).
    pub(super) fn check_node_record_write(&mut self, p: &Place, param_ty: TypeId, span: Span) {
        let TypeInner::Node { object, .. } = *self.module.types.get(param_ty) else { return };
        if object.has_records() && !object.writable() && matches!(p.projections.first(), Some(Projection::Index(_))) {
            let t = self.type_name(param_ty);
            self.error("E0711", span, format!("cannot assign to the records of a `{t}`, they are read-only"))
                .note("DXC: cannot assign to return value because function 'Get' returns a const value")
                .help(format!("declare the input `RW{t}`"));
        }
    }

    /// Node attributes on something other than a node entry point (E0712): DXC's "attribute
    /// … only allowed on node shaders".
    pub(super) fn check_non_node_attributes(&mut self, f: FuncId) {
        let attrs = self.fn_infos[f.0 as usize].attrs.clone();
        // A compute shader that is also a node (`-T cs_6_8` on a `[Shader("node")]`).
        let node = attrs.iter().any(|a| {
            a.name.name.eq_ignore_ascii_case("shader") && matches!(a.args.first(), Some(ast::Expr { kind: ast::ExprKind::Literal(ast::Literal::String(s)), .. }) if s == "node")
        });
        if node {
            return;
        }
        for a in &attrs {
            let n = a.name.name.to_ascii_lowercase();
            if NODE_ATTRIBUTES.contains(&n.as_str()) {
                self.error("E0712", a.span, format!("attribute `{}` is only allowed on node shaders", a.name.name)).help("add `[Shader(\"node\")]`, or remove the attribute");
            }
        }
    }

    /// A node entry point: DXC's rules for its attributes and parameters; the node
    /// information, or `None` after reporting.
    pub(super) fn node_entry(&mut self, f: FuncId, workgroup_size: &mut [u32; 3], has_numthreads: bool) -> Option<NodeInfo> {
        let info = self.fn_infos[f.0 as usize].clone();
        let (span, name) = (info.span, info.name.clone());
        let errors = self.diags.iter().filter(|d| d.is_error()).count();
        if let Some(p) = self.options.profile.filter(|p| !p.at_least(6, 8)) {
            self.error("E0713", span, format!("node shaders need shader model 6.8, found {}.{}", p.major, p.minor)).help("compile with `-T lib_6_8` or later");
            return None;
        }
        let mut node = NodeInfo { launch: NodeLaunch::Broadcasting, dispatch_grid: None, max_dispatch_grid: None, max_recursion_depth: None, id: None, share_input_of: None, is_program_entry: false, params: Vec::new() };
        let mut grid_at = None;
        let mut max_grid_at = None;
        for a in &info.attrs {
            match a.name.name.to_ascii_lowercase().as_str() {
                "nodelaunch" => {
                    let launch = match a.args.as_slice() {
                        [ast::Expr { kind: ast::ExprKind::Literal(ast::Literal::String(s)), .. }] => match s.as_str() {
                            "broadcasting" => Some(NodeLaunch::Broadcasting),
                            "coalescing" => Some(NodeLaunch::Coalescing),
                            "thread" => Some(NodeLaunch::Thread),
                            _ => None,
                        },
                        _ => None,
                    };
                    let mesh = matches!(a.args.as_slice(), [ast::Expr { kind: ast::ExprKind::Literal(ast::Literal::String(s)), .. }] if s == "mesh");
                    match launch {
                        Some(l) => node.launch = l,
                        None if mesh => {
                            self.error("E0713", a.span, "mesh nodes (`NodeLaunch(\"mesh\")`) are not supported yet").help("use a broadcasting node that enqueues work for a separate mesh pipeline");
                        }
                        None => {
                            self.error("E0713", a.span, "`NodeLaunch` must be one of `broadcasting`, `coalescing`, `thread`").help("write e.g. `[NodeLaunch(\"broadcasting\")]` (lower case)");
                        }
                    }
                }
                "nodedispatchgrid" => {
                    node.dispatch_grid = self.node_grid(a, "NodeDispatchGrid");
                    grid_at = Some(a.span);
                }
                "nodemaxdispatchgrid" => {
                    node.max_dispatch_grid = self.node_grid(a, "NodeMaxDispatchGrid");
                    max_grid_at = Some(a.span);
                }
                "nodemaxrecursiondepth" => node.max_recursion_depth = self.node_count(a, "NodeMaxRecursionDepth", 0, 32),
                "nodeisprogramentry" => node.is_program_entry = true,
                "nodeid" => node.id = self.node_id(a, "NodeID"),
                "nodeshareinputof" => node.share_input_of = self.node_id(a, "NodeShareInputOf"),
                "nodelocalrootargumentstableindex" | "nodemaxinputrecordspergraphentryrecord" => {}
                _ => {}
            }
        }
        if let (Some(g), Some(m)) = (grid_at, max_grid_at) {
            self.error("E0714", m, format!("node shader `{name}` may not use both `NodeDispatchGrid` and `NodeMaxDispatchGrid`")).related(g, "the fixed dispatch grid");
        }
        match node.launch {
            NodeLaunch::Broadcasting => {
                if grid_at.is_none() && max_grid_at.is_none() {
                    self.error("E0714", span, format!("broadcasting node shader `{name}` must have a `NodeDispatchGrid` or a `NodeMaxDispatchGrid` attribute"))
                        .help("add e.g. `[NodeDispatchGrid(1, 1, 1)]`");
                }
                if !has_numthreads {
                    self.error("E0612", span, format!("node entry point `{name}` needs a `[numthreads(x, y, z)]` attribute"));
                }
            }
            NodeLaunch::Coalescing | NodeLaunch::Thread => {
                for (at, attr) in [(grid_at, "NodeDispatchGrid"), (max_grid_at, "NodeMaxDispatchGrid")] {
                    if let Some(at) = at {
                        self.error("E0714", at, format!("`{attr}` may only be used with broadcasting nodes"));
                    }
                }
                if node.launch == NodeLaunch::Coalescing && !has_numthreads {
                    self.error("E0612", span, format!("node entry point `{name}` needs a `[numthreads(x, y, z)]` attribute"));
                }
                if node.launch == NodeLaunch::Thread && has_numthreads && *workgroup_size != [1, 1, 1] {
                    let [x, y, z] = *workgroup_size;
                    self.error("E0713", span, format!("thread launch node shader `{name}` may not have a thread group of more than one thread, found numthreads({x}, {y}, {z})"));
                }
            }
        }
        if !has_numthreads {
            *workgroup_size = [1, 1, 1];
        }
        let func = self.module.functions[f.0 as usize].clone();
        let mut input: Option<Span> = None;
        for (i, p) in func.params.iter().enumerate() {
            let attrs = info.params.get(i).map(|p| p.attrs.clone()).unwrap_or_default();
            let TypeInner::Node { object, record } = *self.module.types.get(p.ty) else {
                for a in &attrs {
                    let n = a.name.name.to_ascii_lowercase();
                    if n == "maxrecords" || OUTPUT_ATTRIBUTES.contains(&n.as_str()) || n == "nodeid" {
                        self.error("E0715", a.span, format!("attribute `{}` may only be used with node inputs and outputs", a.name.name));
                    }
                }
                node.params.push(None);
                continue;
            };
            if object.is_input() {
                if let Some(first) = input {
                    self.error("E0715", p.span, format!("node shader `{name}` may not have more than one input record")).related(first, "the first input");
                }
                input = Some(p.span);
                let allowed: &[NodeObject] = match node.launch {
                    NodeLaunch::Broadcasting => &[NodeObject::DispatchNodeInputRecord, NodeObject::RWDispatchNodeInputRecord],
                    NodeLaunch::Coalescing => &[NodeObject::GroupNodeInputRecords, NodeObject::RWGroupNodeInputRecords, NodeObject::EmptyNodeInput],
                    NodeLaunch::Thread => &[NodeObject::ThreadNodeInputRecord, NodeObject::RWThreadNodeInputRecord],
                };
                if object != NodeObject::RWDispatchNodeInputRecord && matches!(*self.module.types.get(record), TypeInner::Struct(st) if self.track_rw_input_sharing.contains(&st)) {
                    self.error("E0716", p.span, "`NodeTrackRWInputSharing` records can only be the input of a `RWDispatchNodeInputRecord`");
                }
                if !allowed.contains(&object) {
                    let launch = format!("{:?}", node.launch).to_lowercase();
                    let names: Vec<&str> = allowed.iter().map(|o| o.hlsl_name()).collect();
                    self.error("E0715", p.span, format!("`{}` may not be used with {launch} nodes (only {})", object.hlsl_name(), names.join(" or ")));
                }
            } else if !object.is_output() {
                let t = self.type_name(p.ty);
                self.error("E0715", p.span, format!("`{t}` cannot be a parameter of a node shader")).help("output records come from an output's `GetThreadNodeOutputRecords`/`GetGroupNodeOutputRecords`");
                node.params.push(None);
                continue;
            }
            let mut param = NodeParam::default();
            let mut max_at = None;
            for a in &attrs {
                let n = a.name.name.to_ascii_lowercase();
                match n.as_str() {
                    "maxrecords" => {
                        param.max_records = self.node_count(a, "MaxRecords", 1, u32::MAX as i64);
                        max_at = Some(a.span);
                    }
                    "nodeid" if object.is_output() => param.id = self.node_id(a, "NodeID"),
                    _ if OUTPUT_ATTRIBUTES.contains(&n.as_str()) && !object.is_output() => {
                        let shown = a.name.name.as_str();
                        self.error("E0715", a.span, format!("attribute `{shown}` may only be used with output nodes"));
                    }
                    "maxrecordssharedwith" => {
                        if let Some(m) = max_at {
                            self.error("E0715", a.span, "only one of `MaxRecords` or `MaxRecordsSharedWith` may be given to one parameter").related(m, "`MaxRecords` given here");
                        }
                        let other = match a.args.as_slice() {
                            [ast::Expr { kind: ast::ExprKind::Name(path), .. }] if path.segments.len() == 1 => Some(path.segments[0].ident.name.clone()),
                            _ => None,
                        };
                        match other.and_then(|o| func.params.iter().position(|q| q.name == o).map(|k| (o, k))) {
                            Some((_, k)) if k == i => {
                                self.error("E0715", a.span, "`MaxRecordsSharedWith` must name another output parameter");
                            }
                            Some((_, k)) => param.max_records_shared_with = Some(k as u32),
                            None => {
                                self.error("E0715", a.span, "`MaxRecordsSharedWith` must name an output parameter of this node shader");
                            }
                        }
                    }
                    "nodearraysize" => param.array_size = self.node_count(a, "NodeArraySize", 1, u32::MAX as i64),
                    "allowsparsenodes" | "unboundedsparsenodes" => param.sparse = true,
                    _ => {}
                }
            }
            if max_at.is_some() && param.max_records_shared_with.is_some() {
                // Reported above.
            }
            node.params.push(Some(param));
        }
        // System values a launch mode has.
        let forbidden: &[&str] = match node.launch {
            NodeLaunch::Broadcasting => &[],
            NodeLaunch::Coalescing => &["SV_DispatchThreadID", "SV_GroupID"],
            NodeLaunch::Thread => &["SV_DispatchThreadID", "SV_GroupID", "SV_GroupThreadID", "SV_GroupIndex"],
        };
        for p in &func.params {
            if let Some(s) = p.semantic.as_ref().filter(|s| forbidden.iter().any(|f| s.is(f))) {
                let launch = format!("{:?}", node.launch).to_lowercase();
                self.error("E0715", s.span, format!("`{}` is not a system value of {launch} launch node shaders", s.name)).help("broadcasting nodes have the dispatch and group ids; coalescing nodes the thread ids within the group");
            }
        }
        for p in &func.params {
            if let TypeInner::Node { record, object } = *self.module.types.get(p.ty) {
                if !object.is_empty() {
                    self.check_dispatch_grid_fields(record, p.span);
                }
            }
        }
        if node.max_dispatch_grid.is_some() && !self.input_has_dispatch_grid(&func.params) {
            self.error("E0716", span, format!("node shader `{name}` with a `NodeMaxDispatchGrid` attribute must declare an input record with an `SV_DispatchGrid` field"))
                .help("add a `uint3 grid : SV_DispatchGrid;` field to the input record");
        }
        self.check_node_arguments(f);
        self.check_completed_records(f);
        if self.diags.iter().filter(|d| d.is_error()).count() > errors {
            return None;
        }
        Some(node)
    }

    /// `SV_DispatchGrid` fields of a record: at most one, an unsigned 32- or 16-bit scalar,
    /// vector or array of up to 3 elements (E0716).
    fn check_dispatch_grid_fields(&mut self, record: TypeId, span: Span) {
        let TypeInner::Struct(st) = *self.module.types.get(record) else { return };
        let fields = self.module.structs[st.0 as usize].fields.clone();
        let mut first: Option<Span> = None;
        for f in &fields {
            let Some(s) = f.semantic.as_ref().filter(|s| s.is("SV_DispatchGrid")) else { continue };
            if let Some(prev) = first {
                self.error("E0716", s.span, "a field with `SV_DispatchGrid` has already been specified").related(prev, "the first one");
                continue;
            }
            first = Some(s.span);
            let unsigned = |t: &TypeInner| matches!(t, TypeInner::Scalar(sc) if sc.kind == crate::ty::ScalarKind::Uint && (sc.width == 4 || sc.width == 2));
            let ok = match *self.module.types.get(f.ty) {
                ref t @ TypeInner::Scalar(_) => unsigned(t),
                TypeInner::Vector { scalar, size } => size <= 3 && unsigned(&TypeInner::Scalar(scalar)),
                TypeInner::Array { base, size: Some(n) } => n <= 3 && unsigned(self.module.types.get(base)),
                _ => false,
            };
            if !ok {
                let t = self.type_name(f.ty);
                self.error("E0716", s.span, format!("`SV_DispatchGrid` can only be applied to an unsigned 32- or 16-bit integer scalar, vector or array of up to 3 elements, not `{t}`"))
                    .help("declare it `uint3`, `uint2` or `uint`");
            }
        }
        let _ = span;
    }

    /// With a stage profile, a `[Shader("…")]` naming another stage (E0719); a compute
    /// profile may compile a node shader (DXC: the compute shader is also a node).
    pub(super) fn check_profile_shader_attribute(&mut self, f: FuncId, stage: crate::tir::Stage) {
        let attrs = self.fn_infos[f.0 as usize].attrs.clone();
        let name = self.fn_infos[f.0 as usize].name.clone();
        if self.check_shader_attributes_agree(f) {
            return;
        }
        for a in &attrs {
            if !a.name.name.eq_ignore_ascii_case("shader") {
                continue;
            }
            let Some(ast::Expr { kind: ast::ExprKind::Literal(ast::Literal::String(s)), .. }) = a.args.first() else { continue };
            let profile_stage = super::ray_tracing::stage_name(stage);
            let compatible = s.eq_ignore_ascii_case(profile_stage) || (stage == crate::tir::Stage::Compute && s.eq_ignore_ascii_case("node"));
            if !compatible {
                self.error("E0719", a.span, format!("entry type `{profile_stage}` from the profile conflicts with shader attribute type `{s}` on entry function `{name}`"))
                    .help("compile the function with a profile of its stage (`-T lib_6_8` for a library), or change the attribute");
            }
        }
    }

    /// Two `[shader("…")]` attributes of one function naming different stages (E0719, as
    /// DXC); `true` after reporting. Repeating one stage is fine.
    pub(super) fn check_shader_attributes_agree(&mut self, f: FuncId) -> bool {
        let attrs = self.fn_infos[f.0 as usize].attrs.clone();
        let mut first: Option<(String, Span)> = None;
        for a in &attrs {
            if !a.name.name.eq_ignore_ascii_case("shader") {
                continue;
            }
            let Some(ast::Expr { kind: ast::ExprKind::Literal(ast::Literal::String(s)), .. }) = a.args.first() else { continue };
            match &first {
                Some((f0, span)) if !f0.eq_ignore_ascii_case(s) => {
                    self.error("E0719", a.span, format!("shader attribute type `{s}` conflicts with shader attribute type `{f0}`")).related(*span, "conflicting attribute is here").help("give the function one `[shader(\"…\")]` stage");
                    return true;
                }
                Some(_) => {}
                None => first = Some((s.clone(), a.span)),
            }
        }
        false
    }

    /// Whether a node input's record has an `SV_DispatchGrid` field.
    fn input_has_dispatch_grid(&self, params: &[crate::tir::Param]) -> bool {
        params.iter().any(|p| match *self.module.types.get(p.ty) {
            TypeInner::Node { object, record } if object.is_input() => self.has_dispatch_grid(record, 0),
            _ => false,
        })
    }

    fn has_dispatch_grid(&self, ty: TypeId, depth: u32) -> bool {
        let TypeInner::Struct(st) = *self.module.types.get(ty) else { return false };
        depth < 16
            && self.module.structs[st.0 as usize]
                .fields
                .iter()
                .any(|f| f.semantic.as_ref().is_some_and(|s| s.name.eq_ignore_ascii_case("SV_DispatchGrid")) || self.has_dispatch_grid(f.ty, depth + 1))
    }

    /// `[NodeDispatchGrid(x, y, z)]` / `[NodeMaxDispatchGrid(x, y, z)]` with DXC's limits.
    fn node_grid(&mut self, a: &ast::Attribute, what: &str) -> Option<[u32; 3]> {
        if a.args.len() != 3 {
            self.error("E0714", a.span, format!("`{what}` takes three arguments"));
            return None;
        }
        let mut grid = [1u32; 3];
        let mut ok = true;
        for (i, arg) in a.args.iter().enumerate() {
            let v = self.const_int(arg)?;
            if !(1..=65535).contains(&v) {
                let c = ["X", "Y", "Z"][i];
                self.error("E0714", arg.span, format!("the {c} component of `{what}` must be between 1 and 65535, found {v}"));
                ok = false;
            }
            grid[i] = v.clamp(1, 65535) as u32;
        }
        let product: u64 = grid.iter().map(|&g| g as u64).product();
        if ok && product > (1 << 24) - 1 {
            self.error("E0714", a.span, format!("the X * Y * Z product of `{what}` may not exceed 16777215 (2^24 - 1), found {product}"));
            ok = false;
        }
        ok.then_some(grid)
    }

    /// An attribute taking one integer constant in `min..=max`.
    fn node_count(&mut self, a: &ast::Attribute, what: &str, min: i64, max: i64) -> Option<u32> {
        let [arg] = a.args.as_slice() else {
            self.error("E0715", a.span, format!("`{what}` takes one integer constant"));
            return None;
        };
        let v = self.const_int(arg)?;
        if !(min..=max).contains(&v) {
            self.error("E0715", arg.span, format!("`{what}` must be between {min} and {max}, found {v}"));
            return None;
        }
        Some(v as u32)
    }

    /// `[NodeID("name")]`, `[NodeID("name", index)]` (and `NodeShareInputOf`).
    fn node_id(&mut self, a: &ast::Attribute, what: &str) -> Option<(String, u32)> {
        let (name, index) = match a.args.as_slice() {
            [ast::Expr { kind: ast::ExprKind::Literal(ast::Literal::String(s)), .. }] => (s.clone(), 0),
            [ast::Expr { kind: ast::ExprKind::Literal(ast::Literal::String(s)), .. }, i] => (s.clone(), self.node_count(&ast::Attribute { args: vec![i.clone()], ..a.clone() }, what, 0, u32::MAX as i64)?),
            _ => {
                self.error("E0715", a.span, format!("`{what}` takes a node name string and an optional array index"));
                return None;
            }
        };
        Some((name, index))
    }

    /// The node operations reached from an entry point that is not a node shader (E0717).
    pub(super) fn check_node_calls_stage(&mut self, f: FuncId, stage: crate::tir::Stage) {
        if self.node_calls.is_empty() || stage == crate::tir::Stage::Node {
            return;
        }
        let mut found = Vec::new();
        super::entry::walk_reachable(self, f, &mut |e| {
            if matches!(e.kind, ExprKind::Intrinsic { op: Intrinsic::RemainingRecursionLevels, .. } | ExprKind::Method { method: Method::Node(_), .. }) {
                found.push(e.span);
            }
        });
        found.sort_by_key(|s| (s.start, s.end));
        found.dedup();
        let stage_name = super::ray_tracing::stage_name(stage);
        for span in found.into_iter().take(4) {
            self.error("E0717", span, format!("work-graph node operations cannot be used in {stage_name} shaders")).help("call them from `[Shader(\"node\")]` entry points");
        }
    }

    /// A local variable of a node type (E0718): only output records, initialized with their
    /// allocation (`Get…NodeOutputRecords`), which the SPIR-V pass turns into the variable of
    /// the payload array; `false` after reporting.
    pub(super) fn check_node_local(&mut self, ty: TypeId, init: Option<&Expr>, span: Span, is_static: bool) -> bool {
        let mut elem = ty;
        while let TypeInner::Array { base, .. } = *self.module.types.get(elem) {
            elem = base;
        }
        let TypeInner::Node { object, .. } = *self.module.types.get(elem) else { return true };
        let t = self.type_name(ty);
        let records = matches!(object, NodeObject::ThreadNodeOutputRecords | NodeObject::GroupNodeOutputRecords);
        if !records || elem != ty || is_static {
            self.error("E0718", span, format!("a variable of type `{t}` is not supported yet")).help("use the node shader's parameter itself");
            return false;
        }
        if !init.is_some_and(records_source) {
            self.error("E0718", span, format!("a `{t}` variable must be initialized with `GetThreadNodeOutputRecords` or `GetGroupNodeOutputRecords`"))
                .help("declare the variable where the records are allocated");
            return false;
        }
        true
    }

    /// Records that local `l` holds from `value` (an allocation or another records local):
    /// all from one output, whose payload array type the variable gets in SPIR-V (E0718
    /// otherwise). `false` after reporting.
    pub(super) fn note_records_origin(&mut self, l: crate::tir::LocalId, value: &Expr, span: Span) -> bool {
        let Some(f) = self.func.as_ref().map(|f| f.id.0) else { return true };
        let origin = match &value.kind {
            ExprKind::Method { method: Method::Node(NodeMethod::Allocate { .. }), object, .. } => match object.root {
                crate::tir::PlaceRoot::Param(p) => Some(p.0),
                _ => None,
            },
            ExprKind::Load(p) => match p.root {
                crate::tir::PlaceRoot::Local(m) => self.records_origin.get(&(f, m.0)).copied(),
                _ => None,
            },
            _ => None,
        };
        let Some(origin) = origin else { return true };
        match self.records_origin.get(&(f, l.0)) {
            Some(&o) if o != origin => {
                self.error("E0718", span, "a records variable may hold the records of one output only").help("declare one records variable per output");
                false
            }
            _ => {
                self.records_origin.insert((f, l.0), origin);
                true
            }
        }
    }

    /// Records used after their `OutputComplete()` in the same statement list (E0720, DXC's
    /// validation error "invalid use of completed record handle"), until the variable is given
    /// new records.
    fn check_completed_records(&mut self, f: FuncId) {
        let mut found = Vec::new();
        super::entry::walk_reachable_functions(self, f, &mut |_| {}, &mut |func| completed_uses(&func.body, &mut found));
        found.sort_by_key(|s: &Span| (s.start, s.end));
        found.dedup();
        for span in found.into_iter().take(4) {
            self.error("E0720", span, "output records are used after their `OutputComplete()`").help("write the records before `OutputComplete()`, or allocate new ones");
        }
    }

    /// Node inputs and outputs passed to helper functions (lowered per call, with the
    /// caller's node objects) must be whole parameters of the caller, and functions do not
    /// return them (E0718: hlslc keeps node objects compile-time bindings; DXC passes them
    /// as values).
    fn check_node_arguments(&mut self, f: FuncId) {
        let mut calls = Vec::new();
        let mut assigned = Vec::new();
        super::entry::walk_reachable(self, f, &mut |e| match &e.kind {
            ExprKind::Call { function, args } => calls.push((*function, args.clone(), e.span)),
            ExprKind::Assign { place, .. } if place.projections.is_empty() => assigned.push((place.ty, e.span)),
            _ => {}
        });
        let is_node_object = |a: &Self, ty: TypeId| matches!(*a.module.types.get(ty), TypeInner::Node { object, .. } if object.is_input() || object.is_output());
        if let Some(&(ty, span)) = assigned.iter().find(|(ty, _)| is_node_object(self, *ty)) {
            let t = self.type_name(ty);
            self.error("E0718", span, format!("assigning a `{t}` is not supported yet")).help("pass the node shader's parameter itself");
            return;
        }
        for (callee, args, span) in calls {
            let node_entry = self.fn_infos[callee.0 as usize].attrs.iter().any(|a| {
                a.name.name.eq_ignore_ascii_case("shader") && matches!(a.args.first(), Some(ast::Expr { kind: ast::ExprKind::Literal(ast::Literal::String(s)), .. }) if s == "node")
            });
            if node_entry {
                let name = self.fn_infos[callee.0 as usize].name.clone();
                self.error("E0718", span, format!("calling node shader `{name}` is not supported yet")).help("move the body into a helper function that both call");
                return;
            }
            let ret = self.module.functions[callee.0 as usize].ret;
            if is_node_object(self, ret) {
                let t = self.type_name(ret);
                self.error("E0718", span, format!("a function returning a `{t}` is not supported yet")).help("pass the node object to the function instead, or use it where it is a parameter");
                return;
            }
            let params = self.module.functions[callee.0 as usize].params.clone();
            for (a, p) in args.iter().zip(&params) {
                if matches!(*self.module.types.get(p.ty), TypeInner::Node { object: NodeObject::ThreadNodeOutputRecords | NodeObject::GroupNodeOutputRecords, .. }) {
                    let t = self.type_name(p.ty);
                    self.error("E0718", a_span(a).unwrap_or(span), format!("passing `{t}` to a function is not supported yet")).help("write the records in the function that allocated them");
                    return;
                }
                if !is_node_object(self, p.ty) {
                    continue;
                }
                let whole = |place: &Place| place.projections.is_empty() && matches!(place.root, crate::tir::PlaceRoot::Param(_));
                let whole_param = match a {
                    Arg::Value(Expr { kind: ExprKind::Load(place), .. }) => whole(place),
                    Arg::InOut(place) | Arg::Out(place) => whole(place),
                    _ => false,
                };
                if !whole_param {
                    let t = self.type_name(p.ty);
                    self.error("E0718", a_span(a).unwrap_or(span), format!("a `{t}` argument must be a node parameter of the calling function")).help("pass the node shader's parameter itself (an element of an output array is not supported yet)");
                    return;
                }
            }
        }
    }
}

/// The span of an argument.
fn a_span(a: &Arg) -> Option<Span> {
    match a {
        Arg::Value(e) => Some(e.span),
        Arg::Out(p) | Arg::InOut(p) => Some(p.span),
    }
}

/// Whether `e` is what an output records variable may hold: an allocation or another records
/// variable.
fn records_source(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Method { method: Method::Node(NodeMethod::Allocate { .. }), .. } => true,
        ExprKind::Load(p) => p.projections.is_empty() && matches!(p.root, crate::tir::PlaceRoot::Local(_)),
        _ => false,
    }
}

/// Uses of a records local after a top-level `OutputComplete()` of it in `stmts` (and in
/// nested blocks after it), until it is assigned again; recursively for nested lists.
fn completed_uses(stmts: &[crate::tir::Stmt], found: &mut Vec<Span>) {
    use crate::tir::{PlaceRoot, StmtKind};
    let completed_local = |s: &crate::tir::Stmt| match &s.kind {
        StmtKind::Expr(Expr { kind: ExprKind::Method { method: Method::Node(NodeMethod::OutputComplete), object, .. }, .. }) => match object.root {
            PlaceRoot::Local(l) => Some(l),
            _ => None,
        },
        _ => None,
    };
    for (i, s) in stmts.iter().enumerate() {
        if let Some(l) = completed_local(s) {
            'after: for later in &stmts[i + 1..] {
                if matches!(later.kind, StmtKind::Init { local, .. } if local == l) {
                    break 'after;
                }
                let mut uses = Vec::new();
                let mut reassigned = false;
                crate::tir::visit::walk_stmt(later, &mut |e| match &e.kind {
                    ExprKind::Assign { place, .. } if place.projections.is_empty() && matches!(place.root, PlaceRoot::Local(m) if m == l) => reassigned = true,
                    ExprKind::Load(p) if matches!(p.root, PlaceRoot::Local(m) if m == l) => uses.push(e.span),
                    ExprKind::Method { object, method: Method::Node(_), .. } if matches!(object.root, PlaceRoot::Local(m) if m == l) => uses.push(e.span),
                    ExprKind::Assign { place, .. } if matches!(place.root, PlaceRoot::Local(m) if m == l) => uses.push(e.span),
                    _ => {}
                });
                if reassigned {
                    break 'after;
                }
                found.extend(uses);
            }
        }
        match &s.kind {
            StmtKind::Block(b) => completed_uses(b, found),
            StmtKind::If { accept, reject, .. } => {
                completed_uses(accept, found);
                completed_uses(reject, found);
            }
            StmtKind::Loop { body, .. } => completed_uses(body, found),
            StmtKind::Switch { cases, .. } => cases.iter().for_each(|c| completed_uses(&c.body, found)),
            _ => {}
        }
    }
}
