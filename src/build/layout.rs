//! Rust `#[repr(C)]` structs with the exact D3D memory layout of a buffer, from reflection.
//!
//! Each buffer layout (a constant buffer's 16-byte register packing, a structured buffer's
//! tight element) becomes a Rust struct whose fields sit at the byte offsets reflection
//! reports, with explicit padding fields in the gaps, so a host writes the struct's bytes
//! into the buffer unchanged. Types: `float` → `f32`, `int` → `i32`, `uint` and `bool` → `u32`
//! (HLSL's `bool` is 4 bytes), `half` → `u16` (the bits of an IEEE binary16), `double` →
//! `f64`, 16- and 64-bit integers as such; vectors are arrays (`float3` → `[f32; 3]`).
//!
//! Where D3D's layout has a stride larger than the element — elements of constant-buffer
//! arrays and the stored rows or columns of matrices start on 16-byte registers — the element
//! is widened to its stride (`float a[4]` → `[[f32; 4]; 4]`, a column-major `float3x3` →
//! `[[f32; 4]; 3]`, one array per stored column), because Rust arrays cannot have strides.
//! When the next member packs into the last element's unused tail (`float3x3 m; float f;`
//! puts `f` at byte 44), the last element gets its own field (`m_last: [f32; 3]`). A struct
//! whose offsets Rust cannot reach with natural alignment (16-bit members in a tight layout)
//! is `#[repr(C, packed)]`; its fields are read by value. Generated code asserts every size
//! and offset at compile time.

use crate::reflect::{BufferLayout, Member};
use std::fmt::Write;

/// The generated structs of one shader module, in dependency order (nested structs first).
#[derive(Default)]
pub(crate) struct Structs {
    /// (HLSL name, target size, member signature) → Rust name, to share identical structs.
    pub(crate) known: Vec<(String, u32, String, String)>,
    /// The Rust source of each struct.
    pub(crate) source: String,
    /// The attribute (with its newline) deriving `bytemuck::Pod` and `Zeroable`, or nothing.
    pub(crate) derive_attr: String,
}

/// How a member is represented: Rust fields (name suffix, type, size, alignment).
struct Field {
    name: String,
    ty: String,
    offset: u32,
    size: u32,
    align: u32,
    doc: String,
}

impl Structs {
    /// Emits the struct for a buffer and returns its Rust name; `rust_name` is the name to
    /// prefer, `target` the struct's size (a constant buffer's bound size, a structured
    /// buffer's stride).
    pub(crate) fn buffer(&mut self, rust_name: &str, layout: &BufferLayout, target: u32) -> String {
        let doc = match layout.rules {
            "cbuffer" | "std140" => format!("`{}`: constant-buffer layout, {} bytes (bind {target}, rounded up to 16).", layout.name, layout.size),
            _ => format!("An element of `{}`: structured-buffer layout, stride {} bytes.", layout.name, layout.size),
        };
        self.structure(rust_name, &layout.members, target, layout.rules == "cbuffer", &doc)
    }

    /// Emits a struct (nested ones first) and returns its Rust name.
    fn structure(&mut self, hlsl_name: &str, members: &[Member], target: u32, cbuffer: bool, doc: &str) -> String {
        let signature = members.iter().map(|m| format!("{}:{}@{}+{}", m.name, m.type_name, m.offset, m.size)).collect::<Vec<_>>().join(",");
        if let Some((_, _, _, rust)) = self.known.iter().find(|(n, t, s, _)| n == hlsl_name && *t == target && *s == signature) {
            return rust.clone();
        }
        let base = rust_type_name(hlsl_name);
        let taken = |n: &str, known: &[(String, u32, String, String)]| known.iter().any(|(_, _, _, r)| r == n);
        let mut rust = base.clone();
        let mut i = 2;
        while taken(&rust, &self.known) {
            rust = format!("{base}{i}");
            i += 1;
        }
        self.known.push((hlsl_name.to_string(), target, signature, rust.clone()));

        let mut sorted: Vec<&Member> = members.iter().collect();
        sorted.sort_by_key(|m| m.offset);
        let mut fields: Vec<Field> = Vec::new();
        let mut skipped = Vec::new();
        let mut end = 0;
        for (i, m) in sorted.iter().enumerate() {
            if m.offset < end {
                // packoffset can overlap members; a Rust struct cannot.
                skipped.push(m.name.clone());
                continue;
            }
            let space = sorted.get(i + 1).map_or(target, |n| n.offset.max(m.offset + m.size)).max(m.offset + m.size);
            let new = self.member_fields(m, space - m.offset, cbuffer);
            end = new.iter().map(|f| f.offset + f.size).max().unwrap_or(m.offset);
            fields.extend(new);
        }
        let align = fields.iter().map(|f| f.align).max().unwrap_or(1);
        let packed = fields.iter().any(|f| f.offset % f.align != 0) || target % align != 0;

        let mut s = String::new();
        let _ = writeln!(s, "/// {doc}");
        if !skipped.is_empty() {
            let _ = writeln!(s, "///\n/// Not represented (they overlap earlier members through `packoffset`): {}.", skipped.join(", "));
        }
        let _ = writeln!(s, "#[repr(C{})]", if packed { ", packed" } else { "" });
        let _ = writeln!(s, "#[derive(Clone, Copy, Debug, PartialEq)]");
        s.push_str(&self.derive_attr);
        let _ = writeln!(s, "pub struct {rust} {{");
        let mut cursor = 0;
        let mut pads = 0;
        let mut asserts = String::new();
        for f in &fields {
            if f.offset > cursor {
                padding(&mut s, &mut pads, f.offset - cursor);
            }
            let _ = writeln!(s, "    /// {}", f.doc);
            let _ = writeln!(s, "    pub {}: {},", f.name, f.ty);
            let _ = writeln!(asserts, "    assert!(::core::mem::offset_of!({rust}, {}) == {});", f.name, f.offset);
            cursor = f.offset + f.size;
        }
        if target > cursor {
            padding(&mut s, &mut pads, target - cursor);
        }
        let _ = writeln!(s, "}}\n");
        let _ = writeln!(s, "const _: () = {{\n    assert!(::core::mem::size_of::<{rust}>() == {target});\n{asserts}}};\n");
        let mut zero = String::new();
        let mut pads = 0;
        let mut cursor = 0;
        for f in &fields {
            zero_padding(&mut zero, &mut pads, f.offset.saturating_sub(cursor));
            let _ = write!(zero, " {}: {},", f.name, zero_value(&f.ty));
            cursor = f.offset + f.size;
        }
        zero_padding(&mut zero, &mut pads, target.saturating_sub(cursor));
        let _ = writeln!(s, "impl {rust} {{\n    /// Every field zero.\n    pub const ZERO: Self = Self {{{zero} }};\n}}\n");
        let _ = writeln!(s, "impl Default for {rust} {{\n    fn default() -> Self {{\n        Self::ZERO\n    }}\n}}\n");
        self.source.push_str(&s);
        rust
    }

    /// The Rust fields of one member with `space` bytes available from its offset.
    fn member_fields(&mut self, m: &Member, space: u32, cbuffer: bool) -> Vec<Field> {
        let name = rust_field_name(&m.name);
        let hlsl = format!("`{} {}` at byte {}, {} bytes{}", m.type_name, m.name, m.offset, m.size, m.matrix_layout.map(|l| format!(", {l}")).unwrap_or_default());
        let one = |ty: String, size: u32, align: u32| vec![Field { name: name.clone(), ty, offset: m.offset, size, align, doc: hlsl.clone() }];
        let bytes = |why: &str| vec![Field { name: name.clone(), ty: format!("[u8; {}]", m.size), offset: m.offset, size: m.size, align: 1, doc: format!("{hlsl} ({why}: raw bytes)") }];
        let base_name = m.type_name.split('[').next().unwrap_or("");
        let dims = m.type_name.matches('[').count();
        if dims > 1 {
            return bytes("a multi-dimensional array");
        }
        // The element: a struct, or a scalar/vector/matrix.
        // The struct type of an element of `target` bytes (padded to a stride, or not).
        let struct_ty = |this: &mut Self, target: u32| this.structure(base_name, &m.members, target, cbuffer, &format!("HLSL struct `{base_name}`."));
        let element: Option<(String, u32, u32, u32)> = if !m.members.is_empty() {
            let align = struct_align(&m.members);
            let elem_size = match (m.array_size, m.array_stride) {
                (Some(n), Some(stride)) if n > 0 => m.size - stride * (n - 1),
                _ => m.size,
            };
            match m.array_stride {
                Some(stride) => Some((struct_ty(self, stride), stride, align, elem_size)),
                None => {
                    // A struct member: padded to whole registers when nothing packs into its
                    // tail, else exactly its size.
                    let padded = if cbuffer { elem_size.div_ceil(16) * 16 } else { elem_size };
                    let target = if padded <= space { padded } else { elem_size };
                    return one(struct_ty(self, target), target, align);
                }
            }
        } else {
            let Some(shape) = Shape::parse(base_name) else { return bytes("an unknown type") };
            let count = match m.array_size {
                Some(n) if n > 0 => n,
                _ => 1,
            };
            let elem_size = match m.array_stride {
                Some(stride) => m.size - stride * (count - 1),
                None => m.size,
            };
            let Some(w) = shape.width(elem_size, m.matrix_stride) else { return bytes("an unexpected size") };
            let t = shape.rust_scalar(w);
            match shape {
                Shape::Scalar(_) | Shape::Vector(..) => {
                    let n = if let Shape::Vector(_, n) = shape { n } else { 1 };
                    let tight = if n == 1 { t.to_string() } else { format!("[{t}; {n}]") };
                    match m.array_stride {
                        // A padded element (constant-buffer arrays); the tail element keeps
                        // the tight form if it has to be split off.
                        Some(stride) if stride > n * w && stride % w == 0 => Some((format!("[{t}; {}]", stride / w), stride, w, elem_size)),
                        _ => Some((tight, n * w, w, n * w)),
                    }
                }
                Shape::Matrix(_, rows, cols) => {
                    let (vectors, comps) = if m.matrix_layout == Some("row_major") { (rows, cols) } else { (cols, rows) };
                    let ms = m.matrix_stride.unwrap_or(comps * w);
                    if ms % w != 0 {
                        return bytes("an unexpected matrix stride");
                    }
                    let tight = ms == comps * w;
                    let elem_full = if tight { format!("[[{t}; {comps}]; {vectors}]") } else { format!("[[{t}; {}]; {vectors}]", ms / w) };
                    let full_size = ms * vectors;
                    if m.array_size.is_none() {
                        if full_size <= space || tight {
                            return one(elem_full, full_size, w);
                        }
                        // Split: all stored vectors but the last padded, the last tight.
                        let mut f = Vec::new();
                        if vectors > 1 {
                            f.push(Field { name: name.clone(), ty: format!("[[{t}; {}]; {}]", ms / w, vectors - 1), offset: m.offset, size: ms * (vectors - 1), align: w, doc: hlsl.clone() });
                        }
                        f.push(Field {
                            name: if vectors > 1 { rust_field_name(&format!("{}_last", m.name)) } else { name.clone() },
                            ty: format!("[{t}; {comps}]"),
                            offset: m.offset + ms * (vectors - 1),
                            size: comps * w,
                            align: w,
                            doc: format!("the last stored vector of `{}`", m.name),
                        });
                        return f;
                    }
                    let stride = m.array_stride.unwrap_or(full_size);
                    if stride != full_size {
                        return bytes("a matrix array with an unexpected stride");
                    }
                    Some((elem_full, full_size, w, elem_size))
                }
            }
        };
        let Some((elem_ty, elem_stride_size, align, tail_size)) = element else { return bytes("an unknown type") };
        match m.array_size {
            None => one(elem_ty, elem_stride_size, align),
            Some(0) => bytes("an unbounded array"),
            Some(n) => {
                let stride = m.array_stride.unwrap_or(elem_stride_size);
                if stride != elem_stride_size {
                    return bytes("an array with an unexpected stride");
                }
                if stride * n <= space {
                    return one(format!("[{elem_ty}; {n}]"), stride * n, align);
                }
                // The last element is cut short by the next member: give it its own field.
                let mut f = Vec::new();
                if n > 1 {
                    f.push(Field { name: name.clone(), ty: format!("[{elem_ty}; {}]", n - 1), offset: m.offset, size: stride * (n - 1), align, doc: hlsl.clone() });
                }
                let last_offset = m.offset + stride * (n - 1);
                let last_name = if n > 1 { rust_field_name(&format!("{}_last", m.name)) } else { name.clone() };
                let last_ty = if m.members.is_empty() {
                    Shape::parse(base_name).and_then(|s| {
                        let w = s.width(tail_size, m.matrix_stride)?;
                        match s {
                            Shape::Scalar(_) => Some(s.rust_scalar(w).to_string()),
                            Shape::Vector(_, k) => Some(format!("[{}; {k}]", s.rust_scalar(w))),
                            Shape::Matrix(..) => None,
                        }
                    })
                } else {
                    Some(struct_ty(self, tail_size))
                };
                match last_ty {
                    Some(ty) => f.push(Field { name: last_name, ty, offset: last_offset, size: tail_size, align, doc: format!("the last element of `{}`", m.name) }),
                    None => f.push(Field { name: last_name, ty: format!("[u8; {tail_size}]"), offset: last_offset, size: tail_size, align: 1, doc: format!("the last element of `{}` (raw bytes)", m.name) }),
                }
                f
            }
        }
    }
}

fn padding(s: &mut String, pads: &mut u32, mut bytes: u32) {
    // bytemuck implements Pod for byte arrays up to 32 (and some larger sizes) only.
    while bytes > 0 {
        let n = bytes.min(32);
        let _ = writeln!(s, "    /// Padding (D3D layout).\n    pub _pad{pads}: [u8; {n}],");
        *pads += 1;
        bytes -= n;
    }
}

fn zero_padding(s: &mut String, pads: &mut u32, mut bytes: u32) {
    while bytes > 0 {
        let n = bytes.min(32);
        let _ = write!(s, " _pad{pads}: [0; {n}],");
        *pads += 1;
        bytes -= n;
    }
}

/// The zero value of a generated field type: `0.0`, `0`, `[0.0; 4]`, `Light::ZERO`.
fn zero_value(ty: &str) -> String {
    if let Some(inner) = ty.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
        if let Some((elem, n)) = inner.rsplit_once("; ") {
            return format!("[{}; {n}]", zero_value(elem));
        }
    }
    match ty {
        "f32" | "f64" => "0.0".to_string(),
        "u8" | "u16" | "u32" | "u64" | "i16" | "i32" | "i64" => "0".to_string(),
        other => format!("{other}::ZERO"),
    }
}

/// The largest scalar alignment inside a struct's members.
fn struct_align(members: &[Member]) -> u32 {
    let mut a = 1;
    for m in members {
        let inner = if m.members.is_empty() {
            let base = m.type_name.split('[').next().unwrap_or("");
            Shape::parse(base).map_or(1, |s| s.nominal_width())
        } else {
            struct_align(&m.members)
        };
        a = a.max(inner);
    }
    a
}

/// A numeric HLSL type, parsed from reflection's canonical spelling (`float3`, `uint4x4`).
#[derive(Clone, Copy)]
enum Shape<'a> {
    Scalar(&'a str),
    Vector(&'a str, u32),
    Matrix(&'a str, u32, u32),
}

const SCALARS: [&str; 10] = ["bool", "int16_t", "int64_t", "int", "uint16_t", "uint64_t", "uint", "half", "double", "float"];

impl<'a> Shape<'a> {
    fn parse(name: &'a str) -> Option<Shape<'a>> {
        // Longest scalar prefix first (`uint16_t` before `uint`).
        let mut candidates: Vec<&str> = SCALARS.iter().copied().filter(|s| name.starts_with(s)).collect();
        candidates.sort_by_key(|s| std::cmp::Reverse(s.len()));
        let scalar = candidates.first()?;
        let rest = &name[scalar.len()..];
        if rest.is_empty() {
            return Some(Shape::Scalar(scalar));
        }
        let digit = |s: &str| s.parse::<u32>().ok().filter(|n| (1..=4).contains(n));
        match rest.split_once('x') {
            Some((r, c)) => Some(Shape::Matrix(scalar, digit(r)?, digit(c)?)),
            None => Some(Shape::Vector(scalar, digit(rest)?)),
        }
    }

    fn scalar(&self) -> &'a str {
        match *self {
            Shape::Scalar(s) | Shape::Vector(s, _) | Shape::Matrix(s, ..) => s,
        }
    }

    fn nominal_width(&self) -> u32 {
        match self.scalar() {
            "int16_t" | "uint16_t" | "half" => 2,
            "int64_t" | "uint64_t" | "double" => 8,
            _ => 4,
        }
    }

    /// The scalar width, checked against the element's size as laid out.
    fn width(&self, elem_size: u32, matrix_stride: Option<u32>) -> Option<u32> {
        let w = self.nominal_width();
        let ok = match *self {
            Shape::Scalar(_) => elem_size == w,
            Shape::Vector(_, n) => elem_size == n * w,
            Shape::Matrix(..) => matrix_stride.is_some_and(|s| s % w == 0) || matrix_stride.is_none(),
        };
        ok.then_some(w)
    }

    fn rust_scalar(&self, width: u32) -> &'static str {
        match (self.scalar(), width) {
            ("float", _) => "f32",
            ("half", _) => "u16",
            ("double", _) => "f64",
            ("int", _) => "i32",
            ("int16_t", _) => "i16",
            ("int64_t", _) => "i64",
            ("uint16_t", _) => "u16",
            ("uint64_t", _) => "u64",
            _ => "u32",
        }
    }
}

/// A Rust type name for an HLSL name (`$Globals` → `Globals`).
pub(crate) fn rust_type_name(hlsl: &str) -> String {
    let mut s: String = hlsl.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert(0, 'T');
    }
    if matches!(s.as_str(), "Self" | "Default" | "Clone" | "Copy" | "Debug" | "PartialEq" | "Binding") {
        s.push('_');
    }
    s
}

/// A Rust field or constant name for an HLSL name: keywords become raw identifiers.
pub(crate) fn rust_field_name(hlsl: &str) -> String {
    let mut s: String = hlsl.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert(0, '_');
    }
    if s.starts_with("_pad") {
        s.insert(0, 'm');
    }
    match s.as_str() {
        "self" | "Self" | "super" | "crate" | "_" => format!("{s}_"),
        kw if is_keyword(kw) => format!("r#{kw}"),
        _ => s,
    }
}

fn is_keyword(s: &str) -> bool {
    matches!(
        s,
        "as" | "break" | "const" | "continue" | "else" | "enum" | "extern" | "false" | "fn" | "for" | "if" | "impl" | "in" | "let" | "loop"
            | "match" | "mod" | "move" | "mut" | "pub" | "ref" | "return" | "static" | "struct" | "trait" | "true" | "type" | "unsafe"
            | "use" | "where" | "while" | "async" | "await" | "dyn" | "abstract" | "become" | "box" | "do" | "final" | "macro"
            | "override" | "priv" | "typeof" | "unsized" | "virtual" | "yield" | "try" | "gen"
    )
}
