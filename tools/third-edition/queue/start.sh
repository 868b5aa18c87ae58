#!/usr/bin/env bash
# Starts the compute queue, on a fresh machine too: what it needs outside the repository (the
# queue's folder /work/queue, the study worktree, the pinned binaries) is made again where it is
# missing, and a queue or checkpoint loop already running is left alone. Then the queue resumes
# where the committed files leave it: a finished job is skipped, a tour in flight resumes from
# the journal `checkpoint.sh` committed.
#
#   M=/work/main tools/third-edition/queue/start.sh      # from anywhere; M is the main checkout
#
# Binaries, pinned so that every job of one run uses one build: the ladders' tours use
# `tricklab-l` built from $LADDER (default ee935ae), the study's shards `tricklab-q` built from
# $STUDY (default 5b55792), each built only when `list` still has a job for it; a tour line
# that names a commit (`tour CONFIG OUT COMMIT`) gets `tricklab-COMMIT`, built from it. A
# release build takes about 3–4 minutes on two cores.
set -euo pipefail
M=${M:-/work/main}; Q=/work/queue
LADDER=${LADDER:-ee935ae}; STUDY=${STUDY:-5b55792}
mkdir -p "$Q/bin" "$Q/logs"
# Replace the files, never rewrite them in place: a running loop keeps reading the script and
# the list it opened, so new ones take effect when the loop starts again (to change a running
# queue: kill its run-queue.sh, not the job, and run this; the new loop waits for the job).
for f in list lib.sh run-queue.sh checkpoint.sh commit-finished.sh; do
  cp "$M/tools/third-edition/queue/$f" "$Q/$f.new" && mv "$Q/$f.new" "$Q/$f"
done
[ -d /work/wt-study ] || git -C "$M" worktree add -f /work/wt-study -B study HEAD
build() { # COMMIT NAME
  [ -x "$Q/bin/$2" ] && return 0
  local w=/work/wt-build-$1
  [ -d "$w" ] || git -C "$M" worktree add -f --detach "$w" "$1"
  echo "$(date -u +%FT%TZ) building $2 from $1"
  (cd "$w" && nice -n 5 cargo build --release --locked --quiet)
  cp "$w/target/release/tricklab" "$Q/bin/$2"
  git -C "$w" rev-parse HEAD >"$Q/bin/COMMIT-$2"
}
# shellcheck source=lib.sh
. "$Q/lib.sh"
# Whether a job of `list` of one of the KINDS is still to do (as run-queue.sh decides it).
pending() { # KINDS
  local kind cfg n
  while read -r kind cfg n; do
    case " $1 " in *" $kind "*) ;; *) continue ;; esac
    case $kind in
      run) ended "$M/results/third-edition/$cfg/merged" || return 0 ;;
      agree) agreed "$M/results/third-edition/agreement/$cfg" || return 0 ;;
      train) [ -f "$M/$cfg" ] || return 0 ;;
    esac
  done <"$Q/list"
  return 1
}
# Each tour still to play gets its binary: its own commit's, or the ladders'.
while read -r kind cfg out pin; do
  [ "$kind" = tour ] && ! ended "$M/$out" || continue
  if [ -n "${pin:-}" ]; then build "$pin" "tricklab-$pin"; else build "$LADDER" tricklab-l; fi
done <"$Q/list"
if pending "run agree train"; then
  build "$STUDY" tricklab-q
fi
if pgrep -f "$Q/run-queue.sh" >/dev/null; then
  echo "the queue is running already"
else
  (cd /work/wt-study && exec setsid nohup "$Q/run-queue.sh") >>"$Q/queue.log" 2>&1 </dev/null &
  echo "queue started: $Q/queue.log"
fi
if pgrep -f "$Q/checkpoint.sh" >/dev/null; then
  echo "the checkpoint loop is running already"
else
  (cd "$M" && M="$M" exec setsid nohup "$Q/checkpoint.sh" 1200) >>"$Q/checkpoint.log" 2>&1 </dev/null &
  echo "checkpoints every 20 minutes: $Q/checkpoint.log"
fi
