#!/usr/bin/env bash
# Commits the journal of each ladder tour in flight (results/ladder/*/progress.csv of a run not
# yet ended) to main in the checkout at $M (default /work/main), every $1 seconds (default
# 1200), so that a session's end or a dead machine loses at most that much of a tour. The check
# file is staged before the journal: the journal only grows, so the staged journal always holds
# the bytes its staged check vouches for, and `--resume` cuts off whatever follows them.
# Only the tour's folder is committed (`git commit -- PATH`); other staged work is left alone.
set -u
M=${M:-/work/main}; every=${1:-1200}
cd "$M" || exit 1
while :; do
  for p in results/ladder/*/progress.csv; do
    [ -f "$p" ] || continue
    d=$(dirname "$p")
    grep -q '"ended"' "$d/run.json" 2>/dev/null && continue
    git add -- "$d/.progress.csv.check" && git add -- "$p" && git add -- "$d" ":(exclude)$d/.tricklab.lock" || continue
    [ -n "$(git diff --cached --name-only -- "$d")" ] || continue
    chunks=$(($(wc -l <"$p") - 1))
    git commit -q -m "Ladder $(basename "$d"): the journal of the tour in flight ($chunks chunks synced), so that it resumes in a later session" -- "$d" &&
      echo "$(date -u +%FT%TZ) checkpoint $d $chunks chunks $(git rev-parse --short HEAD)"
  done
  sleep "$every"
done
