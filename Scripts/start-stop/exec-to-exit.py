#!/usr/bin/env python3
"""Launch to exit of programs that return at once, alternated round by round, in ms
(run inside Hardware/vm by Scripts/bench-start-floor): what loading a program and
its shared libraries costs before any of its work.

usage: exec-to-exit.py ROUNDS NAME=COMMAND...   (COMMAND split on spaces)
"""
import statistics
import subprocess
import sys
import time


def main():
    rounds = int(sys.argv[1])
    programs = [arg.split("=", 1) for arg in sys.argv[2:]]
    results = {name: [] for name, _ in programs}
    for _ in range(rounds):
        for name, command in programs:
            start = time.monotonic()
            subprocess.run(command.split(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
            results[name].append(time.monotonic() - start)
    for name, _ in programs:
        values = results[name]
        print(
            f"exec to exit: {name}: median {statistics.median(values) * 1000:.0f} ms "
            f"(min {min(values) * 1000:.0f}, max {max(values) * 1000:.0f}, {len(values)} rounds)"
        )


if __name__ == "__main__":
    main()
