#!/usr/bin/env bash
# The Python package: build the wheel once (release), install it into a venv under target/,
# and run its pytest suite (API, determinism against the CLI, no information leak, PettingZoo's
# api/seed tests, OpenSpiel's random simulation test). Run from the repository root.
set -euo pipefail

VENV=target/pyvenv
PY=${PYTHON:-python3}

if [ ! -x "$VENV/bin/python" ]; then
    "$PY" -m venv "$VENV"
fi
"$VENV/bin/pip" install --quiet --upgrade pip
"$VENV/bin/pip" install --quiet "maturin>=1.5,<2" numpy "pettingzoo>=1.24" gymnasium \
    "open_spiel>=1.5" pytest

# The determinism tests compare with the command line's output.
cargo build --locked --bin tricklab
export TRICKLAB_BIN="$PWD/target/debug/tricklab"

rm -rf target/wheels-python
# Not --locked: python/Cargo.lock follows the root crate's dependencies as they change.
"$VENV/bin/maturin" build --release -m python/Cargo.toml -o target/wheels-python
"$VENV/bin/pip" install --quiet --force-reinstall --no-deps target/wheels-python/tricklab-*.whl

# Run from outside python/ so that the installed wheel, not the source folder, is imported.
cd target
"../$VENV/bin/python" -c 'import tricklab, sys; assert "site-packages" in tricklab.__file__, tricklab.__file__'
# pytest exits 5 when it collects nothing; set -e makes that (and any failure) fatal.
"../$VENV/bin/pytest" -q -c ../python/pyproject.toml --rootdir ../python ../python/tests
