//! Include resolvers that read the filesystem (the syntax crate itself does no I/O).

use hlslc_grammar::preprocessor::IncludeResolver;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Reads included files from the filesystem.
#[derive(Debug, Default, Clone)]
pub struct FsResolver;

impl IncludeResolver for FsResolver {
    fn load(&mut self, path: &str) -> Result<Option<(String, Arc<str>)>, String> {
        read(Path::new(path)).map(|o| o.map(|text| (path.to_string(), text)))
    }
}

/// Reads included files only from inside the given root directories; a path that leaves them
/// (through `..` or a symbolic link) is an error.
#[derive(Debug, Clone)]
pub struct SandboxResolver {
    roots: Vec<PathBuf>,
}

impl SandboxResolver {
    /// A resolver confined to `roots` (canonicalised; roots that do not exist are dropped).
    pub fn new(roots: impl IntoIterator<Item = impl AsRef<Path>>) -> Self {
        SandboxResolver { roots: roots.into_iter().filter_map(|r| r.as_ref().canonicalize().ok()).collect() }
    }
}

impl IncludeResolver for SandboxResolver {
    fn load(&mut self, path: &str) -> Result<Option<(String, Arc<str>)>, String> {
        let p = Path::new(path);
        let Ok(canonical) = p.canonicalize() else { return Ok(None) };
        if !self.roots.iter().any(|r| canonical.starts_with(r)) {
            return Err(format!("`{path}` is outside the allowed include directories"));
        }
        read(&canonical).map(|o| o.map(|text| (path.to_string(), text)))
    }
}

fn read(path: &Path) -> Result<Option<Arc<str>>, String> {
    match std::fs::read(path) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(s) => Ok(Some(Arc::from(s))),
            Err(e) => Ok(Some(Arc::from(String::from_utf8_lossy(e.as_bytes()).into_owned()))),
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) if path.is_dir() => Err(format!("`{}` is a directory: {e}", path.display())),
        Err(e) => Err(format!("cannot read `{}`: {e}", path.display())),
    }
}
