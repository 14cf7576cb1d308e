//! `cluster slurm` and `cluster k8s`: the scheduler files they write,
//! checked field by field (the YAML read back by a small block-YAML reader,
//! since no cluster is here and no YAML crate is a dependency).

use std::path::Path;
use std::process::Command;

use serde_json::{Map, Value};

/// Reads the block YAML `cluster k8s` writes (maps, `- ` lists, JSON-quoted
/// strings, numbers) into JSON; panics on anything else.
fn parse_yaml(text: &str) -> Value {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|l| (l.len() - l.trim_start().len(), l.trim_start()))
        .collect();
    let mut at = 0;
    let value = block(&lines, &mut at, 0);
    assert_eq!(at, lines.len(), "unread YAML from line {at}");
    value
}

fn scalar(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|_| panic!("not a scalar: {text}"))
}

/// The block at `indent` starting at line `at`.
fn block(lines: &[(usize, &str)], at: &mut usize, indent: usize) -> Value {
    if lines[*at].1.starts_with("- ") {
        let mut items = Vec::new();
        while *at < lines.len() && lines[*at].0 == indent && lines[*at].1.starts_with("- ") {
            let rest = &lines[*at].1[2..];
            if rest.contains(": ") || rest.ends_with(':') {
                // A map item: its first key sits after "- ".
                let mut owned: Vec<(usize, &str)> = lines.to_vec();
                owned[*at] = (indent + 2, rest);
                items.push(block(&owned, at, indent + 2));
            } else {
                items.push(scalar(rest));
                *at += 1;
            }
        }
        return Value::Array(items);
    }
    let mut map = Map::new();
    while *at < lines.len() && lines[*at].0 == indent && !lines[*at].1.starts_with("- ") {
        let line = lines[*at].1;
        *at += 1;
        match line.split_once(": ") {
            Some((key, value)) => {
                map.insert(key.to_string(), scalar(value));
            }
            None => {
                let key = line.strip_suffix(':').expect("a key");
                let inner = lines[*at].0;
                assert!(inner > indent, "an empty block at {key}");
                map.insert(key.to_string(), block(lines, at, inner));
            }
        }
    }
    Value::Object(map)
}

fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::create_dir_all(dir.path().join("exp")).unwrap();
    std::fs::copy(
        root.join("rules/banluck.toml"),
        dir.path().join("banluck.toml"),
    )
    .unwrap();
    let text = std::fs::read_to_string(root.join("tests/cluster/tiny.toml")).unwrap();
    let text = text.replace("../../rules/banluck.toml", "../banluck.toml");
    std::fs::write(dir.path().join("exp/tiny.toml"), text).unwrap();
    dir
}

fn cli(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn the_k8s_manifests_hold_an_indexed_job_and_a_merge_job() {
    let dir = workspace();
    let args = [
        "cluster",
        "k8s",
        "exp/tiny.toml",
        "--shards",
        "6",
        "--max-parallel",
        "2",
        "--output",
        "out",
        "--image",
        "registry.example/banluck-lab:1",
        "--claim",
        "lab",
    ];
    let out = cli(dir.path(), &args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(
            "kubectl wait --for=condition=complete --timeout=-1s job/banluck-cluster-tiny-shards"
        ),
        "{stdout}"
    );
    let read = |name: &str| {
        parse_yaml(&std::fs::read_to_string(dir.path().join("out/k8s").join(name)).unwrap())
    };
    let shards = read("shards.yaml");
    assert_eq!(shards["apiVersion"], "batch/v1");
    assert_eq!(shards["kind"], "Job");
    assert_eq!(shards["metadata"]["name"], "banluck-cluster-tiny-shards");
    let spec = &shards["spec"];
    assert_eq!(spec["completionMode"], "Indexed");
    assert_eq!(spec["completions"], 6);
    assert_eq!(spec["parallelism"], 2);
    let pod = &spec["template"]["spec"];
    assert_eq!(pod["restartPolicy"], "Never");
    let container = &pod["containers"][0];
    assert_eq!(container["image"], "registry.example/banluck-lab:1");
    assert_eq!(container["workingDir"], "/work");
    let command: Vec<&str> = container["command"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(
        command[..9],
        [
            "banluck-lab",
            "run",
            "exp/tiny.toml",
            "--shard",
            "auto",
            "--shards",
            "6",
            "--out",
            "out"
        ]
    );
    // 12 tasks on 6 shards: two each, so two CPUs.
    assert_eq!(container["resources"]["requests"]["cpu"], "2");
    assert_eq!(container["volumeMounts"][0]["mountPath"], "/work");
    assert_eq!(
        pod["volumes"][0]["persistentVolumeClaim"]["claimName"],
        "lab"
    );
    let merge = read("merge.yaml");
    assert_eq!(merge["kind"], "Job");
    assert!(merge["spec"].get("completionMode").is_none());
    let command = merge["spec"]["template"]["spec"]["containers"][0]["command"]
        .as_array()
        .unwrap();
    assert_eq!(command[1], "merge");
    assert_eq!(command.len(), 4 + 6);
    assert_eq!(command[9], "out/shard-5-of-6");
}

#[test]
fn the_slurm_scripts_hold_the_array_and_the_dependent_merge() {
    let dir = workspace();
    let args = [
        "cluster",
        "slurm",
        "exp/tiny.toml",
        "--shards",
        "6",
        "--max-parallel",
        "2",
        "--partition",
        "short",
        "--time",
        "1:00:00",
        "--output",
        "out",
    ];
    let out = cli(dir.path(), &args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let read =
        |name: &str| std::fs::read_to_string(dir.path().join("out/slurm").join(name)).unwrap();
    let shards = read("shards.sbatch");
    for line in [
        "#SBATCH --array=0-5%2",
        "#SBATCH --cpus-per-task=2",
        "#SBATCH --partition=short",
        "#SBATCH --time=1:00:00",
        "#SBATCH --job-name=banluck-cluster-tiny",
    ] {
        assert!(shards.lines().any(|l| l == line), "{line}:\n{shards}");
    }
    assert!(
        shards.contains("--shard auto --shards 6 --out '"),
        "{shards}"
    );
    let merge = read("merge.sbatch");
    assert!(
        merge.contains("merge --out '") && merge.contains("/shard-5-of-6"),
        "{merge}"
    );
    let submit = read("submit.sh");
    assert!(
        submit.contains("sbatch --parsable shards.sbatch"),
        "{submit}"
    );
    assert!(
        submit.contains("--dependency=afterok:\"$array\" merge.sbatch"),
        "{submit}"
    );
    assert!(dir.path().join("out/slurm/logs").is_dir());
    // Input that would break the script is refused.
    for bad in [
        ["--time", "1:00\n#SBATCH --mem=1"],
        ["--partition", "a b"],
        ["--shards", "0"],
    ] {
        let out = cli(dir.path(), &[&args[..3], &bad[..]].concat());
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
}
