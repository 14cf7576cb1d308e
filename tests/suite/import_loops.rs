//! No import loops: no two files of `src/` import each other, directly or
//! through others (`use` trees and `crate::`/`super::`/`self::` paths; a
//! `mod.rs` that declares and re-exports its children is not their
//! partner). The checker follows the project's `rust_loops.py`; the
//! made-up trees below show that it finds what it should.

#[path = "../import_loops/graph.rs"]
mod graph;
#[path = "../import_loops/source.rs"]
mod source;

use std::fs;
use std::path::Path;

/// Writes `files` (path under the root, text) into a new temporary crate
/// and returns its loops.
fn loops_of(files: &[(&str, &str)]) -> Vec<Vec<String>> {
    let root = tempfile::tempdir().unwrap();
    for (path, text) in files {
        let path = root.path().join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    graph::loops(root.path())
}

/// One line per loop, its files joined by `<->`, then the count.
fn listing(loops: &[Vec<String>]) -> String {
    let mut text: String = loops
        .iter()
        .map(|files| format!("{}\n", files.join(" <-> ")))
        .collect();
    text.push_str(&format!("loops: {}", loops.len()));
    text
}

#[test]
fn no_file_imports_another_that_imports_it() {
    let loops = graph::loops(Path::new(env!("CARGO_MANIFEST_DIR")));
    assert!(
        loops.is_empty(),
        "import loops in src/:\n{}",
        listing(&loops)
    );
}

#[test]
fn two_files_naming_each_other_are_a_loop() {
    let loops = loops_of(&[
        ("src/lib.rs", "pub mod a;\npub mod b;\n"),
        ("src/a.rs", "use crate::b::B;\npub struct A(pub B);\n"),
        (
            "src/b.rs",
            "pub struct B;\nimpl B {\n    fn a(&self) -> crate::a::A { todo() }\n}\n",
        ),
    ]);
    assert_eq!(loops, [["src/a.rs", "src/b.rs"]], "{}", listing(&loops));
}

#[test]
fn a_loop_through_a_third_file_is_one_loop() {
    let loops = loops_of(&[
        (
            "src/lib.rs",
            "pub mod a;\npub mod b;\npub mod c;\npub mod d;\n",
        ),
        ("src/a.rs", "use super::b::{self, B as Bee};\n"),
        (
            "src/b.rs",
            "pub use crate::{\n    c::C,\n    d::{D, E},\n};\n",
        ),
        ("src/c.rs", "fn f() { self::g(); crate::a::run(); }\n"),
        ("src/d.rs", "pub struct D;\npub struct E;\n"),
    ]);
    assert_eq!(
        loops,
        [["src/a.rs", "src/b.rs", "src/c.rs"]],
        "{}",
        listing(&loops)
    );
}

#[test]
fn a_mod_rs_face_is_not_a_partner_of_its_children() {
    let loops = loops_of(&[
        ("src/lib.rs", "pub mod shapes;\n"),
        (
            "src/shapes/mod.rs",
            "mod circle;\nmod square;\npub use circle::Circle;\npub use square::Square;\n",
        ),
        (
            "src/shapes/circle.rs",
            "use super::Square;\npub struct Circle;\n",
        ),
        (
            "src/shapes/square.rs",
            "use super::circle::Circle;\npub struct Square;\n",
        ),
    ]);
    assert!(loops.is_empty(), "{}", listing(&loops));
}

#[test]
fn a_file_beside_its_folder_of_children_is_their_partner() {
    let loops = loops_of(&[
        ("src/lib.rs", "pub mod dealer;\n"),
        (
            "src/dealer.rs",
            "mod batch;\nuse batch::LANES;\npub struct Dealer;\n",
        ),
        (
            "src/dealer/batch.rs",
            "use super::Dealer;\npub const LANES: usize = 8;\n",
        ),
    ]);
    assert_eq!(
        loops,
        [["src/dealer.rs", "src/dealer/batch.rs"]],
        "{}",
        listing(&loops)
    );
}

#[test]
fn comments_and_strings_import_nothing() {
    let loops = loops_of(&[
        ("src/lib.rs", "pub mod a;\npub mod b;\npub mod c;\n"),
        ("src/a.rs", "use crate::b::B;\n"),
        (
            "src/b.rs",
            "use crate::c::C;\n// use crate::a::A;\n/* crate::a::A */\n",
        ),
        ("src/c.rs", "pub const HELP: &str = \"see crate::a::A\";\n"),
    ]);
    assert!(loops.is_empty(), "{}", listing(&loops));
}
