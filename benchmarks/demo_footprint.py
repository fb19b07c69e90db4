"""What ``jassref demo`` costs a machine: start-up to the first board, memory, CPU.

Starts ``jassref demo --seconds S --no-keyboard`` (the rendered hand must already be
in the cache: run the demo once first), polls ``GET /api/state`` until the board
answers (start-up time), samples the process's resident memory (``VmHWM``, the peak,
from /proc) and its CPU time (utime + stime) while the 30 fps video plays, and prints
the CPU share of one core over the run and how many events the board got.

    .venv/bin/python benchmarks/demo_footprint.py --seconds 40
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=40.0)
    args = parser.parse_args()
    port = free_port()
    started = time.monotonic()
    command = ["demo", "--port", str(port), "--seconds", str(args.seconds), "--no-keyboard"]
    demo = subprocess.Popen(
        [sys.executable, "-m", "jassref", *command],
        stdout=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
    )
    first_board = None
    peak = 0.0
    cpu = 0.0
    version = 0
    while demo.poll() is None:
        try:
            peak = max(peak, peak_rss_mb(demo.pid))
            cpu = cpu_seconds(demo.pid)
        except FileNotFoundError:
            break
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/state", timeout=2) as r:
                version = json.load(r)["version"]
                first_board = first_board or time.monotonic() - started
        except OSError:
            pass
        time.sleep(0.25)
    wall = time.monotonic() - started
    print(f"start-up to the first board   {first_board:.2f} s")
    print(f"peak resident memory (VmHWM)  {peak:.0f} MB")
    print(f"CPU time {cpu:.1f} s over {wall:.1f} s wall: {100 * cpu / wall:.0f} % of one core")
    print(f"events on the board at the end: {version}")


if __name__ == "__main__":
    main()
