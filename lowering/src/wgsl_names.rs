//! The names naga's WGSL writer gives entry points.
//!
//! naga's namer changes identifiers WGSL reserves or that could clash with its own: a WGSL
//! keyword or reserved word (`fn`, `loop`, `override`) or a predeclared name (`max`) gets a
//! `_` appended, as does a name ending in a digit; `__` inside a name is collapsed and a
//! leading `_naga` gets `gen_`. A pipeline is created with the entry point's name, so the WGSL
//! emitter gives an entry point its HLSL name back wherever WGSL allows it
//! (`hlslc::emit`), and lowering warns (W0813) about the names WGSL does not allow.

/// naga's WGSL names of the module's entry points, in order: its WGSL writer's namer, reset
/// as the writer resets it (WGSL's reserved words and predeclared names, the `__` and
/// `_naga` prefixes).
pub fn entry_point_names(module: &naga::Module) -> Vec<String> {
    let mut names = naga::FastHashMap::default();
    let mut namer = naga::proc::Namer::default();
    namer.reset(
        module,
        &naga::keywords::wgsl::RESERVED_SET,
        &naga::keywords::wgsl::BUILTIN_IDENTIFIER_SET,
        naga::proc::CaseInsensitiveKeywordSet::empty(),
        &["__", "_naga"],
        &mut names,
    );
    (0..module.entry_points.len()).map(|i| names.get(&naga::proc::NameKey::EntryPoint(i as u16)).cloned().unwrap_or_default()).collect()
}

/// True if `name` can be a WGSL identifier: an ASCII identifier that is not `_`, does not
/// begin with `__` and is not one of WGSL's keywords or reserved words (which naga's list
/// holds). Predeclared names (`max`, `f32`) may be declared again at module scope.
pub fn is_wgsl_identifier(name: &str) -> bool {
    name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && name != "_"
        && !name.starts_with("__")
        && !naga::keywords::wgsl::RESERVED.contains(&name)
}
