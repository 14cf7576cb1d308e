//! Every ```console block of README.md and the book (`docs/**/*.md`) is run
//! with the built binary and its shown output compared with what it prints.
//!
//! A block is a session: `$ banluck-lab ...` lines (a line ending in ` \`
//! goes on on the next line; pipes and globs are the shell's), each
//! followed by what it prints, stdout and stderr as a terminal shows them.
//! The sessions of one page run in order in one temporary folder holding
//! copies of `rules/`, `experiments/`, `tests/charts/` and every
//! `reports/NAME` folder a command names, so a page may use the files an
//! earlier command wrote and nothing is written into the repository.
//!
//! Comparison, line by line with trailing spaces ignored:
//! - a line `...` stands for any number of printed lines;
//! - `[..]` within a line stands for any text (timings, sizes that vary);
//! - otherwise every printed line is shown, in order; the temporary
//!   folder prints as `[DIR]` and the binary's path as `[BIN]`.
//!
//! A command that exits non-zero must show its `error:` line.
//!
//! `BLESS=1 cargo test --release --test suite docs_commands` rewrites the shown
//! outputs from today's binary: a line that still matches stays as it is
//! (its `[..]` kept), a stretch between `...` lines is taken afresh from
//! where its first line's words (numbers aside) are printed, a session
//! without `...` is replaced whole. Read the diff before committing it.

use crate::markdown;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use markdown::{Fence, all_pages, fences, root, shown};

/// One command of a session: the command line as run, as written (its
/// continuation lines too), the lines shown after it and the blank lines
/// that end them.
struct Step {
    command: String,
    written: Vec<String>,
    shown: Vec<String>,
    blank_after: usize,
}

fn steps(fence: &Fence) -> Result<Vec<Step>, String> {
    let mut steps: Vec<Step> = Vec::new();
    let mut lines = fence.lines.iter();
    while let Some(line) = lines.next() {
        if let Some(command) = line.strip_prefix("$ ") {
            let mut command = command.trim_end().to_string();
            let mut written = vec![line.clone()];
            while let Some(head) = command.strip_suffix('\\') {
                let next = lines
                    .next()
                    .ok_or("a command ends with `\\` at the end of its block")?;
                written.push(next.clone());
                command = format!("{} {}", head.trim_end(), next.trim());
            }
            steps.push(Step {
                command,
                written,
                shown: Vec::new(),
                blank_after: 0,
            });
        } else {
            let step = steps
                .last_mut()
                .ok_or_else(|| format!("`{line}` comes before any `$ ` command"))?;
            step.shown.push(line.trim_end().to_string());
        }
    }
    for step in &mut steps {
        while step.shown.last().is_some_and(|l| l.is_empty()) {
            step.shown.pop();
            step.blank_after += 1;
        }
    }
    if steps.is_empty() {
        return Err("a console block without a `$ ` command".into());
    }
    Ok(steps)
}

/// Whether a printed line is what a shown line (with `[..]` holes) says.
fn line_matches(shown: &str, printed: &str) -> bool {
    let parts: Vec<&str> = shown.split("[..]").collect();
    if parts.len() == 1 {
        return shown == printed;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !printed.starts_with(first) || printed.len() < first.len() + last.len() {
        return false;
    }
    let mut rest = &printed[first.len()..printed.len() - last.len()];
    if !printed.ends_with(last) {
        return false;
    }
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

/// The shown lines as stretches between `...` lines, and whether the shown
/// output opens and ends with a `...`.
fn stretches(shown: &[String]) -> (Vec<Vec<String>>, bool, bool) {
    let mut out: Vec<Vec<String>> = vec![Vec::new()];
    for line in shown {
        if line.trim() == "..." {
            out.push(Vec::new());
        } else {
            out.last_mut().unwrap().push(line.clone());
        }
    }
    let open = out.first().is_some_and(Vec::is_empty) && out.len() > 1;
    let end = out.last().is_some_and(Vec::is_empty) && out.len() > 1;
    out.retain(|s| !s.is_empty());
    (out, open, end)
}

fn stretch_at(stretch: &[String], printed: &[&str], at: usize) -> bool {
    at + stretch.len() <= printed.len()
        && stretch
            .iter()
            .zip(&printed[at..])
            .all(|(s, p)| line_matches(s, p))
}

/// Whether the printed lines are what the shown lines say.
fn output_matches(shown: &[String], printed: &[&str]) -> bool {
    let (parts, open, end) = stretches(shown);
    if parts.is_empty() {
        return printed.is_empty() || open || end;
    }
    let mut at = 0;
    for (i, part) in parts.iter().enumerate() {
        let last = i + 1 == parts.len();
        if last && !end {
            let from = match printed.len().checked_sub(part.len()) {
                Some(from) if from >= at => from,
                _ => return false,
            };
            if (i == 0 && !open && from != 0) || !stretch_at(part, printed, from) {
                return false;
            }
            return true;
        }
        if i == 0 && !open {
            if !stretch_at(part, printed, 0) {
                return false;
            }
            at = part.len();
            continue;
        }
        match (at..printed.len()).find(|&p| stretch_at(part, printed, p)) {
            Some(p) => at = p + part.len(),
            None => return false,
        }
    }
    true
}

/// A line's words without its numbers, to find where a stretch went.
fn skeleton(line: &str) -> String {
    line.chars()
        .filter(|c| c.is_alphabetic() || "()[]:=%".contains(*c))
        .collect()
}

/// The shown output rewritten from the printed one (see the file's doc).
fn bless(shown: &[String], printed: &[&str]) -> Result<Vec<String>, String> {
    let (parts, open, end) = stretches(shown);
    if parts.is_empty() && !open && !end {
        return Ok(printed.iter().map(|l| l.to_string()).collect());
    }
    let mut out = Vec::new();
    if open {
        out.push("...".to_string());
    }
    let mut at = 0;
    for (i, part) in parts.iter().enumerate() {
        let last = i + 1 == parts.len();
        let from = if i == 0 && !open {
            0
        } else if last && !end {
            printed.len().saturating_sub(part.len()).max(at)
        } else {
            let want = skeleton(&part[0].replace("[..]", ""));
            (at..printed.len())
                .find(|&p| stretch_at(part, printed, p))
                .or_else(|| (at..printed.len()).find(|&p| skeleton(printed[p]) == want))
                .ok_or_else(|| format!("cannot find where `{}` went: bless by hand", part[0]))?
        };
        let until = if last && !end {
            printed.len()
        } else {
            (from + part.len()).min(printed.len())
        };
        for (k, p) in printed[from..until].iter().enumerate() {
            match part.get(k) {
                Some(s) if line_matches(s, p) => out.push(s.clone()),
                _ => out.push(p.to_string()),
            }
        }
        at = until;
        if !last || end {
            out.push("...".to_string());
        }
    }
    Ok(out)
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// A temporary folder with the files a page's commands read.
fn workspace(commands: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for folder in ["rules", "experiments", "tests/charts"] {
        copy_dir(&root().join(folder), &dir.path().join(folder));
    }
    let mut reports = BTreeSet::new();
    for command in commands {
        for word in command.split(|c: char| c.is_whitespace() || c == '=') {
            if let Some(name) = word.strip_prefix("reports/") {
                let name = name.split('/').next().unwrap();
                if root().join("reports").join(name).is_dir() {
                    reports.insert(name.to_string());
                }
            }
        }
    }
    for name in reports {
        copy_dir(
            &root().join("reports").join(&name),
            &dir.path().join("reports").join(&name),
        );
    }
    dir
}

/// Runs one command line in `dir`; what it prints (stdout and stderr
/// interleaved) and whether it succeeded.
fn run(command: &str, dir: &Path) -> (String, bool) {
    let bin = dir.join(".bin");
    if !bin.exists() {
        std::fs::create_dir(&bin).unwrap();
        std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_banluck-lab"), bin.join("banluck-lab"))
            .unwrap();
    }
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut shell = Command::new("sh");
    shell
        .arg("-c")
        .arg(format!("({command}) 2>&1"))
        .env("PATH", path)
        .current_dir(dir)
        .env("HOME", dir)
        .env("XDG_DATA_HOME", dir.join(".data"))
        .env("NO_COLOR", "1")
        .env_remove("RAYON_NUM_THREADS");
    for (name, _) in std::env::vars_os() {
        if name.to_string_lossy().starts_with("BANLUCK_") {
            shell.env_remove(name);
        }
    }
    let out = shell.output().unwrap();
    let printed = String::from_utf8_lossy(&out.stdout)
        .replace(env!("CARGO_BIN_EXE_banluck-lab"), "[BIN]")
        .replace(&dir.display().to_string(), "[DIR]");
    (printed, out.status.success())
}

/// Runs a page's sessions; its problems, and with `bless` the page
/// rewritten (None when nothing changed).
fn check_page(path: &Path, bless_it: bool) -> (Vec<String>, Option<String>) {
    let name = shown(path);
    let text = std::fs::read_to_string(path).unwrap();
    let blocks = match fences(&text) {
        Ok(blocks) => blocks,
        Err(e) => return (vec![format!("{name}: {e}")], None),
    };
    let consoles: Vec<&Fence> = blocks.iter().filter(|b| b.info == "console").collect();
    let mut problems = Vec::new();
    for block in &blocks {
        if block.info != "console"
            && block.info != "text"
            && block.lines.iter().any(|l| l.starts_with("$ banluck-lab"))
        {
            problems.push(format!(
                "{name}:{}: a `$ banluck-lab` session in a ```{} block: make it ```console (run by this test) or ```text (too slow to run, with its time said)",
                block.open + 1,
                block.info
            ));
        }
    }
    if consoles.is_empty() {
        return (problems, None);
    }
    let mut sessions = Vec::new();
    for block in &consoles {
        match steps(block) {
            Ok(s) => sessions.push(s),
            Err(e) => {
                problems.push(format!("{name}:{}: {e}", block.open + 1));
                return (problems, None);
            }
        }
    }
    let commands: Vec<&str> = sessions
        .iter()
        .flatten()
        .map(|s| s.command.as_str())
        .collect();
    let dir = workspace(&commands);
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let mut changed = false;
    // Rewrite from the last block up so earlier line numbers stay right.
    let mut rewrites = Vec::new();
    for (block, session) in consoles.iter().zip(&sessions) {
        let mut body = Vec::new();
        for step in session {
            if !step.command.starts_with("banluck-lab ") && !step.command.contains("| banluck-lab ")
            {
                problems.push(format!(
                    "{name}:{}: `{}` is not a banluck-lab command",
                    block.open + 1,
                    step.command
                ));
                continue;
            }
            let (output, ok) = run(&step.command, dir.path());
            let printed: Vec<&str> = output.lines().map(str::trim_end).collect();
            let shown_error = step.shown.iter().any(|l| l.starts_with("error:"));
            if !ok && !shown_error {
                problems.push(format!(
                    "{name}:{}: `{}` failed:\n{output}",
                    block.open + 1,
                    step.command
                ));
            }
            let matches = output_matches(&step.shown, &printed);
            let new_shown = if matches || !bless_it || (!ok && !shown_error) {
                step.shown.clone()
            } else {
                match bless(&step.shown, &printed) {
                    Ok(lines) => {
                        changed = true;
                        lines
                    }
                    Err(e) => {
                        problems.push(format!("{name}:{}: {e}", block.open + 1));
                        step.shown.clone()
                    }
                }
            };
            if !matches && !bless_it {
                problems.push(format!(
                    "{name}:{}: `{}` shows\n{}\nbut prints\n{output}",
                    block.open + 1,
                    step.command,
                    step.shown.join("\n")
                ));
            }
            body.extend(step.written.iter().cloned());
            body.extend(new_shown);
            body.extend(std::iter::repeat_n(String::new(), step.blank_after));
        }
        rewrites.push((block.open, block.close, block.indent, body));
    }
    if !changed {
        return (problems, None);
    }
    for (open, close, indent, body) in rewrites.into_iter().rev() {
        let pad = " ".repeat(indent);
        let body: Vec<String> = body
            .into_iter()
            .map(|l| if l.is_empty() { l } else { format!("{pad}{l}") })
            .collect();
        lines.splice(open + 1..close, body);
    }
    let mut new = lines.join("\n");
    new.push('\n');
    (problems, Some(new))
}

#[test]
fn every_console_block_prints_what_it_shows() {
    let bless_it = std::env::var_os("BLESS").is_some();
    let mut problems = Vec::new();
    let mut pages = 0;
    for path in all_pages() {
        let (found, rewritten) = check_page(&path, bless_it);
        problems.extend(found);
        if let Some(text) = rewritten {
            std::fs::write(&path, text).unwrap();
            eprintln!("blessed {}", shown(&path));
        }
        pages += 1;
    }
    assert!(pages >= 10, "{pages} pages");
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

#[test]
fn the_comparison_follows_its_rules() {
    let shown = |s: &str| -> Vec<String> { s.lines().map(str::to_string).collect() };
    let printed = ["a 1", "b 2", "c 3", "d 4"];
    assert!(output_matches(&shown("a 1\nb 2\nc 3\nd 4"), &printed));
    assert!(!output_matches(&shown("a 1\nb 2\nc 3"), &printed));
    assert!(output_matches(&shown("a 1\n...\nd 4"), &printed));
    assert!(output_matches(&shown("...\nc 3\n..."), &printed));
    assert!(!output_matches(&shown("c 3\n..."), &printed));
    assert!(output_matches(&shown("a [..]\n...\nd [..]"), &printed));
    assert!(!output_matches(&shown("a 2\n..."), &printed));
    assert!(!output_matches(&shown("b 2\na 1\n..."), &printed));
    assert!(line_matches("took [..] s ([..] MB)", "took 1.5 s (20 MB)"));
    assert!(!line_matches("took [..] s", "took 1.5 ms"));
    let blessed = bless(&shown("a 9\n...\nc 7\n...\n"), &printed).unwrap();
    assert_eq!(blessed, shown("a 1\n...\nc 3\n..."));
}
