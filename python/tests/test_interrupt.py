"""Ctrl-C (SIGINT) and SIGTERM stop each long call within a fraction of a second with
KeyboardInterrupt: a child process starts the call, says so, and is signalled."""

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

# Each call runs for minutes unless stopped.
CALLS = {
    "simulate": 'tricklab.simulate("whist", "ismcts:iterations=3000", games=100000, threads=1)',
    "simulate_python_seat": 'tricklab.simulate("whist", ["ismcts:iterations=3000"] + '
                            '[lambda s: s.legal_action_ids()[0]] * 3, games=100000)',
    "tournament": 'tricklab.tournament("whist", ["ismcts:iterations=3000", "random"], '
                  'deals=100000, threads=1)',
    "agent_act": 'tricklab.agent("ismcts:iterations=100000000").act('
                 'tricklab.Game("whist").new_initial_state(seed=1))',
}

# Half a second is the aim; the margin is for a loaded test machine (the child's exit, not
# the call, takes most of it).
LIMIT_S = 2.0


def _child(call):
    return textwrap.dedent(f"""
        import sys, time, tricklab
        print("ready", flush=True)
        try:
            {call}
        except KeyboardInterrupt:
            print("interrupted", flush=True)
            sys.exit(0)
        print("finished", flush=True)
        sys.exit(1)
    """)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
@pytest.mark.parametrize("name", sorted(CALLS))
def test_a_signal_stops_the_call_with_keyboard_interrupt(name, sig):
    child = subprocess.Popen([sys.executable, "-c", _child(CALLS[name])],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "ready"
        time.sleep(1.0)  # well into the call
        assert child.poll() is None, child.stderr.read()
        sent = time.monotonic()
        os.kill(child.pid, sig)
        out, err = child.communicate(timeout=30)
        took = time.monotonic() - sent
    finally:
        if child.poll() is None:
            child.kill()
    print(f"{name}, {sig.name}: stopped {took:.2f} s after the signal")
    assert out.strip() == "interrupted", err
    assert took < LIMIT_S, f"{name} took {took:.2f} s to stop after {sig.name}"
