//! HLSL types → naga types (value representation).
//!
//! - scalars map one to one (`bool` is naga's 1-byte bool in registers; in buffers it is a
//!   32-bit word, handled by [`super::raw`]);
//! - a float matrix with at least two rows and two columns is a naga matrix with the HLSL rows
//!   as naga columns (the transpose trick, see [`super`]);
//! - every other matrix (integer, bool, `float1xN`, `floatNx1`) is an array of its rows, each a
//!   vector (or a scalar for one column), which is DXC's representation of non-float matrices;
//! - structs get naga's natural layout (they live in registers; buffer layouts are separate).

use super::Lowerer;
use crate::ty::{Scalar, ScalarKind, TypeId, TypeInner};
use naga::Handle;

/// How a matrix value is represented.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum MatrixRep {
    /// A naga matrix: column `i` is HLSL row `i`.
    Naga,
    /// An array of the HLSL rows.
    Rows,
}

pub(crate) fn matrix_rep(scalar: Scalar, rows: u8, cols: u8) -> MatrixRep {
    if scalar.kind == ScalarKind::Float && rows >= 2 && cols >= 2 {
        MatrixRep::Naga
    } else {
        MatrixRep::Rows
    }
}

pub(crate) fn naga_scalar(s: Scalar) -> naga::Scalar {
    match s.kind {
        ScalarKind::Bool => naga::Scalar::BOOL,
        ScalarKind::Int => naga::Scalar { kind: naga::ScalarKind::Sint, width: s.width },
        ScalarKind::Uint => naga::Scalar { kind: naga::ScalarKind::Uint, width: s.width },
        ScalarKind::Float => naga::Scalar { kind: naga::ScalarKind::Float, width: s.width },
    }
}

pub(crate) fn vector_size(n: u8) -> naga::VectorSize {
    match n {
        2 => naga::VectorSize::Bi,
        3 => naga::VectorSize::Tri,
        _ => naga::VectorSize::Quad,
    }
}

impl Lowerer<'_> {
    /// Inserts a naga type and keeps the layouter current.
    pub fn insert_type(&mut self, inner: naga::TypeInner, name: Option<String>) -> Handle<naga::Type> {
        let h = self.module.types.insert(naga::Type { name, inner }, naga::Span::UNDEFINED);
        // Layouts of new types are needed for strides and offsets.
        let _ = self.layouter.update(self.module.to_ctx());
        h
    }

    pub fn scalar_type(&mut self, s: naga::Scalar) -> Handle<naga::Type> {
        self.insert_type(naga::TypeInner::Scalar(s), None)
    }

    pub fn vector_type(&mut self, s: naga::Scalar, n: u8) -> Handle<naga::Type> {
        if n == 1 {
            return self.scalar_type(s);
        }
        self.insert_type(naga::TypeInner::Vector { size: vector_size(n), scalar: s }, None)
    }

    /// A fixed-size array with naga's natural stride.
    pub fn array_type(&mut self, base: Handle<naga::Type>, n: Option<u32>) -> Handle<naga::Type> {
        let stride = self.layouter[base].to_stride();
        let size = match n.and_then(std::num::NonZeroU32::new) {
            Some(n) => naga::ArraySize::Constant(n),
            None => naga::ArraySize::Dynamic,
        };
        self.insert_type(naga::TypeInner::Array { base, size, stride }, None)
    }

    /// The naga type of an HLSL value.
    pub fn ty(&mut self, t: TypeId) -> Handle<naga::Type> {
        if let Some(&Some(h)) = self.types.get(t.0 as usize) {
            return h;
        }
        let h = match *self.tys.get(t) {
            TypeInner::Void | TypeInner::String => self.scalar_type(naga::Scalar::U32),
            TypeInner::Scalar(s) => self.scalar_type(naga_scalar(s)),
            TypeInner::Vector { scalar, size } => self.vector_type(naga_scalar(scalar), size),
            TypeInner::Matrix { scalar, rows, cols } => match matrix_rep(scalar, rows, cols) {
                MatrixRep::Naga => self.insert_type(
                    naga::TypeInner::Matrix { columns: vector_size(rows), rows: vector_size(cols), scalar: naga_scalar(scalar) },
                    None,
                ),
                MatrixRep::Rows => {
                    let row = self.vector_type(naga_scalar(scalar), cols);
                    self.array_type(row, Some(rows as u32))
                }
            },
            TypeInner::Array { base, size } => {
                let b = self.ty(base);
                self.array_type(b, size)
            }
            TypeInner::Struct(s) => self.struct_type(s),
            // Resources are handled by globals; a value of resource type never exists.
            TypeInner::Resource(_) | TypeInner::Sampler { .. } => self.scalar_type(naga::Scalar::U32),
            // The template flags are OR-ed into `TraceRayInline`'s flags by sema.
            TypeInner::RayQuery { .. } => self.insert_type(naga::TypeInner::RayQuery { vertex_return: false }, None),
            // A stream is written through stand-in globals (see `geometry`); its value is unused.
            TypeInner::Stream { .. } => self.scalar_type(naga::Scalar::U32),
            // Output records are locals of a record array (see `work_graph`); inputs and
            // outputs are marker globals, never values.
            TypeInner::Node { object, record } if object.has_records() => self.node_records_type(record),
            TypeInner::Node { .. } => self.scalar_type(naga::Scalar::U32),
            // The device address; accesses through it are `PlaceRoot::Pointee` places.
            TypeInner::BufferPointer { .. } => self.scalar_type(naga::Scalar::U64),
        };
        let i = t.0 as usize;
        if self.types.len() <= i {
            self.types.resize(i + 1, None);
        }
        self.types[i] = Some(h);
        h
    }

    fn struct_type(&mut self, s: crate::ty::StructId) -> Handle<naga::Type> {
        if let Some(k) = self.tir.spirv_types.iter().position(|(st, _)| *st == s) {
            return self.spirv_type_stand_in(k);
        }
        let def = &self.tir.structs[s.0 as usize];
        let field_types: Vec<(String, TypeId)> = def.fields.iter().map(|f| (f.name.clone(), f.ty)).collect();
        let name = sanitize(&def.name);
        let mut members = Vec::new();
        let mut offset = 0u32;
        let mut align = 1u32;
        for (fname, fty) in field_types {
            let h = self.ty(fty);
            let l = self.layouter[h];
            let a = l.alignment.round_up(1);
            offset = offset.div_ceil(a) * a;
            members.push(naga::StructMember { name: Some(sanitize(&fname)), ty: h, binding: None, offset });
            offset += l.size;
            align = align.max(a);
        }
        if members.is_empty() {
            // naga structs need a member; an empty HLSL struct gets a placeholder.
            let u = self.scalar_type(naga::Scalar::U32);
            members.push(naga::StructMember { name: Some("_empty".into()), ty: u, binding: None, offset: 0 });
            offset = 4;
            align = 4;
        }
        let span = offset.div_ceil(align) * align;
        self.insert_type(naga::TypeInner::Struct { members, span }, Some(name))
    }

    /// The naga scalar of an HLSL numeric type.
    pub fn scalar_of(&self, t: TypeId) -> Scalar {
        self.tys.scalar_of(t).unwrap_or(Scalar::U32)
    }
}

/// A name valid in WGSL and SPIR-V (`$Globals` → `_Globals`, `Foo<int>` → `Foo_int_`).
pub(crate) fn sanitize(name: &str) -> String {
    // Most names are valid already: one copy.
    let valid = name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_') && name.bytes().next().is_some_and(|c| !c.is_ascii_digit()) && !name.starts_with("__");
    if valid {
        return name.to_owned();
    }
    let mut s: String = name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert(0, '_');
    }
    // WGSL reserves identifiers starting with two underscores.
    while s.starts_with("__") {
        s.remove(0);
    }
    s
}
