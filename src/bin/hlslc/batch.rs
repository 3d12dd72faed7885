//! Batch mode: many shaders in one run, from a `shaders.toml` manifest (`hlslc build`) or from
//! several files on the command line (`hlslc -T cs_6_0 a.hlsl b.hlsl -o out/`).
//!
//! Jobs compile in parallel through one [`hlslc::Compiler`] (includes read once) and are
//! reported in input order. A progress bar (`\r`-redrawn, on standard error) shows on a
//! terminal or with `--progress always`; a summary line (`compiled`, `failed`, time) always
//! ends the run. Exit code 1 when a shader failed, 2 for a bad manifest or an output that
//! cannot be written.
//!
//! Manifest:
//!
//! ```toml
//! out_dir = "build/shaders"        # default: the manifest's directory
//! emit = ["wgsl", "reflect"]       # default for every shader: ["wgsl"]
//! include_dirs = ["shaders/include"]
//! defines = ["QUALITY=2"]
//!
//! [[shader]]
//! file = "shaders/blur.hlsl"       # relative to the manifest
//! profile = "cs_6_0"
//! entry = "main"                   # default main
//! name = "blur"                    # output file stem; default: file stem (+ _entry)
//! defines = ["RADIUS=4"]           # added to the top-level defines
//! emit = ["wgsl", "spirv"]         # replaces the top-level emit
//! ```

use hlslc::{Compiler, Job, Options, Source, Target};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// What to write for a shader.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Emit {
    /// WGSL text (`.wgsl`).
    Wgsl,
    /// SPIR-V binary (`.spv`).
    Spirv,
    /// SPIR-V assembly (`.spvasm`).
    Spvasm,
    /// Reflection JSON (`.json`).
    Reflect,
}

impl Emit {
    fn extension(self) -> &'static str {
        match self {
            Emit::Wgsl => "wgsl",
            Emit::Spirv => "spv",
            Emit::Spvasm => "spvasm",
            Emit::Reflect => "json",
        }
    }

    fn parse(s: &str) -> Option<Emit> {
        match s {
            "wgsl" => Some(Emit::Wgsl),
            "spirv" => Some(Emit::Spirv),
            "spvasm" => Some(Emit::Spvasm),
            "reflect" => Some(Emit::Reflect),
            _ => None,
        }
    }
}

/// One shader of a batch.
#[derive(Clone, Debug)]
pub struct Item {
    /// The HLSL file.
    pub input: PathBuf,
    /// Output file stem.
    pub stem: String,
    /// The directory outputs go to.
    pub out_dir: PathBuf,
    /// Options (the target is set per emitted kind).
    pub options: Options,
    /// What to write.
    pub emit: Vec<Emit>,
}

impl Item {
    /// The default stem: the file stem, plus `_entry` when the entry point is not `main`.
    pub fn default_stem(input: &Path, entry: &str) -> String {
        let stem = input.file_stem().and_then(|s| s.to_str()).unwrap_or("shader").to_string();
        if entry == "main" {
            stem
        } else {
            format!("{stem}_{entry}")
        }
    }
}

/// Reads a manifest into batch items; `Err` is a usage error (exit 2).
pub fn read_manifest(path: &Path, out_dir_override: Option<&Path>) -> Result<Vec<Item>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read `{}`: {e}", path.display()))?;
    let table: toml::Table = text.parse().map_err(|e| format!("`{}` is not valid TOML: {e}", path.display()))?;
    let base = path.parent().unwrap_or(Path::new(""));
    let top = Section::new(&table, "the manifest", &["out_dir", "emit", "include_dirs", "defines", "shader"])?;
    let out_dir = match out_dir_override {
        Some(d) => d.to_path_buf(),
        None => top.string("out_dir")?.map_or_else(|| base.to_path_buf(), |d| base.join(d)),
    };
    let emit = top.emit()?.unwrap_or_else(|| vec![Emit::Wgsl]);
    let include_dirs: Vec<String> = top.strings("include_dirs")?.iter().map(|d| base.join(d).to_string_lossy().into_owned()).collect();
    let defines = top.strings("defines")?;
    let shaders = match table.get("shader") {
        Some(toml::Value::Array(a)) => a.clone(),
        Some(_) => return Err("`shader` must be an array of tables: write `[[shader]]`".into()),
        None => return Err(format!("`{}` lists no shaders: add a `[[shader]]` table", path.display())),
    };
    let mut items = Vec::new();
    for (i, s) in shaders.iter().enumerate() {
        let toml::Value::Table(t) = s else { return Err(format!("shader {} is not a table", i + 1)) };
        let what = format!("shader {}", i + 1);
        let sec = Section::new(t, &what, &["file", "profile", "entry", "name", "defines", "emit", "include_dirs"])?;
        let file = sec.string("file")?.ok_or_else(|| format!("{what} has no `file`"))?;
        let profile = sec.string("profile")?.ok_or_else(|| format!("{what} (`{file}`) has no `profile`"))?;
        let mut options = Options::new(&profile);
        if let Some(entry) = sec.string("entry")? {
            options.entry_point = entry;
        }
        options.include_dirs = include_dirs.clone();
        options.include_dirs.extend(sec.strings("include_dirs")?.iter().map(|d| base.join(d).to_string_lossy().into_owned()));
        for d in defines.iter().chain(sec.strings("defines")?.iter()) {
            options.defines.push(split_define(d));
        }
        let input = base.join(&file);
        let stem = sec.string("name")?.unwrap_or_else(|| Item::default_stem(&input, &options.entry_point));
        items.push(Item { input, stem, out_dir: out_dir.clone(), options, emit: sec.emit()?.unwrap_or_else(|| emit.clone()) });
    }
    Ok(items)
}

/// `NAME=VALUE` or `NAME`.
pub fn split_define(d: &str) -> (String, Option<String>) {
    match d.split_once('=') {
        Some((n, v)) => (n.to_string(), Some(v.to_string())),
        None => (d.to_string(), None),
    }
}

/// A manifest table with its allowed keys checked.
struct Section<'a> {
    table: &'a toml::Table,
    what: &'a str,
}

impl<'a> Section<'a> {
    fn new(table: &'a toml::Table, what: &'a str, keys: &[&str]) -> Result<Self, String> {
        if let Some(k) = table.keys().find(|k| !keys.contains(&k.as_str())) {
            return Err(format!("{what}: unknown key `{k}` (expected one of: {})", keys.join(", ")));
        }
        Ok(Section { table, what })
    }

    fn string(&self, key: &str) -> Result<Option<String>, String> {
        match self.table.get(key) {
            None => Ok(None),
            Some(toml::Value::String(s)) => Ok(Some(s.clone())),
            Some(_) => Err(format!("{}: `{key}` must be a string", self.what)),
        }
    }

    fn strings(&self, key: &str) -> Result<Vec<String>, String> {
        match self.table.get(key) {
            None => Ok(Vec::new()),
            Some(toml::Value::Array(a)) => a
                .iter()
                .map(|v| v.as_str().map(str::to_string).ok_or_else(|| format!("{}: `{key}` must be an array of strings", self.what)))
                .collect(),
            Some(_) => Err(format!("{}: `{key}` must be an array of strings", self.what)),
        }
    }

    fn emit(&self) -> Result<Option<Vec<Emit>>, String> {
        if self.table.get("emit").is_none() {
            return Ok(None);
        }
        self.strings("emit")?
            .iter()
            .map(|e| Emit::parse(e).ok_or_else(|| format!("{}: unknown emit kind `{e}` (expected wgsl, spirv, spvasm or reflect)", self.what)))
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    }
}

/// Compiles every item and writes its outputs; prints diagnostics, the progress bar (with
/// `progress`) and the summary.
pub fn run(items: &[Item], color: bool, progress: bool) -> ExitCode {
    let start = Instant::now();
    let compiler = Compiler::new();
    // One job per item and target needed (WGSL; SPIR-V for spirv/spvasm; reflection from either).
    let mut jobs = Vec::new();
    let mut owners = Vec::new();
    let mut unreadable = vec![false; items.len()];
    let mut io_error = false;
    for (i, item) in items.iter().enumerate() {
        let text = match std::fs::read_to_string(&item.input) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: cannot read `{}`: {e}", item.input.display());
                unreadable[i] = true;
                io_error = true;
                continue;
            }
        };
        let source = Source::new(item.input.to_string_lossy().into_owned(), text);
        let wants_spirv = item.emit.iter().any(|e| matches!(e, Emit::Spirv | Emit::Spvasm));
        let wants_wgsl = item.emit.contains(&Emit::Wgsl) || !wants_spirv;
        for (wanted, target) in [(wants_wgsl, Target::Wgsl), (wants_spirv, Target::SpirV)] {
            if wanted {
                jobs.push(Job::new(source.clone(), item.options.clone().target(target)));
                owners.push(i);
            }
        }
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut results = Vec::with_capacity(jobs.len());
    for chunk in jobs.chunks(threads.max(1)) {
        if progress {
            let done = results.len();
            let name = owners.get(done).map(|&i| items[i].input.display().to_string()).unwrap_or_default();
            draw_progress(done, jobs.len(), &name);
        }
        results.extend(compiler.compile_many(chunk));
    }
    if progress {
        draw_progress(results.len(), jobs.len(), "");
        // Diagnostics and the summary go where the bar was.
        eprint!("\r\x1b[2K");
    }
    let (mut compiled, mut failed) = (0, 0);
    for (i, item) in items.iter().enumerate() {
        if unreadable[i] {
            failed += 1;
            continue;
        }
        let mine: Vec<(&Job, &Result<hlslc::Compiled, hlslc::Error>)> =
            jobs.iter().zip(&results).zip(&owners).filter(|(_, &o)| o == i).map(|((j, r), _)| (j, r)).collect();
        let mut ok = true;
        for (k, (_, r)) in mine.iter().enumerate() {
            match r {
                // Both targets report the same warnings: show the first compilation's.
                Ok(c) if k == 0 && !c.diagnostics.is_empty() => eprint!("{}", hlslc::render_diagnostics(&c.diagnostics, &c.source_map, color)),
                Ok(_) => {}
                Err(e) => {
                    eprint!("{}", e.render_colored(color));
                    ok = false;
                    break;
                }
            }
        }
        if !ok {
            failed += 1;
            continue;
        }
        let by_target = |t: Target| mine.iter().find(|(j, _)| j.options.target == t).and_then(|(_, r)| r.as_ref().ok());
        match write_outputs(item, by_target(Target::Wgsl), by_target(Target::SpirV)) {
            Ok(()) => compiled += 1,
            Err(WriteError::Io(e)) => {
                eprintln!("error: {e}");
                io_error = true;
                failed += 1;
            }
            Err(WriteError::Compile(e)) => {
                eprint!("{}", e.render_colored(color));
                failed += 1;
            }
        }
    }
    eprintln!("hlslc: {compiled} compiled, {failed} failed in {:.2}s", start.elapsed().as_secs_f64());
    if io_error {
        ExitCode::from(2)
    } else if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

enum WriteError {
    Io(String),
    Compile(hlslc::Error),
}

fn write_outputs(item: &Item, wgsl: Option<&hlslc::Compiled>, spirv: Option<&hlslc::Compiled>) -> Result<(), WriteError> {
    std::fs::create_dir_all(&item.out_dir).map_err(|e| WriteError::Io(format!("cannot create `{}`: {e}", item.out_dir.display())))?;
    for &emit in &item.emit {
        let bytes = match emit {
            Emit::Wgsl => wgsl.map(|c| c.wgsl().map(String::into_bytes)),
            Emit::Spirv => spirv.map(|c| c.spirv().map(|w| w.iter().flat_map(|x| x.to_le_bytes()).collect())),
            Emit::Spvasm => spirv.map(|c| c.spirv().map(|w| hlslc::emit::disassemble(&w).into_bytes())),
            Emit::Reflect => wgsl.or(spirv).map(|c| Ok(c.reflection().to_json().into_bytes())),
        };
        let Some(bytes) = bytes else { continue };
        let bytes = bytes.map_err(WriteError::Compile)?;
        let path = item.out_dir.join(format!("{}.{}", item.stem, emit.extension()));
        std::fs::write(&path, bytes).map_err(|e| WriteError::Io(format!("cannot write `{}`: {e}", path.display())))?;
    }
    Ok(())
}

/// `[=====     ] 12/40 shaders/blur.hlsl`, redrawn over the line in place.
fn draw_progress(done: usize, total: usize, name: &str) {
    const WIDTH: usize = 30;
    let filled = (done * WIDTH).checked_div(total).unwrap_or(WIDTH);
    let mut err = std::io::stderr();
    let _ = write!(err, "\r\x1b[2K[{}{}] {done}/{total}{}{name}", "=".repeat(filled), " ".repeat(WIDTH - filled), if name.is_empty() { "" } else { " " }).and_then(|()| err.flush());
}
