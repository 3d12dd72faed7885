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
    Binding { element: None, group: 0, binding, resource: Resource::Storage { access: Access::ReadOnly, data } }
}

fn output(binding: u32, words: usize) -> Binding {
    Binding { element: None, group: 0, binding, resource: Resource::Storage { access: Access::ReadWrite, data: vec![0; words * 4] } }
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
    let job = ComputeJob { immediates: Vec::new(), shader, entry_point: "main".into(), workgroups: [threads.div_ceil(64), 1, 1], bindings };
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
        Binding { element: None, group: 0, binding: 0, resource: Resource::SampledTexture(tex.desc(wgpu::TextureFormat::Rgba32Uint, 4, 4)) },
        Binding { element: None, group: 0, binding: 1, resource: Resource::Sampler(bound) },
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

// ---------------------------------------------------------------------------------------------
// Programmable offsets on float textures

/// D3D's texel offset: the low 4 bits, sign-extended.
fn sext4(v: i32) -> i32 {
    (v << 28) >> 28
}

impl Texture {
    fn f(&self, layer: u32, mip: u32, x: i32, y: i32) -> f32 {
        f32::from_bits(self.texel(layer, mip, x, y)[0])
    }

    /// D3D's bilinear filter at one level (clamp addressing), reading channel 0 as a float.
    fn bilinear(&self, uv: [f32; 2], layer: f32, level: u32, offset: [i32; 2]) -> f32 {
        let (w, h) = self.size(level);
        let tx = uv[0] * w as f32 - 0.5;
        let ty = uv[1] * h as f32 - 0.5;
        let (x0, y0) = (tx.floor() as i32 + offset[0], ty.floor() as i32 + offset[1]);
        let (fx, fy) = (tx - tx.floor(), ty - ty.floor());
        let l = self.layer(layer);
        let at = |x: i32, y: i32| self.f(l, level, x.clamp(0, w - 1), y.clamp(0, h - 1));
        let top = at(x0, y0) * (1.0 - fx) + at(x0 + 1, y0) * fx;
        let bottom = at(x0, y0 + 1) * (1.0 - fx) + at(x0 + 1, y0 + 1) * fx;
        top * (1.0 - fy) + bottom * fy
    }

    /// D3D's gather at level 0 (clamp addressing): (lower-left, lower-right, upper-right,
    /// upper-left) of the bilinear footprint.
    fn gather(&self, uv: [f32; 2], layer: f32, offset: [i32; 2]) -> [f32; 4] {
        let (w, h) = self.size(0);
        let x0 = (uv[0] * w as f32 - 0.5).floor() as i32 + offset[0];
        let y0 = (uv[1] * h as f32 - 0.5).floor() as i32 + offset[1];
        let l = self.layer(layer);
        let at = |x: i32, y: i32| self.f(l, 0, x.clamp(0, w - 1), y.clamp(0, h - 1));
        [at(x0, y0 + 1), at(x0 + 1, y0 + 1), at(x0 + 1, y0), at(x0, y0)]
    }
}

const OFFSETS: &str = r#"
Texture2DArray<float> t : register(t0);
SamplerState sp : register(s1);
SamplerState sl : register(s2);
StructuredBuffer<float4> q : register(t3);   // uv, layer, lod
StructuredBuffer<float4> g : register(t4);   // ddx, ddy
StructuredBuffer<int4> k : register(t5);     // offset, texel for Load
RWStructuredBuffer<float> o : register(u6);

[numthreads(64, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
    float4 a = q[i];
    int2 off = k[i].xy;
    uint n = i * 10;
    o[n + 0] = t.SampleLevel(sp, a.xyz, a.w, off);
    o[n + 1] = t.SampleGrad(sp, a.xyz, g[i].xy, g[i].zw, off);
    float4 r = t.Gather(sp, a.xyz, off);
    o[n + 2] = r.x; o[n + 3] = r.y; o[n + 4] = r.z; o[n + 5] = r.w;
    o[n + 6] = t.Load(int4(k[i].zw, int(round(a.z)), int(a.w > 0 ? a.w : 0)), off + int2(16, -16));
    o[n + 7] = t.SampleLevel(sl, a.xyz, float(int(a.w + 1.0)), off);
    float4 p = t.GatherRed(sp, a.xyz, off, off.yx, -off, int2(1, -2));
    o[n + 8] = p.x + p.z;
    o[n + 9] = p.y * p.w;
}
"#;

#[test]
fn programmable_offsets_on_every_method() {
    if gpu::gpu().is_none() {
        return;
    }
    let mut rng = Rng(0x000f_f5e7);
    let tex = Texture::random(8, 6, 2, 4, &mut rng, &mut |r| (r.next() as f32 / u32::MAX as f32).to_bits());
    let cases = int_cases(&tex, &mut rng, 320, 3.4);
    let texels: Vec<[i32; 2]> = (0..cases.len()).map(|_| [rng.int(-2, 9), rng.int(-2, 7)]).collect();
    let q: Vec<f32> = cases.iter().flat_map(|c| [c.uv[0], c.uv[1], c.layer, c.lod]).collect();
    let g: Vec<f32> = cases.iter().flat_map(|c| c.grad).collect();
    let k: Vec<i32> = cases.iter().zip(&texels).flat_map(|(c, t)| [c.offset[0], c.offset[1], t[0], t[1]]).collect();
    let expected: Vec<f32> = cases
        .iter()
        .zip(&texels)
        .flat_map(|(c, t)| {
            let l = c.layer;
            let level = tex.nearest_level(c.lod);
            let grad_lod = {
                let lx = ((c.grad[0] * tex.width as f32) as f64).hypot((c.grad[1] * tex.height as f32) as f64);
                let ly = ((c.grad[2] * tex.width as f32) as f64).hypot((c.grad[3] * tex.height as f32) as f64);
                lx.max(ly).log2() as f32
            };
            let clamp = [Address::Clamp; 2];
            let point = |level: u32, off: [i32; 2]| f32::from_bits(tex.point(c.uv, l, level, off, clamp).unwrap()[0]);
            let gathered = tex.gather(c.uv, l, c.offset);
            // Load: the texel plus the offset (16 and -16 keep only their low 4 bits: 0).
            let load_level = if c.lod > 0.0 { c.lod as u32 } else { 0 };
            let (w, h) = tex.size(load_level.min(tex.mips - 1));
            let (lx, ly) = (t[0] + c.offset[0], t[1] + c.offset[1]);
            // Load does not clamp: a layer, level or texel outside the texture reads 0.
            let load_layer = l.round_ties_even() as i32;
            let inside = load_level < tex.mips && (0..w).contains(&lx) && (0..h).contains(&ly) && (0..tex.layers as i32).contains(&load_layer);
            let load = if inside { tex.f(load_layer as u32, load_level, lx, ly) } else { 0.0 };
            let linear_level = ((c.lod + 1.0) as i32).clamp(0, tex.mips as i32 - 1) as u32;
            // Only the low 4 bits of an offset count: -(-8) is -8 again.
            let negated = [sext4(-c.offset[0]), sext4(-c.offset[1])];
            let four = [tex.gather(c.uv, l, c.offset)[0], tex.gather(c.uv, l, [c.offset[1], c.offset[0]])[1], tex.gather(c.uv, l, negated)[2], tex.gather(c.uv, l, [1, -2])[3]];
            [
                point(level, c.offset),
                point(tex.nearest_level(grad_lod), c.offset),
                gathered[0],
                gathered[1],
                gathered[2],
                gathered[3],
                load,
                tex.bilinear(c.uv, l, linear_level, c.offset),
                four[0] + four[2],
                four[1] * four[3],
            ]
        })
        .collect();
    let mut failures = Vec::new();
    for target in TARGETS {
        let bindings = vec![
            Binding { element: None, group: 0, binding: 0, resource: Resource::SampledTexture(tex.desc(wgpu::TextureFormat::R32Float, 1, 4)) },
            Binding { element: None, group: 0, binding: 1, resource: Resource::Sampler(sampler([Address::Clamp; 2], wgpu::FilterMode::Nearest, wgpu::MipmapFilterMode::Nearest, None)) },
            Binding { element: None, group: 0, binding: 2, resource: Resource::Sampler(sampler([Address::Clamp; 2], wgpu::FilterMode::Linear, wgpu::MipmapFilterMode::Nearest, None)) },
            storage(3, bytes(&q)),
            storage(4, bytes(&g)),
            storage(5, bytes(&k)),
            output(6, cases.len() * 10),
        ];
        let got = dispatch(OFFSETS, target, cases.len() as u32, bindings, 6);
        for (i, (e, g)) in expected.iter().zip(&got).enumerate() {
            let g = f32::from_bits(*g);
            // Bilinear weights have 8 fractional bits on lavapipe (and D3D requires 6).
            let tolerance = if i % 10 == 7 { 1.0 / 128.0 } else { 0.0 };
            if (e - g).abs() > tolerance && failures.len() < 16 {
                let c = &cases[i / 10];
                failures.push(format!("{target:?} case {} value {}: uv {:?} layer {} lod {} grad {:?} offset {:?} texel {:?}: expected {e}, got {g}", i / 10, i % 10, c.uv, c.layer, c.lod, c.grad, c.offset, texels[i / 10]));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// SampleCmpLevel

const COMPARE: &str = r#"
Texture2DArray<float> t : register(t0);
SamplerComparisonState sp : register(s1);
SamplerComparisonState sl : register(s2);
StructuredBuffer<float4> q : register(t3);   // uv, layer, lod
StructuredBuffer<float4> r : register(t4);   // reference
StructuredBuffer<int4> k : register(t5);     // offset
RWStructuredBuffer<float> o : register(u6);

[RootSignature("StaticSampler(s1, filter = FILTER_COMPARISON_MIN_MAG_MIP_POINT, comparisonFunc = COMPARISON_LESS_EQUAL, addressU = TEXTURE_ADDRESS_CLAMP, addressV = TEXTURE_ADDRESS_CLAMP), StaticSampler(s2, filter = FILTER_COMPARISON_MIN_MAG_MIP_LINEAR, comparisonFunc = COMPARISON_GREATER, addressU = TEXTURE_ADDRESS_CLAMP, addressV = TEXTURE_ADDRESS_CLAMP)")]
[numthreads(64, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
    float4 a = q[i];
    float ref = r[i].x;
    int2 off = k[i].xy;
    uint n = i * 5;
    o[n + 0] = t.SampleCmpLevel(sp, a.xyz, ref, a.w);
    o[n + 1] = t.SampleCmpLevel(sp, a.xyz, ref, a.w, off);
    o[n + 2] = t.SampleCmpLevel(sl, a.xyz, ref, a.w, int2(-3, 2));
    o[n + 3] = t.SampleCmpLevelZero(sp, a.xyz, ref, off);
    o[n + 4] = t.SampleCmpLevel(sl, a.xyz, ref, 0.0, off);
}
"#;

impl Texture {
    /// Compared texels at one level: `passes(texel)` (the reference compared with the texel)
    /// per texel (clamp addressing), point or bilinear.
    fn compare(&self, uv: [f32; 2], layer: f32, level: u32, offset: [i32; 2], passes: &dyn Fn(f32) -> bool, linear: bool) -> f32 {
        let (w, h) = self.size(level);
        let l = self.layer(layer);
        let at = |x: i32, y: i32| if passes(self.f(l, level, x.clamp(0, w - 1), y.clamp(0, h - 1))) { 1.0 } else { 0.0 };
        if !linear {
            let x = (uv[0] * w as f32).floor() as i32 + offset[0];
            let y = (uv[1] * h as f32).floor() as i32 + offset[1];
            return at(x, y);
        }
        let tx = uv[0] * w as f32 - 0.5;
        let ty = uv[1] * h as f32 - 0.5;
        let (x0, y0) = (tx.floor() as i32 + offset[0], ty.floor() as i32 + offset[1]);
        let (fx, fy) = (tx - tx.floor(), ty - ty.floor());
        let top = at(x0, y0) * (1.0 - fx) + at(x0 + 1, y0) * fx;
        let bottom = at(x0, y0 + 1) * (1.0 - fx) + at(x0 + 1, y0 + 1) * fx;
        top * (1.0 - fy) + bottom * fy
    }
}

#[test]
fn sample_cmp_level_at_every_level() {
    if gpu::gpu().is_none() {
        return;
    }
    let mut rng = Rng(0xc0_4ba2e);
    // Depths on a 1/16 grid; references half-way between, so that no comparison is a tie.
    let tex = Texture::random(8, 8, 2, 4, &mut rng, &mut |r| {
        let k = r.next() % 17;
        (k * 65535 / 16).min(65535)
    });
    let depth = |v: u32| v as f32 / 65535.0;
    let mut model = Texture { width: tex.width, height: tex.height, layers: tex.layers, mips: tex.mips, texels: tex.texels.clone() };
    for layer in &mut model.texels {
        for mip in layer {
            for t in mip {
                t[0] = depth(t[0]).to_bits();
            }
        }
    }
    let cases = int_cases(&tex, &mut rng, 320, 3.6);
    let refs: Vec<f32> = (0..cases.len()).map(|_| (rng.next() % 16) as f32 / 16.0 + 1.0 / 32.0).collect();
    let q: Vec<f32> = cases.iter().flat_map(|c| [c.uv[0], c.uv[1], c.layer, c.lod]).collect();
    let r: Vec<f32> = refs.iter().flat_map(|&x| [x, 0.0, 0.0, 0.0]).collect();
    let k: Vec<i32> = cases.iter().flat_map(|c| [c.offset[0], c.offset[1], 0, 0]).collect();
    let expected: Vec<f32> = cases
        .iter()
        .zip(&refs)
        .flat_map(|(c, &reference)| {
            let le = |texel: f32| reference <= texel;
            let gt = |texel: f32| reference > texel;
            let level = model.nearest_level(c.lod);
            // Linear mip filter: the two nearest levels blended by the LOD's fraction.
            let lod = c.lod.clamp(0.0, (model.mips - 1) as f32);
            let (l0, frac) = (lod.floor() as u32, lod - lod.floor());
            let l1 = (l0 + 1).min(model.mips - 1);
            let lin = |b: &Texture, off: [i32; 2]| {
                b.compare(c.uv, c.layer, l0, off, &gt, true) * (1.0 - frac) + b.compare(c.uv, c.layer, l1, off, &gt, true) * frac
            };
            [
                model.compare(c.uv, c.layer, level, [0, 0], &le, false),
                model.compare(c.uv, c.layer, level, c.offset, &le, false),
                lin(&model, [-3, 2]),
                model.compare(c.uv, c.layer, 0, c.offset, &le, false),
                model.compare(c.uv, c.layer, 0, c.offset, &gt, true),
            ]
        })
        .collect();
    // The cases reach both outcomes and filtered values between them.
    assert!(expected.contains(&0.0) && expected.contains(&1.0) && expected.iter().any(|&v| v > 0.1 && v < 0.9));
    let mut failures = Vec::new();
    for target in TARGETS {
        let point = SamplerDesc { compare: Some(wgpu::CompareFunction::LessEqual), ..sampler([Address::Clamp; 2], wgpu::FilterMode::Nearest, wgpu::MipmapFilterMode::Nearest, None) };
        let linear = SamplerDesc { compare: Some(wgpu::CompareFunction::Greater), ..sampler([Address::Clamp; 2], wgpu::FilterMode::Linear, wgpu::MipmapFilterMode::Linear, None) };
        let bindings = vec![
            Binding { element: None, group: 0, binding: 0, resource: Resource::SampledTexture(tex.desc(wgpu::TextureFormat::Depth16Unorm, 1, 2)) },
            Binding { element: None, group: 0, binding: 1, resource: Resource::Sampler(point) },
            Binding { element: None, group: 0, binding: 2, resource: Resource::Sampler(linear) },
            storage(3, bytes(&q)),
            storage(4, bytes(&r)),
            storage(5, bytes(&k)),
            output(6, cases.len() * 5),
        ];
        let got = dispatch(COMPARE, target, cases.len() as u32, bindings, 6);
        for (i, (e, g)) in expected.iter().zip(&got).enumerate() {
            let g = f32::from_bits(*g);
            // Filter weights: 8 fractional bits on lavapipe (D3D requires 6), the mip blend too.
            let tolerance = if matches!(i % 5, 2 | 4) { 1.0 / 64.0 } else { 0.0 };
            if (e - g).abs() > tolerance && failures.len() < 16 {
                let c = &cases[i / 5];
                failures.push(format!("{target:?} case {} value {}: uv {:?} layer {} lod {} offset {:?} ref {}: expected {e}, got {g}", i / 5, i % 5, c.uv, c.layer, c.lod, c.offset, refs[i / 5]));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// GatherRaw and 64-bit texel views

const GATHER_RAW: &str = r#"
Texture2D<uint> t32 : register(t0);
Texture2DArray<uint64_t> t64 : register(t1);
Texture2D<uint16_t> t16 : register(t2);
SamplerState s : register(s3);
StructuredBuffer<float4> q : register(t4);   // uv, layer
StructuredBuffer<int4> k : register(t5);     // offset, texel
RWStructuredBuffer<uint> o : register(u6);

[numthreads(64, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
    float4 a = q[i];
    int2 off = k[i].xy;
    uint n = i * 18;
    uint4 r32 = t32.GatherRaw(s, a.xy, off);
    uint64_t4 r64 = t64.GatherRaw(s, a.xyz);
    uint16_t4 r16 = t16.GatherRaw(s, a.xy, int2(1, -1));
    uint64_t l64 = t64.Load(int4(k[i].zw, 1, 0));
    o[n + 0] = r32.x; o[n + 1] = r32.y; o[n + 2] = r32.z; o[n + 3] = r32.w;
    for (uint c = 0; c < 4; c++) {
        o[n + 4 + 2 * c] = uint(r64[c]);
        o[n + 5 + 2 * c] = uint(r64[c] >> 32);
        o[n + 12 + c] = r16[c];
    }
    o[n + 16] = uint(l64);
    o[n + 17] = uint(l64 >> 32);
}
"#;

#[test]
fn gather_raw_16_32_and_64_bit() {
    if gpu::gpu().is_none() {
        return;
    }
    if !gpu::gpu().is_some_and(|g| g.features.contains(wgpu::Features::SHADER_INT64 | wgpu::Features::SHADER_I16)) {
        assert!(!gpu::is_ci(), "CI=true but the device has no 64-bit or 16-bit integers");
        eprintln!("skipped: no SHADER_INT64/SHADER_I16");
        return;
    }
    let mut rng = Rng(0x6a7_4e2);
    let t32 = Texture::random(7, 5, 1, 1, &mut rng, &mut |r| r.next());
    let t64 = Texture::random(6, 4, 2, 1, &mut rng, &mut |r| r.next());
    let t16 = Texture::random(5, 6, 1, 1, &mut rng, &mut |r| r.next() & 0xffff);
    let cases = int_cases(&t32, &mut rng, 256, 0.0);
    let texels: Vec<[i32; 2]> = (0..cases.len()).map(|_| [rng.int(0, 5), rng.int(0, 3)]).collect();
    let q: Vec<f32> = cases.iter().flat_map(|c| [c.uv[0], c.uv[1], c.layer, 0.0]).collect();
    let k: Vec<i32> = cases.iter().zip(&texels).flat_map(|(c, t)| [c.offset[0], c.offset[1], t[0], t[1]]).collect();
    // Footprint texels in D3D's order (lower-left, lower-right, upper-right, upper-left).
    let footprint = |tex: &Texture, uv: [f32; 2], layer: u32, off: [i32; 2]| -> [[u32; 4]; 4] {
        let (w, h) = tex.size(0);
        let x0 = (uv[0] * w as f32 - 0.5).floor() as i32 + off[0];
        let y0 = (uv[1] * h as f32 - 0.5).floor() as i32 + off[1];
        let at = |x: i32, y: i32| tex.texel(layer, 0, x.clamp(0, w - 1), y.clamp(0, h - 1));
        [at(x0, y0 + 1), at(x0 + 1, y0 + 1), at(x0 + 1, y0), at(x0, y0)]
    };
    let expected: Vec<u32> = cases
        .iter()
        .zip(&texels)
        .flat_map(|(c, t)| {
            let mut v = Vec::new();
            v.extend(footprint(&t32, c.uv, 0, c.offset).map(|x| x[0]));
            let layer = t64.layer(c.layer);
            for x in footprint(&t64, c.uv, layer, [0, 0]) {
                v.extend([x[0], x[1]]); // red is the low word
            }
            v.extend(footprint(&t16, c.uv, 0, [1, -1]).map(|x| x[0]));
            let l = t64.texel(1, 0, t[0], t[1]);
            v.extend([l[0], l[1]]);
            v
        })
        .collect();
    let mut failures = Vec::new();
    for target in TARGETS {
        let point = sampler([Address::Clamp; 2], wgpu::FilterMode::Nearest, wgpu::MipmapFilterMode::Nearest, None);
        let mut d32 = t32.desc(wgpu::TextureFormat::R32Uint, 1, 4);
        d32.dimension = wgpu::TextureViewDimension::D2;
        let mut d16 = t16.desc(wgpu::TextureFormat::R16Uint, 1, 2);
        d16.dimension = wgpu::TextureViewDimension::D2;
        let bindings = vec![
            Binding { element: None, group: 0, binding: 0, resource: Resource::SampledTexture(d32) },
            Binding { element: None, group: 0, binding: 1, resource: Resource::SampledTexture(t64.desc(wgpu::TextureFormat::Rg32Uint, 2, 4)) },
            Binding { element: None, group: 0, binding: 2, resource: Resource::SampledTexture(d16) },
            Binding { element: None, group: 0, binding: 3, resource: Resource::Sampler(point) },
            storage(4, bytes(&q)),
            storage(5, bytes(&k)),
            output(6, cases.len() * 18),
        ];
        let got = dispatch(GATHER_RAW, target, cases.len() as u32, bindings, 6);
        for (i, (e, g)) in expected.iter().zip(&got).enumerate() {
            if e != g && failures.len() < 16 {
                let c = &cases[i / 18];
                failures.push(format!("{target:?} case {} word {}: uv {:?} layer {} offset {:?}: expected {e:08x}, got {g:08x}", i / 18, i % 18, c.uv, c.layer, c.offset));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// RWTexture2DMS lowered to buffers

const MS_BUFFER: &str = r#"
RWTexture2DMS<float2, 4> ms : register(u0);
RWTexture2DMSArray<uint, 2> msa : register(u1);
RWStructuredBuffer<uint> o : register(u2);

[numthreads(4, 3, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    // Every sample: (x, y) + sample/8 in ms; 100x + 10y + layer*1000 + s in msa.
    for (uint s = 0; s < 4; s++) {
        ms.sample[s][id.xy] = float2(id.x + s / 8.0, id.y);
    }
    ms[id.xy] += float2(0, 0.5);                      // sample 0
    ms.sample[3][id.xy].y = 7;                        // a component of one sample
    for (uint l = 0; l < 2; l++) {
        msa.sample[1][uint3(id.xy, l)] = 100 * id.x + 10 * id.y + 1000 * l + 1;
        msa[uint3(id.xy, l)] = 100 * id.x + 10 * id.y + 1000 * l;
    }
    // Outside the texture: writes vanish, reads are 0.
    ms.sample[4][id.xy] = float2(-1, -1);
    ms[uint2(4, id.y)] = float2(-2, -2);
    msa.sample[0][uint3(id.xy, 2)] = 0xdead;
    if (id.x == 0 && id.y == 0) {
        uint w, h, n, wa, ha, la, na;
        ms.GetDimensions(w, h, n);
        msa.GetDimensions(wa, ha, la, na);
        o[0] = w; o[1] = h; o[2] = n; o[3] = wa; o[4] = ha; o[5] = la; o[6] = na;
        o[7] = asuint(ms.Load(int2(9, 0), 0).x) + msa.sample[5][uint3(0, 0, 0)] + asuint(ms.sample[0][uint2(0, 3)].y);
        o[8] = asuint(ms.GetSamplePosition(1).x);
    }
}
"#;

#[test]
fn rwtexture2dms_as_buffers_in_both_layouts() {
    if gpu::gpu().is_none() {
        return;
    }
    let (w, h, layers) = (4usize, 3usize, 2usize);
    for layout in [hlslc::MsBufferLayout::PixelMajor, hlslc::MsBufferLayout::SampleMajor] {
        let index = |x: usize, y: usize, layer: usize, s: usize, samples: usize, layers: usize| match layout {
            hlslc::MsBufferLayout::PixelMajor => ((layer * h + y) * w + x) * samples + s,
            hlslc::MsBufferLayout::SampleMajor => ((s * layers + layer) * h + y) * w + x,
        };
        // The model: ms holds float2 (8 bytes) per sample, msa uint.
        let mut ms = vec![0u32; w * h * 4 * 2];
        let mut msa = vec![0u32; w * h * layers * 2];
        for y in 0..h {
            for x in 0..w {
                for s in 0..4 {
                    let i = index(x, y, 0, s, 4, 1);
                    let mut v = [x as f32 + s as f32 / 8.0, y as f32];
                    if s == 0 {
                        v[1] += 0.5;
                    }
                    if s == 3 {
                        v[1] = 7.0;
                    }
                    ms[2 * i] = v[0].to_bits();
                    ms[2 * i + 1] = v[1].to_bits();
                }
                for l in 0..layers {
                    for s in 0..2 {
                        msa[index(x, y, l, s, 2, layers)] = (100 * x + 10 * y + 1000 * l + s) as u32;
                    }
                }
            }
        }
        // D3D's standard 4-sample pattern has sample 1 at (6/16, -2/16).
        let position = (6.0f32 / 16.0).to_bits();
        let expected_o = [w as u32, h as u32, 4, w as u32, h as u32, layers as u32, 2, 0, position];
        for target in TARGETS {
            let mut options = hlslc::Options::new("cs_6_7");
            options.binding_policy = hlslc::BindingPolicy::Dxc;
            options.target = target;
            options.rwtexture_ms_buffer = Some(layout);
            let compiled = hlslc::compile(&hlslc::Source::new("ms.hlsl", MS_BUFFER), &options).unwrap_or_else(|e| panic!("{}", e.render()));
            let refl = compiled.reflection();
            let find = |name: &str| refl.bindings.iter().find(|b| b.name == name).unwrap_or_else(|| panic!("no binding {name}: {refl:?}"));
            let expected_emulation = if layout == hlslc::MsBufferLayout::PixelMajor { "texture2dms_pixel_major" } else { "texture2dms_sample_major" };
            assert_eq!((find("ms").kind, find("ms").emulation, find("ms").sample_count), ("storage_buffer", Some(expected_emulation), Some(4)));
            let params = |name: &str, dims: [u32; 4]| {
                let b = find(name);
                assert!(b.hidden && b.kind == "uniform_buffer", "{b:?}");
                Binding { element: None, group: b.group, binding: b.binding, resource: Resource::Uniform { data: bytes(&dims) } }
            };
            let shader = match target {
                hlslc::Target::Wgsl => Shader::Wgsl(compiled.wgsl().unwrap()),
                hlslc::Target::SpirV => {
                    let words = compiled.spirv().unwrap();
                    support::validate::spirv_val(&words).unwrap();
                    Shader::SpirV(words)
                }
            };
            let job = ComputeJob {
                immediates: Vec::new(),
                shader,
                entry_point: "main".into(),
                workgroups: [1, 1, 1],
                bindings: vec![
                    Binding { element: None, group: 0, binding: 0, resource: Resource::Storage { access: Access::ReadWrite, data: vec![0; ms.len() * 4] } },
                    Binding { element: None, group: 0, binding: 1, resource: Resource::Storage { access: Access::ReadWrite, data: vec![0; msa.len() * 4] } },
                    output(2, 9),
                    params("ms.params", [w as u32, h as u32, 1, 4]),
                    params("msa.params", [w as u32, h as u32, layers as u32, 2]),
                ],
            };
            let out = gpu::run_compute(&job).unwrap_or_else(|e| panic!("{target:?}: {e}"));
            assert_eq!(words(out.get(0, 0).unwrap()), ms, "{target:?} {layout:?}: ms");
            assert_eq!(words(out.get(0, 1).unwrap()), msa, "{target:?} {layout:?}: msa");
            assert_eq!(words(out.get(0, 2).unwrap()), expected_o, "{target:?} {layout:?}: dimensions and out-of-bounds reads");
        }
    }
}

#[test]
fn rwtexture2dms_without_the_option_is_an_error_naming_the_target() {
    for (target, name) in [(hlslc::Target::Wgsl, "WGSL"), (hlslc::Target::SpirV, "SPIR-V")] {
        let options = hlslc::Options { target, ..hlslc::Options::new("cs_6_7") };
        let e = hlslc::compile(&hlslc::Source::new("ms.hlsl", MS_BUFFER), &options).expect_err("an error").render();
        assert!(e.contains(&format!("error[E0803]: writable multisampled textures (`RWTexture2DMS`) cannot be expressed in {name}")), "{e}");
        assert!(e.contains("-fhlslc-rwtexture-ms-buffer"), "{e}");
    }
}
