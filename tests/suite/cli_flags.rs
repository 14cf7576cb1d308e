//! One flag per idea: walked from clap's command tree, a command fails
//! here when it spells an idea a second way (`--output`, `--dir`,
//! `--max-iters`, `--target-exploitability`, `--jobs` are hidden aliases
//! only) or lacks a flag that applies to it.

use banluck_lab::cli::Cli;
use clap::CommandFactory;

/// Every leaf command with its path, e.g. `["poker", "range"]`.
fn leaves(command: &clap::Command, path: &[String], out: &mut Vec<(Vec<String>, clap::Command)>) {
    let subcommands: Vec<&clap::Command> = command
        .get_subcommands()
        .filter(|c| c.get_name() != "help")
        .collect();
    if subcommands.is_empty() {
        out.push((path.to_vec(), command.clone()));
    }
    for sub in subcommands {
        let mut next = path.to_vec();
        next.push(sub.get_name().to_string());
        leaves(sub, &next, out);
    }
}

fn all() -> Vec<(String, clap::Command)> {
    let mut out = Vec::new();
    leaves(&Cli::command(), &[], &mut out);
    out.into_iter()
        .map(|(path, c)| (path.join(" "), c))
        .collect()
}

fn has(command: &clap::Command, long: &str) -> bool {
    command.get_arguments().any(|a| a.get_long() == Some(long))
}

#[test]
fn no_command_spells_an_idea_a_second_way() {
    let second = [
        "output",
        "dir",
        "max-iters",
        "target-exploitability",
        "jobs",
    ];
    let mut found = Vec::new();
    for (path, command) in all() {
        for arg in command.get_arguments() {
            if let Some(long) = arg.get_long().filter(|l| second.contains(l)) {
                found.push(format!("{path} --{long}"));
            }
            let visible = arg.get_visible_aliases().unwrap_or_default();
            if let Some(alias) = visible.iter().find(|a| second.contains(a)) {
                found.push(format!("{path} --{alias} (visible alias)"));
            }
        }
    }
    assert!(found.is_empty(), "second spellings: {found:?}");
}

#[test]
fn every_command_has_the_flags_that_apply_to_it() {
    let commands = all();
    let find = |path: &str| {
        commands
            .iter()
            .find(|(p, _)| p == path)
            .map(|(_, c)| c.clone())
            .unwrap_or_else(|| panic!("no command `{path}`"))
    };
    let mut missing = Vec::new();
    let mut need = |paths: &[&str], flags: &[&str]| {
        for path in paths {
            let command = find(path);
            for flag in flags {
                if !has(&command, flag) {
                    missing.push(format!("{path} --{flag}"));
                }
            }
        }
    };
    // Every iterative solver stops at a target or after some iterations.
    need(
        &["banluck solve", "solve", "poker solve", "explore"],
        &["target", "iterations"],
    );
    // Every command writing files names where with --out.
    need(
        &[
            "run",
            "merge",
            "reports",
            "cluster slurm",
            "cluster k8s",
            "explore",
        ],
        &["out"],
    );
    // Every simulation draws from a seed and runs on threads.
    need(
        &[
            "banluck simulate",
            "blackjack simulate",
            "banluck count",
            "baccarat simulate",
            "baccarat count",
        ],
        &["seed", "threads"],
    );
    need(&["run"], &["threads"]);
    // Every command reading a rules file takes overrides.
    for (path, command) in &commands {
        if has(command, "rules") && !has(command, "set") {
            missing.push(format!("{path} --set"));
        }
    }
    assert!(missing.is_empty(), "missing: {missing:?}");
}
