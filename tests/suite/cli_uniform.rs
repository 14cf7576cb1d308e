//! Every command takes `--json` and `-q/--quiet`: walked from clap's
//! command tree, so a new subcommand without them fails here.

use crate::binary;

use banluck_lab::cli::Cli;
use clap::CommandFactory;

/// The paths of every leaf subcommand, e.g. `["poker", "range"]`.
fn leaves(command: &clap::Command, path: &[String], out: &mut Vec<Vec<String>>) {
    let subcommands: Vec<&clap::Command> = command
        .get_subcommands()
        .filter(|c| c.get_name() != "help")
        .collect();
    if subcommands.is_empty() {
        out.push(path.to_vec());
    }
    for sub in subcommands {
        let mut next = path.to_vec();
        next.push(sub.get_name().to_string());
        leaves(sub, &next, out);
    }
}

fn all_leaves() -> Vec<Vec<String>> {
    let mut out = Vec::new();
    leaves(&Cli::command(), &[], &mut out);
    out
}

/// Finds the leaf command at `path`.
fn command_at(path: &[String]) -> clap::Command {
    let mut command = Cli::command();
    for name in path {
        command = command.find_subcommand(name).unwrap().clone();
    }
    command
}

#[test]
fn every_leaf_command_declares_json_and_quiet_with_its_short_flag() {
    let leaves = all_leaves();
    assert!(leaves.len() >= 25, "{leaves:?}");
    let mut missing = Vec::new();
    for path in &leaves {
        let command = command_at(path);
        let has = |long: &str, short: Option<char>| {
            command
                .get_arguments()
                .any(|a| a.get_long() == Some(long) && (short.is_none() || a.get_short() == short))
        };
        if !has("json", None) {
            missing.push(format!("{} --json", path.join(" ")));
        }
        if !has("quiet", Some('q')) {
            missing.push(format!("{} -q/--quiet", path.join(" ")));
        }
    }
    assert!(
        missing.is_empty(),
        "commands without the flags: {missing:?}"
    );
}

#[test]
fn the_binary_accepts_json_and_q_on_every_leaf_command() {
    // clap rejects an unknown flag as soon as it meets it, before `--help`.
    for path in all_leaves() {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.extend(["--json", "-q", "--help"]);
        let (code, out, err) = binary::run(&args);
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert!(
            out.contains("--json") && out.contains("-q, --quiet"),
            "{args:?}: {out}"
        );
    }
    let (code, _, err) = binary::run(&["rules", "check", "--no-such-flag", "--help"]);
    assert_eq!(
        code,
        Some(2),
        "an unknown flag before --help must fail: {err}"
    );
}
