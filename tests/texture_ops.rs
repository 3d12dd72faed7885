//! Shader Model 6.7 texture operations on the Vulkan device, both targets, against a CPU
//! sampler model written here from D3D's texel-selection and filtering rules: integer-texture
//! sampling (every address mode, border colours, LOD bias and clamps of static samplers, and the
//! bound sampler's modes at level 0), programmable offsets on every method, `SampleCmpLevel`
//! (SPIR-V natively, WGSL emulated from a static sampler) and `GatherRaw`.
//!
//! Inputs are pseudo-random coordinates, levels, gradients and offsets; values the model and
//! the device could round differently (a coordinate on a texel edge, a LOD on a level's
//! half-way point) are kept away from those edges, since D3D itself leaves them to the
//! hardware's sub-texel precision.

mod support;

use support::gpu::{self, Access, Binding, ComputeJob, Resource, SamplerDesc, Shader, TextureDesc};

// ---------------------------------------------------------------------------------------------
// Running shaders

fn compile(source: &str, profile: &str, target: hlslc::Target) -> Result<Shader, String> {
    let mut options = hlslc::Options::new(profile);
    options.binding_policy = hlslc::BindingPolicy::Dxc;
    options.target = target;
    options.enable_16bit_types = true;
    let compiled = hlslc::compile(&hlslc::Source::new("texture_ops.hlsl", source), &options).map_err(|e| e.render())?;
    match target {
        hlslc::Target::Wgsl => compiled.wgsl().map(Shader::Wgsl).map_err(|e| e.render()),
        hlslc::Target::SpirV => {
            let words = compiled.spirv().map_err(|e| e.render())?;
            support::validate::spirv_val(&words)?;
            Ok(Shader::SpirV(words))
        }
    }
}

const TARGETS: [hlslc::Target; 2] = [hlslc::Target::Wgsl, hlslc::Target::SpirV];

fn storage(binding: u32, data: Vec<u8>) -> Binding {
    Binding { group: 0, binding, resource: Resource::Storage { access: Access::ReadOnly, data } }
}

fn output(binding: u32, words: usize) -> Binding {
    Binding { group: 0, binding, resource: Resource::Storage { access: Access::ReadWrite, data: vec![0; words * 4] } }
}

fn bytes<T: Copy>(v: &[T]) -> Vec<u8> {
    let n = std::mem::size_of_val(v);
    // SAFETY: plain numeric data (u32/i32/f32) viewed as bytes.
    unsafe { std::slice::from_raw_parts(v.as_ptr() as *const u8, n) }.to_vec()
}

fn words(b: &[u8]) -> Vec<u32> {
    b.chunks(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

/// Compiles and runs a compute kernel (`threads` threads of 64 per group) and returns the
/// words of the read-write buffer at `out`.
fn dispatch(source: &str, target: hlslc::Target, threads: u32, bindings: Vec<Binding>, out: u32) -> Vec<u32> {
    let shader = compile(source, "cs_6_7", target).unwrap_or_else(|e| panic!("{target:?}:\n{e}\n{source}"));
    let job = ComputeJob { shader, entry_point: "main".into(), workgroups: [threads.div_ceil(64), 1, 1], bindings };
    let o = gpu::run_compute(&job).unwrap_or_else(|e| panic!("{target:?}: {e}\n{source}"));
    words(o.get(0, out).expect("output"))
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 16) as u32
    }

    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * (self.next() as f32 / u32::MAX as f32)
    }

    fn int(&mut self, lo: i32, hi: i32) -> i32 {
        lo + (self.next() % (hi - lo + 1) as u32) as i32
    }
}

// ---------------------------------------------------------------------------------------------
// The CPU texture model

#[derive(Clone, Copy, Debug, PartialEq)]
enum Address {
    Wrap,
    Mirror,
    Clamp,
    Border,
    MirrorOnce,
}

impl Address {
    fn d3d(self) -> &'static str {
        match self {
            Address::Wrap => "TEXTURE_ADDRESS_WRAP",
            Address::Mirror => "TEXTURE_ADDRESS_MIRROR",
            Address::Clamp => "TEXTURE_ADDRESS_CLAMP",
            Address::Border => "TEXTURE_ADDRESS_BORDER",
            Address::MirrorOnce => "TEXTURE_ADDRESS_MIRROR_ONCE",
        }
    }

    fn wgpu(self) -> wgpu::AddressMode {
        match self {
            Address::Wrap => wgpu::AddressMode::Repeat,
            Address::Mirror => wgpu::AddressMode::MirrorRepeat,
            Address::Border => wgpu::AddressMode::ClampToBorder,
            _ => wgpu::AddressMode::ClampToEdge,
        }
    }

    /// The texel index D3D reads for `i` in a dimension of `n` texels; `None` on a border.
    fn apply(self, i: i32, n: i32) -> Option<i32> {
        Some(match self {
            Address::Wrap => i.rem_euclid(n),
            Address::Mirror => {
                let t = i.rem_euclid(2 * n);
                if t < n { t } else { 2 * n - 1 - t }
            }
            Address::Clamp => i.clamp(0, n - 1),
            Address::Border => {
                if i < 0 || i >= n {
                    return None;
                }
                i
            }
            Address::MirrorOnce => (if i < 0 { -1 - i } else { i }).clamp(0, n - 1),
        })
    }
}

/// A 2D array texture with a full mip chain of 4-channel 32-bit texels.
struct Texture {
    width: u32,
    height: u32,
    layers: u32,
    mips: u32,
    /// `texels[layer][mip][y * w + x]`.
    texels: Vec<Vec<Vec<[u32; 4]>>>,
}

impl Texture {
    fn random(width: u32, height: u32, layers: u32, mips: u32, rng: &mut Rng, value: &mut dyn FnMut(&mut Rng) -> u32) -> Texture {
        let texels = (0..layers)
            .map(|_| (0..mips).map(|m| (0..(width >> m).max(1) * (height >> m).max(1)).map(|_| [value(rng), value(rng), value(rng), value(rng)]).collect()).collect())
            .collect();
        Texture { width, height, layers, mips, texels }
    }

    fn size(&self, mip: u32) -> (i32, i32) {
        ((self.width >> mip).max(1) as i32, (self.height >> mip).max(1) as i32)
    }

    fn texel(&self, layer: u32, mip: u32, x: i32, y: i32) -> [u32; 4] {
        let (w, _) = self.size(mip);
        self.texels[layer as usize][mip as usize][(y * w + x) as usize]
    }

    /// Layer-major bytes with `channels` of each texel of `bytes_per_channel` bytes.
    fn data(&self, channels: usize, bytes_per_channel: usize) -> Vec<u8> {
        let mut out = Vec::new();
        for layer in &self.texels {
            for mip in layer {
                for t in mip {
                    for c in &t[..channels] {
                        out.extend_from_slice(&c.to_le_bytes()[..bytes_per_channel]);
                    }
                }
            }
        }
        out
    }

    fn desc(&self, format: wgpu::TextureFormat, channels: usize, bytes_per_channel: usize) -> TextureDesc {
        TextureDesc {
            dimension: wgpu::TextureViewDimension::D2Array,
            format,
            width: self.width,
            height: self.height,
            depth_or_layers: self.layers,
            mip_levels: self.mips,
            data: self.data(channels, bytes_per_channel),
        }
    }

    /// The layer D3D selects: rounded to nearest even, clamped.
    fn layer(&self, v: f32) -> u32 {
        (v.round_ties_even() as i32).clamp(0, self.layers as i32 - 1) as u32
    }

    /// Point sampling at an explicit level (D3D: the nearest level, `floor(u · size)`).
    fn point(&self, uv: [f32; 2], layer: f32, level: u32, offset: [i32; 2], modes: [Address; 2]) -> Option<[u32; 4]> {
        let (w, h) = self.size(level);
        let x = (uv[0] * w as f32).floor() as i32 + offset[0];
        let y = (uv[1] * h as f32).floor() as i32 + offset[1];
        Some(self.texel(self.layer(layer), level, modes[0].apply(x, w)?, modes[1].apply(y, h)?))
    }

    /// `floor(lod + ½)` clamped to the chain.
    fn nearest_level(&self, lod: f32) -> u32 {
        ((lod + 0.5).floor() as i32).clamp(0, self.mips as i32 - 1) as u32
    }
}

fn sampler(mode: [Address; 2], filter: wgpu::FilterMode, mip: wgpu::MipmapFilterMode, compare: Option<wgpu::CompareFunction>) -> SamplerDesc {
    SamplerDesc {
        mag_filter: filter,
        min_filter: filter,
        mipmap_filter: mip,
        address_modes: [mode[0].wgpu(), mode[1].wgpu(), wgpu::AddressMode::ClampToEdge],
        compare,
        border_color: if mode.contains(&Address::Border) { Some(wgpu::SamplerBorderColor::OpaqueBlack) } else { None },
        ..Default::default()
    }
}

/// A float away from the half-way points of `scale`-sized cells (`floor(v · scale + ½)` and
/// `floor(v · scale)` are then the same on every device).
fn away_from_edges(rng: &mut Rng, lo: f32, hi: f32, scale: f32) -> f32 {
    loop {
        let v = rng.range(lo, hi);
        let f = (v * scale).fract().abs();
        if (0.05..0.45).contains(&f) || (0.55..0.95).contains(&f) {
            return v;
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Integer sampling

const INT_SAMPLING: &str = r#"
Texture2DArray<uint4> t : register(t0);
SamplerState s : register(s1);
StructuredBuffer<float4> q : register(t2);   // uv, layer, lod
StructuredBuffer<float4> g : register(t3);   // ddx, ddy
StructuredBuffer<int4> k : register(t4);     // offset, method
RWStructuredBuffer<uint4> o : register(u5);

ROOT
[numthreads(64, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
    float4 a = q[i];
    int4 b = k[i];
    uint4 r;
    if (b.z == 0) {
        r = t.SampleLevel(s, a.xyz, a.w, b.xy);
    } else if (b.z == 1) {
        r = t.SampleGrad(s, a.xyz, g[i].xy, g[i].zw, b.xy);
    } else {
        r = t.SampleLevel(s, a.xyz, a.w);
    }
    o[i] = r;
}
"#;

struct IntCase {
    uv: [f32; 2],
    layer: f32,
    lod: f32,
    grad: [f32; 4],
    offset: [i32; 2],
    method: i32,
}

fn int_cases(tex: &Texture, rng: &mut Rng, count: usize, max_lod: f32) -> Vec<IntCase> {
    (0..count)
        .map(|i| {
            let method = (i % 3) as i32;
            let lod = away_from_edges(rng, -1.0, max_lod, 1.0);
            // Coordinates away from texel edges at every level.
            let uv = [away_from_edges(rng, -1.3, 2.3, tex.width as f32), away_from_edges(rng, -1.3, 2.3, tex.height as f32)];
            let layer = away_from_edges(rng, -0.7, tex.layers as f32 - 0.3, 1.0);
            // Gradients whose longer scaled length is 2^lod.
            let len = 2f32.powf(lod);
            let angle = rng.range(0.0, std::f32::consts::TAU);
            let grad = [len * angle.cos() / tex.width as f32, len * angle.sin() / tex.height as f32, 0.3 * len * angle.sin() / tex.width as f32, -0.3 * len * angle.cos() / tex.height as f32];
            let offset = if method == 2 { [0, 0] } else { [rng.int(-8, 7), rng.int(-8, 7)] };
            IntCase { uv, layer, lod, grad, offset, method }
        })
        .collect()
}

/// Runs the integer-sampling kernel over `cases`; `root` is the entry's root signature line.
fn run_int(tex: &Texture, cases: &[IntCase], root: &str, bound: SamplerDesc, target: hlslc::Target) -> Vec<[u32; 4]> {
    let source = INT_SAMPLING.replace("ROOT", root);
    let q: Vec<f32> = cases.iter().flat_map(|c| [c.uv[0], c.uv[1], c.layer, c.lod]).collect();
    let g: Vec<f32> = cases.iter().flat_map(|c| c.grad).collect();
    let k: Vec<i32> = cases.iter().flat_map(|c| [c.offset[0], c.offset[1], c.method, 0]).collect();
    let bindings = vec![
        Binding { group: 0, binding: 0, resource: Resource::SampledTexture(tex.desc(wgpu::TextureFormat::Rgba32Uint, 4, 4)) },
        Binding { group: 0, binding: 1, resource: Resource::Sampler(bound) },
        storage(2, bytes(&q)),
        storage(3, bytes(&g)),
        storage(4, bytes(&k)),
        output(5, cases.len() * 4),
    ];
    dispatch(&source, target, cases.len() as u32, bindings, 5).chunks(4).map(|c| [c[0], c[1], c[2], c[3]]).collect()
}

#[test]
fn integer_sampling_with_static_samplers_every_address_mode() {
    if gpu::gpu().is_none() {
        return;
    }
    let mut rng = Rng(0x1175_a3b1e);
    let tex = Texture::random(8, 6, 2, 4, &mut rng, &mut |r| r.next());
    let combos = [
        ([Address::Wrap, Address::Mirror], 0.0, 0.0, 16.0),
        ([Address::Clamp, Address::Border], 0.75, 0.0, 16.0),
        ([Address::MirrorOnce, Address::Wrap], -0.5, 1.0, 2.0),
        ([Address::Border, Address::Clamp], 0.0, 0.0, 1.0),
    ];
    let mut failures = Vec::new();
    for (modes, bias, min_lod, max_lod) in combos {
        let border = if modes.contains(&Address::Border) { "STATIC_BORDER_COLOR_OPAQUE_WHITE_UINT" } else { "STATIC_BORDER_COLOR_OPAQUE_BLACK_UINT" };
        let root = format!(
            "[RootSignature(\"StaticSampler(s1, filter = FILTER_MIN_MAG_MIP_POINT, addressU = {}, addressV = {}, borderColor = {border}, mipLODBias = {bias}, minLOD = {min_lod}, maxLOD = {max_lod})\")]",
            modes[0].d3d(),
            modes[1].d3d()
        );
        let cases = int_cases(&tex, &mut rng, 384, 4.5);
        let expected: Vec<[u32; 4]> = cases
            .iter()
            .map(|c| {
                // The model's LOD: as given, or the gradients' (computed in f64: inputs keep it
                // far from a level's half-way point).
                let lod = if c.method == 1 {
                    let lx = ((c.grad[0] * tex.width as f32) as f64).hypot((c.grad[1] * tex.height as f32) as f64);
                    let ly = ((c.grad[2] * tex.width as f32) as f64).hypot((c.grad[3] * tex.height as f32) as f64);
                    lx.max(ly).log2() as f32
                } else {
                    c.lod
                };
                let lod = (lod + bias).clamp(min_lod, max_lod);
                let level = tex.nearest_level(lod);
                tex.point(c.uv, c.layer, level, c.offset, modes).unwrap_or(if border.contains("WHITE") { [u32::MAX; 4] } else { [0, 0, 0, 1] })
            })
            .collect();
        for target in TARGETS {
            let got = run_int(&tex, &cases, &root, sampler(modes, wgpu::FilterMode::Nearest, wgpu::MipmapFilterMode::Nearest, None), target);
            for (i, (c, (e, g))) in cases.iter().zip(expected.iter().zip(&got)).enumerate() {
                if e != g && failures.len() < 12 {
                    failures.push(format!(
                        "{target:?} {modes:?} #{i} method {} uv {:?} layer {} lod {} grad {:?} offset {:?}: expected {e:08x?}, got {g:08x?}",
                        c.method, c.uv, c.layer, c.lod, c.grad, c.offset
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Without a static sampler: at level 0 the bound sampler's address modes apply (wrap, mirror,
/// clamp), above it `CLAMP`.
#[test]
fn integer_sampling_with_the_bound_sampler() {
    if gpu::gpu().is_none() {
        return;
    }
    let mut rng = Rng(0xb0_0d5a);
    let tex = Texture::random(8, 6, 2, 4, &mut rng, &mut |r| r.next());
    let mut failures = Vec::new();
    for modes in [[Address::Wrap, Address::Mirror], [Address::Clamp, Address::Wrap], [Address::Mirror, Address::Clamp]] {
        let cases = int_cases(&tex, &mut rng, 256, 2.5);
        let expected: Vec<[u32; 4]> = cases
            .iter()
            .map(|c| {
                let lod = if c.method == 1 {
                    let lx = ((c.grad[0] * tex.width as f32) as f64).hypot((c.grad[1] * tex.height as f32) as f64);
                    let ly = ((c.grad[2] * tex.width as f32) as f64).hypot((c.grad[3] * tex.height as f32) as f64);
                    lx.max(ly).log2() as f32
                } else {
                    c.lod
                };
                let level = tex.nearest_level(lod);
                let m = if level == 0 { modes } else { [Address::Clamp; 2] };
                tex.point(c.uv, c.layer, level, c.offset, m).expect("no border")
            })
            .collect();
        for target in TARGETS {
            let got = run_int(&tex, &cases, "", sampler(modes, wgpu::FilterMode::Nearest, wgpu::MipmapFilterMode::Nearest, None), target);
            for (i, (c, (e, g))) in cases.iter().zip(expected.iter().zip(&got)).enumerate() {
                if e != g && failures.len() < 12 {
                    failures.push(format!("{target:?} {modes:?} #{i} method {} uv {:?} layer {} lod {} offset {:?}: expected {e:08x?}, got {g:08x?}", c.method, c.uv, c.layer, c.lod, c.offset));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
