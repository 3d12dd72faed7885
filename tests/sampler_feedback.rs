//! Sampler feedback on the Vulkan device, both targets, against a CPU model written here from
//! the documented encoding (`lowering/src/lower/feedback.rs`): shaders write feedback maps
//! with every `WriteSamplerFeedback*` form over a synthetic grid of coordinates, the raw map
//! words are compared with the model's, and `examples/shaders/feedback_decode.hlsl` (compiled
//! by hlslc) resolves them to MinMip and MipRegionUsed bytes, compared with the model's decode.
//!
//! Coordinates and levels are kept away from texel and mip boundaries, where the device's
//! sub-texel rounding may legitimately differ from the model's.

mod support;

use support::gpu::{self, Access, Binding, ComputeJob, Resource, SamplerDesc, Shader, TextureDesc};

// ---------------------------------------------------------------------------------------------
// The CPU model of the map

/// A paired texture and its map's region size.
#[derive(Clone, Copy, Debug)]
struct Geometry {
    region: [u32; 2],
    size: [u32; 2],
    slices: u32,
    mips: u32,
}

impl Geometry {
    /// Slots per slice along each axis (mip 0's regions).
    fn grid(&self) -> [u32; 2] {
        [self.size[0].div_ceil(self.region[0]), self.size[1].div_ceil(self.region[1])]
    }

    /// Regions of mip `l` along each axis.
    fn mip_grid(&self, l: u32) -> [u32; 2] {
        let g = self.grid();
        [(g[0] >> l).max(1), (g[1] >> l).max(1)]
    }

    fn mip_size(&self, l: u32) -> [u32; 2] {
        [(self.size[0] >> l).max(1), (self.size[1] >> l).max(1)]
    }

    fn words(&self) -> usize {
        let g = self.grid();
        (g[0] * g[1] * self.slices * 2) as usize
    }

    /// The hidden parameter block: `uint4(RW, RH, W, H)`.
    fn params(&self) -> Vec<u8> {
        bytes(&[self.region[0], self.region[1], self.size[0], self.size[1]])
    }
}

/// How far `x` is from the nearest integer.
fn margin(x: f32) -> f32 {
    (x - x.round()).abs()
}

/// `D3D12_TEXTURE_ADDRESS_MODE`.
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

    /// The coordinate with its range reduced (whole tiles taken off before scaling).
    fn reduce(self, u: f32) -> f32 {
        match self {
            Address::Wrap => u - u.floor(),
            Address::Mirror => {
                let h = u * 0.5;
                (h - h.trunc()) * 2.0
            }
            _ => u.clamp(-10.0, 10.0),
        }
    }

    /// The texel read for texel `t` of `n`, and whether it is inside (only `Border` is not).
    fn apply(self, t: i32, n: i32) -> (u32, bool) {
        let r = match self {
            Address::Wrap => t.rem_euclid(n),
            Address::Mirror => {
                let m = t.rem_euclid(2 * n);
                if m < n { m } else { 2 * n - 1 - m }
            }
            Address::MirrorOnce => (if t < 0 { -1 - t } else { t }).clamp(0, n - 1),
            Address::Clamp | Address::Border => t.clamp(0, n - 1),
        };
        (r as u32, self != Address::Border || (0..n).contains(&t))
    }
}

/// What the shader knows of the sampler: the defaults without a static sampler.
#[derive(Clone, Copy, Debug)]
struct SamplerState {
    modes: [Address; 2],
    min_linear: bool,
    mag_linear: bool,
    mip_linear: bool,
    bias: f32,
    min_lod: f32,
    max_lod: f32,
}

const BOUND: SamplerState = SamplerState { modes: [Address::Wrap; 2], min_linear: true, mag_linear: true, mip_linear: true, bias: 0.0, min_lod: f32::MIN, max_lod: f32::MAX };

struct Map {
    g: Geometry,
    words: Vec<u32>,
    min_mip: bool,
}

impl Map {
    fn new(g: Geometry) -> Map {
        Map { g, words: vec![0; g.words()], min_mip: true }
    }

    /// One write with the bound sampler (see `write_with`).
    fn write(&mut self, uv: [f32; 2], slice: f32, lod: f32) -> f32 {
        self.write_with(uv, slice, lod, &BOUND)
    }

    /// One write at `uv` (slice `slice` as given, rounded and clamped here) and level `lod`
    /// (raised to the `clamp` argument already). Returns the smallest distance of any value
    /// the device rounds from a rounding boundary.
    fn write_with(&mut self, uv: [f32; 2], slice: f32, lod: f32, st: &SamplerState) -> f32 {
        let mut lod = lod + st.bias;
        if !self.min_mip {
            lod = lod.clamp(st.min_lod, st.max_lod);
        }
        let linear = if lod <= 0.0 { st.mag_linear } else { st.min_linear };
        let mut m: f32 = if st.mag_linear != st.min_linear { lod.abs() } else { 1.0 };
        let lod = lod.clamp(0.0, (self.g.mips - 1) as f32);
        let slice = slice.round_ties_even().clamp(0.0, (self.g.slices - 1) as f32) as u32;
        let levels = if st.mip_linear {
            if lod.fract() != 0.0 {
                m = m.min(margin(lod));
            }
            vec![lod.floor() as u32, lod.ceil() as u32]
        } else {
            if (lod + 0.5).fract() != 0.0 {
                m = m.min(margin(lod + 0.5));
            }
            vec![((lod + 0.5).floor() as u32).min(self.g.mips - 1)]
        };
        for level in levels {
            m = m.min(self.write_mip(uv, slice, level, linear, st.modes));
        }
        m
    }

    fn write_mip(&mut self, uv: [f32; 2], slice: u32, level: u32, linear: bool, modes: [Address; 2]) -> f32 {
        let size = self.g.mip_size(level);
        let regions = self.g.mip_grid(level);
        let (mut lo, mut hi) = ([0; 2], [0; 2]);
        let mut m = 1.0f32;
        let mut inside = true;
        for a in 0..2 {
            let u = modes[a].reduce(uv[a]);
            let at = u * size[a] as f32 - if linear { 0.5 } else { 0.0 };
            m = m.min(margin(at));
            let t0 = at.floor() as i32;
            let t1 = t0 + i32::from(linear);
            let region = |t: u32| ((2 * t + 1) * regions[a] / (2 * size[a])).min(regions[a] - 1);
            let (a0, v0) = modes[a].apply(t0, size[a] as i32);
            let (a1, v1) = modes[a].apply(t1, size[a] as i32);
            let (mut r0, mut r1) = (region(a0), region(a1));
            if !v0 {
                r0 = r1;
            }
            if !v1 {
                r1 = r0;
            }
            inside &= v0 || v1;
            lo[a] = r0.min(r1);
            hi[a] = r0.max(r1);
        }
        if !inside {
            return m;
        }
        let next = [hi[0] == lo[0] + 1, hi[1] == lo[1] + 1];
        let apart = [hi[0] > lo[0] + 1, hi[1] > lo[1] + 1];
        let bits = 1 | if next[0] { 2 } else { 0 } | if next[1] { 4 } else { 0 } | if next[0] && next[1] { 8 } else { 0 };
        self.or(slice, lo, level, bits);
        if apart[0] {
            self.or(slice, [hi[0], lo[1]], level, 1 | if next[1] { 4 } else { 0 });
        }
        if apart[1] {
            self.or(slice, [lo[0], hi[1]], level, 1 | if next[0] { 2 } else { 0 });
        }
        if apart[0] && apart[1] {
            self.or(slice, hi, level, 1);
        }
        m
    }

    fn or(&mut self, slice: u32, r: [u32; 2], level: u32, bits: u32) {
        let g = self.g.grid();
        let slot = (slice * g[1] + r[1]) * g[0] + r[0];
        self.words[(slot * 2 + level / 8) as usize] |= bits << (4 * (level % 8));
    }

    /// Whether region `r` of mip `level` was read (its own bit or a neighbour's reach).
    fn used(&self, slice: u32, level: u32, r: [u32; 2]) -> bool {
        let g = self.g.grid();
        let bits = |x: u32, y: u32| {
            let slot = (slice * g[1] + y) * g[0] + x;
            (self.words[(slot * 2 + level / 8) as usize] >> (4 * (level % 8))) & 15
        };
        bits(r[0], r[1]) & 1 != 0
            || (r[0] > 0 && bits(r[0] - 1, r[1]) & 2 != 0)
            || (r[1] > 0 && bits(r[0], r[1] - 1) & 4 != 0)
            || (r[0] > 0 && r[1] > 0 && bits(r[0] - 1, r[1] - 1) & 8 != 0)
    }

    /// D3D's decoded MinMip map: per slice, mip 0's regions, the most detailed mip whose
    /// region over the centre was read, or 0xFF.
    fn decode_min_mip(&self) -> Vec<u8> {
        let g = self.g.grid();
        let mut out = Vec::new();
        for slice in 0..self.g.slices {
            for y in 0..g[1] {
                for x in 0..g[0] {
                    let byte = (0..self.g.mips)
                        .find(|&l| {
                            let mg = self.g.mip_grid(l);
                            self.used(slice, l, [(2 * x + 1) * mg[0] / (2 * g[0]), (2 * y + 1) * mg[1] / (2 * g[1])])
                        })
                        .map_or(0xFF, |l| l as u8);
                    out.push(byte);
                }
            }
        }
        out
    }

    /// D3D's decoded MipRegionUsed map: per slice, per mip, its regions: 0xFF read, 0 not.
    fn decode_mip_region_used(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for slice in 0..self.g.slices {
            for l in 0..self.g.mips {
                let mg = self.g.mip_grid(l);
                for y in 0..mg[1] {
                    for x in 0..mg[0] {
                        out.push(if self.used(slice, l, [x, y]) { 0xFF } else { 0 });
                    }
                }
            }
        }
        out
    }
}

// ---------------------------------------------------------------------------------------------
// Running shaders

const TARGETS: [hlslc::Target; 2] = [hlslc::Target::Wgsl, hlslc::Target::SpirV];

fn compile(source: &str, profile: &str, entry: &str, target: hlslc::Target) -> (Shader, hlslc::Compiled) {
    let mut options = hlslc::Options::new(profile);
    options.entry_point = entry.into();
    // Dense bindings: the harness fills the gaps of a group with dummy entries.
    options.binding_policy = hlslc::BindingPolicy::Compact;
    options.target = target;
    let compiled = hlslc::compile(&hlslc::Source::new("feedback.hlsl", source), &options).unwrap_or_else(|e| panic!("{target:?}:\n{}\n{source}", e.render()));
    let shader = match target {
        hlslc::Target::Wgsl => Shader::Wgsl(compiled.wgsl().unwrap_or_else(|e| panic!("{}", e.render()))),
        hlslc::Target::SpirV => {
            let words = compiled.spirv().unwrap_or_else(|e| panic!("{}", e.render()));
            support::validate::spirv_val(&words).unwrap_or_else(|e| panic!("spirv-val: {e}"));
            Shader::SpirV(words)
        }
    };
    (shader, compiled)
}

/// The (group, binding) reflection gives `name` (hidden blocks: `X.params`).
fn binding_of(compiled: &hlslc::Compiled, name: &str) -> (u32, u32) {
    let b = compiled.reflection().bindings.iter().find(|b| b.name == name).unwrap_or_else(|| panic!("no binding `{name}`"));
    (b.group, b.binding)
}

fn bind(compiled: &hlslc::Compiled, name: &str, resource: Resource) -> Binding {
    let (group, binding) = binding_of(compiled, name);
    Binding { group, binding, element: None, resource }
}

fn bytes<T: Copy>(v: &[T]) -> Vec<u8> {
    let n = std::mem::size_of_val(v);
    // SAFETY: plain numeric data (u32/f32) viewed as bytes.
    unsafe { std::slice::from_raw_parts(v.as_ptr() as *const u8, n) }.to_vec()
}

fn words(b: &[u8]) -> Vec<u32> {
    b.chunks(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

fn paired_texture(g: Geometry, array: bool) -> TextureDesc {
    TextureDesc {
        dimension: if array { wgpu::TextureViewDimension::D2Array } else { wgpu::TextureViewDimension::D2 },
        format: wgpu::TextureFormat::Rgba8Unorm,
        width: g.size[0],
        height: g.size[1],
        depth_or_layers: g.slices,
        mip_levels: g.mips,
        data: Vec::new(),
    }
}

fn map_binding(compiled: &hlslc::Compiled, name: &str, g: Geometry) -> Binding {
    bind(compiled, name, Resource::Storage { access: Access::ReadWrite, data: vec![0; g.words() * 4] })
}

/// Resolves `map` with the example decode shader (`entry`) and returns `len` bytes.
fn decode(map: &[u32], g: Geometry, entry: &str, len: usize, target: hlslc::Target) -> Vec<u8> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/shaders/feedback_decode.hlsl");
    let source = std::fs::read_to_string(path).expect("the decode example");
    let (shader, compiled) = compile(&source, "cs_6_0", entry, target);
    let constants = bytes(&[g.region[0], g.region[1], g.size[0], g.size[1], g.slices, g.mips, 0, 0]);
    let bindings = vec![
        bind(&compiled, "Decode", Resource::Uniform { data: constants }),
        bind(&compiled, "feedback", Resource::Storage { access: Access::ReadOnly, data: bytes(map) }),
        bind(&compiled, "decoded", Resource::Storage { access: Access::ReadWrite, data: vec![0; len.div_ceil(4) * 4] }),
    ];
    let (group, binding) = binding_of(&compiled, "decoded");
    let job = ComputeJob { immediates: Vec::new(), shader, entry_point: entry.into(), workgroups: [(len.div_ceil(4) as u32).div_ceil(64), 1, 1], bindings };
    let out = gpu::run_compute(&job).unwrap_or_else(|e| panic!("{target:?} decode: {e}"));
    out.get(group, binding).expect("decoded bytes")[..len].to_vec()
}

fn assert_map(target: hlslc::Target, what: &str, got: &[u32], model: &Map) {
    if got != model.words.as_slice() {
        let diffs: Vec<String> = got.iter().zip(&model.words).enumerate().filter(|(_, (a, b))| a != b).take(8).map(|(i, (a, b))| format!("word {i}: device {a:#010x}, model {b:#010x}")).collect();
        panic!("{target:?} {what}: map differs from the model:\n{}", diffs.join("\n"));
    }
}

fn assert_bytes(target: hlslc::Target, what: &str, got: &[u8], want: &[u8]) {
    if got != want {
        let diffs: Vec<String> = got.iter().zip(want).enumerate().filter(|(_, (a, b))| a != b).take(8).map(|(i, (a, b))| format!("byte {i}: device {a:#04x}, model {b:#04x}")).collect();
        panic!("{target:?} {what}: decoded map differs from the model:\n{}", diffs.join("\n"));
    }
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
}

fn address_mode(a: Address) -> wgpu::AddressMode {
    match a {
        Address::Wrap => wgpu::AddressMode::Repeat,
        Address::Mirror => wgpu::AddressMode::MirrorRepeat,
        _ => wgpu::AddressMode::ClampToEdge,
    }
}

// ---------------------------------------------------------------------------------------------
// Tests

/// `WriteSamplerFeedbackLevel` on a MinMip map of a 512 × 256 texture (10 mips: both words of
/// a slot), 16 × 8 regions: a UV grid at every level in quarter steps, plus coordinates
/// outside [0, 1) and on the texture's edges (wrapped footprints).
#[test]
fn level_writes_min_mip_map_on_uv_grid() {
    let Some(_) = gpu::gpu() else { return };
    let g = Geometry { region: [16, 8], size: [512, 256], slices: 1, mips: 10 };
    let source = r#"
Texture2D<float4> paired : register(t0);
SamplerState s : register(s0);
FeedbackTexture2D<SAMPLER_FEEDBACK_MIN_MIP> fb : register(u0);
FeedbackTexture2D<SAMPLER_FEEDBACK_MIN_MIP> fine : register(u1);
StructuredBuffer<float4> samples : register(t1);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint n, stride;
  samples.GetDimensions(n, stride);
  if (id.x >= n) return;
  float4 v = samples[id.x];
  fb.WriteSamplerFeedbackLevel(paired, s, v.xy, v.z);
  if (v.w != 0)
    fine.WriteSamplerFeedbackLevel(paired, s, v.xy, v.z);
}
"#;
    let mut rng = Rng(0x5eed_f00d);
    let (mut model, mut fine) = (Map::new(g), Map::new(g));
    let mut samples: Vec<[f32; 4]> = Vec::new();
    // The grid: 24 × 24 points, each at one of the levels -1, -0.75 … 11 (clamped to 0 … 9).
    for i in 0..24 * 24 {
        let (x, y) = (i % 24, i / 24);
        let lod = ((i * 7) % 49) as f32 * 0.25 - 1.0;
        let mut uv = [(x as f32 + 0.37) / 24.0, (y as f32 + 0.61) / 24.0];
        // Off the grid to a point no level rounds at a texel edge.
        loop {
            let mut probe = Map::new(g);
            if probe.write(uv, 0.0, lod) > 1e-3 {
                break;
            }
            uv = [uv[0] + rng.range(0.0, 0.002), uv[1] + rng.range(0.0, 0.002)];
        }
        // Levels below 4 in the lower-left half also go to `fine`, which keeps unread regions.
        let to_fine = lod < 4.0 && uv[0] < 0.5 && uv[1] < 0.5;
        samples.push([uv[0], uv[1], lod, if to_fine { 1.0 } else { 0.0 }]);
    }
    // Outside [0, 1), and at the edges where the bilinear footprint wraps.
    for uv in [[-0.3003, 1.7071], [2.0007, -3.9993], [0.0003, 0.5013], [0.4987, 0.0004], [0.9998, 0.9996], [0.0001, 0.0002]] {
        for lod in [0.0, 0.5, 3.0, 8.25, 9.0] {
            samples.push([uv[0], uv[1], lod, 0.0]);
        }
    }
    for s in &samples {
        let m = model.write([s[0], s[1]], 0.0, s[2]);
        assert!(m > 1e-4, "sample {s:?} is on a rounding boundary");
        if s[3] != 0.0 {
            fine.write([s[0], s[1]], 0.0, s[2]);
        }
    }
    for target in TARGETS {
        let (shader, compiled) = compile(source, "cs_6_5", "main", target);
        let bindings = vec![
            bind(&compiled, "paired", Resource::SampledTexture(paired_texture(g, false))),
            bind(&compiled, "s", Resource::Sampler(SamplerDesc::default())),
            map_binding(&compiled, "fb", g),
            bind(&compiled, "fb.params", Resource::Uniform { data: g.params() }),
            map_binding(&compiled, "fine", g),
            bind(&compiled, "fine.params", Resource::Uniform { data: g.params() }),
            bind(&compiled, "samples", Resource::Storage { access: Access::ReadOnly, data: bytes(&samples) }),
        ];
        let job = ComputeJob { immediates: Vec::new(), shader, entry_point: "main".into(), workgroups: [(samples.len() as u32).div_ceil(64), 1, 1], bindings };
        let out = gpu::run_compute(&job).unwrap_or_else(|e| panic!("{target:?}: {e}"));
        assert!(model.words.iter().skip(1).step_by(2).any(|&w| w != 0), "mips 8 and 9 are read");
        for (name, model, coverage) in [("fb", &model, [0u8, 1]), ("fine", &fine, [0, 0xFF])] {
            let (group, binding) = binding_of(&compiled, name);
            let map = words(out.get(group, binding).expect("map"));
            assert_map(target, name, &map, model);
            let want = model.decode_min_mip();
            assert!(coverage.iter().all(|c| want.contains(c)), "{name}: the grid decodes to {coverage:?}");
            let got = decode(&map, g, "decode_min_mip", want.len(), target);
            assert_bytes(target, name, &got, &want);
            let want = model.decode_mip_region_used();
            let got = decode(&map, g, "decode_mip_region_used", want.len(), target);
            assert_bytes(target, name, &got, &want);
        }
    }
}

/// `WriteSamplerFeedbackGrad` with and without `clamp` on a MipRegionUsed map of a 68 × 36 ×
/// 3 array (7 mips whose sizes do not halve evenly), 8 × 4 regions: slices in and out of
/// range, anisotropic and isotropic gradients.
#[test]
fn grad_writes_mip_region_used_array_map() {
    let Some(_) = gpu::gpu() else { return };
    let g = Geometry { region: [8, 4], size: [68, 36], slices: 3, mips: 7 };
    let source = r#"
Texture2DArray<float4> paired : register(t0);
SamplerState s : register(s0);
FeedbackTexture2DArray<SAMPLER_FEEDBACK_MIP_REGION_USED> fb : register(u0);
StructuredBuffer<float4> coords : register(t1);
StructuredBuffer<float4> grads : register(t2);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint n, stride;
  coords.GetDimensions(n, stride);
  if (id.x >= n) return;
  float4 c = coords[id.x];
  float4 d = grads[id.x];
  if (c.w < -50)
    fb.WriteSamplerFeedbackGrad(paired, s, c.xyz, d.xy, d.zw);
  else
    fb.WriteSamplerFeedbackGrad(paired, s, c.xyz, d.xy, d.zw, c.w);
}
"#;
    let mut rng = Rng(0xfeed_bac4);
    let mut model = Map::new(g);
    let (mut coords, mut grads): (Vec<[f32; 4]>, Vec<[f32; 4]>) = (Vec::new(), Vec::new());
    while coords.len() < 300 {
        let i = coords.len();
        let uv = [rng.range(-0.5, 1.5), rng.range(-0.5, 1.5)];
        let slice = [-1.2f32, 0.0, 0.9, 1.3, 2.0, 4.7][i % 6];
        // Gradients of 2^(target LOD) texels, the shorter axis up to 4× shorter.
        let lod_goal = rng.range(-1.0, 7.5);
        let len = lod_goal.exp2();
        let ratio = rng.range(1.0, 4.0);
        let angle = rng.range(0.0, std::f32::consts::TAU);
        let (dx, dy) = if i % 2 == 0 {
            ([len * angle.cos() / g.size[0] as f32, len * angle.sin() / g.size[1] as f32], [-len / ratio * angle.sin() / g.size[0] as f32, len / ratio * angle.cos() / g.size[1] as f32])
        } else {
            ([len / g.size[0] as f32, 0.0], [0.0, len / ratio / g.size[1] as f32])
        };
        let clamp = if i % 3 == 0 { -100.0 } else { [0.0, 1.5, 2.0, 3.25][i % 4] };
        // The model's LOD, in f64: the device's f32 result rounds within the margin.
        let scaled = |d: [f32; 2]| ((d[0] as f64 * g.size[0] as f64).powi(2) + (d[1] as f64 * g.size[1] as f64).powi(2)).sqrt();
        let lod = scaled(dx).max(scaled(dy)).log2() as f32;
        let lod_c = if clamp < -50.0 { lod } else { lod.max(clamp) };
        let mut probe = Map::new(g);
        if margin(lod) < 0.01 || probe.write(uv, slice, lod_c) < 2e-3 {
            continue;
        }
        model.write(uv, slice, lod_c);
        coords.push([uv[0], uv[1], slice, clamp]);
        grads.push([dx[0], dx[1], dy[0], dy[1]]);
    }
    for target in TARGETS {
        let (shader, compiled) = compile(source, "cs_6_5", "main", target);
        let bindings = vec![
            bind(&compiled, "paired", Resource::SampledTexture(paired_texture(g, true))),
            bind(&compiled, "s", Resource::Sampler(SamplerDesc::default())),
            map_binding(&compiled, "fb", g),
            bind(&compiled, "fb.params", Resource::Uniform { data: g.params() }),
            bind(&compiled, "coords", Resource::Storage { access: Access::ReadOnly, data: bytes(&coords) }),
            bind(&compiled, "grads", Resource::Storage { access: Access::ReadOnly, data: bytes(&grads) }),
        ];
        let (group, binding) = binding_of(&compiled, "fb");
        let job = ComputeJob { immediates: Vec::new(), shader, entry_point: "main".into(), workgroups: [(coords.len() as u32).div_ceil(64), 1, 1], bindings };
        let out = gpu::run_compute(&job).unwrap_or_else(|e| panic!("{target:?}: {e}"));
        let map = words(out.get(group, binding).expect("map"));
        assert_map(target, "grad", &map, &model);
        let want = model.decode_mip_region_used();
        assert!(want.contains(&0) && want.contains(&0xFF), "the grid covers used and unused regions");
        let got = decode(&map, g, "decode_mip_region_used", want.len(), target);
        assert_bytes(target, "MipRegionUsed", &got, &want);
        let want = model.decode_min_mip();
        let got = decode(&map, g, "decode_min_mip", want.len(), target);
        assert_bytes(target, "MinMip of the array", &got, &want);
    }
}

/// The implicit forms in a pixel shader: `WriteSamplerFeedback` (with and without `clamp`) and
/// `WriteSamplerFeedbackBias`, with derivatives of a skewed UV ramp over a 16 × 16 target
/// (LOD 4.5 on a 256 × 256 texture; 5.75 biased; 5 clamped), wrapping past 1.
#[test]
fn implicit_lod_writes_in_pixel_shader() {
    let Some(_) = gpu::gpu() else { return };
    let g = Geometry { region: [8, 8], size: [256, 256], slices: 1, mips: 9 };
    let source = r#"
Texture2D<float4> paired : register(t0);
SamplerState s : register(s0);
FeedbackTexture2D<SAMPLER_FEEDBACK_MIN_MIP> implicit_map : register(u0);
FeedbackTexture2D<SAMPLER_FEEDBACK_MIN_MIP> bias_map : register(u1);
FeedbackTexture2D<SAMPLER_FEEDBACK_MIP_REGION_USED> clamp_map : register(u2);
float4 vs(uint id : SV_VertexID) : SV_Position { return float4(float2(id & 1, id >> 1) * 4 - 1, 0, 1); }
float4 ps(float4 pos : SV_Position) : SV_Target {
  float2 uv = pos.xy / 16 * float2(1.4142135, 1.1313708);
  implicit_map.WriteSamplerFeedback(paired, s, uv);
  bias_map.WriteSamplerFeedbackBias(paired, s, uv, 1.25);
  clamp_map.WriteSamplerFeedback(paired, s, uv, 5.0);
  return 0;
}
"#;
    // The shader's literals: √2 and 0.8 √2 as f32.
    let scale = [std::f32::consts::SQRT_2, 1.1313708f32];
    let lod = ((scale[0] as f64 / 16.0) * 256.0).log2() as f32;
    let (mut implicit, mut bias, mut clamped) = (Map::new(g), Map::new(g), Map::new(g));
    for y in 0..16 {
        for x in 0..16 {
            let uv = [(x as f32 + 0.5) / 16.0 * scale[0], (y as f32 + 0.5) / 16.0 * scale[1]];
            let m = implicit.write(uv, 0.0, lod).min(bias.write(uv, 0.0, lod + 1.25)).min(clamped.write(uv, 0.0, lod.max(5.0)));
            assert!(m > 1e-3, "pixel ({x}, {y}) is on a rounding boundary");
        }
    }
    for target in TARGETS {
        let (vertex, _) = compile(source, "vs_6_5", "vs", target);
        let (fragment, compiled) = compile(source, "ps_6_5", "ps", target);
        let mut bindings = vec![
            bind(&compiled, "paired", Resource::SampledTexture(paired_texture(g, false))),
            bind(&compiled, "s", Resource::Sampler(SamplerDesc::default())),
        ];
        for name in ["implicit_map", "bias_map", "clamp_map"] {
            bindings.push(map_binding(&compiled, name, g));
            bindings.push(bind(&compiled, &format!("{name}.params"), Resource::Uniform { data: g.params() }));
        }
        let job = gpu::RenderJob {
            vertex,
            vertex_entry: "vs".into(),
            fragment,
            fragment_entry: "ps".into(),
            vertex_count: 3,
            instance_count: 1,
            first_vertex: 0,
            first_instance: 0,
            topology: wgpu::PrimitiveTopology::TriangleList,
            vertex_buffers: Vec::new(),
            target: gpu::ColorTarget { format: wgpu::TextureFormat::Rgba8Unorm, width: 16, height: 16, clear: wgpu::Color::BLACK },
            depth: None,
            sample_count: 1,
            bindings,
        };
        let out = gpu::run_render(&job).unwrap_or_else(|e| panic!("{target:?}: {e}"));
        for (name, model) in [("implicit_map", &implicit), ("bias_map", &bias), ("clamp_map", &clamped)] {
            let (group, binding) = binding_of(&compiled, name);
            let map = words(out.outputs.get(group, binding).expect("map"));
            assert_map(target, name, &map, model);
        }
        let (group, binding) = binding_of(&compiled, "clamp_map");
        let map = words(out.outputs.get(group, binding).expect("map"));
        let want = clamped.decode_mip_region_used();
        let got = decode(&map, g, "decode_mip_region_used", want.len(), target);
        assert_bytes(target, "MipRegionUsed (clamped)", &got, &want);
    }
}

/// `WriteSamplerFeedbackLevel` through static samplers (root signature): every address mode,
/// point and linear filters for magnification, minification and mips, LOD bias and clamps —
/// the clamps count for the MipRegionUsed map and not for the MinMip one, which records the
/// LOD before them.
#[test]
fn static_samplers_decide_footprints_and_levels() {
    let Some(_) = gpu::gpu() else { return };
    let g = Geometry { region: [4, 4], size: [40, 24], slices: 1, mips: 6 };
    use Address::*;
    let configs: [(&str, SamplerState); 5] = [
        ("MIN_MAG_MIP_LINEAR", SamplerState { modes: [Mirror, Border], bias: 0.5, min_lod: 1.0, max_lod: 4.0, ..BOUND }),
        ("MIN_MAG_MIP_POINT", SamplerState { modes: [Clamp, MirrorOnce], min_linear: false, mag_linear: false, mip_linear: false, bias: -0.75, min_lod: 2.0, ..BOUND }),
        ("MIN_POINT_MAG_LINEAR_MIP_POINT", SamplerState { modes: [Border, Wrap], min_linear: false, mip_linear: false, ..BOUND }),
        ("MIN_LINEAR_MAG_POINT_MIP_LINEAR", SamplerState { modes: [MirrorOnce, Mirror], mag_linear: false, max_lod: 2.5, ..BOUND }),
        ("ANISOTROPIC", SamplerState { modes: [Wrap, Clamp], ..BOUND }),
    ];
    let mut rng = Rng(0x57a7_1c5a);
    for (filter, st) in configs {
        let rs = format!(
            "StaticSampler(s0, filter = FILTER_{filter}, addressU = {}, addressV = {}, mipLODBias = {:.2}, minLOD = {}, maxLOD = {})",
            st.modes[0].d3d(),
            st.modes[1].d3d(),
            st.bias,
            if st.min_lod == f32::MIN { 0.0 } else { st.min_lod },
            if st.max_lod == f32::MAX { 1000.0 } else { st.max_lod },
        );
        let st = SamplerState { min_lod: if st.min_lod == f32::MIN { 0.0 } else { st.min_lod }, ..st };
        let source = format!(
            r#"
Texture2D<float4> paired : register(t0);
SamplerState s : register(s0);
FeedbackTexture2D<SAMPLER_FEEDBACK_MIN_MIP> min_mip : register(u0);
FeedbackTexture2D<SAMPLER_FEEDBACK_MIP_REGION_USED> used : register(u1);
StructuredBuffer<float4> samples : register(t1);
[RootSignature("{rs}")]
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {{
  uint n, stride;
  samples.GetDimensions(n, stride);
  if (id.x >= n) return;
  float4 v = samples[id.x];
  min_mip.WriteSamplerFeedbackLevel(paired, s, v.xy, v.z);
  used.WriteSamplerFeedbackLevel(paired, s, v.xy, v.z);
}}
"#
        );
        let (mut min_mip, mut used) = (Map::new(g), Map { min_mip: false, ..Map::new(g) });
        let mut samples: Vec<[f32; 4]> = Vec::new();
        for k in 0.. {
            if samples.len() == 200 {
                break;
            }
            assert!(k < 20_000, "{filter}: too few samples away from rounding boundaries");
            let uv = [rng.range(-1.6, 2.6), rng.range(-1.6, 2.6)];
            let lod = [-1.25f32, -0.5, 0.0, 0.25, 0.75, 1.5, 2.0, 2.25, 3.5, 4.75, 6.5][k % 11];
            let (mut a, mut b) = (Map::new(g), Map { min_mip: false, ..Map::new(g) });
            if a.write_with(uv, 0.0, lod, &st).min(b.write_with(uv, 0.0, lod, &st)) < 2e-3 {
                continue;
            }
            min_mip.write_with(uv, 0.0, lod, &st);
            used.write_with(uv, 0.0, lod, &st);
            samples.push([uv[0], uv[1], lod, 0.0]);
        }
        for target in TARGETS {
            let (shader, compiled) = compile(&source, "cs_6_5", "main", target);
            let sampler = SamplerDesc { address_modes: [address_mode(st.modes[0]), address_mode(st.modes[1]), wgpu::AddressMode::ClampToEdge], ..SamplerDesc::default() };
            let bindings = vec![
                bind(&compiled, "paired", Resource::SampledTexture(paired_texture(g, false))),
                bind(&compiled, "s", Resource::Sampler(sampler)),
                map_binding(&compiled, "min_mip", g),
                bind(&compiled, "min_mip.params", Resource::Uniform { data: g.params() }),
                map_binding(&compiled, "used", g),
                bind(&compiled, "used.params", Resource::Uniform { data: g.params() }),
                bind(&compiled, "samples", Resource::Storage { access: Access::ReadOnly, data: bytes(&samples) }),
            ];
            let job = ComputeJob { immediates: Vec::new(), shader, entry_point: "main".into(), workgroups: [(samples.len() as u32).div_ceil(64), 1, 1], bindings };
            let out = gpu::run_compute(&job).unwrap_or_else(|e| panic!("{target:?} {filter}: {e}"));
            for (name, model) in [("min_mip", &min_mip), ("used", &used)] {
                let (group, binding) = binding_of(&compiled, name);
                let map = words(out.get(group, binding).expect("map"));
                assert_map(target, &format!("{filter} {name}"), &map, model);
            }
        }
    }
}
