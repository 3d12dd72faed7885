//! A reusable compiler for engines: one [`Compiler`] compiles many shaders and permutations,
//! reading each `#include`d file once, and [`Compiler::compile_many`] runs a batch in parallel.
//!
//! Engines compile hundreds of permutations of one uber-shader: the same includes under
//! different `-D` sets. What can be shared between those compilations is everything that does
//! not depend on the defines — finding and reading the include files. The preprocessed tokens
//! themselves cannot be shared (a macro defined on one command line changes how an include
//! expands), so each compilation still preprocesses and parses its own text; the cache removes
//! the filesystem round trips, include-path probing included (a miss is cached as a miss).
//!
//! The cache lives until [`Compiler::invalidate`] or [`Compiler::clear_cache`] (hot reload).
//! A `Compiler` is `Send + Sync`; batches keep their input order whatever the thread count.

use crate::pipeline::{compile_with, Compiled, Error, Source};
use crate::Options;
use hlslc_grammar::preprocessor::IncludeResolver;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError, RwLock};

/// What one cached lookup found: the canonical name and text, or nothing at that path.
type Entry = Option<(String, Arc<str>)>;

/// Compiles many shaders with shared include loading. See the module docs.
///
/// ```
/// use hlslc::{Compiler, Job, MemoryResolver, Options, Source};
/// let includes = MemoryResolver::new().with_file("common.hlsli", "#define SCALE 2\n");
/// let compiler = Compiler::with_resolver(includes);
/// let source = Source::new("main.hlsl", r#"
///     #include "common.hlsli"
///     RWStructuredBuffer<uint> output : register(u0);
///     [numthreads(1, 1, 1)]
///     void main() { output[0] = SCALE * VARIANT; }
/// "#);
/// let jobs: Vec<Job> = (0..4)
///     .map(|v| Job::new(source.clone(), Options::new("cs_6_0").define("VARIANT", Some(&v.to_string()))))
///     .collect();
/// let results = compiler.compile_many(&jobs);
/// assert_eq!(results.len(), 4);
/// assert!(results.iter().all(Result::is_ok));
/// assert_eq!(compiler.cached_files(), 1);
/// ```
pub struct Compiler {
    resolver: Mutex<Box<dyn IncludeResolver + Send>>,
    cache: RwLock<HashMap<String, Entry>>,
}

/// One compilation of a batch: a source and its options.
#[derive(Clone, Debug)]
pub struct Job {
    /// The main file.
    pub source: Source,
    /// Its options (profile, entry point, defines …).
    pub options: Options,
}

impl Job {
    /// A job compiling `source` with `options`.
    pub fn new(source: Source, options: Options) -> Self {
        Job { source, options }
    }
}

impl Default for Compiler {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Debug for Compiler {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Compiler").field("cached_files", &self.cached_files()).finish_non_exhaustive()
    }
}

impl Compiler {
    /// A compiler reading includes from the filesystem ([`crate::fs::FsResolver`]).
    pub fn new() -> Self {
        Self::with_resolver(crate::fs::FsResolver)
    }

    /// A compiler loading includes through `resolver` (a [`crate::fs::SandboxResolver`], a
    /// [`crate::MemoryResolver`], an engine's virtual file system …).
    pub fn with_resolver(resolver: impl IncludeResolver + Send + 'static) -> Self {
        Compiler { resolver: Mutex::new(Box::new(resolver)), cache: RwLock::new(HashMap::new()) }
    }

    /// Compiles one shader.
    pub fn compile(&self, source: &Source, options: &Options) -> Result<Compiled, Error> {
        compile_with(source, options, &mut Cached { compiler: self })
    }

    /// Compiles a batch, in parallel when the `parallel` feature (on by default) is enabled.
    /// The results are in the order of `jobs`, and each is what [`Compiler::compile`] returns
    /// for that job: the output does not depend on the number of threads.
    pub fn compile_many(&self, jobs: &[Job]) -> Vec<Result<Compiled, Error>> {
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            jobs.par_iter().map(|j| self.compile(&j.source, &j.options)).collect()
        }
        #[cfg(not(feature = "parallel"))]
        {
            jobs.iter().map(|j| self.compile(&j.source, &j.options)).collect()
        }
    }

    /// Forgets one file (its next `#include` reads it again), for hot reloading.
    pub fn invalidate(&self, path: &str) {
        self.cache.write().unwrap_or_else(PoisonError::into_inner).remove(path);
    }

    /// Forgets every cached file.
    pub fn clear_cache(&self) {
        self.cache.write().unwrap_or_else(PoisonError::into_inner).clear();
    }

    /// How many files the cache holds (paths probed and not found are not counted).
    pub fn cached_files(&self) -> usize {
        self.cache.read().unwrap_or_else(PoisonError::into_inner).values().filter(|e| e.is_some()).count()
    }

    fn load(&self, path: &str) -> Result<Entry, String> {
        if let Some(hit) = self.cache.read().unwrap_or_else(PoisonError::into_inner).get(path) {
            return Ok(hit.clone());
        }
        // Loads are serialized by the resolver's lock; checking the cache again under it
        // keeps two threads that missed at once from reading the same file twice.
        let mut resolver = self.resolver.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(hit) = self.cache.read().unwrap_or_else(PoisonError::into_inner).get(path) {
            return Ok(hit.clone());
        }
        // Errors (permissions, a path outside a sandbox) are not cached: they are reported
        // each time, and a fixed file is picked up without a cache reset.
        let entry = resolver.load(path)?;
        self.cache.write().unwrap_or_else(PoisonError::into_inner).insert(path.to_string(), entry.clone());
        Ok(entry)
    }
}

/// The per-compilation view of a [`Compiler`]'s cache.
struct Cached<'a> {
    compiler: &'a Compiler,
}

impl IncludeResolver for Cached<'_> {
    fn load(&mut self, path: &str) -> Result<Option<(String, Arc<str>)>, String> {
        self.compiler.load(path)
    }
}
