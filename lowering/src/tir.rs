//! The typed IR: what semantic analysis produces and lowering consumes.
//!
//! Semantic analysis resolves everything the AST leaves open — names, types, overloads,
//! implicit conversions, constant values, template instances — and records the result here.
//! After this point nothing about the source language is ambiguous:
//! - every [`Expr`] has a concrete [`TypeId`]; implicit conversions, splats and truncations are
//!   explicit nodes ([`ExprKind::Convert`], [`ExprKind::Splat`], [`ExprKind::Truncate`]);
//! - operands of a binary operator have the same type (shifts: same shape, integer);
//! - calls name one function ([`FuncId`]) or one intrinsic, with `out`/`inout` arguments as
//!   [`Place`]s, so lowering can implement HLSL's copy-in/copy-out semantics;
//! - lvalues are [`Place`]s: a root (local, parameter, global, buffer element, texel) and a
//!   chain of projections (field, index, swizzle, matrix elements);
//! - compound assignments and `++`/`--` are [`ExprKind::Assign`] whose value reads the place
//!   through [`ExprKind::PlaceValue`], so the place (and any side effect in its indices) is
//!   evaluated once;
//! - templates are instantiated (each instance is an ordinary [`Function`] or struct).
//!
//! The IR is a tree (`Box`/`Vec`), walked by lowering and by sema's later analyses through
//! [`visit`].

use crate::ty::{StructId, TypeId, Types};
use hlslc_grammar::Span;

pub(crate) mod visit;

/// Index of a function in [`Module::functions`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct FuncId(pub u32);

/// Index of a global in [`Module::globals`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct GlobalId(pub u32);

/// Index of a local in [`Function::locals`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct LocalId(pub u32);

/// Index of a parameter in [`Function::params`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct ParamId(pub u32);

/// A whole analysed program.
#[derive(Debug, Default)]
pub struct Module {
    pub types: Types,
    pub structs: Vec<StructDef>,
    pub globals: Vec<Global>,
    pub functions: Vec<Function>,
    pub entry_points: Vec<EntryPoint>,
    /// `static` variables that are SPIR-V built-ins (`[[vk::ext_builtin_input(N)]]`,
    /// `[[vk::ext_builtin_output(N)]]`), with the capabilities and extensions written on them.
    pub spirv_builtins: Vec<SpirvBuiltinVariable>,
    /// Structs standing for `vk::SpirvType<…>` / `vk::SpirvOpaqueType<…>` (no fields): the
    /// SPIR-V type instruction each is.
    pub spirv_types: Vec<(StructId, SpirvTypeDef)>,
    /// Capabilities and extensions written on `typedef`/`using` declarations of SPIR-V types,
    /// added when the type is used.
    pub spirv_type_requirements: Vec<(StructId, InlineSpirv)>,
}

/// `vk::SpirvType<opcode, size, alignment, operands…>` or `vk::SpirvOpaqueType<opcode,
/// operands…>`: a type written as its SPIR-V type instruction.
#[derive(Debug, Clone, PartialEq)]
pub struct SpirvTypeDef {
    pub opcode: u32,
    /// `vk::SpirvType`'s size and alignment in bytes (`None`: opaque).
    pub size_alignment: Option<(u32, u32)>,
    pub operands: Vec<SpirvTypeOperand>,
}

/// An operand of a [`SpirvTypeDef`].
#[derive(Debug, Clone, PartialEq)]
pub enum SpirvTypeOperand {
    /// `vk::Literal<vk::integral_constant<T, v>>`: a literal word.
    Literal(u32),
    /// `vk::integral_constant<T, v>`: the id of a 32-bit integer (or `bool`) constant.
    Constant { value: u32, signed: bool, boolean: bool },
    /// A type: a scalar, a vector of one, or another SPIR-V type.
    Type(TypeId),
}

/// A variable DXC's inline SPIR-V makes a built-in input or output, or puts in a storage
/// class of its choice.
#[derive(Debug, Clone)]
pub struct SpirvBuiltinVariable {
    pub global: GlobalId,
    /// The built-in (`None`: a `[[vk::ext_storage_class(N)]]` variable).
    pub builtin: Option<u32>,
    /// The SPIR-V storage class (`Input`, `Output`, or the one `vk::ext_storage_class` names).
    pub class: u32,
    pub requirements: InlineSpirv,
}

impl Module {
    pub fn struct_def(&self, id: StructId) -> &StructDef {
        &self.structs[id.0 as usize]
    }

    pub fn global(&self, id: GlobalId) -> &Global {
        &self.globals[id.0 as usize]
    }

    pub fn function(&self, id: FuncId) -> &Function {
        &self.functions[id.0 as usize]
    }

    /// Formats a type as HLSL spells it.
    pub fn type_name(&self, id: TypeId) -> String {
        let names = |s: StructId| self.structs[s.0 as usize].name.clone();
        crate::ty::Display { types: &self.types, struct_names: &names, id }.to_string()
    }
}

// ---------------------------------------------------------------------------------------------
// Declarations
// ---------------------------------------------------------------------------------------------

/// A struct (also the synthesized struct of a `cbuffer` block or of `$Globals`).
#[derive(Debug, Clone)]
pub struct StructDef {
    pub name: String,
    pub fields: Vec<Field>,
    pub span: Span,
}

/// A struct field, or a member of a constant buffer.
#[derive(Debug, Clone)]
pub struct Field {
    pub name: String,
    pub ty: TypeId,
    pub semantic: Option<Semantic>,
    pub interpolation: Interpolation,
    pub precise: bool,
    /// Matrix majorness in memory for matrix (or matrix array) fields: `row_major`,
    /// `column_major`, `#pragma pack_matrix`, `-Zpr`; `None` = the default (column-major).
    pub row_major: Option<bool>,
    /// `packoffset(c#.comp)` (in constant buffers) or `register(c#)` (in `$Globals`), in bytes.
    pub packoffset: Option<u32>,
    /// `[[vk::offset(N)]]`: the member's byte offset in buffer layouts, as DXC's SPIR-V places
    /// it (a `packoffset` comes first).
    pub vk_offset: Option<u32>,
    /// The bit-fields this field stores (HLSL 2021 `uint a : 4;`): non-empty makes the field a
    /// storage unit of its type holding them, in declaration order, from bit 0 up.
    pub bit_fields: Vec<BitField>,
    pub span: Span,
}

/// A bit-field member, stored in bits `offset .. offset + width` of a storage-unit field.
#[derive(Debug, Clone)]
pub struct BitField {
    pub name: String,
    /// The declared type (an integer, `bool` or enum scalar); reads are sign-extended for
    /// signed types.
    pub ty: TypeId,
    pub offset: u8,
    pub width: u8,
    pub span: Span,
}

/// A `: SEMANTIC` annotation, split into name and index (`TEXCOORD3` → `TEXCOORD`, 3).
#[derive(Debug, Clone, PartialEq)]
pub struct Semantic {
    /// The name as written, without the trailing index (case preserved).
    pub name: String,
    pub index: u32,
    /// True when a trailing index was written (`SV_Target0` vs `SV_Target`).
    pub explicit_index: bool,
    /// `[[vk::location(N)]]` on the declaration: the location of the first value it covers
    /// (the following ones take the next locations).
    pub vk_location: Option<u32>,
    /// `[[vk::builtin("Name")]]` on the declaration: the SPIR-V built-in it is instead of a
    /// user location (DXC: `PointSize`, `BaseVertex`, `BaseInstance`, `DrawIndex` …).
    pub vk_builtin: Option<String>,
    /// `[[vk::index(N)]]` on the declaration (dual-source blending: 0 or 1, beside
    /// `vk::location(0)`), with the attribute's span.
    pub vk_index: Option<(u32, Span)>,
    pub span: Span,
}

impl Semantic {
    /// Case-insensitive comparison of the name (HLSL semantics are case-insensitive).
    pub fn is(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name)
    }
}

/// Interpolation modifiers of a stage input/output.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Interpolation {
    pub nointerpolation: bool,
    pub linear: bool,
    pub noperspective: bool,
    pub centroid: bool,
    pub sample: bool,
}

/// A global variable.
#[derive(Debug, Clone)]
pub struct Global {
    pub name: String,
    pub ty: TypeId,
    pub kind: GlobalKind,
    pub span: Span,
    pub precise: bool,
    /// `globallycoherent`.
    pub globally_coherent: bool,
}

#[derive(Debug, Clone)]
pub enum GlobalKind {
    /// `static` (and function-local `static`) variables: per-invocation private memory.
    /// `is_const` for `static const`. A non-constant initializer is evaluated at the start of
    /// each entry point, as DXC does.
    Static { init: Option<Expr>, is_const: bool },
    /// `groupshared`.
    GroupShared,
    /// `[[vk::constant_id(N)]] const T name = default;`: a specialization constant (WGSL
    /// `override`).
    SpecConstant { id: u32, default: Option<Expr> },
    /// A resource, sampler or constant buffer (`cbuffer` blocks and `$Globals` are globals of
    /// type `ConstantBuffer<S>` with a synthesized struct `S`), with its declared binding.
    Resource { binding: DeclaredBinding },
}

/// What the source says about a resource's binding; the binding allocator turns it into a
/// final (group, binding).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DeclaredBinding {
    /// `register(t3, space1)`.
    pub register: Option<Register>,
    /// `[[vk::binding(b, s)]]`.
    pub vk_binding: Option<(u32, u32)>,
    /// `[[vk::counter_binding(b)]]`.
    pub vk_counter_binding: Option<u32>,
    /// `[[vk::image_format("rgba8")]]`.
    pub vk_image_format: Option<String>,
    /// `[[vk::combinedImageSampler]]`.
    pub combined_image_sampler: bool,
    /// `[[vk::input_attachment_index(i)]]` (on a `SubpassInput`).
    pub vk_input_attachment_index: Option<u32>,
    /// `[[vk::push_constant]]`.
    pub push_constant: bool,
    /// `[[vk::shader_record_ext]]` / `[[vk::shader_record_nv]]`: a constant buffer in the
    /// shader binding table record (no binding).
    pub shader_record: bool,
    /// The sampler of a combined image sampler (`vk::SampledTexture2D` …): a hidden global
    /// that sampling methods of the texture take as their sampler. It has no binding of its
    /// own; SPIR-V output merges it into the texture's variable (see
    /// `passes::combined_image_sampler`).
    pub sampler_of: Option<GlobalId>,
    /// The binding array standing for an SM 6.6 descriptor heap (one per resource type the
    /// shader takes from it; see `sema::heap`).
    pub heap: Option<DescriptorHeap>,
}

/// SM 6.6 `ResourceDescriptorHeap` / `SamplerDescriptorHeap`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DescriptorHeap {
    Resource,
    Sampler,
}

impl DescriptorHeap {
    pub fn name(self) -> &'static str {
        match self {
            DescriptorHeap::Resource => "ResourceDescriptorHeap",
            DescriptorHeap::Sampler => "SamplerDescriptorHeap",
        }
    }
}

/// A register slot: class letter (`b`, `t`, `u`, `s`, `c`), index and space.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Register {
    pub class: RegisterClass,
    pub index: u32,
    pub space: u32,
    pub span: Span,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RegisterClass {
    /// `b`: constant buffers.
    B,
    /// `t`: SRVs (textures, read-only buffers).
    T,
    /// `u`: UAVs (read-write resources).
    U,
    /// `s`: samplers.
    S,
    /// `c`: a `$Globals` constant register (16 bytes).
    C,
}

impl RegisterClass {
    /// The class letter as written in `register(…)`.
    pub fn letter(self) -> char {
        match self {
            RegisterClass::B => 'b',
            RegisterClass::T => 't',
            RegisterClass::U => 'u',
            RegisterClass::S => 's',
            RegisterClass::C => 'c',
        }
    }
}

/// A function (user function, method, template instance, or entry point).
#[derive(Debug, Clone)]
pub struct Function {
    pub name: String,
    pub params: Vec<Param>,
    pub ret: TypeId,
    pub ret_semantic: Option<Semantic>,
    pub ret_precise: bool,
    pub ret_interpolation: Interpolation,
    pub locals: Vec<Local>,
    pub body: Vec<Stmt>,
    pub span: Span,
    /// What DXC's inline SPIR-V attributes say about the function (`vk::ext_instruction`,
    /// `vk::ext_capability`, `vk::ext_extension`); `None` for an ordinary function.
    pub inline_spirv: Option<Box<InlineSpirv>>,
}

/// DXC's inline SPIR-V on a function (see `sema::inline_spirv`): a body-less function whose
/// calls are one SPIR-V instruction, or a marker whose calls add an execution mode, plus the
/// capabilities and extensions a call (or the entry point) adds to the module.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct InlineSpirv {
    pub kind: Option<InlineSpirvKind>,
    pub capabilities: Vec<u32>,
    pub extensions: Vec<String>,
    /// `[[vk::spvexecutionmode(N)]]` on an entry function: modes without operands.
    pub execution_modes: Vec<u32>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum InlineSpirvKind {
    /// `[[vk::ext_instruction(opcode, "set")]]`: per parameter, whether it is
    /// `[[vk::ext_literal]]` (its constant is written as a literal word) or
    /// `[[vk::ext_reference]]` (the variable's pointer is passed).
    Instruction { opcode: u32, set: Option<String>, literal: Vec<bool>, reference: Vec<bool> },
    /// `vk::ext_execution_mode(mode, operands…)` (`id`: `vk::ext_execution_mode_id`, whose
    /// operands are the ids of 32-bit integer constants, signed where `true`).
    ExecutionMode { mode: u32, operands: Vec<(u32, bool)>, id: bool },
}

/// Direction of a parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamDir {
    In,
    Out,
    InOut,
}

#[derive(Debug, Clone)]
pub struct Param {
    pub name: String,
    pub ty: TypeId,
    pub dir: ParamDir,
    pub semantic: Option<Semantic>,
    pub interpolation: Interpolation,
    pub precise: bool,
    /// `out vertices`, `out indices`, `out primitives` or `in payload` (mesh shaders).
    pub mesh: Option<MeshParam>,
    /// The input primitive of a geometry shader's vertex array (`triangle V v[3]`).
    pub primitive: Option<InputPrimitive>,
    /// `uniform` entry parameters are rejected by sema.
    pub span: Span,
}

impl Param {
    /// A parameter without semantic, interpolation or stage role (`this`, hidden parameters
    /// of specialisations, synthesized functions' parameters).
    pub fn plain(name: String, ty: TypeId, dir: ParamDir, span: Span) -> Param {
        Param { name, ty, dir, semantic: None, interpolation: Interpolation::default(), precise: false, mesh: None, primitive: None, span }
    }
}

/// The input primitive modifier of a geometry shader's vertex array parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputPrimitive {
    Point,
    Line,
    Triangle,
    LineAdj,
    TriangleAdj,
    /// A hull shader's `InputPatch<T, N>` (the control points it reads).
    InputPatch,
    /// `OutputPatch<T, N>`: a hull shader's control points, read by the patch-constant
    /// function and the domain shader.
    OutputPatch,
}

impl InputPrimitive {
    /// The number of vertices of the primitive (the array length DXC requires; patches: 0,
    /// their length is their own).
    pub fn vertices(self) -> u32 {
        match self {
            InputPrimitive::InputPatch | InputPrimitive::OutputPatch => 0,
            InputPrimitive::Point => 1,
            InputPrimitive::Line => 2,
            InputPrimitive::Triangle => 3,
            InputPrimitive::LineAdj => 4,
            InputPrimitive::TriangleAdj => 6,
        }
    }

    pub fn hlsl_name(self) -> &'static str {
        match self {
            InputPrimitive::Point => "point",
            InputPrimitive::Line => "line",
            InputPrimitive::Triangle => "triangle",
            InputPrimitive::LineAdj => "lineadj",
            InputPrimitive::TriangleAdj => "triangleadj",
            InputPrimitive::InputPatch => "InputPatch",
            InputPrimitive::OutputPatch => "OutputPatch",
        }
    }
}

/// The patch domain of a hull or domain shader (`[domain("…")]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TessDomain {
    Tri,
    Quad,
    Isoline,
}

/// `[partitioning("…")]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Partitioning {
    Integer,
    FractionalEven,
    FractionalOdd,
}

/// `[outputtopology("…")]` of a hull shader.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TessTopology {
    Point,
    Line,
    TriangleCw,
    TriangleCcw,
}

/// A hull or domain shader's attributes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TessellationInfo {
    /// Always present on domain shaders; optional on hull shaders (as in DXC).
    pub domain: Option<TessDomain>,
    /// Hull shaders only.
    pub hull: Option<HullInfo>,
}

/// A hull shader's attributes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HullInfo {
    pub partitioning: Option<Partitioning>,
    pub topology: TessTopology,
    /// `[outputcontrolpoints(n)]`.
    pub control_points: u32,
    /// `[patchconstantfunc("name")]`.
    pub patch_constant: FuncId,
}

/// A geometry shader's attributes and primitives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GeometryInfo {
    /// `[maxvertexcount(n)]`.
    pub max_vertex_count: u32,
    /// `[instance(n)]` (1 without it).
    pub instances: u32,
    pub input: InputPrimitive,
    pub output: crate::ty::StreamTopology,
}

/// The mesh-shader modifier of an entry parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeshParam {
    /// `out vertices V v[N]`: the per-vertex outputs.
    Vertices,
    /// `out indices uint3 t[M]` (or `uint2` for lines): the vertices of each primitive.
    Indices,
    /// `out primitives P p[M]`: the per-primitive outputs.
    Primitives,
    /// `in payload P p`: what the amplification shader passed to `DispatchMesh`.
    Payload,
}

/// `[outputtopology("…")]` of a mesh shader.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeshTopology {
    Triangle,
    Line,
    Point,
}

/// What a mesh entry point declares about its outputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MeshInfo {
    pub topology: MeshTopology,
    /// The size of the `out vertices` array (0 without one).
    pub max_vertices: u32,
    /// The size of the `out indices` (and `out primitives`) array (0 without one).
    pub max_primitives: u32,
}

#[derive(Debug, Clone)]
pub struct Local {
    /// (A `Name`: kept inline, without an allocation, up to 22 bytes.)
    pub name: hlslc_grammar::ast::Name,
    pub ty: TypeId,
    pub precise: bool,
    pub span: Span,
}

/// A shader stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stage {
    Vertex,
    Pixel,
    Compute,
    Geometry,
    Hull,
    Domain,
    Mesh,
    Amplification,
    RayGeneration,
    Intersection,
    AnyHit,
    ClosestHit,
    Miss,
    Callable,
    Node,
}

/// An entry point: a function plus stage information.
#[derive(Debug, Clone)]
pub struct EntryPoint {
    pub name: String,
    pub function: FuncId,
    pub stage: Stage,
    /// `[numthreads(x, y, z)]`.
    pub workgroup_size: [u32; 3],
    /// `[earlydepthstencil]`.
    pub early_depth_stencil: bool,
    /// `[WaveOpsIncludeHelperLanes]`.
    pub wave_ops_include_helper_lanes: bool,
    /// `[GroupSharedLimit(bytes)]` (SM 6.10): the groupshared memory the entry point may use,
    /// in place of Direct3D's default 32 KB.
    pub group_shared_limit: Option<u32>,
    /// The `StaticSampler`s of `[RootSignature("…")]`.
    pub static_samplers: Vec<crate::static_sampler::StaticSampler>,
    /// Mesh shaders: topology and output array sizes.
    pub mesh: Option<MeshInfo>,
    /// Amplification shaders: the `groupshared` payload passed to `DispatchMesh`, which becomes
    /// naga's task payload (`None` when the payload is another value, which is copied).
    pub task_payload: Option<GlobalId>,
    /// Geometry shaders: vertex count, instances, input and output primitives.
    pub geometry: Option<GeometryInfo>,
    /// Hull and domain shaders: domain, and the hull shader's attributes.
    pub tessellation: Option<TessellationInfo>,
    /// Work-graph node shaders: launch mode, dispatch grid, node parameters.
    pub node: Option<NodeInfo>,
    pub span: Span,
}

// ---------------------------------------------------------------------------------------------
// Statements
// ---------------------------------------------------------------------------------------------

#[derive(Debug, Clone)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Debug, Clone)]
pub enum StmtKind {
    /// An expression evaluated for its side effects.
    Expr(Expr),
    /// A local declaration with an initializer (locals without one start zeroed).
    Init { local: LocalId, value: Expr },
    Block(Vec<Stmt>),
    If { cond: Expr, accept: Vec<Stmt>, reject: Vec<Stmt> },
    /// `for`, `while` and `do`/`while`, unified: `cond` is tested before each iteration
    /// (`post_cond: false`) or after the body (`post_cond: true`); `step` runs after the body
    /// and on `continue` (the `for` increment).
    Loop { cond: Option<Expr>, post_cond: bool, body: Vec<Stmt>, step: Vec<Stmt>, unroll: Option<Unroll> },
    /// `switch`: cases in source order; a case whose body can complete normally falls through
    /// into the next one.
    Switch { selector: Expr, cases: Vec<SwitchCase> },
    Break,
    Continue,
    Return(Option<Expr>),
    /// `discard` (demote to helper, as D3D defines it).
    Discard,
}

/// `[unroll]` / `[unroll(n)]` / `[loop]` (kept for diagnostics; naga has no loop hints).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unroll {
    Unroll(Option<u32>),
    Loop,
}

#[derive(Debug, Clone)]
pub struct SwitchCase {
    /// Case values (already converted to the selector's type); empty with `default: true` for
    /// a lone `default:`.
    pub values: Vec<i64>,
    pub default: bool,
    pub body: Vec<Stmt>,
    pub span: Span,
}

// ---------------------------------------------------------------------------------------------
// Expressions
// ---------------------------------------------------------------------------------------------

#[derive(Debug, Clone)]
pub struct Expr {
    pub kind: ExprKind,
    pub ty: TypeId,
    pub span: Span,
    /// Set by the `precise` analysis: this operation must not be contracted or reassociated.
    pub precise: bool,
}

impl Expr {
    pub fn new(kind: ExprKind, ty: TypeId, span: Span) -> Self {
        Expr { kind, ty, span, precise: false }
    }

    /// `dst = src`: a store of what `src` holds into `dst`, both of `dst`'s type.
    pub fn copy(dst: Place, src: Place, span: Span) -> Self {
        let ty = dst.ty;
        let load = Expr::new(ExprKind::Load(Box::new(src)), ty, span);
        Expr::new(ExprKind::Assign { place: Box::new(dst), value: Box::new(load), returns_old: false }, ty, span)
    }
}

/// A compile-time constant value; its type is the `ty` of the enclosing [`Expr`].
#[derive(Debug, Clone, PartialEq)]
pub enum ConstValue {
    Bool(bool),
    /// Signed integers (any width, sign-extended).
    Int(i64),
    /// Unsigned integers (any width).
    Uint(u64),
    /// Floats of any width, rounded to the type's precision when lowered.
    Float(f64),
    /// Vector, matrix (row by row), array or struct components in order.
    Composite(Vec<ConstValue>),
}

#[derive(Debug, Clone)]
pub enum ExprKind {
    Const(ConstValue),
    /// The zero value of `ty` (`(S)0` for structs, default initialisation).
    Zero,
    /// Reads a place.
    Load(Box<Place>),
    /// Inside the value of an [`ExprKind::Assign`]: the current value of the assigned place.
    PlaceValue,
    Unary { op: UnaryOp, expr: Box<Expr> },
    /// Operands have the same type as each other (shifts: same shape, integer); comparisons
    /// produce bool of the operand shape; on matrices everything is component-wise. The left
    /// and right operands share one allocation (`[lhs, rhs]`; built by [`ExprKind::binary`]).
    Binary { op: BinaryOp, operands: Box<[Expr; 2]> },
    /// `cond ? accept : reject`. With `short_circuit` (scalar condition, HLSL 2021) only the
    /// chosen branch is evaluated; otherwise both are and `cond` may be a bool vector.
    Select { cond: Box<Expr>, accept: Box<Expr>, reject: Box<Expr>, short_circuit: bool },
    /// Numeric conversion to `ty` (same shape): int↔float, bool↔number, width changes.
    Convert(Box<Expr>),
    /// Reinterprets the bits as `ty` (same shape and width): `asuint`, `asfloat` …
    Bitcast(Box<Expr>),
    /// A scalar repeated into vector or matrix `ty`.
    Splat(Box<Expr>),
    /// The leading components (vector) or upper-left block (matrix) of a larger value; also
    /// vector → scalar (first component) and 1-component results.
    Truncate(Box<Expr>),
    /// `v.zyx`, `s.xxx` (scalars can be swizzled too).
    Swizzle { expr: Box<Expr>, components: Components },
    /// `m._m01_m10`: (row, col) pairs.
    MatrixElements { expr: Box<Expr>, elements: Vec<(u8, u8)> },
    /// Indexing a vector (component), matrix (row) or array value.
    Index { base: Box<Expr>, index: Box<Expr> },
    /// A field of a struct value.
    Field { base: Box<Expr>, field: u32 },
    /// Builds `ty` from parts:
    /// - vector/matrix: components are scalars or vectors of `ty`'s scalar type whose total
    ///   count is the component count (matrix: row-major order);
    /// - array/struct: one expression per element/field, already of the right type.
    Construct(Vec<Expr>),
    /// A call of a user function (or a method, with `this` as the first argument).
    Call { function: FuncId, args: Vec<Arg> },
    /// A call of a non-resource intrinsic (math, bit ops, derivatives, wave/quad ops, barriers,
    /// atomics on places …). Argument types are already converted to the chosen overload.
    Intrinsic { op: Intrinsic, args: Vec<Arg> },
    /// A method call on a resource (`tex.Sample(s, uv)`, `buf.Load4(addr)`,
    /// `buf.GetDimensions(w)`); `object` is the resource place (a global, maybe indexed).
    Method { object: Box<Place>, method: Method, args: Vec<Arg> },
    /// Assigns to a place and yields the new value (or the old one, `returns_old`, for
    /// postfix `++`/`--`). `value` may read the place through [`ExprKind::PlaceValue`].
    /// Lowering evaluates the parts of `value` that do not read the place before the place
    /// (DXC's order for `=` and `op=`).
    Assign { place: Box<Place>, value: Box<Expr>, returns_old: bool },
    /// `a, b`: evaluates all, yields the last.
    Sequence(Vec<Expr>),
}

impl ExprKind {
    /// `lhs op rhs`, both operands in one box.
    pub fn binary(op: BinaryOp, lhs: Expr, rhs: Expr) -> Self {
        ExprKind::Binary { op, operands: Box::new([lhs, rhs]) }
    }
}

/// An argument of a call: a value, or a place for `out`/`inout` parameters.
#[derive(Debug, Clone)]
pub enum Arg {
    Value(Expr),
    /// Copied out after the call (`out`).
    Out(Place),
    /// Copied in before and out after the call (`inout`).
    InOut(Place),
}

/// An lvalue: a root and projections.
#[derive(Debug, Clone)]
pub struct Place {
    pub root: PlaceRoot,
    pub projections: Projections,
    /// Type of the whole place.
    pub ty: TypeId,
    pub span: Span,
}

impl Place {
    /// The part of this place that `path` (one of sema's `leaf_paths`) leads to, of type `ty`.
    pub fn leaf(&self, path: Vec<Projection>, ty: TypeId) -> Place {
        let mut place = self.clone();
        place.projections.extend(path);
        place.ty = ty;
        place
    }
}

#[derive(Debug, Clone)]
pub enum PlaceRoot {
    Local(LocalId),
    Param(ParamId),
    Global(GlobalId),
    /// `buf[i]` of a `StructuredBuffer`, `RWStructuredBuffer` or typed `Buffer`; `resource` is
    /// the place of the resource (a global, maybe an element of a resource array).
    BufferElement { resource: Box<Place>, index: Box<Expr> },
    /// `tex[coord]`, `tex.mips[level][coord]`, `tex.sample[s][coord]` (array layer in `coord`).
    Texel { resource: Box<Place>, coord: Box<Expr>, level: Option<Box<Expr>>, sample: Option<Box<Expr>> },
    /// `p.Get()` of a `vk::BufferPointer` `p`: the buffer memory at the address `pointer`,
    /// accessed with the pointer type's alignment.
    Pointee { pointer: Box<Expr>, alignment: u32 },
}

/// The components a swizzle picks, in order (`v.wzx`: 3, 2, 0): at most four, so kept inline
/// (a swizzle is one of the most common expressions, and a `Vec` cost an allocation each).
/// Reads as a `[u8]` slice and debug-prints as one.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Components {
    len: u8,
    picks: [u8; 4],
}

impl Components {
    /// The most components a swizzle picks.
    pub const MAX: usize = 4;

    /// The single component `c` (`v.y`).
    pub fn one(c: u8) -> Self {
        Components { len: 1, picks: [c, 0, 0, 0] }
    }

    /// Appends a component; one past [`Components::MAX`] is dropped (no swizzle has more).
    pub fn push(&mut self, c: u8) {
        if let Some(slot) = self.picks.get_mut(usize::from(self.len)) {
            *slot = c;
            self.len += 1;
        }
    }
}

impl std::ops::Deref for Components {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.picks[..usize::from(self.len).min(Self::MAX)]
    }
}

impl FromIterator<u8> for Components {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Self {
        let mut out = Components::default();
        for c in iter {
            out.push(c);
        }
        out
    }
}

impl std::fmt::Debug for Components {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        <[u8] as std::fmt::Debug>::fmt(self, f)
    }
}

/// A place's projections, in order: none or one kept inline (most places are a variable, an
/// element, a component or a field of one), more in a `Vec`, so that the first projection
/// pushed does not allocate. Reads (and writes) as a `[Projection]` slice and debug-prints
/// as one.
#[derive(Clone, Default)]
pub struct Projections(ProjectionsRepr);

#[derive(Clone, Default)]
enum ProjectionsRepr {
    #[default]
    Empty,
    One(Projection),
    Many(Vec<Projection>),
}

impl Projections {
    pub const fn new() -> Self {
        Projections(ProjectionsRepr::Empty)
    }

    pub fn as_slice(&self) -> &[Projection] {
        self
    }

    pub fn push(&mut self, p: Projection) {
        self.0 = match std::mem::take(&mut self.0) {
            ProjectionsRepr::Empty => ProjectionsRepr::One(p),
            ProjectionsRepr::One(first) => ProjectionsRepr::Many(vec![first, p]),
            ProjectionsRepr::Many(mut v) => {
                v.push(p);
                ProjectionsRepr::Many(v)
            }
        };
    }

    pub fn pop(&mut self) -> Option<Projection> {
        match &mut self.0 {
            ProjectionsRepr::Empty => None,
            ProjectionsRepr::One(_) => match std::mem::take(&mut self.0) {
                ProjectionsRepr::One(p) => Some(p),
                _ => None,
            },
            ProjectionsRepr::Many(v) => v.pop(),
        }
    }

    /// The projections as a `Vec` (allocated only when there are some).
    pub fn into_vec(self) -> Vec<Projection> {
        match self.0 {
            ProjectionsRepr::Empty => Vec::new(),
            ProjectionsRepr::One(p) => vec![p],
            ProjectionsRepr::Many(v) => v,
        }
    }

    /// Inserts at `index` (as `Vec::insert`; a position past the end appends).
    pub fn insert(&mut self, index: usize, p: Projection) {
        let mut v = std::mem::take(self).into_vec();
        v.insert(index.min(v.len()), p);
        *self = v.into();
    }

    /// Removes and returns the projection at `index`, if there is one.
    pub fn remove(&mut self, index: usize) -> Option<Projection> {
        let mut v = std::mem::take(self).into_vec();
        let removed = (index < v.len()).then(|| v.remove(index));
        *self = v.into();
        removed
    }

    /// Removes the first `n` projections (all if fewer) and returns them.
    pub fn take_front(&mut self, n: usize) -> Vec<Projection> {
        let mut v = std::mem::take(self).into_vec();
        let rest = v.split_off(n.min(v.len()));
        *self = rest.into();
        v
    }
}

impl std::ops::Deref for Projections {
    type Target = [Projection];
    fn deref(&self) -> &[Projection] {
        match &self.0 {
            ProjectionsRepr::Empty => &[],
            ProjectionsRepr::One(p) => std::slice::from_ref(p),
            ProjectionsRepr::Many(v) => v,
        }
    }
}

impl std::ops::DerefMut for Projections {
    fn deref_mut(&mut self) -> &mut [Projection] {
        match &mut self.0 {
            ProjectionsRepr::Empty => &mut [],
            ProjectionsRepr::One(p) => std::slice::from_mut(p),
            ProjectionsRepr::Many(v) => v,
        }
    }
}

impl From<Vec<Projection>> for Projections {
    fn from(mut v: Vec<Projection>) -> Self {
        Projections(match v.len() {
            0 => ProjectionsRepr::Empty,
            1 => v.pop().map_or(ProjectionsRepr::Empty, ProjectionsRepr::One),
            _ => ProjectionsRepr::Many(v),
        })
    }
}

impl FromIterator<Projection> for Projections {
    fn from_iter<I: IntoIterator<Item = Projection>>(iter: I) -> Self {
        let mut out = Projections::new();
        out.extend(iter);
        out
    }
}

impl Extend<Projection> for Projections {
    fn extend<I: IntoIterator<Item = Projection>>(&mut self, iter: I) {
        for p in iter {
            self.push(p);
        }
    }
}

impl IntoIterator for Projections {
    type Item = Projection;
    type IntoIter = std::vec::IntoIter<Projection>;
    fn into_iter(self) -> Self::IntoIter {
        self.into_vec().into_iter()
    }
}

impl<'a> IntoIterator for &'a Projections {
    type Item = &'a Projection;
    type IntoIter = std::slice::Iter<'a, Projection>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut Projections {
    type Item = &'a mut Projection;
    type IntoIter = std::slice::IterMut<'a, Projection>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl std::fmt::Debug for Projections {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        <[Projection] as std::fmt::Debug>::fmt(self, f)
    }
}

#[derive(Debug, Clone)]
pub enum Projection {
    Field(u32),
    /// Index into an array, vector (component) or matrix (row).
    Index(Box<Expr>),
    /// Vector components (must be last, distinct when written).
    Swizzle(Components),
    /// Matrix elements `(row, col)` (must be last).
    MatrixElements(Vec<(u8, u8)>),
    /// Bits `offset .. offset + width` of an integer storage unit read as the place's type
    /// (a bit-field member; must be last).
    BitField { offset: u8, width: u8 },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    Neg,
    /// Logical not on bool (scalar or vector).
    Not,
    /// Bitwise not on integers.
    BitNot,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Add,
    Sub,
    /// Component-wise multiply (HLSL `*`, also on matrices); `mul()` is an intrinsic.
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    BitAnd,
    BitOr,
    BitXor,
    /// Scalar operands short-circuit; vector operands (HLSL ≤ 2018) are component-wise.
    LogicalAnd,
    LogicalOr,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// Which `Process…TessFactors` intrinsic, for which partitioning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TessFactors {
    pub patch: TessFactorPatch,
    pub combine: TessFactorCombine,
    pub partitioning: Partitioning,
}

/// The patch a `Process…TessFactors` intrinsic reduces the edge factors for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TessFactorPatch {
    /// Three edges, one inside factor.
    Tri,
    /// Four edges, one inside factor for both axes.
    Quad,
    /// Four edges, an inside factor per axis (edges 0 and 1, edges 2 and 3).
    Quad2D,
    /// A detail and a density factor.
    Isoline,
}

/// How the edge factors combine into the inside factor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TessFactorCombine {
    Avg,
    Max,
    Min,
}

/// Non-resource intrinsics after overload resolution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Intrinsic {
    // Math.
    Abs,
    Acos,
    All,
    Any,
    Asin,
    Atan,
    Atan2,
    Ceil,
    Clamp,
    Cos,
    Cosh,
    CountBits,
    Cross,
    D3DColorToUByte4,
    Degrees,
    Determinant,
    Distance,
    Dot,
    Dst,
    Exp,
    Exp2,
    FaceForward,
    FirstBitHigh,
    FirstBitLow,
    Floor,
    Fma,
    Fmod,
    Frac,
    Frexp,
    IsFinite,
    /// `isnormal` (SM 6.9): neither zero, subnormal, infinite nor NaN.
    IsNormal,
    IsInf,
    IsNan,
    Ldexp,
    Length,
    Lerp,
    Lit,
    Log,
    Log10,
    Log2,
    Mad,
    Max,
    Min,
    Modf,
    Msad4,
    /// `DebugBreak()`: SPIR-V's `NonSemantic.DebugBreak` instruction.
    DebugBreak,
    /// `AddUint64(a, b)`: 64-bit sums of `uint2` (low, high) pairs, one or two.
    AddUint64,
    /// `mul(a, b)` in all scalar/vector/matrix combinations.
    Mul,
    Normalize,
    Pow,
    Radians,
    Rcp,
    Reflect,
    Refract,
    ReverseBits,
    Round,
    Rsqrt,
    Saturate,
    Sign,
    Sin,
    SinCos,
    Sinh,
    SmoothStep,
    Sqrt,
    Step,
    Tan,
    Tanh,
    Transpose,
    Trunc,
    // Conversions and packing.
    AsDouble,
    /// `asuint(double, out uint lo, out uint hi)`.
    AsUintSplit,
    /// `Process{Tri,Quad,2DQuad}TessFactors{Avg,Max,Min}` and `ProcessIsolineTessFactors`
    /// (hull shaders), with the partitioning of the hull entry point.
    ProcessTessFactors(TessFactors),
    F16ToF32,
    F32ToF16,
    Dot4AddU8Packed,
    Dot4AddI8Packed,
    Dot2Add,
    PackU8,
    PackS8,
    PackClampU8,
    PackClampS8,
    UnpackU8U16,
    UnpackU8U32,
    UnpackS8S16,
    UnpackS8S32,
    // HLSL 2021 component-wise logic.
    And,
    Or,
    Select,
    // Pixel shader.
    Clip,
    Ddx,
    DdxCoarse,
    DdxFine,
    Ddy,
    DdyCoarse,
    DdyFine,
    Fwidth,
    IsHelperLane,
    // Mesh and amplification shaders.
    SetMeshOutputCounts,
    /// `DispatchMesh(x, y, z, payload)`: the payload is the last argument, a place for a
    /// `groupshared` payload, a value otherwise.
    DispatchMesh,
    /// A DirectX Raytracing pipeline operation (see `sema::ray_tracing`).
    RayTracing(RayTracingOp),
    /// `GetRemainingRecursionLevels()` of a work-graph node shader.
    RemainingRecursionLevels,
    // Barriers.
    AllMemoryBarrier,
    AllMemoryBarrierWithGroupSync,
    DeviceMemoryBarrier,
    DeviceMemoryBarrierWithGroupSync,
    GroupMemoryBarrier,
    GroupMemoryBarrierWithGroupSync,
    // Atomics on places (groupshared, buffer elements, RW texels): the first argument is an
    // `Arg::InOut` place, the optional `original` argument an `Arg::Out`.
    InterlockedAdd,
    InterlockedAnd,
    InterlockedOr,
    InterlockedXor,
    InterlockedMin,
    InterlockedMax,
    InterlockedExchange,
    InterlockedCompareExchange,
    InterlockedCompareStore,
    // Wave and quad operations.
    /// `GetGroupWaveIndex()` (SM 6.10): the wave's index in the thread group.
    GroupWaveIndex,
    /// `GetGroupWaveCount()` (SM 6.10): the number of waves in the thread group.
    GroupWaveCount,
    WaveGetLaneCount,
    WaveGetLaneIndex,
    WaveIsFirstLane,
    WaveActiveAnyTrue,
    WaveActiveAllTrue,
    WaveActiveAllEqual,
    WaveActiveBallot,
    WaveActiveCountBits,
    WaveActiveSum,
    WaveActiveProduct,
    WaveActiveMin,
    WaveActiveMax,
    WaveActiveBitAnd,
    WaveActiveBitOr,
    WaveActiveBitXor,
    WavePrefixSum,
    WavePrefixProduct,
    WavePrefixCountBits,
    WaveReadLaneAt,
    WaveReadLaneFirst,
    WaveMatch,
    WaveMultiPrefixSum,
    WaveMultiPrefixProduct,
    WaveMultiPrefixCountBits,
    WaveMultiPrefixBitAnd,
    WaveMultiPrefixBitOr,
    WaveMultiPrefixBitXor,
    QuadReadAcrossX,
    QuadReadAcrossY,
    QuadReadAcrossDiagonal,
    QuadReadLaneAt,
    /// `GetAttributeAtVertex(attribute, vertex)`: a `nointerpolation` pixel input's value at
    /// one vertex of the primitive (SPIR-V only).
    GetAttributeAtVertex,
    /// `EvaluateAttributeAtSample(attribute, sample)`: a pixel input interpolated at one sample
    /// of the pixel (SPIR-V only).
    EvaluateAttributeAtSample,
    /// `EvaluateAttributeCentroid(attribute)`: a pixel input interpolated at the centroid of
    /// the covered samples (SPIR-V only).
    EvaluateAttributeCentroid,
    /// `EvaluateAttributeSnapped(attribute, offset)`: a pixel input interpolated at an offset
    /// from the pixel centre (SPIR-V only).
    EvaluateAttributeSnapped,
    /// `vk::RawBufferLoad<T>(address, alignment)`: a `T` read at a 64-bit device address (the
    /// alignment a constant; SPIR-V only).
    RawBufferLoad,
    /// `vk::RawBufferStore<T>(address, value, alignment)` (SPIR-V only).
    RawBufferStore,
    QuadAny,
    QuadAll,
    // Resources.
    NonUniformResourceIndex,
}

/// Methods of resource objects after overload resolution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Method {
    // Textures.
    Sample,
    SampleBias,
    SampleGrad,
    SampleLevel,
    SampleCmp,
    SampleCmpLevelZero,
    SampleCmpLevel,
    SampleCmpBias,
    SampleCmpGrad,
    /// `Load(coord[, sample][, offset])`.
    Load,
    /// `Gather`/`GatherRed`/… with the component (0–3).
    Gather(u8),
    GatherCmp(u8),
    GatherRaw,
    GetDimensions,
    CalculateLevelOfDetail,
    CalculateLevelOfDetailUnclamped,
    GetSamplePosition,
    /// `SubpassLoad([sample])` of a `SubpassInput(MS)`.
    SubpassLoad,
    // Byte-address buffers.
    /// `Load`, `Load2`, `Load3`, `Load4`, `Load<T>` (the result type says which).
    LoadRaw,
    /// `Store`, `Store2`, `Store3`, `Store4`, `Store<T>`.
    StoreRaw,
    InterlockedAdd,
    InterlockedAnd,
    InterlockedOr,
    InterlockedXor,
    InterlockedMin,
    InterlockedMax,
    InterlockedExchange,
    InterlockedCompareExchange,
    InterlockedCompareStore,
    // Structured and typed buffers.
    /// `buf.Load(i)` on `StructuredBuffer`/`Buffer` (same as `buf[i]`).
    LoadElement,
    IncrementCounter,
    DecrementCounter,
    Append,
    Consume,
    // Sampler feedback.
    WriteSamplerFeedback,
    WriteSamplerFeedbackBias,
    WriteSamplerFeedbackGrad,
    WriteSamplerFeedbackLevel,
    /// Inline ray tracing: an operation on a `RayQuery` (`object` is the query: a local, or a
    /// parameter the caller's query is passed to by reference).
    RayQuery(RayQueryOp),
    /// A geometry shader's `stream.Append(vertex)`.
    StreamAppend,
    /// A geometry shader's `stream.RestartStrip()`.
    StreamRestartStrip,
    /// A method of a work-graph node object (see `sema::work_graph`).
    Node(NodeMethod),
}

/// Methods of work-graph node objects; the object is the place of an entry parameter (an
/// input or output, maybe an element of an output array) or of a records local.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NodeMethod {
    /// `Count()` of `GroupNodeInputRecords`/`EmptyNodeInput`: the records received.
    Count,
    /// `FinishedCrossGroupSharing()` of `RWDispatchNodeInputRecord`.
    FinishedCrossGroupSharing,
    /// `GetThreadNodeOutputRecords(n)` / `GetGroupNodeOutputRecords(n)` of an output: the
    /// records allocated for this thread (`group: false`) or the whole group.
    Allocate { group: bool },
    /// `OutputComplete()` of output records: they are enqueued.
    OutputComplete,
    /// `IsValid()` of an output.
    IsValid,
    /// `ThreadIncrementOutputCount(n)` / `GroupIncrementOutputCount(n)` of an output.
    IncrementOutputCount { group: bool },
}

/// How a node's thread groups are launched (`[NodeLaunch("…")]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NodeLaunch {
    Broadcasting,
    Coalescing,
    Thread,
}

/// A work-graph node entry point's attributes (see `sema::work_graph`).
#[derive(Debug, Clone)]
pub struct NodeInfo {
    pub launch: NodeLaunch,
    /// `[NodeDispatchGrid(x, y, z)]`.
    pub dispatch_grid: Option<[u32; 3]>,
    /// `[NodeMaxDispatchGrid(x, y, z)]`.
    pub max_dispatch_grid: Option<[u32; 3]>,
    /// `[NodeMaxRecursionDepth(n)]`.
    pub max_recursion_depth: Option<u32>,
    /// `[NodeID("name", index)]`: the node's name and array index (default: the function, 0).
    pub id: Option<(String, u32)>,
    /// `[NodeShareInputOf("name", index)]`.
    pub share_input_of: Option<(String, u32)>,
    /// `[NodeIsProgramEntry]`.
    pub is_program_entry: bool,
    /// The node parameters, by parameter index (`None` for other parameters).
    pub params: Vec<Option<NodeParam>>,
}

/// Attributes of a node input or output parameter.
#[derive(Debug, Clone, Default)]
pub struct NodeParam {
    /// `[MaxRecords(n)]`.
    pub max_records: Option<u32>,
    /// `[MaxRecordsSharedWith(param)]`: the index of the other parameter.
    pub max_records_shared_with: Option<u32>,
    /// `[NodeID("name", index)]` of an output (default: the parameter's name, 0).
    pub id: Option<(String, u32)>,
    /// `[NodeArraySize(n)]` of an output array.
    pub array_size: Option<u32>,
    /// `[AllowSparseNodes]` or `[UnboundedSparseNodes]`.
    pub sparse: bool,
}

/// DirectX Raytracing pipeline operations (see `sema::ray_tracing`, `lower::ray_tracing`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RayTracingOp {
    /// A system value (`DispatchRaysIndex()`, `WorldRayOrigin()` …); no arguments.
    SystemValue(RaySystemValue),
    /// `TraceRay(accel, flags, mask, sbtOffset, sbtStride, missIndex, ray, payload)`: seven
    /// values, then the payload as an `InOut` place.
    TraceRay,
    /// `ReportHit(t, kind, attributes)`: three values; the result is a `bool`.
    ReportHit,
    /// `CallShader(index, data)`: the index, then the data as an `InOut` place.
    CallShader,
    IgnoreHit,
    AcceptHitAndEndSearch,
}

/// The system values of the ray-tracing stages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RaySystemValue {
    DispatchRaysIndex,
    DispatchRaysDimensions,
    WorldRayOrigin,
    WorldRayDirection,
    ObjectRayOrigin,
    ObjectRayDirection,
    RayTMin,
    RayTCurrent,
    RayFlags,
    InstanceIndex,
    InstanceId,
    GeometryIndex,
    PrimitiveIndex,
    HitKind,
    /// `ObjectToWorld4x3()`; `transposed`: `ObjectToWorld3x4()` (and `ObjectToWorld()`).
    ObjectToWorld { transposed: bool },
    WorldToObject { transposed: bool },
}

/// The operations of a `RayQuery` object (see `sema::ray_query`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RayQueryOp {
    /// `TraceRayInline(accel, flags, mask, ray)`: the template's ray flags are OR-ed into
    /// `flags` by sema (args: accel, flags, mask, ray).
    TraceRayInline,
    Proceed,
    Abort,
    CommitNonOpaqueTriangleHit,
    /// `CommitProceduralPrimitiveHit(t)`.
    CommitProceduralPrimitiveHit,
    CommittedStatus,
    CandidateType,
    /// What `TraceRayInline` was given: `RayFlags()`, `RayTMin()`, `WorldRayOrigin()`,
    /// `WorldRayDirection()`.
    Ray(RayField),
    /// A property of the committed (`committed: true`) or the candidate intersection.
    Hit { committed: bool, field: HitField },
}

/// A field of the ray given to `TraceRayInline`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RayField {
    Flags,
    TMin,
    Origin,
    Direction,
}

/// A property of an intersection.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HitField {
    RayT,
    InstanceIndex,
    InstanceId,
    InstanceContributionToHitGroupIndex,
    GeometryIndex,
    PrimitiveIndex,
    TriangleBarycentrics,
    TriangleFrontFace,
    /// `ObjectToWorld3x4()` (`transposed: false` is the 4×3 form).
    ObjectToWorld { transposed: bool },
    WorldToObject { transposed: bool },
    ObjectRayOrigin,
    ObjectRayDirection,
}

#[cfg(test)]
mod tests {
    use super::{Components, Projection, Projections};

    /// `Components` replaced a `Vec<u8>`: it must read and debug-print exactly as one did
    /// (typed-IR dumps print it), and never hold more than four components.
    #[test]
    fn components_read_and_print_as_the_vec_they_replaced() {
        let c: Components = [3u8, 2, 0].into_iter().collect();
        assert_eq!(&*c, &[3, 2, 0]);
        assert_eq!(format!("{c:?}"), format!("{:?}", vec![3u8, 2, 0]));
        assert_eq!(format!("{c:#?}"), format!("{:#?}", vec![3u8, 2, 0]));
        assert_eq!(format!("{:?}", Components::default()), format!("{:?}", Vec::<u8>::new()));
        assert_eq!(Components::one(1), [1u8].into_iter().collect());
        assert_eq!(&*Components::one(1), &[1]);
        let five: Components = (0..5).collect();
        assert_eq!(&*five, &[0, 1, 2, 3]);
    }

    /// `Projections` replaced a `Vec<Projection>`: pushes, pops, inserts, removals and the
    /// front split behave as the `Vec`'s did, and it debug-prints as one.
    #[test]
    fn projections_behave_as_the_vec_they_replaced() {
        let field = |i| Projection::Field(i);
        let fields = |p: &Projections| p.iter().map(|q| match q {
            Projection::Field(i) => *i,
            _ => u32::MAX,
        }).collect::<Vec<_>>();
        let mut p = Projections::new();
        assert!(p.is_empty() && p.pop().is_none());
        p.push(field(1));
        assert_eq!(fields(&p), [1]);
        p.push(field(2));
        p.push(field(3));
        assert_eq!(fields(&p), [1, 2, 3]);
        assert_eq!(format!("{p:?}"), format!("{:?}", vec![field(1), field(2), field(3)]));
        assert!(matches!(p.pop(), Some(Projection::Field(3))));
        p.insert(0, field(0));
        assert_eq!(fields(&p), [0, 1, 2]);
        assert!(matches!(p.remove(1), Some(Projection::Field(1))));
        assert!(p.remove(5).is_none());
        assert_eq!(fields(&p), [0, 2]);
        let front = p.take_front(1);
        assert_eq!(front.len(), 1);
        assert_eq!(fields(&p), [2]);
        assert!(matches!(p.pop(), Some(Projection::Field(2))));
        assert!(p.pop().is_none());
        let q: Projections = vec![field(4)].into();
        assert_eq!(fields(&q), [4]);
        assert_eq!(format!("{:#?}", Projections::new()), format!("{:#?}", Vec::<Projection>::new()));
    }
}
