//! Preprocessed tokens and the string interner they point into.
//!
//! The preprocessor's output is a flat list of [`PpToken`]s: a raw [`TokenKind`], the interned
//! text (after macro expansion and token pasting the text need not exist in any file) and a
//! [`Span`] in the global offset space. The token adapter in the parser turns them into parser
//! tokens (keywords, type names, literals).

use crate::lexer::TokenKind;
use crate::source::Span;
use rustc_hash::FxHashMap;

/// An interned string.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Symbol(pub u32);

/// Interns token texts so that tokens are `Copy` and compare by number.
#[derive(Debug, Default, Clone)]
pub struct Interner {
    map: FxHashMap<Box<str>, Symbol>,
    strings: Vec<Box<str>>,
    /// The symbols of punctuators by kind (`TokenKind as usize`), once interned: half of a
    /// file's tokens are punctuators, whose text need not be hashed to be found.
    punctuators: Vec<Option<Symbol>>,
}

impl Interner {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn intern(&mut self, text: &str) -> Symbol {
        if let Some(&sym) = self.map.get(text) {
            return sym;
        }
        let sym = Symbol(self.strings.len() as u32);
        self.strings.push(text.into());
        self.map.insert(text.into(), sym);
        sym
    }

    /// Interns the text of a punctuator of `kind` (`text` is its fixed spelling). The symbols
    /// are the ones [`intern`](Self::intern) gives.
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
        self.map.get(text).copied()
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
