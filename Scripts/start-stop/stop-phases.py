#!/usr/bin/env python3
"""Where a program's stop goes, seen from outside (run as root inside Hardware/vm, as
measure.py): for each program, rounds of launch, first frame, one second, then

  /proc/PID/status just before the signal (VmRSS and its parts, VmPTE, Threads)
  SIGTERM, then each line the program writes to stderr, stamped on arrival
  (DIRECTDISPLAY_TRACE_START=1 is set: the demo's stop trace), its reaping
  (waitpid), and the console's framebuffer back on the CRTC,

all in ms since the signal. Programs named plain... (comparisons that light no screen) are
signalled a second after their first line. "exit -> reaped" is from the program's last line to the
kernel's end of the process (its address space, descriptors and threads torn down).
With PERF set to a folder (in the VM's own /tmp: perf writing to a shared folder stalls),
`perf record -g -p PID` samples the program's threads from a second before the signal to
its end (PERF/NAME-N.data, its clock CLOCK_MONOTONIC) and PERF/NAME-N.window holds the
signal's and the console's times for `perf report --time`. (`perf record -a` hung in
Hardware/vm at its end.)

usage: stop-phases.py ROUNDS CARD NAME=COMMAND... (COMMAND split on spaces)
"""
import os
import signal
import statistics
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from measure import Card, wait_until  # noqa: E402

STATUS_FIELDS = ("VmRSS", "RssAnon", "RssFile", "RssShmem", "VmPTE", "VmSize", "Threads")


def status_of(pid):
    values = {}
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                key, _, value = line.partition(":")
                if key in STATUS_FIELDS:
                    values[key] = value.strip()
    except OSError:
        pass
    return values


def one_round(name, command, card, console_fb, index, perf_dir):
    env = dict(os.environ, DIRECTDISPLAY_TRACE_START="1")
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    lines = []

    def read():
        for line in process.stderr:
            lines.append((time.monotonic(), line.decode(errors="replace").rstrip()))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    if name.startswith("plain"):
        # A comparison without a screen: running once it wrote its first line.
        frame = wait_until(lambda: bool(lines), 20)
    else:
        frame = wait_until(lambda: card.framebuffer() not in (0, console_fb), 20)
    if frame is None:
        process.kill()
        process.wait()
        return None
    time.sleep(1.0)
    perf = None
    if perf_dir:
        perf = subprocess.Popen(
            ["perf", "record", "-e", "cpu-clock", "-F", "2999", "-g", "-k", "CLOCK_MONOTONIC", "-p", str(process.pid)]
            + ["-o", f"{perf_dir}/{name}-{index}.data"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(1.0)
    status = status_of(process.pid)
    before = len(lines)
    reaped = []
    waiter = threading.Thread(target=lambda: (process.wait(), reaped.append(time.monotonic())), daemon=True)
    stop = time.monotonic()
    process.send_signal(signal.SIGTERM)
    waiter.start()
    back = wait_until(lambda: bool(reaped) and card.framebuffer() == console_fb, 20)
    reader.join(2)
    if perf:
        perf.wait(20)  # it ends with the process
        # For `perf report --time $(cat FILE)`: the samples from the signal to the console back.
        with open(f"{perf_dir}/{name}-{index}.window", "w") as window:
            window.write(f"{stop:.6f},{(back or time.monotonic()):.6f}\n")
    if back is None:
        process.kill()
        return None
    stopping = [(at - stop, text) for at, text in lines[before:]]
    return status, stopping, reaped[0] - stop, back - stop


def main():
    rounds = int(sys.argv[1])
    card = Card(sys.argv[2])
    programs = [arg.split("=", 1) for arg in sys.argv[3:]]
    perf_dir = os.environ.get("PERF")
    if perf_dir:
        # perf's first start in the VM (its binary and the kernel's symbols read over 9p)
        # takes longer than the second before the signal: it missed the first stop.
        subprocess.run(["perf", "record", "-o", "/dev/null", "--", "true"], capture_output=True)
    console_fb = card.framebuffer()
    summary = {name: [] for name, _ in programs}
    for index in range(rounds):
        for name, command in programs:
            result = one_round(name, command.split(), card, console_fb, index, perf_dir)
            if result is None:
                print(f"{name}: a round failed", flush=True)
                continue
            status, stopping, reaped, back = result
            print(f"{name}, round {index + 1}: " + ", ".join(f"{k} {v}" for k, v in status.items()))
            for at, text in stopping:
                print(f"  {at * 1000:7.1f} ms  {text}")
            last = stopping[-1][0] if stopping else None
            exit_part = f"exit -> reaped {(reaped - last) * 1000:.1f} ms, " if last is not None else ""
            print(f"  {reaped * 1000:7.1f} ms  reaped ({exit_part}console back at {back * 1000:.1f} ms)", flush=True)
            summary[name].append((reaped - last if last is not None else None, back))
            time.sleep(0.5)
    for name, values in summary.items():
        exits = [e for e, _ in values if e is not None]
        backs = [b for _, b in values]
        if backs:
            exit_text = f"last line -> reaped median {statistics.median(exits) * 1000:.1f} ms, " if exits else ""
            print(f"{name}: {exit_text}SIGTERM -> console back median {statistics.median(backs) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
