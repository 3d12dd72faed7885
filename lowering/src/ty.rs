//! The HLSL type model used by semantic analysis and the typed IR.
//!
//! Types are interned in a [`Types`] arena so that a [`TypeId`] is `Copy` and equality of ids is
//! equality of types (Tint's "semantic types are unique" rule). The model follows HLSL, not
//! naga: matrices are `rows × cols` in HLSL notation (`float4x3` has 4 rows of 3 columns),
//! integer and bool matrices exist, `bool` is a 32-bit value in memory, and resources are types.
//! Lowering maps these to naga's representation (transposed matrices, arrays of vectors for
//! non-float matrices, raw words for D3D buffer layouts).

use indexmap::IndexSet;
use std::fmt;

/// The kind of a scalar.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum ScalarKind {
    Bool,
    Int,
    Uint,
    Float,
}

/// A scalar type: a kind and a width in bytes (2, 4 or 8; `bool` is 4).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Scalar {
    pub kind: ScalarKind,
    pub width: u8,
}

impl Scalar {
    pub const BOOL: Scalar = Scalar { kind: ScalarKind::Bool, width: 4 };
    pub const I16: Scalar = Scalar { kind: ScalarKind::Int, width: 2 };
    pub const U16: Scalar = Scalar { kind: ScalarKind::Uint, width: 2 };
    pub const I32: Scalar = Scalar { kind: ScalarKind::Int, width: 4 };
    pub const U32: Scalar = Scalar { kind: ScalarKind::Uint, width: 4 };
    pub const I64: Scalar = Scalar { kind: ScalarKind::Int, width: 8 };
    pub const U64: Scalar = Scalar { kind: ScalarKind::Uint, width: 8 };
    pub const F16: Scalar = Scalar { kind: ScalarKind::Float, width: 2 };
    pub const F32: Scalar = Scalar { kind: ScalarKind::Float, width: 4 };
    pub const F64: Scalar = Scalar { kind: ScalarKind::Float, width: 8 };

    pub fn is_float(self) -> bool {
        self.kind == ScalarKind::Float
    }

    pub fn is_integer(self) -> bool {
        matches!(self.kind, ScalarKind::Int | ScalarKind::Uint)
    }

    pub fn is_signed(self) -> bool {
        matches!(self.kind, ScalarKind::Int | ScalarKind::Float)
    }

    /// The HLSL spelling (`float`, `uint`, `half` with 16-bit types, `int64_t` …).
    pub fn hlsl_name(self) -> &'static str {
        match (self.kind, self.width) {
            (ScalarKind::Bool, _) => "bool",
            (ScalarKind::Int, 2) => "int16_t",
            (ScalarKind::Int, 8) => "int64_t",
            (ScalarKind::Int, _) => "int",
            (ScalarKind::Uint, 2) => "uint16_t",
            (ScalarKind::Uint, 8) => "uint64_t",
            (ScalarKind::Uint, _) => "uint",
            (ScalarKind::Float, 2) => "half",
            (ScalarKind::Float, 8) => "double",
            (ScalarKind::Float, _) => "float",
        }
    }
}

/// An interned type.
/// An interned type; the default is `void`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Default)]
pub struct TypeId(pub u32);

/// A user struct, by index into [`crate::tir::Module::structs`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct StructId(pub u32);

/// The dimensionality of a texture.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TextureDim {
    D1,
    D1Array,
    D2,
    D2Array,
    D3,
    Cube,
    CubeArray,
    D2MS,
    D2MSArray,
}

impl TextureDim {
    pub fn is_array(self) -> bool {
        matches!(self, TextureDim::D1Array | TextureDim::D2Array | TextureDim::CubeArray | TextureDim::D2MSArray)
    }

    pub fn is_multisampled(self) -> bool {
        matches!(self, TextureDim::D2MS | TextureDim::D2MSArray)
    }

    /// Number of coordinate components, without the array layer.
    pub fn coordinate_size(self) -> u8 {
        match self {
            TextureDim::D1 | TextureDim::D1Array => 1,
            TextureDim::D2 | TextureDim::D2Array | TextureDim::D2MS | TextureDim::D2MSArray => 2,
            TextureDim::D3 | TextureDim::Cube | TextureDim::CubeArray => 3,
        }
    }

    /// The suffix of the `vk::SampledTexture…` names, which spell cubes `CUBE`.
    pub fn vk_suffix(self) -> &'static str {
        match self {
            TextureDim::Cube => "CUBE",
            TextureDim::CubeArray => "CUBEArray",
            other => other.suffix(),
        }
    }

    /// The HLSL name suffix (`2DArray` …).
    pub fn suffix(self) -> &'static str {
        match self {
            TextureDim::D1 => "1D",
            TextureDim::D1Array => "1DArray",
            TextureDim::D2 => "2D",
            TextureDim::D2Array => "2DArray",
            TextureDim::D3 => "3D",
            TextureDim::Cube => "Cube",
            TextureDim::CubeArray => "CubeArray",
            TextureDim::D2MS => "2DMS",
            TextureDim::D2MSArray => "2DMSArray",
        }
    }
}

/// Access of a resource: `Texture2D` vs `RWTexture2D`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Access {
    ReadOnly,
    ReadWrite,
}

/// The flavour of a structured buffer.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum StructuredKind {
    /// `StructuredBuffer<T>`
    ReadOnly,
    /// `RWStructuredBuffer<T>` (and `RasterizerOrderedStructuredBuffer<T>`)
    ReadWrite,
    /// `AppendStructuredBuffer<T>`
    Append,
    /// `ConsumeStructuredBuffer<T>`
    Consume,
}

/// A resource type.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Resource {
    /// `Texture2D<float4>`, `RWTexture3D<uint>`, `Texture2DMS<float4, 4>` …; `combined` for
    /// Vulkan's combined image samplers (`vk::SampledTexture2D<float4>` …), which sample
    /// through their own sampler (SPIR-V only).
    Texture { dim: TextureDim, element: TypeId, access: Access, samples: u32, combined: bool },
    /// `Buffer<T>` / `RWBuffer<T>` (typed buffers).
    TypedBuffer { element: TypeId, access: Access },
    /// `StructuredBuffer<T>` family. `row_major`: the majorness of a matrix element (or
    /// matrix-array element) in memory, as the template argument gives it (`row_major` or
    /// `column_major` written there, a typedef's, or the `#pragma pack_matrix` in effect; DXC's
    /// SPIR-V honours each); `None` leaves it to `-Zpr`/`-Zpc`.
    StructuredBuffer { element: TypeId, kind: StructuredKind, row_major: Option<bool> },
    /// `ByteAddressBuffer` / `RWByteAddressBuffer`.
    ByteAddressBuffer { access: Access },
    /// `ConstantBuffer<T>`.
    ConstantBuffer { element: TypeId },
    /// `TextureBuffer<T>`.
    TextureBuffer { element: TypeId },
    /// `FeedbackTexture2D<…>` / `FeedbackTexture2DArray<…>`; `min_mip` selects
    /// `SAMPLER_FEEDBACK_MIN_MIP` over `SAMPLER_FEEDBACK_MIP_REGION_USED`.
    FeedbackTexture { array: bool, min_mip: bool },
    /// `RaytracingAccelerationStructure`.
    AccelerationStructure,
    /// `SubpassInput<T>` / `SubpassInputMS<T>`: a Vulkan input attachment (SPIR-V only),
    /// read at the pixel's own position with `SubpassLoad`.
    SubpassInput { element: TypeId, multisampled: bool },
}

/// A type.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TypeInner {
    Void,
    Scalar(Scalar),
    Vector { scalar: Scalar, size: u8 },
    /// `rows × cols` in HLSL notation: `float4x3` is 4 rows of `float3`.
    Matrix { scalar: Scalar, rows: u8, cols: u8 },
    /// A fixed-size (`size: Some`) or unsized (`[]`) array.
    Array { base: TypeId, size: Option<u32> },
    Struct(StructId),
    Resource(Resource),
    /// `SamplerState` / `SamplerComparisonState`.
    Sampler { comparison: bool },
    /// `string` (only in annotations and `printf`).
    String,
    /// `RayQuery<RAY_FLAGS, RAYQUERY_FLAGS>`: an inline ray-tracing query object, a
    /// function-local handle (see `sema::ray_query`).
    RayQuery { ray_flags: u32, query_flags: u32 },
    /// `PointStream<T>`, `LineStream<T>`, `TriangleStream<T>`: a geometry shader's output
    /// stream of `T` vertices, an `inout` entry parameter (see `sema::geometry`).
    Stream { topology: StreamTopology, element: TypeId },
    /// A work-graph node object (`DispatchNodeInputRecord<R>`, `NodeOutput<R>`,
    /// `ThreadNodeOutputRecords<R>` …) over record type `record` (`void` for the empty ones);
    /// see `sema::work_graph`.
    Node { object: NodeObject, record: TypeId },
    /// `vk::BufferPointer<T, A>`: the 64-bit device address of a `T` in buffer memory
    /// (`PhysicalStorageBuffer`), whose accesses are aligned to `alignment` bytes; a
    /// `uint64_t` in memory and in naga IR (see `sema::buffer_pointer`).
    BufferPointer { pointee: TypeId, alignment: u32 },
}

/// The kinds of work-graph node objects.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum NodeObject {
    DispatchNodeInputRecord,
    RWDispatchNodeInputRecord,
    GroupNodeInputRecords,
    RWGroupNodeInputRecords,
    ThreadNodeInputRecord,
    RWThreadNodeInputRecord,
    EmptyNodeInput,
    NodeOutput,
    NodeOutputArray,
    EmptyNodeOutput,
    EmptyNodeOutputArray,
    ThreadNodeOutputRecords,
    GroupNodeOutputRecords,
}

impl NodeObject {
    /// Every kind, with its HLSL name.
    pub const ALL: [(NodeObject, &'static str); 13] = [
        (NodeObject::DispatchNodeInputRecord, "DispatchNodeInputRecord"),
        (NodeObject::RWDispatchNodeInputRecord, "RWDispatchNodeInputRecord"),
        (NodeObject::GroupNodeInputRecords, "GroupNodeInputRecords"),
        (NodeObject::RWGroupNodeInputRecords, "RWGroupNodeInputRecords"),
        (NodeObject::ThreadNodeInputRecord, "ThreadNodeInputRecord"),
        (NodeObject::RWThreadNodeInputRecord, "RWThreadNodeInputRecord"),
        (NodeObject::EmptyNodeInput, "EmptyNodeInput"),
        (NodeObject::NodeOutput, "NodeOutput"),
        (NodeObject::NodeOutputArray, "NodeOutputArray"),
        (NodeObject::EmptyNodeOutput, "EmptyNodeOutput"),
        (NodeObject::EmptyNodeOutputArray, "EmptyNodeOutputArray"),
        (NodeObject::ThreadNodeOutputRecords, "ThreadNodeOutputRecords"),
        (NodeObject::GroupNodeOutputRecords, "GroupNodeOutputRecords"),
    ];

    /// The kind an HLSL type name names.
    pub fn from_name(name: &str) -> Option<NodeObject> {
        Self::ALL.iter().find(|(_, n)| *n == name).map(|(k, _)| *k)
    }

    /// The HLSL type name.
    pub fn hlsl_name(self) -> &'static str {
        Self::ALL.iter().find(|(k, _)| *k == self).map_or("?", |(_, n)| n)
    }

    /// Whether the object has no record type (`EmptyNodeInput`, `EmptyNodeOutput`, …).
    pub fn is_empty(self) -> bool {
        matches!(self, NodeObject::EmptyNodeInput | NodeObject::EmptyNodeOutput | NodeObject::EmptyNodeOutputArray)
    }

    /// Whether the object is a node input (an entry parameter holding incoming records).
    pub fn is_input(self) -> bool {
        matches!(
            self,
            NodeObject::DispatchNodeInputRecord
                | NodeObject::RWDispatchNodeInputRecord
                | NodeObject::GroupNodeInputRecords
                | NodeObject::RWGroupNodeInputRecords
                | NodeObject::ThreadNodeInputRecord
                | NodeObject::RWThreadNodeInputRecord
                | NodeObject::EmptyNodeInput
        )
    }

    /// Whether the object is a node output (an entry parameter naming a node to enqueue to).
    pub fn is_output(self) -> bool {
        matches!(self, NodeObject::NodeOutput | NodeObject::NodeOutputArray | NodeObject::EmptyNodeOutput | NodeObject::EmptyNodeOutputArray)
    }

    /// Whether the object holds records the shader reads or writes (`Get`, `[i]`).
    pub fn has_records(self) -> bool {
        (self.is_input() && !self.is_empty()) || matches!(self, NodeObject::ThreadNodeOutputRecords | NodeObject::GroupNodeOutputRecords)
    }

    /// Whether the records may be written (`RW…` inputs and output records).
    pub fn writable(self) -> bool {
        matches!(
            self,
            NodeObject::RWDispatchNodeInputRecord
                | NodeObject::RWGroupNodeInputRecords
                | NodeObject::RWThreadNodeInputRecord
                | NodeObject::ThreadNodeOutputRecords
                | NodeObject::GroupNodeOutputRecords
        )
    }
}

/// The primitive a geometry shader's output stream builds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum StreamTopology {
    Point,
    Line,
    Triangle,
}

impl StreamTopology {
    /// The HLSL type name: `PointStream`, `LineStream`, `TriangleStream`.
    pub fn hlsl_name(self) -> &'static str {
        match self {
            StreamTopology::Point => "PointStream",
            StreamTopology::Line => "LineStream",
            StreamTopology::Triangle => "TriangleStream",
        }
    }
}

/// The interned set of types of one compilation.
#[derive(Debug, Default, Clone)]
pub struct Types {
    set: IndexSet<TypeInner, std::hash::BuildHasherDefault<rustc_hash::FxHasher>>,
    /// The ids of the scalar, vector and matrix types interned so far, by
    /// [`numeric_slot`] (0: not yet). Sema asks for these on nearly every expression
    /// (operand types, conversions, swizzles); a slot is found without hashing.
    numeric: Vec<u32>,
}

/// Slots of [`Types::numeric`]: 4 kinds × 3 widths × 21 shapes.
const NUMERIC_SLOTS: usize = 4 * 3 * 21;

/// The slot of a scalar, vector (sizes 1–4) or matrix (1–4 × 1–4) type of a 2-, 4- or
/// 8-byte scalar, if it has one.
#[inline]
fn numeric_slot(inner: &TypeInner) -> Option<usize> {
    let (scalar, shape) = match *inner {
        TypeInner::Scalar(s) => (s, 0),
        TypeInner::Vector { scalar, size: size @ 1..=4 } => (scalar, size as usize),
        TypeInner::Matrix { scalar, rows: rows @ 1..=4, cols: cols @ 1..=4 } => {
            (scalar, 5 + (rows as usize - 1) * 4 + (cols as usize - 1))
        }
        _ => return None,
    };
    let width = match scalar.width {
        2 => 0,
        4 => 1,
        8 => 2,
        _ => return None,
    };
    Some(((scalar.kind as usize) * 3 + width) * 21 + shape)
}

impl Types {
    pub fn new() -> Self {
        let mut t = Types::default();
        // Fixed ids for the most common types keep dumps stable and lookups free.
        t.insert(TypeInner::Void);
        t
    }

    /// (Inlined: where the kind of `inner` is written at the call, the slot of a scalar,
    /// vector or matrix type is computed there and a type already in the table costs a read.)
    #[inline]
    pub fn insert(&mut self, inner: TypeInner) -> TypeId {
        if let Some(&id) = numeric_slot(&inner).and_then(|slot| self.numeric.get(slot)).filter(|&&id| id != 0) {
            return TypeId(id);
        }
        self.insert_new(inner)
    }

    /// [`Self::insert`] of a type not in the slot table: hashed into the set.
    #[inline(never)]
    fn insert_new(&mut self, inner: TypeInner) -> TypeId {
        let Some(slot) = numeric_slot(&inner) else {
            return TypeId(self.set.insert_full(inner).0 as u32);
        };
        let id = self.set.insert_full(inner).0 as u32;
        if self.numeric.len() < NUMERIC_SLOTS {
            self.numeric.resize(NUMERIC_SLOTS, 0);
        }
        if let Some(cached) = self.numeric.get_mut(slot) {
            *cached = id;
        }
        TypeId(id)
    }

    pub fn get(&self, id: TypeId) -> &TypeInner {
        &self.set[id.0 as usize]
    }

    pub fn iter(&self) -> impl Iterator<Item = (TypeId, &TypeInner)> {
        self.set.iter().enumerate().map(|(i, t)| (TypeId(i as u32), t))
    }

    pub fn void(&self) -> TypeId {
        TypeId(0)
    }

    pub fn scalar(&mut self, s: Scalar) -> TypeId {
        self.insert(TypeInner::Scalar(s))
    }

    /// A vector, or the scalar itself for size 1.
    pub fn vector(&mut self, scalar: Scalar, size: u8) -> TypeId {
        if size == 1 {
            self.scalar(scalar)
        } else {
            self.insert(TypeInner::Vector { scalar, size })
        }
    }

    pub fn matrix(&mut self, scalar: Scalar, rows: u8, cols: u8) -> TypeId {
        self.insert(TypeInner::Matrix { scalar, rows, cols })
    }

    pub fn array(&mut self, base: TypeId, size: Option<u32>) -> TypeId {
        self.insert(TypeInner::Array { base, size })
    }

    /// The scalar of a scalar, vector or matrix type.
    pub fn scalar_of(&self, id: TypeId) -> Option<Scalar> {
        match *self.get(id) {
            TypeInner::Scalar(s) | TypeInner::Vector { scalar: s, .. } | TypeInner::Matrix { scalar: s, .. } => Some(s),
            _ => None,
        }
    }

    /// Shape of a numeric type: (rows, cols) with scalars (1,1), vectors (1,n), matrices (r,c).
    pub fn shape(&self, id: TypeId) -> Option<Shape> {
        match *self.get(id) {
            TypeInner::Scalar(_) => Some(Shape::Scalar),
            TypeInner::Vector { size, .. } => Some(Shape::Vector(size)),
            TypeInner::Matrix { rows, cols, .. } => Some(Shape::Matrix(rows, cols)),
            _ => None,
        }
    }

    /// The type with the same shape as `id` and scalar `s`.
    pub fn with_scalar(&mut self, id: TypeId, s: Scalar) -> TypeId {
        match *self.get(id) {
            TypeInner::Scalar(_) => self.scalar(s),
            TypeInner::Vector { size, .. } => self.vector(s, size),
            TypeInner::Matrix { rows, cols, .. } => self.matrix(s, rows, cols),
            _ => id,
        }
    }

    /// The type of a given shape and scalar.
    pub fn of_shape(&mut self, shape: Shape, s: Scalar) -> TypeId {
        match shape {
            Shape::Scalar => self.scalar(s),
            Shape::Vector(n) => self.vector(s, n),
            Shape::Matrix(r, c) => self.matrix(s, r, c),
        }
    }

    pub fn is_numeric(&self, id: TypeId) -> bool {
        self.shape(id).is_some()
    }

    /// Number of scalar components of a numeric type, or of all leaves of a composite.
    pub fn is_resource_like(&self, id: TypeId) -> bool {
        match *self.get(id) {
            TypeInner::Resource(_) | TypeInner::Sampler { .. } => true,
            TypeInner::Array { base, .. } => self.is_resource_like(base),
            _ => false,
        }
    }
}

/// The shape of a numeric type.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Shape {
    Scalar,
    Vector(u8),
    /// rows, cols
    Matrix(u8, u8),
}

impl Shape {
    /// Number of scalar components.
    pub fn count(self) -> u32 {
        match self {
            Shape::Scalar => 1,
            Shape::Vector(n) => n as u32,
            Shape::Matrix(r, c) => r as u32 * c as u32,
        }
    }
}

/// Formats a type the way HLSL spells it, for diagnostics (`float4`, `float3x3`,
/// `RWStructuredBuffer<Particle>`, `int[4]`).
pub struct Display<'a> {
    pub types: &'a Types,
    pub struct_names: &'a dyn Fn(StructId) -> String,
    pub id: TypeId,
}

impl fmt::Display for Display<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sub = |id| Display { types: self.types, struct_names: self.struct_names, id };
        match *self.types.get(self.id) {
            TypeInner::Void => f.write_str("void"),
            TypeInner::Scalar(s) => f.write_str(s.hlsl_name()),
            TypeInner::Vector { scalar, size } => write!(f, "{}{}", scalar.hlsl_name(), size),
            TypeInner::Matrix { scalar, rows, cols } => write!(f, "{}{}x{}", scalar.hlsl_name(), rows, cols),
            TypeInner::Array { base, size } => {
                // Collect all dimensions so that `int[2][3]` prints in declaration order.
                let mut dims = vec![size];
                let mut base = base;
                while let TypeInner::Array { base: b, size } = *self.types.get(base) {
                    dims.push(size);
                    base = b;
                }
                write!(f, "{}", sub(base))?;
                for d in dims {
                    match d {
                        Some(n) => write!(f, "[{n}]")?,
                        None => f.write_str("[]")?,
                    }
                }
                Ok(())
            }
            TypeInner::Struct(s) => f.write_str(&(self.struct_names)(s)),
            TypeInner::Sampler { comparison: false } => f.write_str("SamplerState"),
            TypeInner::Sampler { comparison: true } => f.write_str("SamplerComparisonState"),
            TypeInner::String => f.write_str("string"),
            TypeInner::RayQuery { ray_flags, query_flags: 0 } => write!(f, "RayQuery<{ray_flags}>"),
            TypeInner::RayQuery { ray_flags, query_flags } => write!(f, "RayQuery<{ray_flags}, {query_flags}>"),
            TypeInner::Stream { topology, element } => write!(f, "{}<{}>", topology.hlsl_name(), sub(element)),
            TypeInner::Node { object, .. } if object.is_empty() => f.write_str(object.hlsl_name()),
            TypeInner::Node { object, record } => write!(f, "{}<{}>", object.hlsl_name(), sub(record)),
            TypeInner::BufferPointer { pointee, alignment: 0 } => write!(f, "vk::BufferPointer<{}>", sub(pointee)),
            TypeInner::BufferPointer { pointee, alignment } => write!(f, "vk::BufferPointer<{}, {alignment}>", sub(pointee)),
            TypeInner::Resource(r) => match r {
                Resource::Texture { dim, element, combined: true, .. } => {
                    write!(f, "vk::SampledTexture{}<{}>", dim.vk_suffix(), sub(element))
                }
                Resource::Texture { dim, element, access, samples, .. } => {
                    let rw = if access == Access::ReadWrite { "RW" } else { "" };
                    if dim.is_multisampled() && samples > 0 {
                        write!(f, "{rw}Texture{}<{}, {samples}>", dim.suffix(), sub(element))
                    } else {
                        write!(f, "{rw}Texture{}<{}>", dim.suffix(), sub(element))
                    }
                }
                Resource::TypedBuffer { element, access } => {
                    let rw = if access == Access::ReadWrite { "RW" } else { "" };
                    write!(f, "{rw}Buffer<{}>", sub(element))
                }
                Resource::StructuredBuffer { element, kind, .. } => {
                    let prefix = match kind {
                        StructuredKind::ReadOnly => "",
                        StructuredKind::ReadWrite => "RW",
                        StructuredKind::Append => "Append",
                        StructuredKind::Consume => "Consume",
                    };
                    write!(f, "{prefix}StructuredBuffer<{}>", sub(element))
                }
                Resource::ByteAddressBuffer { access: Access::ReadOnly } => f.write_str("ByteAddressBuffer"),
                Resource::ByteAddressBuffer { access: Access::ReadWrite } => f.write_str("RWByteAddressBuffer"),
                Resource::ConstantBuffer { element } => write!(f, "ConstantBuffer<{}>", sub(element)),
                Resource::TextureBuffer { element } => write!(f, "TextureBuffer<{}>", sub(element)),
                Resource::FeedbackTexture { array, min_mip } => {
                    let kind = if min_mip { "SAMPLER_FEEDBACK_MIN_MIP" } else { "SAMPLER_FEEDBACK_MIP_REGION_USED" };
                    let array = if array { "Array" } else { "" };
                    write!(f, "FeedbackTexture2D{array}<{kind}>")
                }
                Resource::AccelerationStructure => f.write_str("RaytracingAccelerationStructure"),
                Resource::SubpassInput { element, multisampled } => write!(f, "SubpassInput{}<{}>", if multisampled { "MS" } else { "" }, sub(element)),
            },
        }
    }
}
