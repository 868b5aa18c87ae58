"""Ctrl-C (SIGINT) and SIGTERM stop each long call within half a second with
KeyboardInterrupt: a child process starts the call, says so, and is signalled; it notes when
the exception reached it, and how much CPU the process spent in the second after it (an
abandoned search that went on computing would spend a core's second)."""

import os
import pathlib
import signal
import subprocess
import sys
import textwrap
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

# Each call runs for minutes unless stopped.
CALLS = {
    "simulate": 'tricklab.simulate("whist", "ismcts:iterations=3000", games=100000, threads=1)',
    "simulate_python_seat": 'tricklab.simulate("whist", ["ismcts:iterations=3000"] + '
                            '[lambda s: s.legal_action_ids()[0]] * 3, games=100000)',
    "simulate_one_long_search": 'tricklab.simulate("whist", "ismcts:iterations=100000000", '
                                'games=10, threads=1)',
    "tournament": 'tricklab.tournament("whist", ["ismcts:iterations=3000", "random"], '
                  'deals=100000, threads=1)',
    "tournament_long_searches": 'tricklab.tournament("whist", ["ismcts:iterations=100000000", '
                                '"random"], deals=100, threads=2)',
    "agent_act": 'tricklab.agent("ismcts:iterations=100000000").act('
                 'tricklab.Game("whist").new_initial_state(seed=1))',
    "agent_act_threads": 'tricklab.agent("ismcts:iterations=100000000,threads=2").act('
                         'tricklab.Game("whist").new_initial_state(seed=1))',
    # Six tricks in, where one world's solve (which is not cut short) takes well under 1 ms.
    "agent_act_pimc": '(lambda s: [s.apply(s.legal_actions()[0]) for _ in range(24)] and '
                      'tricklab.agent("pimc:worlds=100000").act(s))('
                      'tricklab.Game("whist").new_initial_state(seed=1))',
    # A run of two million deals; its interruption is tricklab.Interrupted, a KeyboardInterrupt.
    "run": 'tricklab.run(sys.argv[1], sys.argv[2], threads=1)',
}

# The aim, for the time from the signal to the KeyboardInterrupt in the child.
LIMIT_S = 0.5
# CPU the child may spend in the second after the exception (Python's own work, the search
# threads' last 64 iterations); an abandoned search still running would spend about 1 s.
CPU_AFTER_S = 0.3


def _child(call):
    return textwrap.dedent(f"""
        import signal, sys, time, tricklab
        # A shell's background job starts with Ctrl-C ignored (SIG_IGN); the test needs it live.
        signal.signal(signal.SIGINT, signal.default_int_handler)
        print("ready", flush=True)
        try:
            {call}
        except KeyboardInterrupt as e:
            caught = time.monotonic()
            cpu = time.process_time()
            time.sleep(1.0)
            cpu = time.process_time() - cpu
            print("interrupted", type(e).__name__, caught, cpu, flush=True)
            sys.exit(0)
        print("finished", flush=True)
        sys.exit(1)
    """)


def _config(tmp_path):
    text = (ROOT / "experiments" / "example-save-ten.toml").read_text()
    assert "deals = 2000" in text
    path = tmp_path / "long.toml"
    path.write_text(text.replace("deals = 2000", "deals = 2000000"))
    return path


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
@pytest.mark.parametrize("name", sorted(CALLS))
def test_a_signal_stops_the_call_with_keyboard_interrupt(name, sig, tmp_path):
    args = [str(_config(tmp_path)), str(tmp_path / "out")] if name == "run" else []
    child = subprocess.Popen([sys.executable, "-c", _child(CALLS[name]), *args],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "ready"
        time.sleep(1.5)  # well into the call
        assert child.poll() is None, child.stderr.read()
        sent = time.monotonic()  # CLOCK_MONOTONIC: one clock for every process on Linux
        os.kill(child.pid, sig)
        out, err = child.communicate(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
    words = out.split()
    assert words[:1] == ["interrupted"], (out, err)
    kind, caught, cpu = words[1], float(words[2]), float(words[3])
    took = caught - sent
    print(f"{name}, {sig.name}: {kind} {took:.3f} s after the signal, then {cpu:.2f} s CPU in 1 s")
    assert kind == ("Interrupted" if name == "run" else "KeyboardInterrupt")
    assert took < LIMIT_S, f"{name} took {took:.2f} s to stop after {sig.name}"
    assert cpu < CPU_AFTER_S, f"{name} went on computing after {sig.name}: {cpu:.2f} s CPU"


def test_a_second_run_is_stopped_by_sigterm_too(tmp_path):
    """The command line's handlers are installed once per process; after the first run
    Python's are back, and SIGTERM (whose default is to kill) must still stop the next run."""
    code = textwrap.dedent("""
        import os, signal, sys, threading, tricklab
        config, out = sys.argv[1], sys.argv[2]
        for attempt in range(2):
            threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGTERM)).start()
            try:
                tricklab.run(config, f"{out}-{attempt}", threads=1)
                print("finished")
            except tricklab.Interrupted as e:
                print("interrupted:", e)
        assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL
    """)
    r = subprocess.run([sys.executable, "-c", code, str(_config(tmp_path)), str(tmp_path / "o")],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, (r.returncode, r.stdout, r.stderr)
    lines = r.stdout.splitlines()
    assert len(lines) == 2 and all(line.startswith("interrupted: interrupted after ")
                                   for line in lines), r.stdout
