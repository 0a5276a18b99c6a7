"""A CPython 3.11 crash in plain Python (see scorekeeper/collector.py): the collector starts inside an
attribute store that turns an object's inline values into a dict, and a weakref callback it runs
stores an attribute on that same object, freeing the values the store is still using.

`python tests/crash_311.py [trials]` crashes (SIGSEGV) on Python 3.11; with `--between-requests`
the automatic collector is off as in a Scorekeeper server (collector.switch_off), the garbage is
collected after each trial instead (collector.collect), and it prints how many callbacks ran.
"""
from __future__ import annotations

import gc
import sys
import weakref

callbacks = 0


class State:
    """Like SQLAlchemy's InstanceState: attributes in a managed dict, a weakref callback that sets one."""

    def cleanup(self, ref) -> None:
        global callbacks
        callbacks += 1
        self.late = None  # not one of the shared keys either: a dict is made for it, then grown


filler = State()
for i in range(40):
    setattr(filler, f"k{i}", i)  # the class's shared keys are full from here on


class Node:
    pass


class Target:
    pass


def trial() -> State:
    gc.collect()
    state = State()
    state.k0 = 0
    target = Target()
    state.k1 = weakref.ref(target, state.cleanup)
    node = Node()
    node.me, node.held = node, (target,)  # the target lives only in a cycle: the collector frees it
    del node, target
    gc.set_threshold(1)  # the next allocation starts a collection
    try:
        state.other = 1  # not a shared key: making the dict is that allocation
    finally:
        gc.set_threshold(700)
    return state


def main(argv: list[str]) -> None:
    trials = int(next((a for a in argv if a.isdigit()), "200"))
    if "--between-requests" in argv:
        from scorekeeper import collector

        collector.switch_off()
        kept = []
        for _ in range(trials):
            kept.append(trial())
            collector.collect()  # between two requests: the callback runs here, outside any store
    else:
        for _ in range(trials):
            len(trial().__dict__)  # reads the dict made from the freed values
        gc.collect()
    print(f"survived {trials} trials, {callbacks} callbacks")


if __name__ == "__main__":
    main(sys.argv[1:])
