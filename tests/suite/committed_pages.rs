//! The pages committed beside the reports: each explore page under
//! `reports/explore/` is what its command in
//! `banluck_lab::report::INDEX_PAGES` writes now, byte for byte, and the
//! reports index links every one of those pages.

use std::path::Path;
use std::process::Command;

use banluck_lab::report::INDEX_PAGES;

/// The repository's root.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn committed_explore_pages_are_what_explore_writes_now() {
    let dir = tempfile::tempdir().unwrap();
    let explore: Vec<_> = INDEX_PAGES
        .iter()
        .filter(|p| p.command.starts_with("banluck-lab explore "))
        .collect();
    assert!(explore.len() >= 2, "{INDEX_PAGES:?}");
    for page in explore {
        let fresh = dir.path().join(page.file.replace('/', "_"));
        let words: Vec<&str> = page.command.split_whitespace().skip(1).collect();
        let at = words.iter().position(|w| *w == "--out").unwrap();
        assert_eq!(words[at + 1], format!("reports/{}", page.file));
        let mut args: Vec<&str> = words.clone();
        args[at + 1] = fresh.to_str().unwrap();
        let output = Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
            .args(&args)
            .arg("-q")
            .current_dir(root())
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{}: {}",
            page.command,
            String::from_utf8_lossy(&output.stderr)
        );
        let committed = std::fs::read(root().join("reports").join(page.file)).unwrap();
        assert!(
            std::fs::read(&fresh).unwrap() == committed,
            "reports/{} is not what `{}` writes now: run that command and commit the page",
            page.file,
            page.command
        );
    }
}

#[test]
fn the_index_links_every_committed_page_with_its_command() {
    let markdown = std::fs::read_to_string(root().join("reports/README.md")).unwrap();
    let html = std::fs::read_to_string(root().join("reports/index.html")).unwrap();
    for page in INDEX_PAGES {
        assert!(
            root().join("reports").join(page.file).is_file(),
            "{}",
            page.file
        );
        assert!(
            markdown.contains(&format!("]({})", page.file)),
            "reports/README.md does not link {}",
            page.file
        );
        assert!(
            html.contains(&format!("href=\"{}\"", page.file)),
            "reports/index.html does not link {}",
            page.file
        );
        assert!(markdown.contains(page.command), "{}", page.command);
    }
}
