#!/usr/bin/env bash
# A real Slurm test: installs single-node Slurm from the distribution's
# packages (slurm-wlm, munge; run as root, e.g. in a CI container), starts
# munged, slurmctld and slurmd, submits tests/cluster/tiny.toml as a 6-shard
# job array (--array=0-5%2) with its merge job through
# `banluck-lab cluster slurm --submit`, waits for both, and checks that the
# merged Parquet files are byte for byte those of a local run. It stops the
# daemons it started (trap), whatever happens.
#
#   bash tests/cluster/slurm.sh          # CARGO_TARGET_DIR is honoured
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
started=$(date +%s)
say() { echo "== $* ($(( $(date +%s) - started )) s)"; }

if [ "$(id -u)" != 0 ]; then
  echo "tests/cluster/slurm.sh installs packages and starts daemons: run it as root" >&2
  exit 1
fi

say "the binary"
cargo build --release --locked
bin="${CARGO_TARGET_DIR:-$repo/target}/release/banluck-lab"

if ! command -v sbatch >/dev/null || ! command -v munged >/dev/null; then
  say "installing slurm-wlm and munge"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null
fi

work=$(mktemp -d /tmp/banluck-slurm.XXXXXX)
pids=()
cleanup() {
  status=$?
  for pid in "${pids[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  for pid in "${pids[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
  if [ "$status" != 0 ]; then
    echo "failed; the daemons' logs:" >&2
    tail -n 30 "$work"/*.log >&2 || true
  fi
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT INT TERM

say "munge"
if ! munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
  if [ ! -s /etc/munge/munge.key ]; then
    mkdir -p /etc/munge
    dd if=/dev/urandom of=/etc/munge/munge.key bs=1 count=1024 status=none
  fi
  chown munge:munge /etc/munge/munge.key 2>/dev/null || true
  chmod 400 /etc/munge/munge.key
  mkdir -p /run/munge /var/lib/munge /var/log/munge
  chown munge:munge /run/munge /var/lib/munge /var/log/munge 2>/dev/null || true
  # In the foreground (so that the trap can stop it), as the munge user
  # where it exists.
  if id munge >/dev/null 2>&1; then
    runuser -u munge -- munged --foreground >"$work/munged.log" 2>&1 &
  else
    munged --foreground --force >"$work/munged.log" 2>&1 &
  fi
  pids+=($!)
  for _ in $(seq 50); do
    munge -n 2>/dev/null | unmunge >/dev/null 2>&1 && break
    sleep 0.2
  done
  munge -n | unmunge >/dev/null
fi

say "slurm.conf"
host=$(hostname -s)
cpus=$(nproc)
memory=$(awk '/MemTotal/ { print int($2 / 1024) - 256 }' /proc/meminfo)
mkdir -p "$work/state" "$work/spool"
export SLURM_CONF="$work/slurm.conf"
cat >"$SLURM_CONF" <<CONF
ClusterName=banluck
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
ReturnToService=2
MinJobAge=600
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
sbatch --version

say "slurmctld and slurmd"
slurmctld -D -i -f "$SLURM_CONF" >>"$work/slurmctld.log" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" >>"$work/slurmd.log" 2>&1 &
pids+=($!)
for _ in $(seq 60); do
  state=$(sinfo -h -n "$host" -o %t 2>/dev/null || true)
  [ "$state" = idle ] && break
  sleep 1
done
sinfo
[ "$state" = idle ] || { echo "the node did not come up (state: $state)" >&2; exit 1; }

say "submit 6 shards (2 at a time) and the merge job"
cp -r tests/cluster "$work/experiment"
mkdir -p "$work/rules" && cp rules/banluck.toml "$work/rules/"
experiment="$work/experiment/tiny.toml"
sed -i 's|^rules = .*|rules = "../rules/banluck.toml"|' "$experiment"
submitted=$("$bin" cluster slurm "$experiment" --shards 6 --max-parallel 2 --cpus 1 \
  --out "$work/cluster" --files "$work/scripts" --submit)
echo "$submitted"
grep -qx '#SBATCH --array=0-5%2' "$work/scripts/shards.sbatch"
array=$(sed -n 's/^shards: job \([0-9]*\) .*/\1/p' <<<"$submitted")
merge=$(sed -n 's/.*merge: job \([0-9]*\)$/\1/p' <<<"$submitted")
[ -n "$array" ] && [ -n "$merge" ]
scontrol show job "$merge" | grep -q "Dependency=afterok:${array}"

say "waiting for jobs $array (array) and $merge (merge)"
for _ in $(seq 900); do
  [ -z "$(squeue -h -j "$array,$merge" 2>/dev/null)" ] && break
  sleep 1
done
scontrol show job "$array" | grep -o 'JobState=[A-Z]*' | sort | uniq -c
states=$(scontrol show job "$array" | grep -o 'JobState=[A-Z]*' | sort -u)
merge_state=$(scontrol show job "$merge" | grep -o 'JobState=[A-Z]*')
cat "$work"/scripts/logs/*merge*.out || true
[ "$states" = "JobState=COMPLETED" ] || { echo "array tasks: $states" >&2; exit 1; }
[ "$merge_state" = "JobState=COMPLETED" ] || { echo "merge job: $merge_state" >&2; exit 1; }
[ "$(ls -d "$work"/cluster/shard-*-of-6 | wc -l)" = 6 ]

say "a local run of the same experiment"
"$bin" run "$experiment" --out "$work/local" --quiet
for table in runs strategies convergence; do
  cmp "$work/local/$table.parquet" "$work/cluster/$table.parquet"
done
cmp "$work/local/report.md" "$work/cluster/report.md"
echo "merged output identical to the local run (runs, strategies, convergence, report.md)"

say "done: tests/cluster/slurm.sh passed"
