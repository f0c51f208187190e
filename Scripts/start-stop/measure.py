#!/usr/bin/env python3
"""Start and stop, measured from outside the program (run as root inside Hardware/vm
by Scripts/bench-start-stop): for each program, rounds of

  launch -> first frame     the CRTC scans out a framebuffer other than the console's
  SIGTERM -> console back   the process exited and the console's framebuffer is on the CRTC

polled every millisecond (drmModeGetCrtc on a descriptor that is not master).
Graphics mode is not measured from outside: in Hardware/vm, KDGETMODE on tty1 reads
KD_TEXT all along, while seatd's log says it set KD_GRAPHICS on the session's VT. Programs alternate round by round, so a slow spell of the
host hits them alike; ratios against the first program come from the same run.

usage: measure.py ROUNDS CARD NAME=COMMAND... (COMMAND split on spaces)
"""
import ctypes
import os
import signal
import statistics
import subprocess
import sys
import time


class Card:
    def __init__(self, path):
        self.fd = os.open(path, os.O_RDWR | os.O_CLOEXEC)
        self.drm = ctypes.CDLL("libdrm.so.2")
        # The first opener of a card without a master becomes master: give it up at
        # once, or the programs measured could not take the card.
        self.drm.drmDropMaster(self.fd)
        self.drm.drmModeGetResources.restype = ctypes.c_void_p
        self.drm.drmModeGetCrtc.restype = ctypes.POINTER(ctypes.c_uint32)
        resources = self.drm.drmModeGetResources(self.fd)
        # drmModeRes: count_fbs, fbs, count_crtcs, crtcs, ... (int, pointer pairs)
        count_crtcs = ctypes.c_int.from_address(resources + 16).value
        crtcs = ctypes.cast(ctypes.c_void_p.from_address(resources + 24).value, ctypes.POINTER(ctypes.c_uint32))
        self.crtc = crtcs[0] if count_crtcs else 0

    def framebuffer(self):
        crtc = self.drm.drmModeGetCrtc(self.fd, self.crtc)
        if not crtc:
            return 0
        fb = crtc[1]  # drmModeCrtc: crtc_id, buffer_id, ...
        self.drm.drmModeFreeCrtc(crtc)
        return fb


def wait_until(condition, timeout, poll=0.001):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return time.monotonic()
        time.sleep(poll)
    return None


def one_round(command, card, console_fb):
    start = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    frame = wait_until(lambda: card.framebuffer() not in (0, console_fb), 20)
    if frame is None:
        process.kill()
        process.wait()
        return None
    # Running a moment before the stop, as an app does (the first frames settle).
    time.sleep(1.0)
    stop = time.monotonic()
    process.send_signal(signal.SIGTERM)
    back = wait_until(
        lambda: process.poll() is not None and card.framebuffer() == console_fb, 20
    )
    if back is None:
        process.kill()
        process.wait()
        return None
    return (frame - start, back - stop)


def main():
    rounds = int(sys.argv[1])
    card = Card(sys.argv[2])
    programs = [arg.split("=", 1) for arg in sys.argv[3:]]
    console_fb = card.framebuffer()
    print(f"console framebuffer {console_fb} on CRTC {card.crtc}; {rounds} rounds, programs alternated")
    results = {name: [] for name, _ in programs}
    for _ in range(rounds):
        for name, command in programs:
            result = one_round(command.split(), card, console_fb)
            if result is None:
                print(f"{name}: a round failed (no frame or no console within 20 s)", flush=True)
            else:
                print(f"{name}: " + ", ".join(f"{value * 1000:.0f} ms" for value in result), flush=True)
                results[name].append(result)
            # Let the console settle (fbcon redraws) before the next program.
            time.sleep(0.5)
    reference = programs[0][0]
    steps = ["launch to first frame", "SIGTERM to the console back"]
    for index, step in enumerate(steps):
        base = statistics.median(r[index] for r in results[reference]) if results[reference] else None
        for name, _ in programs:
            values = [r[index] for r in results[name]]
            if not values:
                continue
            median = statistics.median(values)
            ratio = f", {median / base:.2f}x {reference}" if base and name != reference else ""
            print(
                f"{step}: {name}: median {median * 1000:.0f} ms (min {min(values) * 1000:.0f}, "
                f"max {max(values) * 1000:.0f}, {len(values)} rounds){ratio}"
            )


if __name__ == "__main__":
    main()
