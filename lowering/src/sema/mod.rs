//! Semantic analysis: AST → typed IR.
//!
//! The [`Analyzer`] walks the translation unit once, in source order, as DXC (clang) does:
//! HLSL requires declaration before use, so a single pass sees every name it needs. Struct
//! method bodies are the exception (C++ lets them use members declared later): they are
//! analysed when their struct is complete. Template functions and structs are instantiated on
//! use.
//!
//! Submodules, by the construct they handle:
//! - [`scope`]: symbol tables (namespaces, structs, local blocks) and name lookup;
//! - [`types`]: written types → [`TypeId`]s (builtin spellings, templates of resources);
//! - [`decl`]: globals, constant buffers, structs, typedefs, enums, functions;
//! - [`bit_fields`]: bit-field members packed into storage units, their reads and writes;
//! - [`stmt`] and [`expr`]: bodies;
//! - [`convert`]: HLSL's implicit conversions, their ranking and the common type of operands;
//! - [`call`]: overload resolution for user functions;
//! - [`intrinsics`] and [`methods`]: the intrinsic functions and resource methods;
//!   [`barrier`]: SM 6.8's `Barrier` and its flag constants;
//! - [`fold`]: constant folding;
//! - [`entry`]: entry points, stages and semantics;
//! - [`precise`]: the operations `precise` (or `-Gis`) keeps from being contracted.
//!
//! Errors are reported and analysis continues with an error type where possible; the driver
//! returns no module if any error was reported.

mod barrier;
mod bit_fields;
mod call;
mod combined;
mod compat;
mod const_eval;
mod convert;
mod decl;
mod entry;
mod evaluate_attribute;
mod expr;
mod fold;
mod geometry;
mod heap;
mod inline_spirv;
mod intrinsics;
mod liveness;
mod loop_bounds;
mod mesh;
mod methods;
mod modifiers;
mod packing;
mod partial_ordering;
mod payload;
mod precise;
mod precision;
mod ray_query;
mod ray_query_inline;
mod buffer_pointer;
mod raw_buffer;
pub(crate) mod ray_tracing;
mod registers;
mod resource_arrays;
mod resource_value;
mod scope;
mod specialization;
mod stmt;
mod tessellation;
mod types;
mod unroll;
mod vk_attributes;
mod work_graph;

use crate::options::Options;
use crate::tir::{self, FuncId, GlobalId, LocalId, Module};
use crate::ty::{StructId, TypeId};
use hlslc_grammar::ast;
use hlslc_grammar::{Diagnostic, Span};
use std::collections::{HashMap, HashSet};

pub(crate) use bit_fields::mask as bit_field_mask;
pub(crate) use fold::components as components_of;
pub(crate) use scope::{NsId, Symbol};

/// Analyses a parsed translation unit. Returns the typed module (when no error was reported)
/// and every diagnostic.
pub fn analyze(unit: &ast::TranslationUnit, options: &Options) -> (Option<Module>, Vec<Diagnostic>) {
    let mut analyzer = Analyzer::new(options);
    // Definitions of global functions, for specialising a function that takes or returns
    // resources when a call comes after its prototype but before its definition (borrowed
    // from the AST: copying every function body cost a quarter of the analysis).
    for item in &unit.items {
        if let ast::ItemKind::Function(f) = &item.kind {
            if let (ast::FunctionName::Path(p), Some(_), None) = (&f.name, &f.body, &f.template_params) {
                if let [seg] = p.segments.as_slice() {
                    analyzer.definitions.entry(seg.ident.name.as_str()).or_default().push(f);
                }
            }
        }
    }
    analyzer.items(&unit.items);
    analyzer.report_constant_deferred();
    analyzer.resolve_deferred_statics();
    analyzer.check_cbuffer_overlaps();
    if options.backwards_compatibility {
        analyzer.make_written_globals_private();
    }
    analyzer.check_static_initializers();
    analyzer.finish_entry_points();
    let failed = analyzer.diags.iter().any(Diagnostic::is_error);
    let mut module = analyzer.module;
    if !failed {
        resource_arrays::run(&mut module);
        precise::analyze(&mut module, options.ieee_strict);
    }
    (if failed { None } else { Some(module) }, analyzer.diags)
}

/// The state of semantic analysis.
pub(crate) struct Analyzer<'a> {
    pub options: &'a Options,
    pub module: Module,
    pub diags: Vec<Diagnostic>,
    /// Errors in the body of a function template instance made for a call that chose another
    /// candidate: C++ instantiates only the chosen one's body, so they are reported only if a
    /// later call chooses this instance (`call::call_overloads`).
    pub deferred_instance_errors: HashMap<FuncId, Vec<Diagnostic>>,
    /// Declaring a struct template's instance (its methods' body errors are deferred the same way).
    pub instantiating_struct: bool,
    /// The spans of undeclared names reported from struct template methods no call chose
    /// (`decl.rs::report_non_dependent`): once, however many instances repeat them.
    pub non_dependent_reported: rustc_hash::FxHashSet<Span>,
    /// Callee spans of undeclared functions called with literal arguments only: in a struct
    /// template's method such a call does not depend on the template's arguments.
    pub non_dependent_calls: rustc_hash::FxHashSet<Span>,
    /// Global-scope `static` resource variables declared without an initializer: their name
    /// by declaration span (a function analysed before the one assigning such a variable
    /// uses it through a placeholder, `resource_value.rs::defer_static_use`).
    pub global_static_resources: HashMap<Span, String>,
    /// The placeholder global of each such variable used before its assignment was analysed,
    /// with the uses (function and span).
    pub deferred_statics: Vec<resource_value::DeferredStatic>,
    /// Namespaces; index 0 is the global namespace.
    pub namespaces: Vec<scope::Namespace>,
    /// The namespace declarations are being added to.
    pub current_ns: NsId,
    /// The structs whose bodies are being declared, innermost last: their static members,
    /// nested types and typedefs are declared into the struct, not the namespace.
    pub struct_scopes: Vec<StructId>,
    /// The enumerators declared so far in the enum body being declared: visible unqualified
    /// to the later enumerators' values, in a scoped enum too (C++'s enum scope).
    pub enumerators: Vec<(String, scope::Symbol)>,
    /// Per struct: member lookup tables.
    pub struct_infos: Vec<scope::StructInfo>,
    /// Per function: what overload resolution needs.
    pub fn_infos: Vec<FnInfo>,
    /// The `$Globals` constant buffer, created when the first loose uniform is declared.
    pub globals_cbuffer: Option<GlobalId>,
    /// The `cbuffer` blocks (not `ConstantBuffer<T>`): under `-Gec` their members may be
    /// written too, as private copies (`compat.rs`).
    pub(crate) cbuffer_blocks: HashSet<GlobalId>,
    /// State of the function being analysed.
    pub func: Option<FnCtx>,
    /// `#pragma pack_matrix` state: `Some(true)` row-major.
    pub pack_matrix_row_major: Option<bool>,
    /// Template declarations, by id.
    pub templates: Vec<scope::Template>,
    /// Instantiated templates: (template, arguments) → instance.
    pub instances: HashMap<(usize, Vec<scope::TemplateArgValue>), scope::Instance>,
    /// The explicit and partial specializations of each struct template (by its index in
    /// `templates`): the specialization's own template and the arguments it matches.
    pub(crate) struct_specializations: HashMap<usize, Vec<(usize, Vec<ast::TemplateArg>)>>,
    /// Out-of-line definitions of static members of each struct template (by its index in
    /// `templates`): `template<typename T> const T S<T>::table[2] = { … };`, applied to
    /// every instance.
    pub(crate) template_static_definitions: HashMap<usize, Vec<ast::VarDecl>>,
    /// Methods of struct templates defined out of line (`template<class T> T C<T>::f() { … }`),
    /// per template: each instance gets their bodies (`decl.rs::apply_template_method_definition`).
    pub(crate) template_method_definitions: HashMap<usize, Vec<ast::FunctionDecl>>,
    /// Typedefs of matrices declared `row_major`/`column_major`, or under a
    /// `#pragma pack_matrix`: name → (type, row-major). The majorness is part of the typedef
    /// in DXC, so members declared with it take it (`decl.rs::with_typedef_majorness`).
    pub(crate) typedef_majorness: HashMap<String, (TypeId, bool)>,
    /// `vk::ext_builtin_input`/`_output` variables declared: (built-in, output, span).
    pub builtin_variables: Vec<(i64, bool, Span)>,
    /// The product of the trip counts of the `[unroll]` loops being unrolled around the
    /// current statement (1 outside them; see `unroll.rs`).
    pub(crate) unroll_factor: usize,
    /// The counters of the `[unroll]` loops being unrolled around the current statement, each
    /// bound to its iteration's constant.
    pub(crate) unroll_counters: Vec<String>,
    /// Whether the index being checked names one of `unroll_counters`: constant only in this
    /// copy of the body, so out of bounds only if the copy runs (DXC removes the dead branches
    /// of its unrolled copies before it checks them).
    pub(crate) index_by_unroll_counter: bool,
    /// The span of an index expression (`a[3]`) written where DXC does not check a constant
    /// index against the bounds: the base of a member access or swizzle (`m[3].y`), the
    /// operand of an explicit cast, the base of another index into an array of arrays.
    /// Out of bounds there, the index is clamped with a warning (`expr.rs::index_operand`).
    /// The flag is set for the base of another index, which is checked if it is a matrix row.
    pub(crate) unchecked_index: Option<(Span, bool)>,
    /// Whether the index being checked is one of `unchecked_index`.
    pub(crate) index_unchecked: bool,
    /// The span of the last member access that named a one-element array last in its
    /// struct (see `expr.rs::member`).
    pub(crate) tail_array_member: Option<Span>,
    /// `const groupshared` variables: declared (their initializer ignored) but never written.
    pub(crate) const_groupshared: std::collections::HashSet<tir::GlobalId>,
    /// Functions specialised for resource arguments: (function, resource places) → instance.
    pub specializations: HashMap<(FuncId, String), FuncId>,
    /// The function each specialisation was made from (its origin's, for a specialisation of
    /// one): its `static` locals are the origin's, one variable however many copies the body
    /// has, as after DXC's inlining.
    pub static_origin: HashMap<FuncId, FuncId>,
    /// The `static` locals made so far, by function (its origin) and declaration span: the
    /// global, and the flag of a first-run initializer.
    pub static_locals: HashMap<(FuncId, u32, u32), (tir::GlobalId, Option<tir::GlobalId>)>,
    /// Plain functions whose body chooses a resource by a parameter (`decl.rs::defer_to_constants`):
    /// analysed per call with their constant arguments, as DXC resolves the choice after
    /// inlining; the errors of the analysis without constants, reported only if the function
    /// is called otherwise (where a specialisation without constants reports them again).
    pub constant_deferred: HashMap<FuncId, Vec<Diagnostic>>,
    /// The errors each failed specialisation reported, reported again where it is reused.
    pub specialization_errors: HashMap<FuncId, Vec<Diagnostic>>,
    /// For specialisations of functions returning a resource: the resource they return
    /// (`None` after an error).
    pub specialized_returns: rustc_hash::FxHashMap<FuncId, Option<resource_value::ResValue>>,
    /// Specialisations returning an element of a resource array chosen at run time: they
    /// return the element's index (`uint`), and the call indexes the array with it.
    pub runtime_index_returns: HashSet<FuncId>,
    /// Specialisations returning a struct whose resource members include elements chosen
    /// at run time by indices of the function's own state: they return the struct's data
    /// and those indices (`resource_value::struct_index_returns`): the type of the data
    /// (void when none), and the returned struct's type.
    pub struct_index_returns: rustc_hash::FxHashMap<FuncId, (TypeId, TypeId)>,
    /// Hidden `static`s holding the index a call in a global initializer returned (set at
    /// the start of each entry point, never written after): indices reading them are fixed.
    pub fixed_index_statics: HashSet<GlobalId>,
    /// The call being analysed is a whole value a struct or array of resources may be given
    /// to (a declaration's initializer, an assignment's right side, a `return`, an
    /// argument): its result may be a marker operand (see `call::call_specialized`).
    pub value_call: Option<Span>,
    /// For specialisations: the resource parameters their bodies rebind, with where.
    pub specialized_writes: rustc_hash::FxHashMap<FuncId, Vec<(String, Span)>>,
    /// For specialisations: the values the body leaves in the resource variables of its own
    /// scope it rebinds (the members of `this` a method assigns reach the caller's object
    /// through these, see `call::call_specialized`).
    pub(crate) specialized_finals: rustc_hash::FxHashMap<FuncId, Vec<(String, resource_value::ResValue)>>,
    /// The object variable (name and path) of a method call on a struct with resources, by
    /// the span of the marker operand standing for it (see `call::call_specialized`).
    pub(crate) this_targets: HashMap<Span, (String, Vec<usize>)>,
    /// The resource variable (name and path) each argument of a user function call names, by
    /// the argument's span: the variable an `out`/`inout` resource parameter rebinds.
    pub(crate) arg_targets: HashMap<Span, (String, Vec<usize>)>,
    /// While the arguments of a user function call are analysed: a resource variable not yet
    /// assigned is passed as a marker (for an `out` parameter) instead of being an error.
    pub(crate) unset_resource_args: bool,
    /// Functions taking a `RayQuery`: their declarations, inlined where called
    /// (`ray_query_inline.rs`), and how deep inlining is now.
    pub(crate) ray_query_fns: HashMap<FuncId, Box<ast::FunctionDecl>>,
    pub(crate) inline_depth: u32,
    /// Whether any resource variable (a [`scope::Symbol::Alias`]) has been declared yet: until
    /// one is, no name can name one, and `resource_value::alias_target` need not look names
    /// up. Set where such symbols enter a table (`Analyzer::declare`, `function_body_with`);
    /// `Analyzer::lookup` asserts it in debug builds.
    pub(crate) any_alias: bool,
    /// Global function definitions by name (see `analyze`).
    pub definitions: HashMap<&'a str, Vec<&'a ast::FunctionDecl>>,
    /// Whole structs with resources passed as call arguments (see `call::arg_operands`).
    pub value_args: Vec<resource_value::ResValue>,
    /// Nesting depth of recursive analysis, bounded against stack overflow.
    pub depth: u32,
    /// Warnings that become errors if their code runs (`liveness.rs`).
    pub deferred: Vec<liveness::Deferred>,
    /// Functions a library exports (`export`, or not `static` with `-default-linkage
    /// external`): with the entry points, where the availability checks start.
    pub exported: Vec<FuncId>,
    /// The functions each checked entry point reaches (itself included), from the walk of its
    /// checks (`entry::reach_summary`), which the liveness checks reuse.
    pub entry_reach: HashMap<FuncId, rustc_hash::FxHashSet<FuncId>>,
    /// Type names already warned about as promoted min-precision types (a name is analysed
    /// again in each specialisation of its function).
    pub promoted_warned: HashSet<Span>,
    /// Constant-buffer members indexed by a plain local: (function, local, length, index
    /// span, buffer name), checked by `liveness.rs`.
    pub cbuffer_local_indices: Vec<(FuncId, tir::LocalId, u32, Span, String)>,
    /// `Barrier` calls with constant flags, checked per entry point's stage (`barrier.rs`).
    pub barrier_uses: Vec<barrier::BarrierUse>,
    /// Variables written with a min-precision type (`precision.rs`); locals and parameters
    /// keyed by their function.
    pub var_precision: rustc_hash::FxHashMap<(Option<FuncId>, scope::VarRef), precision::MinPrecision>,
    /// The written precision of the arguments of the call being resolved (`precision.rs`).
    pub call_precisions: Vec<precision::MinPrecision>,
    /// Variables written with a vector or matrix type (`precision.rs`): a one-component one
    /// is a scalar here, yet may be indexed.
    pub written_vectors: rustc_hash::FxHashSet<(Option<FuncId>, scope::VarRef)>,
    /// Expressions that are one-component vectors here scalars, indexable again: rows of
    /// one-column matrices, fields written as one-component vectors (`vector<T, N> C[4]` with
    /// `N` 1) and elements of arrays of them.
    pub one_component_rows: HashSet<Span>,
    /// Struct fields written with a vector or matrix type (`float1 v`, `vector<T, N> C[4]`), by
    /// struct and field index: one component of theirs may be indexed.
    pub written_vector_fields: HashSet<(crate::ty::StructId, u32)>,
    /// Global `string` variables, by name: no storage (see `decl.rs::string_variables`).
    pub string_globals: HashMap<String, Span>,
    /// Call arguments `(Base)derived` by span: the derived place, for `out`/`inout`
    /// parameters (`call.rs`).
    pub base_cast_views: HashMap<Span, tir::Place>,
    /// Call arguments that are lvalues with a side effect (`++x`, `--a[0]`, `x += 1`) by
    /// span: the place they name, for `out`/`inout` parameters (`call.rs`).
    pub effect_lvalue_args: HashMap<Span, tir::Place>,
    /// Spans of the work-graph node operations (checked against the entry points' stages).
    pub node_calls: Vec<Span>,
    /// Record structs declared `[NodeTrackRWInputSharing]`.
    pub track_rw_input_sharing: std::collections::HashSet<StructId>,
    /// The output parameter whose records each records local holds, by (function, local).
    pub records_origin: std::collections::HashMap<(u32, u32), u32>,
}

/// What overload resolution and call checking need to know about a function.
#[derive(Clone, Debug)]
pub(crate) struct FnInfo {
    pub name: String,
    pub params: Vec<ParamInfo>,
    pub ret: TypeId,
    /// A body was seen (prototypes alone are an error if called and never defined).
    pub defined: bool,
    pub span: Span,
    /// The struct this is a method of, and whether it takes `this`.
    pub method_of: Option<(StructId, bool)>,
    /// Functions it calls, with the call's span (for recursion detection).
    pub calls: Vec<(FuncId, Span)>,
    /// The attributes written on the declaration (`[numthreads]`, `[shader]` …).
    pub attrs: Vec<ast::Attribute>,
    /// For functions with resource parameters: the declaration, re-analysed for each distinct
    /// set of resource arguments (see `call::specialize`).
    pub decl: Option<Box<ast::FunctionDecl>>,
    /// The struct a method's body must be analysed in.
    pub owner: Option<StructId>,
    /// The namespace the function was declared in (for a template instance, the one holding
    /// its template arguments), where its specialisations are analysed.
    pub ns: NsId,
}

#[derive(Clone, Debug)]
pub(crate) struct ParamInfo {
    pub ty: TypeId,
    pub dir: tir::ParamDir,
    pub default: Option<tir::Expr>,
    /// Declared `groupshared` (HLSL 202x): the argument is a groupshared variable of exactly
    /// the parameter's type, passed by reference (`inout` here).
    pub groupshared: bool,
    /// Written as a min-precision type (`precision.rs`): a separate overload.
    pub precision: precision::MinPrecision,
    /// Written as a vector or matrix type (a one-component one may be indexed).
    pub written_vector: bool,
    /// The attributes written on the parameter (`[MaxRecords(n)]` …).
    pub attrs: Vec<ast::Attribute>,
}

/// One block scope of a function: its names' symbols. Keyed by
/// [`Name`](hlslc_grammar::name::Name), which keeps a short name inline, so declaring a local
/// does not allocate its name; a `Name` hashes and compares as its `str`, as the `String` keys
/// did, so the table, its look-ups and its order are the same.
pub(crate) type Scope = rustc_hash::FxHashMap<hlslc_grammar::name::Name, Symbol>;

/// The function being analysed.
pub(crate) struct FnCtx {
    pub id: FuncId,
    pub ret: TypeId,
    pub locals: Vec<tir::Local>,
    /// Block scopes, innermost last.
    pub scopes: Vec<Scope>,
    /// The struct of a method, with `this` as parameter 0 when it is not static.
    pub this: Option<(StructId, bool)>,
    pub loop_depth: u32,
    /// Analysing the initializer of a `for` before HLSL 2021: its variables go to the
    /// enclosing scope, and redefining one there is a warning (`for-redefinition`).
    pub in_for_init: bool,
    /// Inside branches that a constant condition skips (`liveness.rs`).
    pub dead_depth: u32,
    /// Variables of `for` loops that went out of scope (HLSL 2021), for a hint.
    pub expired_for_vars: Vec<String>,
    pub switch_depth: u32,
    /// Locals declared `const` whose value is not a compile-time constant (read-only).
    pub const_locals: Vec<LocalId>,
    /// `const` locals whose initializer reads a stage input or a resource (`None`: the whole
    /// value; `Some`: per element of an array given by an initializer list), which a texture
    /// offset may not use before SM 6.7 (`methods.rs`).
    pub run_time_const_locals: Vec<(LocalId, Option<Vec<bool>>)>,
    /// Nesting of run-time control flow (branches with a non-constant condition, loops,
    /// `switch`): where resource variables stop being known (`resource_value.rs`).
    pub flow_depth: u32,
    /// Reads (`false`) and assignments (`true`) of resource variables: (scope index, name,
    /// span), for the loop check.
    pub alias_log: Vec<(usize, String, bool, Span)>,
    /// For a specialisation of a function returning a resource: the resource type, and the
    /// values its `return` statements give (the function itself returns nothing).
    pub resource_ret: Option<TypeId>,
    pub resource_returns: Vec<(resource_value::ResValue, Span)>,
    /// Calls of functions returning a resource whose bodies have effects: run before the
    /// statement that uses the resource (see `call::call_specialized`).
    pub pending: Vec<tir::Stmt>,
    /// Inside expressions that may not run, or run repeatedly (`?:` and `&&`/`||` operands,
    /// loop conditions and steps): no call can be hoisted before the statement.
    pub hoist_blocked: u32,
    /// The rest of the current block cannot run: a `return` came before it, directly or in
    /// a branch that a constant condition takes (so a specialisation's later `return`s do
    /// not count, `if (kConst) return a; return b;`).
    pub static_exit: bool,
    /// The names the body assigns anywhere (`=`, compound assignment, `++`/`--`, passed to
    /// a call, which may take it as `out`): locals not among them keep their initializer.
    pub assigned_names: rustc_hash::FxHashSet<hlslc_grammar::ast::Name>,
    /// Locals with a constant initializer the body never assigns: their value, which the
    /// choice of resources may rely on (`unroll.rs`, `known_constant`), as DXC's constant
    /// propagation does before legalization.
    pub known_constants: HashMap<LocalId, (tir::ConstValue, TypeId)>,
    /// The hidden index locals of resource variables (scope index, name, local), and those
    /// a join read (the others are dropped when the function ends; `resource_value.rs`).
    pub res_slots: Vec<(usize, String, LocalId)>,
    pub slots_read: HashSet<LocalId>,
    /// Per entry of `resource_returns`: the hidden local its element's index was stored in.
    pub return_slots: Vec<Option<LocalId>>,
    /// The values resource variables were assigned, in order: (scope index, name, the whole
    /// variable's value after the assignment, whether its hidden index local was stored, the
    /// assignment), so that a loop or `switch` sees assignments on paths that leave it early.
    pub alias_writes: Vec<(usize, String, resource_value::ResValue, bool, Span)>,
    /// `break` and `continue` statements analysed so far (a loop without them leaves only at
    /// the end of its body).
    pub early_exits: u32,
    /// At each `return` code reaches: the values of the resource variables of the function's
    /// outermost scope (its parameters), which an `out`/`inout` resource parameter hands back
    /// when every `return` and the end of the body agree (`decl.rs::function_body`).
    pub return_aliases: Vec<Vec<(String, resource_value::ResValue)>>,
}

/// Maximum nesting of expressions and statements analysed recursively.
pub(crate) const MAX_DEPTH: u32 = 512;

impl<'a> Analyzer<'a> {
    fn new(options: &'a Options) -> Self {
        let module = Module { types: crate::ty::Types::new(), ..Module::default() };
        Analyzer {
            options,
            module,
            diags: Vec::new(),
            deferred_instance_errors: HashMap::new(),
            instantiating_struct: false,
            non_dependent_reported: Default::default(),
            non_dependent_calls: Default::default(),
            global_static_resources: HashMap::new(),
            deferred_statics: Vec::new(),
            namespaces: vec![scope::Namespace::new(None)],
            current_ns: NsId(0),
            struct_scopes: Vec::new(),
            enumerators: Vec::new(),
            struct_infos: Vec::new(),
            fn_infos: Vec::new(),
            globals_cbuffer: None,
            cbuffer_blocks: HashSet::new(),
            func: None,
            pack_matrix_row_major: None,
            templates: Vec::new(),
            instances: HashMap::new(),
            struct_specializations: HashMap::new(),
            template_static_definitions: HashMap::new(),
            template_method_definitions: HashMap::new(),
            typedef_majorness: HashMap::new(),
            builtin_variables: Vec::new(),
            const_groupshared: std::collections::HashSet::new(),
            unroll_factor: 1,
            unroll_counters: Vec::new(),
            index_by_unroll_counter: false,
            unchecked_index: None,
            index_unchecked: false,
            tail_array_member: None,
            specializations: HashMap::new(),
            static_origin: HashMap::new(),
            static_locals: HashMap::new(),
            specialized_returns: Default::default(),
            runtime_index_returns: HashSet::new(),
            struct_index_returns: Default::default(),
            fixed_index_statics: HashSet::new(),
            value_args: Vec::new(),
            definitions: HashMap::new(),
            value_call: None,
            specialized_writes: Default::default(),
            specialized_finals: Default::default(),
            this_targets: HashMap::new(),
            arg_targets: HashMap::new(),
            unset_resource_args: false,
            ray_query_fns: HashMap::new(),
            constant_deferred: HashMap::new(),
            specialization_errors: HashMap::new(),
            inline_depth: 0,
            any_alias: false,
            depth: 0,
            deferred: Vec::new(),
            exported: Vec::new(),
            entry_reach: HashMap::new(),
            promoted_warned: HashSet::new(),
            cbuffer_local_indices: Vec::new(),
            barrier_uses: Vec::new(),
            var_precision: Default::default(),
            call_precisions: Vec::new(),
            written_vectors: Default::default(),
            one_component_rows: HashSet::new(),
            written_vector_fields: HashSet::new(),
            string_globals: HashMap::new(),
            base_cast_views: HashMap::new(),
            effect_lvalue_args: HashMap::new(),
            node_calls: Vec::new(),
            track_rw_input_sharing: Default::default(),
            records_origin: Default::default(),
        }
    }

    /// Ends a quiet probe of the code at `probed` that began when `diags` held `n`
    /// diagnostics: what the probe reported inside `probed` is dropped (the code is analysed
    /// again for real), what it reported elsewhere stays. A template the probe instantiated is
    /// analysed once and cached, so its body's errors would otherwise be lost.
    pub(crate) fn end_probe(&mut self, n: usize, probed: Span) {
        let within = |d: &Diagnostic| d.span.start >= probed.start && d.span.end <= probed.end;
        let mut i = 0;
        self.diags.retain(|d| {
            i += 1;
            i <= n || !within(d)
        });
    }

    /// Removes the diagnostics from `n` on that `remove` selects (by index), keeping the live-code
    /// checks' `deferred` entries on the diagnostics they name: an entry whose diagnostic is
    /// removed moves to an identical one kept (same code, span and message; a repeat dropped
    /// in favour of the first) or, without one, is dropped with it.
    pub(crate) fn remove_diagnostics(&mut self, n: usize, remove: impl Fn(&[Diagnostic], usize) -> bool) {
        let marks: Vec<bool> = (n..self.diags.len()).map(|i| remove(&self.diags, i)).collect();
        if !marks.contains(&true) {
            return;
        }
        let mut new_index = Vec::with_capacity(marks.len());
        let mut next = n;
        for &m in &marks {
            new_index.push((!m).then(|| {
                next += 1;
                next - 1
            }));
        }
        let old = std::mem::take(&mut self.diags);
        let same = |a: &Diagnostic, b: &Diagnostic| a.code == b.code && a.span == b.span && a.message == b.message;
        let mut deferred = std::mem::take(&mut self.deferred);
        deferred.retain_mut(|d| {
            if d.diag < n || d.diag >= old.len() {
                return d.diag < old.len();
            }
            if let Some(j) = new_index[d.diag - n] {
                d.diag = j;
                return true;
            }
            let target = &old[d.diag];
            let kept = (0..old.len()).find(|&i| i != d.diag && (i < n || new_index[i - n].is_some()) && same(&old[i], target));
            match kept {
                Some(i) => {
                    d.diag = if i < n { i } else { new_index[i - n].unwrap_or(i) };
                    true
                }
                None => false,
            }
        });
        self.deferred = deferred;
        self.diags = old.into_iter().enumerate().filter(|(i, _)| *i < n || !marks[*i - n]).map(|(_, d)| d).collect();
    }

    /// Drops the diagnostics from `n` on (a failed attempt's), with the live-code checks'
    /// entries on them.
    pub(crate) fn truncate_diagnostics(&mut self, n: usize) {
        self.deferred.retain(|d| d.diag < n);
        self.diags.truncate(n);
    }

    /// Reports the set-aside errors of the functions analysed per constant argument
    /// (`decl.rs::defer_to_constants`) that some call reached without specialising: none
    /// should, as every call after the definition specialises; kept so that no error is lost.
    fn report_constant_deferred(&mut self) {
        let called: HashSet<FuncId> = self.fn_infos.iter().flat_map(|i| i.calls.iter().map(|c| c.0)).collect();
        let mut deferred: Vec<_> = self.constant_deferred.iter().filter(|(f, _)| called.contains(f)).collect();
        deferred.sort_by_key(|(f, _)| f.0);
        let errors: Vec<Diagnostic> = deferred.into_iter().flat_map(|(_, e)| e.iter().cloned()).collect();
        self.diags.extend(errors);
    }

    pub fn error(&mut self, code: &'static str, span: Span, message: impl Into<String>) -> &mut Diagnostic {
        self.diags.push(Diagnostic::error(code, span, message));
        self.diags.last_mut().expect("just pushed")
    }

    pub fn warning(&mut self, code: &'static str, name: &'static str, span: Span, message: impl Into<String>) -> &mut Diagnostic {
        self.diags.push(Diagnostic::warning(code, name, span, message));
        self.diags.last_mut().expect("just pushed")
    }

    /// HLSL spelling of a type, for messages.
    pub fn type_name(&self, ty: TypeId) -> String {
        self.module.type_name(ty)
    }

    /// Adds a local to the current function and returns its id.
    pub fn add_local(&mut self, name: &str, ty: TypeId, span: Span, precise: bool) -> LocalId {
        let f = self.func.as_mut().expect("locals only inside functions");
        f.locals.push(tir::Local { name: hlslc_grammar::ast::Name::new(name), ty, precise, span });
        LocalId(f.locals.len() as u32 - 1)
    }

    /// Enters a recursive construct; false (after reporting) when too deep.
    #[inline]
    pub fn enter(&mut self, span: Span) -> bool {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            self.too_deep(span);
            return false;
        }
        true
    }

    /// [`Analyzer::enter`] past the limit (reported once, at the first level beyond it).
    #[cold]
    #[inline(never)]
    fn too_deep(&mut self, span: Span) {
        if self.depth == MAX_DEPTH + 1 {
            self.error("E0901", span, format!("nesting exceeds {MAX_DEPTH} levels"))
                .help("split the expression or statement into smaller parts");
        }
    }

    #[inline]
    pub fn leave(&mut self) {
        self.depth -= 1;
    }
}
