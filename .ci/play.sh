#!/usr/bin/env bash
# CI for `tricklab play` and `tricklab show`: the full-screen test drives the UI through tmux, so
# install tmux where it is missing, then run the play/show tests with tmux required (the test
# skips itself only where tmux is absent and TRICKLAB_REQUIRE_TMUX is unset).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v tmux >/dev/null 2>&1; then
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq tmux
fi
tmux -V

echo "== tricklab play / show tests (line mode, full screen through tmux, diagrams, HTML)"
TRICKLAB_REQUIRE_TMUX=1 cargo test --locked --test it -- play:: play_tui:: show::
