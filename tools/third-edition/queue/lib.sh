# Sourced by the queue's scripts: when a job's output folder is done, decided in one place.

# Whether the run, shard, merge or tour in folder $1 finished (its run.json says "ended").
ended() { grep -qs '"ended"' "$1/run.json"; }

# Whether the agreement in folder $1 finished (its report written, no partial log left).
agreed() { [ -f "$1/agreement.md" ] && ! ls "$1" | grep -q partial; }
