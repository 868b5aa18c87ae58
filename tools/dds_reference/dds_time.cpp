// Times DDS on the deals of tricklab's solver bench, for a side-by-side comparison.
//
// Reads deals from stdin, one per line as `hands of seats 0/1/2/3 | trumps (C D H S, N = none)
// | leader` (the file `TRICKLAB_BENCH_DEALS=<file> cargo bench --bench solver` writes), solves
// each with DDS's legacy `SolveBoard(deal, target = -1, solutions = 1, mode = 1)` on one
// thread (the full value for the side on lead, as the bench's `Solver::value`), and prints the
// value, time and nodes of each deal (DDS's own count), then the median, mean and maximum and
// the total nodes. Build as README.md says,
// with this file in place of dds_reference.cpp.
//
// With TARGET=<t> set, each deal is instead one zero-window test, `SolveBoard(deal, target =
// t, ...)`: can the side on lead take at least t tricks? (`score[0]` is t if so.)
//
// Seats: tricklab seat 0..3 is DDS hand N, E, S, W. Suits: tricklab C D H S are DDS 3 2 1 0.

#include <api/dll.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

int main() {
    SetMaxThreads(1);
    const std::string ranks = "23456789TJQKA", suits = "CDHS";
    std::vector<double> ms;
    long long nodes = 0;
    std::string line;
    while (std::getline(std::cin, line)) {
        if (line.empty() || line[0] == '#') continue;
        const auto bar = line.find('|');
        Deal dl{};
        std::stringstream hands(line.substr(0, bar));
        std::string tok;
        int seat = 0;
        while (hands >> tok) {
            if (tok == "/") {
                ++seat;
                continue;
            }
            const int r = static_cast<int>(ranks.find(tok[0]));
            const int s = static_cast<int>(suits.find(tok[1]));
            dl.remainCards[seat][3 - s] |= 1u << (r + 2);
        }
        std::stringstream rest(line.substr(bar + 1));
        std::string trump, sep;
        int leader = 0;
        rest >> trump >> sep >> leader;
        dl.trump = trump[0] == 'N' ? 4 : 3 - static_cast<int>(suits.find(trump[0]));
        dl.first = leader;
        FutureTricks fut{};
        const auto t0 = std::chrono::steady_clock::now();
        const char* const target = std::getenv("TARGET");
        const int rc = SolveBoard(dl, target ? std::atoi(target) : -1, 1, 1, &fut, 0);
        const double e =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        if (rc != 1) {
            std::fprintf(stderr, "SolveBoard failed with code %d\n", rc);
            return 1;
        }
        std::printf("deal %3zu: %2d tricks, %9.3f ms, %d nodes\n", ms.size(), fut.score[0], e,
                    fut.nodes);
        nodes += fut.nodes;
        ms.push_back(e);
    }
    if (ms.empty()) return 1;
    std::vector<double> sorted = ms;
    std::sort(sorted.begin(), sorted.end());
    double total = 0;
    for (const double x : ms) total += x;
    std::printf("DDS: median %.3f ms per solve over %zu deals (mean %.2f ms, max %.1f ms), %lld nodes\n",
                sorted[sorted.size() / 2], ms.size(), total / ms.size(), sorted.back(), nodes);
    return 0;
}
