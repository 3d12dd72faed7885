//! Literal conversion: pp-numbers, string and character literals → literal values.
//!
//! The lexer keeps numbers as C *pp-numbers* (see [`crate::lexer`]); only here, after
//! preprocessing, are they checked and converted, with clang's rules as DXC applies them:
//! - integers: decimal, hexadecimal (`0x`) or octal (leading `0`), with a suffix among `u`, `l`,
//!   `ul`/`lu`, `ll`, `ull`/`llu` in any case; a value that does not fit in 64 bits is an error;
//! - floats: a `.` or an exponent (`1.`, `.5`, `1e-3`, `1.0e+10`), with an optional suffix
//!   `f`/`F` (float), `h`/`H` (half) or `l`/`L` (double); hexadecimal ones too (`0x1.8p+1`,
//!   `0x1p-3f`: hex digits, an optional `.`, and a binary exponent, which they need), which
//!   clang accepts outside C99 as an extension;
//! - strings and characters: C escapes (`\n`, `\x41`, `\101` …).

use crate::ast::{FloatSuffix, IntSuffix, Literal, Name};

/// Why a pp-number is not a valid literal (the message of the diagnostic).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NumberError {
    /// The text is not a number (`1.2.3`, `1e`, `0x`, `09`).
    Malformed(String),
    /// An integer that does not fit in 64 bits.
    Overflow,
}

/// Converts a pp-number to an integer or float literal.
pub fn number(text: &str) -> Result<Literal, NumberError> {
    let bytes = text.as_bytes();
    let is_hex = bytes.len() > 1 && bytes[0] == b'0' && (bytes[1] == b'x' || bytes[1] == b'X');
    let is_binary = bytes.len() > 1 && bytes[0] == b'0' && (bytes[1] == b'b' || bytes[1] == b'B');
    if is_binary {
        return integer(&text[2..], 2);
    }
    if is_hex && text[2..].contains(['p', 'P', '.']) {
        return hex_float(text);
    }
    let is_float = if is_hex { false } else { text.contains('.') || text.bytes().any(|b| b == b'e' || b == b'E') };
    if is_float {
        float(text)
    } else {
        integer(if is_hex { &text[2..] } else { text }, if is_hex { 16 } else { 10 })
    }
}

/// `radix` is 16 or 2 for text after its `0x`/`0b` prefix, 10 for anything else (a leading `0`
/// makes it octal).
fn integer(text: &str, radix: u32) -> Result<Literal, NumberError> {
    let (digits, radix, decimal) = if radix != 10 {
        (text, radix, false)
    } else if text.len() > 1 && text.starts_with('0') {
        (&text[1..], 8, false)
    } else {
        (text, 10, true)
    };
    let end = digits.find(|c: char| !c.is_digit(radix)).unwrap_or(digits.len());
    let (digits, suffix) = digits.split_at(end);
    if digits.is_empty() && radix != 8 {
        return Err(NumberError::Malformed(format!("`{text}` has no digits")));
    }
    // (Compared without case, without allocating a lower-case copy.)
    let is = |s: &str| suffix.eq_ignore_ascii_case(s);
    let suffix = if suffix.is_empty() {
        IntSuffix::None
    } else if is("u") {
        IntSuffix::U
    } else if is("l") {
        IntSuffix::L
    } else if is("ul") || is("lu") {
        IntSuffix::UL
    } else if is("ll") {
        IntSuffix::LL
    } else if is("ull") || is("llu") {
        IntSuffix::ULL
    } else if radix == 8 && suffix.starts_with(|c: char| c.is_ascii_digit()) {
        return Err(NumberError::Malformed(format!("invalid digit in octal literal `{text}`")));
    } else {
        let other = suffix.to_ascii_lowercase();
        return Err(NumberError::Malformed(format!("invalid suffix `{other}` on integer literal")));
    };
    let value =
        if digits.is_empty() { 0 } else { u64::from_str_radix(digits, radix).map_err(|_| NumberError::Overflow)? };
    Ok(Literal::Int { value, suffix, decimal })
}

fn float(text: &str) -> Result<Literal, NumberError> {
    // Mantissa digits and dot, then an optional exponent, then the suffix.
    let b = text.as_bytes();
    let mut i = 0;
    let mut digits = 0;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
        digits += 1;
    }
    if i < b.len() && b[i] == b'.' {
        i += 1;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
            digits += 1;
        }
    }
    if digits == 0 {
        return Err(NumberError::Malformed(format!("`{text}` has no digits")));
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i = exponent_end(b, i + 1, text)?;
    }
    let (number, suffix) = text.split_at(i);
    let suffix = float_suffix(suffix)?;
    let value = match exact_decimal(number.as_bytes()) {
        Some(v) => v,
        None => number.parse::<f64>().map_err(|_| NumberError::Malformed(format!("`{text}` is not a number")))?,
    };
    Ok(Literal::Float { value, suffix, text: Name::new(text) })
}

/// The value of `number` (decimal digits with one optional `.`, no exponent) when it is
/// computed exactly: at most 15 digits are an integer exact in an `f64`, so are the powers
/// of ten up to 10^22, and one division of the two rounds correctly (Clinger's fast path):
/// the value `str::parse` gives, without its general parse. `None` for anything else.
fn exact_decimal(number: &[u8]) -> Option<f64> {
    const POWERS: [f64; 16] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];
    let (mut mantissa, mut digits, mut scale, mut dot) = (0u64, 0usize, 0usize, false);
    for &c in number {
        match c {
            b'0'..=b'9' => {
                mantissa = mantissa * 10 + u64::from(c - b'0');
                digits += 1;
                scale += usize::from(dot);
            }
            b'.' if !dot => dot = true,
            _ => return None,
        }
        if digits > 15 {
            return None;
        }
    }
    Some(mantissa as f64 / POWERS[scale])
}

/// A hexadecimal float after its `0x`: hex digits with an optional `.`, then `p`, an optionally
/// signed decimal exponent of 2, then the suffix of a float.
fn hex_float(text: &str) -> Result<Literal, NumberError> {
    let b = &text.as_bytes()[2..];
    let (mut i, mut mantissa, mut scale, mut digits, mut dot) = (0, 0u64, 0i64, 0, false);
    while i < b.len() && (b[i].is_ascii_hexdigit() || (b[i] == b'.' && !dot)) {
        if b[i] == b'.' {
            dot = true;
        } else {
            digits += 1;
            // Digits past 60 bits only scale the value (beyond f64's 53 bits of precision).
            if mantissa >> 60 == 0 {
                mantissa = mantissa * 16 + (b[i] as char).to_digit(16).unwrap_or(0) as u64;
                scale -= if dot { 4 } else { 0 };
            } else {
                scale += if dot { 0 } else { 4 };
            }
        }
        i += 1;
    }
    if digits == 0 {
        return Err(NumberError::Malformed(format!("`{text}` has no digits")));
    }
    if i == b.len() || (b[i] != b'p' && b[i] != b'P') {
        return Err(NumberError::Malformed(format!("hexadecimal float `{text}` has no exponent")));
    }
    let negative = b.get(i + 1) == Some(&b'-');
    let start = i + 1 + usize::from(matches!(b.get(i + 1), Some(b'+' | b'-')));
    let end = exponent_end(b, i + 1, text)?;
    let exponent: i64 = std::str::from_utf8(&b[start..end]).ok().and_then(|e| e.parse().ok()).unwrap_or(i64::MAX / 4);
    let suffix = float_suffix(&text[2 + end..])?;
    let power = (if negative { -exponent } else { exponent } + scale).clamp(-2000, 2000) as i32;
    // Two steps, so that a subnormal result is not flushed by an out-of-range factor.
    let value = mantissa as f64 * 2f64.powi(power / 2) * 2f64.powi(power - power / 2);
    Ok(Literal::Float { value, suffix, text: Name::new(text) })
}

/// The end of a float literal's exponent that starts at `i` (after its `e` or `p`): an optional
/// sign and at least one decimal digit.
fn exponent_end(b: &[u8], mut i: usize, text: &str) -> Result<usize, NumberError> {
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        i += 1;
    }
    let start = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    if i == start {
        return Err(NumberError::Malformed(format!("exponent of `{text}` has no digits")));
    }
    Ok(i)
}

/// The suffix of a float literal (decimal or hexadecimal).
fn float_suffix(suffix: &str) -> Result<FloatSuffix, NumberError> {
    match suffix {
        "" => Ok(FloatSuffix::None),
        "f" | "F" => Ok(FloatSuffix::F),
        "h" | "H" => Ok(FloatSuffix::H),
        "l" | "L" => Ok(FloatSuffix::L),
        "f16" | "F16" => Ok(FloatSuffix::F16),
        "f32" | "F32" => Ok(FloatSuffix::F32),
        "f64" | "F64" => Ok(FloatSuffix::F64),
        other => Err(NumberError::Malformed(format!("invalid suffix `{other}` on float literal"))),
    }
}

/// Unescapes the body of a string or character literal (the text between the quotes).
/// Returns the bytes and, for an invalid escape, its text.
pub fn unescape(body: &str) -> (Vec<u8>, Option<String>) {
    let mut out = Vec::with_capacity(body.len());
    let mut bad = None;
    let b = body.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' || i + 1 == b.len() {
            out.push(b[i]);
            i += 1;
            continue;
        }
        let c = b[i + 1];
        i += 2;
        let simple = match c {
            b'n' => Some(b'\n'),
            b't' => Some(b'\t'),
            b'r' => Some(b'\r'),
            b'a' => Some(7),
            b'b' => Some(8),
            b'f' => Some(12),
            b'v' => Some(11),
            b'\\' | b'\'' | b'"' | b'?' => Some(c),
            _ => None,
        };
        if let Some(s) = simple {
            out.push(s);
        } else if c == b'x' {
            let start = i;
            let mut v: u32 = 0;
            while i < b.len() && b[i].is_ascii_hexdigit() {
                v = v.wrapping_mul(16).wrapping_add((b[i] as char).to_digit(16).unwrap_or(0));
                i += 1;
            }
            if i == start {
                bad.get_or_insert_with(|| "\\x".to_string());
            }
            out.push(v as u8);
        } else if (b'0'..=b'7').contains(&c) {
            let mut v = (c - b'0') as u32;
            let mut n = 1;
            while n < 3 && i < b.len() && (b'0'..=b'7').contains(&b[i]) {
                v = v * 8 + (b[i] - b'0') as u32;
                i += 1;
                n += 1;
            }
            out.push(v as u8);
        } else {
            bad.get_or_insert_with(|| format!("\\{}", c as char));
            out.push(c);
        }
    }
    (out, bad)
}

/// The value of a character literal's body (`a` in `'a'`): multi-character literals combine
/// bytes big-endian, as clang does.
pub fn char_value(body: &str) -> (u64, Option<String>) {
    let (bytes, bad) = unescape(body);
    let value = bytes.iter().fold(0u64, |v, &c| (v << 8) | c as u64);
    (value, bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(text: &str) -> (u64, IntSuffix, bool) {
        match number(text) {
            Ok(Literal::Int { value, suffix, decimal }) => (value, suffix, decimal),
            other => panic!("{text}: {other:?}"),
        }
    }

    fn flt(text: &str) -> (f64, FloatSuffix) {
        match number(text) {
            Ok(Literal::Float { value, suffix, .. }) => (value, suffix),
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn exact_decimals_match_the_general_parse() {
        let cases = [
            "0.0", "1.", ".5", "0.1", "0.3", "1.0", "2.5", "0.001", "3.14159265358979", "123456789012345.", "12345678901234.5",
            "0.000000000000001", "999999999999999.", "0.1234567890123", "7.000000000000001", "0.30000000000000004",
        ];
        for text in cases {
            let general: f64 = text.parse().unwrap();
            match exact_decimal(text.as_bytes()) {
                Some(v) => assert_eq!(v.to_bits(), general.to_bits(), "{text}"),
                None => assert!(text.bytes().filter(u8::is_ascii_digit).count() > 15, "{text}"),
            }
            assert_eq!(flt(text).0.to_bits(), general.to_bits(), "{text}");
        }
        // Values of 6 digits around the point (every seventh), as the general parse gives them.
        for m in (0..1_000_000u32).step_by(7) {
            for point in [0, 3, 6] {
                let digits = format!("{m:06}");
                let text = format!("{}.{}", &digits[..6 - point], &digits[6 - point..]);
                assert_eq!(exact_decimal(text.as_bytes()).map(f64::to_bits), Some(text.parse::<f64>().unwrap().to_bits()), "{text}");
            }
        }
        assert_eq!(exact_decimal(b"1e5"), None);
        assert_eq!(exact_decimal(b"1.2.3"), None);
    }

    #[test]
    fn integers() {
        assert_eq!(int("0"), (0, IntSuffix::None, true));
        assert_eq!(int("42u"), (42, IntSuffix::U, true));
        assert_eq!(int("0x1Fu"), (31, IntSuffix::U, false));
        assert_eq!(int("017"), (15, IntSuffix::None, false));
        assert_eq!(int("1UL"), (1, IntSuffix::UL, true));
        assert_eq!(int("1lu"), (1, IntSuffix::UL, true));
        assert_eq!(int("5ll"), (5, IntSuffix::LL, true));
        assert_eq!(int("5uLL"), (5, IntSuffix::ULL, true));
        assert_eq!(int("18446744073709551615"), (u64::MAX, IntSuffix::None, true));
        assert_eq!(number("18446744073709551616"), Err(NumberError::Overflow));
        assert!(number("09").is_err());
        assert!(number("0x").is_err());
        assert!(number("12abc").is_err());
        assert_eq!(int("0b101"), (5, IntSuffix::None, false));
    }

    #[test]
    fn floats() {
        assert_eq!(flt("1."), (1.0, FloatSuffix::None));
        assert_eq!(flt(".5"), (0.5, FloatSuffix::None));
        assert_eq!(flt("1e-3"), (1e-3, FloatSuffix::None));
        assert_eq!(flt("1.0e+10f"), (1e10, FloatSuffix::F));
        assert_eq!(flt("2.5h"), (2.5, FloatSuffix::H));
        assert_eq!(flt("2.5L"), (2.5, FloatSuffix::L));
        assert!(number("1.2.3").is_err());
        assert!(number("1e").is_err());
        assert!(number("1.0q").is_err());
    }

    #[test]
    fn hexadecimal_floats() {
        assert_eq!(flt("0x1.8p+1"), (3.0, FloatSuffix::None));
        assert_eq!(flt("0x1p-3f"), (0.125, FloatSuffix::F));
        assert_eq!(flt("0x1.fffffep-1"), (f32::from_bits(0x3f7f_ffff) as f64, FloatSuffix::None));
        assert_eq!(flt("0x1.fffffffffffffp-1"), (1.0 - f64::EPSILON / 2.0, FloatSuffix::None));
        assert_eq!(flt("0x.8P1L"), (1.0, FloatSuffix::L));
        assert_eq!(flt("0x1p-1074"), (f64::from_bits(1), FloatSuffix::None));
        assert!(number("0x1.8").is_err());
        assert!(number("0x1p").is_err());
        assert!(number("0xp1").is_err());
        assert!(number("0x1p1q").is_err());
    }

    #[test]
    fn escapes() {
        assert_eq!(unescape(r"a\n\x41\101\\"), (b"a\nAA\\".to_vec(), None));
        assert_eq!(unescape(r"\q").1.as_deref(), Some("\\q"));
        assert_eq!(char_value("a").0, 97);
        assert_eq!(char_value(r"\0").0, 0);
    }
}
