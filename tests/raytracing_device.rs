//! Ray-tracing pipelines on a device (ignored by default: lavapipe in Mesa 22.3 has no
//! `VK_KHR_ray_tracing_pipeline`; Mesa 25's lavapipe has it). Run with a driver that has it,
//! e.g. the Mesa 25.0.7 lavapipe unpacked at `/tmp/mesa25`:
//!
//! ```text
//! VK_ICD_FILENAMES=/tmp/mesa25/usr/share/vulkan/icd.d/lvp_icd.json \
//! LD_LIBRARY_PATH=/tmp/mesa25/usr/lib/x86_64-linux-gnu \
//! cargo test --test raytracing_device -- --ignored --nocapture
//! ```
//!
//! `tests/exec_device/raytracing/pipeline.hlsl` (`lib_6_3`, all six stages) is compiled by
//! hlslc to SPIR-V and run through `raw_vulkan/ray_tracing.rs` (`ash`; wgpu has no
//! ray-tracing pipelines): a TLAS of the two triangle instances of `support/ray_scene.rs`
//! (mask 0x01) and one AABB instance holding a sphere (mask 0x02), a shader binding table of
//! one ray-generation shader, two miss shaders, a triangle hit group (closest hit + any hit,
//! with a shader record the closest-hit shader reads through `[[vk::shader_record_ext]]`)
//! a procedural hit group (intersection + closest hit), a hit group whose any-hit shader
//! calls `AcceptHitAndEndSearch()`, and one callable shader; a
//! `GRID`×`GRID` launch. Each ray's words are compared with independent CPU models: the
//! shared ray–triangle intersection (with the any-hit shader's `IgnoreHit` of primitive 2,
//! and the number of any-hit invocations between what must and what may run), a CPU ray–
//! sphere intersection for the procedural trace (SBT offset 1, miss index 1, the `ReportHit`
//! kind and attributes), one of the ray's hits committed after exactly one any-hit
//! invocation for the accept-first trace (SBT offset 2), and the callable shader's
//! arithmetic. The test fails, rather than
//! skips, without a ray-tracing device: it is only run on purpose.

#[path = "support/ray_scene.rs"]
mod ray_scene;
#[path = "raw_vulkan/ray_tracing.rs"]
mod rt;
#[path = "support/validate.rs"]
#[allow(dead_code)]
mod validate;

use ray_scene::*;

const PIPELINE: &str = include_str!("exec_device/raytracing/pipeline.hlsl");
const WORDS: usize = 44;
/// The sphere of the AABB instance: world-space centre (the instance's translation), radius
/// (`SPHERE_RADIUS` in pipeline.hlsl).
const SPHERE: (V3, f32) = ([0.5, -0.5, 4.0], 1.5);
/// `RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES`, given to the triangle trace.
const TRIANGLE_FLAGS: u32 = 0x200;

fn compile() -> Vec<u32> {
    let source = hlslc::Source::new("pipeline.hlsl", PIPELINE.to_string());
    let options = hlslc::Options { target: hlslc::Target::SpirV, ..hlslc::Options::new("lib_6_3") };
    let compiled = hlslc::compile(&source, &options).unwrap_or_else(|e| panic!("{}", e.render()));
    compiled.spirv().unwrap_or_else(|e| panic!("{}", e.render()))
}

/// The triangle hit group's shader record (`HitRecord` in pipeline.hlsl), in D3D's
/// constant-buffer packing: `tint` at 0, `index` at 16, `scale` at 20.
fn hit_record() -> Vec<u8> {
    let mut r = Vec::new();
    for v in [0.25f32, 0.5, 0.75, 1.0] {
        r.extend(v.to_le_bytes());
    }
    r.extend(17u32.to_le_bytes());
    r.extend(3.5f32.to_le_bytes());
    r
}

/// The procedural trace's CPU model: `None` near the sphere's silhouette (not checked),
/// `Some(None)` for a miss, `Some(Some((t, normal)))` for a hit.
fn cpu_sphere(origin: V3, direction: V3) -> Option<Option<(f32, V3)>> {
    let (centre, r) = SPHERE;
    let oc = sub(origin, centre);
    let b = dot(oc, direction);
    let disc = b * b - (dot(oc, oc) - r * r);
    if disc.abs() < 0.05 {
        return None;
    }
    if disc < 0.0 {
        return Some(None);
    }
    let t = -b - disc.sqrt();
    let p = [oc[0] + t * direction[0], oc[1] + t * direction[1], oc[2] + t * direction[2]];
    Some(Some((t, [p[0] / r, p[1] / r, p[2] / r])))
}

/// Differences between one ray's words and the CPU models; `Ok(false)` when the ray is not
/// checked (near an edge).
fn check_ray(x: u32, y: u32, w: &[u32]) -> Result<bool, String> {
    let (origin, direction) = grid_ray(x, y);
    let f = |i: usize| f32::from_bits(w[i]);
    let mut errors = Vec::new();
    let close = |errors: &mut Vec<String>, what: &str, got: f32, want: f32, tol: f32| {
        if (got - want).abs() > tol * want.abs().max(1.0) {
            errors.push(format!("{what} {got} (want {want})"));
        }
    };
    let exact = |errors: &mut Vec<String>, what: &str, i: usize, want: u32| {
        if w[i] != want {
            errors.push(format!("{what} {} (want {want})", w[i]));
        }
    };
    let mut checked = false;
    // The triangle trace: primitive 2 is ignored by the any-hit shader.
    if let Some(hits) = cpu_hits(origin, direction, 0.5, 100.0) {
        checked = true;
        let closest = hits.iter().filter(|h| h.primitive != 2).min_by(|a, b| a.t.total_cmp(&b.t)).copied();
        exact(&mut errors, "RayFlags()", 22, TRIANGLE_FLAGS);
        close(&mut errors, "RayTMin()", f(23), 0.5, 0.0);
        for (k, want) in origin.iter().enumerate() {
            close(&mut errors, "WorldRayOrigin()", f(24 + k), *want, 1e-5);
        }
        match closest {
            None => {
                exact(&mut errors, "status (a miss)", 0, 0);
                exact(&mut errors, "miss shader 0's mark", 28, 100);
                // No hit is ever committed, so the any-hit shader sees every candidate.
                exact(&mut errors, "any-hit invocations", 27, hits.len() as u32);
            }
            Some(h) => {
                let m = &INSTANCES[h.instance as usize].0;
                exact(&mut errors, "status", 0, 1);
                exact(&mut errors, "instance index", 2, h.instance);
                exact(&mut errors, "instance id", 3, INSTANCES[h.instance as usize].1);
                exact(&mut errors, "primitive index", 4, h.primitive);
                exact(&mut errors, "geometry index", 5, 0);
                exact(&mut errors, "front face", 8, h.front as u32);
                exact(&mut errors, "miss mark", 28, 0);
                // The shader record: index + scale * tint.w, and tint.y.
                close(&mut errors, "shader record", f(38), 17.0 + 3.5 * 1.0, 0.0);
                close(&mut errors, "shader record tint", f(39), 0.5, 0.0);
                close(&mut errors, "t", f(1), h.t, 1e-4);
                close(&mut errors, "barycentric u", f(6), h.bary[0], 1e-3);
                close(&mut errors, "barycentric v", f(7), h.bary[1], 1e-3);
                for k in 0..3 {
                    close(&mut errors, "object ray origin", f(9 + k), h.object_origin[k], 1e-4);
                    close(&mut errors, "object ray direction", f(12 + k), h.object_direction[k], 1e-4);
                    close(&mut errors, "world-to-object translation", f(19 + k), world_to_object_translation(m)[k], 1e-5);
                }
                for (k, want) in m.iter().take(4).enumerate() {
                    close(&mut errors, "object-to-world row 0", f(15 + k), *want, 1e-6);
                }
                // Every candidate no farther than the closest hit must reach the any-hit
                // shader (ignored ones too); farther ones may, depending on traversal order.
                let must = hits.iter().filter(|c| c.t <= h.t).count() as u32;
                if w[27] < must || w[27] > hits.len() as u32 {
                    errors.push(format!("any-hit invocations {} (want {must}..={})", w[27], hits.len()));
                }
            }
        }
    }
    // The procedural trace: SBT offset 1 picks the sphere's hit group, miss index 1 the second
    // miss shader (which also sees `RayTCurrent()` = TMax).
    if let Some(sphere) = cpu_sphere(origin, direction) {
        checked = true;
        match sphere {
            None => {
                exact(&mut errors, "procedural status (a miss)", 29, 0);
                exact(&mut errors, "miss shader 1's mark", 35, 201);
            }
            Some((t, normal)) => {
                exact(&mut errors, "procedural status", 29, 2);
                close(&mut errors, "procedural t", f(30), t, 1e-4);
                exact(&mut errors, "HitKind() of ReportHit", 31, 5);
                for (k, want) in normal.iter().enumerate() {
                    close(&mut errors, "reported normal", f(32 + k), *want, 1e-3);
                }
                exact(&mut errors, "procedural miss mark", 35, 0);
                exact(&mut errors, "procedural instance index", 36, 2);
            }
        }
    }
    // The accept-first trace: the first candidate the driver finds is committed and ends
    // the search (which one depends on traversal order, so any of the ray's hits), after
    // exactly one any-hit invocation whose payload write before the call is kept and whose
    // code after it never runs.
    if let Some(hits) = cpu_hits(origin, direction, 0.5, 100.0) {
        if hits.is_empty() {
            exact(&mut errors, "accept-first status (a miss)", 40, 0);
            exact(&mut errors, "accept-first any-hit invocations", 43, 0);
        } else {
            exact(&mut errors, "accept-first status", 40, 3);
            exact(&mut errors, "accept-first any-hit invocations", 43, 1);
            let committed = hits.iter().find(|h| h.primitive == w[42] && (h.t - f(41)).abs() <= 1e-4 * h.t.max(1.0));
            if committed.is_none() {
                errors.push(format!("accept-first hit: primitive {} at t {} is none of the ray's hits", w[42], f(41)));
            }
        }
    }
    exact(&mut errors, "CallShader result", 37, (x + GRID * y) * 2 + 1);
    if errors.is_empty() {
        Ok(checked)
    } else {
        Err(format!("ray ({x}, {y}): {}", errors.join(", ")))
    }
}

#[test]
#[ignore = "needs VK_KHR_ray_tracing_pipeline (Mesa 25 lavapipe or a GPU); see the module docs"]
fn ray_tracing_pipelines_match_the_cpu() {
    let words = compile();
    let blases = [rt::Geometry::Triangles(TRIANGLES.to_vec()), rt::Geometry::Aabbs(vec![[-SPHERE.1, -SPHERE.1, -SPHERE.1, SPHERE.1, SPHERE.1, SPHERE.1]])];
    let mut instances: Vec<rt::Instance> = INSTANCES.iter().map(|(transform, custom_index)| rt::Instance { transform: *transform, custom_index: *custom_index, mask: 0x01, sbt_offset: 0, blas: 0 }).collect();
    let c = SPHERE.0;
    instances.push(rt::Instance { transform: [1.0, 0.0, 0.0, c[0], 0.0, 1.0, 0.0, c[1], 0.0, 0.0, 1.0, c[2]], custom_index: 99, mask: 0x02, sbt_offset: 0, blas: 1 });
    let record = hit_record();
    let stages = rt::Stages {
        raygen: "RayGen",
        miss: vec!["Miss", "MissProcedural"],
        hit_groups: vec![
            rt::HitGroup { closest_hit: Some("ClosestHit"), any_hit: Some("AnyHit"), intersection: None, record: &record },
            rt::HitGroup { closest_hit: Some("ClosestHitProcedural"), any_hit: None, intersection: Some("Sphere"), record: &[] },
            rt::HitGroup { closest_hit: Some("ClosestHitFirst"), any_hit: Some("AnyHitFirst"), intersection: None, record: &[] },
        ],
        callable: vec!["Double"],
    };
    let len = (GRID * GRID) as usize * WORDS * 4;
    let (bytes, device) = rt::run(&words, &blases, &instances, &stages, len, [GRID, GRID]).unwrap_or_else(|e| panic!("{e}"));
    eprintln!("ray-tracing pipeline on {device}");
    let out: Vec<u32> = bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    let (mut checked, mut failures) = (0, Vec::new());
    for y in 0..GRID {
        for x in 0..GRID {
            let base = (y * GRID + x) as usize * WORDS;
            match check_ray(x, y, &out[base..base + WORDS]) {
                Ok(true) => checked += 1,
                Ok(false) => {}
                Err(e) => failures.push(e),
            }
        }
    }
    assert!(failures.is_empty(), "{} of {} rays differ from the CPU:\n{}", failures.len(), GRID * GRID, failures.iter().take(20).cloned().collect::<Vec<_>>().join("\n"));
    assert!(checked > (GRID * GRID * 9 / 10) as usize, "only {checked} rays checked");
}

#[test]
fn the_cpu_models_cover_every_case() {
    // Misses, hits on every instance and facing, the ignored primitive 2 in front of another
    // hit, sphere hits and misses.
    let (mut seen, mut ignored_first, mut sphere_hits, mut sphere_misses) = (std::collections::BTreeSet::new(), 0, 0, 0);
    for y in 0..GRID {
        for x in 0..GRID {
            let (o, d) = grid_ray(x, y);
            if let Some(hits) = cpu_hits(o, d, 0.5, 100.0) {
                let closest = hits.iter().filter(|h| h.primitive != 2).min_by(|a, b| a.t.total_cmp(&b.t));
                if let Some(h) = closest {
                    seen.insert((h.instance, h.front));
                    if hits.iter().any(|c| c.primitive == 2 && c.t < h.t) {
                        ignored_first += 1;
                    }
                } else {
                    seen.insert((9, false));
                }
            }
            match cpu_sphere(o, d) {
                Some(Some(_)) => sphere_hits += 1,
                Some(None) => sphere_misses += 1,
                None => {}
            }
        }
    }
    for want in [(0, false), (0, true), (1, true), (9, false)] {
        assert!(seen.contains(&want), "no ray gives (instance, front) = {want:?}; seen {seen:?}");
    }
    assert!(ignored_first > 0 && sphere_hits > 50 && sphere_misses > 50, "{ignored_first} {sphere_hits} {sphere_misses}");
}

#[test]
fn the_pipeline_compiles_and_validates() {
    // All six stages in one library; WGSL has no ray-tracing pipelines (E0630).
    let words = compile();
    validate::spirv_val(&words).unwrap_or_else(|e| panic!("{e}"));
    let source = hlslc::Source::new("pipeline.hlsl", PIPELINE.to_string());
    let text = hlslc::compile(&source, &hlslc::Options::new("lib_6_3")).expect_err("WGSL has no ray-tracing pipelines").render();
    assert!(text.contains("E0630") && text.contains("-spirv"), "{text}");
}
