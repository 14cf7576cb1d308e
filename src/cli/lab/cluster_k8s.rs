//! `cluster k8s`: `shards.yaml` (an Indexed Job, one completion index per
//! shard) and `merge.yaml` (a Job that merges and renders the report).
//! Kubernetes has no dependency between Jobs: apply the merge Job after
//! `kubectl wait --for=condition=complete` on the shards.

use std::path::PathBuf;

use clap::Args;
use serde_json::{Value, json};

use crate::cli::CliError;
use crate::cli::lab::cluster_plan::{Plan, PlanArgs, write_file};
use crate::cli::output::{Output, print_json};

/// Arguments of `cluster k8s`.
#[derive(Debug, Args)]
pub struct K8sArgs {
    /// The experiment, shards and output root (paths as the container
    /// sees them, relative to --mount).
    #[command(flatten)]
    pub plan: PlanArgs,
    /// The container image holding banluck-lab on its PATH.
    #[arg(long, default_value = concat!("banluck-lab:", env!("CARGO_PKG_VERSION")))]
    pub image: String,
    /// The PersistentVolumeClaim holding the experiment, its rules and the
    /// output root (shared by every pod: ReadWriteMany).
    #[arg(long, default_value = "banluck-lab-work")]
    pub claim: String,
    /// Where the claim is mounted, and the working directory.
    #[arg(long, default_value = "/work")]
    pub mount: String,
}

/// `value` as block-style YAML (strings double-quoted as JSON writes them,
/// which YAML reads the same), indented by `indent` spaces.
pub fn to_yaml(value: &Value, indent: usize) -> String {
    let pad = " ".repeat(indent);
    let mut out = String::new();
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                match inner {
                    Value::Object(m) if !m.is_empty() => {
                        out.push_str(&format!("{pad}{key}:\n{}", to_yaml(inner, indent + 2)));
                    }
                    Value::Array(a) if !a.is_empty() => {
                        out.push_str(&format!("{pad}{key}:\n{}", to_yaml(inner, indent + 2)));
                    }
                    scalar => out.push_str(&format!("{pad}{key}: {scalar}\n")),
                }
            }
        }
        Value::Array(items) => {
            for item in items {
                let inner = match item {
                    Value::Object(_) | Value::Array(_) => to_yaml(item, indent + 2),
                    scalar => format!("{pad}  {scalar}\n"),
                };
                // "- " takes the place of the first line's indentation.
                out.push_str(&format!("{pad}- {}", &inner[indent + 2..]));
            }
        }
        scalar => out.push_str(&format!("{pad}{scalar}\n")),
    }
    out
}

/// A Job named `name` of one container running `command`.
fn job(
    args: &K8sArgs,
    plan: &Plan,
    name: &str,
    cpus: usize,
    command: Vec<String>,
    spec: Value,
) -> Value {
    let labels = json!({"app": "banluck-lab", "experiment": plan.experiment.name});
    let mut spec = spec;
    spec["template"] = json!({
        "metadata": {"labels": labels},
        "spec": {
            "restartPolicy": "Never",
            "containers": [{
                "name": "banluck-lab",
                "image": args.image,
                "workingDir": args.mount,
                "command": command,
                "resources": {
                    "requests": {"cpu": cpus.to_string()},
                    "limits": {"cpu": cpus.to_string()},
                },
                "volumeMounts": [{"name": "work", "mountPath": args.mount}],
            }],
            "volumes": [{"name": "work", "persistentVolumeClaim": {"claimName": args.claim}}],
        },
    });
    json!({
        "apiVersion": "batch/v1",
        "kind": "Job",
        "metadata": {"name": name, "labels": labels},
        "spec": spec,
    })
}

/// The shards' Indexed Job and the merge Job.
pub fn manifests(plan: &Plan, args: &K8sArgs) -> (Value, Value) {
    let name = format!(
        "banluck-{}",
        plan.experiment.name.to_lowercase().replace('_', "-")
    );
    let exp = args.plan.experiment.display().to_string();
    let root = plan.output.display().to_string();
    let shards = plan.shards.to_string();
    let run: Vec<String> = [
        "banluck-lab",
        "run",
        &exp,
        "--shard",
        "auto",
        "--shards",
        &shards,
        "--output",
        &root,
        "--jobs",
        &plan.cpus.to_string(),
        "--quiet",
    ]
    .map(str::to_string)
    .to_vec();
    let shard_job = job(
        args,
        plan,
        &format!("{name}-shards"),
        plan.cpus,
        run,
        json!({
            "completionMode": "Indexed",
            "completions": plan.shards,
            "parallelism": plan.max_parallel.unwrap_or(plan.shards).min(plan.shards),
            "backoffLimitPerIndex": 2,
        }),
    );
    let mut merge = vec![
        "banluck-lab".to_string(),
        "merge".into(),
        "--output".into(),
        root.clone(),
    ];
    merge.extend(plan.shard_folders().iter().map(|f| format!("{root}/{f}")));
    let merge_job = job(
        args,
        plan,
        &format!("{name}-merge"),
        1,
        merge,
        json!({"backoffLimit": 0}),
    );
    (shard_job, merge_job)
}

/// Writes `shards.yaml` and `merge.yaml` and prints how to apply them.
pub fn write_k8s(plan: &Plan, args: &K8sArgs) -> Result<(), CliError> {
    let dir = args
        .plan
        .dir
        .clone()
        .unwrap_or_else(|| PathBuf::from(&plan.output).join("k8s"));
    let (shards, merge) = manifests(plan, args);
    let header = |what: &str| {
        format!(
            "# {what} of experiment `{}`; written by `banluck-lab cluster k8s`.\n",
            plan.experiment.name
        )
    };
    let shards_path = write_file(
        &dir,
        "shards.yaml",
        &(header("The shards (an Indexed Job)") + &to_yaml(&shards, 0)),
    )?;
    let merge_path = write_file(
        &dir,
        "merge.yaml",
        &(header("The merge and report Job") + &to_yaml(&merge, 0)),
    )?;
    let job_name = shards["metadata"]["name"].as_str().unwrap_or_default();
    match Output::new(args.plan.json, args.plan.quiet) {
        Output::Json => {
            return print_json(&serde_json::json!({
                "experiment": plan.experiment.name,
                "scheduler": "k8s",
                "files": [shards_path, merge_path],
                "shards": plan.shards,
                "cpus": plan.cpus,
                "output": plan.output,
                "job": job_name,
            }));
        }
        Output::Quiet => return Ok(()),
        Output::Text => {}
    }
    println!(
        "wrote {} and {} ({} shards, {} CPUs each). Run them with:",
        shards_path.display(),
        merge_path.display(),
        plan.shards,
        plan.cpus
    );
    println!("  kubectl apply -f {}", shards_path.display());
    println!("  kubectl wait --for=condition=complete --timeout=-1s job/{job_name}");
    println!("  kubectl apply -f {}", merge_path.display());
    Ok(())
}
