//! Parses an HLSL file (no preprocessing beyond the placeholder) and prints the AST dump and
//! the diagnostics: `cargo run -p hlslc-grammar --example parse_dump -- file.hlsl`.

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: parse_dump FILE");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    let (map, unit, diagnostics) = hlslc_grammar::parser::parse_source(&path, &text);
    print!("{}", hlslc_grammar::parser::dump::translation_unit(&unit, &map));
    print!("{}", hlslc_grammar::diagnostic::render_all(&diagnostics, &map));
}
