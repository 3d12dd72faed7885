//! Warnings: the registry of every warning hlslc reports, and the policy that decides which
//! warnings are shown, hidden or promoted to errors.
//!
//! Every warning has a stable code (`W0401`) and a name (`conversion`). Names follow DXC's
//! (clang's) diagnostic groups where DXC has the same warning, so the flags a DXC user already
//! passes keep working: `-Wno-conversion` hides it, `-Werror=conversion` makes it an error,
//! `#pragma dxc diagnostic ignored "-Wconversion"` hides it from that point of the source on.
//! Several warnings may share a name (a group); codes are unique. FXC's numbered warnings
//! (`#pragma warning(disable : 3206)`) map to the names of the hlslc warnings that report the
//! same problem; FXC numbers hlslc has no warning for are ignored.
//!
//! [`WarningPolicy`] applies, in order: the command line (`-w`/`-no-warnings`, `-W<name>`,
//! `-Wno-<name>`, `-Werror`/`-WX`, `-Werror=<name>`, `-Wno-error=<name>`), then the source's
//! pragmas up to the diagnostic's position in translation order (`push`/`pop` restore the
//! state). `docs/diagnostics.md` lists the warnings for users.

use crate::diagnostic::{Diagnostic, Severity};
use crate::preprocessor::{Preprocessed, WarningPragma};
use crate::source::SourceMap;
use std::collections::HashMap;

/// One warning hlslc can report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WarningInfo {
    pub code: &'static str,
    /// `-Wno-<name>` turns it off.
    pub name: &'static str,
    /// Reported unless enabled explicitly (`-W<name>`) when false.
    pub on_by_default: bool,
    /// An error unless `-Wno-error=<name>` (clang's `DefaultError` warnings), reported with
    /// this error code then.
    pub error_by_default: Option<&'static str>,
    /// FXC's numbers for the same warning (`#pragma warning(disable : N)`).
    pub fxc: &'static [u32],
    /// hlslc's own note about its target or its implementation, which DXC never reports
    /// (an assumed storage format, a WebGPU limit, a polyfill's approximation): `-WX` and
    /// `-Werror` leave it a warning, so that a build that compiles under DXC's `-WX` keeps
    /// compiling; `-Werror=<name>` and `#pragma … error` still promote it.
    pub hlslc_only: bool,
    /// What it reports, for `docs/diagnostics.md`.
    pub summary: &'static str,
}

const fn w(code: &'static str, name: &'static str, fxc: &'static [u32], summary: &'static str) -> WarningInfo {
    WarningInfo { code, name, on_by_default: true, error_by_default: None, fxc, summary, hlslc_only: false }
}

/// A warning DXC has no counterpart of (see [`WarningInfo::hlslc_only`]).
const fn n(code: &'static str, name: &'static str, summary: &'static str) -> WarningInfo {
    WarningInfo { code, name, on_by_default: true, error_by_default: None, fxc: &[], summary, hlslc_only: true }
}

/// A warning that is an error by default (reported as `error_code`): `-Wno-error=<name>` keeps
/// it a warning, `-Wno-<name>` drops it.
const fn e(code: &'static str, error_code: &'static str, name: &'static str, summary: &'static str) -> WarningInfo {
    WarningInfo { code, name, on_by_default: true, error_by_default: Some(error_code), fxc: &[], summary, hlslc_only: false }
}

/// Every warning, by code.
pub const WARNINGS: &[WarningInfo] = &[
    // Preprocessor.
    w("W0101", "macro-redefined", &[], "a macro is redefined with a different body"),
    w("W0102", "extra-tokens", &[], "extra tokens after a preprocessor directive"),
    w("W0103", "unknown-pragmas", &[3568], "a `#pragma` hlslc does not know is ignored"),
    w("W0104", "user-warning", &[], "`#warning` directive"),
    w("W0105", "pragma-messages", &[], "`#pragma message` text (reported as a note)"),
    w("W0106", "null-character", &[], "a null character in the source is ignored"),
    w("W0107", "pragma-once-outside-header", &[], "`#pragma once` in the main file"),
    w("W0108", "builtin-macro-redefined", &[], "a predefined macro is redefined or undefined"),
    w("W0109", "invalid-pp-token", &[], "an unterminated character or string literal"),
    w("W0110", "implicitly-unsigned-literal", &[], "an integer literal in `#if` is too large for a signed integer"),
    w("W0111", "missing-whitespace", &[], "no whitespace after a macro name"),
    w("W0112", "multichar", &[], "a multi-character character constant"),
    w("W0113", "unknown-pragmas", &[], "a malformed `#pragma warning` or `#pragma dxc diagnostic` is ignored"),
    // Parser.
    w("W0201", "unknown-escape-sequence", &[], "an unknown escape sequence in a string"),
    w("W0202", "multiple-semantics", &[3576], "a semantic is overridden by a later one"),
    w("W0203", "ignored-semantic", &[], "a semantic on a constant buffer is ignored"),
    w("W0204", "ignored-register-offset", &[], "a register subcomponent (`register(t[1])`, `register(c0[2])`) is ignored, as DXC does"),
    // Declarations and names.
    w("W0301", "uninitialized-const", &[], "a `const` variable has no initializer (a `static const` one is zero, a local one undefined)"),
    w("W0302", "effects-syntax", &[4717], "an effects-framework `sampler_state` initializer is ignored"),
    w("W0303", "global-initializer-ignored", &[3207], "the initializer of a uniform global is ignored"),
    w("W0304", "effects-syntax", &[4717], "an effects-framework technique is ignored"),
    w("W0305", "effects-syntax", &[4717], "an effects-framework state block is ignored"),
    w("W0306", "effects-syntax", &[4717], "an effects-framework annotation is ignored"),
    w("W0307", "effects-syntax", &[4717], "an effects-framework object declaration is ignored"),
    w("W0308", "for-redefinition", &[3078], "a `for` loop variable redefines one that leaked from an earlier loop (HLSL 2016/2018)"),
    w("W0309", "hlsl-new-feature", &[], "an HLSL 2021 feature used in an earlier language version, or a 202x one (fixed-size float suffixes `f16`/`f32`/`f64`) before 202x"),
    w("W0310", "deprecated-declarations", &[], "a deprecated feature (`.Length` on arrays in HLSL 2016)"),
    w("W0311", "duplicate-decl-specifier", &[], "a declaration modifier is repeated"),
    // Types and conversions.
    w("W0401", "conversion", &[3206, 3205], "an implicit truncation of a vector or matrix, or a narrowing conversion"),
    w("W0402", "array-bounds", &[3504], "a constant array index out of bounds in code that is never executed (HLSL 2016), or where DXC does not check it (under a member access, swizzle or cast; a one-element array last in its struct)"),
    w("W0403", "division-by-zero", &[4008], "a remainder by a constant zero"),
    // Functions and calls.
    n("W0501", "printf-removed", "`printf` is removed (WGSL has no printing)"),
    w("W0502", "return-type", &[4000], "not all control paths of a function return a value"),
    e("W0520", "E0520", "hlsl-availability", "an intrinsic overload that needs a newer shader model, in a function an entry point or export reaches (an error unless `-Wno-error=hlsl-availability`)"),
    e("W0525", "E0525", "hlsl-rayquery-flags", "`RAY_FLAG_FORCE_OMM_2_STATE` in a `RayQuery`'s ray flags (template or constant `TraceRayInline` flag) without `RAYQUERY_FLAG_ALLOW_OPACITY_MICROMAPS` (an error unless `-Wno-error=hlsl-rayquery-flags`)"),
    // Entry points, attributes, statements.
    w("W0601", "unknown-attributes", &[3554], "an unknown attribute is ignored"),
    w("W0602", "ignored-attributes", &[], "an attribute that has no effect here is ignored"),
    w("W0603", "loop-unroll", &[3550, 3557], "an `[unroll]` loop could not be unrolled (HLSL 2016)"),
    n("W0604", "root-signature", "a `RootSignature` attribute hlslc cannot read is ignored"),
    n("W0605", "wave-size", "`[WaveSize]` cannot be requested: the shader runs with the device's wave size"),
    w("W0606", "patch-constant-overloads", &[], "several functions have the patch-constant function's name: the last one declared is used"),
    w("W0660", "conversion", &[], "a min-precision type is promoted (`min10float` to `min16float`; with 16-bit types, `min16float` to `half` …)"),
    n("W0664", "texture-offset", "a texture offset that is not an immediate from -8 to 7 before SM 6.7, in code no entry point runs (E0664 where it runs)"),
    // Resources and layout.
    n("W0701", "storage-format-assumed", "a storage texture format is assumed"),
    n("W0702", "struct-register-ignored", "a `register` on a global struct with resources and data is ignored"),
    n("W0703", "resource-assumed-unreached", "a resource variable used before it is assigned, behind a branch hlslc cannot fold, is assumed never to run"),
    n("W0740", "groupshared-parameter", "a `groupshared` parameter is passed as a copy of the variable, written back when the call returns"),
    // Target limitations.
    n("W0801", "wave-helper-lanes", "helper lanes may not take part in wave operations"),
    n("W0802", "spec-constant-fixed", "a specialization constant is fixed to its default value"),
    n("W0803", "approximate-lod", "`CalculateLevelOfDetail` is approximated"),
    n("W0804", "approximate-offset", "a sample with a non-constant offset is exact only in some cases"),
    n("W0805", "integer-sampling-addressing", "sampling an integer texture assumes an address mode"),
    n("W0806", "quad-layout", "compute quads depend on how the driver fills subgroups"),
    n("W0807", "precise-wgsl", "`precise` (or `-Gis`) cannot be guaranteed in WGSL"),
    n("W0808", "coherent-texture", "`globallycoherent` on a texture is not expressible and is dropped"),
    n("W0809", "constant-buffer-array-as-storage", "an array of constant buffers is bound as read-only storage buffers (wgpu has no uniform binding arrays)"),
    n("W0810", "non-uniform-buffer-length", "WGSL: the length of a buffer chosen by a run-time index may be read from another thread's buffer"),
    n("W0811", "barycentrics-sampling", "`centroid`/`sample` on `SV_Barycentrics` is dropped: naga's barycentric built-in is evaluated at the pixel centre"),
    n("W0812", "denorm-wgsl", "`-denorm preserve` or `-denorm ftz` cannot be honoured in WGSL"),
    n("W0813", "wgsl-entry-point-name", "an entry point's name is not a WGSL identifier (a keyword or reserved word, a leading `__`): the WGSL names it otherwise"),
    // Limits.
    n("W0901", "groupshared-size", "groupshared memory exceeds WebGPU's default limit"),
    // Command line.
    w("W0002", "unknown-warning-option", &[], "an unknown warning name on the command line"),
];

/// DXC (clang) warning names hlslc accepts on the command line without reporting them as
/// unknown, although it has no warning of that name (it never reports what they control).
pub const DXC_ONLY_NAMES: &[&str] = &[
    "unused-value", "unused-variable", "unused-parameter", "unused-function", "unused-local-typedef",
    "hlsl-availability-constant", "hlsl-barrier", "hlsl-legacy-literal",
    "hlsl-groupshared-202x", "hlsl-202x-extensions", "parentheses-equality", "parentheses",
    "sign-compare", "double-promotion", "comma-in-init", "ambig-lit-shift", "attribute-statement",
    "attribute-type", "misplaced-attributes", "specifier-override", "packoffset-override",
    "payload-access-qualifier", "payload-access-perf", "payload-access-shader", "payload-access-call",
    "payload-access-trace", "semantic-identifier-collision", "parameter-usage", "dx9-deprecation",
    "structurize-exits-lifetime-markers-conflict", "vk-ignored-features", "vk-emulated-features",
    "deprecated", "uninitialized", "sometimes-uninitialized", "literal-range", "overloaded-virtual",
    "everything", "all", "extra", "error", "unused", "implicit-int", "undefined-inline",
];

/// The warning with this code.
pub fn by_code(code: &str) -> Option<&'static WarningInfo> {
    WARNINGS.iter().find(|w| w.code == code)
}

/// True if `name` names an hlslc warning.
pub fn is_known_name(name: &str) -> bool {
    WARNINGS.iter().any(|w| w.name == name)
}

/// The names of hlslc warnings FXC's warning number `n` corresponds to.
pub fn names_for_fxc(n: u32) -> Vec<&'static str> {
    let mut names: Vec<&'static str> = WARNINGS.iter().filter(|w| w.fxc.contains(&n)).map(|w| w.name).collect();
    names.dedup();
    names
}

/// The known name closest to `name` (for "did you mean" hints).
pub fn similar_name(name: &str) -> Option<&'static str> {
    WARNINGS
        .iter()
        .map(|w| w.name)
        .map(|n| (edit_distance(n, name), n))
        .filter(|(d, n)| *d <= (n.len().max(name.len()) / 3).max(1))
        .min()
        .map(|(_, n)| n)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

/// What happens to a warning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Dropped.
    Ignore,
    /// Reported as a warning.
    Warn,
    /// Reported as an error.
    Error,
}

/// The warning flags of the command line, in DXC's spelling.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WarningFlags {
    /// `-w`, `-no-warnings`: no warning is reported.
    pub suppress_all: bool,
    /// `-Werror`, `-WX`: every warning is an error.
    pub all_errors: bool,
    /// `-W<name>` (enabled), `-Wno-<name>` (disabled), `-Werror=<name>`,
    /// `-Wno-error=<name>`, in command-line order: `(name, action)`, where `-Wno-error=<name>`
    /// is `(name, Warn)` and `-W<name>` is `(name, Warn)` too.
    pub per_name: Vec<(String, NameFlag)>,
}

/// One per-name command-line flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameFlag {
    /// `-W<name>`: reported even if off by default.
    Enable,
    /// `-Wno-<name>`.
    Disable,
    /// `-Werror=<name>`.
    Error,
    /// `-Wno-error=<name>`: a warning even under `-Werror`.
    NoError,
}

impl WarningFlags {
    /// Parses one DXC warning flag (`-Wno-conversion`, `-Werror`, `-WX`, `-w` …); false if it
    /// is not a warning flag.
    pub fn parse(&mut self, flag: &str) -> bool {
        let flag = flag.strip_prefix('/').map(|f| format!("-{f}")).unwrap_or_else(|| flag.to_string());
        match flag.as_str() {
            "-w" | "-no-warnings" => self.suppress_all = true,
            "-WX" | "-Werror" => self.all_errors = true,
            "-Wno-error" => self.all_errors = false,
            _ => {
                let Some(rest) = flag.strip_prefix("-W") else { return false };
                // clang reads `-Werror-<name>` as `-Werror=<name>` (and `-Wno-error-<name>`
                // as `-Wno-error=<name>`), as DXC's tests write them.
                let (name, kind) = if let Some(n) = rest.strip_prefix("no-error=").or_else(|| rest.strip_prefix("no-error-")) {
                    (n, NameFlag::NoError)
                } else if let Some(n) = rest.strip_prefix("error=").or_else(|| rest.strip_prefix("error-")) {
                    (n, NameFlag::Error)
                } else if let Some(n) = rest.strip_prefix("no-") {
                    (n, NameFlag::Disable)
                } else {
                    (rest, NameFlag::Enable)
                };
                if name.is_empty() {
                    return false;
                }
                self.per_name.push((name.to_string(), kind));
            }
        }
        true
    }

    /// Warnings about names that are neither hlslc's nor DXC's (`-Wno-conversoin`).
    pub fn check_names(&self) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        for (name, kind) in &self.per_name {
            if is_known_name(name) || DXC_ONLY_NAMES.contains(&name.as_str()) {
                continue;
            }
            let spelled = match kind {
                NameFlag::Enable => format!("-W{name}"),
                NameFlag::Disable => format!("-Wno-{name}"),
                NameFlag::Error => format!("-Werror={name}"),
                NameFlag::NoError => format!("-Wno-error={name}"),
            };
            let mut d = Diagnostic::warning(
                "W0002",
                "unknown-warning-option",
                crate::source::Span::UNDEFINED,
                format!("unknown warning option `{spelled}`"),
            );
            d.help = Some(match similar_name(name) {
                Some(s) => format!("did you mean `{}`?", spelled.replace(name.as_str(), s)),
                None => "`docs/diagnostics.md` lists hlslc's warning names".to_string(),
            });
            out.push(d);
        }
        out
    }

    /// The action the command line gives warnings named `name` (before pragmas);
    /// `hlslc_only` warnings are not promoted by `-WX` alone.
    fn action(&self, name: &str, on_by_default: bool, error_by_default: bool, hlslc_only: bool) -> Action {
        let mut enabled = on_by_default;
        let mut error = (self.all_errors && !hlslc_only) || error_by_default;
        for (n, kind) in &self.per_name {
            if n != name && n != "everything" {
                continue;
            }
            match kind {
                NameFlag::Enable => enabled = true,
                NameFlag::Disable => enabled = false,
                NameFlag::Error => {
                    enabled = true;
                    error = true;
                }
                NameFlag::NoError => error = false,
            }
        }
        match (self.suppress_all, enabled, error) {
            (true, _, _) | (_, false, _) => Action::Ignore,
            (_, true, true) => Action::Error,
            (_, true, false) => Action::Warn,
        }
    }
}

/// What the warning policy needs from preprocessing, taken once so that the preprocessed
/// tokens can be freed after parsing: the warning pragmas, and where each token is in
/// translation order (only when there are pragmas; a large file without them needs no index).
#[derive(Debug, Default)]
pub struct PragmaIndex {
    /// The pragmas in translation order, with their position (index of the next token).
    pragmas: Vec<WarningPragma>,
    /// Output token index of each token start offset (translation order of spans).
    positions: HashMap<u32, usize>,
}

impl PragmaIndex {
    pub fn new(pre: &Preprocessed) -> Self {
        if pre.warning_pragmas.is_empty() {
            return PragmaIndex::default();
        }
        let positions = pre.tokens.iter().enumerate().map(|(i, t)| (t.span.start, i)).collect();
        PragmaIndex { pragmas: pre.warning_pragmas.clone(), positions }
    }
}

/// Decides what happens to each warning: command-line flags, then `#pragma` directives in
/// source order.
pub struct WarningPolicy<'a> {
    flags: &'a WarningFlags,
    pragmas: &'a [WarningPragma],
    positions: Option<&'a HashMap<u32, usize>>,
    map: &'a SourceMap,
}

impl<'a> WarningPolicy<'a> {
    pub fn new(flags: &'a WarningFlags, index: &'a PragmaIndex, map: &'a SourceMap) -> Self {
        WarningPolicy { flags, pragmas: &index.pragmas, positions: Some(&index.positions), map }
    }

    /// A policy without pragmas (command-line flags only).
    pub fn flags_only(flags: &'a WarningFlags, map: &'a SourceMap) -> Self {
        WarningPolicy { flags, pragmas: &[], positions: None, map }
    }

    /// Applies the policy: drops ignored warnings and turns promoted ones into errors.
    pub fn apply(&self, diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
        diagnostics
            .into_iter()
            .filter_map(|mut d| {
                if d.severity != Severity::Warning {
                    return Some(d);
                }
                let Some(name) = d.warning_name else { return Some(d) };
                let info = by_code(d.code);
                let on = info.is_none_or(|w| w.on_by_default);
                let error_code = info.and_then(|w| w.error_by_default);
                let hlslc_only = info.is_some_and(|w| w.hlslc_only);
                let action = self.pragma_action(&d, name, self.flags.action(name, on, error_code.is_some(), hlslc_only));
                match action {
                    Action::Ignore => None,
                    Action::Warn => Some(d),
                    Action::Error => {
                        d.severity = Severity::Error;
                        // An error by default is reported as one, saying how to relax it.
                        if let Some(code) = error_code {
                            d.code = code;
                            d.warning_name = None;
                            d.notes.push(format!("`-Wno-error={name}` makes this a warning, `-Wno-{name}` hides it"));
                        }
                        Some(d)
                    }
                }
            })
            .collect()
    }

    /// The action after the pragmas that precede the diagnostic.
    fn pragma_action(&self, d: &Diagnostic, name: &str, start: Action) -> Action {
        if self.pragmas.is_empty() {
            return start;
        }
        let position = self.positions.and_then(|p| p.get(&d.span.start)).copied();
        let mut state: HashMap<&str, Action> = HashMap::new();
        let mut stack: Vec<HashMap<&str, Action>> = Vec::new();
        let mut suppress_line: Option<(crate::source::FileId, usize)> = None;
        for p in self.pragmas {
            if !self.precedes(p, d, position) {
                break;
            }
            let names: Vec<&str> = p
                .warnings
                .iter()
                .flat_map(|w| match w.parse::<u32>() {
                    Ok(n) => names_for_fxc(n),
                    Err(_) => vec![w.as_str()],
                })
                .collect();
            let action = match p.action.as_str() {
                "push" => {
                    stack.push(state.clone());
                    continue;
                }
                "pop" => {
                    state = stack.pop().unwrap_or_default();
                    continue;
                }
                "disable" => Action::Ignore,
                "error" => Action::Error,
                "suppress" => {
                    // FXC: the warnings are suppressed on the next line only.
                    if names.contains(&name) {
                        suppress_line = self.map.resolve(p.span).map(|r| {
                            let f = self.map.file(r.file);
                            (r.file, f.line_col(r.range.start as u32).0 + 1)
                        });
                    }
                    continue;
                }
                // `default`, `once`, levels 1–4.
                _ => start.max_warn(),
            };
            for n in names {
                state.insert(n, action);
            }
        }
        if let (Some(line), Some(r)) = (suppress_line, self.map.resolve(d.span)) {
            if r.file == line.0 && self.map.file(r.file).line_col(r.range.start as u32).0 == line.1 {
                return Action::Ignore;
            }
        }
        match state.get(name) {
            // `-w` wins over pragmas, as in clang.
            Some(_) if self.flags.suppress_all => Action::Ignore,
            Some(a) => *a,
            None => start,
        }
    }

    /// True if pragma `p` comes before diagnostic `d` in translation order.
    fn precedes(&self, p: &WarningPragma, d: &Diagnostic, position: Option<usize>) -> bool {
        if let Some(pos) = position {
            return p.position <= pos;
        }
        // Not at a token (a preprocessor diagnostic): compare places in the same file.
        match (self.map.resolve(p.span), self.map.resolve(d.span)) {
            (Some(a), Some(b)) if a.file == b.file => a.range.start <= b.range.start,
            _ => false,
        }
    }
}

impl Action {
    /// `default` in a pragma: a warning (an error under `-Werror`), even if the command line
    /// disabled it.
    fn max_warn(self) -> Action {
        match self {
            Action::Error => Action::Error,
            _ => Action::Warn,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn codes_are_unique_and_named() {
        let mut seen = HashSet::new();
        for w in WARNINGS {
            assert!(seen.insert(w.code), "duplicate warning code {}", w.code);
            assert!(w.code.starts_with('W') && w.code.len() == 5, "bad code {}", w.code);
            assert!(!w.name.is_empty() && w.name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'));
            assert!(!DXC_ONLY_NAMES.contains(&w.name), "{} is listed as DXC-only", w.name);
        }
    }

    /// Every `(code, name)` pair the workspace's sources pass to a warning constructor is in
    /// the registry (a warning added without registering it fails here).
    #[test]
    fn every_reported_warning_is_registered() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut files = Vec::new();
        for dir in ["grammar/src", "lowering/src", "src"] {
            collect_rs(&root.join(dir), &mut files);
        }
        let consts = preprocessor_code_consts(&root);
        let mut found = 0;
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            let squashed: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
            for (i, _) in squashed.match_indices("warning(") {
                let args = &squashed[i + "warning(".len()..];
                let mut parts = args.splitn(3, ',').map(str::trim);
                let (Some(code), Some(name)) = (parts.next(), parts.next()) else { continue };
                let code = code.trim_matches('"');
                let code = consts.get(code.trim_start_matches("codes::").trim_start_matches("super::codes::")).map(String::as_str).unwrap_or(code);
                if !(code.starts_with('W') && name.starts_with('"')) {
                    continue;
                }
                let name = name.trim_matches('"');
                let w = by_code(code).unwrap_or_else(|| panic!("{}: warning {code} is not in the registry", f.display()));
                assert_eq!(w.name, name, "{}: warning {code} has name `{name}`, the registry says `{}`", f.display(), w.name);
                found += 1;
            }
        }
        assert!(found > 20, "the scan found only {found} warnings; is it broken?");
    }

    fn collect_rs(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                collect_rs(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") && !p.ends_with("warnings.rs") {
                out.push(p);
            }
        }
    }

    fn preprocessor_code_consts(root: &std::path::Path) -> HashMap<String, String> {
        let text = std::fs::read_to_string(root.join("grammar/src/preprocessor/mod.rs")).unwrap();
        text.lines()
            .filter_map(|l| {
                let l = l.trim().strip_prefix("pub const ")?;
                let (name, rest) = l.split_once(':')?;
                let value = rest.split('"').nth(1)?;
                Some((name.trim().to_string(), value.to_string()))
            })
            .collect()
    }

    /// `docs/diagnostics.md` lists every warning with its name.
    #[test]
    fn every_warning_is_documented() {
        let doc = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/diagnostics.md")).unwrap();
        for w in WARNINGS {
            let row = format!("| {} | `{}` |", w.code, w.name);
            assert!(doc.contains(&row), "docs/diagnostics.md has no row `{row}`");
        }
    }

    #[test]
    fn flags_parse_in_dxc_spelling() {
        let mut f = WarningFlags::default();
        for flag in ["-Wno-conversion", "-Werror=return-type", "-WX", "-Wno-error=unknown-attributes", "/WX"] {
            assert!(f.parse(flag), "{flag}");
        }
        assert!(!f.parse("-T"));
        assert_eq!(f.action("conversion", true, false, false), Action::Ignore);
        assert_eq!(f.action("return-type", true, false, false), Action::Error);
        assert_eq!(f.action("unknown-attributes", true, false, false), Action::Warn);
        assert_eq!(f.action("ignored-attributes", true, false, false), Action::Error);
        let mut quiet = WarningFlags::default();
        quiet.parse("-no-warnings");
        assert_eq!(quiet.action("conversion", true, false, false), Action::Ignore);
    }

    /// `-WX` promotes the warnings DXC also has, not hlslc's own notes about its target, so a
    /// build that passes DXC's `-WX` is not stopped by them; naming one still promotes it.
    #[test]
    fn wx_leaves_hlslc_only_warnings_warnings() {
        let mut wx = WarningFlags::default();
        wx.parse("-WX");
        assert_eq!(wx.action("storage-format-assumed", true, false, true), Action::Warn);
        assert_eq!(wx.action("conversion", true, false, false), Action::Error);
        wx.parse("-Werror=groupshared-size");
        assert_eq!(wx.action("groupshared-size", true, false, true), Action::Error);
        let only: Vec<&str> = WARNINGS.iter().filter(|w| w.hlslc_only).map(|w| w.code).collect();
        assert!(only.contains(&"W0701") && only.contains(&"W0901") && !only.contains(&"W0401"), "{only:?}");
    }

    #[test]
    fn default_errors_relax_with_no_error() {
        let none = WarningFlags::default();
        assert_eq!(none.action("hlsl-availability", true, true, false), Action::Error);
        let mut relaxed = WarningFlags::default();
        relaxed.parse("-Wno-error=hlsl-availability");
        assert_eq!(relaxed.action("hlsl-availability", true, true, false), Action::Warn);
        // clang's other spelling, `-Wno-error-<name>` (DXC's rayquery-omm tests).
        let mut dashed = WarningFlags::default();
        dashed.parse("-Wno-error-hlsl-rayquery-flags");
        assert_eq!(dashed.action("hlsl-rayquery-flags", true, true, false), Action::Warn);
        let mut promoted = WarningFlags::default();
        promoted.parse("-Werror-conversion");
        assert_eq!(promoted.action("conversion", true, false, false), Action::Error);
        let mut off = WarningFlags::default();
        off.parse("-Wno-hlsl-availability");
        assert_eq!(off.action("hlsl-availability", true, true, false), Action::Ignore);
    }

    #[test]
    fn unknown_names_are_reported_with_a_suggestion() {
        let mut f = WarningFlags::default();
        f.parse("-Wno-conversoin");
        f.parse("-Wno-unused-value");
        let d = f.check_names();
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].help.as_deref(), Some("did you mean `-Wno-conversion`?"));
    }

    #[test]
    fn fxc_numbers_map_to_names() {
        assert_eq!(names_for_fxc(3206), vec!["conversion"]);
        assert!(names_for_fxc(1).is_empty());
    }
}
