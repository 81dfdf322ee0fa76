//! The library's layers (docs/ARCHITECTURE.md, "Layers"): every module of `src/` stands on one
//! layer of [`LAYERS`], and a file may name (by `crate::`, `super::` or a child module's path, in
//! a `use` or anywhere in its code) only modules of its own layer or of the layers below. The
//! test reads the source, as the compiler would find it from `src/lib.rs` by its `mod` lines,
//! and fails on an import that runs upward, on a circle of files, and on a module that no layer
//! names. Comments (doc comments too: their links are no imports) and `#[cfg(test)]` items are
//! not read.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The layers from the ground up: a module path (as `crate::` would name it) and every module
/// under it stand on the layer of the longest path here that holds them. A file may import from
/// its own layer and from every layer before it; a circle of files is refused on any layer.
const LAYERS: &[(&str, &[&str])] = &[
    ("base", &["sort", "error", "json", "time", "clock", "kind"]),
    ("hashing", &["audience", "signing"]),
    ("report", &["report"]),
    ("options", &["options"]),
    ("issues", &["issues"]),
    ("answers", &["answers"]),
    ("ctx", &["ctx"]),
    ("model", &["model"]),
    ("checks", &["checks", "formats"]),
    ("engine", &["engine"]),
    ("rules", &["rules", "spec"]),
    ("render", &["schema", "describe"]),
    ("crate", &["", "envelope"]),
];

/// A module: the file that holds it and its path from the crate root (empty for `lib.rs`).
struct Module {
    file: PathBuf,
    path: Vec<String>,
    /// Its child modules, by name.
    children: BTreeSet<String>,
}

#[test]
fn imports_run_only_downward_and_no_files_form_a_circle() {
    // LAYERS_SRC reads another tree's `src/` (an older commit's, say) against this table.
    let src = std::env::var_os("LAYERS_SRC")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let graph = Graph::read(&src);
    let mut faults = Vec::new();

    for (from, to, names) in &graph.edges {
        let (a, b) = (&graph.modules[*from], &graph.modules[*to]);
        let (la, lb) = (layer_of(&a.path), layer_of(&b.path));
        match (la, lb) {
            (Some(la), Some(lb)) if lb > la => faults.push(format!(
                "upward import: {} (layer {}) -> {} (layer {}): {}",
                show(a),
                LAYERS[la].0,
                show(b),
                LAYERS[lb].0,
                names.join(", ")
            )),
            (Some(_), Some(_)) => {}
            _ => {}
        }
    }
    for module in &graph.modules {
        if layer_of(&module.path).is_none() {
            faults.push(format!("{} stands on no layer of LAYERS", show(module)));
        }
    }
    for circle in graph.circles() {
        let files: Vec<String> = circle.iter().map(|&i| show(&graph.modules[i])).collect();
        faults.push(format!(
            "circle of {} files: {}",
            files.len(),
            files.join(", ")
        ));
    }
    if std::env::var_os("LAYERS_PRINT").is_some() {
        for (from, to, names) in &graph.edges {
            let (a, b) = (&graph.modules[*from], &graph.modules[*to]);
            println!(
                "{} -> {}: {}",
                a.file.display(),
                b.file.display(),
                names.join(", ")
            );
        }
    }
    assert!(
        faults.is_empty(),
        "{} layer faults:\n{}",
        faults.len(),
        faults.join("\n")
    );
}

/// The reader itself: a `use` that runs upward, a path in the code that runs upward, and a
/// circle are each found (so that the test above cannot pass by reading nothing).
#[test]
fn the_reader_finds_an_upward_import_and_a_circle() {
    let dir = std::env::temp_dir().join(format!("preflight-layers-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("json")).expect("temp dir");
    let files = [
        ("lib.rs", "mod json;\nmod engine;\npub mod ctx;\n"),
        (
            "json/mod.rs",
            "//! [`crate::engine::Docs`] is a doc link, no import.\nmod parse;\nuse crate::engine::{self, Row as R};\nconst S: &str = \"crate::ctx::X\";\n",
        ),
        ("json/parse.rs", "fn f() { let _ = super::super::ctx::Ctx::new(); }\n"),
        ("engine.rs", "use crate::ctx::Ctx;\n#[cfg(test)]\nmod tests { use crate::json; }\n"),
        ("ctx.rs", "pub(crate) use crate::engine::Row;\n"),
    ];
    for (name, text) in files {
        fs::write(dir.join(name), text).expect("temp file");
    }
    let graph = Graph::read(&dir);
    let mut edges: Vec<String> = graph
        .edges
        .iter()
        .map(|(a, b, names)| {
            let (a, b) = (&graph.modules[*a], &graph.modules[*b]);
            format!(
                "{} -> {}: {}",
                a.path.join("::"),
                b.path.join("::"),
                names.join(",")
            )
        })
        .collect();
    edges.sort();
    assert_eq!(
        edges,
        [
            "ctx -> engine: Row",
            "engine -> ctx: Ctx",
            "json -> engine: Row,self",
            "json::parse -> ctx: Ctx",
        ]
    );
    let circles: Vec<Vec<String>> = graph
        .circles()
        .iter()
        .map(|c| {
            c.iter()
                .map(|&i| graph.modules[i].path.join("::"))
                .collect()
        })
        .collect();
    assert_eq!(circles, [vec!["ctx".to_string(), "engine".to_string()]]);
    let _ = fs::remove_dir_all(&dir);
}

fn show(module: &Module) -> String {
    format!(
        "crate::{} ({})",
        module.path.join("::"),
        module.file.display()
    )
}

/// The layer of a module: that of the longest path of [`LAYERS`] that holds it.
fn layer_of(path: &[String]) -> Option<usize> {
    let mut best: Option<(usize, usize)> = None;
    for (layer, (_, modules)) in LAYERS.iter().enumerate() {
        for module in modules.iter() {
            let parts: Vec<&str> = if module.is_empty() {
                vec![]
            } else {
                module.split("::").collect()
            };
            let holds = parts.len() <= path.len() && parts.iter().zip(path).all(|(a, b)| a == b);
            if holds && best.map_or(true, |(len, _)| parts.len() > len) {
                best = Some((parts.len(), layer));
            }
        }
    }
    // A module on no listed path but the crate root's: the root holds only lib.rs itself.
    match best {
        Some((0, layer)) if !path.is_empty() => {
            let _ = layer;
            None
        }
        other => other.map(|(_, layer)| layer),
    }
}

struct Graph {
    modules: Vec<Module>,
    /// (from, to, names): module `from` names module `to` (a module other than itself, and not
    /// one of its own descendants: a module's face naming its parts is no dependency).
    edges: Vec<(usize, usize, Vec<String>)>,
}

impl Graph {
    fn read(src: &Path) -> Graph {
        let mut modules = Vec::new();
        let mut texts = Vec::new();
        let mut queue = vec![(src.join("lib.rs"), Vec::<String>::new())];
        while let Some((file, path)) = queue.pop() {
            let raw =
                fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            let code = without_tests(&strip(&raw));
            let dir = if path.is_empty() || file.ends_with("mod.rs") {
                file.parent().map(Path::to_path_buf).unwrap_or_default()
            } else {
                file.with_extension("")
            };
            let mut children = BTreeSet::new();
            for (name, at) in declared_modules(&raw) {
                let child = match at {
                    Some(at) => file.parent().map(|p| p.join(at)).unwrap_or_default(),
                    None if dir.join(format!("{name}.rs")).exists() => {
                        dir.join(format!("{name}.rs"))
                    }
                    None => dir.join(&name).join("mod.rs"),
                };
                let mut child_path = path.clone();
                child_path.push(name.clone());
                children.insert(name);
                queue.push((child, child_path));
            }
            modules.push(Module {
                file: file.strip_prefix(src).unwrap_or(&file).to_path_buf(),
                path,
                children,
            });
            texts.push(code);
        }
        let by_path: BTreeMap<Vec<String>, usize> = modules
            .iter()
            .enumerate()
            .map(|(i, m)| (m.path.clone(), i))
            .collect();
        let mut edges: BTreeMap<(usize, usize), BTreeSet<String>> = BTreeMap::new();
        for (from, code) in texts.iter().enumerate() {
            let here = &modules[from];
            for reference in references(code) {
                let mut segs: Vec<String> = Vec::new();
                let mut parts = reference.iter().peekable();
                match parts.peek().map(|s| s.as_str()) {
                    Some("crate") => {
                        parts.next();
                    }
                    Some("super") | Some("self") => {
                        segs = here.path.clone();
                        while let Some(s) = parts.peek() {
                            match s.as_str() {
                                "super" => {
                                    segs.pop();
                                }
                                "self" => {}
                                _ => break,
                            }
                            parts.next();
                        }
                    }
                    Some(first) if here.children.contains(first) => segs = here.path.clone(),
                    _ => continue,
                }
                let rest: Vec<String> = parts.cloned().collect();
                let mut target = segs.clone();
                let mut module = by_path.get(&target).copied();
                let mut name = rest.first().cloned().unwrap_or_else(|| "self".to_string());
                for (k, seg) in rest.iter().enumerate() {
                    target.push(seg.clone());
                    match by_path.get(&target) {
                        Some(&m) => {
                            module = Some(m);
                            name = rest
                                .get(k + 1)
                                .cloned()
                                .unwrap_or_else(|| "self".to_string());
                        }
                        None => break,
                    }
                }
                let Some(to) = module else { continue };
                let owner = &modules[to].path;
                let inside =
                    owner.len() >= here.path.len() && owner[..here.path.len()] == here.path[..];
                if to != from && !inside {
                    edges.entry((from, to)).or_default().insert(name);
                }
            }
        }
        let edges = edges
            .into_iter()
            .map(|((a, b), n)| (a, b, n.into_iter().collect()))
            .collect();
        Graph { modules, edges }
    }

    /// Every set of two files or more that import each other around a loop (Tarjan), each
    /// sorted by module path; the sets sorted too.
    fn circles(&self) -> Vec<Vec<usize>> {
        let n = self.modules.len();
        let mut next: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (a, b, _) in &self.edges {
            next[*a].push(*b);
        }
        struct State {
            index: Vec<Option<usize>>,
            low: Vec<usize>,
            on: Vec<bool>,
            stack: Vec<usize>,
            counter: usize,
            out: Vec<Vec<usize>>,
        }
        fn visit(v: usize, next: &[Vec<usize>], s: &mut State) {
            s.index[v] = Some(s.counter);
            s.low[v] = s.counter;
            s.counter += 1;
            s.stack.push(v);
            s.on[v] = true;
            for &w in &next[v] {
                match s.index[w] {
                    None => {
                        visit(w, next, s);
                        s.low[v] = s.low[v].min(s.low[w]);
                    }
                    Some(i) if s.on[w] => s.low[v] = s.low[v].min(i),
                    Some(_) => {}
                }
            }
            if Some(s.low[v]) == s.index[v] {
                let mut set = Vec::new();
                while let Some(w) = s.stack.pop() {
                    s.on[w] = false;
                    set.push(w);
                    if w == v {
                        break;
                    }
                }
                if set.len() > 1 {
                    s.out.push(set);
                }
            }
        }
        let mut s = State {
            index: vec![None; n],
            low: vec![0; n],
            on: vec![false; n],
            stack: Vec::new(),
            counter: 0,
            out: Vec::new(),
        };
        for v in 0..n {
            if s.index[v].is_none() {
                visit(v, &next, &mut s);
            }
        }
        let mut out = s.out;
        for set in &mut out {
            set.sort_by(|a, b| self.modules[*a].path.cmp(&self.modules[*b].path));
        }
        out.sort_by(|a, b| self.modules[a[0]].path.cmp(&self.modules[b[0]].path));
        out
    }
}

/// The modules a file declares (`mod name;`, with its `#[path = "..."]` if it has one), in
/// order; `#[cfg(test)]` modules left out.
fn declared_modules(raw: &str) -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    let mut path = None;
    let mut test = false;
    for line in raw.lines() {
        let line = line.trim();
        if line.starts_with("//") {
            continue;
        }
        if line.starts_with("#[path") {
            path = line.split('"').nth(1).map(str::to_string);
            continue;
        }
        if line == "#[cfg(test)]" {
            test = true;
            continue;
        }
        if line.starts_with("#[") {
            continue;
        }
        let decl = line
            .strip_prefix("pub(crate) ")
            .or_else(|| line.strip_prefix("pub(super) "))
            .or_else(|| line.strip_prefix("pub "))
            .unwrap_or(line);
        if let Some(name) = decl.strip_prefix("mod ").and_then(|r| r.strip_suffix(';')) {
            if !test {
                out.push((name.trim().to_string(), path.take()));
            }
        }
        path = None;
        test = false;
    }
    out
}

/// The source without comments, string and character literals (each replaced by a space, the
/// line breaks kept).
fn strip(text: &str) -> String {
    let b: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    while i < b.len() {
        let c = b[i];
        let at = |k: usize| b.get(i + k).copied().unwrap_or('\0');
        if c == '/' && at(1) == '/' {
            while i < b.len() && b[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(1) == '*' {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if b[i] == '\n' {
                        out.push('\n');
                    }
                    i += 1;
                }
            }
        } else if (c == 'r' || (c == 'b' && at(1) == 'r')) && (i == 0 || !ident(b[i - 1])) && {
            let s = if c == 'b' { 2 } else { 1 };
            let mut k = s;
            while at(k) == '#' {
                k += 1;
            }
            at(k) == '"'
        } {
            let mut k = i + if c == 'b' { 2 } else { 1 };
            let mut hashes = 0;
            while b[k] == '#' {
                hashes += 1;
                k += 1;
            }
            k += 1;
            loop {
                if k >= b.len() {
                    break;
                }
                if b[k] == '"' && (1..=hashes).all(|h| b.get(k + h) == Some(&'#')) {
                    k += 1 + hashes;
                    break;
                }
                if b[k] == '\n' {
                    out.push('\n');
                }
                k += 1;
            }
            out.push(' ');
            i = k;
        } else if c == '"' {
            i += 1;
            while i < b.len() && b[i] != '"' {
                if b[i] == '\\' {
                    i += 1;
                }
                if b.get(i) == Some(&'\n') {
                    out.push('\n');
                }
                i += 1;
            }
            i += 1;
            out.push(' ');
        } else if c == '\'' && (at(2) == '\'' || (at(1) == '\\')) {
            // A character literal ('x', '\n', '\u{..}'); a lifetime has no closing quote.
            i += 1;
            while i < b.len() && b[i] != '\'' {
                if b[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push(' ');
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// The code without `#[cfg(test)]` items (a test module, a test-only `use` or function).
fn without_tests(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let item = &rest[at + "#[cfg(test)]".len()..];
        // The item ends at its first `;` before any `{`, or at the `}` that closes its block.
        let mut depth = 0usize;
        let mut end = item.len();
        for (k, ch) in item.char_indices() {
            match ch {
                ';' if depth == 0 => {
                    end = k + 1;
                    break;
                }
                '{' => depth += 1,
                '}' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        end = k + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &item[end..];
    }
    out.push_str(rest);
    out
}

/// Every path the code names: those of its `use` items, braces expanded, and every other
/// `a::b::c` path that begins with `crate`, `super`, `self` or a plain name.
fn references(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut rest = String::new();
    let mut text = code;
    // `use` items (also `pub use`, `pub(crate) use`), up to their `;`.
    loop {
        let Some(at) = find_word(text, "use") else {
            rest.push_str(text);
            break;
        };
        rest.push_str(&text[..at]);
        let after = &text[at + 3..];
        let end = after.find(';').unwrap_or(after.len());
        let tree = without_renames(&after[..end]);
        expand(&tree, &mut Vec::new(), &mut out);
        text = after.get(end + 1..).unwrap_or("");
    }
    // Paths in the rest of the code.
    let chars: Vec<char> = rest.chars().collect();
    let mut i = 0;
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    while i < chars.len() {
        if ident(chars[i]) && (i == 0 || !(ident(chars[i - 1]) || chars[i - 1] == ':')) {
            let mut path = Vec::new();
            let mut k = i;
            loop {
                let s = k;
                while k < chars.len() && ident(chars[k]) {
                    k += 1;
                }
                path.push(chars[s..k].iter().collect::<String>());
                if chars.get(k) == Some(&':')
                    && chars.get(k + 1) == Some(&':')
                    && chars.get(k + 2).is_some_and(|&c| ident(c))
                {
                    k += 2;
                } else {
                    break;
                }
            }
            if path.len() > 1 {
                out.push(path);
            }
            i = k;
        } else {
            i += 1;
        }
    }
    out
}

/// A `use` tree without its spaces and its renames (`a as b`).
fn without_renames(tree: &str) -> String {
    let mut out = String::new();
    let mut words = tree.split_whitespace();
    while let Some(word) = words.next() {
        if word == "as" {
            // The new name goes; what follows it (`,` `}`) stays.
            let renamed = words.next().unwrap_or("");
            out.extend(
                renamed
                    .chars()
                    .skip_while(|&c| c.is_alphanumeric() || c == '_'),
            );
        } else {
            out.push_str(word);
        }
    }
    out
}

/// The first place where `word` stands as a whole word.
fn find_word(text: &str, word: &str) -> Option<usize> {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut from = 0;
    while let Some(k) = text[from..].find(word) {
        let at = from + k;
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        if !before.is_some_and(ident)
            && !after.is_some_and(ident)
            && !before.is_some_and(|c| c == ':')
        {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// Expands a `use` tree (`a::{b, c::{d, e}}`, without spaces) into whole paths.
fn expand(tree: &str, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    let tree = tree.trim_start_matches("::");
    if let Some(open) = tree.find('{') {
        let head: Vec<String> = tree[..open]
            .split("::")
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect();
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let mut depth = 0;
        let mut start = 0;
        let n = prefix.len();
        prefix.extend(head);
        for (k, ch) in inner.char_indices() {
            match ch {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand(&inner[start..k], prefix, out);
                    start = k + 1;
                }
                _ => {}
            }
        }
        expand(&inner[start..], prefix, out);
        prefix.truncate(n);
    } else if !tree.is_empty() {
        let mut path = prefix.clone();
        path.extend(
            tree.split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_string),
        );
        out.push(path);
    }
}
