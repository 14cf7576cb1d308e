//! The import graph between the files of a crate's `src/` and its loops.
//!
//! A file is a module: `src/a/b.rs` and `src/a/b/mod.rs` are `a::b`,
//! `src/lib.rs` the root. A file imports the file of the longest module
//! prefix of each path it names (see [`super::source`]), resolved against
//! its own module (`crate::`, `self::`, `super::`, a child module's name,
//! or at the root a top-level module's name). A `mod.rs` (or `lib.rs`) and
//! the files below its folder are not partners either way: it declares
//! and re-exports them, they name its items. A loop is a set of two or
//! more files each of which reaches every other (a strongly connected
//! component).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use super::source::named_paths;

/// Module path (segments) to file (`src/...`).
type Modules = BTreeMap<Vec<String>, String>;

/// The loops among the files under `root/src`, each as its files
/// (`src/...`) in order, the loops in order of their first file.
pub fn loops(root: &Path) -> Vec<Vec<String>> {
    let modules = modules(root);
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, file) in &modules {
        let bytes = fs::read(root.join(file)).expect("a source file reads");
        // Line ends as Python's text files read them.
        let text = String::from_utf8_lossy(&bytes)
            .replace("\r\n", "\n")
            .replace('\r', "\n");
        for path in named_paths(&text) {
            let Some(target) =
                absolute(&modules, module, &path).and_then(|path| resolve(&modules, &path))
            else {
                continue;
            };
            if target != file && !faces(target, file) {
                edges
                    .entry(file.clone())
                    .or_default()
                    .insert(target.clone());
            }
        }
    }
    let mut loops = strong_components(modules.values().cloned().collect(), &edges);
    loops.retain(|component| component.len() > 1);
    for component in &mut loops {
        component.sort();
    }
    loops.sort();
    loops
}

/// Every `.rs` file under `root/src` by its module path; `main.rs` beside
/// `lib.rs` is another crate and left out.
fn modules(root: &Path) -> Modules {
    let mut files = Vec::new();
    collect(&root.join("src"), "src", &mut files);
    files.sort();
    let mut modules = Modules::new();
    if files.iter().any(|file| file == "src/lib.rs") {
        files.retain(|file| file != "src/main.rs");
    }
    for file in files {
        let mut segments: Vec<String> = file["src/".len()..file.len() - ".rs".len()]
            .split('/')
            .map(String::from)
            .collect();
        if matches!(
            segments.last().map(String::as_str),
            Some("mod" | "lib" | "main")
        ) {
            segments.pop();
        }
        modules.entry(segments).or_insert(file);
    }
    modules
}

/// Adds the `.rs` files under `dir` (named `name`) to `files`.
fn collect(dir: &Path, name: &str, files: &mut Vec<String>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file_name = entry.file_name().to_string_lossy().into_owned();
        let path = format!("{name}/{file_name}");
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            collect(&entry.path(), &path, files);
        } else if file_name.ends_with(".rs") {
            files.push(path);
        }
    }
}

/// The module path `path` names from inside `module`, if it is one of
/// the crate's.
fn absolute(modules: &Modules, module: &[String], path: &[String]) -> Option<Vec<String>> {
    let path: Vec<String> = path.iter().filter(|s| !s.is_empty()).cloned().collect();
    let first = path.first()?;
    let mut current = module.to_vec();
    match first.as_str() {
        "crate" => Some(path[1..].to_vec()),
        "self" => Some([current, path[1..].to_vec()].concat()),
        "super" => {
            let ups = path.iter().take_while(|s| *s == "super").count();
            current.truncate(current.len().saturating_sub(ups));
            Some([current, path[ups..].to_vec()].concat())
        }
        _ => {
            let mut child = current.clone();
            child.push(first.clone());
            if modules.contains_key(&child) {
                Some([current, path].concat())
            } else if current.is_empty() && modules.contains_key(&path[..1]) {
                Some(path)
            } else {
                None
            }
        }
    }
}

/// The file of the longest prefix of `path` that is a module.
fn resolve<'m>(modules: &'m Modules, path: &[String]) -> Option<&'m String> {
    (1..=path.len()).rev().find_map(|n| modules.get(&path[..n]))
}

/// Whether `target` and `file` are a face (`mod.rs`, `lib.rs`) and a file
/// below its folder, either way round.
fn faces(target: &str, file: &str) -> bool {
    let below = |face: &str, other: &str| {
        (face.ends_with("mod.rs") || face.ends_with("lib.rs"))
            && other.starts_with(&format!("{}/", parent(face)))
    };
    below(target, file) || below(file, target)
}

/// The folder of `file`.
fn parent(file: &str) -> &str {
    file.rfind('/').map_or("", |at| &file[..at])
}

/// Tarjan's strongly connected components of the graph on `nodes`.
fn strong_components(
    nodes: Vec<String>,
    edges: &BTreeMap<String, BTreeSet<String>>,
) -> Vec<Vec<String>> {
    struct Search<'e> {
        edges: &'e BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<String, usize>,
        low: BTreeMap<String, usize>,
        stack: Vec<String>,
        on_stack: BTreeSet<String>,
        components: Vec<Vec<String>>,
    }
    impl Search<'_> {
        fn visit(&mut self, v: &str) {
            let n = self.index.len();
            self.index.insert(v.to_string(), n);
            self.low.insert(v.to_string(), n);
            self.stack.push(v.to_string());
            self.on_stack.insert(v.to_string());
            let edges = self.edges;
            for w in edges.get(v).into_iter().flatten() {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v.to_string(), low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v.to_string(), low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                loop {
                    let w = self.stack.pop().expect("v is on the stack");
                    self.on_stack.remove(&w);
                    let done = w == v;
                    component.push(w);
                    if done {
                        break;
                    }
                }
                self.components.push(component);
            }
        }
    }
    let mut search = Search {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        components: Vec::new(),
    };
    for v in &nodes {
        if !search.index.contains_key(v) {
            search.visit(v);
        }
    }
    search.components
}
