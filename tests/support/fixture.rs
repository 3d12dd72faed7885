//! Execution-test fixtures: an HLSL file whose leading `//` comments describe how to run it
//! and what it must produce. The format is documented in `tests/exec/README.md`; this module
//! parses it into a [`Fixture`] and turns the declarations into GPU bindings.
//!
//! Parsing is strict: an unknown directive keyword, a bad literal, a count mismatch or a
//! writable resource without an `expect` line is an error with the file and line, so a typo
//! cannot turn into a test that checks nothing.

use std::fmt;
use std::path::{Path, PathBuf};

use super::gpu::{self, Access};
use super::values::{Check, Expected, Scalar, Tolerance};

/// A parsed fixture.
#[derive(Clone, Debug)]
pub struct Fixture {
    /// File stem, e.g. `int_div_signed`.
    pub name: String,
    pub path: PathBuf,
    pub source: String,
    /// Free-text lines of the header (not directives): what the kernel checks and why.
    pub description: String,
    /// `-T`: `cs_6_0` (default), `ps_6_0`, …
    pub profile: String,
    /// `-E`: entry point (default `main`).
    pub entry: String,
    /// `-D NAME[=VALUE]`.
    pub defines: Vec<String>,
    /// Other DXC-style flags, e.g. `-enable-16bit-types`, `-HV 2021`.
    pub flags: Vec<String>,
    pub run: Run,
    pub resources: Vec<ResourceDecl>,
    pub expects: Vec<Expect>,
    pub known_bugs: Vec<KnownBug>,
    pub requires: Vec<Requirement>,
    /// `push = TYPE [v, …] …`: the push-constant block's bytes (`[[vk::push_constant]]`).
    pub immediates: Vec<u8>,
}

/// What to execute.
#[derive(Clone, Debug)]
pub enum Run {
    /// `dispatch X Y Z`: a compute dispatch of the entry point.
    Dispatch([u32; 3]),
    /// `draw N vs ENTRY target FORMAT WxH …`: a draw with the entry point as pixel shader.
    Draw(Draw),
}

#[derive(Clone, Debug)]
pub struct Draw {
    pub vertex_profile: String,
    pub vertex_entry: String,
    pub vertex_count: u32,
    pub instance_count: u32,
    /// `first-vertex N`, `first-instance N`: where the draw's vertex and instance indices start.
    pub first_vertex: u32,
    pub first_instance: u32,
    pub topology: wgpu::PrimitiveTopology,
    pub target: gpu::ColorTarget,
    pub target_scalar: Scalar,
    pub sample_count: u32,
    /// `depth CLEAR COMPARE`: a depth32float attachment cleared to CLEAR, tested with COMPARE
    /// and written (not read back: its effect shows in the colour target).
    pub depth: Option<gpu::DepthTarget>,
}

/// `register(xN, spaceM)`: the class letter is kept for messages; the binding is
/// `@group(M) @binding(N)` whatever the class (DXC's and glslang's default mapping).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Register {
    pub class: char,
    pub index: u32,
    pub space: u32,
    /// `u1[2]`: element 2 of the resource array at `u1` (one binding, a binding array).
    pub element: Option<u32>,
}

impl fmt::Display for Register {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.class, self.index)?;
        if let Some(e) = self.element {
            write!(f, "[{e}]")?;
        }
        if self.space != 0 {
            write!(f, " space{}", self.space)?;
        }
        Ok(())
    }
}

/// A declared resource with its initial contents.
#[derive(Clone, Debug)]
pub struct ResourceDecl {
    pub reg: Register,
    pub line: usize,
    pub resource: gpu::Resource,
    /// The scalar types of the contents, in order (for expectations).
    pub layout: Vec<(Scalar, usize)>,
    /// For typed declarations (`uint[8]`): the scalar that bare expectations use.
    pub element: Option<Scalar>,
}

impl ResourceDecl {
    pub fn writable(&self) -> bool {
        match &self.resource {
            gpu::Resource::Storage { access, .. }
            | gpu::Resource::StorageTexture { access, .. } => *access != Access::ReadOnly,
            _ => false,
        }
    }

    pub fn binding(&self) -> gpu::Binding {
        gpu::Binding {
            group: self.reg.space,
            binding: self.reg.index,
            element: self.reg.element,
            resource: self.resource.clone(),
        }
    }
}

/// What an `expect` line checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExpectTarget {
    Resource(Register),
    /// The render target of a `draw`.
    RenderTarget,
}

impl fmt::Display for ExpectTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExpectTarget::Resource(r) => r.fmt(f),
            ExpectTarget::RenderTarget => write!(f, "target"),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Expect {
    pub target: ExpectTarget,
    pub line: usize,
    pub tolerance: Tolerance,
    pub values: Vec<Expected>,
}

impl Expect {
    pub fn byte_len(&self) -> usize {
        self.values.iter().map(|v| v.ty.size()).sum()
    }
}

/// `peer-bug glslang: why` or `xfail hlslc: why`: this compiler is known to get the fixture
/// wrong. The runner then requires a failure and reports the fixture as fixed otherwise.
#[derive(Clone, Debug)]
pub struct KnownBug {
    pub compiler: String,
    pub reason: String,
    pub line: usize,
}

/// `requires f16 int64 …`: device features without which the fixture is skipped (loudly).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Requirement {
    pub name: &'static str,
    pub features: wgpu::Features,
}

const REQUIREMENTS: &[(&str, wgpu::Features)] = &[
    ("f16", wgpu::Features::SHADER_F16),
    ("i16", wgpu::Features::SHADER_I16),
    ("int64", wgpu::Features::SHADER_INT64),
    ("f64", wgpu::Features::SHADER_F64),
    ("subgroup", wgpu::Features::SUBGROUP),
    ("subgroup-vertex", wgpu::Features::SUBGROUP_VERTEX),
    ("int64-atomics", wgpu::Features::SHADER_INT64_ATOMIC_ALL_OPS),
    ("f32-atomics", wgpu::Features::SHADER_FLOAT32_ATOMIC),
    ("float32-filterable", wgpu::Features::FLOAT32_FILTERABLE),
    ("coherent", wgpu::Features::MEMORY_DECORATION_COHERENT),
    // Resources bound as binding arrays (`u1[0]`, `u1[1]` …: `RWBuffer<int> a[4]`).
    (
        "binding-array",
        wgpu::Features::BUFFER_BINDING_ARRAY
            .union(wgpu::Features::TEXTURE_BINDING_ARRAY)
            .union(wgpu::Features::STORAGE_RESOURCE_BINDING_ARRAY),
    ),
];

const KEYWORDS: &[&str] = &[
    "exec", "buffer", "cbuffer", "texture", "sampler", "expect", "peer-bug", "xfail", "requires", "push",
];

impl Fixture {
    pub fn load(path: &Path) -> Result<Fixture, String> {
        let source =
            std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        Fixture::parse(path, source)
    }

    pub fn parse(path: &Path, source: String) -> Result<Fixture, String> {
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut fx = Fixture {
            name,
            path: path.to_owned(),
            source: String::new(),
            description: String::new(),
            profile: "cs_6_0".into(),
            entry: "main".into(),
            defines: Vec::new(),
            flags: Vec::new(),
            run: Run::Dispatch([1, 1, 1]),
            resources: Vec::new(),
            expects: Vec::new(),
            known_bugs: Vec::new(),
            requires: Vec::new(),
            immediates: Vec::new(),
        };
        let mut saw_exec = false;
        for d in header_directives(&source) {
            let d = d?;
            let at = |e: String| format!("{}:{}: {e}", path.display(), d.line);
            match d.keyword.as_str() {
                "" => {
                    fx.description.push_str(d.body.trim());
                    fx.description.push('\n');
                }
                "exec" => {
                    if saw_exec {
                        return Err(at("a second `exec:` line".into()));
                    }
                    saw_exec = true;
                    fx.parse_exec(&d.body).map_err(at)?;
                }
                "buffer" | "cbuffer" | "texture" | "sampler" => {
                    let r = parse_resource(&d.keyword, &d.body, d.line)
                        .map_err(|e| at(prose_hint(e, &d.keyword)))?;
                    // Elements of one resource array share a binding; each element once,
                    // and an array's elements all of one kind.
                    if let Some(prev) = fx.resources.iter().find(|p| {
                        p.reg.space == r.reg.space
                            && p.reg.index == r.reg.index
                            && (p.reg.element.is_none()
                                || r.reg.element.is_none()
                                || p.reg.element == r.reg.element
                                || std::mem::discriminant(&p.resource)
                                    != std::mem::discriminant(&r.resource))
                    }) {
                        return Err(at(format!(
                            "{} and {} (line {}) map to the same @group({}) @binding({}); use distinct register numbers across t/u/b/s",
                            r.reg, prev.reg, prev.line, r.reg.space, r.reg.index
                        )));
                    }
                    fx.resources.push(r);
                }
                "push" => {
                    if !fx.immediates.is_empty() {
                        return Err(at("a second `push` line".into()));
                    }
                    let toks = tokenize(&d.body).map_err(at)?;
                    let mut t = Tokens::new(&toks);
                    let (bytes, _, _) = parse_data_decl(&mut t).map_err(|e| at(prose_hint(e, "push")))?;
                    t.end().map_err(at)?;
                    fx.immediates = bytes;
                }
                "expect" => {
                    let e = fx
                        .parse_expect(&d.body, d.line)
                        .map_err(|e| at(prose_hint(e, "expect")))?;
                    fx.expects.push(e);
                }
                "peer-bug" | "xfail" => {
                    let (compiler, reason) = d
                        .body
                        .split_once(':')
                        .ok_or_else(|| at(format!("expected `{} COMPILER: reason`", d.keyword)))?;
                    let (compiler, reason) = (compiler.trim(), reason.trim());
                    if compiler.is_empty()
                        || compiler.contains(char::is_whitespace)
                        || reason.is_empty()
                    {
                        return Err(at(format!("expected `{} COMPILER: reason`", d.keyword)));
                    }
                    fx.known_bugs.push(KnownBug {
                        compiler: compiler.into(),
                        reason: reason.into(),
                        line: d.line,
                    });
                }
                "requires" => {
                    for word in d
                        .body
                        .split(|c: char| c.is_whitespace() || c == ',')
                        .filter(|w| !w.is_empty())
                    {
                        let (name, features) = REQUIREMENTS
                            .iter()
                            .find(|(n, _)| *n == word)
                            .ok_or_else(|| {
                                at(format!(
                                    "unknown requirement `{word}` (known: {})",
                                    REQUIREMENTS
                                        .iter()
                                        .map(|r| r.0)
                                        .collect::<Vec<_>>()
                                        .join(", ")
                                ))
                            })?;
                        fx.requires.push(Requirement {
                            name,
                            features: *features,
                        });
                    }
                }
                _ => unreachable!(),
            }
        }
        if !saw_exec {
            return Err(format!(
                "{}: no `// exec:` line in the leading comments",
                path.display()
            ));
        }
        if fx.expects.is_empty() {
            return Err(format!(
                "{}: no `// expect` line: the fixture would check nothing",
                path.display()
            ));
        }
        for r in fx.resources.iter().filter(|r| r.writable()) {
            if !fx
                .expects
                .iter()
                .any(|e| e.target == ExpectTarget::Resource(r.reg))
            {
                return Err(format!(
                    "{}:{}: writable {} has no `expect` line (write `expect {} = _` if its contents do not matter)",
                    path.display(),
                    r.line,
                    r.reg,
                    r.reg
                ));
            }
        }
        fx.source = source;
        Ok(fx)
    }

    pub fn is_compute(&self) -> bool {
        matches!(self.run, Run::Dispatch(_))
    }

    pub fn bindings(&self) -> Vec<gpu::Binding> {
        self.resources.iter().map(|r| r.binding()).collect()
    }

    pub fn known_bug(&self, compiler: &str) -> Option<&KnownBug> {
        self.known_bugs.iter().find(|b| b.compiler == compiler)
    }

    fn parse_exec(&mut self, body: &str) -> Result<(), String> {
        let toks = tokenize(body)?;
        let mut t = Tokens::new(&toks);
        let mut dispatch = None;
        let mut draw_count = None;
        let mut vs_entry = None;
        let mut target = None;
        let mut clear = wgpu::Color::TRANSPARENT;
        let mut msaa = 1;
        let mut depth = None;
        let mut instances = 1;
        let (mut first_vertex, mut first_instance) = (0, 0);
        let mut topology = wgpu::PrimitiveTopology::TriangleList;
        while let Some(tok) = t.next() {
            match tok {
                "-T" => self.profile = t.word("a profile after -T")?.into(),
                "-E" => self.entry = t.word("an entry point after -E")?.into(),
                "-D" => {
                    // The tokenizer splits at `=`: join `NAME = VALUE` back into `NAME=VALUE`.
                    let name = t.word("a define after -D")?;
                    if t.peek() == Some("=") {
                        t.next();
                        let value = t.word("a value after -D NAME=")?;
                        self.defines.push(format!("{name}={value}"));
                    } else {
                        self.defines.push(name.into());
                    }
                }
                "-HV" => {
                    let v = t.word("a version after -HV")?;
                    self.flags.extend(["-HV".to_string(), v.to_string()]);
                }
                "-enable-16bit-types" | "-Gec" | "-Zpr" | "-fvk-invert-y" | "-fvk-use-dx-position-w" | "-fvk-support-nonzero-base-vertex" | "-fvk-support-nonzero-base-instance" | "-fspv-use-legacy-buffer-matrix-order" | "-fvk-use-gl-layout" | "-fvk-use-scalar-layout" | "-fspv-flatten-resource-arrays" => self.flags.push(tok.into()),
                "-denorm" => {
                    let v = t.word("a mode after -denorm")?;
                    self.flags.extend(["-denorm".to_string(), v.to_string()]);
                }
                "-fvk-b-shift" | "-fvk-t-shift" | "-fvk-s-shift" | "-fvk-u-shift" => {
                    let n = t.word("a shift after the flag")?;
                    let space = t.word("a space (or `all`) after the shift")?;
                    self.flags.extend([tok.to_string(), n.to_string(), space.to_string()]);
                }
                "--binding-policy" => {
                    let v = t.word("a policy after --binding-policy")?;
                    if !matches!(v, "class-shift" | "dxc" | "compact") {
                        return Err(format!("unknown binding policy `{v}`: class-shift, dxc or compact"));
                    }
                    self.flags.extend(["--binding-policy".to_string(), v.to_string()]);
                }
                "dispatch" => {
                    dispatch = Some([
                        t.number("dispatch X")?,
                        t.number("dispatch Y")?,
                        t.number("dispatch Z")?,
                    ])
                }
                "draw" => draw_count = Some(t.number("a vertex count after draw")?),
                "instances" => instances = t.number("an instance count")?,
                "first-vertex" => first_vertex = t.number("a first vertex")?,
                "first-instance" => first_instance = t.number("a first instance")?,
                "vs" => vs_entry = Some(t.word("a vertex entry point after vs")?.to_string()),
                "target" => {
                    let (format, scalar) = texture_format(t.word("a target format")?)?;
                    let (w, h, d) = parse_size(t.word("a target size WxH")?)?;
                    if d != 1 {
                        return Err("a render target is 2D: WxH".into());
                    }
                    target = Some((format, scalar, w, h));
                }
                "clear" => {
                    let mut c = [0f64; 4];
                    for v in &mut c {
                        *v = t
                            .word("four clear values")?
                            .parse()
                            .map_err(|e| format!("bad clear value: {e}"))?;
                    }
                    clear = wgpu::Color {
                        r: c[0],
                        g: c[1],
                        b: c[2],
                        a: c[3],
                    };
                }
                "msaa" => msaa = t.number("a sample count after msaa")?,
                "depth" => {
                    let clear: f32 = t
                        .word("a depth clear value")?
                        .parse()
                        .map_err(|e| format!("bad depth clear value: {e}"))?;
                    let compare = compare_function(t.word("a depth comparison")?)?;
                    depth = Some(gpu::DepthTarget {
                        format: wgpu::TextureFormat::Depth32Float,
                        clear,
                        compare,
                        write: true,
                    });
                }
                "topology" => {
                    topology = match t.word("a topology")? {
                        "triangle-list" => wgpu::PrimitiveTopology::TriangleList,
                        "triangle-strip" => wgpu::PrimitiveTopology::TriangleStrip,
                        "point-list" => wgpu::PrimitiveTopology::PointList,
                        "line-list" => wgpu::PrimitiveTopology::LineList,
                        other => return Err(format!("unknown topology `{other}`")),
                    }
                }
                other => return Err(format!("unknown `exec:` word `{other}`")),
            }
        }
        let stage = self.profile.split('_').next().unwrap_or("");
        match (dispatch, draw_count) {
            (Some(d), None) => {
                if stage != "cs" {
                    return Err(format!(
                        "`dispatch` needs a cs_* profile, not {}",
                        self.profile
                    ));
                }
                if vs_entry.is_some() || target.is_some() {
                    return Err("`vs`/`target` only go with `draw`".into());
                }
                self.run = Run::Dispatch(d);
            }
            (None, Some(count)) => {
                if stage != "ps" {
                    return Err(format!("`draw` needs a ps_* profile, not {}", self.profile));
                }
                let vertex_entry = vs_entry
                    .ok_or("`draw` needs `vs ENTRY` (the vertex shader in the same file)")?;
                let (format, target_scalar, width, height) =
                    target.ok_or("`draw` needs `target FORMAT WxH`")?;
                self.run = Run::Draw(Draw {
                    vertex_profile: self.profile.replacen("ps", "vs", 1),
                    vertex_entry,
                    vertex_count: count,
                    instance_count: instances,
                    first_vertex,
                    first_instance,
                    topology,
                    target: gpu::ColorTarget {
                        format,
                        width,
                        height,
                        clear,
                    },
                    target_scalar,
                    sample_count: msaa,
                    depth,
                });
            }
            _ => return Err("`exec:` needs exactly one of `dispatch X Y Z` or `draw N …`".into()),
        }
        Ok(())
    }

    fn parse_expect(&self, body: &str, line: usize) -> Result<Expect, String> {
        let toks = tokenize(body)?;
        let mut t = Tokens::new(&toks);
        let first = t.word("a register or `target`")?;
        let (target, element, byte_len) = if first == "target" {
            let Run::Draw(d) = &self.run else {
                return Err("`expect target` needs a `draw`".into());
            };
            let len =
                (d.target.width * d.target.height * gpu::texel_size(d.target.format)?) as usize;
            (ExpectTarget::RenderTarget, Some(d.target_scalar), len)
        } else {
            let mut reg = parse_register(first)?;
            reg.element = parse_element(&mut t)?;
            if let Some(space) = t.peek().and_then(|w| w.strip_prefix("space")) {
                reg.space = space
                    .parse()
                    .map_err(|_| format!("bad space `space{space}`"))?;
                t.next();
            }
            let r = self
                .resources
                .iter()
                .find(|r| r.reg == reg)
                .ok_or_else(|| format!("`expect {reg}`: no resource {reg} is declared above"))?;
            if !r.writable() {
                return Err(format!("`expect {reg}`: {reg} is not writable"));
            }
            let len = match &r.resource {
                gpu::Resource::Storage { data, .. } => data.len(),
                gpu::Resource::StorageTexture { texture, .. } => texture.mip0_byte_len()?,
                _ => unreachable!(),
            };
            (ExpectTarget::Resource(reg), r.element, len)
        };
        let mut tolerance = Tolerance::default();
        if t.peek() == Some("~") {
            t.next();
            while let Some(w) = t.peek() {
                if w == "=" {
                    break;
                }
                t.next();
                if let Some(n) = w.strip_suffix("ulp") {
                    tolerance.ulp = Some(n.parse().map_err(|_| format!("bad ulp count `{w}`"))?);
                } else if w == "abs" || w == "rel" {
                    let v: f64 = t
                        .word("a bound")?
                        .parse()
                        .map_err(|e| format!("bad {w} bound: {e}"))?;
                    if w == "abs" {
                        tolerance.abs = Some(v);
                    } else {
                        tolerance.rel = Some(v);
                    }
                } else {
                    tolerance.rel = Some(w.parse().map_err(|_| {
                        format!(
                            "bad tolerance `{w}` (Nulp, rel EPS, abs EPS or a bare relative EPS)"
                        )
                    })?);
                }
            }
        }
        t.expect("=")?;
        let values = match element {
            // A typed resource: the values use its element type unless segments are given.
            Some(s)
                if t.peek()
                    .is_none_or(|w| Scalar::from_vector_name(w).is_none()) =>
            {
                let n = byte_len / s.size();
                parse_init(&mut t, s, n, true)?
                    .into_iter()
                    .map(|(bits, check)| Expected { ty: s, bits, check })
                    .collect()
            }
            _ => parse_segments(&mut t, true)?,
        };
        t.end()?;
        let e = Expect {
            target,
            line,
            tolerance,
            values,
        };
        if e.byte_len() != byte_len {
            return Err(format!(
                "`expect {}` describes {} bytes; the resource has {byte_len}",
                e.target,
                e.byte_len()
            ));
        }
        if !e.tolerance.is_exact() && !e.values.iter().any(|v| v.ty.is_float()) {
            return Err("a tolerance on integer values: integers are compared bit-exactly".into());
        }
        Ok(e)
    }
}

// ---------------------------------------------------------------------------------------------
// Header lines

fn prose_hint(e: String, keyword: &str) -> String {
    format!(
        "{e} (a header comment starting with `{keyword}` is a directive; reword it if it is prose)"
    )
}

struct Directive {
    keyword: String,
    body: String,
    line: usize,
}

/// The leading comment block, as directives (keyword "" = free text). A directive whose
/// brackets are not balanced continues on the next comment lines.
fn header_directives(source: &str) -> impl Iterator<Item = Result<Directive, String>> + '_ {
    let mut lines = source
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .take_while(|(_, l)| l.starts_with("//") || l.is_empty())
        .filter(|(_, l)| !l.is_empty())
        .map(|(i, l)| (i, l.trim_start_matches('/').trim()))
        .peekable();
    std::iter::from_fn(move || {
        let (line, text) = lines.next()?;
        let (first, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
        let keyword = first.strip_suffix(':').unwrap_or(first);
        if !KEYWORDS.contains(&keyword) {
            // A directive ends where its brackets balance, so `u32 [10] f32 [2.0]` on a line
            // of its own would silently be free text, and its values lost.
            if Scalar::from_vector_name(keyword).is_some() && rest.trim_start().starts_with('[') {
                return Some(Err(format!(
                    "line {line}: typed values outside a directive (the one above ended at its \
                     last `]`); break lines inside a `[…]` list to continue a directive"
                )));
            }
            return Some(Ok(Directive {
                keyword: String::new(),
                body: text.to_string(),
                line,
            }));
        }
        let mut body = rest.to_string();
        let depth = |s: &str| s.matches('[').count() as i64 - s.matches(']').count() as i64;
        while depth(&body) > 0 {
            match lines.next() {
                Some((_, more)) => {
                    body.push(' ');
                    body.push_str(more);
                }
                None => {
                    return Some(Err(format!(
                        "line {line}: unclosed `[` at the end of the header"
                    )))
                }
            }
        }
        Some(Ok(Directive {
            keyword: keyword.to_string(),
            body,
            line,
        }))
    })
}

fn tokenize(body: &str) -> Result<Vec<String>, String> {
    let mut toks = Vec::new();
    let mut cur = String::new();
    for c in body.chars() {
        if c.is_whitespace() || matches!(c, '[' | ']' | ',' | '=' | '~') {
            if !cur.is_empty() {
                toks.push(std::mem::take(&mut cur));
            }
            if !c.is_whitespace() {
                toks.push(c.to_string());
            }
        } else {
            cur.push(c);
        }
    }
    if !cur.is_empty() {
        toks.push(cur);
    }
    Ok(toks)
}

struct Tokens<'a> {
    toks: &'a [String],
    pos: usize,
}

impl<'a> Tokens<'a> {
    fn new(toks: &'a [String]) -> Self {
        Tokens { toks, pos: 0 }
    }
    fn peek(&self) -> Option<&'a str> {
        self.toks.get(self.pos).map(|s| s.as_str())
    }
    #[allow(clippy::should_implement_trait)]
    fn next(&mut self) -> Option<&'a str> {
        let t = self.peek();
        self.pos += t.is_some() as usize;
        t
    }
    fn word(&mut self, what: &str) -> Result<&'a str, String> {
        self.next().ok_or_else(|| format!("expected {what}"))
    }
    fn number(&mut self, what: &str) -> Result<u32, String> {
        let w = self.word(what)?;
        w.parse()
            .map_err(|_| format!("expected {what}, found `{w}`"))
    }
    fn expect(&mut self, tok: &str) -> Result<(), String> {
        match self.next() {
            Some(t) if t == tok => Ok(()),
            Some(t) => Err(format!("expected `{tok}`, found `{t}`")),
            None => Err(format!("expected `{tok}` at the end of the line")),
        }
    }
    fn end(&mut self) -> Result<(), String> {
        match self.next() {
            None => Ok(()),
            Some(t) => Err(format!("unexpected `{t}`")),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Resources

fn parse_register(word: &str) -> Result<Register, String> {
    let mut chars = word.chars();
    let class = chars
        .next()
        .filter(|c| matches!(c, 't' | 'u' | 'b' | 's'))
        .ok_or_else(|| format!("expected a register like u0, t1, b2, s3; found `{word}`"))?;
    let index = chars
        .as_str()
        .parse()
        .map_err(|_| format!("expected a register like u0, t1, b2, s3; found `{word}`"))?;
    Ok(Register {
        class,
        index,
        space: 0,
        element: None,
    })
}

/// `[N]` after a register: an element of a binding array.
fn parse_element(t: &mut Tokens) -> Result<Option<u32>, String> {
    if t.peek() != Some("[") {
        return Ok(None);
    }
    t.next();
    let e = t.number("an array element")?;
    t.expect("]")?;
    Ok(Some(e))
}

fn parse_resource(keyword: &str, body: &str, line: usize) -> Result<ResourceDecl, String> {
    let toks = tokenize(body)?;
    let mut t = Tokens::new(&toks);
    let mut reg = parse_register(t.word("a register")?)?;
    reg.element = parse_element(&mut t)?;
    if let Some(space) = t.peek().and_then(|w| w.strip_prefix("space")) {
        reg.space = space
            .parse()
            .map_err(|_| format!("bad space `space{space}`"))?;
        t.next();
    }
    let want_class = match keyword {
        "cbuffer" => "b",
        "sampler" => "s",
        _ => "tu",
    };
    if !want_class.contains(reg.class) {
        return Err(format!(
            "a {keyword} lives in a `{}` register, not {reg}",
            want_class
                .chars()
                .map(String::from)
                .collect::<Vec<_>>()
                .join("`/`")
        ));
    }
    let decl = match keyword {
        "buffer" | "cbuffer" => {
            let access = if keyword == "cbuffer" {
                None
            } else {
                Some(match t.word("ro or rw")? {
                    "ro" => Access::ReadOnly,
                    "rw" => Access::ReadWrite,
                    other => return Err(format!("expected ro or rw, found `{other}`")),
                })
            };
            if access == Some(Access::ReadWrite) && reg.class != 'u' {
                return Err(format!("a rw buffer lives in a `u` register, not {reg}"));
            }
            if access == Some(Access::ReadOnly) && reg.class != 't' {
                return Err(format!("a ro buffer lives in a `t` register, not {reg}"));
            }
            let (data, layout, element) = parse_data_decl(&mut t)?;
            t.end()?;
            let resource = match access {
                // hlslc binds an array of constant buffers as read-only storage buffers
                // (wgpu cannot bind arrays of uniform buffers).
                None if reg.element.is_some() => gpu::Resource::Storage {
                    access: Access::ReadOnly,
                    data,
                },
                None => gpu::Resource::Uniform { data },
                Some(access) => gpu::Resource::Storage { access, data },
            };
            ResourceDecl {
                reg,
                line,
                resource,
                layout,
                element,
            }
        }
        "texture" => {
            let access = match t.word("sampled, ro, wo or rw")? {
                "sampled" => None,
                "ro" => Some(Access::ReadOnly),
                "wo" => Some(Access::WriteOnly),
                "rw" => Some(Access::ReadWrite),
                other => return Err(format!("expected sampled, ro, wo or rw; found `{other}`")),
            };
            let dimension = match t.word("a dimension")? {
                "1d" => wgpu::TextureViewDimension::D1,
                "2d" => wgpu::TextureViewDimension::D2,
                "2darray" => wgpu::TextureViewDimension::D2Array,
                "3d" => wgpu::TextureViewDimension::D3,
                "cube" => wgpu::TextureViewDimension::Cube,
                "cubearray" => wgpu::TextureViewDimension::CubeArray,
                other => {
                    return Err(format!(
                        "unknown dimension `{other}` (1d 2d 2darray 3d cube cubearray)"
                    ))
                }
            };
            let (format, scalar) = texture_format(t.word("a format")?)?;
            let (width, height, depth_or_layers) = parse_size(t.word("a size WxH or WxHxL")?)?;
            let mut desc = gpu::TextureDesc {
                dimension,
                format,
                width,
                height,
                depth_or_layers,
                mip_levels: 1,
                data: Vec::new(),
            };
            if t.peek() == Some("mips") {
                t.next();
                desc.mip_levels = t.number("a mip count")?;
            }
            let n = desc.byte_len()? / scalar.size();
            let data = if t.peek() == Some("=") {
                t.next();
                encode(scalar, &parse_init(&mut t, scalar, n, false)?)
            } else {
                vec![0; n * scalar.size()]
            };
            t.end()?;
            desc.data = data;
            let layout = vec![(scalar, n)];
            let resource = match access {
                None => {
                    if reg.class != 't' {
                        return Err(format!(
                            "a sampled texture lives in a `t` register, not {reg}"
                        ));
                    }
                    gpu::Resource::SampledTexture(desc)
                }
                Some(access) => gpu::Resource::StorageTexture {
                    access,
                    texture: desc,
                },
            };
            ResourceDecl {
                reg,
                line,
                resource,
                layout,
                element: Some(scalar),
            }
        }
        "sampler" => {
            let mut s = gpu::SamplerDesc::default();
            while let Some(w) = t.next() {
                match w {
                    "point" | "linear" => {
                        let f = if w == "point" {
                            wgpu::FilterMode::Nearest
                        } else {
                            wgpu::FilterMode::Linear
                        };
                        s.mag_filter = f;
                        s.min_filter = f;
                        s.mipmap_filter = if w == "point" {
                            wgpu::MipmapFilterMode::Nearest
                        } else {
                            wgpu::MipmapFilterMode::Linear
                        };
                    }
                    "mip" => {
                        s.mipmap_filter = match t.word("point or linear")? {
                            "point" => wgpu::MipmapFilterMode::Nearest,
                            "linear" => wgpu::MipmapFilterMode::Linear,
                            other => {
                                return Err(format!("expected point or linear, found `{other}`"))
                            }
                        }
                    }
                    "wrap" | "clamp" | "mirror" | "border" => {
                        let m = match w {
                            "wrap" => wgpu::AddressMode::Repeat,
                            "clamp" => wgpu::AddressMode::ClampToEdge,
                            "mirror" => wgpu::AddressMode::MirrorRepeat,
                            _ => wgpu::AddressMode::ClampToBorder,
                        };
                        s.address_modes = [m; 3];
                    }
                    "compare" => {
                        s.compare = Some(match t.word("a comparison")? {
                            w => compare_function(w)?,
                        })
                    }
                    "lod" => {
                        s.lod_min_clamp = t
                            .word("lod min")?
                            .parse()
                            .map_err(|e| format!("bad lod: {e}"))?;
                        s.lod_max_clamp = t
                            .word("lod max")?
                            .parse()
                            .map_err(|e| format!("bad lod: {e}"))?;
                    }
                    "border-color" => {
                        s.border_color = Some(match t.word("a border colour")? {
                            "transparent" => wgpu::SamplerBorderColor::TransparentBlack,
                            "black" => wgpu::SamplerBorderColor::OpaqueBlack,
                            "white" => wgpu::SamplerBorderColor::OpaqueWhite,
                            other => return Err(format!("unknown border colour `{other}`")),
                        })
                    }
                    other => return Err(format!("unknown sampler word `{other}`")),
                }
            }
            ResourceDecl {
                reg,
                line,
                resource: gpu::Resource::Sampler(s),
                layout: Vec::new(),
                element: None,
            }
        }
        _ => unreachable!(),
    };
    Ok(decl)
}

/// `TYPE[N] [= INIT]` or `= SEGMENTS`: bytes, layout, element type of a typed declaration.
#[allow(clippy::type_complexity)]
fn parse_data_decl(
    t: &mut Tokens,
) -> Result<(Vec<u8>, Vec<(Scalar, usize)>, Option<Scalar>), String> {
    if t.peek() == Some("=") {
        t.next();
        let values = parse_segments(t, false)?;
        let bytes = values
            .iter()
            .flat_map(|v| v.bits.to_le_bytes()[..v.ty.size()].to_vec())
            .collect();
        return Ok((bytes, layout_of(&values), None));
    }
    let ty = t.word("an element type like uint[8]")?;
    let (scalar, width) =
        Scalar::from_vector_name(ty).ok_or_else(|| format!("unknown element type `{ty}`"))?;
    t.expect("[")?;
    let count = t.number("an element count")? as usize;
    t.expect("]")?;
    let n = count * width as usize;
    if n == 0 {
        return Err("an empty buffer".into());
    }
    let values = if t.peek() == Some("=") {
        t.next();
        parse_init(t, scalar, n, false)?
    } else {
        vec![(0, Check::Value); n]
    };
    Ok((encode(scalar, &values), vec![(scalar, n)], Some(scalar)))
}

fn layout_of(values: &[Expected]) -> Vec<(Scalar, usize)> {
    let mut out: Vec<(Scalar, usize)> = Vec::new();
    for v in values {
        match out.last_mut() {
            Some((s, n)) if *s == v.ty => *n += 1,
            _ => out.push((v.ty, 1)),
        }
    }
    out
}

fn encode(scalar: Scalar, values: &[(u64, Check)]) -> Vec<u8> {
    let mut out = Vec::with_capacity(values.len() * scalar.size());
    for (bits, _) in values {
        scalar.write(*bits, &mut out);
    }
    out
}

/// `INIT` for `n` scalars of one type: `[v, …]` (exactly n), a single value repeated, or
/// `iota [START [STEP]]`. `_` (don't care) and `nan` (any NaN) only in expectations.
fn parse_init(
    t: &mut Tokens,
    scalar: Scalar,
    n: usize,
    expectation: bool,
) -> Result<Vec<(u64, Check)>, String> {
    match t.peek() {
        Some("[") => {
            let values = parse_list(t, scalar, expectation)?;
            if values.len() != n {
                return Err(format!(
                    "{} values listed; the resource holds {n} {} scalars",
                    values.len(),
                    scalar.name()
                ));
            }
            Ok(values)
        }
        Some("iota") => {
            t.next();
            let mut nums = [0.0, 1.0];
            for slot in &mut nums {
                match t.peek() {
                    Some(w) if w != "]" => {
                        *slot = w
                            .parse()
                            .map_err(|e| format!("bad iota argument `{w}`: {e}"))?;
                        t.next();
                    }
                    _ => break,
                }
            }
            Ok((0..n)
                .map(|i| (scalar.iota_bits(nums[0], nums[1], i), Check::Value))
                .collect())
        }
        Some(w) => {
            t.next();
            let v = parse_value(w, scalar, expectation)?;
            Ok(vec![v; n])
        }
        None => Err("expected values".into()),
    }
}

fn parse_list(
    t: &mut Tokens,
    scalar: Scalar,
    expectation: bool,
) -> Result<Vec<(u64, Check)>, String> {
    t.expect("[")?;
    let mut out = Vec::new();
    loop {
        match t.next() {
            Some("]") => break,
            Some(",") => continue,
            Some(w) => out.push(parse_value(w, scalar, expectation)?),
            None => return Err("unclosed `[`".into()),
        }
    }
    Ok(out)
}

fn parse_value(w: &str, scalar: Scalar, expectation: bool) -> Result<(u64, Check), String> {
    if w == "_" {
        return if expectation {
            Ok((0, Check::Any))
        } else {
            Err("`_` (don't care) only goes in expectations".into())
        };
    }
    let bits = scalar.parse_bits(w)?;
    let check = if expectation && scalar.is_float() && w.eq_ignore_ascii_case("nan") {
        Check::AnyNan
    } else {
        Check::Value
    };
    Ok((bits, check))
}

/// `TYPE [v, …] TYPE [v, …] …` (raw data spelled as typed values, for structs and cbuffers).
fn parse_segments(t: &mut Tokens, expectation: bool) -> Result<Vec<Expected>, String> {
    let mut out = Vec::new();
    while let Some(w) = t.peek() {
        let (scalar, width) = Scalar::from_vector_name(w).ok_or_else(|| {
            format!("expected a type (u32, f32, float4, …) before a value list, found `{w}`")
        })?;
        t.next();
        let values = parse_list(t, scalar, expectation)?;
        if values.len() % width as usize != 0 {
            return Err(format!(
                "{w} takes values in groups of {width}; {} given",
                values.len()
            ));
        }
        out.extend(values.into_iter().map(|(bits, check)| Expected {
            ty: scalar,
            bits,
            check,
        }));
    }
    if out.is_empty() {
        return Err("expected typed values, e.g. `u32 [1, 2] f32 [0.5]`".into());
    }
    Ok(out)
}

fn parse_size(w: &str) -> Result<(u32, u32, u32), String> {
    let parts: Vec<u32> = w
        .split('x')
        .map(|p| {
            p.parse()
                .map_err(|_| format!("bad size `{w}` (WxH or WxHxL)"))
        })
        .collect::<Result<_, _>>()?;
    match parts.as_slice() {
        [w] => Ok((*w, 1, 1)),
        [w, h] => Ok((*w, *h, 1)),
        [w, h, l] => Ok((*w, *h, *l)),
        _ => Err(format!("bad size `{w}`")),
    }
}

/// A texture format name (wgpu's, lower-case) and the scalar type of its channels as
/// stored in memory (unorm8 → u8 bytes, 16-bit float → f16 bits, …).
pub fn texture_format(name: &str) -> Result<(wgpu::TextureFormat, Scalar), String> {
    use wgpu::TextureFormat as F;
    Ok(match name {
        "r8unorm" => (F::R8Unorm, Scalar::U8),
        "rg8unorm" => (F::Rg8Unorm, Scalar::U8),
        "rgba8unorm" => (F::Rgba8Unorm, Scalar::U8),
        "bgra8unorm" => (F::Bgra8Unorm, Scalar::U8),
        "rgba8uint" => (F::Rgba8Uint, Scalar::U8),
        "r16uint" => (F::R16Uint, Scalar::U16),
        "r16sint" => (F::R16Sint, Scalar::I16),
        "rgba16uint" => (F::Rgba16Uint, Scalar::U16),
        "r16float" => (F::R16Float, Scalar::F16),
        "rg16float" => (F::Rg16Float, Scalar::F16),
        "rgba16float" => (F::Rgba16Float, Scalar::F16),
        "r32float" => (F::R32Float, Scalar::F32),
        "rg32float" => (F::Rg32Float, Scalar::F32),
        "rgba32float" => (F::Rgba32Float, Scalar::F32),
        "r32uint" => (F::R32Uint, Scalar::U32),
        "rg32uint" => (F::Rg32Uint, Scalar::U32),
        "rgba32uint" => (F::Rgba32Uint, Scalar::U32),
        "r32sint" => (F::R32Sint, Scalar::I32),
        "rg32sint" => (F::Rg32Sint, Scalar::I32),
        "rgba32sint" => (F::Rgba32Sint, Scalar::I32),
        "rgb10a2unorm" => (F::Rgb10a2Unorm, Scalar::U32),
        // The one depth format wgpu lets a buffer copy fill (for `SamplerComparisonState`).
        "depth16unorm" => (F::Depth16Unorm, Scalar::U16),
        _ => return Err(format!("unknown or unsupported texture format `{name}`")),
    })
}

/// A comparison's fixture spelling (sampler `compare`, draw `depth`).
fn compare_function(w: &str) -> Result<wgpu::CompareFunction, String> {
    Ok(match w {
        "never" => wgpu::CompareFunction::Never,
        "less" => wgpu::CompareFunction::Less,
        "equal" => wgpu::CompareFunction::Equal,
        "less-equal" => wgpu::CompareFunction::LessEqual,
        "greater" => wgpu::CompareFunction::Greater,
        "not-equal" => wgpu::CompareFunction::NotEqual,
        "greater-equal" => wgpu::CompareFunction::GreaterEqual,
        "always" => wgpu::CompareFunction::Always,
        other => return Err(format!("unknown comparison `{other}`")),
    })
}

/// Lists `dir/*.hlsl`, sorted by name.
pub fn fixture_paths(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "hlsl"))
        .collect();
    v.sort();
    Ok(v)
}
