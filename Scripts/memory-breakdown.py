#!/usr/bin/env python3
"""Where a process's resident memory goes, from /proc/PID/smaps: Rss per mapped file
(its pages read from the file, and its anonymous pages: relocated data, .bss), then
the anonymous regions (heap, malloc arenas, thread stacks, large allocations) one by
one, then the totals. Used by Scripts/bench-memory inside Hardware/vm.

usage: memory-breakdown.py PID|SMAPS_FILE [TOP]   (TOP: how many files and regions to list, default 25)
"""
import os
import sys


def mappings(path):
    """(start, end, perms, name, {field: kB}) per mapping."""
    current = None
    with open(path) as smaps:
        for line in smaps:
            parts = line.split()
            if "-" in parts[0] and len(parts) >= 5 and not parts[0].endswith(":"):
                if current:
                    yield current
                start, end = (int(x, 16) for x in parts[0].split("-"))
                name = " ".join(parts[5:]) if len(parts) > 5 else ""
                current = (start, end, parts[1], name, {})
            elif current and parts[0].endswith(":") and len(parts) >= 2 and parts[1].isdigit():
                current[4][parts[0][:-1]] = int(parts[1])
    if current:
        yield current


def main():
    pid = sys.argv[1]
    path = f"/proc/{pid}/smaps" if pid.isdigit() else pid
    top = int(sys.argv[2]) if len(sys.argv) > 2 else 25
    maps = list(mappings(path))
    files = {}
    regions = []
    kinds = {}
    previous = None
    for start, end, perms, name, fields in maps:
        rss = fields.get("Rss", 0)
        anon = fields.get("Anonymous", 0)
        size = (end - start) // 1024
        if name.startswith("/dev/dri/") or name.startswith("/dev/") and "card" in name:
            kind = "scanout buffers (" + name + ")"
        elif name.startswith("/memfd:") or name.startswith("/dev/shm"):
            kind = "shared memory (" + name + ")"
        elif name.startswith("/"):
            entry = files.setdefault(name, [0, 0])
            entry[0] += rss - anon
            entry[1] += anon
            kind = "files"
        elif name == "[heap]":
            kind = "heap (brk)"
        elif name == "[stack]":
            kind = "main thread's stack"
        elif name.startswith("["):
            kind = name
        else:
            # A thread's stack: a guard page right below it. A malloc arena: inside a
            # 64 MB-aligned reservation whose rest is inaccessible.
            guarded = previous and previous[1] == start and previous[2].startswith("---") and not previous[3]
            if guarded and size <= 16 * 1024 and start % (64 << 20) != 0:
                kind = "thread stacks"
            elif start % (64 << 20) == 0 or guarded:
                kind = "malloc arenas"
            else:
                kind = "other anonymous"
            if rss:
                regions.append((rss, size, perms, kind, start, fields.get("AnonHugePages", 0)))
        total = kinds.setdefault(kind, [0, 0])
        total[0] += rss
        total[1] += anon
        previous = (start, end, perms, name)

    mb = 1024.0
    print(f"{'Rss MB':>7} {'file':>6} {'anon':>6}  mapped file (top {top})")
    ranked = sorted(files.items(), key=lambda item: -(item[1][0] + item[1][1]))
    for name, (file_kb, anon_kb) in ranked[:top]:
        print(f"{(file_kb + anon_kb) / mb:7.2f} {file_kb / mb:6.2f} {anon_kb / mb:6.2f}  {name}")
    rest = ranked[top:]
    print(
        f"{sum(f + a for _, (f, a) in rest) / mb:7.2f} {sum(f for _, (f, _) in rest) / mb:6.2f} "
        f"{sum(a for _, (_, a) in rest) / mb:6.2f}  {len(rest)} other files ({len(files)} in all)"
    )
    if ranked:
        program = ranked[0][0]
        print(f"\n{'Rss MB':>7} {'anon':>6} {'size MB':>8}  mappings of {program}")
        for start, end, perms, name, fields in maps:
            if name == program:
                size = (end - start) / 1024 / mb
                print(f"{fields.get('Rss', 0) / mb:7.2f} {fields.get('Anonymous', 0) / mb:6.2f} {size:8.2f}  {perms}")
    # AnonHugePages: transparent huge pages (khugepaged collapses a 2 MB-aligned
    # range with a single page touched into a whole 2 MB page where THP is "always").
    print(f"\n{'Rss MB':>7} {'size MB':>8} {'THP MB':>7}  anonymous region (top {top})")
    for rss, size, perms, kind, start, huge in sorted(regions, reverse=True)[:top]:
        print(f"{rss / mb:7.2f} {size / mb:8.2f} {huge / mb:7.2f}  {kind} {perms} {start:#x}")
    huge = sum(fields.get("AnonHugePages", 0) for *_, fields in maps)
    print(f"transparent huge pages in all: {huge / mb:.1f} MB")
    print(f"\n{'Rss MB':>7} {'anon':>6}  kind")
    for kind, (rss, anon) in sorted(kinds.items(), key=lambda item: -item[1][0]):
        if rss:
            print(f"{rss / mb:7.2f} {anon / mb:6.2f}  {kind}")
    if pid.isdigit():
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.split(":")[0] in ("VmRSS", "RssAnon", "RssFile", "RssShmem", "Threads"):
                    print(line.rstrip())
    print(f"Rss in all: {sum(fields.get('Rss', 0) for *_, fields in maps) / mb:.1f} MB")
    libraries = sum(1 for name in files if ".so" in os.path.basename(name))
    print(f"shared libraries mapped: {libraries}")


if __name__ == "__main__":
    main()
