#!/usr/bin/env bash
# Commits the study's finished shards and merged folders (never a shard in flight) to main.
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
cd "${M:-/work/main}" || exit 1   # the queue writes its results into the main checkout
added=0
for rj in results/third-edition/*/shards/*/run.json results/third-edition/*/merged/run.json; do
  d=$(dirname "$rj")
  ended "$d" || continue
  if [ -n "$(git status --porcelain -- "$d")" ]; then git add -- "$d"; added=1; fi
done
for md in results/third-edition/agreement/*/agreement.md; do
  d=$(dirname "$md"); agreed "$d" || continue
  if [ -n "$(git status --porcelain -- "$d")" ]; then git add -- "$d"; added=1; fi
done
[ $added = 1 ] && git commit -q -m "Third edition: finished shards and merged configs from the queue (binary of $(cat /work/queue/bin/COMMIT-tricklab-q), nice 19)" && git log --oneline -1
