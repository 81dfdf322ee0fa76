//! The public surface of the crate is the checked-in list `tests/public-api.txt`, so that a
//! change of it (an item made public or private, a signature, a field, a variant, a trait
//! implementation) shows in review as a diff of that file.
//!
//! The list is read from what users read: the crate's API documentation as `cargo doc --no-deps
//! -p preflight` writes it (stable rustdoc, HTML; rustdoc's JSON output, which `cargo
//! public-api` reads, needs a nightly toolchain). From the crate's root page, the test follows
//! every public module and lists, one line each: every item with its declaration (a struct's or
//! enum's head, with `/* private fields */` when it has some), every public field and variant,
//! every inherent method and associated constant with its signature, every trait implemented
//! (the automatic `Send`/`Sync`/... included; blanket implementations such as `From<T> for T`
//! are the same for every type and left out), and every re-export. The hidden
//! `preflight::__private` module, which rustdoc leaves out, is listed from its source in
//! `src/lib.rs`: each item it names, so that it stays as narrow as its documentation says.
//!
//! When the surface changes on purpose, regenerate the list and commit it with the change:
//! `PUBLIC_API_UPDATE=1 cargo test --test public_api`. The lines depend a little on rustdoc's
//! HTML: a new stable toolchain may change their spelling (not the items), which the same
//! command records.

use std::collections::{BTreeSet, HashSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The checked-in list, relative to the crate root.
const LIST: &str = "tests/public-api.txt";

/// Set to regenerate [`LIST`] instead of comparing with it.
const UPDATE_VAR: &str = "PUBLIC_API_UPDATE";

#[test]
fn the_public_api_is_the_checked_in_list() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = build_docs(root);
    let mut lines = BTreeSet::new();
    let mut seen = HashSet::new();
    module(&doc.join("preflight/index.html"), &mut lines, &mut seen);
    assert!(
        lines.iter().any(|l| l.starts_with("preflight::validate: ")),
        "the walk of {} found no `validate`: has rustdoc's HTML changed?",
        doc.display()
    );
    let lib = fs::read_to_string(root.join("src/lib.rs")).expect("src/lib.rs");
    hidden_module(&lib, &mut lines);

    let mut text = String::from(
        "# The public API of the crate `preflight`: one line per item, field, variant, method and\n\
         # trait implementation, written by tests/public_api.rs from `cargo doc`. Regenerate with\n\
         # `PUBLIC_API_UPDATE=1 cargo test --test public_api` (docs/ARCHITECTURE.md).\n",
    );
    for line in &lines {
        text.push_str(line);
        text.push('\n');
    }
    let path = root.join(LIST);
    // `UPDATE_SNAPSHOTS=1`, which rewrites every generated file of the crate's tests, too.
    if std::env::var_os(UPDATE_VAR).is_some() || std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        fs::write(&path, &text).expect("write the list");
        return;
    }
    let old = fs::read_to_string(&path).unwrap_or_default();
    if old != text {
        let old_lines: BTreeSet<&str> = old.lines().collect();
        let new_lines: BTreeSet<&str> = text.lines().collect();
        let mut diff = String::new();
        for l in old_lines.difference(&new_lines) {
            diff.push_str(&format!("- {l}\n"));
        }
        for l in new_lines.difference(&old_lines) {
            diff.push_str(&format!("+ {l}\n"));
        }
        panic!(
            "the public API differs from {LIST} (- listed, + now):\n{diff}\nIf the change is \
             meant, regenerate the list with `{UPDATE_VAR}=1 cargo test --test public_api` and \
             commit it (a removed or changed line is a breaking change: CHANGELOG.md)."
        );
    }
}

/// Runs `cargo doc --no-deps -p preflight` into its own target directory (a `cargo test` in
/// progress may hold the lock of the main one) and returns its `doc` folder.
fn build_docs(root: &Path) -> PathBuf {
    let base = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    let base = if base.is_absolute() {
        base
    } else {
        root.join(base)
    };
    let target = base.join("public-api");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(root)
        .args(["doc", "--no-deps", "-p", "preflight", "--target-dir"])
        .arg(&target)
        .env_remove("RUSTDOCFLAGS")
        .env_remove("CARGO_TARGET_DIR")
        .output()
        .expect("run cargo doc");
    assert!(
        out.status.success(),
        "cargo doc failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    target.join("doc")
}

/// The lines of the module page `page` and of every module below it.
fn module(page: &Path, lines: &mut BTreeSet<String>, seen: &mut HashSet<PathBuf>) {
    if !seen.insert(page.to_path_buf()) {
        return;
    }
    let html = fs::read_to_string(page).unwrap_or_else(|e| panic!("{}: {e}", page.display()));
    let dir = page.parent().expect("a page is in a folder");
    let main = main_content(&html);
    let path = title_path(main).unwrap_or_else(|| panic!("{}: no title", page.display()));
    lines.insert(format!("{path}: mod"));
    for (section, body) in sections(main) {
        if section == "reexports" {
            for code in elements(body, "<code>", "</code>") {
                lines.insert(format!("{path}: {}", text(code)));
            }
            continue;
        }
        for link in elements(body, "<a class=\"", "</a>") {
            let Some(href) = attr(link, "href") else {
                continue;
            };
            if href.starts_with('#') || href.starts_with("http") || href.starts_with("..") {
                continue;
            }
            let target = dir.join(href);
            if href.ends_with("/index.html") {
                module(&target, lines, seen);
            } else if link.contains("title=\"") {
                item(&target, lines, seen);
            }
        }
    }
}

/// The lines of the item page `page`: its declaration and its members.
fn item(page: &Path, lines: &mut BTreeSet<String>, seen: &mut HashSet<PathBuf>) {
    if !seen.insert(page.to_path_buf()) {
        return;
    }
    let html = fs::read_to_string(page).unwrap_or_else(|e| panic!("{}: {e}", page.display()));
    let main = main_content(&html);
    let path = title_path(main).unwrap_or_else(|| panic!("{}: no title", page.display()));
    let decl = elements(
        main,
        "<pre class=\"rust item-decl\"><code>",
        "</code></pre>",
    )
    .next()
    .map(|d| text(&d.replace("</div>", "</div> ")))
    .unwrap_or_default();
    let file = page.file_name().and_then(|f| f.to_str()).unwrap_or("");
    let compound = ["struct.", "enum.", "union.", "trait."]
        .iter()
        .any(|k| file.starts_with(k));
    let decl = match decl.find(" {") {
        Some(i) if compound => {
            let private = if decl.contains("/* private fields */") {
                " { /* private fields */ }"
            } else {
                ""
            };
            format!("{}{private}", &decl[..i])
        }
        _ => decl,
    };
    lines.insert(format!("{path}: {decl}"));
    for (section, body) in sections(main) {
        let (wanted, what): (&[&str], &str) = match section {
            "fields" => (&["structfield."], "field "),
            "variants" => (&["variant."], "variant "),
            "implementations" => (&["method.", "associatedconstant.", "associatedtype."], ""),
            "trait-implementations" | "synthetic-implementations" => (&["impl-"], ""),
            "required-methods"
            | "provided-methods"
            | "required-associated-types"
            | "provided-associated-types"
            | "required-associated-consts"
            | "provided-associated-consts" => (
                &[
                    "tymethod.",
                    "method.",
                    "associatedtype.",
                    "associatedconstant.",
                ],
                "",
            ),
            _ => continue,
        };
        let mut rest = body;
        while let Some(at) = rest.find(" id=\"") {
            rest = &rest[at + 5..];
            let Some(end) = rest.find('"') else { break };
            let id = &rest[..end];
            if !wanted.iter().any(|w| id.starts_with(w)) {
                continue;
            }
            if let Some(header) = header_after(rest) {
                let header = text(header);
                if section == "synthetic-implementations" && !stable_auto_trait(&header) {
                    continue;
                }
                if UNSTABLE_TRAITS.iter().any(|t| header.contains(t)) {
                    continue;
                }
                let what = if id.contains(".field.") {
                    "variant field "
                } else {
                    what
                };
                lines.insert(format!("{path}: {what}{header}"));
            }
        }
    }
}

/// The automatic traits a caller can rely on. Rustdoc also lists unstable ones (`Freeze`,
/// `UnsafeUnpin`), which change with the toolchain, not with the crate.
const AUTO_TRAITS: [&str; 5] = ["Send", "Sync", "Unpin", "UnwindSafe", "RefUnwindSafe"];

/// Traits rustdoc lists that a stable caller cannot use (`derive(PartialEq)` implements
/// `StructuralPartialEq`).
const UNSTABLE_TRAITS: [&str; 1] = ["StructuralPartialEq "];

/// Whether the header of an automatic implementation (`impl Send for Kind`, `impl<'a> !Sync for
/// Value<'a>`) is of one of [`AUTO_TRAITS`].
fn stable_auto_trait(header: &str) -> bool {
    let after_impl = header
        .strip_prefix("impl")
        .map(|r| match r.strip_prefix('<') {
            Some(g) => g.split_once("> ").map_or(g, |(_, t)| t),
            None => r.trim_start(),
        })
        .unwrap_or(header);
    let name = after_impl.trim_start_matches('!');
    let name = name.split([' ', '<']).next().unwrap_or("");
    AUTO_TRAITS.contains(&name)
}

/// The `pub` items of the hidden `__private` module, from the source of `src/lib.rs` (rustdoc
/// does not document a `#[doc(hidden)]` module).
fn hidden_module(lib: &str, lines: &mut BTreeSet<String>) {
    // Comments out, so that braces in the docs do not count.
    let code: String = lib
        .lines()
        .map(|l| match l.trim_start().starts_with("//") {
            true => "",
            false => l,
        })
        .collect::<Vec<_>>()
        .join("\n");
    let start = code
        .find("pub mod __private {")
        .expect("src/lib.rs has `pub mod __private`");
    let body = &code[start + "pub mod __private {".len()..];
    let mut modules = vec!["preflight::__private".to_string()];
    let mut rest = body.trim_start();
    loop {
        if let Some(r) = rest.strip_prefix('}') {
            modules.pop();
            if modules.is_empty() {
                break;
            }
            rest = r.trim_start();
        } else if rest.starts_with("#[") {
            let end = rest.find(']').expect("an attribute ends");
            rest = rest[end + 1..].trim_start();
        } else if let Some(r) = rest.strip_prefix("pub mod ") {
            let name_end = r.find('{').expect("`pub mod NAME {`");
            let here = modules.last().expect("a module").clone();
            let name = r[..name_end].trim();
            lines.insert(format!("{here}::{name}: mod"));
            modules.push(format!("{here}::{name}"));
            rest = r[name_end + 1..].trim_start();
        } else if let Some(r) = rest.strip_prefix("pub use ") {
            let end = r.find(';').expect("`pub use ...;`");
            let here = modules.last().expect("a module");
            let tree: String = r[..end].split_whitespace().collect();
            for path in use_paths(&tree) {
                let name = path.rsplit("::").next().unwrap_or(&path);
                lines.insert(format!("{here}::{name}: pub use {path}"));
            }
            rest = r[end + 1..].trim_start();
        } else if rest.starts_with("pub fn ") {
            let open = rest.find('{').expect("a function has a body");
            let here = modules.last().expect("a module");
            let sig = rest[..open]
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            let name = sig["pub fn ".len()..]
                .split(['(', '<'])
                .next()
                .unwrap_or("");
            lines.insert(format!("{here}::{name}: {sig}"));
            // Skip the body.
            let mut depth = 0usize;
            let mut end = open;
            for (i, c) in rest[open..].char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            end = open + i;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            rest = rest[end + 1..].trim_start();
        } else {
            panic!(
                "src/lib.rs: `__private` holds something this test cannot list: {:?}",
                &rest[..rest.len().min(60)]
            );
        }
    }
}

/// The paths a `use` tree (whitespace removed) names: `a::{b,c::{d,e}}` is `a::b`, `a::c::d`,
/// `a::c::e`.
fn use_paths(tree: &str) -> Vec<String> {
    let Some(open) = tree.find('{') else {
        return vec![tree.to_string()];
    };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.len() - 1];
    let mut parts = Vec::new();
    let (mut depth, mut from) = (0usize, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[from..]);
    parts
        .into_iter()
        .filter(|p| !p.is_empty())
        .flat_map(|p| use_paths(&format!("{prefix}{p}")))
        .collect()
}

/// The page's main content (without the sidebar).
fn main_content(html: &str) -> &str {
    let start = html.find("id=\"main-content\"").unwrap_or(0);
    &html[start..]
}

/// The item's path from the page's heading: the breadcrumbs (`preflight::describe`) and the
/// name in the `<h1>`.
fn title_path(main: &str) -> Option<String> {
    let h1 = elements(main, "<h1", "</h1>").next()?;
    let crumbs = elements(main, "<div class=\"rustdoc-breadcrumbs\">", "</div>")
        .next()
        .map(text)
        .unwrap_or_default();
    let name = elements(h1, "<span", "</span>").next().map(|s| {
        let s = s.split_once('>').map_or(s, |(_, t)| t);
        text(s)
    })?;
    Some(if crumbs.is_empty() {
        name
    } else {
        format!("{crumbs}::{name}")
    })
}

/// The sections of a page: `(id of its <h2>, the HTML up to the next <h2>)`.
fn sections(main: &str) -> Vec<(&str, &str)> {
    main.split("<h2 id=\"")
        .skip(1)
        .filter_map(|part| part.find('"').map(|end| (&part[..end], &part[end..])))
        .collect()
}

/// The contents of every `open ... close` in `html` (not nested), `open` excluded.
fn elements<'h>(html: &'h str, open: &'h str, close: &'h str) -> impl Iterator<Item = &'h str> {
    let mut rest = html;
    std::iter::from_fn(move || {
        let start = rest.find(open)? + open.len();
        let len = rest[start..].find(close)?;
        let found = &rest[start..start + len];
        rest = &rest[start + len + close.len()..];
        Some(found)
    })
}

/// The value of attribute `name` in the start of a tag.
fn attr<'h>(tag: &'h str, name: &str) -> Option<&'h str> {
    let key = format!("{name}=\"");
    let start = tag.find(&key)? + key.len();
    let len = tag[start..].find('"')?;
    Some(&tag[start..start + len])
}

/// The code header that follows an id: a method's or impl's `<h3>`/`<h4 class="code-header">`,
/// or a field's `<code>`, whichever comes first.
fn header_after(rest: &str) -> Option<&str> {
    let candidates = [
        ("<h3 class=\"code-header\">", "</h3>"),
        ("<h4 class=\"code-header\">", "</h4>"),
        ("<code>", "</code>"),
    ];
    let (open, close, at) = candidates
        .iter()
        .filter_map(|(o, c)| rest.find(o).map(|at| (*o, *c, at)))
        .min_by_key(|(_, _, at)| *at)?;
    let start = at + open.len();
    let len = rest[start..].find(close)?;
    Some(&rest[start..start + len])
}

/// The text of an HTML fragment: tags out, entities decoded, whitespace collapsed, no space
/// inside brackets.
fn text(html: &str) -> String {
    // A where clause starts on its own line in the page: a space here.
    let html = html
        .replace("<span class=\"where", " <span class=\"where")
        .replace("<div class=\"where", " <div class=\"where");
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    let out = out
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&nbsp;", " ")
        .replace("&amp;", "&");
    let out = out.split_whitespace().collect::<Vec<_>>().join(" ");
    out.replace("( ", "(")
        .replace(", )", ")")
        .replace(" )", ")")
        .replace(['§', 'ⓘ'], "")
        .trim()
        .to_string()
}
