"""Load on the web board: how long a change takes, and how long until every phone
has the new board.

Starts ``jassref serve`` on 127.0.0.1 (a fresh log in a temporary directory), opens
``--phones`` live streams, then posts the events of a simulated Schieber game one at a
time with the PIN. For each post it records the POST's round trip and the time until
the last phone received the re-rendered board. Bounded: ``--events`` posts, and the
whole run stops after ``--timeout`` seconds. Traffic goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from referee.simulate import SimulationOptions, simulate_schieber

PIN = "2468"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def phone(
    port: int, seen: dict[int, list[float]], lock: threading.Lock, stop: threading.Event
) -> None:
    """One phone's live stream: notes when each board version arrives."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", "/api/stream?since=1")
    response = connection.getresponse()
    while not stop.is_set():
        line = response.readline()
        if not line:
            break
        if line.startswith(b"data: "):
            version = json.loads(line[6:])["version"]
            with lock:
                seen.setdefault(version, []).append(time.perf_counter())
    connection.close()


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--phones", type=int, default=50)
    parser.add_argument("--events", type=int, default=300)
    parser.add_argument("--timeout", type=float, default=120.0)
    args = parser.parse_args()

    events = simulate_schieber(random.Random(7), SimulationOptions(hands=30, known_hands=False))
    events = [e for e in events if e["event"] != "game"][: args.events]
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "jassref",
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--pin",
                PIN,
                "--log",
                str(Path(tmp) / "game.jsonl"),
                "--threads",
                str(args.phones + 8),
            ],
            stdout=subprocess.DEVNULL,
        )
        try:
            return run(port, events, args)
        finally:
            server.terminate()
            server.wait(10)


def run(port: int, events: list[dict], args: argparse.Namespace) -> int:
    deadline = time.monotonic() + args.timeout
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            if time.monotonic() > deadline:
                raise SystemExit("the server did not start") from None
            time.sleep(0.1)
    seen: dict[int, list[float]] = {}
    lock, stop = threading.Lock(), threading.Event()
    phones = [
        threading.Thread(target=phone, args=(port, seen, lock, stop), daemon=True)
        for _ in range(args.phones)
    ]
    for t in phones:
        t.start()
    time.sleep(1.0)
    client = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    posts, fanout, each = [], [], []
    for event in events:
        if time.monotonic() > deadline:
            break
        start = time.perf_counter()
        client.request("POST", "/api/events", json.dumps(event), {"X-Table-PIN": PIN})
        response = client.getresponse()
        body = json.loads(response.read())
        posts.append(time.perf_counter() - start)
        if response.status != 201:
            raise SystemExit(f"refused: {body}")
        version = body["version"]
        while time.monotonic() < deadline:
            with lock:
                arrived = seen.get(version, [])
                if len(arrived) == args.phones:
                    fanout.append(max(arrived) - start)
                    each += [t - start for t in arrived]
                    break
            time.sleep(0.0005)
    reads = []
    for _ in range(100):
        started = time.perf_counter()
        client.request("GET", "/api/state")
        client.getresponse().read()
        reads.append(time.perf_counter() - started)
    stop.set()
    ms = 1000
    print(f"{len(posts)} events posted, {args.phones} live phones, log of {version} lines")
    for name, values in (
        ("POST /api/events", posts),
        ("event -> one phone", each),
        ("event -> all phones", fanout),
        ("GET /api/state", reads),
    ):
        print(
            f"{name:22s} median {statistics.median(values) * ms:6.1f} ms   "
            f"p95 {percentile(values, 95) * ms:6.1f} ms   max {max(values) * ms:6.1f} ms"
        )
    slowest = max(range(len(fanout)), key=fanout.__getitem__)
    print(
        f"slowest event: #{slowest + 1} of {len(fanout)} "
        f"({fanout[slowest] * ms:.1f} ms to all phones)"
    )
    print_page_weight(client)
    return 0


def fetch(client: http.client.HTTPConnection, path: str) -> bytes:
    client.request("GET", path)
    response = client.getresponse()
    body = response.read()
    if response.status != 200:
        raise SystemExit(f"GET {path}: {response.status}")
    return body


def print_page_weight(client: http.client.HTTPConnection) -> None:
    """Bytes a phone downloads on its first visit: the page (with its inline SVG board
    and QR code), then every stylesheet, script and font it names."""
    page = fetch(client, "/")
    assets = re.findall(rb'(?:href|src)="(/static/[^"]+)"|url\("(/fonts/[^"]+)"\)', page)
    sizes = {"HTML": len(page)}
    for static, font in assets:
        path = (static or font).decode()
        sizes[path] = len(fetch(client, path))
    parts = ", ".join(f"{name} {size:,} B" for name, size in sizes.items())
    print(f"page weight (first load, uncompressed): {sum(sizes.values()):,} B = {parts}")


if __name__ == "__main__":
    raise SystemExit(main())
