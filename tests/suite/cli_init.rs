//! `banluck-lab init`, `completions` and `man`, run as a user would.

use crate::binary;

use banluck_lab::games::banluck::rules::RuleSet;

/// Every subcommand of the binary, read from the "Commands:" list of `--help`.
fn subcommands() -> Vec<String> {
    let (code, out, _) = binary::run(&["--help"]);
    assert_eq!(code, Some(0));
    let list = out.split("Commands:").nth(1).unwrap();
    let names: Vec<String> = list
        .lines()
        .skip(1)
        .take_while(|line| !line.trim().is_empty())
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect();
    for expected in ["rules", "banluck", "run", "init", "completions", "man"] {
        assert!(names.iter().any(|n| n == expected), "{expected}: {names:?}");
    }
    names
}

fn dotted_keys(table: &toml::Table, prefix: &str, keys: &mut Vec<String>) {
    for (key, value) in table {
        match value {
            toml::Value::Table(inner) => dotted_keys(inner, &format!("{prefix}{key}."), keys),
            _ => keys.push(format!("{prefix}{key}")),
        }
    }
}

/// Every key of the rules schema: a rule set with every optional key set
/// and the table section away from its defaults (so none is skipped).
fn schema_keys() -> Vec<String> {
    let mut rules = RuleSet {
        extends: Some("other.toml".into()),
        description: "all keys".into(),
        ..RuleSet::default()
    };
    rules.table.players = 3;
    let mut keys = Vec::new();
    dotted_keys(&toml::Table::try_from(&rules).unwrap(), "", &mut keys);
    keys
}

#[test]
fn init_writes_files_that_check_clean_and_run() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("starter");
    let target_str = target.to_str().unwrap();
    let (code, out, err) = binary::run(&["init", target_str]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("rules.toml"), "{out}");

    let rules = target.join("rules.toml");
    let (code, out, err) = binary::run(&["rules", "check", rules.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.starts_with("ok "), "{out}");

    let text = std::fs::read_to_string(&rules).unwrap();
    let written: toml::Table = toml::from_str(&text).unwrap();
    let mut written_keys = Vec::new();
    dotted_keys(&written, "", &mut written_keys);
    for key in schema_keys() {
        if key == "extends" {
            assert!(text.contains("# extends = "), "extends is not described");
        } else {
            assert!(written_keys.contains(&key), "{key} missing from:\n{text}");
            assert!(text.contains(&format!("# {key}: ")), "{key} has no comment");
        }
    }

    let experiment = target.join("experiment.toml");
    let (code, _, err) = binary::run(&["run", "-q", experiment.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    // The experiment's `output` is relative to the experiment file.
    assert!(target.join("out").join("runs.parquet").exists());
}

#[test]
fn init_refuses_to_overwrite_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().to_str().unwrap();
    let rules = dir.path().join("rules.toml");
    std::fs::write(&rules, "# mine\n").unwrap();
    let (code, _, err) = binary::run(&["init", target]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--force"), "{err}");
    assert_eq!(std::fs::read_to_string(&rules).unwrap(), "# mine\n");
    assert!(!dir.path().join("experiment.toml").exists());

    let (code, out, err) = binary::run(&["init", "--force", "--json", target]);
    assert_eq!(code, Some(0), "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["written"].as_array().unwrap().len(), 2);
    assert_ne!(std::fs::read_to_string(&rules).unwrap(), "# mine\n");
}

#[test]
fn completions_mention_every_subcommand() {
    let names = subcommands();
    for shell in ["bash", "zsh", "fish"] {
        let (code, out, err) = binary::run(&["completions", shell]);
        assert_eq!(code, Some(0), "{shell}: {err}");
        assert!(!out.trim().is_empty(), "{shell}: empty script");
        for name in &names {
            assert!(out.contains(name.as_str()), "{shell}: {name} missing");
        }
    }
    let (code, _, _) = binary::run(&["completions", "powershell-unknown"]);
    assert_eq!(code, Some(2));
}

/// What bash completes for the command line `words` (the last word is the
/// one being completed) with the script of `completions bash` sourced,
/// through the function it registers for `banluck-lab`.
fn bash_completes(script: &std::path::Path, words: &[&str]) -> Vec<String> {
    let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let program = format!(
        r#"source '{}'
function_name=$(complete -p banluck-lab | sed -n 's/.* -F \([^ ]*\) .*/\1/p')
COMP_WORDS=({})
COMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 ))
COMP_LINE="${{COMP_WORDS[*]}}"
COMP_POINT=${{#COMP_LINE}}
COMPREPLY=()
"$function_name" banluck-lab "${{COMP_WORDS[COMP_CWORD]}}" "${{COMP_WORDS[COMP_CWORD-1]}}"
printf '%s\n' "${{COMPREPLY[@]}}""#,
        script.display(),
        quoted.join(" ")
    );
    let out = std::process::Command::new("bash")
        .arg("-c")
        .arg(program)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .filter(|w| !w.is_empty())
        .collect()
}

#[test]
fn bash_completes_subcommands_and_flags_at_every_level() {
    let folder = tempfile::tempdir().unwrap();
    let script = folder.path().join("banluck-lab.bash");
    let (code, out, err) = binary::run(&["completions", "bash"]);
    assert_eq!(code, Some(0), "{err}");
    std::fs::write(&script, out).unwrap();
    for (line, expected) in [
        (&["banluck-lab", "po"][..], &["poker"][..]),
        (&["banluck-lab", "poker", "s"], &["solve", "show"]),
        (&["banluck-lab", "banluck", "solve", "--en"], &["--engine"]),
        (
            &["banluck-lab", "banluck", "solve", "--engine", ""],
            &["dp", "cfr"],
        ),
        (
            &["banluck-lab", "solve", "--wr"],
            &["--write-strategy", "--write-chart"],
        ),
        (&["banluck-lab", "blackjack", "ad"], &["advise"]),
        (&["banluck-lab", "baccarat", "ex"], &["exact"]),
        (&["banluck-lab", "poker", "solve", "--ta"], &["--target"]),
        (&["banluck-lab", "cluster", "slurm", "--sh"], &["--shards"]),
        (&["banluck-lab", "completions", "z"], &["zsh"]),
    ] {
        let mut got = bash_completes(&script, line);
        got.sort();
        let mut want: Vec<String> = expected.iter().map(|w| w.to_string()).collect();
        want.sort();
        assert_eq!(got, want, "{line:?}");
    }
    // Every verb of every game group completes after the group's name.
    for group in [
        "banluck",
        "blackjack",
        "baccarat",
        "poker",
        "cluster",
        "rules",
    ] {
        let (_, help, _) = binary::run(&[group, "--help"]);
        let verbs: Vec<&str> = help
            .split("Commands:")
            .nth(1)
            .unwrap()
            .lines()
            .skip(1)
            .take_while(|l| !l.trim().is_empty())
            .filter_map(|l| l.split_whitespace().next())
            .collect();
        let got = bash_completes(&script, &["banluck-lab", group, ""]);
        for verb in verbs {
            assert!(got.iter().any(|w| w == verb), "{group} {verb}: {got:?}");
        }
    }
}

#[test]
fn fish_completes_subcommands_and_flags_where_installed() {
    let installed = std::process::Command::new("fish")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !installed {
        println!("skipped: fish is not installed on this machine");
        return;
    }
    let folder = tempfile::tempdir().unwrap();
    let script = folder.path().join("banluck-lab.fish");
    let (_, out, _) = binary::run(&["completions", "fish"]);
    std::fs::write(&script, out).unwrap();
    for (line, expected) in [
        ("banluck-lab po", "poker"),
        ("banluck-lab poker s", "solve"),
        ("banluck-lab banluck solve --en", "--engine"),
    ] {
        let out = std::process::Command::new("fish")
            .arg("-c")
            .arg(format!(
                "source '{}'; complete -C '{line}'",
                script.display()
            ))
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.lines().any(|l| l.split('\t').next() == Some(expected)),
            "{line}: {text}"
        );
    }
}

/// What zsh's completion offers for the command line `line`, with the
/// script of `completions zsh` in `folder`: an interactive zsh in a
/// pseudo-terminal (tests/common/zsh_complete.zsh) is sent the line and a
/// Tab, and prints each word the completion adds.
fn zsh_completes(folder: &std::path::Path, line: &str) -> Vec<String> {
    let capture = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/common/zsh_complete.zsh");
    let out = std::process::Command::new("zsh")
        .args(["-f", capture])
        .arg(folder)
        .arg(line)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{line}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn zsh_completes_subcommands_and_flags_where_installed() {
    let installed = std::process::Command::new("zsh")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !installed {
        println!("skipped: zsh is not installed on this machine");
        return;
    }
    let folder = tempfile::tempdir().unwrap();
    let (_, out, _) = binary::run(&["completions", "zsh"]);
    std::fs::write(folder.path().join("_banluck-lab"), out).unwrap();
    for (line, expected) in [
        ("banluck-lab po", &["poker"][..]),
        ("banluck-lab poker s", &["show", "solve"]),
        ("banluck-lab blackjack ", &["advise", "simulate", "solve"]),
        ("banluck-lab banluck solve --en", &["--engine"]),
        ("banluck-lab run --th", &["--threads"]),
    ] {
        let got = zsh_completes(folder.path(), line);
        for word in expected {
            assert!(
                got.iter().any(|w| w == word),
                "{line}: {word} not in {got:?}"
            );
        }
    }
}

#[test]
fn the_man_page_has_a_section_per_subcommand() {
    let (code, out, err) = binary::run(&["man"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.starts_with(".ie") || out.contains(".TH"),
        "not roff:\n{out}"
    );
    for name in subcommands() {
        let header = format!(".SH \"BANLUCK-LAB {}\"", name.to_uppercase());
        assert!(out.contains(&header), "{header} missing");
    }
}
