//! The abstract syntax tree of HLSL 2021 as DXC accepts it.
//!
//! The AST is pure syntax: names are unresolved strings, types are written types, nothing is
//! checked. Semantic analysis (in `hlslc-lowering`) resolves names, types, overloads and
//! conversions into a typed IR. Every node carries a [`Span`] in the global offset space of the
//! [`SourceMap`](crate::source::SourceMap), so any node can be reported, after macro expansion and
//! across includes.
//!
//! Shape decisions:
//! - It is a tree of `Box`/`Vec` (the parser builds it bottom-up; later stages walk it once).
//! - Builtin type names (`float4x3`, `Texture2D`, `RWStructuredBuffer` …) and user type names
//!   are both [`TypeKind::Named`]; semantic analysis decides what a name means. The parser only
//!   needs to know *that* a name is a type (the token adapter's job), not *which* type.
//! - One declaration statement may declare several variables (`float a, b[2] = {1, 2};`): a
//!   [`VarDecl`] has one type and several [`Declarator`]s.
//! - Constructs DXC rejects but real shaders still contain (effects `technique` blocks,
//!   `sampler_state { … }` initializers, `interface`s) are parsed, so that semantic analysis can
//!   reject them with a precise message instead of a syntax error.

pub use crate::name::Name;
use crate::source::Span;

/// A parsed file (after preprocessing): its top-level declarations.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct TranslationUnit {
    pub items: Vec<Item>,
}

/// An identifier with its span.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ident {
    pub name: Name,
    pub span: Span,
}

/// A possibly qualified name: `x`, `ns::x`, `::x`, `S::f`, `Foo<int>::Bar`.
#[derive(Clone, Debug, PartialEq)]
pub struct Path {
    /// `::x` (global scope).
    pub global: bool,
    pub segments: Segments,
    pub span: Span,
}

impl Path {
    /// The plain name `x`: one segment, no template arguments, not global.
    pub fn name(ident: Ident) -> Path {
        Path { global: false, span: ident.span, segments: Segments::one(PathSegment { ident, template_args: None }) }
    }
}

/// One segment of a [`Path`], with explicit template arguments if written (`Load<float2>`).
#[derive(Clone, Debug, PartialEq)]
pub struct PathSegment {
    pub ident: Ident,
    /// (A boxed slice, so that a segment, and a one-segment path with it, stays small.)
    pub template_args: Option<Box<[TemplateArg]>>,
}

/// The segments of a [`Path`], first to last; never empty. Almost every path written has one
/// segment (`x`, `float4`, `f<int>`), kept inline without an allocation of its own; qualified
/// names (`ns::x`, `S::k`) keep theirs in a `Vec`. Behaves as a slice of [`PathSegment`]s.
#[derive(Clone, Debug)]
pub enum Segments {
    One(PathSegment),
    Many(Vec<PathSegment>),
}

impl Segments {
    pub fn one(segment: PathSegment) -> Self {
        Segments::One(segment)
    }

    pub fn as_slice(&self) -> &[PathSegment] {
        match self {
            Segments::One(s) => std::slice::from_ref(s),
            Segments::Many(v) => v,
        }
    }

    pub fn as_mut_slice(&mut self) -> &mut [PathSegment] {
        match self {
            Segments::One(s) => std::slice::from_mut(s),
            Segments::Many(v) => v,
        }
    }

    /// Appends a segment (`ns::x` from `ns`).
    pub fn push(&mut self, segment: PathSegment) {
        // (`Vec::new()` does not allocate: a placeholder while the segments move.)
        *self = match std::mem::replace(self, Segments::Many(Vec::new())) {
            Segments::One(first) => Segments::Many(vec![first, segment]),
            Segments::Many(mut v) => {
                v.push(segment);
                Segments::Many(v)
            }
        };
    }
}

impl From<Vec<PathSegment>> for Segments {
    fn from(mut v: Vec<PathSegment>) -> Self {
        match v.len() {
            1 => v.pop().map_or(Segments::Many(v), Segments::One),
            _ => Segments::Many(v),
        }
    }
}

impl std::ops::Deref for Segments {
    type Target = [PathSegment];
    fn deref(&self) -> &[PathSegment] {
        self.as_slice()
    }
}

impl std::ops::DerefMut for Segments {
    fn deref_mut(&mut self) -> &mut [PathSegment] {
        self.as_mut_slice()
    }
}

impl PartialEq for Segments {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<'a> IntoIterator for &'a Segments {
    type Item = &'a PathSegment;
    type IntoIter = std::slice::Iter<'a, PathSegment>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl IntoIterator for Segments {
    type Item = PathSegment;
    type IntoIter = SegmentsIntoIter;
    fn into_iter(self) -> SegmentsIntoIter {
        match self {
            Segments::One(s) => SegmentsIntoIter::One(Some(s)),
            Segments::Many(v) => SegmentsIntoIter::Many(v.into_iter()),
        }
    }
}

/// The owned segments of a path, in order.
pub enum SegmentsIntoIter {
    One(Option<PathSegment>),
    Many(std::vec::IntoIter<PathSegment>),
}

impl Iterator for SegmentsIntoIter {
    type Item = PathSegment;
    fn next(&mut self) -> Option<PathSegment> {
        match self {
            SegmentsIntoIter::One(s) => s.take(),
            SegmentsIntoIter::Many(i) => i.next(),
        }
    }
}

/// A template argument: a type (`float4`) or a constant expression (`4`).
#[derive(Clone, Debug, PartialEq)]
pub enum TemplateArg {
    Type(TypeSpec),
    Expr(Expr),
}

// ---------------------------------------------------------------------------------------------
// Declarations
// ---------------------------------------------------------------------------------------------

/// A top-level or member declaration.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    pub kind: ItemKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ItemKind {
    /// Global variables (including resources, `static`, `groupshared`, `static const`).
    Variable(VarDecl),
    /// A variable template (HLSL 2021): `template<class T, class U> static const bool
    /// is_same = false;`, or a partial or explicit specialization of one when its declarator
    /// has template arguments (`template<class T> static const bool is_same<T, T> = true;`).
    VariableTemplate { params: Vec<TemplateParam>, decl: VarDecl },
    /// A function definition or prototype (also methods and operator overloads).
    Function(FunctionDecl),
    /// `struct`/`class`/`interface` definition or forward declaration, possibly followed by
    /// declarators (`struct S { … } s;` is a `Struct` item with `declarators`).
    Struct(StructDecl),
    /// `typedef T Name[N];`
    Typedef(TypedefDecl),
    /// `using Name = T;`
    TypeAlias(TypeAliasDecl),
    /// `cbuffer`/`tbuffer` block.
    ConstantBuffer(ConstantBufferDecl),
    /// `namespace N { … }`
    Namespace(NamespaceDecl),
    /// `enum` / `enum class`.
    Enum(EnumDecl),
    /// `technique`/`technique10`/`technique11` block of the effects framework (rejected later).
    Technique(TechniqueDecl),
    /// `#pragma pack_matrix(row_major | column_major)`: the default matrix majorness of the
    /// declarations after it (the preprocessor passes the pragma on as a token).
    PackMatrix { row_major: bool },
    /// `public:`/`private:` inside a class (kept for completeness, no meaning in HLSL).
    AccessSpecifier(Ident),
    /// `using namespace ns;` or `using ns::name;`.
    Using(UsingDecl),
    /// `_Static_assert(condition, "message");`
    StaticAssert(StaticAssert),
    /// A stray `;`.
    Empty,
    /// Syntax error recovered up to the next `;` or `}`.
    Error,
}

/// `_Static_assert(condition, "message")` (C11's spelling, which DXC accepts in every HLSL
/// version), a declaration or a statement.
#[derive(Clone, Debug, PartialEq)]
pub struct StaticAssert {
    pub cond: Expr,
    /// The string written after the condition, if any.
    pub message: Option<String>,
    pub span: Span,
}

/// Storage classes, type modifiers, interpolation modifiers and parameter directions, in the
/// order written. `flags` is the set; `spans` remembers where each was written for messages.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Qualifiers {
    pub list: Vec<(Qualifier, Span)>,
}

// (Inlined: sema asks these of every declaration, from another crate.)
impl Qualifiers {
    #[inline]
    pub fn has(&self, q: Qualifier) -> bool {
        self.list.iter().any(|(x, _)| *x == q)
    }

    #[inline]
    pub fn span_of(&self, q: Qualifier) -> Option<Span> {
        self.list.iter().find(|(x, _)| *x == q).map(|(_, s)| *s)
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
}

/// Every keyword that can precede a type in a declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Qualifier {
    // Storage classes.
    Extern,
    Static,
    Uniform,
    Volatile,
    Shared,
    GroupShared,
    Precise,
    Inline,
    /// `export` (library functions).
    Export,
    // Type modifiers.
    Const,
    RowMajor,
    ColumnMajor,
    Snorm,
    Unorm,
    GloballyCoherent,
    /// `reordercoherent` (SM 6.9): coherence across shader execution reordering.
    ReorderCoherent,
    // Interpolation modifiers.
    Linear,
    Centroid,
    NoInterpolation,
    NoPerspective,
    Sample,
    Center,
    // Parameter directions.
    In,
    Out,
    InOut,
    // Geometry-shader primitive types on parameters (parsed for a precise stage error).
    Point,
    Line,
    Triangle,
    LineAdj,
    TriangleAdj,
    // Mesh shader parameter modifiers.
    Vertices,
    Primitives,
    Indices,
    Payload,
}

/// `[name(args)]` or `[[ns::name(args)]]` attribute.
#[derive(Clone, Debug, PartialEq)]
pub struct Attribute {
    /// `vk` in `[[vk::binding(0)]]`.
    pub namespace: Option<Ident>,
    pub name: Ident,
    pub args: Vec<Expr>,
    /// True for the C++11 `[[…]]` form.
    pub double_bracket: bool,
    pub span: Span,
}

/// A declaration of one or more variables sharing one type.
#[derive(Clone, Debug, PartialEq)]
pub struct VarDecl {
    pub attrs: Vec<Attribute>,
    pub quals: Qualifiers,
    pub ty: TypeSpec,
    pub declarators: Vec<Declarator>,
    pub span: Span,
}

/// One declared variable: `name[N][M] : SEMANTIC : register(t0) <annot> = init`.
#[derive(Clone, Debug, PartialEq)]
pub struct Declarator {
    pub name: Ident,
    /// Array dimensions, outermost first; `None` for `[]`.
    pub array: Vec<Option<Expr>>,
    pub semantic: Option<Semantic>,
    pub packoffset: Option<PackOffset>,
    pub registers: Vec<Register>,
    pub annotations: Vec<VarDecl>,
    pub init: Option<Initializer>,
    /// Bit-field width of a struct member (`uint flags : 4;`, HLSL 2021).
    pub bit_width: Option<Expr>,
    /// The class of an out-of-line static member definition: `S` in `int S::count = 0;`.
    pub qualifier: Option<Path>,
    /// The arguments of a variable template's specialization: `<T, T>` in
    /// `template<class T> static const bool is_same<T, T> = true;`.
    pub template_args: Option<Vec<TemplateArg>>,
    /// Ray-payload access qualifiers: `: read(caller, closesthit) : write(miss)` (SM 6.6).
    pub payload_access: Vec<PayloadAccess>,
    pub span: Span,
}

impl Declarator {
    /// `name` alone: no array dimensions, semantic, register, initializer or other suffix.
    pub fn new(name: Ident, span: Span) -> Self {
        Declarator {
            name,
            array: Vec::new(),
            semantic: None,
            packoffset: None,
            registers: Vec::new(),
            annotations: Vec::new(),
            init: None,
            bit_width: None,
            qualifier: None,
            template_args: None,
            payload_access: Vec::new(),
            span,
        }
    }
}

/// `read(stage, …)` or `write(stage, …)` on a ray payload member.
#[derive(Clone, Debug, PartialEq)]
pub struct PayloadAccess {
    /// `false` for `read`, `true` for `write`.
    pub write: bool,
    /// `caller`, `closesthit`, `miss`, `anyhit`.
    pub stages: Vec<Ident>,
    pub span: Span,
}

/// What follows `=` in a declaration.
#[derive(Clone, Debug, PartialEq)]
pub enum Initializer {
    /// An expression or a brace initializer list (`ExprKind::InitList`).
    Expr(Expr),
    /// `= sampler_state { Filter = …; }` (`assigned`) or a state block `SamplerState s { … }`
    /// without `=` (effects framework: ignored with a warning).
    SamplerState { span: Span, assigned: bool },
}

/// `: SEMANTIC` (the name as written, e.g. `SV_Target1`, `TEXCOORD`).
#[derive(Clone, Debug, PartialEq)]
pub struct Semantic {
    pub name: String,
    pub span: Span,
}

/// `: packoffset(c3.y)`.
#[derive(Clone, Debug, PartialEq)]
pub struct PackOffset {
    /// `c3`.
    pub register: Ident,
    /// `y`.
    pub component: Option<Ident>,
    pub span: Span,
}

/// `: register([profile,] t3[, space1])` (also `register(c3[2])` subcomponents are rare and
/// not supported by DXC).
#[derive(Clone, Debug, PartialEq)]
pub struct Register {
    /// `ps_5_0` in `register(ps_5_0, t0)`.
    pub profile: Option<Ident>,
    /// `t3`, `b0`, `u1`, `s2`, `c4`; `None` for `register(space1)`.
    pub slot: Option<Ident>,
    /// `space1`.
    pub space: Option<Ident>,
    pub span: Span,
}

/// A type as written.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeSpec {
    pub kind: TypeKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum TypeKind {
    /// Any named type: builtin (`float4`, `uint`, `Texture2D<float4>`, `vector<float, 3>`,
    /// `matrix`, `SamplerState`, `string`, `void`) or user-defined (`MyStruct`, `ns::T`, `Foo<int>`).
    Named(Path),
    /// An anonymous or named struct defined inline: `struct { float a; } x;`.
    Struct(Box<StructDecl>),
    /// A type with modifiers written inside a template argument list or a cast:
    /// `RWTexture2D<unorm float4>`, `Buffer<snorm float>`, `(const float)x`.
    Qualified { quals: Qualifiers, ty: Box<TypeSpec> },
    /// An array type, where a type is written without a declarator: template arguments
    /// (`buf.Load<float[4]>(0)`) and `sizeof(int[2])`. Dimensions outermost first.
    Array { elem: Box<TypeSpec>, dims: Vec<Option<Expr>> },
    /// `__decltype(expr)`: the type of an expression, which is not evaluated.
    Decltype(Box<Expr>),
}

/// `struct`, `class` or `interface`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StructKind {
    Struct,
    Class,
    Interface,
}

/// A struct/class/interface definition (or forward declaration when `members` is `None`).
#[derive(Clone, Debug, PartialEq)]
pub struct StructDecl {
    pub kind: StructKind,
    pub attrs: Vec<Attribute>,
    pub template_params: Option<Vec<TemplateParam>>,
    pub name: Option<Ident>,
    /// Template arguments of a (partial) specialization: `<int>` in
    /// `template<> struct Traits<int> { … }`.
    pub specialization: Option<Vec<TemplateArg>>,
    /// Base classes / implemented interfaces.
    pub bases: Vec<TypeSpec>,
    /// Fields, methods, static members, nested types, typedefs …; `None` for `struct S;`.
    pub members: Option<Vec<Item>>,
    /// Variables declared after the closing brace: `struct S { … } a, b;`.
    pub declarators: Vec<Declarator>,
    /// Qualifiers written before `struct` in such a declaration (`static struct { … } x;`).
    pub quals: Qualifiers,
    pub span: Span,
}

/// `template<typename T, int N = 4>` parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct TemplateParam {
    pub name: Ident,
    pub kind: TemplateParamKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum TemplateParamKind {
    /// `typename T` / `class T`, with an optional default type.
    Type { default: Option<TypeSpec> },
    /// `int N`, with an optional default value.
    Value { ty: TypeSpec, default: Option<Expr> },
}

/// `typedef const float4 Name[2], *Other;`-style declaration (HLSL has no pointers: one or more
/// names with optional array dimensions).
#[derive(Clone, Debug, PartialEq)]
pub struct TypedefDecl {
    /// `[[vk::ext_capability(N)]] typedef …` (inline SPIR-V).
    pub attrs: Vec<Attribute>,
    pub quals: Qualifiers,
    pub ty: TypeSpec,
    pub names: Vec<(Ident, Vec<Option<Expr>>)>,
    pub span: Span,
}

/// `using Name = Type;` (HLSL 2021), optionally templated.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeAliasDecl {
    pub template_params: Option<Vec<TemplateParam>>,
    pub name: Ident,
    /// `using Name [[vk::ext_capability(N)]] = …;` (inline SPIR-V).
    pub attrs: Vec<Attribute>,
    pub ty: TypeSpec,
    pub span: Span,
}

/// `cbuffer` or `tbuffer`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConstantBufferKind {
    CBuffer,
    TBuffer,
}

/// `cbuffer Name : register(b0) { members }` (a trailing `;` is allowed and ignored).
#[derive(Clone, Debug, PartialEq)]
pub struct ConstantBufferDecl {
    pub kind: ConstantBufferKind,
    pub attrs: Vec<Attribute>,
    pub name: Ident,
    pub registers: Vec<Register>,
    /// Members: variable declarations (others are rejected by semantic analysis).
    pub members: Vec<Item>,
    pub span: Span,
}

/// `using namespace ns;` (`namespace: true`) or `using ns::name;` (HLSL 2021).
#[derive(Clone, Debug, PartialEq)]
pub struct UsingDecl {
    pub namespace: bool,
    pub path: Path,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct NamespaceDecl {
    pub name: Ident,
    pub items: Vec<Item>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct EnumDecl {
    /// `enum class` / `enum struct`.
    pub scoped: bool,
    pub name: Option<Ident>,
    /// `: uint`.
    pub underlying: Option<TypeSpec>,
    pub variants: Vec<EnumVariant>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct EnumVariant {
    pub name: Ident,
    pub value: Option<Expr>,
    pub span: Span,
}

/// An effects-framework technique block, kept only to report it.
#[derive(Clone, Debug, PartialEq)]
pub struct TechniqueDecl {
    /// `technique`, `technique10` or `technique11`.
    pub keyword: Ident,
    pub name: Option<Ident>,
    pub span: Span,
}

/// The name of a function: an identifier path, or an operator for overloads.
#[derive(Clone, Debug, PartialEq)]
pub enum FunctionName {
    Path(Path),
    /// `operator+`, `operator[]`, `operator()` … (HLSL 2021). `path` qualifies it when defined
    /// out of line (`S::operator+`).
    Operator { qualifier: Option<Path>, op: OverloadableOp, span: Span },
}

/// Operators that HLSL 2021 lets a struct overload.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OverloadableOp {
    Binary(BinaryOp),
    Unary(UnaryOp),
    Assign(Option<BinaryOp>),
    Index,
    Call,
    /// `->` and `->*`: parsed so that the error can name them (HLSL overloads neither).
    Arrow,
    ArrowStar,
}

/// A function definition (`body: Some`) or prototype (`body: None`).
#[derive(Clone, Debug, PartialEq)]
pub struct FunctionDecl {
    pub attrs: Vec<Attribute>,
    pub template_params: Option<Vec<TemplateParam>>,
    /// `static`, `inline`, `precise`, `export` …
    pub quals: Qualifiers,
    pub return_ty: TypeSpec,
    pub name: FunctionName,
    pub params: Vec<Param>,
    /// `float4 main() : SV_Target`.
    pub return_semantic: Option<Semantic>,
    /// `void f() const` (methods).
    pub is_const: bool,
    pub body: Option<Block>,
    pub span: Span,
}

/// A function parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub attrs: Vec<Attribute>,
    /// `in`/`out`/`inout`/`uniform`/`const`, interpolation modifiers, `precise`, GS primitive
    /// types …
    pub quals: Qualifiers,
    pub ty: TypeSpec,
    /// Unnamed parameters are allowed in prototypes.
    pub name: Option<Ident>,
    pub array: Vec<Option<Expr>>,
    pub semantic: Option<Semantic>,
    pub registers: Vec<Register>,
    pub default: Option<Expr>,
    pub span: Span,
}

// ---------------------------------------------------------------------------------------------
// Statements
// ---------------------------------------------------------------------------------------------

/// `{ … }`.
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub stmts: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    /// `[unroll(4)]`, `[loop]`, `[branch]`, `[flatten]`, `[forcecase]`, `[call]` …
    pub attrs: Vec<Attribute>,
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    Expr(Expr),
    /// Local variable declaration.
    Var(VarDecl),
    /// Local `typedef`.
    Typedef(TypedefDecl),
    /// Local `using Name = Type;`.
    TypeAlias(TypeAliasDecl),
    /// Local `using namespace ns;` / `using ns::name;`.
    Using(UsingDecl),
    /// Local `struct` definition (possibly with declarators).
    Struct(StructDecl),
    /// A function prototype in a block (`float f(float x);`): it declares a function of the
    /// enclosing namespace, as in C++.
    Prototype(Box<FunctionDecl>),
    Block(Block),
    If { cond: Expr, then: Box<Stmt>, else_: Option<Box<Stmt>> },
    /// `for (init; cond; step) body`; `init` is a declaration or expression statement.
    For { init: Option<Box<Stmt>>, cond: Option<Expr>, step: Option<Expr>, body: Box<Stmt> },
    While { cond: Expr, body: Box<Stmt> },
    DoWhile { body: Box<Stmt>, cond: Expr },
    Switch { selector: Expr, cases: Vec<SwitchCase>, body_span: Span },
    Break,
    Continue,
    Return(Option<Expr>),
    Discard,
    Empty,
    /// A `case` label where a statement may stand. The labels at the top level of a
    /// `switch` body, and in blocks directly in it (`case 6: { case 7: break; }`), become the
    /// switch's [`CaseLabel`]s; any other is an error of analysis.
    CaseLabel(Expr),
    /// A `default` label where a statement may stand (see [`StmtKind::CaseLabel`]).
    DefaultLabel,
    /// `_Static_assert(condition, "message");` in a block.
    StaticAssert(StaticAssert),
    /// `#pragma pack_matrix(row_major)` (`true`) or `(column_major)` inside a function: it
    /// changes the default for what is declared after it, in the function and after it.
    PackMatrix { row_major: bool },
    /// Syntax error recovered up to the next `;` or `}`.
    Error,
}

/// One group of `case`/`default` labels and the statements after them, up to the next label.
/// Falling through into the next group is the C behaviour.
#[derive(Clone, Debug, PartialEq)]
pub struct SwitchCase {
    pub labels: Vec<CaseLabel>,
    pub stmts: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum CaseLabel {
    Case(Expr),
    Default(Span),
}

// ---------------------------------------------------------------------------------------------
// Expressions
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Literal(Literal),
    /// A variable, function, enum value or static member name (`x`, `ns::x`, `S::k`, `f<int>`).
    Name(Path),
    /// `this`.
    This,
    Unary { op: UnaryOp, operand: Box<Expr> },
    Binary { op: BinaryOp, lhs: Box<Expr>, rhs: Box<Expr> },
    /// `a = b` (`op: None`) or `a += b` (`op: Some(Add)`).
    Assign { op: Option<BinaryOp>, lhs: Box<Expr>, rhs: Box<Expr> },
    /// `c ? a : b`.
    Conditional { cond: Box<Expr>, accept: Box<Expr>, reject: Box<Expr> },
    /// `a, b`.
    Comma { lhs: Box<Expr>, rhs: Box<Expr> },
    /// `f(args)`, `obj.method(args)`, `S::f(args)`; the callee is a `Name` or `Member`.
    Call { callee: Box<Expr>, args: Vec<Expr> },
    /// Constructor syntax on a name the parser knows is a type: builtin types
    /// (`float4(…)`, `vector<float, 2>(1, 2)`, `float4x4(…)`) and user types declared before
    /// (`MyStruct(…)`, `Alias(…)`); the token adapter tracks declared type names. A call
    /// through a name the parser does not know as a type is a `Call`.
    Construct { ty: Box<TypeSpec>, args: Vec<Expr> },
    /// `(T)x`, `(float3x3)m`, `(MyStruct)0`, `(float[4])a`.
    Cast { ty: Box<TypeSpec>, array: Vec<Option<Expr>>, expr: Box<Expr> },
    /// `a.b`, `v.xyz`, `m._m01_m10`, `t.mips`, `buf.Load<float2>` (member with template args);
    /// `d.Base::b` names the member as the struct `Base` (the object's type or one of its
    /// bases) declares it: `qualifier` is the `Base` path.
    Member { base: Box<Expr>, member: Ident, template_args: Option<Vec<TemplateArg>>, qualifier: Option<Box<Path>> },
    /// `a[i]`.
    Index { base: Box<Expr>, index: Box<Expr> },
    /// `{ a, { b, c } }`.
    InitList(Vec<Expr>),
    /// `sizeof(T)` or `sizeof(expr)`.
    SizeOfType(Box<TypeSpec>),
    SizeOfExpr(Box<Expr>),
    /// Syntax error placeholder.
    Error,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Literal {
    /// Integer literal: the value (wrapped to 64 bits), the suffix and whether it was written
    /// in decimal (C's rules for the type of unsuffixed literals differ by radix).
    Int { value: u64, suffix: IntSuffix, decimal: bool },
    /// Float literal: the value, the suffix, and the text as written (for exact conversion to
    /// the final precision).
    Float { value: f64, suffix: FloatSuffix, text: Name },
    Bool(bool),
    /// String literal (only meaningful in attributes and `printf`), unescaped.
    String(String),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntSuffix {
    None,
    /// `u`/`U`.
    U,
    /// `l`/`L`.
    L,
    /// `ul`/`lu`.
    UL,
    /// `ll`.
    LL,
    /// `ull`.
    ULL,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatSuffix {
    None,
    /// `f`/`F`: 32-bit float.
    F,
    /// `h`/`H`: half.
    H,
    /// `l`/`L`: double.
    L,
    /// `f16`/`F16`, `f32`/`F32`, `f64`/`F64`: HLSL 202x's fixed-size suffixes (`half` with
    /// 16-bit types, `float`, `double`), which DXC also takes in earlier versions.
    F16,
    F32,
    F64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `-x`
    Neg,
    /// `+x`
    Plus,
    /// `!x`
    Not,
    /// `~x`
    BitNot,
    /// `++x`
    PreInc,
    /// `--x`
    PreDec,
    /// `x++`
    PostInc,
    /// `x--`
    PostDec,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    BitAnd,
    BitOr,
    BitXor,
    LogicalAnd,
    LogicalOr,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl BinaryOp {
    /// The operator as written in source.
    pub fn as_str(self) -> &'static str {
        use BinaryOp::*;
        match self {
            Add => "+",
            Sub => "-",
            Mul => "*",
            Div => "/",
            Rem => "%",
            Shl => "<<",
            Shr => ">>",
            BitAnd => "&",
            BitOr => "|",
            BitXor => "^",
            LogicalAnd => "&&",
            LogicalOr => "||",
            Eq => "==",
            Ne => "!=",
            Lt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
        }
    }
}

impl UnaryOp {
    /// The operator as written in source.
    pub fn as_str(self) -> &'static str {
        use UnaryOp::*;
        match self {
            Neg => "-",
            Plus => "+",
            Not => "!",
            BitNot => "~",
            PreInc | PostInc => "++",
            PreDec | PostDec => "--",
        }
    }
}
