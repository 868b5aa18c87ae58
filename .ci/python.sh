#!/usr/bin/env bash
# The Python package: build the manylinux (abi3) wheel once (release, linked by zig), install it
# into a venv under target/, and run its pytest suite (API, determinism against the CLI, no
# information leak, Ctrl-C, PettingZoo's api/seed/parallel tests, gymnasium's checker, OpenSpiel's
# random simulation test and observers, mypy --strict on the stubs); then install the wheel in a
# fresh venv with no Rust toolchain on PATH. Run from the repository root.
set -euo pipefail

VENV=target/pyvenv
PY=${PYTHON:-python3}

if [ ! -x "$VENV/bin/python" ]; then
    "$PY" -m venv "$VENV"
fi
"$VENV/bin/pip" install --quiet --upgrade pip
"$VENV/bin/pip" install --quiet "maturin>=1.5,<2" "ziglang<0.14" numpy endplay "pettingzoo>=1.24" \
    gymnasium "open_spiel>=1.5" pytest mypy

# The determinism tests compare with the command line's output.
cargo build --locked --bin tricklab
export TRICKLAB_BIN="$PWD/target/debug/tricklab"

rm -rf target/wheels-python
# Not --locked: python/Cargo.lock follows the root crate's dependencies as they change.
# manylinux2014 (glibc 2.17) through zig's linker, so the wheel installs on any current Linux.
PATH="$PWD/$VENV/bin:$PATH" "$VENV/bin/maturin" build --release -m python/Cargo.toml \
    --compatibility manylinux2014 --zig -o target/wheels-python
WHEEL=$(ls target/wheels-python/tricklab-*.whl)
case "$WHEEL" in
    *manylinux*abi3*|*abi3*manylinux*) ;;
    *) echo "not a manylinux abi3 wheel: $WHEEL" >&2; exit 1 ;;
esac
"$VENV/bin/pip" install --quiet --force-reinstall --no-deps "$WHEEL"

# The wheel alone, in a fresh venv, with no cargo or rustc on PATH: it must install in seconds
# and import.
FRESH=target/pyvenv-fresh
rm -rf "$FRESH"
"$PY" -m venv "$FRESH"
NO_RUST_PATH=$(printf '%s' "$PATH" | tr ':' '\n' | grep -v -e cargo -e rustup | paste -sd: -)
(
    export PATH="$NO_RUST_PATH"
    if command -v cargo >/dev/null || command -v rustc >/dev/null; then
        echo "a Rust toolchain is still on PATH" >&2
        exit 1
    fi
    start=$(date +%s)
    "$FRESH/bin/pip" install --quiet "$WHEEL"
    echo "fresh install of $(basename "$WHEEL"): $(( $(date +%s) - start )) s"
    cd target && "../$FRESH/bin/python" -c 'import tricklab; s = tricklab.Game("whist").new_initial_state(); print(len(s.legal_actions()), "legal actions")'
)

# Run from outside python/ so that the installed wheel, not the source folder, is imported.
cd target
"../$VENV/bin/python" -c 'import tricklab, sys; assert "site-packages" in tricklab.__file__, tricklab.__file__'
# pytest exits 5 when it collects nothing; set -e makes that (and any failure) fatal.
"../$VENV/bin/pytest" -q -c ../python/pyproject.toml --rootdir ../python ../python/tests
