fn main() {
    // The grammar lives in src/parser/grammar.lalrpop; generated code goes to OUT_DIR.
    lalrpop::Configuration::new()
        .use_cargo_dir_conventions()
        .emit_rerun_directives(true)
        .process()
        .expect("lalrpop grammar failed to build");
}
