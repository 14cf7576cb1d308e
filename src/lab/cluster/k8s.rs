//! Kubernetes: `shards.yaml` (an Indexed Job, one completion index per
//! shard) and `merge.yaml` (a Job that merges and renders the report).
//! Kubernetes has no dependency between Jobs: apply the merge Job after
//! `kubectl wait --for=condition=complete` on the shards.

use std::path::PathBuf;

use serde_json::{Value, json};

use super::error::ClusterError;
use super::files::write_file;
use super::plan::ClusterPlan;

/// The Kubernetes settings of the manifests.
#[derive(Debug, Clone)]
pub struct K8sOptions {
    /// The container image holding banluck-lab on its PATH.
    pub image: String,
    /// The PersistentVolumeClaim holding the experiment, its rules and the
    /// output root (shared by every pod: ReadWriteMany).
    pub claim: String,
    /// Where the claim is mounted, and the working directory.
    pub mount: String,
    /// Where the manifests go (default: `<output>/k8s`).
    pub dir: Option<PathBuf>,
}

/// The manifests written.
#[derive(Debug)]
pub struct K8sFiles {
    /// `shards.yaml`.
    pub shards: PathBuf,
    /// `merge.yaml`.
    pub merge: PathBuf,
    /// The shards Job's name (for `kubectl wait`).
    pub job: String,
}

/// `value` as block-style YAML (strings double-quoted as JSON writes them,
/// which YAML reads the same), indented by `indent` spaces.
fn to_yaml(value: &Value, indent: usize) -> String {
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
    options: &K8sOptions,
    plan: &ClusterPlan,
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
                "image": options.image,
                "workingDir": options.mount,
                "command": command,
                "resources": {
                    "requests": {"cpu": cpus.to_string()},
                    "limits": {"cpu": cpus.to_string()},
                },
                "volumeMounts": [{"name": "work", "mountPath": options.mount}],
            }],
            "volumes": [{"name": "work", "persistentVolumeClaim": {"claimName": options.claim}}],
        },
    });
    json!({
        "apiVersion": "batch/v1",
        "kind": "Job",
        "metadata": {"name": name, "labels": labels},
        "spec": spec,
    })
}

/// The shards' Indexed Job and the merge Job of `plan`.
fn k8s_manifests(plan: &ClusterPlan, options: &K8sOptions) -> (Value, Value) {
    let name = format!(
        "banluck-{}",
        plan.experiment.name.to_lowercase().replace('_', "-")
    );
    let exp = plan.experiment_file.display().to_string();
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
        "--out",
        &root,
        "--threads",
        &plan.cpus.to_string(),
        "--quiet",
    ]
    .map(str::to_string)
    .to_vec();
    let shard_job = job(
        options,
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
        "--out".into(),
        root.clone(),
    ];
    merge.extend(plan.shard_folders().iter().map(|f| format!("{root}/{f}")));
    let merge_job = job(
        options,
        plan,
        &format!("{name}-merge"),
        1,
        merge,
        json!({"backoffLimit": 0}),
    );
    (shard_job, merge_job)
}

/// Writes `shards.yaml` and `merge.yaml` of `plan`.
///
/// # Errors
/// A file that cannot be written (internal), naming it.
pub fn write_k8s(plan: &ClusterPlan, options: &K8sOptions) -> Result<K8sFiles, ClusterError> {
    let dir = options
        .dir
        .clone()
        .unwrap_or_else(|| PathBuf::from(&plan.output).join("k8s"));
    let (shards, merge) = k8s_manifests(plan, options);
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
    let job = shards["metadata"]["name"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    Ok(K8sFiles {
        shards: shards_path,
        merge: merge_path,
        job,
    })
}
