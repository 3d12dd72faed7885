//! `min` and `max` that return the other operand of a NaN, as D3D's and DXC's SPIR-V do.
//!
//! naga writes float `min`/`max` as GLSL.std.450 `FMin`/`FMax`, whose result is undefined
//! when an operand is a NaN. D3D's `min`/`max` are IEEE 754's minNum/maxNum, which return the
//! other operand, and DXC's SPIR-V writes them as `NMin`/`NMax`, which do the same (under
//! `-ffinite-math-only` DXC writes `FMin`/`FMax`, whose NaN results are undefined and may be
//! the other operand: hlslc writes `NMin`/`NMax` always). This pass renames the instructions in the words
//! naga wrote: the operands and types are the same, and neither needs a capability. `clamp`
//! and `saturate` stay `FClamp`, as DXC writes them. The `FMin`/`FMax` naga writes for other
//! intrinsics (`lit`, `smoothstep`'s polyfills…) become NaN-avoiding too, which D3D's
//! definitions of those allow.
//!
//! Runs on every SPIR-V module, first among the SPIR-V passes, on the words (no read-back).
//! Modules without `FMin` or `FMax` are unchanged.

use super::spirv::{instructions, opcode, string_starts_with, HEADER_WORDS};

/// GLSL.std.450 instruction numbers.
const FMIN: u32 = 37;
const FMAX: u32 = 40;
const NMIN: u32 = 79;
const NMAX: u32 = 80;

/// Options of the pass.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// Whether to run (off: `FMin`/`FMax` as naga wrote them).
    pub enabled: bool,
}

/// Runs the pass on a module's words.
pub fn run(words: &mut [u32], config: &Config) {
    if !config.enabled {
        return;
    }
    // Collect: where the `OpExtInst`s of the GLSL.std.450 set that name `FMin`/`FMax` are.
    let mut glsl = None;
    let mut found = Vec::new();
    let mut at = HEADER_WORDS;
    for inst in instructions(words) {
        match inst[0] & 0xffff {
            // Operands: result, name.
            opcode::EXT_INST_IMPORT if string_starts_with(inst.get(2..).unwrap_or_default(), b"GLSL.std.450\0") => glsl = inst.get(1).copied(),
            // Operands: type, result, set, instruction, arguments.
            opcode::EXT_INST if glsl.is_some() && inst.get(3).copied() == glsl && matches!(inst.get(4), Some(&(FMIN | FMAX))) => found.push(at + 4),
            _ => {}
        }
        at += inst.len();
    }
    // Mutate.
    for i in found {
        words[i] = if words[i] == FMIN { NMIN } else { NMAX };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spirv(src: &str) -> Vec<u32> {
        let module = naga::front::wgsl::parse_str(src).unwrap();
        let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all()).validate(&module).unwrap();
        naga::back::spv::write_vec(&module, &info, &naga::back::spv::Options::default(), None).unwrap()
    }

    /// The GLSL.std.450 instruction numbers of the module's `OpExtInst`s.
    fn ext_insts(words: &[u32]) -> Vec<u32> {
        instructions(words).filter(|i| i[0] & 0xffff == opcode::EXT_INST).map(|i| i[4]).collect()
    }

    #[test]
    fn min_and_max_return_the_other_operand_of_a_nan() {
        let mut words = spirv(
            "@group(0) @binding(0) var<storage, read_write> v: array<f32>;
             @compute @workgroup_size(1) fn main() { v[0] = min(v[1], v[2]) + max(v[3], v[4]) + clamp(v[5], 0.0, 1.0); }",
        );
        run(&mut words, &Config { enabled: true });
        let mut got = ext_insts(&words);
        got.sort_unstable();
        assert_eq!(got, vec![43, NMIN, NMAX], "FClamp stays");
        rspirv::dr::load_words(&words).unwrap();
    }

    #[test]
    fn feature_absent_module_unchanged() {
        // Integer min/max (UMin/SMax) and no float min/max; then the pass disabled.
        let src = "@group(0) @binding(0) var<storage, read_write> v: array<u32>;
             @compute @workgroup_size(1) fn main() { v[0] = min(v[1], v[2]) + u32(max(i32(v[3]), 4)) + u32(abs(f32(v[4]))); }";
        let before = spirv(src);
        let mut words = before.clone();
        run(&mut words, &Config { enabled: true });
        assert_eq!(words, before);
        let before = spirv("@group(0) @binding(0) var<storage, read_write> v: array<f32>; @compute @workgroup_size(1) fn main() { v[0] = min(v[1], v[2]); }");
        let mut words = before.clone();
        run(&mut words, &Config { enabled: false });
        assert_eq!(words, before);
    }
}
