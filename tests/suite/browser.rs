//! The headless Chromium the page tests drive (tests/explore/chromium.rs,
//! tests/explore/cdp.rs): found, or installed once when missing, then
//! started. Named to sort before the page tests, so on a machine without
//! Chromium its install overlaps the tests that run before them.

use crate::cdp::Browser;
use crate::chromium::chromium;

#[test]
fn chromium_is_found_or_installed_and_runs_a_page() {
    let binary = chromium();
    assert!(binary.is_file(), "{} is not a file", binary.display());
    let mut browser = Browser::launch();
    assert_eq!(browser.eval("[1, 2, 3].map(x => x * x).join(' ')"), "1 4 9");
    assert_eq!(browser.errors(), Vec::<String>::new());
}
