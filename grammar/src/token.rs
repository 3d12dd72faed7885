//! Preprocessed tokens and the string interner they point into.
//!
//! The preprocessor's output is a flat list of [`PpToken`]s: a raw [`TokenKind`], the interned
//! text (after macro expansion and token pasting the text need not exist in any file) and a
//! [`Span`] in the global offset space. The token adapter in the parser turns them into parser
//! tokens (keywords, type names, literals).

use crate::lexer::TokenKind;
use crate::source::Span;

/// An interned string.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Symbol(pub u32);

/// Interns token texts so that tokens are `Copy` and compare by number.
///
/// Every identifier and number of a file is looked up here once per occurrence, so the table
/// is a small open-addressing one of its own: slots holding a symbol with its text's hash, so
/// that a probe compares bytes only when the hashes agree.
#[derive(Debug, Default, Clone)]
pub struct Interner {
    /// The interned texts by symbol.
    strings: Vec<Box<str>>,
    /// Slots of `(hash, symbol + 1)`, `symbol + 1 == 0` when empty; a power of two long (or
    /// empty) and at most a quarter full, so that a probe rarely meets another text;
    /// linear probing.
    slots: Vec<(u32, u32)>,
    /// The symbols of punctuators by kind (`TokenKind as usize`), once interned: half of a
    /// file's tokens are punctuators, whose text need not be hashed to be found.
    punctuators: Vec<Option<Symbol>>,
}

/// The hash of a text: FxHash's multiply-rotate over its length and its little-endian 8-byte
/// words; the last 1–7 bytes are read as one word, from (overlapping) 4-byte halves or from
/// the first, middle and last byte, which with the length determine them.
fn text_hash(bytes: &[u8]) -> u32 {
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let word4 = |b: &[u8]| u64::from(u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
    let n = bytes.len();
    let mut h = (n as u64).wrapping_mul(K);
    let mut words = bytes.chunks_exact(8);
    for w in &mut words {
        let word = u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]]);
        h = (h.rotate_left(5) ^ word).wrapping_mul(K);
    }
    let rest = words.remainder();
    let last = match rest.len() {
        0 => 0,
        1..=3 => u64::from(rest[0]) | u64::from(rest[rest.len() / 2]) << 8 | u64::from(rest[rest.len() - 1]) << 16,
        k => word4(rest) | word4(&rest[k - 4..]) << 32,
    };
    h = (h.rotate_left(5) ^ last).wrapping_mul(K);
    // The multiplication leaves its best bits at the top.
    (h >> 32) as u32
}

impl Interner {
    pub fn new() -> Self {
        Self::default()
    }

    /// The slot holding `text`, or the empty slot where it would go (`slots` not empty).
    #[inline]
    fn slot(&self, text: &str, hash: u32) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        loop {
            let (h, entry) = self.slots[i];
            if entry == 0 || (h == hash && *self.strings[entry as usize - 1] == *text) {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    #[inline]
    pub fn intern(&mut self, text: &str) -> Symbol {
        let hash = text_hash(text.as_bytes());
        if !self.slots.is_empty() {
            let (_, entry) = self.slots[self.slot(text, hash)];
            if entry != 0 {
                return Symbol(entry - 1);
            }
        }
        self.insert(text, hash)
    }

    /// Adds a text not interned yet.
    #[cold]
    fn insert(&mut self, text: &str, hash: u32) -> Symbol {
        let sym = Symbol(self.strings.len() as u32);
        self.strings.push(text.into());
        if self.strings.len() * 4 > self.slots.len() {
            self.grow();
        }
        let i = self.slot(text, hash);
        self.slots[i] = (hash, sym.0 + 1);
        sym
    }

    /// Doubles the slot table (at least 1024 slots) and re-inserts every symbol.
    fn grow(&mut self) {
        let len = (self.slots.len() * 2).max(1024);
        let old = std::mem::replace(&mut self.slots, vec![(0, 0); len]);
        let mask = len - 1;
        for (hash, entry) in old.into_iter().filter(|s| s.1 != 0) {
            let mut i = hash as usize & mask;
            while self.slots[i].1 != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = (hash, entry);
        }
    }

    /// Interns the text of a punctuator of `kind` (`text` is its fixed spelling). The symbols
    /// are the ones [`intern`](Self::intern) gives.
    #[inline]
    pub fn intern_punctuator(&mut self, kind: TokenKind, text: &str) -> Symbol {
        let k = kind as usize;
        if let Some(&Some(sym)) = self.punctuators.get(k) {
            return sym;
        }
        let sym = self.intern(text);
        if self.punctuators.len() <= k {
            self.punctuators.resize(k + 1, None);
        }
        self.punctuators[k] = Some(sym);
        sym
    }

    /// The symbol of `text` if it was interned.
    pub fn get(&self, text: &str) -> Option<Symbol> {
        if self.slots.is_empty() {
            return None;
        }
        let (_, entry) = self.slots[self.slot(text, text_hash(text.as_bytes()))];
        entry.checked_sub(1).map(Symbol)
    }

    /// The number of interned texts (symbols are `0..len`).
    pub fn len(&self) -> usize {
        self.strings.len()
    }

    pub fn is_empty(&self) -> bool {
        self.strings.is_empty()
    }

    pub fn resolve(&self, sym: Symbol) -> &str {
        &self.strings[sym.0 as usize]
    }
}

/// One token after preprocessing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PpToken {
    pub kind: TokenKind,
    pub text: Symbol,
    pub span: Span,
    /// Whitespace (or a comment) preceded this token; used when printing preprocessed source
    /// (`-P`) and when stringizing.
    pub leading_space: bool,
    /// First token of a line in its file; used when printing preprocessed source.
    pub line_start: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interner_numbers_texts_in_first_seen_order() {
        let mut interner = Interner::new();
        // Enough texts to grow the slot table several times; lengths around the 8-byte words.
        let texts: Vec<String> = (0..3000).map(|i| format!("{}{i}", "x".repeat(i % 19))).collect();
        for (i, t) in texts.iter().enumerate() {
            assert_eq!(interner.intern(t), Symbol(i as u32));
        }
        for (i, t) in texts.iter().enumerate() {
            assert_eq!(interner.intern(t), Symbol(i as u32));
            assert_eq!(interner.get(t), Some(Symbol(i as u32)));
            assert_eq!(interner.resolve(Symbol(i as u32)), t);
        }
        assert_eq!(interner.len(), texts.len());
        assert_eq!(interner.get("absent"), None);
        assert_eq!(Interner::new().get(""), None);
        // The empty text and texts differing only in trailing zero bytes are distinct.
        let empty = interner.intern("");
        let nul = interner.intern("\0");
        assert_ne!(empty, nul);
        assert_eq!(interner.resolve(empty), "");
        assert_eq!(interner.resolve(nul), "\0");
    }
}
