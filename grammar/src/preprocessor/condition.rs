//! The `#if` expression evaluator: C integer constant expressions over macro-expanded tokens.
//!
//! Semantics are C's (and clang's) for the preprocessor: values are `intmax_t`/`uintmax_t`
//! (64-bit); an operation is unsigned if either operand is (shifts take the left operand's
//! type; comparisons and logical operators give signed 0/1); `&&`, `||` and `?:` evaluate only
//! the branch they select, so `0 && 1/0` is no error; identifiers left after expansion are 0,
//! except `true` (1) and `false` (0), since clang treats HLSL as C++; character literals have
//! type `int` with `char` signed. `defined` was already replaced by the caller.
//!
//! Recursion is bounded by [`MAX_DEPTH`] (nested parentheses, unary operators, `?:`), so an
//! adversarial `((((…))))` is an error, not a stack overflow.

use super::codes;
use super::stream::Tok;
use super::Symbols;
use crate::diagnostic::Diagnostic;
use crate::lexer::TokenKind;
use crate::source::Span;
use crate::token::Interner;

/// The deepest nesting of sub-expressions.
const MAX_DEPTH: u32 = 256;

/// An `intmax_t` or `uintmax_t` value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Value {
    bits: u64,
    unsigned: bool,
}

impl Value {
    fn signed(v: i64) -> Value {
        Value { bits: v as u64, unsigned: false }
    }

    fn truth(b: bool) -> Value {
        Value::signed(b as i64)
    }

    fn is_true(self) -> bool {
        self.bits != 0
    }
}

/// Evaluates a `#if` expression; returns the value (or the first error) and any warnings.
/// `directive` is the span of the whole directive, for errors at its end.
pub(super) fn evaluate(
    tokens: &[Tok],
    interner: &Interner,
    sym: &Symbols,
    directive: Span,
) -> (Result<u64, Diagnostic>, Vec<Diagnostic>) {
    let mut e = Evaluator { tokens, pos: 0, interner, sym, directive, depth: 0, warnings: Vec::new(), error: None };
    let result = match e.expression(true) {
        Ok(v) => match e.peek() {
            None => Ok(v.bits),
            Some(&t) => {
                let message = if t.kind == TokenKind::RParen {
                    "unmatched `)` in the `#if` expression"
                } else {
                    "expected a binary operator in the `#if` expression"
                };
                Err(e.error(t.span, message))
            }
        },
        Err(Failed) => Err(e.error.take().unwrap_or_else(|| e.error(directive, "invalid `#if` expression"))),
    };
    (result, e.warnings)
}

struct Evaluator<'a> {
    tokens: &'a [Tok],
    pos: usize,
    interner: &'a Interner,
    sym: &'a Symbols,
    directive: Span,
    depth: u32,
    warnings: Vec<Diagnostic>,
    error: Option<Diagnostic>,
}

/// Evaluation failed; the diagnostic is in [`Evaluator::error`]. Keeping the error out of the
/// return value keeps the recursive frames small.
struct Failed;

type Eval<T> = Result<T, Failed>;

/// Binary operators by precedence, lowest first (`?:` and `,` are handled apart).
fn precedence(kind: TokenKind) -> Option<u8> {
    use TokenKind::*;
    Some(match kind {
        PipePipe => 1,
        AmpAmp => 2,
        Pipe => 3,
        Caret => 4,
        Amp => 5,
        EqEq | BangEq => 6,
        Lt | Gt | LtEq | GtEq => 7,
        Shl | Shr => 8,
        Plus | Minus => 9,
        Star | Slash | Percent => 10,
        _ => return None,
    })
}

impl Evaluator<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.tokens.get(self.pos)
    }

    fn error(&self, span: Span, message: &str) -> Diagnostic {
        Diagnostic::error(codes::CONDITION_SYNTAX, span, message.to_string())
    }

    /// Records `d` as the evaluation's error.
    #[cold]
    fn fail<T>(&mut self, d: Diagnostic) -> Eval<T> {
        self.error = Some(d);
        Err(Failed)
    }

    /// The span for "expected … at the end".
    fn end_span(&self) -> Span {
        self.tokens.last().map_or(self.directive, |t| t.span)
    }

    fn enter(&mut self, span: Span) -> Eval<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.fail(self.error(span, "the `#if` expression is nested too deeply"));
        }
        Ok(())
    }

    /// expression := conditional (`,` conditional)*
    fn expression(&mut self, live: bool) -> Eval<Value> {
        let mut v = self.conditional(live)?;
        while self.peek().is_some_and(|t| t.kind == TokenKind::Comma) {
            self.pos += 1;
            v = self.conditional(live)?;
        }
        Ok(v)
    }

    /// conditional := binary(1) (`?` expression `:` conditional)?
    fn conditional(&mut self, live: bool) -> Eval<Value> {
        let cond = self.binary(1, live)?;
        let Some(&question) = self.peek().filter(|t| t.kind == TokenKind::Question) else { return Ok(cond) };
        self.pos += 1;
        self.enter(question.span)?;
        let then = self.expression(live && cond.is_true())?;
        if !self.peek().is_some_and(|t| t.kind == TokenKind::Colon) {
            let at = self.peek().map_or(self.end_span(), |t| t.span);
            return self.fail(
                self.error(at, "expected `:` in the `#if` expression").with_related(question.span, "to match this `?`"),
            );
        }
        self.pos += 1;
        let otherwise = self.conditional(live && !cond.is_true())?;
        self.depth -= 1;
        let unsigned = then.unsigned || otherwise.unsigned;
        let bits = if cond.is_true() { then.bits } else { otherwise.bits };
        Ok(Value { bits, unsigned })
    }

    /// Precedence climbing over the binary operators of precedence `min` and above.
    fn binary(&mut self, min: u8, live: bool) -> Eval<Value> {
        let mut lhs = self.unary(live)?;
        while let Some(&op) = self.peek() {
            let Some(prec) = precedence(op.kind).filter(|&p| p >= min) else { break };
            self.pos += 1;
            lhs = match op.kind {
                TokenKind::AmpAmp => {
                    let rhs = self.binary(prec + 1, live && lhs.is_true())?;
                    Value::truth(lhs.is_true() && rhs.is_true())
                }
                TokenKind::PipePipe => {
                    let rhs = self.binary(prec + 1, live && !lhs.is_true())?;
                    Value::truth(lhs.is_true() || rhs.is_true())
                }
                _ => {
                    let rhs = self.binary(prec + 1, live)?;
                    self.apply(op, lhs, rhs, live)?
                }
            };
        }
        Ok(lhs)
    }

    fn apply(&mut self, op: Tok, l: Value, r: Value, live: bool) -> Eval<Value> {
        use TokenKind::*;
        let unsigned = l.unsigned || r.unsigned;
        let (a, b) = (l.bits, r.bits);
        let (sa, sb) = (a as i64, b as i64);
        let arith = |bits: u64| Value { bits, unsigned };
        let cmp = |u: bool, s: bool| Value::truth(if unsigned { u } else { s });
        Ok(match op.kind {
            Star => arith(a.wrapping_mul(b)),
            Slash | Percent => {
                if b == 0 {
                    if live {
                        let what = if op.kind == Slash { "division" } else { "remainder" };
                        return self.fail(Diagnostic::error(
                            codes::DIVISION_BY_ZERO,
                            op.span,
                            format!("{what} by zero in the `#if` expression"),
                        ));
                    }
                    arith(0)
                } else if unsigned {
                    arith(if op.kind == Slash { a / b } else { a % b })
                } else if op.kind == Slash {
                    arith(sa.wrapping_div(sb) as u64)
                } else {
                    arith(sa.wrapping_rem(sb) as u64)
                }
            }
            Plus => arith(a.wrapping_add(b)),
            Minus => arith(a.wrapping_sub(b)),
            // The result has the left operand's type. Out-of-range amounts follow clang:
            // `<<` by 64 or more (or by a negative amount) gives 0; `>>` takes the amount's low
            // 32 bits and saturates it at 63.
            Shl => Value { bits: if b >= 64 { 0 } else { a << b }, unsigned: l.unsigned },
            Shr => {
                let amount = (b as u32).min(63);
                let bits = if l.unsigned { a >> amount } else { (sa >> amount) as u64 };
                Value { bits, unsigned: l.unsigned }
            }
            Lt => cmp(a < b, sa < sb),
            Gt => cmp(a > b, sa > sb),
            LtEq => cmp(a <= b, sa <= sb),
            GtEq => cmp(a >= b, sa >= sb),
            EqEq => Value::truth(a == b),
            BangEq => Value::truth(a != b),
            Amp => arith(a & b),
            Caret => arith(a ^ b),
            Pipe => arith(a | b),
            _ => return self.fail(self.error(op.span, "expected a binary operator in the `#if` expression")),
        })
    }

    /// unary := (`+` | `-` | `~` | `!`) unary | primary
    fn unary(&mut self, live: bool) -> Eval<Value> {
        let Some(&t) = self.peek() else {
            return self.fail(self.error(self.end_span(), "expected a value in the `#if` expression"));
        };
        let op = match t.kind {
            TokenKind::Plus | TokenKind::Minus | TokenKind::Tilde | TokenKind::Bang => t.kind,
            _ => return self.primary(live),
        };
        self.pos += 1;
        self.enter(t.span)?;
        let v = self.unary(live)?;
        self.depth -= 1;
        Ok(match op {
            TokenKind::Plus => v,
            TokenKind::Minus => Value { bits: v.bits.wrapping_neg(), unsigned: v.unsigned },
            TokenKind::Tilde => Value { bits: !v.bits, unsigned: v.unsigned },
            _ => Value::truth(!v.is_true()),
        })
    }

    /// primary := number | character | identifier | `(` expression `)`
    fn primary(&mut self, live: bool) -> Eval<Value> {
        let Some(&t) = self.peek() else {
            return self.fail(self.error(self.end_span(), "expected a value in the `#if` expression"));
        };
        self.pos += 1;
        match t.kind {
            TokenKind::Number => self.number(t),
            TokenKind::Char => self.character(t),
            TokenKind::Ident => {
                if self.peek().is_some_and(|n| n.kind == TokenKind::LParen) {
                    let name = self.interner.resolve(t.text);
                    return self.fail(Diagnostic::error(
                        codes::UNDEFINED_FUNCTION_MACRO,
                        t.span,
                        format!("function-like macro `{name}` is not defined"),
                    ));
                }
                Ok(Value::truth(t.text == self.sym.true_))
            }
            TokenKind::LParen => {
                self.enter(t.span)?;
                let v = self.expression(live)?;
                if !self.peek().is_some_and(|c| c.kind == TokenKind::RParen) {
                    let at = self.peek().map_or(self.end_span(), |c| c.span);
                    return self.fail(
                        self.error(at, "expected `)` in the `#if` expression")
                            .with_related(t.span, "to match this `(`"),
                    );
                }
                self.pos += 1;
                self.depth -= 1;
                Ok(v)
            }
            TokenKind::RParen => self.fail(self.error(t.span, "expected a value in the `#if` expression")),
            TokenKind::String => {
                self.fail(self.error(t.span, "string literals are not allowed in the `#if` expression"))
            }
            _ => self.fail(self.error(t.span, "invalid token at the start of a `#if` expression")),
        }
    }

    /// An integer literal: decimal, octal, `0x` hex or `0b` binary, with `u`/`l`/`ll` suffixes.
    fn number(&mut self, t: Tok) -> Eval<Value> {
        let text = self.interner.resolve(t.text);
        let invalid = |message: String| Diagnostic::error(codes::INVALID_LITERAL, t.span, message);
        let lower = text.to_ascii_lowercase();
        let (radix, digits_start) = if lower.starts_with("0x") {
            (16, 2)
        } else if lower.starts_with("0b") {
            (2, 2)
        } else if lower.starts_with('0') {
            (8, 0)
        } else {
            (10, 0)
        };
        let is_float =
            lower.contains('.') || (radix != 16 && lower.contains('e')) || (radix == 16 && lower.contains('p'));
        if is_float {
            return self.fail(invalid("floating-point literal in the `#if` expression".into()));
        }
        let body = &lower[digits_start..];
        let digits_end = body.find(|c: char| !c.is_digit(radix.max(10))).unwrap_or(body.len());
        let (digits, suffix) = body.split_at(digits_end);
        let unsigned_suffix = match suffix {
            "" | "l" | "ll" => false,
            "u" | "ul" | "lu" | "ull" | "llu" => true,
            _ => {
                return self.fail(invalid(format!(
                    "invalid suffix `{}` on integer literal",
                    &text[text.len() - suffix.len()..]
                )))
            }
        };
        if digits.is_empty() && radix != 8 {
            return self.fail(invalid(format!("invalid integer literal `{text}`")));
        }
        if let Some(bad) = digits.chars().find(|c| !c.is_digit(radix)) {
            return self.fail(invalid(format!("invalid digit `{bad}` in integer literal")));
        }
        let digits = if digits.is_empty() { "0" } else { digits };
        let Ok(bits) = u64::from_str_radix(digits, radix) else {
            return self.fail(invalid("integer literal is too large to be represented in any integer type".into()));
        };
        let mut unsigned = unsigned_suffix;
        if bits > i64::MAX as u64 && !unsigned {
            unsigned = true;
            if radix == 10 {
                self.warnings.push(Diagnostic::warning(
                    codes::IMPLICITLY_UNSIGNED,
                    "implicitly-unsigned-literal",
                    t.span,
                    "integer literal is too large to be represented in a signed integer type, interpreting as unsigned",
                ));
            }
        }
        Ok(Value { bits, unsigned })
    }

    /// A character literal: `int`, with `char` signed; several characters make a
    /// multi-character constant (implementation-defined, clang's value).
    fn character(&mut self, t: Tok) -> Eval<Value> {
        let text = self.interner.resolve(t.text);
        let inner = &text[1..text.len() - 1];
        let invalid = |message: &str| Diagnostic::error(codes::INVALID_LITERAL, t.span, message.to_string());
        let mut bytes = Vec::new();
        let mut chars = inner.chars().peekable();
        while let Some(c) = chars.next() {
            if c != '\\' {
                let mut buf = [0; 4];
                bytes.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                continue;
            }
            let Some(e) = chars.next() else {
                return self.fail(invalid("invalid escape sequence in character literal"));
            };
            let value: u32 = match e {
                'n' => 10,
                't' => 9,
                'r' => 13,
                'a' => 7,
                'b' => 8,
                'f' => 12,
                'v' => 11,
                '\\' | '\'' | '"' | '?' => e as u32,
                'x' => {
                    let mut v = 0u32;
                    let mut any = false;
                    while let Some(d) = chars.peek().and_then(|c| c.to_digit(16)) {
                        v = v.saturating_mul(16).saturating_add(d);
                        chars.next();
                        any = true;
                    }
                    if !any {
                        return self.fail(invalid("`\\x` used with no following hex digits"));
                    }
                    v
                }
                '0'..='7' => {
                    let mut v = e.to_digit(8).unwrap_or(0);
                    for _ in 0..2 {
                        match chars.peek().and_then(|c| c.to_digit(8)) {
                            Some(d) => {
                                v = v * 8 + d;
                                chars.next();
                            }
                            None => break,
                        }
                    }
                    v
                }
                _ => e as u32,
            };
            if value > 0xff {
                return self.fail(invalid("escape sequence out of range"));
            }
            bytes.push(value as u8);
        }
        match bytes.as_slice() {
            [] => self.fail(invalid("empty character constant")),
            [b] => Ok(Value::signed(*b as i8 as i64)),
            many => {
                self.warnings.push(Diagnostic::warning(
                    codes::MULTICHAR,
                    "multichar",
                    t.span,
                    "multi-character character constant",
                ));
                let v = many.iter().fold(0u32, |acc, &b| (acc << 8) | b as u32);
                Ok(Value::signed(v as i32 as i64))
            }
        }
    }
}
