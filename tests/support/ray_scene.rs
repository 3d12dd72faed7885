//! The ray-tracing test scene and its CPU model, shared by the GPU tests of inline ray
//! tracing (`rayquery_device.rs`) and of ray-tracing pipelines (`raytracing_device.rs`):
//! one BLAS of four triangles of both windings, two instances of it (identity, and a rotation
//! about z plus a translation), a grid of rays from the plane z = -10 along +z (tilted), and
//! an independent CPU ray–triangle intersection (Möller–Trumbore, D3D's facing rule).
#![allow(dead_code)]

/// Rays per side of the grid.
pub const GRID: u32 = 32;

/// The BLAS: four triangles (object space), two of each winding.
pub const TRIANGLES: [[[f32; 3]; 3]; 4] = [
    [[-3.0, -3.0, 0.0], [-1.0, -3.0, 0.0], [-3.0, -1.0, 0.0]],
    [[1.0, -3.0, 1.0], [1.0, -1.0, 1.0], [3.0, -3.0, 1.0]],
    [[-3.0, 1.0, 2.0], [3.0, 1.0, 2.0], [0.0, 3.5, 2.0]],
    [[-6.0, -6.0, 3.0], [-6.0, 8.0, 3.0], [8.0, -6.0, 3.0]],
];

/// The TLAS instances: (object-to-world 3×4 row-major, custom data (`InstanceID()`)).
pub const INSTANCES: [([f32; 12], u32); 2] =
    [([1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0], 7), ([0.0, -1.0, 0.0, 0.5, 1.0, 0.0, 0.0, 0.25, 0.0, 0.0, 1.0, 10.0], 42)];

pub type V3 = [f32; 3];

pub fn sub(a: V3, b: V3) -> V3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}
pub fn dot(a: V3, b: V3) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
pub fn cross(a: V3, b: V3) -> V3 {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}

/// The ray of grid cell (x, y), as `GridRay` in trace.hlsl computes it.
pub fn grid_ray(x: u32, y: u32) -> (V3, V3) {
    let origin = [-4.0 + 8.0 * (x as f32 + 0.37) / GRID as f32, -4.0 + 8.0 * (y as f32 + 0.61) / GRID as f32, -10.0];
    let d = [0.01 * x as f32, -0.02, 1.0];
    let len = dot(d, d).sqrt();
    (origin, [d[0] / len, d[1] / len, d[2] / len])
}

/// World → object for an affine 3×4 object-to-world matrix with an orthonormal 3×3 part.
pub fn to_object(m: &[f32; 12], p: V3, w: f32) -> V3 {
    let q = [p[0] - w * m[3], p[1] - w * m[7], p[2] - w * m[11]];
    [m[0] * q[0] + m[4] * q[1] + m[8] * q[2], m[1] * q[0] + m[5] * q[1] + m[9] * q[2], m[2] * q[0] + m[6] * q[1] + m[10] * q[2]]
}

/// The world-to-object matrix's translation (HLSL `WorldToObject4x3()[3]`).
pub fn world_to_object_translation(m: &[f32; 12]) -> V3 {
    to_object(m, [0.0, 0.0, 0.0], 1.0)
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hit {
    pub t: f32,
    pub instance: u32,
    pub primitive: u32,
    pub bary: [f32; 2],
    pub front: bool,
    pub object_origin: V3,
    pub object_direction: V3,
}

/// Every triangle the ray crosses within `[tmin, tmax]` (all instances, unsorted), or `None`
/// when the ray passes within `EDGE` (barycentric) of a triangle edge, where the driver and
/// the CPU may disagree (not checked).
pub fn cpu_hits(origin: V3, direction: V3, tmin: f32, tmax: f32) -> Option<Vec<Hit>> {
    const EDGE: f32 = 1e-3;
    let mut hits = Vec::new();
    for (instance, (m, _)) in INSTANCES.iter().enumerate() {
        let (o, d) = (to_object(m, origin, 1.0), to_object(m, direction, 0.0));
        for (primitive, tri) in TRIANGLES.iter().enumerate() {
            // Möller–Trumbore, barycentrics unclamped.
            let (e1, e2) = (sub(tri[1], tri[0]), sub(tri[2], tri[0]));
            let p = cross(d, e2);
            let det = dot(e1, p);
            if det.abs() < 1e-8 {
                continue;
            }
            let s = sub(o, tri[0]);
            let u = dot(s, p) / det;
            let q = cross(s, e1);
            let v = dot(d, q) / det;
            let t = dot(e2, q) / det;
            if t < tmin || t > tmax {
                continue;
            }
            let margin = u.min(v).min(1.0 - u - v);
            if margin.abs() < EDGE {
                return None;
            }
            if margin > 0.0 {
                // D3D: front facing when clockwise seen from the ray origin (left-handed), i.e.
                // the geometric normal e1 × e2 points against the ray.
                let front = dot(cross(e1, e2), d) < 0.0;
                hits.push(Hit { t, instance: instance as u32, primitive: primitive as u32, bary: [u, v], front, object_origin: o, object_direction: d });
            }
        }
    }
    Some(hits)
}
