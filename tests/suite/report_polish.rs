//! Every shipped report.html reads well: no literal Markdown backticks
//! outside `<code>`/`<pre>`, no text under 11 px (CSS and SVG font sizes),
//! every table in a horizontal scroll container, the rules file's
//! description first under the title, no dealer cell showing `S` where the
//! dealer never stands; and the reports index links every report with its
//! one-line answer.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use banluck_lab::report::{Manifest, TABLE_SCROLL_CLASS};

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The shipped report folders, sorted.
fn report_folders() -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> = fs::read_dir(manifest_dir().join("reports"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.join("report.html").is_file())
        .collect();
    folders.sort();
    assert!(!folders.is_empty());
    folders
}

/// `html` without the contents of `<tag ...>...</tag>` elements.
fn without(html: &str, tag: &str) -> String {
    let (open, close) = (format!("<{tag}"), format!("</{tag}>"));
    let mut out = String::new();
    let mut rest = html;
    while let Some(at) = rest.find(&open) {
        out.push_str(&rest[..at]);
        let end = rest[at..]
            .find(&close)
            .map_or(rest.len(), |e| at + e + close.len());
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// Every font size in `html` in px: CSS `font-size: Xrem|Xem|Xpx` (1 rem =
/// 16 px) and SVG `font-size="X"`.
fn font_sizes(html: &str) -> Vec<(String, f64)> {
    let mut sizes = Vec::new();
    for (at, _) in html.match_indices("font-size") {
        let rest = html[at + "font-size".len()..].trim_start_matches([':', '=', '"', ' ']);
        let number: String = rest
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect();
        let Ok(value) = number.parse::<f64>() else {
            continue;
        };
        let unit = &rest[number.len()..];
        let px = if unit.starts_with("rem") || unit.starts_with("em") {
            value * 16.0
        } else {
            value
        };
        sizes.push((html[at..(at + 40).min(html.len())].to_string(), px));
    }
    sizes
}

#[test]
fn no_shipped_report_shows_markdown_backticks_or_text_under_11_px() {
    for folder in report_folders() {
        let html = fs::read_to_string(folder.join("report.html")).unwrap();
        let text = without(&without(&without(&html, "code"), "pre"), "svg");
        assert!(
            !text.contains('`'),
            "{}: a literal backtick outside <code>",
            folder.display()
        );
        assert!(
            !text.contains("**"),
            "{}: literal Markdown bold (`**`) in the HTML",
            folder.display()
        );
        let sizes = font_sizes(&html);
        assert!(!sizes.is_empty(), "{}", folder.display());
        for (context, px) in sizes {
            assert!(px >= 11.0, "{}: {px} px at {context}", folder.display());
        }
    }
}

#[test]
fn every_shipped_table_scrolls_and_each_report_starts_with_its_rules() {
    let wrapper = format!("<div class=\"{TABLE_SCROLL_CLASS}\"><table");
    for folder in report_folders() {
        let html = fs::read_to_string(folder.join("report.html")).unwrap();
        let nested = html.matches("<td><table").count();
        assert_eq!(
            html.matches("<table").count() - nested,
            html.matches(&wrapper).count(),
            "{}: a table outside a scroll container",
            folder.display()
        );
        assert!(html.contains(".table-scroll { overflow-x: auto"));
        let manifest = Manifest::read(&folder).unwrap();
        let rules = fs::read_to_string(manifest_dir().join(&manifest.rules_file)).unwrap();
        let table: toml::Table = rules.parse().unwrap();
        let description = table["description"].as_str().unwrap();
        let after_title = html.split("</h1>").nth(1).unwrap();
        assert!(
            after_title.trim_start().starts_with(&format!(
                "<p class=\"rules-description\"><strong>Rules file (before the experiment's changes):</strong> {}",
                description.replace('&', "&amp;").replace('"', "&quot;")
            )),
            "{}: the rules description is not first under the title",
            folder.display()
        );
        let markdown = fs::read_to_string(folder.join("report.md")).unwrap();
        assert!(
            markdown.contains(&format!(
                "**Rules file (before the experiment's changes):** {description}"
            )),
            "{}",
            folder.display()
        );
        assert_eq!(manifest.rules_description.as_deref(), Some(description));
        assert!(manifest.answer.as_deref().is_some_and(|a| !a.is_empty()));
    }
}

#[test]
fn no_dealer_cell_shows_stand_where_the_dealer_reveals_instead() {
    // reveal=on, vs 5 cards, dealer hard 16: hit 26%, reveal 74%, never stand.
    let report = fs::read_to_string(manifest_dir().join("reports/reveal/report.md")).unwrap();
    let row = report
        .lines()
        .find(|l| l.starts_with("| 2 cards hard 16 |") && l.contains("R 74%"))
        .unwrap_or_else(|| panic!("no reveal cell in the dealer chart"));
    assert!(!row.contains("| S "), "{row}");
}

#[test]
fn the_payouts_reveal_and_rotation_reports_explain_how_to_read_them() {
    let read = |name: &str| {
        fs::read_to_string(manifest_dir().join("reports").join(name).join("report.md")).unwrap()
    };
    assert!(read("payouts").contains("paid in both directions"));
    let reveal = read("reveal");
    assert!(reveal.contains("rules/house-draw.toml") && reveal.contains("surrender report"));
    let rotation = read("rotation");
    assert!(rotation.contains("figures are exact") && rotation.contains("simulated"));
    // The answer quotes the exact heads-up reveal gain, not its simulation,
    // and says which figures are which.
    let answer = rotation.split("## The answer").nth(1).unwrap();
    let answer = answer.split("\n## ").next().unwrap();
    assert!(answer.contains("costs the dealer 0.0230 bets per round with 1 player (exact"));
    assert!(answer.contains("Exact figures") && answer.contains("Simulated figures"));
    assert!(
        rotation.contains("| 1 | -0.0799 | -0.0545 | -0.02535 | -0.02535 | 0.00115 | -0.02304 |")
    );
}

fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn the_reports_command_links_every_report_with_its_answer() {
    let dir = tempfile::tempdir().unwrap();
    let folders = report_folders();
    for folder in &folders {
        let copy = dir.path().join(folder.file_name().unwrap());
        fs::create_dir_all(&copy).unwrap();
        fs::copy(folder.join("manifest.json"), copy.join("manifest.json")).unwrap();
    }
    // The solver and explore pages, which the index links when they are there.
    for page in banluck_lab::report::INDEX_PAGES {
        let to = dir.path().join(page.file);
        fs::create_dir_all(to.parent().unwrap()).unwrap();
        fs::copy(manifest_dir().join("reports").join(page.file), to).unwrap();
    }
    let (code, out, err) = run(
        manifest_dir(),
        &["reports", "--dir", dir.path().to_str().unwrap()],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains(&format!("({} reports)", folders.len())),
        "{out}"
    );
    let html = fs::read_to_string(dir.path().join("index.html")).unwrap();
    let markdown = fs::read_to_string(dir.path().join("README.md")).unwrap();
    for folder in &folders {
        let name = folder.file_name().unwrap().to_str().unwrap();
        let manifest = Manifest::read(folder).unwrap();
        let answer = manifest.answer.unwrap();
        assert!(
            html.contains(&format!("href=\"{name}/report.html\"")),
            "{name}"
        );
        assert!(markdown.contains(&format!("({name}/report.md)")), "{name}");
        assert!(markdown.contains(&answer), "{name}: {answer}");
    }
    assert!(!without(&html, "code").contains('`'));
    assert!(html.contains("href=\"poker/solver.html\""));
    // The shipped index is what the command writes.
    for file in ["index.html", "README.md"] {
        let shipped = fs::read_to_string(manifest_dir().join("reports").join(file)).unwrap();
        let fresh = fs::read_to_string(dir.path().join(file)).unwrap();
        assert_eq!(shipped, fresh, "reports/{file}: run `banluck-lab reports`");
    }
    let (code, _, err) = run(dir.path(), &["reports", "--dir", "missing"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("missing") && !err.contains("panicked"),
        "{err}"
    );
}

#[test]
fn run_csv_writes_a_csv_beside_each_parquet_file() {
    let dir = tempfile::tempdir().unwrap();
    let text = format!(
        "name = \"tiny\"\nquestion = \"What is the Ban Ban payout worth?\"\n\
         rules = \"{}\"\n[[axis]]\nkey = \"payouts.ban_ban\"\nvalues = [3, 2]\n[engines.dp]\n",
        manifest_dir().join("rules/banluck.toml").display()
    );
    fs::write(dir.path().join("tiny.toml"), text).unwrap();
    let (code, out, err) = run(
        dir.path(),
        &["run", "tiny.toml", "--output", "out", "--csv", "-q"],
    );
    assert_eq!(code, 0, "{out}{err}");
    let out = dir.path().join("out");
    for table in ["runs", "strategies", "hands", "convergence"] {
        let csv = fs::read_to_string(out.join(format!("{table}.csv")))
            .unwrap_or_else(|e| panic!("{table}.csv: {e}"));
        let frame = banluck_lab::report::read_frame(&out.join(format!("{table}.parquet"))).unwrap();
        let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
        let names: Vec<&str> = frame
            .get_column_names()
            .iter()
            .map(|n| n.as_str())
            .collect();
        assert_eq!(header, names, "{table}");
        assert_eq!(csv.lines().count(), frame.height() + 1, "{table}");
    }
    let runs = fs::read_to_string(out.join("runs.csv")).unwrap();
    assert!(runs.contains("ban_ban=2"), "{runs}");
    // The Parquet format's column names: flat, a list column as one field.
    let header = runs.lines().next().unwrap();
    assert!(
        header.split(',').any(|name| name == "payouts_ban_ban") && !header.contains('.'),
        "{header}"
    );
    assert!(runs.contains("\"[16, 17]\""), "{runs}");
    // Without --csv, no CSV.
    let (code, _, _) = run(dir.path(), &["run", "tiny.toml", "--output", "plain", "-q"]);
    assert_eq!(code, 0);
    assert!(!dir.path().join("plain/runs.csv").exists());
}
