"""How long the table service takes to answer again after it is killed (a power cut):
``jassref run`` started afresh, to the first answer of ``GET /api/log``.

The service (no camera, the phones' board on a real SQLite store holding a started
game) is started ``--starts`` times; the wall-clock median and range are printed. To
compare two versions of the code, run it with ``--other`` set to a checkout of the
other: each start then alternates between the two, so both see the same load.

    .venv/bin/python benchmarks/service_start.py --starts 12 --other /tmp/base
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def time_to_answer(config: Path, port: int, pythonpath: str | None) -> float:
    env = dict(os.environ)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    started = time.monotonic()
    process = subprocess.Popen(
        [sys.executable, "-m", "jassref", "run", "--config", str(config)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
        cwd=config.parent,
    )
    try:
        while process.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/log", timeout=5):
                    return time.monotonic() - started
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.01)
        raise SystemExit(f"jassref run exited with {process.returncode}")
    finally:
        process.kill()
        process.wait()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--starts", type=int, default=12)
    parser.add_argument("--other", help="a checkout of other code, started alternately")
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        config = Path(folder) / "table.toml"
        config.write_text(
            f'[table]\nstore = "table.db"\npin = "2468"\nvariant = "schieber"\n'
            f'target = 2500\n[web]\nhost = "127.0.0.1"\nport = {port}\n',
            encoding="utf-8",
        )
        codes: dict[str, str | None] = {"this code": str(Path(__file__).parent.parent)}
        if args.other:
            codes[args.other] = args.other
        times: dict[str, list[float]] = {name: [] for name in codes}
        for _ in range(args.starts):
            for name, path in codes.items():
                times[name].append(time_to_answer(config, port, path))
    for name, seconds in times.items():
        print(
            f"{name}: median {statistics.median(seconds):.3f} s "
            f"({min(seconds):.3f}–{max(seconds):.3f} s, {len(seconds)} starts)"
        )
    if args.other:
        ratio = statistics.median(times["this code"]) / statistics.median(times[args.other])
        print(f"ratio this code / {args.other}: {ratio:.3f}")


if __name__ == "__main__":
    main()
