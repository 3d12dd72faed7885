//! The source map: one global offset space over every file, include, command-line define and
//! macro expansion.
//!
//! Every [`Span`] in hlslc is a `start..end` range of `u32` offsets in a single address space
//! shared by all inputs of one compilation. Each loaded file (the main file, every `#include`d
//! file, the synthetic buffers holding `-D` defines and predefined macros) is given a *base*
//! offset, and every macro expansion is given a *virtual* region of its own, one offset per
//! produced token. This is the scheme clang uses for its `SourceLocation`s and it exists for one
//! reason: `naga::Span` is just two `u32`s without a file id, so a span that survives lowering
//! into a `naga::Module` (and comes back in a validation error) must still identify the file,
//! the include stack and the macro-expansion chain. With one offset space, `naga::Span::new(s.start,
//! s.end)` is lossless and [`SourceMap::resolve`] maps it back.
//!
//! Resolution rules:
//! - an offset inside a file maps to itself;
//! - an offset inside an expansion region maps to the expansion's *call site* (recursively, for
//!   macros expanded inside macro bodies), which is where a user expects the caret;
//! - [`SourceMap::expansion_chain`] lists the macros an offset went through, innermost first, with
//!   the span of each `#define`, for "in expansion of macro" notes;
//! - [`SourceMap::include_stack`] lists the `#include` directives that pulled a file in.

use std::fmt;
use std::ops::Range;
use std::sync::Arc;

/// A byte range in the global offset space of a [`SourceMap`].
///
/// `Span::UNDEFINED` (0..0) marks synthesized nodes; offset 0 is never used by a real file
/// because the source map starts allocating at 1.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    /// The span of synthesized code with no source.
    pub const UNDEFINED: Span = Span { start: 0, end: 0 };

    pub const fn new(start: u32, end: u32) -> Self {
        Span { start, end }
    }

    /// The smallest span covering both `self` and `other`, ignoring undefined spans.
    pub fn to(self, other: Span) -> Span {
        if self.is_undefined() {
            return other;
        }
        if other.is_undefined() {
            return self;
        }
        Span { start: self.start.min(other.start), end: self.end.max(other.end) }
    }

    pub fn is_undefined(&self) -> bool {
        self.start == 0 && self.end == 0
    }

    pub fn len(&self) -> u32 {
        self.end.saturating_sub(self.start)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl fmt::Debug for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

/// Identifies one file (or synthetic buffer) of a [`SourceMap`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct FileId(pub u32);

/// What a buffer of the source map holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FileKind {
    /// A file read through an include resolver (or the main file).
    File,
    /// The synthetic buffer holding `-D`/`-U` definitions from the command line.
    CommandLine,
    /// The synthetic buffer holding predefined macros (`__HLSL_VERSION` …).
    Builtin,
    /// A buffer built by the preprocessor itself (token pasting, stringizing, `__LINE__` …).
    Scratch,
}

/// One file or synthetic buffer.
#[derive(Debug)]
pub struct SourceFile {
    /// The name shown in diagnostics (the path as the user or include directive spelled it).
    pub name: String,
    pub text: Arc<str>,
    pub kind: FileKind,
    /// First global offset of this file's text.
    pub base: u32,
    /// Byte offsets (relative to the file) at which each line starts.
    line_starts: Vec<u32>,
    /// The span of the `#include` directive that pulled this file in, if any.
    pub included_from: Option<Span>,
    /// `#line` directives seen in this file: (relative byte offset of the next line, new line
    /// number of that line, new presumed file name).
    line_directives: Vec<(u32, u32, Option<String>)>,
}

impl SourceFile {
    /// The global span of the whole file.
    pub fn span(&self) -> Span {
        Span::new(self.base, self.base + self.text.len() as u32)
    }

    /// 0-based line index and 0-based byte column of a file-relative offset.
    pub fn line_col(&self, rel: u32) -> (usize, usize) {
        let line = match self.line_starts.binary_search(&rel) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        (line, (rel - self.line_starts[line]) as usize)
    }

    /// File-relative byte range of a 0-based line (without its line terminator).
    pub fn line_range(&self, line: usize) -> Option<Range<usize>> {
        let start = *self.line_starts.get(line)? as usize;
        let end = self
            .line_starts
            .get(line + 1)
            .map(|&e| e as usize)
            .unwrap_or(self.text.len());
        let text = &self.text[start..end];
        let trimmed = text.trim_end_matches(['\n', '\r']);
        Some(start..start + trimmed.len())
    }

    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }
}

/// One macro expansion: a virtual region of the offset space, one offset per produced token.
#[derive(Debug, Clone)]
pub struct Expansion {
    /// First offset of the region; token `i` of the expansion has span `base+i..base+i+1`.
    pub base: u32,
    pub len: u32,
    /// Where the macro was invoked (may itself lie in another expansion).
    pub call_site: Span,
    pub macro_name: String,
    /// The span of the macro's `#define` (its name), or undefined for predefined macros.
    pub definition: Span,
}

/// A span resolved to a location a user can read: a file and a byte range inside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
    pub file: FileId,
    /// File-relative byte range.
    pub range: Range<usize>,
}

/// A human-readable position: presumed file name (after `#line`), 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    pub file: FileId,
    pub name: String,
    pub line: u32,
    pub column: u32,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.name, self.line, self.column)
    }
}

/// Every input of one compilation in one offset space. See the module docs.
#[derive(Debug)]
pub struct SourceMap {
    files: Vec<SourceFile>,
    expansions: Vec<Expansion>,
    next: u32,
}

impl Default for SourceMap {
    fn default() -> Self {
        Self::new()
    }
}

/// The largest total size of all inputs and expansions (the offset space is `u32`).
pub const MAX_OFFSET: u32 = u32::MAX - 1024;

impl SourceMap {
    pub fn new() -> Self {
        // Offset 0 is reserved for `Span::UNDEFINED`.
        SourceMap { files: Vec::new(), expansions: Vec::new(), next: 1 }
    }

    /// Adds a buffer and returns its id, or `None` when the offset space is exhausted.
    pub fn add_file(
        &mut self,
        name: impl Into<String>,
        text: impl Into<Arc<str>>,
        kind: FileKind,
        included_from: Option<Span>,
    ) -> Option<FileId> {
        let text: Arc<str> = text.into();
        let len = u32::try_from(text.len()).ok()?;
        let base = self.next;
        // One extra offset after each file so that an end-of-file span stays inside it.
        let next = base.checked_add(len)?.checked_add(1)?;
        if next > MAX_OFFSET {
            return None;
        }
        let line_starts = line_starts(text.as_bytes());
        self.next = next;
        self.files.push(SourceFile {
            name: name.into(),
            text,
            kind,
            base,
            line_starts,
            included_from,
            line_directives: Vec::new(),
        });
        Some(FileId(self.files.len() as u32 - 1))
    }

    /// Reserves a virtual region of `len` offsets for one macro expansion and returns its base.
    /// Returns `None` when the offset space is exhausted.
    pub fn add_expansion(
        &mut self,
        call_site: Span,
        macro_name: impl Into<String>,
        definition: Span,
        len: u32,
    ) -> Option<u32> {
        let base = self.next;
        let next = base.checked_add(len.max(1))?;
        if next > MAX_OFFSET {
            return None;
        }
        self.next = next;
        self.expansions.push(Expansion {
            base,
            len: len.max(1),
            call_site,
            macro_name: macro_name.into(),
            definition,
        });
        Some(base)
    }

    /// Records a `#line N ["name"]` directive: the line starting at file-relative offset
    /// `next_line_start` is presumed to be line `line` (1-based) of `name`.
    pub fn add_line_directive(&mut self, file: FileId, next_line_start: u32, line: u32, name: Option<String>) {
        if let Some(f) = self.files.get_mut(file.0 as usize) {
            f.line_directives.push((next_line_start, line, name));
        }
    }

    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    pub fn files(&self) -> impl Iterator<Item = (FileId, &SourceFile)> {
        self.files.iter().enumerate().map(|(i, f)| (FileId(i as u32), f))
    }

    pub fn expansions(&self) -> &[Expansion] {
        &self.expansions
    }

    /// The file whose text contains global `offset` (end offsets included).
    pub fn file_at(&self, offset: u32) -> Option<FileId> {
        let i = self.files.partition_point(|f| f.base <= offset);
        let f = self.files.get(i.checked_sub(1)?)?;
        (offset <= f.base + f.text.len() as u32).then_some(FileId(i as u32 - 1))
    }

    fn expansion_at(&self, offset: u32) -> Option<&Expansion> {
        let i = self.expansions.partition_point(|e| e.base <= offset);
        let e = self.expansions.get(i.checked_sub(1)?)?;
        (offset < e.base + e.len).then_some(e)
    }

    /// Maps the first offset of a span to a file offset, following expansions to their
    /// outermost call site.
    fn start_offset(&self, mut offset: u32) -> Option<u32> {
        // Bounded: every expansion's call site was allocated before the expansion itself.
        for _ in 0..=self.expansions.len() {
            if self.file_at(offset).is_some() {
                return Some(offset);
            }
            offset = self.expansion_at(offset)?.call_site.start;
        }
        None
    }

    /// Maps the exclusive end of a span to an exclusive file offset, following expansions to
    /// the end of their outermost call site.
    fn end_offset(&self, end: u32) -> Option<u32> {
        let mut last = end.saturating_sub(1);
        for _ in 0..=self.expansions.len() {
            if self.file_at(last).is_some() {
                return Some(last + 1);
            }
            let site = self.expansion_at(last)?.call_site;
            last = site.end.saturating_sub(1).max(site.start);
        }
        None
    }

    /// Resolves a span to a file and a byte range in it (see the module docs).
    pub fn resolve(&self, span: Span) -> Option<Resolved> {
        if span.is_undefined() {
            return None;
        }
        let start = self.start_offset(span.start)?;
        let file = self.file_at(start)?;
        let f = self.file(file);
        let rel_start = (start - f.base) as usize;
        let rel_end = match self.end_offset(span.end.max(span.start + 1)) {
            // A span whose end lies in another file (a construct spanning an include) is cut
            // down to its start.
            Some(e) if e > start && self.file_at(e - 1) == Some(file) => (e - f.base) as usize,
            _ => rel_start,
        };
        let rel_end = rel_end.min(f.text.len()).max(rel_start);
        Some(Resolved { file, range: rel_start..rel_end })
    }

    /// The presumed location (honouring `#line`) of the start of a span.
    pub fn location(&self, span: Span) -> Option<Location> {
        let r = self.resolve(span)?;
        Some(self.location_in(r.file, r.range.start as u32))
    }

    /// The presumed location of a file-relative offset.
    pub fn location_in(&self, file: FileId, rel: u32) -> Location {
        let f = self.file(file);
        let (line, col) = f.line_col(rel);
        let mut name = f.name.clone();
        let mut line_no = line as u32 + 1;
        // The last `#line` directive that applies to this line wins.
        if let Some((start, n, new_name)) = f
            .line_directives
            .iter()
            .rev()
            .find(|(start, _, _)| *start <= f.line_starts[line])
        {
            let (directive_line, _) = f.line_col(*start);
            line_no = n + (line - directive_line) as u32;
            if let Some(new_name) = new_name {
                name = new_name.clone();
            }
        }
        Location { file, name, line: line_no, column: col as u32 + 1 }
    }

    /// The macros `offset` was produced by, innermost first: (macro name, definition, call site).
    pub fn expansion_chain(&self, offset: u32) -> Vec<&Expansion> {
        let mut chain = Vec::new();
        let mut offset = offset;
        while let Some(e) = self.expansion_at(offset) {
            chain.push(e);
            if chain.len() > self.expansions.len() {
                break;
            }
            offset = e.call_site.start;
        }
        chain
    }

    /// The `#include` directives that pulled `file` in, innermost first.
    pub fn include_stack(&self, file: FileId) -> Vec<Span> {
        let mut stack = Vec::new();
        let mut current = self.file(file).included_from;
        while let Some(site) = current {
            stack.push(site);
            let Some(parent) = self.file_at(site.start) else { break };
            current = self.file(parent).included_from;
            if stack.len() > self.files.len() {
                break;
            }
        }
        stack
    }

    /// The source text of a span when it lies inside one file, for messages.
    pub fn snippet(&self, span: Span) -> Option<&str> {
        let r = self.resolve(span)?;
        self.file(r.file).text.get(r.range)
    }
}

impl<'a> codespan_reporting::files::Files<'a> for SourceMap {
    type FileId = FileId;
    type Name = String;
    type Source = &'a str;

    fn name(&'a self, id: FileId) -> Result<String, codespan_reporting::files::Error> {
        self.files
            .get(id.0 as usize)
            .map(|f| f.name.clone())
            .ok_or(codespan_reporting::files::Error::FileMissing)
    }

    fn source(&'a self, id: FileId) -> Result<&'a str, codespan_reporting::files::Error> {
        self.files
            .get(id.0 as usize)
            .map(|f| &*f.text)
            .ok_or(codespan_reporting::files::Error::FileMissing)
    }

    fn line_index(&'a self, id: FileId, byte_index: usize) -> Result<usize, codespan_reporting::files::Error> {
        let f = self.files.get(id.0 as usize).ok_or(codespan_reporting::files::Error::FileMissing)?;
        Ok(f.line_col(byte_index.min(f.text.len()) as u32).0)
    }

    fn line_range(&'a self, id: FileId, line_index: usize) -> Result<Range<usize>, codespan_reporting::files::Error> {
        let f = self.files.get(id.0 as usize).ok_or(codespan_reporting::files::Error::FileMissing)?;
        if line_index == f.line_count() {
            return Ok(f.text.len()..f.text.len());
        }
        let start = *f.line_starts.get(line_index).ok_or(
            codespan_reporting::files::Error::LineTooLarge { given: line_index, max: f.line_count() },
        )? as usize;
        let end = f.line_starts.get(line_index + 1).map(|&e| e as usize).unwrap_or(f.text.len());
        Ok(start..end)
    }
}

/// The offsets at which lines start: 0 and each offset after a `\n`. Eight bytes at a time
/// (lines are short, so `memchr` per line costs more in set-up than it saves): a byte of
/// `w ^ 0x0a…0a` is zero exactly where `w` has a newline, and `((x & 0x7f…) + 0x7f…) | x`
/// has its high bit clear exactly in the zero bytes of `x`, with no carry between bytes.
fn line_starts(bytes: &[u8]) -> Vec<u32> {
    const NEWLINES: u64 = u64::from_le_bytes([b'\n'; 8]);
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let mut starts = Vec::with_capacity(bytes.len() / 32 + 1);
    starts.push(0u32);
    let mut words = bytes.chunks_exact(8);
    let mut at = 0u32;
    for w in &mut words {
        let x = u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]]) ^ NEWLINES;
        let mut found = !(((x & LOW7) + LOW7) | x | LOW7);
        while found != 0 {
            starts.push(at + found.trailing_zeros() / 8 + 1);
            found &= found - 1;
        }
        at += 8;
    }
    for (i, &b) in words.remainder().iter().enumerate() {
        if b == b'\n' {
            starts.push(at + i as u32 + 1);
        }
    }
    starts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_starts_after_every_newline() {
        // Newlines at every position of an 8-byte word, next to bytes one off `\n` (`\t`,
        // `\x0b`), next to each other, and among multi-byte characters; every length 0..40.
        let text = "\n\x0b\n\t\n\nab\u{e9}\n\u{1F600}x\ny\x0b\x0b\n\x0c\n\n\n12345678\n\t\t\t\t";
        for end in (0..=text.len()).filter(|&e| text.is_char_boundary(e)) {
            let t = &text[..end];
            let expected: Vec<u32> =
                std::iter::once(0).chain(t.bytes().enumerate().filter(|b| b.1 == b'\n').map(|(i, _)| i as u32 + 1)).collect();
            assert_eq!(line_starts(t.as_bytes()), expected, "{t:?}");
        }
    }

    #[test]
    fn files_and_expansions_share_one_offset_space() {
        let mut map = SourceMap::new();
        let main = map.add_file("main.hlsl", "float4 x = FOO;\n", FileKind::File, None).unwrap();
        let base = map.file(main).base;
        let call = Span::new(base + 11, base + 14);
        let def = Span::new(base, base + 3);
        let exp = map.add_expansion(call, "FOO", def, 3).unwrap();
        // A token produced by the expansion resolves to the call site.
        let r = map.resolve(Span::new(exp + 1, exp + 2)).unwrap();
        assert_eq!(r.file, main);
        assert_eq!(r.range, 11..14);
        // A span from a file token to an expanded token covers both.
        let r = map.resolve(Span::new(base + 7, exp + 3)).unwrap();
        assert_eq!(r.range, 7..14);
        assert_eq!(map.expansion_chain(exp)[0].macro_name, "FOO");
        let loc = map.location(Span::new(base + 11, base + 14)).unwrap();
        assert_eq!((loc.line, loc.column), (1, 12));
    }

    #[test]
    fn include_stack_and_line_directives() {
        let mut map = SourceMap::new();
        let main = map.add_file("a.hlsl", "#include \"b.hlsl\"\nx\n", FileKind::File, None).unwrap();
        let site = Span::new(map.file(main).base, map.file(main).base + 17);
        let inc = map.add_file("b.hlsl", "#line 40 \"c.hlsl\"\ny\n", FileKind::File, Some(site)).unwrap();
        assert_eq!(map.include_stack(inc), vec![site]);
        map.add_line_directive(inc, 18, 40, Some("c.hlsl".into()));
        let b = map.file(inc).base;
        let loc = map.location(Span::new(b + 18, b + 19)).unwrap();
        assert_eq!(loc.to_string(), "c.hlsl:40:1");
    }
}
