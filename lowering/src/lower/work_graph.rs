//! Work-graph node shaders on naga's model, for the SPIR-V target.
//!
//! naga IR has no work graphs. A node entry point is lowered as a compute entry point; its
//! node parameters become `Private` marker globals named for [`crate::passes::work_graph`]:
//! an input with records is an array of its records (`hlslc::node::input#k`, `MaxRecords`
//! long), so `Get()` and `[i]` are ordinary access chains; an empty input and each output are
//! placeholders (`hlslc::node::input#k`, `hlslc::node::output#k`) that only name the payload
//! array. The node operations are calls of body-less marker functions
//! (`hlslc::node::allocate#k#t` …) and output records are locals holding the marker's result.
//! The pass replaces all of them with `SPV_AMDX_shader_enqueue` instructions and the node
//! attributes ([`Lowerer::work_graph_config`]) with execution modes and decorations.

use super::function::FnBuilder;
use super::Lowerer;
use crate::passes::work_graph as pass;
use crate::tir::{self, Arg, FuncId, NodeMethod, Projection, Stage};
use crate::ty::{TypeId, TypeInner};
use hlslc_grammar::Span;
use naga::Handle;
use std::collections::HashMap;

/// The length output records locals have in naga (their type becomes a node payload array in
/// SPIR-V, so the length only has to hold every constant index).
const RECORDS_LENGTH: u32 = 1 << 16;

/// Node parameters lowered so far and the marker functions.
#[derive(Default)]
pub(crate) struct Markers {
    /// (entry function, parameter index) → (payload number `k`, marker global).
    params: HashMap<(FuncId, usize), (u32, Handle<naga::GlobalVariable>)>,
    /// Marker functions by name.
    functions: HashMap<String, Handle<naga::Function>>,
    /// Helper functions taking node objects, lowered once per tuple of payload numbers their
    /// node parameters are bound to.
    specializations: HashMap<(FuncId, Vec<u32>), Handle<naga::Function>>,
    /// The node entry points for the pass.
    pub nodes: Vec<pass::Node>,
    next: u32,
}

impl Lowerer<'_> {
    /// The marker global parameter `param` of node entry function `f` stands for.
    pub(crate) fn node_parameter(&mut self, f: FuncId, param: usize) -> Option<Handle<naga::GlobalVariable>> {
        if let Some(&(_, var)) = self.work_graph.params.get(&(f, param)) {
            return Some(var);
        }
        let ep = self.tir.entry_points.iter().position(|ep| ep.function == f && ep.stage == Stage::Node)?;
        let p = self.tir.function(f).params.get(param)?;
        let TypeInner::Node { object, record } = *self.tys.get(p.ty) else { return None };
        let node = self.tir.entry_points[ep].node.clone()?;
        let attrs = node.params.get(param).cloned().flatten().unwrap_or_default();
        let k = self.work_graph.next;
        self.work_graph.next += 1;
        let u = self.scalar_type(naga::Scalar::U32);
        let (name, ty) = if object.is_empty() {
            (if object.is_input() { pass::input_name(k) } else { pass::output_name(k) }, u)
        } else {
            let r = self.ty(record);
            let n = if object.is_input() { attrs.max_records.unwrap_or(1).max(1) } else { 1 };
            (if object.is_input() { pass::input_name(k) } else { pass::output_name(k) }, self.array_type(r, Some(n)))
        };
        let var = self.module.global_variables.append(
            naga::GlobalVariable { name: Some(name), space: naga::AddressSpace::Private, binding: None, ty, init: None, memory_decorations: Default::default() },
            naga::Span::UNDEFINED,
        );
        self.work_graph.params.insert((f, param), (k, var));
        Some(var)
    }

    /// Whether `f` is a helper function taking node inputs or outputs (lowered per call site's
    /// node objects, see [`Lowerer::node_helper_call`]).
    pub(crate) fn is_node_helper(&self, f: FuncId) -> bool {
        !self.tir.entry_points.iter().any(|ep| ep.function == f && ep.stage == Stage::Node)
            && self.tir.function(f).params.iter().any(|p| matches!(*self.tys.get(p.ty), TypeInner::Node { object, .. } if object.is_input() || object.is_output()))
    }

    /// The naga function of helper `f` with its node parameters bound to `bindings` (parameter
    /// index → payload number and marker global), lowered on first use: inside, the node
    /// parameters are the caller's marker globals (sema allows only whole node parameters as
    /// arguments).
    pub(crate) fn node_helper_function(&mut self, f: FuncId, bindings: Vec<(usize, u32, Handle<naga::GlobalVariable>)>) -> Option<Handle<naga::Function>> {
        let key = (f, bindings.iter().map(|b| b.1).collect::<Vec<u32>>());
        if let Some(&h) = self.work_graph.specializations.get(&key) {
            return Some(h);
        }
        let saved: Vec<_> = bindings.iter().map(|&(i, _, _)| ((f, i), self.work_graph.params.get(&(f, i)).copied())).collect();
        for &(i, k, var) in &bindings {
            self.work_graph.params.insert((f, i), (k, var));
        }
        self.function(f);
        for (key, old) in saved {
            match old {
                Some(v) => self.work_graph.params.insert(key, v),
                None => self.work_graph.params.remove(&key),
            };
        }
        let h = self.functions.remove(&f)?;
        self.work_graph.specializations.insert(key, h);
        Some(h)
    }

    /// The payload number and marker global of parameter `param` of `f` where it is bound.
    pub(crate) fn node_binding(&mut self, f: FuncId, param: usize) -> Option<(u32, Handle<naga::GlobalVariable>)> {
        self.node_parameter(f, param)?;
        self.work_graph.params.get(&(f, param)).copied()
    }

    /// The node entry point `index` for the pass; its parameters' marker globals are created
    /// here (so that the payload numbers follow the parameters).
    pub(crate) fn node_entry_config(&mut self, index: usize) {
        let ep = self.tir.entry_points[index].clone();
        let Some(node) = ep.node.clone() else { return };
        let tf = self.tir.function(ep.function);
        for i in 0..tf.params.len() {
            let _ = self.node_parameter(ep.function, i);
        }
        let mut input = None;
        let mut outputs = Vec::new();
        for (i, p) in tf.params.iter().enumerate() {
            let TypeInner::Node { object, .. } = *self.tys.get(p.ty) else { continue };
            if self.node_parameter(ep.function, i).is_none() {
                continue;
            }
            let k = self.work_graph.params[&(ep.function, i)].0;
            let attrs = node.params.get(i).cloned().flatten().unwrap_or_default();
            if object.is_input() {
                input = Some(pass::Input { k, max_records: attrs.max_records, empty: object.is_empty() });
            } else {
                let (name, base_index) = attrs.id.clone().unwrap_or_else(|| (p.name.clone(), 0));
                let shares_with = attrs.max_records_shared_with.and_then(|o| self.work_graph.params.get(&(ep.function, o as usize)).map(|v| v.0));
                outputs.push(pass::Output { k, name, base_index, max_records: attrs.max_records, shares_with, sparse: attrs.sparse, array_size: attrs.array_size, empty: object.is_empty() });
            }
        }
        self.work_graph.nodes.push(pass::Node {
            entry: ep.name.clone(),
            coalescing: node.launch != tir::NodeLaunch::Broadcasting,
            shader_index: node.id.as_ref().map_or(0, |(_, i)| *i),
            max_recursion_depth: node.max_recursion_depth,
            share_input_of: node.share_input_of.clone(),
            dispatch_grid: node.dispatch_grid,
            max_dispatch_grid: node.max_dispatch_grid,
            input,
            outputs,
        });
    }

    /// A marker function (created on first use).
    fn node_marker(&mut self, name: String, arguments: &[Handle<naga::Type>], result: Option<Handle<naga::Type>>) -> Handle<naga::Function> {
        if let Some(&f) = self.work_graph.functions.get(&name) {
            return f;
        }
        let mut f = naga::Function { name: Some(name.clone()), result: result.map(|ty| naga::FunctionResult { ty, binding: None }), ..Default::default() };
        for (i, &ty) in arguments.iter().enumerate() {
            f.arguments.push(naga::FunctionArgument { name: Some(format!("a{i}")), ty, binding: None });
        }
        if let Some(ty) = result {
            let zero = f.expressions.append(naga::Expression::ZeroValue(ty), naga::Span::UNDEFINED);
            f.body.push(naga::Statement::Return { value: Some(zero) }, naga::Span::UNDEFINED);
        }
        let h = self.module.functions.append(f, naga::Span::UNDEFINED);
        self.work_graph.functions.insert(name, h);
        h
    }

    /// The naga type of output records of `record`.
    pub(crate) fn node_records_type(&mut self, record: TypeId) -> Handle<naga::Type> {
        let r = self.ty(record);
        // Within naga's size limit for large records.
        let _ = self.layouter.update(self.module.to_ctx());
        let size = self.layouter[r].to_stride().max(1);
        let length = RECORDS_LENGTH.min((1 << 30) / size).max(1);
        self.array_type(r, Some(length))
    }
}

impl FnBuilder<'_, '_> {
    /// `GetRemainingRecursionLevels()`.
    pub(crate) fn remaining_recursion_levels(&mut self, s: Span) -> Handle<naga::Expression> {
        let u = self.lw.scalar_type(naga::Scalar::U32);
        let f = self.lw.node_marker(pass::REMAINING_RECURSION_LEVELS.to_string(), &[], Some(u));
        self.call_marker(f, Vec::new(), true, s)
    }

    /// A method of a node object.
    pub(crate) fn node_method(&mut self, object: &tir::Place, method: NodeMethod, args: &[Arg], ty: TypeId, s: Span) -> Handle<naga::Expression> {
        let u = self.lw.scalar_type(naga::Scalar::U32);
        let values: Vec<Handle<naga::Expression>> = args.iter().filter_map(|a| if let Arg::Value(e) = a { Some(self.expr(e)) } else { None }).collect();
        if method == NodeMethod::OutputComplete {
            // The records local, by pointer.
            let TypeInner::Node { record, .. } = *self.lw.tys.get(object.ty) else { return self.dummy(s) };
            let records = self.lw.node_records_type(record);
            let ptr_ty = self.lw.insert_type(naga::TypeInner::Pointer { base: records, space: naga::AddressSpace::Function }, None);
            let ptr = match self.place(object) {
                super::place::PlaceRef::Pointer { ptr, .. } => ptr,
                _ => return self.dummy(s),
            };
            let f = self.lw.node_marker(format!("{}{}", pass::ENQUEUE_PREFIX, records.index()), &[ptr_ty], None);
            return self.call_marker(f, vec![ptr], false, s);
        }
        // The parameter the object is (an output array's element: its index).
        let f = self.tfunc.and_then(|tf| self.lw.tir.functions.iter().position(|g| std::ptr::eq(g, tf))).map(|i| FuncId(i as u32));
        let (tir::PlaceRoot::Param(p), Some(f)) = (&object.root, f) else { return self.unbound_node_object(object.ty, s) };
        let p = *p;
        if self.lw.node_parameter(f, p.0 as usize).is_none() {
            return self.unbound_node_object(object.ty, s);
        }
        let k = self.lw.work_graph.params[&(f, p.0 as usize)].0;
        let index = match object.projections.first() {
            Some(Projection::Index(i)) => {
                let v = self.expr(i);
                self.add(naga::Expression::As { expr: v, kind: naga::ScalarKind::Uint, convert: Some(4) }, s)
            }
            _ => self.literal_u32(0),
        };
        let scope = |group: bool| if group { "g" } else { "t" };
        let (name, arguments, result, call_args) = match method {
            NodeMethod::Count => (pass::marker_name(pass::COUNT, k, None), vec![], Some(u), vec![]),
            NodeMethod::FinishedCrossGroupSharing => {
                let b = self.lw.scalar_type(naga::Scalar::BOOL);
                (pass::marker_name(pass::FINISHED, k, None), vec![], Some(b), vec![])
            }
            NodeMethod::IsValid => {
                let b = self.lw.scalar_type(naga::Scalar::BOOL);
                (pass::marker_name(pass::IS_VALID, k, None), vec![u], Some(b), vec![index])
            }
            NodeMethod::Allocate { group } => {
                let TypeInner::Node { record, .. } = *self.lw.tys.get(ty) else { return self.dummy(s) };
                let records = self.lw.node_records_type(record);
                (pass::marker_name(pass::ALLOCATE, k, Some(scope(group))), vec![u, u], Some(records), vec![values.first().copied().unwrap_or(index), index])
            }
            NodeMethod::IncrementOutputCount { group } => (pass::marker_name(pass::INCREMENT, k, Some(scope(group))), vec![u, u], None, vec![values.first().copied().unwrap_or(index), index]),
            NodeMethod::OutputComplete => return self.dummy(s),
        };
        let has_result = result.is_some();
        let f = self.lw.node_marker(name, &arguments, result);
        self.call_marker(f, call_args, has_result, s)
    }

    /// A node object that is no node parameter (sema allows none).
    pub(crate) fn unbound_node_object(&mut self, ty: TypeId, s: Span) -> Handle<naga::Expression> {
        let t = self.lw.tir.type_name(ty);
        self.lw.error("E0718", s, format!("this `{t}` is not a node parameter of a node shader")).help("use the node shader's parameter itself");
        self.dummy(s)
    }

    fn call_marker(&mut self, f: Handle<naga::Function>, arguments: Vec<Handle<naga::Expression>>, result: bool, s: Span) -> Handle<naga::Expression> {
        if result {
            let r = self.add(naga::Expression::CallResult(f), s);
            self.push(naga::Statement::Call { function: f, arguments, result: Some(r) }, s);
            r
        } else {
            self.push(naga::Statement::Call { function: f, arguments, result: None }, s);
            self.dummy(s)
        }
    }
}
