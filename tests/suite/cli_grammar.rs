//! One grammar, `banluck-lab <game> <verb>`: every command that reads a
//! rules file, given a rules file of each game it does not read, exits 2
//! naming the command that reads it; the older top-level Banluck commands
//! are aliases, hidden from the main help and listed in `banluck --help`.

use crate::binary;

/// A rules file of each game, with the game's name in messages and the
/// command that reads it.
const FILES: [(&str, &str, &str); 4] = [
    ("rules/banluck.toml", "Banluck", "banluck solve --rules"),
    (
        "rules/blackjack-6d-s17.toml",
        "blackjack",
        "blackjack solve --rules",
    ),
    (
        "rules/ez-baccarat.toml",
        "baccarat",
        "baccarat exact --rules",
    ),
    ("rules/river-spot.toml", "poker", "explore --rules"),
];

/// Every command that reads a rules file: its words, the arguments it
/// needs besides `--rules`, and the games (by name) it reads.
fn commands() -> Vec<(Vec<&'static str>, Vec<&'static str>, Vec<&'static str>)> {
    let banluck_and_blackjack = vec!["Banluck", "blackjack"];
    let banluck = vec!["Banluck"];
    let mut out = Vec::new();
    for prefix in [vec!["banluck"], vec![]] {
        for (verb, extra, games) in [
            ("solve", vec![], banluck_and_blackjack.clone()),
            ("advise", vec!["T 6"], banluck_and_blackjack.clone()),
            ("simulate", vec![], banluck_and_blackjack.clone()),
            ("table", vec![], banluck.clone()),
            ("rotation", vec!["--session", "50"], banluck.clone()),
            ("count", vec![], banluck.clone()),
        ] {
            let mut words = prefix.clone();
            words.push(verb);
            out.push((words, extra, games));
        }
    }
    for (verb, extra) in [
        ("solve", vec![]),
        ("advise", vec!["--upcard", "T", "T 6"]),
        ("simulate", vec![]),
    ] {
        out.push((vec!["blackjack", verb], extra, vec!["blackjack"]));
    }
    for verb in ["exact", "removal", "simulate", "count", "play"] {
        out.push((vec!["baccarat", verb], vec![], vec!["baccarat"]));
    }
    out
}

#[test]
fn every_command_answers_a_rules_file_of_another_game_with_the_command_that_reads_it() {
    let mut pairs = 0;
    for (words, extra, games) in commands() {
        for (file, game, home) in FILES {
            if games.contains(&game) {
                continue;
            }
            let mut args = words.clone();
            args.extend(["--rules", file, "-q"]);
            args.extend(extra.iter().copied());
            let (code, _, err) = binary::run(&args);
            assert_eq!(code, Some(2), "{args:?}: {err}");
            let expected = format!("{file} is a {game} rules file");
            assert!(err.contains(&expected), "{args:?}: {err}");
            let run = format!("run `banluck-lab {home} {file}`");
            assert!(err.contains(&run), "{args:?}: {err}");
            pairs += 1;
        }
    }
    assert_eq!(pairs, 54);
}

#[test]
fn the_poker_group_is_there() {
    let (code, out, err) = binary::run(&["poker", "--help"]);
    assert_eq!(code, Some(0), "{err}");
    for verb in ["range", "tree", "solve"] {
        assert!(out.contains(verb), "{verb}: {out}");
    }
}

/// The names listed under "Commands:" in a help text.
fn listed(help: &str) -> Vec<String> {
    help.split("Commands:")
        .nth(1)
        .unwrap_or_default()
        .lines()
        .skip(1)
        .take_while(|line| !line.trim().is_empty())
        .filter_map(|line| line.split_whitespace().next())
        .map(str::to_string)
        .collect()
}

#[test]
fn the_top_level_banluck_commands_are_hidden_aliases_listed_by_the_banluck_group() {
    let (_, main, _) = binary::run(&["--help"]);
    let top = listed(&main);
    for group in ["banluck", "blackjack", "baccarat", "poker"] {
        assert!(top.iter().any(|n| n == group), "{group}: {top:?}");
    }
    let (_, banluck, _) = binary::run(&["banluck", "--help"]);
    let verbs = listed(&banluck);
    for verb in ["solve", "advise", "simulate", "table", "rotation", "count"] {
        assert!(!top.iter().any(|n| n == verb), "{verb} shown: {top:?}");
        assert!(verbs.iter().any(|n| n == verb), "{verb}: {verbs:?}");
        assert!(banluck.contains(&format!("`{verb}`")), "{banluck}");
    }
    let (_, blackjack, _) = binary::run(&["blackjack", "--help"]);
    let verbs = listed(&blackjack);
    for verb in ["solve", "advise", "simulate"] {
        assert!(verbs.iter().any(|n| n == verb), "{verb}: {verbs:?}");
    }
}

#[test]
fn an_alias_prints_what_its_command_prints() {
    for (alias, command) in [
        (
            vec!["solve", "--rules", "rules/banluck.toml", "--json"],
            vec![
                "banluck",
                "solve",
                "--rules",
                "rules/banluck.toml",
                "--json",
            ],
        ),
        (
            vec!["advise", "--rules", "rules/banluck.toml", "A 6 5", "--json"],
            vec![
                "banluck",
                "advise",
                "--rules",
                "rules/banluck.toml",
                "A 6 5",
                "--json",
            ],
        ),
        (
            vec!["solve", "--rules", "rules/blackjack-1d-s17.toml", "--json"],
            vec![
                "blackjack",
                "solve",
                "--rules",
                "rules/blackjack-1d-s17.toml",
                "--json",
            ],
        ),
        (
            vec![
                "advise",
                "--rules",
                "rules/blackjack-6d-s17.toml",
                "--upcard",
                "T",
                "T 6",
                "--json",
            ],
            vec![
                "blackjack",
                "advise",
                "--rules",
                "rules/blackjack-6d-s17.toml",
                "--upcard",
                "T",
                "T 6",
                "--json",
            ],
        ),
    ] {
        let (code, old, err) = binary::run(&alias);
        assert_eq!(code, Some(0), "{alias:?}: {err}");
        let (code, new, err) = binary::run(&command);
        assert_eq!(code, Some(0), "{command:?}: {err}");
        let strip = |text: &str| -> serde_json::Value {
            let mut value: serde_json::Value = serde_json::from_str(text).unwrap();
            if let Some(fields) = value.as_object_mut() {
                fields.remove("seconds");
            }
            value
        };
        assert_eq!(strip(&old), strip(&new), "{alias:?}");
    }
}

#[test]
fn blackjack_advise_gives_the_best_move_with_each_move_ev() {
    let (code, out, err) = binary::run(&[
        "blackjack",
        "advise",
        "--rules",
        "rules/blackjack-6d-s17.toml",
        "--upcard",
        "A",
        "8 8",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let advice: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(advice["hand"], "88");
    assert_eq!(advice["upcard"], "A");
    let best = advice["best"].as_f64().unwrap();
    for mv in ["stand", "hit", "double", "split"] {
        assert!(
            advice[mv].as_f64().unwrap() <= best + 1e-12,
            "{mv}: {advice}"
        );
    }
    let (code, _, err) = binary::run(&[
        "blackjack",
        "advise",
        "--rules",
        "rules/blackjack-6d-s17.toml",
        "--upcard",
        "T",
        "T",
    ]);
    assert_eq!(code, Some(2));
    assert!(err.contains("give two cards"), "{err}");
}
