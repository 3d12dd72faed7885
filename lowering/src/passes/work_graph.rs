//! Work-graph node shaders in SPIR-V (`SPV_AMDX_shader_enqueue`), completed from the markers
//! `lower::work_graph` leaves, in the form DXC's SPIR-V back end produces.
//!
//! - Each node input and output gets its payload array type (`OpTypeNodePayloadArrayAMDX` of
//!   its record struct, an empty struct for the empty ones), one per parameter, decorated with
//!   the node's limits: `NodeMaxPayloadsAMDX` (`MaxRecords`, default 1), and for outputs the
//!   node they enqueue to (`PayloadNodeNameAMDX` with an `OpConstantStringAMDX`,
//!   `PayloadNodeBaseIndexAMDX`), `NodeSharesPayloadLimitsWithAMDX`,
//!   `PayloadNodeSparseArrayAMDX`, `PayloadNodeArraySizeAMDX`.
//! - The input's marker variable (`Private` in naga) moves to the `NodePayloadAMDX` storage
//!   class as a pointer to its payload array; access chains into it follow. The outputs'
//!   placeholder variables are removed.
//! - Marker calls become instructions: `allocate#k#t|g` → `OpAllocateNodePayloadsAMDX` (scope
//!   `Invocation` or `Workgroup`) and an `OpLoad` of the array, whose records local becomes a
//!   `Function` variable of the payload array type (DXC's shape); `increment#k#…` → the
//!   allocation alone; `enqueue#…` → `OpEnqueueNodePayloadsAMDX` of the records local;
//!   `count#k` → `OpNodePayloadArrayLengthAMDX`; `finished#k` →
//!   `OpFinishWritingNodePayloadAMDX` (the record struct decorated `TrackFinishWritingAMDX`);
//!   `is_valid#k` → `OpIsNodePayloadValidAMDX`; `remaining_recursion_levels` → a load of the
//!   `RemainingRecursionLevelsAMDX` built-in.
//! - Each node entry point gets its execution modes from [`Config::nodes`]: `CoalescingAMDX`
//!   (coalescing and thread launch), `ShaderIndexAMDX`, `MaxNodeRecursionAMDX`,
//!   `SharesInputWithAMDX`, `StaticNumWorkgroupsAMDX` or `MaxNumWorkgroupsAMDX`.
//!
//! A module without node markers or node entry points is unchanged.

use super::ray_tracing::{entry_points_reaching, retype_variable};
use super::spirv::{decorate, fresh_id, pointer_type};
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{BuiltIn, Capability, Decoration, ExecutionMode, Op, StorageClass, Word};
use std::collections::HashMap;

/// Prefix of every work-graph marker name.
pub const PREFIX: &str = "hlslc::node::";
/// `Count()` of input `k`.
pub const COUNT: &str = "count";
/// `FinishedCrossGroupSharing()` of input `k`.
pub const FINISHED: &str = "finished";
/// `IsValid()` of output `k` (argument: the node index).
pub const IS_VALID: &str = "is_valid";
/// `Get…NodeOutputRecords(n)` of output `k` (arguments: count, node index).
pub const ALLOCATE: &str = "allocate";
/// `…IncrementOutputCount(n)` of output `k` (arguments: count, node index).
pub const INCREMENT: &str = "increment";
/// `OutputComplete()` (argument: the records local), one marker per records type.
pub const ENQUEUE_PREFIX: &str = "hlslc::node::enqueue#";
/// `GetRemainingRecursionLevels()`.
pub const REMAINING_RECURSION_LEVELS: &str = "hlslc::node::remaining_recursion_levels";

/// The name of marker function `what` of payload `k` (`scope`: `t` or `g`).
pub fn marker_name(what: &str, k: u32, scope: Option<&str>) -> String {
    match scope {
        Some(s) => format!("{PREFIX}{what}#{k}#{s}"),
        None => format!("{PREFIX}{what}#{k}"),
    }
}

/// The marker variable of input `k`.
pub fn input_name(k: u32) -> String {
    format!("{PREFIX}input#{k}")
}

/// The placeholder variable of output `k`.
pub fn output_name(k: u32) -> String {
    format!("{PREFIX}output#{k}")
}

/// A node entry point.
#[derive(Clone, Debug, Default)]
pub struct Node {
    /// The entry point's name.
    pub entry: String,
    /// Coalescing or thread launch (`CoalescingAMDX`).
    pub coalescing: bool,
    /// `ShaderIndexAMDX`: the `NodeID` array index.
    pub shader_index: u32,
    pub max_recursion_depth: Option<u32>,
    pub share_input_of: Option<(String, u32)>,
    pub dispatch_grid: Option<[u32; 3]>,
    pub max_dispatch_grid: Option<[u32; 3]>,
    pub input: Option<Input>,
    pub outputs: Vec<Output>,
}

/// A node input: payload number and `MaxRecords`.
#[derive(Clone, Debug, Default)]
pub struct Input {
    pub k: u32,
    pub max_records: Option<u32>,
    pub empty: bool,
}

/// A node output.
#[derive(Clone, Debug, Default)]
pub struct Output {
    pub k: u32,
    /// The node it enqueues to (`NodeID`, default the parameter's name) and its base index.
    pub name: String,
    pub base_index: u32,
    pub max_records: Option<u32>,
    /// `MaxRecordsSharedWith`: the other output's payload number.
    pub shares_with: Option<u32>,
    pub sparse: bool,
    pub array_size: Option<u32>,
    pub empty: bool,
}

/// Options of the pass.
#[derive(Clone, Debug, Default)]
pub struct Config {
    pub nodes: Vec<Node>,
}

/// Runs the pass.
pub fn run(module: &mut Module, config: &Config) -> Result<(), String> {
    let names = super::spirv::names_with_prefix(module, PREFIX);
    if names.is_empty() && config.nodes.is_empty() {
        return Ok(());
    }
    let mut b = Builder { module, constants: HashMap::new(), strings: HashMap::new(), empty_struct: None };
    b.capability_and_extension();
    let id_of = |name: &str| names.iter().find(|(_, n)| n == name).map(|(id, _)| *id);

    // Payload arrays: (payload array type, pointer type, variable) by payload number.
    let mut payloads: HashMap<u32, (Word, Word, Option<Word>)> = HashMap::new();
    for node in &config.nodes {
        let entry_fn = b.entry_function(&node.entry);
        if let Some(input) = &node.input {
            let Some(var) = id_of(&input_name(input.k)) else { continue };
            let record = if input.empty { b.empty_struct() } else { b.record_of(var)? };
            let max = b.constant(input.max_records.unwrap_or(1));
            let array = b.payload_array(record, &[max]);
            b.decorate_id(array, Decoration::NodeMaxPayloadsAMDX, vec![max]);
            retype_variable(b.module, var, StorageClass::NodePayloadAMDX)?;
            retype_pointee(b.module, var, array)?;
            // After its type, which follows the decorations' constants.
            if let Some(at) = b.module.types_global_values.iter().position(|i| i.result_id == Some(var)) {
                let v = b.module.types_global_values.remove(at);
                b.module.types_global_values.push(v);
            }
            let ptr = pointer_type(b.module, StorageClass::NodePayloadAMDX, array);
            // The input is part of the entry point's interface (DXC: a stage variable).
            if let Some(ep) = b.module.entry_points.iter_mut().find(|e| e.operands.get(1) == entry_fn.map(Operand::IdRef).as_ref()) {
                if !ep.operands.contains(&Operand::IdRef(var)) {
                    ep.operands.push(Operand::IdRef(var));
                }
            }
            payloads.insert(input.k, (array, ptr, Some(var)));
        }
        // An output sharing another's limits after that one (its decoration names the type).
        let mut outputs: Vec<&Output> = node.outputs.iter().collect();
        outputs.sort_by_key(|o| o.shares_with.is_some());
        for output in outputs {
            let Some(var) = id_of(&output_name(output.k)) else { continue };
            let record = if output.empty { b.empty_struct() } else { b.record_of(var)? };
            // The decorations' operands first: they must precede the type.
            let name = b.string(&output.name);
            let base_index = (output.base_index != 0).then(|| b.constant(output.base_index));
            let max = b.constant(output.max_records.unwrap_or(1));
            let shares = output.shares_with.and_then(|o| payloads.get(&o)).map(|p| p.0);
            let array_size = output.array_size.map(|n| b.constant(n));
            let used: Vec<Word> = [Some(name), base_index, Some(max), shares, array_size].into_iter().flatten().collect();
            let array = b.payload_array(record, &used);
            b.decorate_id(array, Decoration::PayloadNodeNameAMDX, vec![name]);
            if let Some(i) = base_index {
                b.decorate_id(array, Decoration::PayloadNodeBaseIndexAMDX, vec![i]);
            }
            b.decorate_id(array, Decoration::NodeMaxPayloadsAMDX, vec![max]);
            if let Some(other) = shares {
                b.decorate_id(array, Decoration::NodeSharesPayloadLimitsWithAMDX, vec![other]);
            }
            if output.sparse {
                decorate(b.module, array, Decoration::PayloadNodeSparseArrayAMDX, vec![]);
            }
            if let Some(n) = array_size {
                b.decorate_id(array, Decoration::PayloadNodeArraySizeAMDX, vec![n]);
            }
            let ptr = pointer_type(b.module, StorageClass::NodePayloadAMDX, array);
            payloads.insert(output.k, (array, ptr, None));
            remove_variable(b.module, var);
        }
        b.execution_modes(node, entry_fn)?;
    }

    // Marker calls.
    for (id, name) in &names {
        let Some(rest) = name.strip_prefix(PREFIX) else { continue };
        if !b.module.functions.iter().any(|f| f.def_id() == Some(*id)) {
            continue;
        }
        let mut parts = rest.split('#');
        let what = parts.next().unwrap_or_default();
        let k: Option<u32> = parts.next().and_then(|k| k.parse().ok());
        let scope = parts.next();
        let payload = k.and_then(|k| payloads.get(&k).copied());
        let sites = call_sites(b.module, *id);
        for &(fi, bi, ii) in sites.iter().rev() {
            let call = b.module.functions[fi].blocks[bi].instructions[ii].clone();
            let result = call.result_id;
            let args: Vec<Word> = call.operands[1..].iter().filter_map(|o| if let Operand::IdRef(r) = o { Some(*r) } else { None }).collect();
            let uint = b.uint();
            let bool_ty = b.bool_type();
            let need = |p: Option<(Word, Word, Option<Word>)>| p.ok_or_else(|| format!("the node marker `{name}` names no node parameter"));
            let replacement = match what {
                COUNT => vec![Instruction::new(Op::NodePayloadArrayLengthAMDX, Some(uint), result, vec![Operand::IdRef(need(payload)?.2.ok_or("`Count` of an output")?)])],
                FINISHED => {
                    let (array, _, var) = need(payload)?;
                    if let Some(record) = payload_record(b.module, array) {
                        decorate(b.module, record, Decoration::TrackFinishWritingAMDX, vec![]);
                    }
                    vec![Instruction::new(Op::FinishWritingNodePayloadAMDX, Some(bool_ty), result, vec![Operand::IdRef(var.ok_or("`FinishedCrossGroupSharing` of an output")?)])]
                }
                IS_VALID => {
                    // The output as DXC passes it: a `Function` variable of its payload array.
                    let (array, _, _) = need(payload)?;
                    let local = payload_local(b.module, fi, array);
                    vec![Instruction::new(Op::IsNodePayloadValidAMDX, Some(bool_ty), result, vec![Operand::IdRef(local), Operand::IdRef(args.first().copied().ok_or("`IsValid` without its index")?)])]
                }
                ALLOCATE | INCREMENT => {
                    let (array, ptr, _) = need(payload)?;
                    let scope = b.constant(if scope == Some("g") { 2 } else { 4 });
                    let (&[count, index], allocated) = (args.as_slice(), fresh_id(b.module)) else { return Err(format!("the node marker `{name}` without its arguments")) };
                    let alloc = Instruction::new(Op::AllocateNodePayloadsAMDX, Some(ptr), Some(allocated), vec![Operand::IdRef(scope), Operand::IdRef(count), Operand::IdRef(index)]);
                    if what == INCREMENT {
                        vec![alloc]
                    } else {
                        let result = result.ok_or("an allocation without a result")?;
                        retype_records_locals(b.module, fi, result, array);
                        vec![alloc, Instruction::new(Op::Load, Some(array), Some(result), vec![Operand::IdRef(allocated)])]
                    }
                }
                "enqueue" => vec![Instruction::new(Op::EnqueueNodePayloadsAMDX, None, None, vec![Operand::IdRef(args.first().copied().ok_or("`OutputComplete` without its records")?)])],
                "remaining_recursion_levels" => {
                    let var = b.builtin_input(BuiltIn::RemainingRecursionLevelsAMDX, uint);
                    let caller = b.module.functions[fi].def_id().unwrap_or_default();
                    for ep in entry_points_reaching(b.module, caller) {
                        if let Some(e) = b.module.entry_points.get_mut(ep) {
                            if !e.operands.contains(&Operand::IdRef(var)) {
                                e.operands.push(Operand::IdRef(var));
                            }
                        }
                    }
                    vec![Instruction::new(Op::Load, Some(uint), result, vec![Operand::IdRef(var)])]
                }
                _ => return Err(format!("unknown node marker `{name}`")),
            };
            b.module.functions[fi].blocks[bi].instructions.splice(ii..=ii, replacement);
        }
        b.module.functions.retain(|f| f.def_id() != Some(*id));
        b.module.debug_names.retain(|i| i.operands.first() != Some(&Operand::IdRef(*id)));
    }
    remove_unused_pointers(b.module);
    Ok(())
}

/// Removes the pointer types and null constants nothing uses any more (the marker
/// variables' `Private` types, the outputs' placeholders).
fn remove_unused_pointers(module: &mut Module) {
    loop {
        let mut used = std::collections::HashSet::new();
        for i in module.all_inst_iter() {
            used.extend(i.result_type);
            used.extend(i.operands.iter().filter_map(|o| if let Operand::IdRef(r) = o { Some(*r) } else { None }));
        }
        let before = module.types_global_values.len();
        module.types_global_values.retain(|i| !matches!(i.class.opcode, Op::TypePointer | Op::ConstantNull) || i.result_id.is_some_and(|id| used.contains(&id)));
        if module.types_global_values.len() == before {
            break;
        }
    }
}

/// The calls of function `f`: (function, block, instruction) indices.
fn call_sites(module: &Module, f: Word) -> Vec<(usize, usize, usize)> {
    let mut sites = Vec::new();
    for (fi, func) in module.functions.iter().enumerate() {
        for (bi, block) in func.blocks.iter().enumerate() {
            for (ii, i) in block.instructions.iter().enumerate() {
                if i.class.opcode == Op::FunctionCall && i.operands.first() == Some(&Operand::IdRef(f)) {
                    sites.push((fi, bi, ii));
                }
            }
        }
    }
    sites
}

/// A `Function` variable of payload array type `array` in function `fi` (found or added).
fn payload_local(module: &mut Module, fi: usize, array: Word) -> Word {
    let ptr = pointer_type(module, StorageClass::Function, array);
    let entry = module.functions[fi].blocks.first().and_then(|b| b.instructions.iter().find(|i| i.class.opcode == Op::Variable && i.result_type == Some(ptr))).and_then(|i| i.result_id);
    if let Some(v) = entry {
        return v;
    }
    let v = fresh_id(module);
    if let Some(block) = module.functions[fi].blocks.first_mut() {
        block.instructions.insert(0, Instruction::new(Op::Variable, Some(ptr), Some(v), vec![Operand::StorageClass(StorageClass::Function)]));
    }
    v
}

/// The record struct of payload array type `array`.
fn payload_record(module: &Module, array: Word) -> Option<Word> {
    module.types_global_values.iter().find(|i| i.result_id == Some(array)).and_then(|i| match i.operands.first() {
        Some(Operand::IdRef(r)) => Some(*r),
        _ => None,
    })
}

/// Gives the `Function` variables that allocation `value` is stored into (in function `fi`)
/// the payload array type, without initializer, and the whole-value loads from them too.
fn retype_records_locals(module: &mut Module, fi: usize, value: Word, array: Word) {
    let locals: Vec<Word> = module.functions[fi]
        .blocks
        .iter()
        .flat_map(|b| &b.instructions)
        .filter(|i| i.class.opcode == Op::Store && i.operands.get(1) == Some(&Operand::IdRef(value)))
        .filter_map(|i| match i.operands.first() {
            Some(Operand::IdRef(p)) => Some(*p),
            _ => None,
        })
        .collect();
    if locals.is_empty() {
        return;
    }
    // Records variables copied from these (`b = a;`), to a fixed point.
    let mut locals = locals;
    loop {
        let loads: Vec<Word> = module.functions[fi]
            .blocks
            .iter()
            .flat_map(|b| &b.instructions)
            .filter(|i| i.class.opcode == Op::Load && matches!(i.operands.first(), Some(Operand::IdRef(p)) if locals.contains(p)))
            .filter_map(|i| i.result_id)
            .collect();
        let more: Vec<Word> = module.functions[fi]
            .blocks
            .iter()
            .flat_map(|b| &b.instructions)
            .filter(|i| i.class.opcode == Op::Store && matches!(i.operands.get(1), Some(Operand::IdRef(v)) if loads.contains(v)))
            .filter_map(|i| match i.operands.first() {
                Some(Operand::IdRef(p)) if !locals.contains(p) => Some(*p),
                _ => None,
            })
            .collect();
        if more.is_empty() {
            break;
        }
        locals.extend(more);
    }
    let ptr = pointer_type(module, StorageClass::Function, array);
    for block in &mut module.functions[fi].blocks {
        for i in &mut block.instructions {
            let Some(id) = i.result_id else { continue };
            if i.class.opcode == Op::Variable && locals.contains(&id) {
                i.result_type = Some(ptr);
                i.operands.truncate(1);
            }
            if i.class.opcode == Op::Load && matches!(i.operands.first(), Some(Operand::IdRef(p)) if locals.contains(p)) {
                i.result_type = Some(array);
            }
        }
    }
}

/// Points variable `var` (already in its storage class) at `pointee`.
fn retype_pointee(module: &mut Module, var: Word, pointee: Word) -> Result<(), String> {
    let class = module
        .types_global_values
        .iter()
        .find(|i| i.result_id == Some(var))
        .and_then(|i| match i.operands.first() {
            Some(Operand::StorageClass(c)) => Some(*c),
            _ => None,
        })
        .ok_or("a node input variable is missing")?;
    let ptr = pointer_type(module, class, pointee);
    let v = module.types_global_values.iter_mut().find(|i| i.result_id == Some(var)).ok_or("a node input variable is missing")?;
    v.result_type = Some(ptr);
    Ok(())
}

/// Removes an output's placeholder variable with its name and interface entries.
fn remove_variable(module: &mut Module, var: Word) {
    module.types_global_values.retain(|i| i.result_id != Some(var));
    module.debug_names.retain(|i| i.operands.first() != Some(&Operand::IdRef(var)));
    module.annotations.retain(|i| i.operands.first() != Some(&Operand::IdRef(var)));
    for ep in &mut module.entry_points {
        ep.operands.retain(|o| *o != Operand::IdRef(var));
    }
}

/// Finds or adds the global instructions the pass needs.
struct Builder<'m> {
    module: &'m mut Module,
    constants: HashMap<u32, Word>,
    strings: HashMap<String, Word>,
    empty_struct: Option<Word>,
}

impl Builder<'_> {
    fn capability_and_extension(&mut self) {
        let has = self.module.capabilities.iter().any(|i| i.operands.first() == Some(&Operand::Capability(Capability::ShaderEnqueueAMDX)));
        if !has {
            self.module.capabilities.push(Instruction::new(Op::Capability, None, None, vec![Operand::Capability(Capability::ShaderEnqueueAMDX)]));
        }
        let ext = "SPV_AMDX_shader_enqueue";
        if !self.module.extensions.iter().any(|i| i.operands.first() == Some(&Operand::LiteralString(ext.into()))) {
            self.module.extensions.push(Instruction::new(Op::Extension, None, None, vec![Operand::LiteralString(ext.into())]));
        }
    }

    /// The function of the entry point named `name`.
    fn entry_function(&self, name: &str) -> Option<Word> {
        self.module.entry_points.iter().find(|e| e.operands.get(2) == Some(&Operand::LiteralString(name.into()))).and_then(|e| match e.operands.get(1) {
            Some(Operand::IdRef(f)) => Some(*f),
            _ => None,
        })
    }

    /// A global type instruction, found or added at the end of the types.
    fn global_type(&mut self, op: Op, operands: Vec<Operand>) -> Word {
        if let Some(id) = self.module.types_global_values.iter().find(|i| i.class.opcode == op && i.operands == operands).and_then(|i| i.result_id) {
            return id;
        }
        let id = fresh_id(self.module);
        self.module.types_global_values.push(Instruction::new(op, None, Some(id), operands));
        id
    }

    fn uint(&mut self) -> Word {
        self.global_type(Op::TypeInt, vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)])
    }

    fn bool_type(&mut self) -> Word {
        self.global_type(Op::TypeBool, vec![])
    }

    /// `OpConstant uint value`, found or added after the `uint` type.
    fn constant(&mut self, value: u32) -> Word {
        if let Some(&c) = self.constants.get(&value) {
            return c;
        }
        let uint = self.uint();
        let found = self.module.types_global_values.iter().find(|i| i.class.opcode == Op::Constant && i.result_type == Some(uint) && i.operands == [Operand::LiteralBit32(value)]).and_then(|i| i.result_id);
        let id = found.unwrap_or_else(|| {
            let id = fresh_id(self.module);
            self.module.types_global_values.push(Instruction::new(Op::Constant, Some(uint), Some(id), vec![Operand::LiteralBit32(value)]));
            id
        });
        self.constants.insert(value, id);
        id
    }

    /// `OpConstantStringAMDX "s"`.
    fn string(&mut self, s: &str) -> Word {
        if let Some(&id) = self.strings.get(s) {
            return id;
        }
        let id = fresh_id(self.module);
        self.module.types_global_values.push(Instruction::new(Op::ConstantStringAMDX, None, Some(id), vec![Operand::LiteralString(s.into())]));
        self.strings.insert(s.into(), id);
        id
    }

    /// The record type of an empty input or output: one member-less struct.
    fn empty_struct(&mut self) -> Word {
        if let Some(id) = self.empty_struct {
            return id;
        }
        // First among the types: the variables declared later may point at it.
        let id = fresh_id(self.module);
        self.module.types_global_values.insert(0, Instruction::new(Op::TypeStruct, None, Some(id), vec![]));
        self.empty_struct = Some(id);
        id
    }

    /// A new payload array type of `record` (one per parameter: each has its decorations),
    /// after the record and the ids its decorations use.
    fn payload_array(&mut self, record: Word, used: &[Word]) -> Word {
        let id = fresh_id(self.module);
        let at = std::iter::once(record)
            .chain(used.iter().copied())
            .filter_map(|u| self.module.types_global_values.iter().position(|i| i.result_id == Some(u)))
            .max()
            .map_or(self.module.types_global_values.len(), |p| p + 1);
        self.module.types_global_values.insert(at, Instruction::new(Op::TypeNodePayloadArrayAMDX, None, Some(id), vec![Operand::IdRef(record)]));
        id
    }

    /// The record struct of a marker variable (a pointer to an array of records).
    fn record_of(&self, var: Word) -> Result<Word, String> {
        let find = |id: Word| self.module.types_global_values.iter().find(|i| i.result_id == Some(id));
        let ptr = find(var).and_then(|v| v.result_type).ok_or("a node marker variable is missing")?;
        let array = find(ptr).and_then(|p| p.operands.get(1)).and_then(|o| if let Operand::IdRef(a) = o { Some(*a) } else { None }).ok_or("a node marker variable without a pointer type")?;
        find(array).filter(|a| a.class.opcode == Op::TypeArray).and_then(|a| a.operands.first()).and_then(|o| if let Operand::IdRef(r) = o { Some(*r) } else { None }).ok_or_else(|| "a node marker variable that is no record array".to_string())
    }

    /// `OpDecorateId target decoration ids…`.
    fn decorate_id(&mut self, target: Word, decoration: Decoration, ids: Vec<Word>) {
        let mut operands = vec![Operand::IdRef(target), Operand::Decoration(decoration)];
        operands.extend(ids.into_iter().map(Operand::IdRef));
        self.module.annotations.push(Instruction::new(Op::DecorateId, None, None, operands));
    }

    /// An `Input` variable decorated `BuiltIn builtin` (one per built-in).
    fn builtin_input(&mut self, builtin: BuiltIn, ty: Word) -> Word {
        let existing = self.module.annotations.iter().find(|a| a.class.opcode == Op::Decorate && a.operands.get(2) == Some(&Operand::BuiltIn(builtin))).and_then(|a| match a.operands.first() {
            Some(Operand::IdRef(v)) => Some(*v),
            _ => None,
        });
        if let Some(v) = existing {
            return v;
        }
        let ptr = pointer_type(self.module, StorageClass::Input, ty);
        let var = fresh_id(self.module);
        self.module.types_global_values.push(Instruction::new(Op::Variable, Some(ptr), Some(var), vec![Operand::StorageClass(StorageClass::Input)]));
        decorate(self.module, var, Decoration::BuiltIn, vec![Operand::BuiltIn(builtin)]);
        var
    }

    /// The node execution modes of `node`'s entry point.
    fn execution_modes(&mut self, node: &Node, entry_fn: Option<Word>) -> Result<(), String> {
        let f = entry_fn.ok_or_else(|| format!("node entry point `{}` is missing", node.entry))?;
        if node.coalescing {
            self.module.execution_modes.push(Instruction::new(Op::ExecutionMode, None, None, vec![Operand::IdRef(f), Operand::ExecutionMode(ExecutionMode::CoalescingAMDX)]));
        }
        let mut modes: Vec<(ExecutionMode, Vec<Word>)> = vec![(ExecutionMode::ShaderIndexAMDX, vec![self.constant(node.shader_index)])];
        if let Some(n) = node.max_recursion_depth {
            modes.push((ExecutionMode::MaxNodeRecursionAMDX, vec![self.constant(n)]));
        }
        if let Some((name, index)) = &node.share_input_of {
            let (s, i) = (self.string(name), self.constant(*index));
            modes.push((ExecutionMode::SharesInputWithAMDX, vec![s, i]));
        }
        if let Some(g) = node.dispatch_grid {
            modes.push((ExecutionMode::StaticNumWorkgroupsAMDX, g.iter().map(|&v| self.constant(v)).collect()));
        } else if let Some(g) = node.max_dispatch_grid {
            modes.push((ExecutionMode::MaxNumWorkgroupsAMDX, g.iter().map(|&v| self.constant(v)).collect()));
        }
        for (mode, ids) in modes {
            let mut operands = vec![Operand::IdRef(f), Operand::ExecutionMode(mode)];
            operands.extend(ids.into_iter().map(Operand::IdRef));
            self.module.execution_modes.push(Instruction::new(Op::ExecutionModeId, None, None, operands));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::spirv::ids_named;
    use crate::passes::tests::{function_instructions, rename, spirv_of};

    const MODULE: &str = "struct R { a: u32, b: u32 }
        var<private> input: array<R, 4>;
        var<private> output: array<R, 1>;
        fn count() -> u32 { return 0u; }
        fn allocate(n: u32, i: u32) -> array<R, 8> { return array<R, 8>(); }
        fn enqueue(p: ptr<function, array<R, 8>>) {}
        fn is_valid(i: u32) -> bool { return false; }
        fn levels() -> u32 { return 0u; }
        @compute @workgroup_size(1) fn main() {
            input[1].b = count() + levels();
            var recs = allocate(2u, 0u);
            recs[0].a = input[0].a;
            if is_valid(0u) {
                enqueue(&recs);
            }
        }";

    /// The module with lowering's marker names: input 0, output 1.
    fn marked() -> Module {
        let mut module = spirv_of(MODULE, (1, 4), true);
        rename(&mut module, "input", &input_name(0));
        rename(&mut module, "output", &output_name(1));
        rename(&mut module, "count", &marker_name(COUNT, 0, None));
        rename(&mut module, "allocate", &marker_name(ALLOCATE, 1, Some("t")));
        rename(&mut module, "is_valid", &marker_name(IS_VALID, 1, None));
        rename(&mut module, "enqueue", &format!("{ENQUEUE_PREFIX}0"));
        rename(&mut module, "levels", REMAINING_RECURSION_LEVELS);
        module
    }

    fn config() -> Config {
        Config {
            nodes: vec![Node {
                entry: "main".into(),
                coalescing: true,
                shader_index: 2,
                max_recursion_depth: Some(3),
                input: Some(Input { k: 0, max_records: Some(4), empty: false }),
                outputs: vec![Output { k: 1, name: "next".into(), base_index: 5, max_records: Some(8), ..Default::default() }],
                ..Default::default()
            }],
        }
    }

    fn opcodes(module: &Module) -> Vec<Op> {
        function_instructions(module).map(|i| i.class.opcode).collect()
    }

    #[test]
    fn feature_absent_module_unchanged() {
        crate::passes::tests::assert_unchanged(spirv_of(MODULE, (1, 4), true), |m| run(m, &Config::default()));
    }

    #[test]
    fn input_moves_to_node_payload_storage_with_its_payload_array() {
        let mut module = marked();
        let input = ids_named(&module, &input_name(0))[0];
        run(&mut module, &config()).unwrap();
        let var = module.types_global_values.iter().find(|i| i.result_id == Some(input)).unwrap();
        assert_eq!(var.operands, vec![Operand::StorageClass(StorageClass::NodePayloadAMDX)]);
        // Its pointer type points at a payload array limited to `MaxRecords` (4) payloads.
        let ptr = module.types_global_values.iter().find(|i| i.result_id == var.result_type).unwrap();
        let Operand::IdRef(array) = ptr.operands[1] else { panic!("a pointer without pointee") };
        let array_inst = module.types_global_values.iter().find(|i| i.result_id == Some(array)).unwrap();
        assert_eq!(array_inst.class.opcode, Op::TypeNodePayloadArrayAMDX);
        let max = module.annotations.iter().find(|a| a.operands.first() == Some(&Operand::IdRef(array)) && a.operands.get(1) == Some(&Operand::Decoration(Decoration::NodeMaxPayloadsAMDX))).unwrap();
        let Operand::IdRef(c) = max.operands[2] else { panic!("NodeMaxPayloadsAMDX without its count") };
        let c = module.types_global_values.iter().find(|i| i.result_id == Some(c)).unwrap();
        assert_eq!(c.operands, vec![Operand::LiteralBit32(4)]);
        // Access chains into the input are node payload pointers; it is in the interface.
        let chains = function_instructions(&module).filter(|i| i.class.opcode == Op::AccessChain && i.operands.first() == Some(&Operand::IdRef(input))).count();
        assert_eq!(chains, 2);
        assert!(module.entry_points[0].operands.contains(&Operand::IdRef(input)));
    }

    #[test]
    fn markers_become_shader_enqueue_instructions() {
        let mut module = marked();
        run(&mut module, &config()).unwrap();
        let ops = opcodes(&module);
        for op in [Op::NodePayloadArrayLengthAMDX, Op::AllocateNodePayloadsAMDX, Op::EnqueueNodePayloadsAMDX, Op::IsNodePayloadValidAMDX] {
            assert!(ops.contains(&op), "{op:?} missing");
        }
        // No marker function and no output placeholder remains.
        assert!(ids_named(&module, &output_name(1)).is_empty());
        assert_eq!(module.functions.len(), 1);
        // The records local holds the payload array the allocation returned.
        let alloc = function_instructions(&module).find(|i| i.class.opcode == Op::AllocateNodePayloadsAMDX).unwrap();
        let ptr = module.types_global_values.iter().find(|i| i.result_id == alloc.result_type).unwrap();
        assert_eq!(ptr.operands[0], Operand::StorageClass(StorageClass::NodePayloadAMDX));
        let Operand::IdRef(array) = ptr.operands[1] else { panic!("a pointer without pointee") };
        let local_ptr = pointer_type(&mut module, StorageClass::Function, array);
        assert!(function_instructions(&module).any(|i| i.class.opcode == Op::Variable && i.result_type == Some(local_ptr)));
        // The output's node: name, base index.
        let name = module.annotations.iter().find(|a| a.operands.get(1) == Some(&Operand::Decoration(Decoration::PayloadNodeNameAMDX))).unwrap();
        assert_eq!(name.operands[0], Operand::IdRef(array));
        let Operand::IdRef(s) = name.operands[2] else { panic!("a name without its string") };
        let s = module.types_global_values.iter().find(|i| i.result_id == Some(s)).unwrap();
        assert_eq!((s.class.opcode, &s.operands[0]), (Op::ConstantStringAMDX, &Operand::LiteralString("next".into())));
        assert!(module.annotations.iter().any(|a| a.operands.get(1) == Some(&Operand::Decoration(Decoration::PayloadNodeBaseIndexAMDX))));
        // The recursion levels are a built-in input in the interface.
        let builtin = module.annotations.iter().find(|a| a.operands.get(2) == Some(&Operand::BuiltIn(BuiltIn::RemainingRecursionLevelsAMDX))).unwrap();
        assert!(module.entry_points[0].operands.contains(&builtin.operands[0]));
    }

    #[test]
    fn node_attributes_become_execution_modes_capability_and_extension() {
        let mut module = marked();
        run(&mut module, &config()).unwrap();
        let modes: Vec<&Operand> = module.execution_modes.iter().filter_map(|i| i.operands.get(1)).collect();
        for mode in [ExecutionMode::CoalescingAMDX, ExecutionMode::ShaderIndexAMDX, ExecutionMode::MaxNodeRecursionAMDX] {
            assert!(modes.contains(&&Operand::ExecutionMode(mode)), "{mode:?} missing");
        }
        let ids = module.execution_modes.iter().filter(|i| i.class.opcode == Op::ExecutionModeId).count();
        assert_eq!(ids, 2, "ShaderIndexAMDX and MaxNodeRecursionAMDX take ids");
        assert!(module.capabilities.iter().any(|c| c.operands[0] == Operand::Capability(Capability::ShaderEnqueueAMDX)));
        assert!(module.extensions.iter().any(|e| e.operands[0] == Operand::LiteralString("SPV_AMDX_shader_enqueue".into())));
    }
}
