#!/usr/bin/env bash
# CI for external bots (tricklab-bot/1): the reference Python bots pass `tricklab bots check`
# for every game, the transcripts in docs/bot-protocol.md still come from the implementation,
# and the Rust example runs. The bot tests themselves are in tests/it/bots.rs (cargo test).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v python3 >/dev/null; then
    apt-get update && apt-get install -y python3
fi
python3 --version

# The dev build that .ci/python.sh also uses: a release build with LTO would add minutes.
cargo build --locked --bin tricklab --example custom_agent --example random_bot
bin=target/debug/tricklab

echo "== tricklab bots check (reference bots, every game and player count)"
"$bin" bots check "python3 examples/bots/random_bot.py"
"$bin" bots check "python3 examples/bots/rule_bot.py"
"$bin" bots check target/debug/examples/random_bot

echo "== docs/bot-protocol.md transcripts are what the implementation writes"
TRICKLAB=$bin tools/bot-transcripts.sh > target/bot-transcripts.md
if ! diff -q <(sed -n '/^### catch-the-ten$/,$p' docs/bot-protocol.md) target/bot-transcripts.md; then
    echo "docs/bot-protocol.md's transcripts differ from tools/bot-transcripts.sh's output" >&2
    exit 1
fi

echo "== examples/custom_agent.rs"
target/debug/examples/custom_agent 100
