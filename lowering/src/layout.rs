//! D3D memory layouts: constant-buffer packing and structured-buffer (tight) layout.
//!
//! A host program written for Direct3D fills buffers by these rules; hlslc keeps them on every
//! target, so the same bytes mean the same values in WGSL and SPIR-V. Two rule sets exist:
//!
//! **Constant buffers** (`cbuffer`, `tbuffer`, `ConstantBuffer<T>`, `$Globals`; FXC's "legacy"
//! packing, which DXC keeps for DXIL):
//! - memory is a sequence of 16-byte registers; a scalar or vector is aligned to its scalar
//!   size and must not straddle a register boundary (it moves to the next register if it would);
//! - arrays start on a register, each element takes a whole number of registers (stride
//!   `roundup(size, 16)`), and there is no padding after the last element: the next member may
//!   pack into the last element's register;
//! - structs start on a register and likewise have no tail padding;
//! - a matrix is stored as vectors, one per register: column-major (the default) stores each
//!   column in a register, row-major each row; its size is `16 * (vectors - 1) + length * size`;
//!   a matrix of one vector packs like that vector;
//! - `packoffset(c#.comp)` places a member explicitly; members after it continue after the
//!   furthest explicitly placed member.
//!
//! **Structured buffers** and byte-address `Load<T>`/`Store<T>` use the tight layout: every
//! value aligned to its scalar size, no register rules (`float3` has stride 12), structs aligned
//! to their largest member and padded to it, matrices stored as their vectors back to back.
//!
//! `bool` occupies 4 bytes in both; 16-bit types (with `-enable-16bit-types`) 2 bytes.
//!
//! A struct member declared `[[vk::offset(N)]]` is at byte N in every layout (it overrules a
//! `packoffset`), as DXC's SPIR-V places it; the members after it follow it.
//!
//! **Push-constant blocks** use DXC's default SPIR-V rule for them, vector-relaxed std430
//! ([`Rules::Std430`]), or with `-fvk-use-dx-layout`/`-fvk-use-scalar-layout` the tight one.
//!
//! **`-fvk-use-gl-layout`** replaces them with OpenGL's strict rules, as DXC does
//! ([`Rules::GlStd140`] for `cbuffer`, `ConstantBuffer<T>` and `$Globals`; [`Rules::GlStd430`]
//! for `tbuffer`, `TextureBuffer<T>`, structured and byte-address buffers, push-constant blocks
//! and shader records): see [`BufferKind`] and [`buffer_rules`]. Typed buffers (`Buffer<T>`,
//! texel buffers in DXC) keep the tight layout.

use crate::tir::Module;
use crate::ty::{ScalarKind, StructId, TypeId, TypeInner};

/// Which layout rules apply.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Rules {
    ConstantBuffer,
    Structured,
    /// DXC's default for SPIR-V storage buffers and push constants: "vector-relaxed" std430.
    /// A vector member is aligned to its component unless that makes it straddle a 16-byte
    /// boundary (then 16); vectors in arrays and matrices take std430's full alignment
    /// (`vec2` twice its component, `vec3`/`vec4` four times), which is also a matrix's vector
    /// stride; arrays and structs are aligned to their most aligned part, with no 16-byte
    /// rounding. hlslc uses it for push-constant blocks (unless `-fvk-use-dx-layout` or
    /// `-fvk-use-scalar-layout` asks for the tight layout).
    Std430,
    /// OpenGL's strict std140 (`-fvk-use-gl-layout`'s constant-buffer rule): a scalar aligned
    /// to its size, a vector to its std430 alignment (`vec3`/`vec4` four components); arrays,
    /// structs and matrices aligned to 16 at least, an array's stride and a struct's size
    /// rounded up to their alignment; a matrix is an array of its stored vectors; a matrix of
    /// one row or one column is that vector. `packoffset` places members as in constant buffers.
    GlStd140,
    /// OpenGL's strict std430 (`-fvk-use-gl-layout`'s storage-buffer rule): std140 without
    /// the rounding to 16.
    GlStd430,
}

/// What a buffer is, for choosing its [`Rules`] (see [`buffer_rules`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BufferKind {
    /// `cbuffer`, `ConstantBuffer<T>`, `$Globals`.
    Constant,
    /// `tbuffer`, `TextureBuffer<T>`.
    Texture,
    /// Structured and byte-address buffers (templated `Load<T>`/`Store<T>`).
    Storage,
}

/// The rules a buffer of `kind` is laid out by: Direct3D's, or with `-fvk-use-gl-layout`
/// OpenGL's std140 (constant buffers) and std430 (the others), as DXC assigns them; with
/// `-fvk-use-scalar-layout` the tight (scalar) layout for every buffer, as DXC's
/// `SpirvLayoutRule::Scalar` (`packoffset` and `register(c#)` still place members).
pub fn buffer_rules(options: &crate::Options, kind: BufferKind) -> Rules {
    match (options.gl_layout, kind) {
        (true, BufferKind::Constant) => Rules::GlStd140,
        (true, _) => Rules::GlStd430,
        (false, BufferKind::Storage) => Rules::Structured,
        (false, _) if options.scalar_layout => Rules::Structured,
        (false, _) => Rules::ConstantBuffer,
    }
}

/// The rules a push-constant block is laid out by: DXC's default vector-relaxed std430, or
/// with `-fvk-use-dx-layout`/`-fvk-use-scalar-layout` the tight layout.
pub fn push_constant_rules(options: &crate::Options) -> Rules {
    if options.gl_layout {
        // DXC lays push constants out by its storage-buffer rule.
        Rules::GlStd430
    } else if options.dx_layout || options.scalar_layout {
        Rules::Structured
    } else {
        Rules::Std430
    }
}

impl Rules {
    /// OpenGL's strict rules (`-fvk-use-gl-layout`).
    pub fn is_gl(self) -> bool {
        matches!(self, Rules::GlStd140 | Rules::GlStd430)
    }

    /// Rules a constant buffer may be laid out by, which place `packoffset`/`register(c#)`
    /// members where they say (only constant-buffer members have them; the tight rules are
    /// a constant buffer's under `-fvk-use-scalar-layout`).
    fn honours_packoffset(self) -> bool {
        matches!(self, Rules::ConstantBuffer | Rules::GlStd140 | Rules::Structured)
    }
}

/// std430's full alignment of a vector of `n` components of `w` bytes.
fn std430_vector_align(n: u32, w: u32) -> u32 {
    match n {
        1 => w,
        2 => 2 * w,
        _ => 4 * w,
    }
}

/// Size and alignment of a value in memory.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Layout {
    pub size: u32,
    pub align: u32,
}

/// How a matrix is stored: `count` vectors of `length` scalars, `stride` bytes apart.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MatrixStorage {
    pub count: u32,
    pub length: u32,
    pub stride: u32,
    /// True if each stored vector is a row (row-major), false if a column.
    pub rows: bool,
}

/// Computes layouts for one module.
pub struct Layouter<'a> {
    pub module: &'a Module,
    /// Matrix majorness when a member does not say (`-Zpr` makes it row-major).
    pub default_row_major: bool,
}

/// Bytes a scalar occupies in memory.
pub fn scalar_size(kind: ScalarKind, width: u8) -> u32 {
    if kind == ScalarKind::Bool { 4 } else { width as u32 }
}

impl Layouter<'_> {
    /// The storage of a `rows × cols` matrix with scalar size `w`.
    pub fn matrix_storage(&self, rows: u8, cols: u8, w: u32, row_major: bool, rules: Rules) -> MatrixStorage {
        if rules.is_gl() && (rows == 1 || cols == 1) {
            // DXC's SPIR-V types a matrix of one row or column as a vector.
            let length = rows as u32 * cols as u32;
            return MatrixStorage { count: 1, length, stride: std430_vector_align(length, w), rows: rows == 1 };
        }
        let (count, length) = if row_major { (rows as u32, cols as u32) } else { (cols as u32, rows as u32) };
        let stride = match rules {
            Rules::ConstantBuffer => 16,
            Rules::Structured => length * w,
            Rules::Std430 | Rules::GlStd430 => std430_vector_align(length, w),
            Rules::GlStd140 => std430_vector_align(length, w).max(16),
        };
        MatrixStorage { count, length, stride, rows: row_major }
    }

    /// Layout of a value of type `ty`; `row_major` applies to matrices (and arrays of them).
    pub fn layout(&self, ty: TypeId, rules: Rules, row_major: Option<bool>) -> Layout {
        let types = &self.module.types;
        let rm = row_major.unwrap_or(self.default_row_major);
        match *types.get(ty) {
            TypeInner::Scalar(s) => {
                let n = scalar_size(s.kind, s.width);
                Layout { size: n, align: n }
            }
            TypeInner::Vector { scalar, size } => {
                let n = scalar_size(scalar.kind, scalar.width);
                let align = if rules.is_gl() { std430_vector_align(size as u32, n) } else { n };
                Layout { size: n * size as u32, align }
            }
            TypeInner::Matrix { scalar, rows, cols } => {
                let w = scalar_size(scalar.kind, scalar.width);
                let m = self.matrix_storage(rows, cols, w, rm, rules);
                let size = m.stride * (m.count - 1) + m.length * w;
                match rules {
                    Rules::ConstantBuffer if m.count > 1 => Layout { size, align: 16 },
                    Rules::Std430 => Layout { size: m.stride * m.count, align: m.stride },
                    Rules::GlStd140 | Rules::GlStd430 if m.count == 1 => Layout { size: m.length * w, align: m.stride },
                    Rules::GlStd140 | Rules::GlStd430 => Layout { size: m.stride * m.count, align: m.stride },
                    _ => Layout { size, align: w },
                }
            }
            TypeInner::Array { base, size } => {
                let el = self.element_layout(base, rules, row_major);
                let stride = self.array_stride(base, rules, row_major);
                let n = size.unwrap_or(1).max(1);
                match rules {
                    Rules::ConstantBuffer => Layout { size: stride * (n - 1) + el.size, align: 16 },
                    Rules::Structured | Rules::Std430 | Rules::GlStd430 => Layout { size: stride * n, align: el.align },
                    Rules::GlStd140 => Layout { size: stride * n, align: el.align.max(16) },
                }
            }
            TypeInner::Struct(s) => {
                let (_, l) = self.struct_layout(s, rules);
                l
            }
            // A 64-bit device address, laid out as a `uint64_t`.
            TypeInner::BufferPointer { .. } => Layout { size: 8, align: 8 },
            _ => Layout { size: 0, align: 1 },
        }
    }

    /// Distance between array elements.
    pub fn array_stride(&self, elem: TypeId, rules: Rules, row_major: Option<bool>) -> u32 {
        let el = self.element_layout(elem, rules, row_major);
        match rules {
            Rules::ConstantBuffer => el.size.div_ceil(16) * 16,
            Rules::Structured | Rules::Std430 | Rules::GlStd430 => el.size.div_ceil(el.align) * el.align,
            Rules::GlStd140 => {
                let align = el.align.max(16);
                el.size.div_ceil(align) * align
            }
        }
    }

    /// The layout of an array element: under [`Rules::Std430`] a vector element takes
    /// std430's full vector alignment (only members are vector-relaxed).
    fn element_layout(&self, elem: TypeId, rules: Rules, row_major: Option<bool>) -> Layout {
        let l = self.layout(elem, rules, row_major);
        match (rules, self.module.types.get(elem)) {
            (Rules::Std430, &TypeInner::Vector { scalar, size }) => Layout { align: std430_vector_align(size as u32, scalar_size(scalar.kind, scalar.width)), ..l },
            _ => l,
        }
    }

    /// Field offsets and the layout of a struct.
    pub fn struct_layout(&self, s: StructId, rules: Rules) -> (Vec<u32>, Layout) {
        let def = &self.module.structs[s.0 as usize];
        let mut offsets = Vec::with_capacity(def.fields.len());
        let mut offset = 0u32;
        let mut max_align = 1u32;
        // Members without an explicit place (packoffset/register(c#)) go after the furthest
        // end of every explicitly placed one, wherever they are declared (DXC's
        // `AllocateDxilConstantBuffer`: user-allocated constants first, the rest after them).
        let packs = rules.honours_packoffset();
        let packed_end = if packs { def.fields.iter().filter_map(|f| f.packoffset.map(|p| p + self.layout(f.ty, rules, f.row_major).size)).max().unwrap_or(0) } else { 0 };
        for f in &def.fields {
            let l = self.layout(f.ty, rules, f.row_major);
            let placed = match (rules, f.packoffset, f.vk_offset) {
                (_, _, Some(v)) => v,
                (Rules::ConstantBuffer, Some(p), None) => p,
                (Rules::ConstantBuffer, None, None) => {
                    let start = offset.max(packed_end);
                    cbuffer_place(start, l, self.is_aggregate(f.ty))
                }
                (Rules::GlStd140 | Rules::Structured, Some(p), None) => p,
                (Rules::GlStd140 | Rules::Structured, None, None) => offset.max(packed_end).div_ceil(l.align) * l.align,
                (Rules::GlStd430, _, None) => offset.div_ceil(l.align) * l.align,
                (Rules::Std430, _, None) => {
                    let aligned = offset.div_ceil(l.align) * l.align;
                    // A vector may not straddle a 16-byte boundary improperly (the rule
                    // constant-buffer members follow too).
                    if matches!(self.module.types.get(f.ty), TypeInner::Vector { .. }) {
                        without_straddle(aligned, l.size)
                    } else {
                        aligned
                    }
                }
            };
            offsets.push(placed);
            if f.packoffset.is_none() || !packs {
                offset = placed + l.size;
            }
            max_align = max_align.max(l.align);
        }
        let end = offsets.iter().zip(&def.fields).map(|(o, f)| o + self.layout(f.ty, rules, f.row_major).size).max().unwrap_or(0);
        let layout = match rules {
            Rules::ConstantBuffer => Layout { size: end, align: 16 },
            Rules::GlStd140 => {
                let align = max_align.max(16);
                Layout { size: end.div_ceil(align) * align, align }
            }
            Rules::Structured | Rules::Std430 | Rules::GlStd430 => Layout { size: end.div_ceil(max_align) * max_align, align: max_align },
        };
        (offsets, layout)
    }

    fn is_aggregate(&self, ty: TypeId) -> bool {
        matches!(self.module.types.get(ty), TypeInner::Array { .. } | TypeInner::Struct(_))
    }
}

/// Where a constant-buffer member of layout `l` goes when the next free byte is `offset`.
fn cbuffer_place(offset: u32, l: Layout, aggregate: bool) -> u32 {
    if aggregate || l.align == 16 {
        return offset.div_ceil(16) * 16;
    }
    without_straddle(offset.div_ceil(l.align) * l.align, l.size)
}

/// `offset`, or the next 16-byte boundary when `size` bytes from `offset` would straddle one:
/// a value smaller than 16 bytes stays within one, a larger one starts at one.
fn without_straddle(offset: u32, size: u32) -> u32 {
    if offset / 16 != (offset + size - 1) / 16 {
        offset.div_ceil(16) * 16
    } else {
        offset
    }
}

/// Size of a type in the tight (structured-buffer) layout, for `sizeof`.
pub fn tight_size(module: &Module, ty: TypeId) -> Option<u32> {
    match module.types.get(ty) {
        TypeInner::Resource(_) | TypeInner::Sampler { .. } | TypeInner::Void | TypeInner::String => None,
        TypeInner::Array { size: None, .. } => None,
        _ => Some(Layouter { module, default_row_major: false }.layout(ty, Rules::Structured, None).size),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tir::{Field, StructDef};
    use crate::ty::{Scalar, Types};

    fn field(name: &str, ty: TypeId, packoffset: Option<u32>) -> Field {
        Field {
            name: name.into(),
            ty,
            semantic: None,
            interpolation: Default::default(),
            precise: false,
            row_major: None,
            packoffset,
            vk_offset: None,
            bit_fields: Vec::new(),
            span: Default::default(),
        }
    }

    fn module_with(fields: impl FnOnce(&mut Types) -> Vec<Field>) -> Module {
        let mut m = Module { types: Types::new(), ..Default::default() };
        let f = fields(&mut m.types);
        m.structs.push(StructDef { name: "S".into(), fields: f, span: Default::default() });
        m
    }

    #[test]
    fn cbuffer_packs_scalars_into_registers_without_straddling() {
        // float a; float3 b; float c; float2 d; float2 e; → 0, 4, 16, 20, 32 (e would straddle at 28)
        let m = module_with(|t| {
            let f = t.scalar(Scalar::F32);
            let f2 = t.vector(Scalar::F32, 2);
            let f3 = t.vector(Scalar::F32, 3);
            vec![field("a", f, None), field("b", f3, None), field("c", f, None), field("d", f2, None), field("e", f2, None)]
        });
        let l = Layouter { module: &m, default_row_major: false };
        let (offsets, layout) = l.struct_layout(StructId(0), Rules::ConstantBuffer);
        assert_eq!(offsets, vec![0, 4, 16, 20, 32]);
        assert_eq!(layout.size, 40);
    }

    #[test]
    fn cbuffer_arrays_have_register_stride_and_no_tail_padding() {
        // float a[3]; float b; → a at 0 (stride 16, size 36), b at 36.
        let m = module_with(|t| {
            let f = t.scalar(Scalar::F32);
            let arr = t.array(f, Some(3));
            vec![field("a", arr, None), field("b", f, None)]
        });
        let l = Layouter { module: &m, default_row_major: false };
        let (offsets, _) = l.struct_layout(StructId(0), Rules::ConstantBuffer);
        assert_eq!(offsets, vec![0, 36]);
    }

    #[test]
    fn cbuffer_matrices_by_majorness() {
        let m = module_with(|t| {
            let m43 = t.matrix(Scalar::F32, 4, 3);
            let f = t.scalar(Scalar::F32);
            let mut rm = field("r", m43, None);
            rm.row_major = Some(true);
            vec![field("c", m43, None), field("x", f, None), rm, field("y", f, None)]
        });
        let l = Layouter { module: &m, default_row_major: false };
        let (offsets, _) = l.struct_layout(StructId(0), Rules::ConstantBuffer);
        // column-major float4x3: 3 registers of 4 → size 48; x packs at 48.
        // row-major float4x3: 4 registers of 3 → size 60 at 64; y at 124.
        assert_eq!(offsets, vec![0, 48, 64, 124]);
    }

    /// The struct of the table in DXC's SPIR-V.rst, "Memory layout rules": `float a; float3 b;
    /// S c; float2x3 d; row_major float2x3 e; int f[3]; float2 g[2];` with `struct S { float3 f; }`.
    fn memory_layout_rules_struct() -> Module {
        let mut m = module_with(|t| {
            let f = t.scalar(Scalar::F32);
            let i = t.scalar(Scalar::I32);
            let f3 = t.vector(Scalar::F32, 3);
            let f2 = t.vector(Scalar::F32, 2);
            let m23 = t.matrix(Scalar::F32, 2, 3);
            let s = t.insert(TypeInner::Struct(StructId(1)));
            let i3 = t.insert(TypeInner::Array { base: i, size: Some(3) });
            let f22 = t.insert(TypeInner::Array { base: f2, size: Some(2) });
            let mut e = field("e", m23, None);
            e.row_major = Some(true);
            vec![field("a", f, None), field("b", f3, None), field("c", s, None), field("d", m23, None), e, field("f", i3, None), field("g", f22, None)]
        });
        let f3 = m.types.vector(Scalar::F32, 3);
        m.structs.push(StructDef { name: "S".into(), fields: vec![field("f", f3, None)], span: Default::default() });
        m
    }

    #[test]
    fn std430_is_vector_relaxed_as_dxc_documents() {
        // DXC's SPIR-V.rst, "Memory layout rules", storage buffer column 1 (its default).
        let m = memory_layout_rules_struct();
        let l = Layouter { module: &m, default_row_major: false };
        let (offsets, _) = l.struct_layout(StructId(0), Rules::Std430);
        assert_eq!(offsets, vec![0, 4, 16, 32, 64, 96, 112]);
    }

    #[test]
    fn gl_layouts_are_strict_std140_and_std430_as_dxc_documents() {
        // DXC's SPIR-V.rst, "Memory layout rules", the GL columns (`-fvk-use-gl-layout`).
        let m = memory_layout_rules_struct();
        let l = Layouter { module: &m, default_row_major: false };
        let (offsets, layout) = l.struct_layout(StructId(0), Rules::GlStd140);
        assert_eq!(offsets, vec![0, 16, 32, 48, 96, 128, 176]);
        assert_eq!(layout, Layout { size: 208, align: 16 });
        let (offsets, layout) = l.struct_layout(StructId(0), Rules::GlStd430);
        assert_eq!(offsets, vec![0, 16, 32, 48, 80, 112, 128]);
        assert_eq!(layout, Layout { size: 144, align: 16 });
    }

    #[test]
    fn gl_std140_rounds_arrays_and_structs_to_16() {
        // float a[2]; float b; struct { float x; } s; float c; float1x3 v; float d;
        let mut m = module_with(|t| {
            let f = t.scalar(Scalar::F32);
            let arr = t.array(f, Some(2));
            let s = t.insert(TypeInner::Struct(StructId(1)));
            let m13 = t.matrix(Scalar::F32, 1, 3);
            vec![field("a", arr, None), field("b", f, None), field("s", s, None), field("c", f, None), field("v", m13, None), field("d", f, None)]
        });
        let f = m.types.scalar(Scalar::F32);
        m.structs.push(StructDef { name: "X".into(), fields: vec![field("x", f, None)], span: Default::default() });
        let l = Layouter { module: &m, default_row_major: false };
        // std140: a stride 16 (size 32), b 32, s 48 (size 16), c 64, v a vector (align 16) 80, d 92.
        assert_eq!(l.struct_layout(StructId(0), Rules::GlStd140).0, vec![0, 32, 48, 64, 80, 92]);
        // std430: a stride 4, b 8, s 12, c 16, v 32 (float3 aligned to 16), d 44.
        assert_eq!(l.struct_layout(StructId(0), Rules::GlStd430).0, vec![0, 8, 12, 16, 32, 44]);
    }

    #[test]
    fn std430_moves_a_straddling_vector_to_16() {
        let m = module_with(|t| {
            let f2 = t.vector(Scalar::F32, 2);
            let f3 = t.vector(Scalar::F32, 3);
            vec![field("resolution", f2, None), field("position", f3, None), field("color", f3, None)]
        });
        let l = Layouter { module: &m, default_row_major: false };
        assert_eq!(l.struct_layout(StructId(0), Rules::Std430).0, vec![0, 16, 32]);
        assert_eq!(l.struct_layout(StructId(0), Rules::Structured).0, vec![0, 8, 20]);
    }

    #[test]
    fn vk_offset_places_a_member_in_both_layouts() {
        let m = module_with(|t| {
            let u = t.scalar(Scalar::U32);
            let mut b = field("b", u, None);
            b.vk_offset = Some(16);
            vec![field("a", u, None), b, field("c", u, None)]
        });
        let l = Layouter { module: &m, default_row_major: false };
        for rules in [Rules::Structured, Rules::ConstantBuffer] {
            let (offsets, layout) = l.struct_layout(StructId(0), rules);
            assert_eq!(offsets, vec![0, 16, 20], "{rules:?}");
            assert_eq!(layout.size, 24, "{rules:?}");
        }
    }

    #[test]
    fn packoffset_places_members_and_later_members_follow() {
        let m = module_with(|t| {
            let f = t.scalar(Scalar::F32);
            let f3 = t.vector(Scalar::F32, 3);
            vec![field("a", f, Some(0)), field("b", f3, Some(4)), field("c", f, None)]
        });
        let l = Layouter { module: &m, default_row_major: false };
        let (offsets, _) = l.struct_layout(StructId(0), Rules::ConstantBuffer);
        assert_eq!(offsets, vec![0, 4, 16]);
    }

    #[test]
    fn members_without_packoffset_follow_every_explicit_member() {
        // `float x; float y : register(c0); float2 z : register(c9);` (DXC's
        // vk.layout.register-c.mixed): x goes after z's end (c9.y → byte 152), not at 0.
        let m = module_with(|t| {
            let f = t.scalar(Scalar::F32);
            let f2 = t.vector(Scalar::F32, 2);
            vec![field("x", f, None), field("y", f, Some(0)), field("z", f2, Some(144)), field("w", f, None)]
        });
        let l = Layouter { module: &m, default_row_major: false };
        let (offsets, _) = l.struct_layout(StructId(0), Rules::ConstantBuffer);
        assert_eq!(offsets, vec![152, 0, 144, 156]);
    }

    #[test]
    fn structured_layout_is_tight() {
        let m = module_with(|t| {
            let f3 = t.vector(Scalar::F32, 3);
            let f = t.scalar(Scalar::F32);
            let d = t.scalar(Scalar::F64);
            vec![field("p", f3, None), field("w", f, None), field("d", d, None)]
        });
        let l = Layouter { module: &m, default_row_major: false };
        let (offsets, layout) = l.struct_layout(StructId(0), Rules::Structured);
        assert_eq!(offsets, vec![0, 12, 16]);
        assert_eq!(layout.size, 24);
    }

    #[test]
    fn scalar_layout_of_constant_buffers() {
        // `-fvk-use-scalar-layout` lays constant buffers out tightly: a float3 after a float2
        // at 8 (Direct3D's packing moves it to 16), a float[4] with stride 4.
        let moved = module_with(|t| {
            let (f2, f3) = (t.vector(Scalar::F32, 2), t.vector(Scalar::F32, 3));
            vec![field("uv", f2, None), field("n", f3, None)]
        });
        let l = Layouter { module: &moved, default_row_major: false };
        assert_eq!(l.struct_layout(StructId(0), Rules::Structured).0, vec![0, 8]);
        assert_eq!(l.struct_layout(StructId(0), Rules::ConstantBuffer).0, vec![0, 16]);
        let spaced = module_with(|t| {
            let (f4, f) = (t.vector(Scalar::F32, 4), t.scalar(Scalar::F32));
            let arr = t.array(f, Some(4));
            vec![field("b", f4, None), field("w", arr, None)]
        });
        let l = Layouter { module: &spaced, default_row_major: false };
        let (offsets, layout) = l.struct_layout(StructId(0), Rules::Structured);
        assert_eq!((offsets, layout.size), (vec![0, 16], 32));
        // `packoffset(c2)` still places a member (DXC honours it under every rule set); the
        // members without one follow every explicit one, as in constant buffers' packing.
        let placed = module_with(|t| {
            let (f, f2) = (t.scalar(Scalar::F32), t.vector(Scalar::F32, 2));
            vec![field("a", f, None), field("p", f2, Some(32)), field("q", f, None)]
        });
        let l = Layouter { module: &placed, default_row_major: false };
        assert_eq!(l.struct_layout(StructId(0), Rules::Structured).0, vec![40, 32, 44]);
    }
}
