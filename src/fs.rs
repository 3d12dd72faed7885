//! Include resolvers that read the filesystem (the syntax crate itself does no I/O).
//!
//! Shaders written on Windows often spell an include with different letter case than the
//! file on disk (`#include "RayTracingHlslCompat.h"` for `RaytracingHlslCompat.h`); DXC on
//! Windows finds them because the filesystem ignores case. When the exact path does not
//! exist, both resolvers look for a unique case-insensitive match, component by component,
//! and report the file under its real name.

use hlslc_grammar::preprocessor::IncludeResolver;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Reads included files from the filesystem.
#[derive(Debug, Default, Clone)]
pub struct FsResolver;

impl IncludeResolver for FsResolver {
    fn load(&mut self, path: &str) -> Result<Option<(String, Arc<str>)>, String> {
        match read(Path::new(path))? {
            Some(text) => Ok(Some((path.to_string(), text))),
            None => match case_insensitive(Path::new(path)) {
                Some(real) => read(&real).map(|o| o.map(|text| (real.to_string_lossy().into_owned(), text))),
                None => Ok(None),
            },
        }
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
        let found = if p.exists() { Some(p.to_path_buf()) } else { case_insensitive(p) };
        let Some(Ok(canonical)) = found.map(|f| f.canonicalize()) else { return Ok(None) };
        if !self.roots.iter().any(|r| canonical.starts_with(r)) {
            return Err(format!("`{path}` is outside the allowed include directories"));
        }
        let name = if p.exists() { path.to_string() } else { canonical.to_string_lossy().into_owned() };
        read(&canonical).map(|o| o.map(|text| (name, text)))
    }
}

/// The existing path that equals `path` ignoring ASCII case, component by component, when
/// each component has exactly one such match.
fn case_insensitive(path: &Path) -> Option<PathBuf> {
    let mut real = PathBuf::new();
    for component in path.components() {
        let next = real.join(component);
        if next.exists() || !matches!(component, std::path::Component::Normal(_)) {
            real = next;
            continue;
        }
        let want = component.as_os_str().to_str()?;
        let dir = if real.as_os_str().is_empty() { Path::new(".") } else { real.as_path() };
        let mut matches = std::fs::read_dir(dir).ok()?.filter_map(Result::ok).filter(|e| e.file_name().to_str().is_some_and(|n| n.eq_ignore_ascii_case(want)));
        let first = matches.next()?;
        if matches.next().is_some() {
            return None;
        }
        real.push(first.file_name());
    }
    real.exists().then_some(real)
}

/// Reads an included file. Only regular files are read: a device or a pipe (`/dev/zero`,
/// `/dev/stdin`) could hold the compile forever or grow it without bound, before the
/// preprocessor's size limit could see its text.
fn read(path: &Path) -> Result<Option<Arc<str>>, String> {
    match std::fs::metadata(path) {
        Ok(m) if !m.is_file() && !m.is_dir() => return Err("it is not a regular file (a device or a pipe)".to_string()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        _ => {}
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_tree(name: &str) -> PathBuf {
        let root = std::env::temp_dir().join(format!("hlslc-fs-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("Shaders/Common")).unwrap();
        std::fs::write(root.join("Shaders/Common/RaytracingCompat.h"), "#define FOUND 1\n").unwrap();
        root
    }

    #[test]
    fn includes_match_ignoring_case_under_the_real_name() {
        let root = temp_tree("case");
        let asked = root.join("shaders/common/RayTracingCompat.H");
        let (name, text) = FsResolver.load(asked.to_str().unwrap()).unwrap().unwrap();
        assert_eq!(name, root.join("Shaders/Common/RaytracingCompat.h").to_string_lossy());
        assert_eq!(&*text, "#define FOUND 1\n");
        assert!(FsResolver.load(root.join("shaders/missing.h").to_str().unwrap()).unwrap().is_none());
        let mut sandbox = SandboxResolver::new([&root]);
        assert!(sandbox.load(asked.to_str().unwrap()).unwrap().is_some());
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn devices_are_not_read() {
        // `/dev/zero` never ends: reading it whole would hang and exhaust memory.
        let dev = Path::new("/dev/zero");
        if dev.exists() {
            let err = FsResolver.load("/dev/zero").unwrap_err();
            assert!(err.contains("not a regular file"), "{err}");
        }
    }

    #[test]
    fn ambiguous_case_matches_are_not_found() {
        let root = temp_tree("ambiguous");
        std::fs::write(root.join("Shaders/Common/raytracingcompat.h"), "").unwrap();
        // Both spellings exist, so only an exact name resolves (on case-sensitive filesystems).
        let asked = root.join("Shaders/Common/RAYTRACINGCOMPAT.h");
        if !root.join("Shaders/Common/RAYTRACINGCOMPAT.h").exists() {
            assert!(FsResolver.load(asked.to_str().unwrap()).unwrap().is_none());
        }
        std::fs::remove_dir_all(&root).unwrap();
    }
}
