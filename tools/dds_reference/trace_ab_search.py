#!/usr/bin/env python3
"""Writes a copy of DDS's ab_search.cpp that prints its search tree, for comparing it move by
move with tricklab's on the same zero-window test.

Usage: trace_ab_search.py DDS_SRC/ab_search.cpp OUT.cpp

Each move is printed twice, indented by its depth: before the search below it
("TRICKS CARD (seat S) ...") and after it ("TRICKS CARD -> true|false ranks ..."), where TRICKS
is the number of tricks left (counting the one in progress) and the ranks are the win ranks
the answer relies on. Only moves with at least $TRL tricks left are printed (default: none).
"""
import re
import sys

HELPER = r'''
#include <cstdlib>
#include <cstdio>
static int trace_trl() {
    static int v = std::getenv("TRL") ? std::atoi(std::getenv("TRL")) : 99;
    return v;
}
static void trace_card(int suit, int rank) {
    std::fprintf(stderr, "%c%c", "0023456789TJQKA"[rank], "SHDC"[suit]);
}
static void trace_line(int depth, int k, int hand, MoveType const* m, int res,
                       const unsigned short* wr, const unsigned short* extra) {
    int tl = (depth + k + 4) / 4;
    if (tl < trace_trl()) return;
    for (int i = 0; i < 48 - depth; i++) std::fprintf(stderr, "  ");
    std::fprintf(stderr, "%d ", tl);
    trace_card(m->suit, m->rank);
    if (res >= 0) {
        std::fprintf(stderr, " -> %s ranks", res ? "true" : "false");
        for (int ss = 0; ss < 4; ss++) {
            unsigned short w = wr[ss] | (extra ? extra[ss] : 0);
            for (int r = 14; r >= 2; r--)
                if (w & (1 << (r - 2))) { std::fprintf(stderr, " "); trace_card(ss, r); }
        }
    } else {
        std::fprintf(stderr, " (seat %d) ...", hand);
    }
    std::fprintf(stderr, "\n");
}
'''

CALLEE_TO_HAND = {"ab_search_1_ctx": 0, "ab_search_2_ctx": 1, "ab_search_3_ctx": 2, "ab_search_0_ctx": 3}


def main():
    src, out = sys.argv[1], sys.argv[2]
    text = open(src).read()
    anchor = "const int handDelta[DDS_SUITS]"
    assert anchor in text, "unexpected ab_search.cpp"
    text = text.replace(anchor, HELPER + "\n" + anchor, 1)
    lines = []
    for line in text.split("\n"):
        m = re.match(r"\s*value = (ab_search_[0-3]_ctx)\(posPoint, target, depth - 1, ctx\);", line)
        if not m:
            lines.append(line)
            continue
        k = CALLEE_TO_HAND[m.group(1)]
        extra = "makeWinRank" if k == 3 else "nullptr"
        lines.append(f"    trace_line(depth, {k}, hand, mply, -1, nullptr, nullptr);")
        lines.append(line)
        lines.append(f"    trace_line(depth, {k}, hand, mply, value ? 1 : 0, "
                     f"posPoint->win_ranks[depth - 1], {extra});")
    open(out, "w").write("\n".join(lines))


if __name__ == "__main__":
    main()
