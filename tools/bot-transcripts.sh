#!/usr/bin/env bash
# Prints the example transcripts of docs/bot-protocol.md: one hand of each game, played by
# examples/bots/rule_bot.py (protocol 1.1, its option `lead` set to `low`, an iteration limit
# it ignores) at seat 0 against tricklab's random agent, as tricklab logged it
# (`>` tricklab to the bot, `<` the bot to tricklab). Run from the repository root after
# `cargo build`; the 9-5-2 hand is the second of a match, so that it has an exchange.
set -euo pipefail
bin=${TRICKLAB:-target/debug/tricklab}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bot="python3 examples/bots/rule_bot.py"
play() { # game, seed, others, hand to show
    local game=$1 seed=$2 others=$3 hand=$4 log="$tmp/$1.txt"
    "$bin" simulate --game "$game" --games 1 --threads 1 --seed "$seed" \
        --agents "external:cmd=\"$bot\",name=rulebot,iterations=1000,opt.lead=low,log=$log;$others" >/dev/null
    echo "### $game"
    echo
    echo '```'
    # The handshake (with the options and isready) and the match, then the chosen hand up to
    # its end (and the match end, if the match ended with it).
    awk -v want="$hand" '
        /"type": ?"(hello|option|isready|readyok|match)"/ { print; next }
        /"type":"hand",/ { h = $0; sub(/.*"hand":/, "", h); sub(/[,}].*/, "", h); on = (h == want) }
        after && /"type":"match_end"/ { print }
        { after = 0 }
        on { print }
        on && /"type":"hand_end"/ { on = 0; after = 1 }
    ' "$log"
    echo '```'
    echo
}
play catch-the-ten 1 "random;random;random" 0
play nine-five-two 6 "random;random" 1
play whist 1 "random;random;random" 0
