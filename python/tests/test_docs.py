"""The Quick start of docs/python.md (the README's Python example) runs as written."""

import pathlib
import re

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md"


def test_quick_start_runs(capsys):
    text = DOC.read_text()
    quick = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", quick, re.S)
    assert len(blocks) == 1
    scope = {}
    exec(compile(blocks[0], str(DOC), "exec"), scope)
    assert scope["state"].is_chance_node()  # the OpenSpiel state at the end
    assert scope["table"]["pairs"]["opponent"] == ["ismcts:iterations=200"]
    out = capsys.readouterr().out
    assert "elo" in out


def test_python_m_pytest_from_the_source_folder_collects():
    """`python -m pytest` run in python/ puts the source folder first on sys.path, where
    tricklab/ has no compiled module: the tests must still import the installed package."""
    import pathlib
    import subprocess
    import sys

    source = pathlib.Path(__file__).resolve().parents[1]
    r = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p",
                        "no:cacheprovider", "tests/test_docs.py", "tests/test_api.py"],
                       cwd=source, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
