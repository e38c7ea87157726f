"""Load benchmark: many scoreboards polling one game while the scorer saves rounds.

    .venv/bin/python tests/benchmarks/load_boards.py [--watchers 50 200] [--seconds 20]
        [--saves-every 4]

Starts ``scorekeeper serve`` on this machine (a fresh SQLite database in a temporary folder,
or ``--database-url``), starts a game through the JSON API, then for each number of watchers:

* every watcher polls the board the way the page does (``GET <board>?since=<version>`` every
  ``POLL_SECONDS``, its own keep-alive connection, starting at a random moment of the interval)
  while the scorer saves a round every ``--saves-every`` seconds;
* it prints the requests per second served, the 95th-percentile poll latency, the time from a save
  to the last watcher seeing it, the errors, and the server's CPU (its process's user + system
  time over the wall time; 100% is one core).

Then, as the floor, the most requests per second the same server answers for ``GET /healthz``
and for an unchanged poll, each with ``--connections`` clients asking as fast as they can, and
their ratio. Last, the first load of the scoreboard: every byte over the wire (headers and gzip
bodies) for the page and what it loads.

The load runs in this process (asyncio, raw HTTP/1.1), so on a small machine the client takes
CPU from the server: the figures are what this machine does with both on it. Prints figures,
asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from scorekeeper.web.board import POLL_SECONDS

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes
    wire_bytes: int

    @property
    def data(self) -> bytes:
        """The body as sent before compression."""
        if self.headers.get("content-encoding") == "gzip":
            return gzip.decompress(self.body)
        return self.body


class Connection:
    """One keep-alive HTTP/1.1 connection: enough of the protocol for this server."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, headers: dict[str, str] | None = None, body: bytes = b""
    ) -> Reply:
        if self.writer is None or self.writer.is_closing():
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        lines = [
            f"{method} {path} HTTP/1.1",
            f"Host: {self.host}:{self.port}",
            "Accept-Encoding: gzip",
        ]
        lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
        if body:
            lines.append(f"Content-Length: {len(body)}")
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        await self.writer.drain()
        head = await self.reader.readuntil(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        reply_headers = {}
        for line in header_lines:
            if ":" in line:
                name, value = line.split(":", 1)
                reply_headers[name.strip().lower()] = value.strip()
        length = int(reply_headers.get("content-length", "0"))
        content = await self.reader.readexactly(length) if length else b""
        if reply_headers.get("connection", "").lower() == "close":
            self.close()
        return Reply(int(status_line.split()[1]), reply_headers, content, len(head) + length)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None


@dataclass
class Server:
    process: subprocess.Popen[bytes]
    host: str
    port: int

    def cpu_seconds(self) -> float:
        """The server process's user + system time so far (Linux /proc)."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks = os.sysconf("SC_CLK_TCK")
        return (int(fields[11]) + int(fields[12])) / ticks


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(database_url: str, folder: Path, threads: int) -> Server:
    port = free_port()
    env = dict(
        os.environ,
        DATABASE_URL=database_url,
        SECRET_KEY="loadtest",
        PUBLIC_BASE_URL=f"http://127.0.0.1:{port}",
    )
    log = (folder / "server.log").open("wb")
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "scorekeeper",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--threads",
            str(threads),
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
        env=env,
    )
    for _ in range(200):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return Server(process, "127.0.0.1", port)
        except OSError:
            if process.poll() is not None:
                raise SystemExit(f"the server stopped: see {folder / 'server.log'}") from None
            time.sleep(0.05)
    raise SystemExit("the server did not start listening")


def a_round(number: int) -> dict[str, object]:
    """A plausible Rummy 500 round: Ann goes out, the others keep a few cards."""
    goer = PLAYERS[number % len(PLAYERS)]
    hands = {"Ann": ["KH", "2C"], "Bob": ["9D"], "Cy": ["4S", "QC"], "Dee": ["JD"]}
    players = []
    for name in PLAYERS:
        players.append(
            {
                "name": name,
                "went_out": name == goer,
                "melds": [["3C", "3D", "3S"]] if name == goer else [],
                "hand": [] if name == goer else hands[name],
            }
        )
    return {"ended_by": "going_out", "players": players}


async def start_game(server: Server) -> tuple[str, str]:
    """A Rummy 500 game for four: its scorer path and board path."""
    connection = Connection(server.host, server.port)
    body = json.dumps(
        {
            "name": "Load test",
            "rules": {"preset": "rummy500", "options": {"target": None}},
            "players": [{"name": name} for name in PLAYERS],
        }
    ).encode()
    reply = await connection.request(
        "POST", "/api/v1/games", {"Content-Type": "application/json"}, body
    )
    connection.close()
    if reply.status != 201:
        raise SystemExit(f"could not start a game: {reply.status} {reply.body[:200]!r}")
    links = json.loads(reply.data)
    return urlsplit(links["edit_url"]).path, urlsplit(links["view_url"]).path


@dataclass
class Watching:
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    seen: dict[int, list[float]] = field(default_factory=dict)  # version → when each saw it
    saved: dict[int, float] = field(default_factory=dict)  # version → when its save answered
    requests: int = 0


def version_of(reply: Reply) -> int | None:
    match = re.fullmatch(r'(?:W/)?"(\d+)"', reply.headers.get("etag", ""))
    return int(match.group(1)) if match else None


async def watcher(server: Server, board: str, version: int, until: float, result: Watching) -> None:
    connection = Connection(server.host, server.port)
    await asyncio.sleep(random.uniform(0, POLL_SECONDS))
    while time.monotonic() < until:
        started = time.monotonic()
        try:
            reply = await connection.request(
                "GET", f"{board}?since={version}", {"HX-Request": "true"}
            )
        except (OSError, asyncio.IncompleteReadError) as error:
            result.errors.append(f"{type(error).__name__}: {error}")
            connection.close()
        else:
            finished = time.monotonic()
            result.requests += 1
            result.latencies.append(finished - started)
            if reply.status == 200 and (new := version_of(reply)) is not None:
                for seen in range(version + 1, new + 1):
                    result.seen.setdefault(seen, []).append(finished)
                version = new
            elif reply.status != 204:
                result.errors.append(f"status {reply.status}")
        await asyncio.sleep(max(0.0, started + POLL_SECONDS - time.monotonic()))
    connection.close()


async def scorer(
    server: Server, edit: str, every: float, until: float, first_round: int, result: Watching
) -> int:
    connection = Connection(server.host, server.port)
    number = first_round
    await asyncio.sleep(every / 2)
    while time.monotonic() + POLL_SECONDS * 2 < until:  # leave time for everyone to see it
        body = json.dumps(a_round(number)).encode()
        reply = await connection.request(
            "POST",
            f"{edit}/rounds",
            {"Content-Type": "application/json", "Idempotency-Key": uuid.uuid4().hex},
            body,
        )
        if reply.status != 201:
            result.errors.append(f"save: status {reply.status}")
        else:
            result.saved[json.loads(reply.data)["version"]] = time.monotonic()
        number += 1
        await asyncio.sleep(every)
    connection.close()
    return number


async def current_version(server: Server, board: str) -> int:
    connection = Connection(server.host, server.port)
    reply = await connection.request("GET", f"{board}?since=0", {"HX-Request": "true"})
    connection.close()
    version = version_of(reply)
    if version is None:
        raise SystemExit(f"the board answered {reply.status} without its version")
    return version


async def watch_phase(
    server: Server,
    edit: str,
    board: str,
    watchers: int,
    seconds: float,
    saves_every: float,
    first_round: int,
) -> int:
    version = await current_version(server, board)
    result = Watching()
    until = time.monotonic() + seconds
    cpu_before, wall_before = server.cpu_seconds(), time.monotonic()
    scoring = asyncio.create_task(scorer(server, edit, saves_every, until, first_round, result))
    await asyncio.gather(*(watcher(server, board, version, until, result) for _ in range(watchers)))
    next_round = await scoring
    wall = time.monotonic() - wall_before
    cpu = server.cpu_seconds() - cpu_before
    lags = [
        max(result.seen.get(v, [float("inf")])) - saved
        for v, saved in result.saved.items()
        if len(result.seen.get(v, [])) == watchers
    ]
    missed = sum(1 for v in result.saved if len(result.seen.get(v, [])) < watchers)
    p95 = statistics.quantiles(result.latencies, n=20)[-1] if len(result.latencies) > 1 else 0
    print(
        f"{watchers} watchers, {seconds:.0f} s, a poll every {POLL_SECONDS} s, a save every "
        f"{saves_every} s:"
    )
    print(
        f"  {result.requests / wall:.1f} polls/s served; poll latency median "
        f"{statistics.median(result.latencies) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms"
    )
    if lags:
        print(
            f"  {len(result.saved)} saves: save → last watcher saw it: median "
            f"{statistics.median(lags):.2f} s, worst {max(lags):.2f} s"
            + (f"; {missed} saves not seen by every watcher" if missed else "")
        )
    print(
        f"  errors: {len(result.errors)}"
        + (f" (first: {result.errors[0]})" if result.errors else "")
    )
    print(f"  server CPU: {cpu / wall * 100:.0f}% of one core")
    return next_round


async def hammer(
    server: Server, path: str, connections: int, seconds: float, headers: dict[str, str]
) -> tuple[float, int]:
    """As many requests as ``connections`` clients get answered in ``seconds``: (rps, errors)."""
    done = 0
    errors = 0
    until = time.monotonic() + seconds

    async def client() -> None:
        nonlocal done, errors
        connection = Connection(server.host, server.port)
        while time.monotonic() < until:
            try:
                reply = await connection.request("GET", path, headers)
            except (OSError, asyncio.IncompleteReadError):
                errors += 1
                connection.close()
                continue
            if reply.status >= 400:
                errors += 1
            done += 1
        connection.close()

    started = time.monotonic()
    await asyncio.gather(*(client() for _ in range(connections)))
    return done / (time.monotonic() - started), errors


async def first_load(server: Server, page: str) -> tuple[int, list[tuple[str, int, int]]]:
    """Bytes over the wire for the page and what it loads: (total, [(path, status, bytes)])."""
    connection = Connection(server.host, server.port)
    reply = await connection.request("GET", page)
    loads = [(page, reply.status, reply.wire_bytes)]
    html = reply.data
    for asset in re.findall(rb'(?:src|href)="(/static/[^"]+)"', html):
        path = asset.decode()
        asset_reply = await connection.request("GET", path)
        loads.append((path, asset_reply.status, asset_reply.wire_bytes))
    connection.close()
    return sum(size for _, _, size in loads), loads


async def run(args: argparse.Namespace, server: Server) -> None:
    edit, view = await start_game(server)
    board = f"{view}/board"
    next_round = 1
    for watchers in args.watchers:
        next_round = await watch_phase(
            server, edit, board, watchers, args.seconds, args.saves_every, next_round
        )
    version = await current_version(server, board)
    floor, floor_errors = await hammer(server, "/healthz", args.connections, args.floor_seconds, {})
    polls, poll_errors = await hammer(
        server,
        f"{board}?since={version}",
        args.connections,
        args.floor_seconds,
        {"HX-Request": "true"},
    )
    print(
        f"floor: GET /healthz {floor:.0f} requests/s ({floor_errors} errors); unchanged poll "
        f"{polls:.0f} requests/s ({poll_errors} errors); ratio {polls / floor:.2f} "
        f"({args.connections} connections, {args.floor_seconds:.0f} s each)"
    )
    total, loads = await first_load(server, view)
    print(f"scoreboard first load: {total} bytes over the wire (headers + gzip bodies)")
    for path, status, size in loads:
        print(f"  {status} {size:>7} {path}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog=".venv/bin/python tests/benchmarks/load_boards.py",
        description=__doc__.split("\n\n")[0],
    )
    parser.add_argument("--watchers", type=int, nargs="+", default=[50, 200])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--saves-every", type=float, default=4.0)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--floor-seconds", type=float, default=5.0)
    parser.add_argument("--threads", type=int, default=8, help="waitress threads")
    parser.add_argument("--database-url", help="default: SQLite in a temporary folder")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        url = args.database_url or f"sqlite:///{folder / 'load.sqlite3'}"
        server = start_server(url, folder, args.threads)
        try:
            print(
                f"server: scorekeeper serve, {args.threads} threads, pid "
                f"{server.process.pid}, {url.split('://')[0]}; {os.cpu_count()} CPUs"
            )
            asyncio.run(run(args, server))
        finally:
            server.process.terminate()
            server.process.wait(timeout=10)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
