//! The token adapter: preprocessed tokens → the tokens the grammar sees.
//!
//! HLSL, like C and C++, cannot be parsed from plain tokens by a context-free grammar: whether
//! `(S)x` is a cast or `a < b > (c)` a template call depends on what `S` and `a` name. The
//! grammar stays context-free because this module classifies tokens first, in three passes over
//! the whole token list:
//!
//! 1. [`Classifier`]: words become keywords, qualifiers, builtin or user **type names** or
//!    identifiers (the C "lexer hack"). It tracks the type names a file declares
//!    (`struct`/`class`/`interface`/`enum X`, `typedef … X`, `using X =`, and template type
//!    parameters, which are type names only until the end of their template declaration) and
//!    the names of function templates. It converts pp-numbers, strings and characters into
//!    literals, and collapses the effects-framework constructs DXC rejects but real shaders
//!    contain (`technique11 T { pass P { … } }` at file scope, `sampler_state { … }` and
//!    `SamplerState s { … }` initializers) into single tokens. It also enforces the nesting
//!    limit: past [`MAX_NESTING`] open brackets it reports an error and cuts the file at the
//!    last complete top-level declaration, so no later stage recurses that deep.
//! 2. [`discover_template_lists`]: decides which `<` open a template argument list and which
//!    `>` close one, splitting `>>` where it closes two lists (`RWStructuredBuffer<Foo<int>>`).
//!    A `<` can open a list only after a type name, after `template`, after the name of a
//!    function template, or after any name when a type follows (`buf.Load<float2>(i)`,
//!    `vk::RawBufferLoad<uint>(a)`). As in naga's `discover_template_lists` (the WGSL spec's
//!    "template list discovery"), a candidate is matched with the next `>` at its bracket
//!    depth and abandoned at `;`, `{`, `}`, `:`, `?`, `&&`, `||` or an assignment.
//! 3. The result gets an end-of-file sentinel token, so that error recovery can always resume.

use crate::ast::{self, Literal, Qualifier};
use crate::diagnostic::Diagnostic;
use crate::lexer::TokenKind;
use crate::preprocessor::Preprocessed;
use crate::source::Span;
use crate::token::{PpToken, Symbol};
use rustc_hash::FxHashSet as HashSet;

use super::keywords;
use super::literal::{self, NumberError};

/// Deepest nesting of `(`, `[` and `{` accepted in one file.
pub const MAX_NESTING: usize = 256;

/// A token as the grammar sees it.
#[derive(Clone, Debug, PartialEq)]
pub enum Token<'a> {
    /// A punctuator, as lexed (`Lt`/`Gt` are comparison operators here).
    Punct(TokenKind),
    Keyword(Keyword),
    Ident(&'a str),
    /// A builtin or user-declared type name.
    TypeName(&'a str),
    /// A storage class, type modifier, interpolation modifier or parameter direction other than
    /// `const` (which is a [`Keyword`] because methods use it after their parameter list).
    Qualifier(Qualifier),
    /// `public`/`private`/`protected` followed by `:` in a class.
    Access(&'a str),
    /// An integer or float literal (characters are integer literals).
    Number(Literal),
    String(String),
    /// `<` opening a template argument list.
    TemplateOpen,
    /// `>` closing a template argument list.
    TemplateClose,
    /// A whole effects-framework technique block: its keyword and name.
    Technique(Box<(ast::Ident, Option<ast::Ident>)>),
    /// A whole effects state block: `sampler_state { … }` or the `{ … }` of
    /// `SamplerState s { … }`.
    StateBlock,
    /// `#pragma pack_matrix(row_major)` (`true`) or `(column_major)` (`false`).
    PackMatrix(bool),
    /// Text that is no token (already reported by the adapter).
    Invalid,
    /// End of input.
    Eof,
}

/// Hard keywords of HLSL (qualifiers excepted, see [`Token::Qualifier`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keyword {
    Struct,
    Class,
    Interface,
    Typedef,
    Namespace,
    Enum,
    Template,
    Typename,
    CBuffer,
    TBuffer,
    True,
    False,
    Sizeof,
    This,
    Operator,
    Using,
    Register,
    PackOffset,
    Discard,
    If,
    Else,
    For,
    While,
    Do,
    Switch,
    Case,
    Default,
    Break,
    Continue,
    Return,
    Const,
    StaticAssert,
    Decltype,
}

impl Keyword {
    fn from_word(w: &str) -> Option<Keyword> {
        use Keyword::*;
        Some(match w {
            "struct" => Struct,
            "class" => Class,
            "interface" => Interface,
            "typedef" => Typedef,
            "namespace" => Namespace,
            "enum" => Enum,
            "template" => Template,
            "typename" => Typename,
            "cbuffer" => CBuffer,
            "tbuffer" => TBuffer,
            "true" => True,
            "false" => False,
            "sizeof" => Sizeof,
            "this" => This,
            "operator" => Operator,
            "using" => Using,
            "register" => Register,
            "packoffset" => PackOffset,
            "discard" => Discard,
            "if" => If,
            "else" => Else,
            "for" => For,
            "while" => While,
            "do" => Do,
            "switch" => Switch,
            "case" => Case,
            "default" => Default,
            "break" => Break,
            "continue" => Continue,
            "return" => Return,
            "const" => Const,
            "_Static_assert" => StaticAssert,
            "__decltype" => Decltype,
            _ => return None,
        })
    }
}

/// A token with its span.
pub type Triple<'a> = (u32, Token<'a>, u32);

/// What the adapter produced.
#[derive(Debug, Default)]
pub struct Adapted<'a> {
    /// Parser tokens, ending with [`Token::Eof`].
    pub tokens: Vec<Triple<'a>>,
    pub diagnostics: Vec<Diagnostic>,
    /// `{` tokens never closed; the adapter reports them and closes them at the end of the
    /// file.
    pub unclosed_braces: Vec<Span>,
    /// `>>` tokens split to close a template argument list (`Outer<Inner<int>>`), which DXC
    /// accepts only from HLSL 202x (see [`super::parse`]).
    pub split_closers: Vec<Span>,
}

/// Runs the three passes (see the module docs).
pub fn adapt(input: &Preprocessed) -> Adapted<'_> {
    let mut classifier = Classifier::new(input);
    classifier.run();
    let Classifier { out, mut diagnostics, unclosed, template_headers, template_calls, .. } = classifier;
    let mut split_closers = Vec::new();
    let mut tokens = discover_template_lists(out, &template_headers, &template_calls, &mut diagnostics, &mut split_closers);
    let end = tokens.last().map_or(0, |t| t.2);
    place_pack_matrix_pragmas(&mut tokens);
    // Close the braces the file left open, so that the declarations inside are kept; say so
    // once. (Parentheses and brackets left open are syntax errors the parser reports.)
    let braces: Vec<Span> = unclosed.iter().filter(|(k, _)| *k == TokenKind::LBrace).map(|(_, s)| *s).collect();
    if let Some(&innermost) = braces.last() {
        let mut d = Diagnostic::error("E0211", Span::new(end, end), "expected `}`, found end of file")
            .with_related(innermost, "this `{` is never closed");
        for span in braces.iter().rev().skip(1).take(2) {
            d = d.with_related(*span, "this `{` is never closed either");
        }
        diagnostics.push(d.with_help("add the missing `}`"));
        tokens.extend(braces.iter().map(|_| (end, Token::Punct(TokenKind::RBrace), end)));
    }
    tokens.push((end, Token::Eof, end));
    Adapted { tokens, diagnostics, unclosed_braces: braces, split_closers }
}

/// An open template declaration: its type parameters are type names until it ends.
struct TemplateScope<'a> {
    params: Vec<&'a str>,
    /// Brace depth of the `template` keyword; the declaration ends at a `;` at this depth or
    /// a `}` back to it.
    brace_depth: usize,
    /// Nesting of `<` in the header; `None` once the header is closed.
    header_angle: Option<usize>,
    /// The declared function's name was seen (or the declaration is not a function).
    named: bool,
}

/// An open `typedef`: the names it declares are the words followed by `;`, `,` or `[` at its
/// own nesting.
struct TypedefScope {
    brace_depth: usize,
    paren_depth: usize,
    angle: usize,
}

/// Pass 1 (see the module docs).
struct Classifier<'a> {
    input: &'a Preprocessed,
    toks: &'a [PpToken],
    i: usize,
    out: Vec<Triple<'a>>,
    diagnostics: Vec<Diagnostic>,
    user_types: HashSet<&'a str>,
    template_fns: HashSet<&'a str>,
    templates: Vec<TemplateScope<'a>>,
    /// Indices in `out` of the `<` of template headers.
    template_headers: HashSet<usize>,
    /// Indices in `out` of the `<` after the name of a function template.
    template_calls: HashSet<usize>,
    typedef: Option<TypedefScope>,
    /// After `struct`/`class`/`interface`/`enum`: the bracket depth at the keyword, until the
    /// declared name (which may follow attributes: `struct [raypayload] P`).
    struct_name_pending: Option<usize>,
    /// After `enum`, until its body's `{` (or the `;` of a declaration without one).
    enum_body_pending: bool,
    /// The bracket depths just inside the open enum bodies: there a name after `{` or `,` is
    /// an enumerator, also one spelled like a type (`enum class Hit { TriangleHit }` beside
    /// `struct TriangleHit`), as in C++, where the enum's scope holds its enumerators.
    enum_bodies: Vec<usize>,
    /// The enum types' names: after `E::` a name is an enumerator of `E`, not a type.
    enum_types: HashSet<&'a str>,
    /// Open brackets: their kind and span.
    open: Vec<(TokenKind, Span)>,
    braces: usize,
    parens: usize,
    /// Length of `out` after the last complete top-level declaration.
    safe_cut: usize,
    /// Brackets still open at the end of the file, outermost first.
    unclosed: Vec<(TokenKind, Span)>,
    /// User type names a variable declaration has hidden (`ConstantBuffer<Constants>
    /// Constants;`), with the brace depth of the hiding scope: until that scope closes the name
    /// is the variable, as in C++.
    hidden_types: Vec<(&'a str, usize)>,
    /// What each interned text is as a word, by symbol: every word of a file is classified
    /// once, not once per occurrence.
    words: Vec<WordInfo>,
}

/// What the fixed word tables say about a word.
#[derive(Clone, Copy, Default)]
struct WordInfo {
    keyword: Option<Keyword>,
    hard_qualifier: Option<Qualifier>,
    contextual_qualifier: Option<Qualifier>,
    builtin_type: bool,
    effect_object: bool,
}

impl WordInfo {
    fn of(w: &str) -> Self {
        WordInfo {
            keyword: Keyword::from_word(w),
            hard_qualifier: keywords::hard_qualifier(w),
            contextual_qualifier: keywords::contextual_qualifier(w),
            builtin_type: keywords::is_builtin_type(w),
            effect_object: keywords::is_effect_object(w),
        }
    }
}

impl<'a> Classifier<'a> {
    fn new(input: &'a Preprocessed) -> Self {
        Classifier {
            input,
            toks: &input.tokens,
            i: 0,
            out: Vec::with_capacity(input.tokens.len() + 1),
            diagnostics: Vec::new(),
            user_types: HashSet::default(),
            template_fns: HashSet::default(),
            templates: Vec::new(),
            template_headers: HashSet::default(),
            template_calls: HashSet::default(),
            typedef: None,
            struct_name_pending: None,
            enum_body_pending: false,
            enum_bodies: Vec::new(),
            enum_types: HashSet::default(),
            open: Vec::new(),
            braces: 0,
            parens: 0,
            safe_cut: 0,
            unclosed: Vec::new(),
            hidden_types: Vec::new(),
            words: (0..input.interner.len()).map(|i| WordInfo::of(input.interner.resolve(Symbol(i as u32)))).collect(),
        }
    }

    /// The word tables' entry for the token at `i` (all empty past the end).
    fn info(&self, i: usize) -> WordInfo {
        self.toks.get(i).and_then(|t| self.words.get(t.text.0 as usize)).copied().unwrap_or_default()
    }

    fn text(&self, i: usize) -> &'a str {
        self.toks.get(i).map_or("", |t| self.input.interner.resolve(t.text))
    }

    fn kind(&self, i: usize) -> Option<TokenKind> {
        self.toks.get(i).map(|t| t.kind)
    }

    /// Whether the words from `i` on are more `shared`s, then `cbuffer` or `tbuffer`.
    fn shared_before_buffer(&self, mut i: usize) -> bool {
        while self.text(i) == "shared" {
            i += 1;
        }
        matches!(self.text(i), "cbuffer" | "tbuffer")
    }

    fn last(&self) -> Option<&Token<'a>> {
        self.out.last().map(|t| &t.1)
    }

    #[inline]
    fn push(&mut self, span: Span, tok: Token<'a>) {
        self.out.push((span.start, tok, span.end));
    }

    fn run(&mut self) {
        while self.i < self.toks.len() {
            let t = self.toks[self.i];
            if !self.token(t) {
                return;
            }
            self.i += 1;
        }
        self.unclosed = std::mem::take(&mut self.open);
    }

    /// Classifies one token; returns `false` when the nesting limit stopped the pass.
    fn token(&mut self, t: PpToken) -> bool {
        use TokenKind::*;
        let text = self.input.interner.resolve(t.text);
        match t.kind {
            Ident => self.word(t, text),
            Number if self.infinity_literal(t.span, text) => {}
            Number => self.number(t.span, text),
            String => {
                let body = text.get(1..text.len().saturating_sub(1)).unwrap_or("");
                let (bytes, bad) = literal::unescape(body);
                self.bad_escape(t.span, bad);
                self.push(t.span, Token::String(std::string::String::from_utf8_lossy(&bytes).into_owned()));
            }
            Char => {
                let body = text.get(1..text.len().saturating_sub(1)).unwrap_or("");
                let (value, bad) = literal::char_value(body);
                self.bad_escape(t.span, bad);
                let lit = Literal::Int { value, suffix: ast::IntSuffix::None, decimal: true };
                self.push(t.span, Token::Number(lit));
            }
            UnterminatedComment => self.diagnostics.push(
                Diagnostic::error("E0202", t.span, "unterminated comment").with_help("close the comment with `*/`"),
            ),
            UnterminatedString => {
                self.diagnostics.push(
                    Diagnostic::error("E0202", t.span, "unterminated string literal")
                        .with_help("close the string with `\"` on the same line"),
                );
                self.push(t.span, Token::Invalid);
            }
            Error | Hash | HashHash => {
                let message = if t.kind == Error {
                    format!("invalid character `{}`", text.escape_debug())
                } else {
                    format!("stray `{text}` outside a preprocessor directive")
                };
                self.diagnostics.push(Diagnostic::error("E0201", t.span, message));
                self.push(t.span, Token::Invalid);
            }
            Newline => {}
            PragmaRowMajor => self.push(t.span, Token::PackMatrix(true)),
            PragmaColumnMajor => self.push(t.span, Token::PackMatrix(false)),
            _ => return self.punctuator(t),
        }
        true
    }

    fn bad_escape(&mut self, span: Span, bad: Option<std::string::String>) {
        if let Some(esc) = bad {
            self.diagnostics.push(Diagnostic::warning(
                "W0201",
                "unknown-escape-sequence",
                span,
                format!("unknown escape sequence `{esc}`"),
            ));
        }
    }

    fn number(&mut self, span: Span, text: &'a str) {
        let lit = match literal::number(text) {
            Ok(lit) => lit,
            Err(_) if self.swizzled_literal(span, text) => return,
            Err(err) => {
                let d = match err {
                    NumberError::Malformed(msg) => Diagnostic::error("E0203", span, format!("invalid number: {msg}")),
                    NumberError::Overflow => Diagnostic::error("E0204", span, "integer literal is too large")
                        .with_help("integer literals must fit in 64 bits"),
                };
                self.diagnostics.push(d);
                // A zero of the right kind keeps the parse going without a second error.
                if text.contains('.') {
                    Literal::Float { value: 0.0, suffix: ast::FloatSuffix::None, text: "0.0".into() }
                } else {
                    Literal::Int { value: 0, suffix: ast::IntSuffix::None, decimal: true }
                }
            }
        };
        self.push(span, Token::Number(lit));
    }

    /// `1.#INF`: FXC's spelling of a 32-bit float infinity, which DXC reads too (a nonzero
    /// number ending in `.`, then `#INF` with nothing between). Emits the literal and skips
    /// the `#` and `INF` tokens; `false` if the tokens are not one. Another number before
    /// `#INF` (`0.#INF`, `1#INF`, which DXC rejects too) is reported as an invalid number.
    fn infinity_literal(&mut self, span: Span, text: &str) -> bool {
        let adjacent = |i: usize, end: u32| self.toks.get(i).is_some_and(|t| t.span.start == end);
        if self.kind(self.i + 1) != Some(TokenKind::Hash) || self.text(self.i + 2) != "INF" || !adjacent(self.i + 1, span.end) {
            return false;
        }
        let end = self.toks[self.i + 1].span.end;
        if !adjacent(self.i + 2, end) {
            return false;
        }
        let full = Span::new(span.start, self.toks[self.i + 2].span.end);
        let nonzero = text.strip_suffix('.').is_some_and(|digits| digits.bytes().all(|b| b.is_ascii_digit()) && digits.bytes().any(|b| b != b'0'));
        let value = if nonzero {
            f64::INFINITY
        } else {
            self.diagnostics.push(
                Diagnostic::error("E0203", full, format!("invalid number: `{text}#INF` is not an infinity literal")).with_help("write `1.#INF` (a nonzero number, `.`, then `#INF`)"),
            );
            0.0
        };
        self.push(full, Token::Number(Literal::Float { value, suffix: ast::FloatSuffix::F, text: "1.#INF".into() }));
        self.i += 2;
        true
    }

    /// `1.xxx`, `0.5.xy`, `0.0f.xxxx.y`: a pp-number that is a literal followed by member
    /// accesses, which DXC's lexer splits off: the number ends before its second `.`, or before
    /// a first `.` followed by `x` or `r`, and what follows is `.name` accesses (swizzles for
    /// sema to check). Emits the tokens; `false` if `text` is not one.
    fn swizzled_literal(&mut self, span: Span, text: &'a str) -> bool {
        let bytes = text.as_bytes();
        let mut periods = 0;
        let Some(end) = (0..bytes.len()).find(|&i| {
            if bytes[i] != b'.' {
                return false;
            }
            periods += 1;
            periods > 1 || (i > 0 && matches!(bytes.get(i + 1), Some(b'x' | b'r')))
        }) else {
            return false;
        };
        let (number, accesses) = (&text[..end], &text[end + 1..]);
        let is_name = |name: &str| name.bytes().next().is_some_and(|b| b.is_ascii_alphabetic() || b == b'_');
        if number.is_empty() || !accesses.split('.').all(is_name) {
            return false;
        }
        let Ok(lit) = literal::number(number) else { return false };
        let exact = span.len() as usize == text.len();
        let at = |from: usize, to: usize| {
            if exact {
                Span::new(span.start + from as u32, span.start + to as u32)
            } else {
                span
            }
        };
        self.push(at(0, end), Token::Number(lit));
        let mut dot = end;
        for name in accesses.split('.') {
            let start = dot + 1;
            self.push(at(dot, start), Token::Punct(TokenKind::Dot));
            self.push(at(start, start + name.len()), Token::Ident(name));
            dot = start + name.len();
        }
        true
    }

    /// Tracks nesting, declaration scopes and the nesting limit; collapses state blocks.
    fn punctuator(&mut self, t: PpToken) -> bool {
        use TokenKind::*;
        match t.kind {
            LBrace | LParen | LBracket => {
                if t.kind == LBrace && self.parens == 0 && self.is_state_block_start() {
                    self.collapse_block(self.i, self.i, |_| Token::StateBlock);
                    return true;
                }
                if self.open.len() >= MAX_NESTING {
                    self.diagnostics.push(
                        Diagnostic::error("E0902", t.span, format!("nesting exceeds {MAX_NESTING} levels"))
                            .with_note("the file is parsed up to the last complete declaration before this point"),
                    );
                    self.out.truncate(self.safe_cut);
                    return false;
                }
                self.open.push((t.kind, t.span));
                if t.kind == LBrace && std::mem::take(&mut self.enum_body_pending) {
                    self.enum_bodies.push(self.open.len());
                }
                match t.kind {
                    LBrace => self.braces += 1,
                    LParen => self.parens += 1,
                    _ => {}
                }
            }
            RBrace | RParen | RBracket => {
                let opener = match t.kind {
                    RBrace => LBrace,
                    RParen => LParen,
                    _ => LBracket,
                };
                // Pop up to the matching opener (unbalanced input is the grammar's business).
                if let Some(pos) = self.open.iter().rposition(|(k, _)| *k == opener) {
                    for (k, _) in self.open.drain(pos..) {
                        match k {
                            LBrace => self.braces -= 1,
                            LParen => self.parens -= 1,
                            _ => {}
                        }
                    }
                }
                let depth = self.open.len();
                self.enum_bodies.retain(|&d| d <= depth);
                if t.kind == RBrace {
                    let depth = self.braces;
                    self.hidden_types.retain(|&(_, d)| d <= depth);
                }
            }
            // A prototype's parameters (a method's too) hide nothing after it.
            Semicolon if self.parens == 0 => {
                let depth = self.braces;
                self.hidden_types.retain(|&(_, d)| d <= depth);
            }
            _ => {}
        }
        if let Some(td) = &mut self.typedef {
            match t.kind {
                Lt => td.angle += 1,
                Gt => td.angle = td.angle.saturating_sub(1),
                Shr => td.angle = td.angle.saturating_sub(2),
                Semicolon if self.braces <= td.brace_depth => self.typedef = None,
                _ => {}
            }
        }
        self.template_punctuator(t.kind);
        if t.kind == Semicolon {
            self.enum_body_pending = false;
        }
        if matches!(t.kind, LBrace | Semicolon | Colon | RBrace) && self.struct_name_pending == Some(self.open.len()) {
            self.struct_name_pending = None;
        }
        self.push(t.span, Token::Punct(t.kind));
        if matches!(t.kind, Semicolon | RBrace) && self.open.is_empty() {
            self.safe_cut = self.out.len();
        }
        true
    }

    /// Template headers and the end of template declarations.
    fn template_punctuator(&mut self, kind: TokenKind) {
        use TokenKind::*;
        let braces = self.braces;
        let Some(scope) = self.templates.last_mut() else { return };
        if let Some(angle) = &mut scope.header_angle {
            match kind {
                Lt => *angle += 1,
                Gt | Shr | GtEq | ShrEq => {
                    let n = if matches!(kind, Shr | ShrEq) { 2 } else { 1 };
                    *angle = angle.saturating_sub(n);
                    if *angle == 0 {
                        scope.header_angle = None;
                    }
                }
                Semicolon | LBrace | RBrace => scope.header_angle = None,
                _ => {}
            }
            return;
        }
        let ends = match kind {
            Semicolon => braces == scope.brace_depth,
            RBrace => braces == scope.brace_depth,
            _ => false,
        };
        if ends {
            self.templates.pop();
        } else if kind == LBrace {
            // A body starts: a function's name comes before its body.
            scope.named = true;
        }
    }

    fn is_template_param(&self, w: &str) -> bool {
        self.templates.iter().any(|s| s.params.contains(&w))
    }

    /// `builtin`: the word is a builtin type name (from its [`WordInfo`]).
    fn is_type_word(&self, w: &str, builtin: bool) -> bool {
        builtin || self.user_types.contains(w) || self.is_template_param(w)
    }

    /// Whether the word at `i` can begin a declaration's type (for contextual qualifiers).
    fn starts_type(&self, i: usize, budget: usize) -> bool {
        if self.kind(i) != Some(TokenKind::Ident) || budget == 0 {
            return false;
        }
        let (w, info) = (self.text(i), self.info(i));
        self.is_type_word(w, info.builtin_type)
            || w == "const"
            || w == "unsigned"
            || info.hard_qualifier.is_some()
            || (info.contextual_qualifier.is_some() && self.starts_type(i + 1, budget - 1))
    }

    fn word(&mut self, t: PpToken, w: &'a str) {
        let span = t.span;
        // (A `#pragma pack_matrix` between tokens is invisible to the syntax.)
        let next = (self.i + 1..).map(|k| self.kind(k)).find(|k| !matches!(k, Some(TokenKind::PragmaRowMajor | TokenKind::PragmaColumnMajor))).flatten();
        let info = self.info(self.i);
        // A member name after `.` is always an identifier (`s.sample`, `v.line`); a member
        // function template's name takes template arguments (`s.get<3>()`).
        if matches!(self.last(), Some(Token::Punct(TokenKind::Dot))) {
            // `v.template as<float>()`: C++'s disambiguator before a member template's name.
            if w == "template" && next == Some(TokenKind::Ident) {
                return self.push(span, Token::Keyword(Keyword::Template));
            }
            if next == Some(TokenKind::Lt) && self.template_fns.contains(w) {
                self.template_calls.insert(self.out.len() + 1);
            }
            return self.push(span, Token::Ident(w));
        }
        // The name after `.template` takes template arguments, whatever it is.
        let n = self.out.len();
        if n >= 2 && matches!(self.out[n - 1].1, Token::Keyword(Keyword::Template)) && matches!(self.out[n - 2].1, Token::Punct(TokenKind::Dot)) {
            if next == Some(TokenKind::Lt) {
                self.template_calls.insert(self.out.len() + 1);
            }
            return self.push(span, Token::Ident(w));
        }
        if let Some(name) = self.declared_name(w, info, next) {
            return self.push(span, Token::Ident(name));
        }
        if self.is_enumerator(next) {
            return self.push(span, Token::Ident(w));
        }
        // `float2 const x` (`const` after a one-word type, as C++ allows) is `const float2 x`:
        // the qualifier moves in front of the type.
        if w == "const" && next == Some(TokenKind::Ident) && matches!(self.last(), Some(Token::TypeName(_))) {
            if let Some((type_start, ty, type_end)) = self.out.pop() {
                let type_span = Span::new(type_start, type_end);
                self.push(type_span, Token::Keyword(Keyword::Const));
                return self.push(type_span.to(span), ty);
            }
        }
        if let Some(kw) = info.keyword {
            return self.keyword(span, kw);
        }
        if let Some(q) = info.hard_qualifier {
            // `shared cbuffer …` (the effect framework's pool keyword): DXC's parser drops a
            // `shared` that starts a file-scope declaration; the qualifiers of a variable take
            // it, but a constant buffer takes none, so there it is dropped here.
            if q == Qualifier::Shared && self.shared_before_buffer(self.i + 1) {
                return;
            }
            return self.push(span, Token::Qualifier(q));
        }
        if let Some(q) = info.contextual_qualifier {
            if self.starts_type(self.i + 1, 4) {
                return self.push(span, Token::Qualifier(q));
            }
            return self.push(span, Token::Ident(w));
        }
        match w {
            "technique" | "Technique" | "technique10" | "technique11"
                if self.braces == 0 && self.parens == 0 && self.collapse_technique(span) =>
            {
                return;
            }
            "sampler_state" if next == Some(TokenKind::LBrace) => {
                let start = self.i;
                self.collapse_block(start, start + 1, |_| Token::StateBlock);
                return;
            }
            "public" | "private" | "protected" if next == Some(TokenKind::Colon) => {
                return self.push(span, Token::Access(w));
            }
            "unsigned" => {
                // `unsigned int2` is `uint2`; `unsigned` alone is `uint`.
                if let Some(u) = keywords::unsigned_spelling(self.text(self.i + 1)) {
                    self.i += 1;
                    let end = self.toks[self.i].span;
                    return self.push(span.to(end), Token::TypeName(u));
                }
                return self.push(span, Token::TypeName("uint"));
            }
            // The effects framework's object types (`texture`, `PixelShader`, `BlendState` …)
            // are type names only where they start a declaration, so that variables may still
            // be called `texture`.
            _ if info.effect_object && !self.is_type_word(w, info.builtin_type) => {
                let tok = if next == Some(TokenKind::Ident) { Token::TypeName(w) } else { Token::Ident(w) };
                return self.push(span, tok);
            }
            _ => {}
        }
        let builtin = info.builtin_type;
        if self.is_type_word(w, builtin) && !self.is_hidden_type(w) {
            if !self.is_variable_named_like_type(builtin, next) && !self.used_as_variable(builtin, next) {
                return self.push(span, Token::TypeName(w));
            }
            // A parameter's name hides the type in the function body that follows, a local's
            // or a field's in the rest of its block. A built-in type name is hidden only there
            // (at file scope it cannot name a variable, E0303), and the type keywords
            // (`float`, `int` …) never are.
            let local = self.braces > 0 || self.parens > 0;
            if (!builtin || (local && !keywords::is_type_keyword(w)))
                && !self.is_template_param(w)
                && self.is_variable_named_like_type(builtin, next)
            {
                let depth = self.braces + usize::from(self.parens > 0);
                self.hidden_types.push((w, depth));
            }
        }
        // The first name followed by `(` in a template declaration names a function template;
        // followed by `=`, a variable template (`template<class T> static const bool v = …;`),
        // whose name takes template arguments as a function template's does.
        if matches!(next, Some(TokenKind::LParen | TokenKind::Eq)) {
            if let Some(scope) = self.templates.last_mut() {
                if scope.header_angle.is_none() && !scope.named && self.braces == scope.brace_depth {
                    scope.named = true;
                    self.template_fns.insert(w);
                }
            }
        }
        // After a function template's name, `<` opens its template arguments, also when the
        // first is a value (`make_vec<4>(x)`).
        if next == Some(TokenKind::Lt) && self.template_fns.contains(w) {
            self.template_calls.insert(self.out.len() + 1);
        }
        self.push(span, Token::Ident(w))
    }

    /// Whether the word is an enumerator: declared in an enum body (after its `{` or a `,`,
    /// before `,`, `=` or `}`), or named after its enum type (`E::name`).
    fn is_enumerator(&self, next: Option<TokenKind>) -> bool {
        use TokenKind::*;
        let n = self.out.len();
        let declared = self.enum_bodies.last() == Some(&self.open.len())
            && matches!(self.last(), Some(Token::Punct(LBrace | Comma)))
            && matches!(next, Some(Comma | Eq | RBrace));
        declared
            || n >= 2
            && matches!(self.out[n - 1].1, Token::Punct(ColonColon))
            && matches!(self.out[n - 2].1, Token::TypeName(e) if self.enum_types.contains(e))
    }

    /// Whether a variable declared in an enclosing scope hides the type name `w` (an
    /// elaborated `struct w` still names the type).
    fn is_hidden_type(&self, w: &str) -> bool {
        !matches!(self.last(), Some(Token::Keyword(Keyword::Struct))) && self.hidden_types.iter().any(|(h, _)| *h == w)
    }

    /// A user type name used as a variable or function name right after a type
    /// (`Material Material;`) is an identifier.
    fn is_variable_named_like_type(&self, builtin: bool, next: Option<TokenKind>) -> bool {
        use TokenKind::*;
        let after_type = match self.last() {
            Some(Token::TypeName(_)) => true,
            // `Buffer<Light> Light;`, not the comparison `x > T(1, 2)`.
            Some(Token::Punct(Gt)) => self.last_closes_template_list(),
            _ => false,
        };
        after_type
            && (matches!(next, Some(Semicolon | Eq | Comma | LBracket | Colon | RParen))
                || (!builtin && next == Some(LParen)))
    }

    /// Whether the `>` just pushed can close a template argument list: going back within the
    /// statement, its `<` follows a type name (`vector<float, 3>`); a `>` without one is a
    /// comparison.
    fn last_closes_template_list(&self) -> bool {
        use TokenKind::*;
        let (mut angles, mut parens) = (0usize, 0usize);
        for i in (0..self.out.len()).rev() {
            let Token::Punct(k) = self.out[i].1 else { continue };
            match k {
                Gt => angles += 1,
                Shr => angles += 2,
                Lt if parens == 0 => {
                    angles = angles.saturating_sub(1);
                    if angles == 0 {
                        return i > 0 && matches!(self.out[i - 1].1, Token::TypeName(_));
                    }
                }
                RParen | RBracket => parens += 1,
                LParen | LBracket if parens > 0 => parens -= 1,
                LParen | LBracket | Semicolon | LBrace | RBrace => return false,
                _ => {}
            }
        }
        false
    }

    /// A type name followed by `.` or by an assignment is a variable that shadows the type
    /// (`RWStructuredBuffer<uint> Buffer; … Buffer.IncrementCounter();`).
    fn used_as_variable(&self, builtin: bool, next: Option<TokenKind>) -> bool {
        match next {
            Some(TokenKind::Dot) => true,
            Some(TokenKind::Eq) => {
                !builtin
                    && !matches!(self.last(), Some(Token::TypeName(_)) | Some(Token::Punct(TokenKind::Gt)))
            }
            _ => false,
        }
    }

    /// Words in declaring positions: the name after `struct`/`enum`/`namespace`…, a `typedef`'s
    /// names, `using X =` and template type parameters. Records declared type names.
    fn declared_name(&mut self, w: &'a str, info: WordInfo, next: Option<TokenKind>) -> Option<&'a str> {
        use TokenKind::*;
        if info.keyword.is_some() || info.hard_qualifier.is_some() {
            return None;
        }
        // (Only a keyword before the word matters: no clone of the token.)
        let prev = match self.last() {
            Some(Token::Keyword(k)) => Some(*k),
            _ => None,
        };
        let in_header = self.templates.last().is_some_and(|s| s.header_angle.is_some());
        match prev {
            Some(Keyword::Typename | Keyword::Class) if in_header => {
                if let Some(scope) = self.templates.last_mut() {
                    scope.params.push(w);
                }
                return Some(w);
            }
            _ if self.struct_name_pending == Some(self.open.len()) => {
                self.struct_name_pending = None;
                self.user_types.insert(w);
                if self.enum_body_pending {
                    self.enum_types.insert(w);
                }
                // A struct template's name is a template name too.
                if let Some(scope) = self.templates.last_mut() {
                    scope.named = true;
                }
                return Some(w);
            }
            Some(Keyword::Namespace) => return Some(w),
            // (`using X [[vk::ext_capability(N)]] = …`: attributes before the `=`.)
            Some(Keyword::Using) if matches!(next, Some(Eq | LBracket)) => {
                self.user_types.insert(w);
                return Some(w);
            }
            _ => {}
        }
        if let Some(td) = &self.typedef {
            if self.braces == td.brace_depth
                && self.parens == td.paren_depth
                && td.angle == 0
                && matches!(next, Some(Semicolon | Comma | LBracket))
                && !matches!(self.last(), Some(Token::Keyword(Keyword::Typedef)))
            {
                self.user_types.insert(w);
                return Some(w);
            }
        }
        None
    }

    fn keyword(&mut self, span: Span, kw: Keyword) {
        match kw {
            Keyword::Typedef => {
                self.typedef = Some(TypedefScope { brace_depth: self.braces, paren_depth: self.parens, angle: 0 })
            }
            Keyword::Struct | Keyword::Class | Keyword::Interface | Keyword::Enum => {
                if kw == Keyword::Enum {
                    self.enum_body_pending = true;
                }
                let in_header = self.templates.last().is_some_and(|s| s.header_angle.is_some());
                if !(kw == Keyword::Class && in_header) {
                    self.struct_name_pending = Some(self.open.len());
                }
            }
            Keyword::Template if self.kind(self.i + 1) == Some(TokenKind::Lt) => {
                self.templates.push(TemplateScope {
                    params: Vec::new(),
                    brace_depth: self.braces,
                    header_angle: Some(0),
                    named: false,
                });
                self.template_headers.insert(self.out.len() + 1);
            }
            _ => {}
        }
        self.push(span, Token::Keyword(kw));
    }

    /// An effects state block: a `{` right after a declarator, which DXC ignores with a
    /// warning — `SamplerState s {`, `int x {`, and at file scope after an array suffix
    /// (`float a[2] {`), a `register(…)` (`Texture2D t : register(t0) {`) or annotations
    /// (`… < string Name = "t"; > {`). Function bodies follow `)` of a parameter list or a
    /// semantic, so they never match.
    fn is_state_block_start(&self) -> bool {
        use TokenKind::*;
        let n = self.out.len();
        if n >= 2 && matches!(self.out[n - 1].1, Token::Ident(_)) && matches!(self.out[n - 2].1, Token::TypeName(_)) {
            return true;
        }
        if self.braces != 0 || n < 2 || self.declaration_has_body_keyword() {
            return false;
        }
        match self.out[n - 1].1 {
            // `name[4] {` and `name[] {`: the `[` must follow a declarator name.
            Token::Punct(RBracket) => {
                let open = self.matching_open(n - 1, LBracket, RBracket);
                open.is_some_and(|o| o >= 2 && matches!(self.out[o - 1].1, Token::Ident(_)) && matches!(self.out[o - 2].1, Token::TypeName(_) | Token::Punct(Comma)))
            }
            Token::Punct(RParen) => {
                let open = self.matching_open(n - 1, LParen, RParen);
                open.is_some_and(|o| o >= 1 && matches!(self.out[o - 1].1, Token::Keyword(Keyword::Register | Keyword::PackOffset)))
            }
            // Annotations end with `>` (a template argument list is never followed by `{`).
            Token::Punct(Gt) => true,
            _ => false,
        }
    }

    /// True if the declaration being read started with a keyword whose `{` opens a body
    /// (`cbuffer B : register(b0) {`, `struct S {`, `namespace N {`).
    fn declaration_has_body_keyword(&self) -> bool {
        for (_, t, _) in self.out.iter().rev() {
            match t {
                Token::Punct(TokenKind::Semicolon | TokenKind::RBrace | TokenKind::LBrace) => return false,
                Token::Keyword(k) => {
                    if matches!(k, Keyword::CBuffer | Keyword::TBuffer | Keyword::Struct | Keyword::Class | Keyword::Interface | Keyword::Namespace | Keyword::Enum) {
                        return true;
                    }
                }
                _ => {}
            }
        }
        false
    }

    /// The index of the token that opens the bracket closed at `close` (in the output).
    fn matching_open(&self, close: usize, open: TokenKind, closing: TokenKind) -> Option<usize> {
        let mut depth = 0usize;
        for j in (0..=close).rev() {
            match self.out[j].1 {
                Token::Punct(k) if k == closing => depth += 1,
                Token::Punct(k) if k == open => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(j);
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// Replaces the tokens from `start` through the `}` matching the `{` at `open` with one
    /// token. Returns the index of the closing brace (or the last token).
    fn collapse_block(&mut self, start: usize, open: usize, make: impl FnOnce(&mut Self) -> Token<'a>) {
        let mut depth = 0usize;
        let mut j = open;
        let mut closed = false;
        while j < self.toks.len() {
            match self.toks[j].kind {
                TokenKind::LBrace => depth += 1,
                TokenKind::RBrace => {
                    depth -= 1;
                    if depth == 0 {
                        closed = true;
                        break;
                    }
                }
                _ => {}
            }
            j += 1;
        }
        let j = j.min(self.toks.len() - 1);
        let span = self.toks[start].span.to(self.toks[j].span);
        if !closed {
            self.diagnostics.push(
                Diagnostic::error("E0206", self.toks[open].span, "unclosed `{` of an effects block")
                    .with_help("add the missing `}`"),
            );
        }
        let tok = make(self);
        self.push(span, tok);
        self.i = j;
    }

    /// `technique11 Name <annotations> { pass … }` at file scope. The annotations are
    /// declarations with their own `;` (`< string Script = "Pass=p0;"; >`, as FX Composer
    /// writes them): DXC skips everything up to the technique's first `{`, so a `;` inside
    /// `<…>` does not end the search for it.
    fn collapse_technique(&mut self, span: Span) -> bool {
        let start = self.i;
        let mut angle = 0usize;
        let mut open = None;
        for j in start + 1..self.toks.len() {
            match self.toks[j].kind {
                TokenKind::Lt => angle += 1,
                TokenKind::Gt => angle = angle.saturating_sub(1),
                TokenKind::LBrace => {
                    open = Some(j);
                    break;
                }
                TokenKind::Semicolon if angle > 0 => {}
                TokenKind::Semicolon | TokenKind::RBrace => break,
                _ => {}
            }
        }
        let Some(open) = open else {
            return false;
        };
        let keyword = ast::Ident { name: self.text(start).into(), span };
        let name = (self.kind(start + 1) == Some(TokenKind::Ident))
            .then(|| ast::Ident { name: self.text(start + 1).into(), span: self.toks[start + 1].span });
        self.collapse_block(start, open, |_| Token::Technique(Box::new((keyword, name))));
        true
    }
}

/// Moves each `#pragma pack_matrix` written inside a declaration or statement to where the
/// grammar takes it, keeping the declarations it affects as in DXC, which runs a pragma when
/// its parser reaches it, one token after the type it may change: before the declaration
/// when it comes before the declaration's type is complete and one more token read
/// (`typedef #pragma pack_matrix(row_major) int2x2 M;`, or inside `matrix<int, 2, 2 … >`),
/// after it otherwise (`typedef int2x2 M #pragma pack_matrix(column_major);`).
fn place_pack_matrix_pragmas(tokens: &mut Vec<Triple<'_>>) {
    use TokenKind::*;
    if !tokens.iter().any(|t| matches!(t.1, Token::PackMatrix(_))) {
        return;
    }
    let boundary = |t: &Token<'_>| matches!(t, Token::Punct(Semicolon | LBrace | RBrace) | Token::PackMatrix(_) | Token::StateBlock | Token::Technique(_));
    let mut i = 0;
    while i < tokens.len() {
        if !matches!(tokens[i].1, Token::PackMatrix(_)) {
            i += 1;
            continue;
        }
        let start = (0..i).rev().find(|&k| boundary(&tokens[k].1)).map_or(0, |k| k + 1);
        if start == i {
            i += 1;
            continue;
        }
        let pragma = tokens.remove(i);
        if type_still_open(&tokens[start..i]) {
            tokens.insert(start, pragma);
            i += 1;
            continue;
        }
        // After the declaration: past its `;`, at the start of a body it opens, or before
        // the `}` that closes its scope.
        let at = match (i..tokens.len()).find(|&k| matches!(tokens[k].1, Token::Punct(Semicolon | LBrace | RBrace) | Token::Eof)) {
            Some(k) if matches!(tokens[k].1, Token::Punct(Semicolon | LBrace)) => k + 1,
            Some(k) => k,
            None => tokens.len(),
        };
        tokens.insert(at, pragma);
        i = at + 1;
    }
}

/// Whether a `#pragma pack_matrix` after `prefix` (the tokens of a declaration before it)
/// still reaches the declaration's type: no type yet, inside its template arguments, or
/// right after it (DXC reads one token past a type before it runs the pragma).
fn type_still_open(prefix: &[Triple<'_>]) -> bool {
    let Some(t) = prefix.iter().position(|x| matches!(x.1, Token::TypeName(_))) else { return true };
    let mut end = t;
    if matches!(prefix.get(t + 1).map(|x| &x.1), Some(Token::TemplateOpen)) {
        let mut depth = 0usize;
        let close = prefix[t + 1..].iter().position(|x| {
            match x.1 {
                Token::TemplateOpen => depth += 1,
                Token::TemplateClose => depth -= 1,
                _ => {}
            }
            depth == 0
        });
        match close {
            Some(k) => end = t + 1 + k,
            None => return true,
        }
    }
    end + 1 == prefix.len()
}

/// Pass 2: template argument lists (see the module docs). `headers` are the indices of the `<`
/// of `template<…>` headers. The tokens are changed in place unless a `>>` is split; the spans
/// of split `>>` go to `split_closers`.
pub fn discover_template_lists<'a>(
    mut tokens: Vec<Triple<'a>>,
    headers: &HashSet<usize>,
    calls: &HashSet<usize>,
    diagnostics: &mut Vec<Diagnostic>,
    split_closers: &mut Vec<Span>,
) -> Vec<Triple<'a>> {
    use TokenKind::*;
    let n = tokens.len();
    let is_open_candidate = |i: usize| -> bool {
        if headers.contains(&i) || calls.contains(&i) {
            return true;
        }
        match i.checked_sub(1).map(|p| &tokens[p].1) {
            Some(Token::TypeName(_)) => true,
            // `struct Traits<int>` (a specialization).
            Some(Token::Ident(_))
                if i >= 2 && matches!(tokens[i - 2].1, Token::Keyword(Keyword::Struct | Keyword::Class)) =>
            {
                true
            }
            Some(Token::Ident(_)) => {
                let next = tokens.get(i + 1).map(|t| &t.1);
                let after = tokens.get(i + 2).map(|t| &t.1);
                let qualified_type =
                    matches!(next, Some(Token::Ident(_))) && matches!(after, Some(Token::Punct(ColonColon)));
                qualified_type
                    || (matches!(next, Some(Token::TypeName(_)) | Some(Token::Qualifier(_)))
                        && !matches!(after, Some(Token::Punct(LParen))))
            }
            _ => false,
        }
    };
    // What each token becomes: 0 = unchanged, 1 = open, 2 = close, 3 = `>>` closing two,
    // 4 = `>>` closing one then `>`, 5 = a `<` after a type that is never closed.
    let mut role = vec![0u8; n];
    // The tokens given a role, so that only they are rewritten below.
    let mut marked: Vec<usize> = Vec::new();
    let mut pending: Vec<(usize, usize)> = Vec::new();
    // The `<` after a type name or opening a template header: they always open a list.
    let mut typed_opens: Vec<usize> = Vec::new();
    let mut splits = false;
    let mut depth = 0usize;
    for i in 0..n {
        let Token::Punct(k) = &tokens[i].1 else {
            continue;
        };
        match k {
            Lt if is_open_candidate(i) => {
                if i > 0 && matches!(tokens[i - 1].1, Token::TypeName(_)) || headers.contains(&i) {
                    typed_opens.push(i);
                }
                pending.push((i, depth))
            }
            Gt => {
                if let Some(&(o, d)) = pending.last() {
                    if d == depth {
                        role[o] = 1;
                        role[i] = 2;
                        marked.extend([o, i]);
                        pending.pop();
                    }
                }
            }
            Shr => {
                if let Some(&(o, d)) = pending.last() {
                    if d == depth {
                        role[o] = 1;
                        pending.pop();
                        role[i] = 4;
                        marked.extend([o, i]);
                        splits = true;
                        if let Some(&(o2, d2)) = pending.last() {
                            if d2 == depth {
                                role[o2] = 1;
                                marked.push(o2);
                                pending.pop();
                                role[i] = 3;
                            }
                        }
                    }
                }
            }
            LParen | LBracket => depth += 1,
            RParen | RBracket => {
                while pending.last().is_some_and(|&(_, d)| d >= depth) {
                    pending.pop();
                }
                depth = depth.saturating_sub(1);
            }
            Semicolon | LBrace | RBrace => {
                pending.clear();
                depth = 0;
            }
            Eq if pending.last().is_some_and(|&(o, _)| headers.contains(&o)) => {}
            Colon | Question | AmpAmp | PipePipe | Eq | PlusEq | MinusEq | StarEq | SlashEq | PercentEq | AmpEq
            | PipeEq | CaretEq | ShlEq | ShrEq => {
                while pending.last().is_some_and(|&(_, d)| d >= depth) {
                    pending.pop();
                }
            }
            _ => {}
        }
    }
    // A `<` after a type name always opens a template argument list; one never closed is
    // reported here, where it is clear, rather than as a confusing syntax error later.
    for &i in &typed_opens {
        if role[i] == 0 {
            role[i] = 5;
            marked.push(i);
            diagnostics.push(
                Diagnostic::error("E0215", Span::new(tokens[i].0, tokens[i].2), "template argument list is never closed")
                    .with_label("opened here")
                    .with_help("add `>` after the template arguments"),
            );
        }
    }
    if !splits {
        for i in marked {
            match role[i] {
                0 => {}
                1 => tokens[i].1 = Token::TemplateOpen,
                2 => tokens[i].1 = Token::TemplateClose,
                _ => tokens[i].1 = Token::Invalid,
            }
        }
        return tokens;
    }
    let mut out = Vec::with_capacity(n + 8);
    for (i, (start, tok, end)) in tokens.into_iter().enumerate() {
        match role[i] {
            0 => out.push((start, tok, end)),
            1 => out.push((start, Token::TemplateOpen, end)),
            2 => out.push((start, Token::TemplateClose, end)),
            5 => out.push((start, Token::Invalid, end)),
            r => {
                split_closers.push(Span::new(start, end));
                let (first, second) = split_span(Span::new(start, end));
                out.push((first.start, Token::TemplateClose, first.end));
                let tok = if r == 3 { Token::TemplateClose } else { Token::Punct(Gt) };
                out.push((second.start, tok, second.end));
            }
        }
    }
    out
}

/// Splits the span of `>>` into two one-character spans (macro-expanded tokens have one-offset
/// spans: both halves keep it).
fn split_span(span: Span) -> (Span, Span) {
    if span.len() == 2 {
        (Span::new(span.start, span.start + 1), Span::new(span.start + 1, span.end))
    } else {
        (span, span)
    }
}
