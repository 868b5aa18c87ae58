#!/usr/bin/env bash
# A real cluster run on one machine: start a single-node SLURM, submit the README's job array
# (3 shards of experiments/example-save-ten.toml) and a merge job that depends on it, then check
# that the merged folder equals one plain `tricklab run` of the same config, byte for byte
# (every file except run.json, which records the command line, threads and times).
#
# Run from the repository root, as root:  scripts/slurm-smoke.sh
# Installs slurmctld, slurmd, the SLURM client and munge with apt-get if `sbatch` is missing.
# TRICKLAB_BIN=path uses that binary instead of `cargo build` + target/debug/tricklab.
# SMOKE_TIMEOUT=seconds bounds the wait for the jobs (default 180).
# Prints PASS or FAIL last; exits non-zero on FAIL. See docs/cluster.md.
set -euo pipefail

CONFIG=experiments/example-save-ten.toml
SHARDS=3
TIMEOUT=${SMOKE_TIMEOUT:-180}

say() { printf '[slurm-smoke] %s\n' "$*"; }
die() {
    say "FAIL: $*"
    exit 1
}
# A cluster that cannot be brought up here (no root, no packages, daemons that do not start) is
# not a failure of tricklab: with SLURM_SMOKE_SKIP_UNAVAILABLE=1 (CI) it says so and exits 0.
# Every check of the jobs and of the bytes stays a failure.
unavailable() {
    if [[ ${SLURM_SMOKE_SKIP_UNAVAILABLE:-0} == 1 ]]; then
        say "SKIP: no single-node SLURM here: $*"
        exit 0
    fi
    die "$*"
}

[[ -f Cargo.toml && -f $CONFIG ]] || die "run me from the tricklab repository root"
[[ $(id -u) -eq 0 ]] || unavailable "run me as root (the daemons run as root here)"

# 1. SLURM and munge.
if ! command -v sbatch >/dev/null; then
    say "installing slurm and munge with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq || unavailable "apt-get update failed"
    apt-get install -y -qq --no-install-recommends slurmctld slurmd slurm-client munge >/dev/null ||
        unavailable "apt-get could not install slurmctld slurmd slurm-client munge"
fi
WORK=$(mktemp -d /tmp/slurm-smoke.XXXXXX)
mkdir -p "$WORK"/{state,spool,run,log,out}
export SLURM_CONF=$WORK/slurm.conf
PIDS=()
cleanup() {
    local pid
    local i
    for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do # slurmd, slurmctld, then munged
        kill "${PIDS[i]}" 2>/dev/null || true
    done
    for pid in "${PIDS[@]}"; do
        wait "$pid" 2>/dev/null || true
    done
}
trap cleanup EXIT

# 2. A single-node cluster: this machine is the controller and the one compute node.
HOST=$(hostname -s)
NODE=$(slurmd -C | head -n 1)
cat >"$SLURM_CONF" <<EOF
ClusterName=tricklab-smoke
SlurmctldHost=$HOST(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
StateSaveLocation=$WORK/state
SlurmdSpoolDir=$WORK/spool
SlurmctldPidFile=$WORK/run/slurmctld.pid
SlurmdPidFile=$WORK/run/slurmd.pid
SlurmctldLogFile=$WORK/log/slurmctld.log
SlurmdLogFile=$WORK/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
DependencyParameters=kill_invalid_depend
MinJobAge=600
$NODE NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=smoke Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
EOF
say "slurm.conf: $SLURM_CONF (node: $NODE)"

if munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
    say "munged already running"
else
    mkdir -p /run/munge /var/log/munge /var/lib/munge
    chown munge:munge /run/munge /var/log/munge /var/lib/munge
    runuser -u munge -- /usr/sbin/munged --foreground >"$WORK/log/munged.stderr" 2>&1 &
    PIDS+=("$!")
    for _ in $(seq 50); do
        munge -n 2>/dev/null | unmunge >/dev/null 2>&1 && break
        sleep 0.2
    done
    munge -n | unmunge >/dev/null || unavailable "munged did not start"
    say "munged started"
fi

slurmctld -D -f "$SLURM_CONF" >"$WORK/log/slurmctld.stderr" 2>&1 &
PIDS+=("$!")
slurmd -D -f "$SLURM_CONF" >"$WORK/log/slurmd.stderr" 2>&1 &
PIDS+=("$!")
state=""
for _ in $(seq 60); do
    state=$(sinfo -h -N -n "$HOST" -o %t 2>/dev/null || true)
    [[ $state == idle ]] && break
    sleep 1
done
if [[ $state != idle ]]; then
    tail -n 20 "$WORK"/log/* >&2 || true
    unavailable "node $HOST did not become idle (state: '${state:-none}'); logs in $WORK/log"
fi
say "$(sinfo --version) up: $(sinfo -h -o 'partition %P %a, %D node %N %t')"

# 3. tricklab.
if [[ -n ${TRICKLAB_BIN:-} ]]; then
    BIN=$(realpath "$TRICKLAB_BIN")
else
    cargo build --quiet
    BIN=$(realpath target/debug/tricklab)
fi
say "tricklab: $BIN"

# 4. The README's array (one shard per task), then the merge once every shard succeeded.
OUT=$WORK/out
cat >"$WORK/shards.sbatch" <<EOF
#!/bin/bash
#SBATCH --job-name=tricklab-shards
#SBATCH --array=1-$SHARDS
#SBATCH --output=$WORK/log/shard-%a.out
"$BIN" run $CONFIG --shard \${SLURM_ARRAY_TASK_ID}/$SHARDS --out $OUT/shard-\${SLURM_ARRAY_TASK_ID}
EOF
cat >"$WORK/merge.sbatch" <<EOF
#!/bin/bash
#SBATCH --job-name=tricklab-merge
#SBATCH --output=$WORK/log/merge.out
"$BIN" merge $OUT/shard-* --out $OUT/merged
EOF
ARRAY=$(sbatch --parsable --chdir="$PWD" "$WORK/shards.sbatch")
MERGE=$(sbatch --parsable --chdir="$PWD" --dependency=afterok:"$ARRAY" "$WORK/merge.sbatch")
say "submitted array job $ARRAY (tasks 1-$SHARDS) and merge job $MERGE (afterok:$ARRAY)"

start=$SECONDS
while [[ -n $(squeue -h -j "$ARRAY,$MERGE" -o %i 2>/dev/null) ]]; do
    ((SECONDS - start < TIMEOUT)) || {
        squeue -j "$ARRAY,$MERGE" >&2 || true
        die "jobs still queued or running after ${TIMEOUT}s"
    }
    sleep 1
done
say "jobs left the queue after $((SECONDS - start))s"

job_states() {
    scontrol -o show job "$1" | grep -o 'JobState=[A-Z_]*' | sort | uniq -c | awk '{printf " %s %s", $1, $2}'
}
say "array job $ARRAY:$(job_states "$ARRAY")"
say "merge job $MERGE:$(job_states "$MERGE")"
for job in "$ARRAY" "$MERGE"; do
    if scontrol -o show job "$job" | grep -o 'JobState=[A-Z_]*' | grep -qv 'JobState=COMPLETED'; then
        cat "$WORK"/log/*.out >&2 || true
        die "job $job did not complete"
    fi
done
say "merge job printed:"
sed 's/^/    /' "$WORK/log/merge.out"

# 5. The same config in one plain run; every file but run.json must match the merged folder.
"$BIN" run $CONFIG --out "$WORK/plain" >/dev/null
plain_files=$(cd "$WORK/plain" && ls | grep -vx run.json)
merged_files=$(cd "$OUT/merged" && ls | grep -vx run.json)
fail=0
if [[ $plain_files != "$merged_files" ]]; then
    say "file lists differ: plain [$(echo $plain_files)] merged [$(echo $merged_files)]"
    fail=1
fi
for f in $plain_files; do
    if cmp -s "$WORK/plain/$f" "$OUT/merged/$f"; then
        say "same  $f ($(wc -c <"$WORK/plain/$f") bytes)"
    else
        say "DIFF  $f"
        fail=1
    fi
done

if ((fail)); then
    say "FAIL: the merged shards differ from one plain run (files in $WORK)"
    exit 1
fi
say "PASS: $SHARDS SLURM array shards + merge job == one plain run (${SECONDS}s in all; files in $WORK)"
