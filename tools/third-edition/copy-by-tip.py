#!/usr/bin/env python3
"""Copies the "By tip" table of results/third-edition/family-tips-3.md (written by
`tricklab family`) into results/third-edition/README.md, in place of the table under the
heading "## The family by tip", and updates that heading's count of primaries run and the
status line's count of primaries still queued. Run from the repository root after
regenerating the family."""
import re
import sys

FAMILY = "results/third-edition/family-tips-3.md"
README = "results/third-edition/README.md"

fam = open(FAMILY).read()
section = fam[fam.index("## By tip, one column per field"):fam.index("## Field × tip interactions")]
table = "\n".join(l for l in section.splitlines() if l.startswith("|"))
m = re.search(r"(\d+) primary hypotheses \((\d+) run\)", fam)
total, run = int(m.group(1)), int(m.group(2))

readme = open(README).read()
head = readme.index("## The family by tip")
start = readme.index("\n|", head) + 1
end = readme.index("\n\n", start)
readme = readme[:start] + table + readme[end:]
heading = "## The family by tip" + ("" if run == total else ", as it stands")
readme = re.sub(r"## The family by tip(, as it stands)? \(\d+ of \d+ primaries run\)",
                f"{heading} ({run} of {total} primaries run)", readme)
readme = re.sub(r"`tips-3` is not complete: \d+ of its \d+ primaries",
                f"`tips-3` is not complete: {total - run} of its {total} primaries", readme)
open(README, "w").write(readme)
print(f"{README}: {run} of {total} primaries run", file=sys.stderr)
