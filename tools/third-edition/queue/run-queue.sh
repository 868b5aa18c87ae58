#!/usr/bin/env bash
# The compute queue of the study and the ladders: one job at a time, nice 19.
# Lines of `list`: `run CONFIG N` (N shards of experiments/third-edition/CONFIG.toml),
# `agree NAME` (experiments/third-edition/agreement/NAME.toml), `tour CONFIG OUT` (a tournament
# of experiments/CONFIG.toml into OUT, resumed when OUT has one in progress; `tour CONFIG OUT
# COMMIT` plays it with $Q/bin/tricklab-COMMIT, for an agent newer than the ladders' binary) or
# `train OUT ARGS…` (`tricklab train ARGS… --out OUT`, with its log beside OUT). The study's
# jobs (run, agree, train) use one binary, $Q/bin/tricklab-q (built from the commit named in
# $Q/bin/COMMIT-tricklab-q), so that all shards of a config come from one build (`merge`
# refuses shards of different commits); a tour uses its pinned binary, else $Q/bin/tricklab-l
# (the ladders need the shipped models of a later commit).
# Start it (and its checkpoints) with start.sh, on a fresh machine too. Touch /work/queue/STOP
# to stop after the job in flight.
# Tours read their configs from, and write into, the checkout at $M (default /work/main): a
# config committed after the study worktree was made is found, and `checkpoint.sh` can commit
# their journals to main while they run: a session that ends mid-tour loses nothing it synced.
set -u
Q=/work/queue; M=${M:-/work/main}; cd /work/wt-study || exit 1
B=$Q/bin/tricklab-q
# A job of an earlier loop still running (the loop restarted beside it): wait for it to end.
while pgrep -f "$Q/bin/tricklab-[^ ]* (run|agree|tournament|train)" >/dev/null; do sleep 10; done
# shellcheck source=lib.sh
. "$Q/lib.sh"
while read -r kind cfg n; do
  [ -f $Q/STOP ] && { echo "$(date -u +%FT%TZ) STOP"; exit 0; }
  if [ "$kind" = train ]; then
    [ -f "$cfg" ] && continue
    echo "$(date -u +%FT%TZ) start train $cfg $n"
    { echo "\$ uptime; $(uptime)"; echo "\$ tricklab train $n --out $(basename $cfg)";
      /usr/bin/time -f "%e s wall, %U s user CPU, %M KB peak memory" nice -n 19 $B train $n --out $cfg; } >${cfg%.tlmodel}.log 2>&1
    echo "$(date -u +%FT%TZ) done train $cfg rc=$?"
    continue
  fi
  if [ "$kind" = tour ]; then
    read -r n pin <<<"$n"
    n=$M/$n
    ended "$n" && continue
    extra=""; [ -d "$n" ] && extra="--resume"
    echo "$(date -u +%FT%TZ) start tour $cfg $extra"
    TB=$Q/bin/tricklab-l; [ -x "$TB" ] || TB=$B   # the ladders' binary, where there is one
    [ -n "$pin" ] && TB=$Q/bin/tricklab-$pin       # a binary of its own, built by start.sh
    nice -n 19 $TB tournament --config $M/experiments/$cfg.toml --out $n --threads 2 $extra >$Q/logs/tour-$(basename $cfg).log 2>&1
    echo "$(date -u +%FT%TZ) done tour $cfg rc=$?"
    continue
  fi
  if [ "$kind" = agree ]; then
    out=$M/results/third-edition/agreement/$cfg
    agreed "$out" && continue
    extra=""; [ -d "$out" ] && extra="--resume"
    echo "$(date -u +%FT%TZ) start agree $cfg $extra"
    nice -n 19 $B agree experiments/third-edition/agreement/$cfg.toml --out $out --threads 2 $extra >$Q/logs/agree-$cfg.log 2>&1
    echo "$(date -u +%FT%TZ) done agree $cfg rc=$?"
    continue
  fi
  base=$M/results/third-edition/$cfg
  for k in $(seq 1 "$n"); do
    [ -f $Q/STOP ] && { echo "$(date -u +%FT%TZ) STOP"; exit 0; }
    out=$base/shards/$k-of-$n
    ended "$out" && continue
    extra=""; [ -d "$out" ] && extra="--resume"
    echo "$(date -u +%FT%TZ) start $cfg $k/$n $extra"
    nice -n 19 $B run experiments/third-edition/$cfg.toml --shard $k/$n --out $out --threads 2 $extra >$Q/logs/$cfg-$k-of-$n.log 2>&1
    echo "$(date -u +%FT%TZ) done $cfg $k/$n rc=$?"
  done
  if ! ended $base/merged; then
    all=1; shards=""
    for k in $(seq 1 "$n"); do ended $base/shards/$k-of-$n || all=0; shards="$shards $base/shards/$k-of-$n"; done
    if [ $all = 1 ]; then
      nice -n 19 $B merge $shards --out $base/merged --force >$Q/logs/$cfg-merge.log 2>&1
      echo "$(date -u +%FT%TZ) merged $cfg rc=$?"
    fi
  fi
done < $Q/list
echo "$(date -u +%FT%TZ) queue empty"
