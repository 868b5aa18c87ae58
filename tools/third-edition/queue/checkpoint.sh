#!/usr/bin/env bash
# Commits what the queue's jobs in flight have made durable to main in the checkout at $M
# (default /work/main), every $1 seconds (default 1200), so that a session's end or a dead
# machine loses at most that much of a job: a ladder tour (results/ladder/*/progress.csv), a
# study shard (results/third-edition/*/shards/*/progress.json) or an agreement
# (results/third-edition/agreement/*/agreement.partial.csv), while its run.json does not say
# "ended". The files that vouch for the data (a journal's check file, a shard's progress.json)
# are staged before the data they count: the data only grow, so what is committed always holds
# what its staged check counts, and `--resume` cuts off whatever follows. Only those folders
# are committed (`git commit -- PATH`); other staged work is left alone.
set -u
M=${M:-/work/main}; every=${1:-1200}
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
cd "$M" || exit 1
in_flight() {
  local f
  for f in results/ladder/*/progress.csv results/third-edition/*/shards/*/progress.json \
    results/third-edition/agreement/*/agreement.partial.csv; do
    [ -f "$f" ] || continue
    ended "$(dirname "$f")" && continue
    echo "$f"
  done
}
while :; do
  for f in $(in_flight); do
    d=$(dirname "$f")
    vouchers=$(ls -A "$d" | grep -E '^\..*\.check$|^progress\.json$' | sed "s|^|$d/|")
    # shellcheck disable=SC2086
    git add -- $vouchers && git add -- "$f" && git add -- "$d" || continue   # .tricklab.lock: in .gitignore
    [ -n "$(git diff --cached --name-only -- "$d")" ] || continue
    data=$f; [ "${f##*/}" = progress.json ] && data=$d/hands.csv
    lines=$(($(wc -l <"$data" 2>/dev/null || echo 1) - 1))
    git commit -q -m "Queue: $d in flight ($lines lines of ${data##*/}), committed so that it resumes in a later session" -- "$d" &&
      echo "$(date -u +%FT%TZ) checkpoint $d $lines lines $(git rev-parse --short HEAD)"
  done
  sleep "$every"
done
