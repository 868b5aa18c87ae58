"""Can OpenSpiel's C++ ISMCTSBot (pyspiel.ISMCTSBot) play a tricklab game registered from
Python? Each variant runs in a child process, so a crash is reported rather than fatal.

    python python/bench/cpp_ismcts_probe.py

Variants of ``bot.step(state)``: ``plain``, ``keepalive`` (every world the Python resampler
returns kept referenced), ``samples1`` (max_world_samples=1) and ``no_python_resampler`` (the
state class without resample_from_infostate). And ``evaluate_bots``: four C++ bots play the
last two tricks through ``pyspiel.evaluate_bots``, which keeps the GIL.

Found with OpenSpiel 2.0.2 (gdb backtrace of ``plain``): every ``step`` variant crashes before
any world is sampled, in PyState::InformationStateString -> PyGame::MakeObserver, a Python
call made while ``ISMCTSBot.step`` has released the GIL. With the GIL kept
(``evaluate_bots``) the bot raises ``SpielError: ResampleFromInfostate() not implemented``:
pyspiel's trampoline for Python states does not forward ResampleFromInfostate to Python, so
the C++ bot cannot draw worlds of a Python game at all.
"""

import subprocess
import sys

CHILD = r'''
import sys
import pyspiel
import tricklab.openspiel
variant = sys.argv[1]
game = pyspiel.load_game("tricklab_whist", {"deals": 10})
state = game.new_initial_state()
state.apply_action(1)
for _ in range(5):
    state.apply_action(state.legal_actions()[0])
kept = []
if variant == "keepalive":
    cls = type(state)
    original = cls.resample_from_infostate
    def keep(self, player, sampler):
        s = original(self, player, sampler)
        kept.append(s)
        return s
    cls.resample_from_infostate = keep
if variant == "no_python_resampler":
    del type(state).resample_from_infostate
samples = 1 if variant == "samples1" else -1
def bot(seed):
    return pyspiel.ISMCTSBot(seed, pyspiel.RandomRolloutEvaluator(1, seed), 2.0, 20, samples,
                             pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)
if variant == "evaluate_bots":
    for _ in range(38):
        state.apply_action(state.legal_actions()[0])
    print("returns", pyspiel.evaluate_bots(state, [bot(s) for s in range(4)], 1))
else:
    action = bot(1).step(state)
    print("chose", action, "legal", action in state.legal_actions())
'''


def main():
    for variant in ["plain", "keepalive", "samples1", "no_python_resampler", "evaluate_bots"]:
        r = subprocess.run([sys.executable, "-c", CHILD, variant], capture_output=True,
                           text=True, timeout=600)
        tail = (r.stdout + r.stderr).strip().splitlines()[-3:]
        signal = f" (signal {-r.returncode})" if r.returncode < 0 else ""
        print(f"{variant}: exit {r.returncode}{signal}: {' | '.join(tail)}")


if __name__ == "__main__":
    main()
