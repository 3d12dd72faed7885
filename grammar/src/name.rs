//! [`Name`]: the text of an identifier in the AST, kept inline when it is short.
//!
//! A parsed file has one identifier every few tokens, and each used to be a heap `String`: an
//! allocation when parsed, one per clone in the later stages (scopes, symbol tables, the typed
//! IR) and a free for each. Shader names are short (`acc`, `float4`, `SV_Target0`,
//! `g_LightBuffer`), so a `Name` stores up to [`INLINE`] bytes inside itself and only longer
//! names on the heap. It is 24 bytes, as a `String` is, and behaves as a `str` everywhere:
//! it derefs to one, and compares, orders, hashes, displays and debug-prints as one, so a
//! `HashMap<Name, _>` can be looked up with a `&str`.

use std::borrow::Borrow;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;

/// The longest name kept inline.
pub const INLINE: usize = 22;

/// An identifier's text (see the module docs).
#[derive(Clone)]
pub struct Name(Repr);

#[derive(Clone)]
enum Repr {
    /// `bytes[..len]` is the text. Invariant: valid UTF-8 (a prefix of a `str` copied whole).
    Inline { len: u8, bytes: [u8; INLINE] },
    Heap(Box<str>),
}

impl Name {
    #[inline]
    pub fn new(text: &str) -> Self {
        if text.len() <= INLINE {
            let mut bytes = [0u8; INLINE];
            bytes[..text.len()].copy_from_slice(text.as_bytes());
            Name(Repr::Inline { len: text.len() as u8, bytes })
        } else {
            Name(Repr::Heap(text.into()))
        }
    }

    #[inline]
    pub fn as_str(&self) -> &str {
        match &self.0 {
            Repr::Inline { len, bytes } => {
                let bytes = &bytes[..usize::from(*len).min(INLINE)];
                // SAFETY: `bytes` is a whole `str` copied by `new` (the only constructor of
                // `Inline`), so it is valid UTF-8.
                unsafe { std::str::from_utf8_unchecked(bytes) }
            }
            Repr::Heap(s) => s,
        }
    }
}

impl Default for Name {
    fn default() -> Self {
        Name::new("")
    }
}

impl Deref for Name {
    type Target = str;
    #[inline]
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Name {
    #[inline]
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl Borrow<str> for Name {
    #[inline]
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl From<&str> for Name {
    #[inline]
    fn from(s: &str) -> Self {
        Name::new(s)
    }
}

impl From<String> for Name {
    #[inline]
    fn from(s: String) -> Self {
        Name::new(&s)
    }
}

impl From<&String> for Name {
    #[inline]
    fn from(s: &String) -> Self {
        Name::new(s)
    }
}

impl From<Name> for String {
    #[inline]
    fn from(n: Name) -> Self {
        n.as_str().to_string()
    }
}

impl From<&Name> for String {
    #[inline]
    fn from(n: &Name) -> Self {
        n.as_str().to_string()
    }
}

impl PartialEq for Name {
    #[inline]
    fn eq(&self, other: &Name) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Name {}

impl PartialEq<str> for Name {
    #[inline]
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Name {
    #[inline]
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for Name {
    #[inline]
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other.as_str()
    }
}

impl PartialEq<Name> for str {
    #[inline]
    fn eq(&self, other: &Name) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<Name> for &str {
    #[inline]
    fn eq(&self, other: &Name) -> bool {
        *self == other.as_str()
    }
}

impl PartialEq<Name> for String {
    #[inline]
    fn eq(&self, other: &Name) -> bool {
        self.as_str() == other.as_str()
    }
}

impl PartialOrd for Name {
    #[inline]
    fn partial_cmp(&self, other: &Name) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Name {
    #[inline]
    fn cmp(&self, other: &Name) -> std::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl Hash for Name {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state)
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_str(), f)
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn behaves_as_its_text() {
        for text in ["", "x", "float4", "abcdefghijklmnopqrstuv", "abcdefghijklmnopqrstuvw", "ünïcödé_name_that_is_long"] {
            let n = Name::new(text);
            assert_eq!(n.as_str(), text);
            assert_eq!(n, text);
            assert_eq!(n.to_string(), text);
            assert_eq!(format!("{n:?}"), format!("{text:?}"));
            assert_eq!(String::from(n.clone()), text);
        }
        let (a, b) = (Name::new("alpha"), Name::new("a_name_longer_than_the_inline_buffer"));
        assert_eq!(a.cmp(&b), "alpha".cmp("a_name_longer_than_the_inline_buffer"));
        let mut map = HashMap::new();
        map.insert(b.clone(), 1);
        map.insert(a.clone(), 2);
        assert_eq!(map.get("alpha"), Some(&2));
        assert_eq!(map.get(b.as_str()), Some(&1));
    }

    #[test]
    fn is_as_small_as_a_string() {
        assert_eq!(std::mem::size_of::<Name>(), std::mem::size_of::<String>());
    }
}
