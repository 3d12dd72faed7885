//! Static samplers: the `StaticSampler(…)` clauses of an entry point's `[RootSignature("…")]`.
//!
//! In Direct3D 12 a static sampler is fixed in the root signature, so the shader knows its
//! filter, address modes, LOD bias and clamps, comparison function and border colour. WebGPU
//! has no static samplers — the host binds a sampler as usual — but the description lets hlslc
//! polyfill exactly what depends on sampler state naga cannot read at run time: integer-texture
//! sampling (address modes, integer border colours, bias and LOD clamps) and `SampleCmpLevel`
//! at a non-zero level in WGSL (comparison function and filter). Reflection reports the
//! description so the host can create the matching sampler.
//!
//! The grammar is D3D12's root-signature language: comma-separated clauses, keywords and enum
//! names matched without regard to case. Clauses other than `StaticSampler` (`RootFlags`,
//! `CBV`, `DescriptorTable` …) are skipped; a malformed `StaticSampler` is reported and ignored.

/// A texture filter (per minification, magnification and mip selection).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Filter {
    Point,
    Linear,
}

/// `D3D12_TEXTURE_ADDRESS_MODE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AddressMode {
    Wrap,
    Mirror,
    Clamp,
    Border,
    MirrorOnce,
}

/// `D3D12_COMPARISON_FUNC`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompareFunc {
    Never,
    Less,
    Equal,
    LessEqual,
    Greater,
    NotEqual,
    GreaterEqual,
    Always,
}

/// `D3D12_STATIC_BORDER_COLOR`; the `_UINT` ones are SM 6.7's integer border colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BorderColor {
    TransparentBlack,
    OpaqueBlack,
    OpaqueWhite,
    OpaqueBlackUint,
    OpaqueWhiteUint,
}

impl BorderColor {
    /// The colour as floats (what a float texture's border reads).
    pub fn float_rgba(self) -> [f32; 4] {
        match self {
            BorderColor::TransparentBlack => [0.0; 4],
            BorderColor::OpaqueBlack | BorderColor::OpaqueBlackUint => [0.0, 0.0, 0.0, 1.0],
            BorderColor::OpaqueWhite | BorderColor::OpaqueWhiteUint => [1.0; 4],
        }
    }

    /// The colour as integers (what an integer texture's border reads): D3D defines only the
    /// `_UINT` colours for integer textures; the float ones read as their integer values.
    pub fn uint_rgba(self) -> [u32; 4] {
        match self {
            BorderColor::TransparentBlack => [0; 4],
            BorderColor::OpaqueBlack | BorderColor::OpaqueBlackUint => [0, 0, 0, 1],
            BorderColor::OpaqueWhite => [1; 4],
            BorderColor::OpaqueWhiteUint => [u32::MAX; 4],
        }
    }
}

/// One static sampler, with D3D12's defaults for what the clause does not say.
#[derive(Clone, Debug, PartialEq)]
pub struct StaticSampler {
    /// The `s` register and space it occupies.
    pub register: u32,
    pub space: u32,
    pub min_filter: Filter,
    pub mag_filter: Filter,
    pub mip_filter: Filter,
    /// `FILTER_COMPARISON_*`: a comparison sampler.
    pub comparison: bool,
    /// `FILTER_ANISOTROPIC` / `FILTER_COMPARISON_ANISOTROPIC`.
    pub anisotropic: bool,
    /// `FILTER_MINIMUM_*` / `FILTER_MAXIMUM_*` (min/max reduction).
    pub reduction: bool,
    pub address: [AddressMode; 3],
    pub mip_lod_bias: f32,
    pub max_anisotropy: u32,
    pub comparison_func: CompareFunc,
    pub border_color: BorderColor,
    pub min_lod: f32,
    pub max_lod: f32,
}

impl StaticSampler {
    fn new(register: u32) -> Self {
        StaticSampler {
            register,
            space: 0,
            min_filter: Filter::Linear,
            mag_filter: Filter::Linear,
            mip_filter: Filter::Linear,
            comparison: false,
            anisotropic: true,
            reduction: false,
            address: [AddressMode::Wrap; 3],
            mip_lod_bias: 0.0,
            max_anisotropy: 16,
            comparison_func: CompareFunc::LessEqual,
            border_color: BorderColor::OpaqueWhite,
            min_lod: 0.0,
            max_lod: f32::MAX,
        }
    }
}

/// Parses a root signature; returns its static samplers and a message for each clause it
/// could not read (those samplers are left out).
pub fn parse(text: &str) -> (Vec<StaticSampler>, Vec<String>) {
    let tokens = tokenize(text);
    let mut samplers = Vec::new();
    let mut problems = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        // A clause: NAME ( … ) with balanced parentheses, or a lone word.
        let name = tokens[i].clone();
        i += 1;
        let mut args = Vec::new();
        if tokens.get(i).map(String::as_str) == Some("(") {
            i += 1;
            let mut depth = 1;
            while i < tokens.len() {
                let t = tokens[i].as_str();
                i += 1;
                match t {
                    "(" => depth += 1,
                    ")" => depth -= 1,
                    _ => {}
                }
                if depth == 0 {
                    break;
                }
                args.push(t.to_string());
            }
        }
        if tokens.get(i).map(String::as_str) == Some(",") {
            i += 1;
        }
        if name.eq_ignore_ascii_case("StaticSampler") {
            match static_sampler(&args) {
                Ok(s) => samplers.push(s),
                Err(e) => problems.push(format!("`StaticSampler` clause ignored: {e}")),
            }
        }
    }
    (samplers, problems)
}

fn tokenize(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for c in text.chars() {
        if c.is_whitespace() || matches!(c, '(' | ')' | ',' | '=' | '|') {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            if !c.is_whitespace() {
                out.push(c.to_string());
            }
        } else {
            cur.push(c);
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// The arguments of one `StaticSampler(…)`: the register, then `name = value` pairs.
fn static_sampler(args: &[String]) -> Result<StaticSampler, String> {
    let mut parts = args.split(|t| t == ",");
    let reg = parts.next().unwrap_or(&[]);
    let register = match reg {
        [r] if r.len() > 1 && r[..1].eq_ignore_ascii_case("s") => r[1..].parse::<u32>().map_err(|_| format!("bad register `{r}`"))?,
        _ => return Err("the first argument must be an `s` register".into()),
    };
    let mut s = StaticSampler::new(register);
    for part in parts {
        let [key, eq, value @ ..] = part else { return Err("expected `name = value`".into()) };
        if eq != "=" || value.is_empty() {
            return Err(format!("expected `{key} = value`"));
        }
        let v = value.join("");
        let key = key.to_ascii_lowercase();
        match key.as_str() {
            "filter" => filter(&v, &mut s)?,
            "addressu" => s.address[0] = address(&v)?,
            "addressv" => s.address[1] = address(&v)?,
            "addressw" => s.address[2] = address(&v)?,
            "miplodbias" => s.mip_lod_bias = number(&v)?,
            "maxanisotropy" => s.max_anisotropy = number(&v)? as u32,
            "comparisonfunc" => s.comparison_func = compare(&v)?,
            "bordercolor" => s.border_color = border(&v)?,
            "minlod" => s.min_lod = number(&v)?,
            "maxlod" => s.max_lod = number(&v)?,
            "space" => s.space = v.parse().map_err(|_| format!("bad space `{v}`"))?,
            "visibility" | "flags" => {}
            other => return Err(format!("unknown parameter `{other}`")),
        }
    }
    Ok(s)
}

fn number(v: &str) -> Result<f32, String> {
    let t = v.trim_end_matches(['f', 'F']);
    t.parse::<f32>().map_err(|_| format!("bad number `{v}`"))
}

fn filter(v: &str, s: &mut StaticSampler) -> Result<(), String> {
    let upper = v.to_ascii_uppercase();
    let Some(mut rest) = upper.strip_prefix("FILTER_") else { return Err(format!("unknown filter `{v}`")) };
    s.anisotropic = false;
    for (prefix, flag) in [("COMPARISON_", 0), ("MINIMUM_", 1), ("MAXIMUM_", 1)] {
        if let Some(r) = rest.strip_prefix(prefix) {
            rest = r;
            if flag == 0 {
                s.comparison = true;
            } else {
                s.reduction = true;
            }
        }
    }
    if rest == "ANISOTROPIC" {
        s.anisotropic = true;
        (s.min_filter, s.mag_filter, s.mip_filter) = (Filter::Linear, Filter::Linear, Filter::Linear);
        return Ok(());
    }
    // MIN_MAG_MIP_POINT, MIN_POINT_MAG_LINEAR_MIP_POINT, MIN_LINEAR_MAG_MIP_POINT …: names wait
    // for the next POINT or LINEAR.
    let mut pending: Vec<&str> = Vec::new();
    let mut seen = 0;
    for word in rest.split('_') {
        match word {
            "MIN" | "MAG" | "MIP" => pending.push(word),
            "POINT" | "LINEAR" => {
                let f = if word == "POINT" { Filter::Point } else { Filter::Linear };
                for p in pending.drain(..) {
                    seen += 1;
                    match p {
                        "MIN" => s.min_filter = f,
                        "MAG" => s.mag_filter = f,
                        _ => s.mip_filter = f,
                    }
                }
            }
            _ => return Err(format!("unknown filter `{v}`")),
        }
    }
    if seen != 3 || !pending.is_empty() {
        return Err(format!("unknown filter `{v}`"));
    }
    Ok(())
}

fn address(v: &str) -> Result<AddressMode, String> {
    Ok(match v.to_ascii_uppercase().as_str() {
        "TEXTURE_ADDRESS_WRAP" => AddressMode::Wrap,
        "TEXTURE_ADDRESS_MIRROR" => AddressMode::Mirror,
        "TEXTURE_ADDRESS_CLAMP" => AddressMode::Clamp,
        "TEXTURE_ADDRESS_BORDER" => AddressMode::Border,
        "TEXTURE_ADDRESS_MIRROR_ONCE" => AddressMode::MirrorOnce,
        _ => return Err(format!("unknown address mode `{v}`")),
    })
}

fn compare(v: &str) -> Result<CompareFunc, String> {
    Ok(match v.to_ascii_uppercase().as_str() {
        "COMPARISON_NEVER" => CompareFunc::Never,
        "COMPARISON_LESS" => CompareFunc::Less,
        "COMPARISON_EQUAL" => CompareFunc::Equal,
        "COMPARISON_LESS_EQUAL" => CompareFunc::LessEqual,
        "COMPARISON_GREATER" => CompareFunc::Greater,
        "COMPARISON_NOT_EQUAL" => CompareFunc::NotEqual,
        "COMPARISON_GREATER_EQUAL" => CompareFunc::GreaterEqual,
        "COMPARISON_ALWAYS" => CompareFunc::Always,
        _ => return Err(format!("unknown comparison function `{v}`")),
    })
}

fn border(v: &str) -> Result<BorderColor, String> {
    Ok(match v.to_ascii_uppercase().as_str() {
        "STATIC_BORDER_COLOR_TRANSPARENT_BLACK" => BorderColor::TransparentBlack,
        "STATIC_BORDER_COLOR_OPAQUE_BLACK" => BorderColor::OpaqueBlack,
        "STATIC_BORDER_COLOR_OPAQUE_WHITE" => BorderColor::OpaqueWhite,
        "STATIC_BORDER_COLOR_OPAQUE_BLACK_UINT" => BorderColor::OpaqueBlackUint,
        "STATIC_BORDER_COLOR_OPAQUE_WHITE_UINT" => BorderColor::OpaqueWhiteUint,
        _ => return Err(format!("unknown border colour `{v}`")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_static_samplers_among_other_clauses() {
        let (s, problems) = parse(
            "RootFlags(ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT), CBV(b0), DescriptorTable(SRV(t0, numDescriptors = 2), visibility = SHADER_VISIBILITY_PIXEL), \
             StaticSampler(s1, filter = FILTER_MIN_MAG_MIP_POINT, addressU = TEXTURE_ADDRESS_BORDER, addressV = texture_address_mirror, \
             borderColor = STATIC_BORDER_COLOR_OPAQUE_WHITE_UINT, mipLODBias = -0.5f, minLOD = 1, maxLOD = 2.5, space = 3), \
             StaticSampler(s2, filter = FILTER_COMPARISON_MIN_LINEAR_MAG_MIP_POINT, comparisonFunc = COMPARISON_GREATER)",
        );
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(s.len(), 2);
        let a = &s[0];
        assert_eq!((a.register, a.space), (1, 3));
        assert_eq!((a.min_filter, a.mag_filter, a.mip_filter, a.comparison, a.anisotropic), (Filter::Point, Filter::Point, Filter::Point, false, false));
        assert_eq!(a.address, [AddressMode::Border, AddressMode::Mirror, AddressMode::Wrap]);
        assert_eq!(a.border_color, BorderColor::OpaqueWhiteUint);
        assert_eq!((a.mip_lod_bias, a.min_lod, a.max_lod), (-0.5, 1.0, 2.5));
        let b = &s[1];
        assert_eq!((b.min_filter, b.mag_filter, b.mip_filter, b.comparison), (Filter::Linear, Filter::Point, Filter::Point, true));
        assert_eq!(b.comparison_func, CompareFunc::Greater);
        assert_eq!(b.address, [AddressMode::Wrap; 3]);
    }

    #[test]
    fn defaults_are_d3d12s() {
        let (s, _) = parse("StaticSampler(s0)");
        assert_eq!(s[0], StaticSampler::new(0));
        assert!(s[0].anisotropic);
        assert_eq!(s[0].comparison_func, CompareFunc::LessEqual);
    }

    #[test]
    fn malformed_clauses_are_reported_and_left_out() {
        let (s, problems) = parse("StaticSampler(t0), StaticSampler(s1, filter = FILTER_BOGUS), StaticSampler(s2, addressU = TEXTURE_ADDRESS_CLAMP)");
        assert_eq!(s.len(), 1);
        assert_eq!(s[0].register, 2);
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(problems[1].contains("unknown filter `FILTER_BOGUS`"), "{problems:?}");
    }
}
