"""Load benchmark: many scoreboards polling games while scorers save rounds, then the floors.

    .venv/bin/python tests/benchmarks/load_boards.py [--watchers 50 200] [--games 1]
        [--saving-games 1] [--saves-every 4] [--seconds 20] [--stack serve|gunicorn]
        [--workers 2] [--threads N] [--database-url URL | --postgres [ADMIN_URL]]

The two target runs (issue 14, point 8: 2,000 boards over 200 games, a save every 4 s in each of
20 of them), on a quiet machine:

    .venv/bin/python tests/benchmarks/load_boards.py --stack serve --watchers 2000 --games 200 \\
        --saving-games 20 --saves-every 4 --seconds 60
    .venv/bin/python tests/benchmarks/load_boards.py --stack gunicorn --postgres \\
        --watchers 2000 --games 200 --saving-games 20 --saves-every 4 --seconds 60

What runs
---------
``--stack serve`` (the default) is a card night: ``scorekeeper serve`` (waitress, ``--threads``,
16 by default as the command ships) on a fresh SQLite database in a temporary folder, or on
``--database-url``. Waitress there takes at most ``CONNECTION_LIMIT`` (4000) connections at once;
past that it stops accepting and new connections wait unanswered in the listen backlog
(waitress's 1024, capped by ``net.core.somaxconn``) until they time out (``--timeout``, counted
as errors): a phase with more watchers and scorers than that says so before it starts. Waitress
(3.0) closes the connection after every 204 and 304, so the app answers an unchanged poll with
an empty 200 and ``HX-Reswap: none`` (web/polls.py): every watcher keeps its connection between
polls, and the "connections made" line shows how many were opened. ``--connection-limit N``
starts the same ``serve`` command with that limit instead (a what-if, not what ships).

``--stack gunicorn`` is the hosted path of the README: ``gunicorn -w WORKERS -k gthread
--threads THREADS 'scorekeeper:create_app()'`` (``--workers`` 2, ``--threads`` 8 by default).
Why gthread: the default sync worker answers one connection at a time and closes it after every
request, so 2,000 boards would reconnect on every poll and a slow client holds a whole worker;
gevent or eventlet would need another dependency and monkey-patching. A gthread worker
keeps its idle keep-alive connections in a poller without holding a thread; its threads bound
the requests in flight. Eight, not more: with 50, the threads of a process fought over the
interpreter (renders and saves hold it) and polls waited their turn (2,000 watchers on
PostgreSQL: poll p95 1,137 ms with 50 threads, 42 ms with 8; saves 592 ms against 71 ms).
``--worker-connections`` is set to every connection the script
opens (so any one worker can take them all, however the kernel spreads them), and
``--keep-alive`` to 10 s: gunicorn's 2 s default is barely above the 1.5 s poll interval, and on a
hosted instance the proxy in front holds the phones' connections anyway. The gunicorn stack
needs PostgreSQL (or any shared database): ``--database-url URL``, or ``--postgres [ADMIN_URL]``
to have the script create a fresh database on that server (default
``postgresql+psycopg://postgres@127.0.0.1:5432/postgres``) and drop it at the end. ``--postgres``
works with ``--stack serve`` too.

Either way ``scorekeeper db upgrade`` runs first on the same ``DATABASE_URL``, and the server gets
``SECRET_KEY``, ``PUBLIC_BASE_URL`` and ``RATELIMIT_ENABLED=0`` (the per-client write limit
would otherwise refuse the load client, which is one address).

What is measured
----------------
``--games`` games (Rummy 500, four players) are started through the JSON API
(``POST /api/v1/games``). Then, for each number in ``--watchers`` (a phase of ``--seconds``):

* the watchers are spread evenly over the games (watcher i watches game i mod G), each with its
  own keep-alive HTTP/1.1 connection, polling its game's board the way the page does
  (``GET /w/<token>/board?since=<version>`` with ``HX-Request``, every ``POLL_SECONDS``, starting
  at a random moment of the first interval; a 200 moves it to the version in its ETag);
* the first ``--saving-games`` games each have a scorer saving a round every ``--saves-every``
  seconds (``POST <edit_url>/rounds``, a new ``Idempotency-Key`` each; the scorers' first saves
  spread evenly over the first interval), stopping two poll intervals before the phase ends;
* it prints the polls answered per second (and their statuses), the poll latency (median, p95),
  the saves and their latency, the time from a save's answer to the last watcher of that game
  getting that version (median and worst over all saves of all games), the saves not seen by
  every watcher of their game, the errors (aim: 0; a refused or reset connection, a timeout, a
  status other than 200/204), and the server's CPU over the phase: user + system time of the
  server process and all its children (for gunicorn, the master and its workers; read from
  ``/proc``), over the wall time (100% is one core); also the connections the watchers and
  scorers made and how many polls were answered with ``Connection: close``.

A request on a kept-alive connection that the server had closed meanwhile, failing before any
byte of an answer, is sent again once on a new connection, as browsers do (a GET only): these are
counted apart ("stale keep-alive retries"), not as errors.

Then the floors, on the same server, each with ``--connections`` clients asking as fast as they
can for ``--floor-seconds`` after a short warm-up (one connection each, a new one when the server
closes it): ``GET /healthz`` (no database, no template) and an unchanged poll (the first game's
board at its version); and a bare Flask app answering ``GET /`` with "hello", written to the
temporary folder and served by the same stack on another port (waitress with the same threads,
connection limit, poll() loop and switch interval as ``scorekeeper serve``; or gunicorn with the
same workers, worker class and threads). It prints the requests per second of each (with their
statuses, the connections made and the server's CPU meanwhile) and the ratios poll/healthz and
poll/hello (issue 14 aims at ≥ 0.9 and ≥ 0.7). Last, the first load of the scoreboard: every
byte over the wire (headers and gzip bodies) for the page and what it loads.

The client runs in this process (asyncio, raw HTTP/1.1; the open-files limit is raised to what
the run needs), on the same machine as the server: on a small machine it takes CPU from the
server, so the figures are what this machine does with both on it. The client's own CPU and how
late its event loop ran (a late loop inflates the latencies measured) are printed with each
phase, the load average at the start and the end. Prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import http.client
import json
import os
import random
import re
import resource
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar
from urllib.parse import urlsplit

from scorekeeper.cli import CONNECTION_LIMIT
from scorekeeper.web.board import POLL_SECONDS

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
#: ``--postgres`` without an address: this machine's PostgreSQL (trust auth, as in CI).
POSTGRES_ADMIN_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
#: Threads per server process when ``--threads`` is not given.
DEFAULT_THREADS = {"serve": 16, "gunicorn": 8}
#: gunicorn's keep-alive (seconds): above the poll interval, as a proxy in front would hold it.
GUNICORN_KEEP_ALIVE = 10
#: Connections the script opens beside the watchers and scorers (setup, floors, slack).
SPARE_CONNECTIONS = 64
HELLO_APP = '''\
"""A bare Flask hello: the floor tests/benchmarks/load_boards.py compares the board's poll with."""

import sys

from flask import Flask

app = Flask(__name__)


@app.get("/")
def hello():
    return "hello"


if __name__ == "__main__":  # the serve stack: waitress as `scorekeeper serve` runs it
    import waitress

    port, threads, limit = (int(value) for value in sys.argv[1:4])
    sys.setswitchinterval(0.001)
    waitress.serve(
        app,
        host="127.0.0.1",
        port=port,
        threads=threads,
        connection_limit=limit,
        asyncore_use_poll=True,
    )
'''
T = TypeVar("T")
#: The app's server, for every client (set by :func:`run`).
SERVER_ADDRESS: tuple[str, int] = ("127.0.0.1", 0)


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
    """One keep-alive HTTP/1.1 connection: enough of the protocol for this server.

    A request that gets no answer in ``timeout`` seconds raises :class:`TimeoutError` (and the
    connection is closed). A GET on a kept-alive connection that fails before any byte of an
    answer (the server closed it while it was idle) is sent once more on a new connection, as a
    browser does; ``retries`` counts those.
    """

    def __init__(self, host: str, port: int, timeout: float = 30.0) -> None:
        self.host, self.port, self.timeout = host, port, timeout
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.retries = 0
        self.opened = 0  # connections made

    async def request(
        self, method: str, path: str, headers: dict[str, str] | None = None, body: bytes = b""
    ) -> Reply:
        try:
            async with asyncio.timeout(self.timeout):
                reused = self.writer is not None and not self.writer.is_closing()
                try:
                    return await self._exchange(method, path, headers, body)
                except (ConnectionError, asyncio.IncompleteReadError) as error:
                    nothing = not isinstance(error, asyncio.IncompleteReadError) or not (
                        error.partial
                    )
                    if not (reused and nothing and method == "GET"):
                        raise
                    self.close()
                    self.retries += 1
                    return await self._exchange(method, path, headers, body)
        except BaseException:
            self.close()
            raise

    async def _exchange(
        self, method: str, path: str, headers: dict[str, str] | None, body: bytes
    ) -> Reply:
        if self.writer is None or self.writer.is_closing():
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            self.opened += 1
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


def error_kind(error: BaseException) -> str:
    if isinstance(error, TimeoutError):
        return "timeout"
    return type(error).__name__


# --- the servers ------------------------------------------------------------------------------


def stat_fields(pid: int) -> list[str] | None:
    """The fields of /proc/<pid>/stat after the command (``[0]`` is the state), or None."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rsplit(")", 1)[1].split()


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux /proc)."""
    found: list[int] = []
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:
        return found
    try:
        for task in tasks:
            found += [int(child) for child in (task / "children").read_text().split()]
    except FileNotFoundError:  # a kernel without /proc/<pid>/task/<tid>/children: scan
        found = []
        for entry in Path("/proc").iterdir():
            fields = stat_fields(int(entry.name)) if entry.name.isdigit() else None
            if fields is not None and int(fields[1]) == pid:
                found.append(int(entry.name))
    except OSError:
        pass
    return found


def tree(pid: int) -> list[int]:
    """``pid`` and all its descendants."""
    pids, todo = [], [pid]
    while todo:
        current = todo.pop()
        pids.append(current)
        todo += children(current)
    return pids


def tree_cpu_seconds(pid: int) -> float:
    """User + system time so far of ``pid`` and every descendant, with the children ``pid`` has
    already reaped (a gunicorn worker that was replaced): per process from /proc."""
    ticks = 0
    for current in tree(pid):
        fields = stat_fields(current)
        if fields is None:
            continue
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
        if current == pid:
            ticks += int(fields[13]) + int(fields[14])  # cutime, cstime
    return ticks / os.sysconf("SC_CLK_TCK")


@dataclass
class Server:
    name: str
    command: list[str]
    process: subprocess.Popen[bytes]
    port: int
    log: Path
    host: str = "127.0.0.1"

    def cpu_seconds(self) -> float:
        return tree_cpu_seconds(self.process.pid)

    def processes(self) -> str:
        pids = tree(self.process.pid)
        if len(pids) == 1:
            return f"pid {pids[0]}"
        return f"master pid {pids[0]} + {len(pids) - 1} workers ({', '.join(map(str, pids[1:]))})"

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=40)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(
    name: str,
    command: list[str],
    env: dict[str, str],
    log: Path,
    port: int,
    ready: str,
    processes: int = 1,
) -> Server:
    """Start ``command`` and wait until ``GET ready`` answers 200 on ``port`` and the server
    runs ``processes`` processes (a gunicorn master and all its workers)."""
    with log.open("ab") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
    server = Server(name, command, process, port, log)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            tail = log.read_text(errors="replace")[-2000:]
            raise SystemExit(f"{name} stopped (exit {process.returncode}):\n{tail}")
        try:
            probe = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            probe.request("GET", ready)
            if probe.getresponse().status == 200 and len(tree(process.pid)) >= processes:
                probe.close()
                return server
            probe.close()
        except OSError:
            pass
        time.sleep(0.1)
    server.stop()
    raise SystemExit(f"{name} did not answer GET {ready} within 60 s: see {log}")


def serve_command(args: argparse.Namespace, port: int) -> list[str]:
    options = ["serve", "--host", "127.0.0.1", "--port", str(port), "--threads", str(args.threads)]
    if args.connection_limit is None:
        return [sys.executable, "-m", "scorekeeper", *options]
    # The same command with another connection limit (a what-if: the module's constant).
    launcher = (
        "import sys, scorekeeper.cli as cli; cli.CONNECTION_LIMIT = int(sys.argv[1]); "
        "cli.main(sys.argv[2:])"
    )
    return [sys.executable, "-c", launcher, str(args.connection_limit), *options]


def gunicorn_command(args: argparse.Namespace, port: int, app: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "gunicorn",
        "--workers",
        str(args.workers),
        "--worker-class",
        "gthread",
        "--threads",
        str(args.threads),
        "--worker-connections",
        str(args.worker_connections),
        "--keep-alive",
        str(GUNICORN_KEEP_ALIVE),
        "--bind",
        f"127.0.0.1:{port}",
        app,
    ]


def processes(args: argparse.Namespace) -> int:
    """How many processes the server runs once it is up."""
    return 1 if args.stack == "serve" else 1 + args.workers


def start_app(args: argparse.Namespace, env: dict[str, str], folder: Path) -> Server:
    port = free_port()
    env = dict(env, PUBLIC_BASE_URL=f"http://127.0.0.1:{port}")
    upgrade = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "db", "upgrade"],
        env=env,
        capture_output=True,
        timeout=300,
    )
    if upgrade.returncode != 0:
        output = (upgrade.stdout + upgrade.stderr).decode(errors="replace")[-2000:]
        raise SystemExit(f"scorekeeper db upgrade failed:\n{output}")
    if args.stack == "serve":
        command = serve_command(args, port)
    else:
        command = gunicorn_command(args, port, "scorekeeper:create_app()")
    return start_server(
        args.stack, command, env, folder / "server.log", port, "/healthz", processes(args)
    )


def start_hello(args: argparse.Namespace, env: dict[str, str], folder: Path) -> Server:
    (folder / "hello.py").write_text(HELLO_APP)
    port = free_port()
    if args.stack == "serve":
        limit = args.connection_limit or CONNECTION_LIMIT
        command = [sys.executable, str(folder / "hello.py"), str(port), str(args.threads)]
        command.append(str(limit))
    else:
        command = gunicorn_command(args, port, "hello:app")
        command[3:3] = ["--chdir", str(folder)]
    return start_server("hello", command, env, folder / "hello.log", port, "/", processes(args))


@contextmanager
def postgres_database(admin_url: str) -> Iterator[str]:
    """A fresh PostgreSQL database on ``admin_url``'s server, dropped afterwards: its URL."""
    import sqlalchemy as sa

    from scorekeeper.store.db import database_url

    admin = sa.create_engine(database_url(admin_url), isolation_level="AUTOCOMMIT")
    name = f"loadboards_{uuid.uuid4().hex[:12]}"
    with admin.connect() as connection:
        connection.execute(sa.text(f"CREATE DATABASE {name}"))
    try:
        yield (
            sa.make_url(database_url(admin_url))
            .set(database=name)
            .render_as_string(hide_password=False)
        )
    finally:
        with admin.connect() as connection:
            connection.execute(sa.text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.dispose()


# --- games, watchers, scorers ----------------------------------------------------------------


def a_round(number: int) -> dict[str, object]:
    """A plausible Rummy 500 round: one player goes out, the others keep a few cards."""
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


@dataclass
class Game:
    edit: str  # the scorer's path
    view: str  # the watchers' path
    next_round: int = 1

    @property
    def board(self) -> str:
        return f"{self.view}/board"


async def each(
    items: Sequence[T], work: Callable[[Connection, T], Awaitable[None]], parallel: int = 8
) -> None:
    """``work`` on every item, ``parallel`` connections at a time."""
    queue = list(reversed(items))

    async def worker(connection: Connection) -> None:
        while queue:
            await work(connection, queue.pop())
        connection.close()

    await asyncio.gather(*(worker(Connection(*SERVER_ADDRESS)) for _ in range(parallel)))


async def start_games(count: int) -> list[Game]:
    """``count`` Rummy 500 games for four, started through the JSON API."""
    body = json.dumps(
        {
            "name": "Load test",
            "rules": {"preset": "rummy500", "options": {"target": None}},
            "players": [{"name": name} for name in PLAYERS],
        }
    ).encode()
    games: list[Game | None] = [None] * count

    async def start(connection: Connection, index: int) -> None:
        reply = await connection.request(
            "POST", "/api/v1/games", {"Content-Type": "application/json"}, body
        )
        if reply.status != 201:
            raise SystemExit(f"could not start a game: {reply.status} {reply.data[:200]!r}")
        links = json.loads(reply.data)
        games[index] = Game(urlsplit(links["edit_url"]).path, urlsplit(links["view_url"]).path)

    await each(range(count), start)
    return [game for game in games if game is not None]


def unchanged(reply: Reply) -> bool:
    """An unchanged poll's answer: an empty 200 that htmx does not swap (or a 204)."""
    return reply.status == 204 or (
        reply.status == 200 and reply.headers.get("hx-reswap") == "none" and not reply.body
    )


def version_of(reply: Reply) -> int | None:
    match = re.fullmatch(r'(?:W/)?"(\d+)"', reply.headers.get("etag", ""))
    return int(match.group(1)) if match else None


async def current_versions(games: Sequence[Game]) -> list[int]:
    versions = [0] * len(games)

    async def read(connection: Connection, index: int) -> None:
        reply = await connection.request(
            "GET", f"{games[index].board}?since=0", {"HX-Request": "true"}
        )
        version = version_of(reply)
        if version is None:
            raise SystemExit(f"the board answered {reply.status} without its version")
        versions[index] = version

    await each(range(len(games)), read)
    return versions


@dataclass
class Tally:
    """One phase's observations."""

    latencies: list[float] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)
    first_error: str = ""
    retries: int = 0
    opened: int = 0  # connections made by the watchers and scorers
    closed: int = 0  # answers that closed their connection ("Connection: close")
    save_latencies: list[float] = field(default_factory=list)
    # (game, version) → when each of the game's watchers got it; when its save was answered
    seen: dict[tuple[int, int], list[float]] = field(default_factory=dict)
    saved: dict[tuple[int, int], float] = field(default_factory=dict)
    loop_lags: list[float] = field(default_factory=list)

    def error(self, kind: str, detail: str) -> None:
        self.errors[kind] += 1
        self.first_error = self.first_error or detail


async def watcher(
    game: int, board: str, version: int, until: float, tally: Tally, timeout: float
) -> None:
    connection = Connection(*SERVER_ADDRESS, timeout=timeout)
    await asyncio.sleep(random.uniform(0, POLL_SECONDS))
    while time.monotonic() < until:
        started = time.monotonic()
        try:
            reply = await connection.request(
                "GET", f"{board}?since={version}", {"HX-Request": "true"}
            )
        except (OSError, asyncio.IncompleteReadError) as error:
            tally.error(error_kind(error), f"poll: {type(error).__name__}: {error}")
        else:
            finished = time.monotonic()
            tally.statuses[reply.status] += 1
            tally.closed += reply.headers.get("connection", "").lower() == "close"
            tally.latencies.append(finished - started)
            if reply.status == 200 and (new := version_of(reply)) is not None:
                for seen in range(version + 1, new + 1):
                    tally.seen.setdefault((game, seen), []).append(finished)
                version = new
            elif not unchanged(reply):
                tally.error(f"poll status {reply.status}", f"poll: status {reply.status}")
        await asyncio.sleep(max(0.0, started + POLL_SECONDS - time.monotonic()))
    tally.retries += connection.retries
    tally.opened += connection.opened
    connection.close()


async def scorer(
    index: int, game: Game, every: float, offset: float, until: float, tally: Tally, timeout: float
) -> None:
    connection = Connection(*SERVER_ADDRESS, timeout=timeout)
    start = time.monotonic() + offset
    saves = 0
    while True:
        moment = start + saves * every
        if moment + POLL_SECONDS * 2 >= until:  # leave time for everyone to see it
            break
        await asyncio.sleep(max(0.0, moment - time.monotonic()))
        body = json.dumps(a_round(game.next_round)).encode()
        sent = time.monotonic()
        try:
            reply = await connection.request(
                "POST",
                f"{game.edit}/rounds",
                {"Content-Type": "application/json", "Idempotency-Key": uuid.uuid4().hex},
                body,
            )
        except (OSError, asyncio.IncompleteReadError) as error:
            tally.error(f"save {error_kind(error)}", f"save: {type(error).__name__}: {error}")
        else:
            answered = time.monotonic()
            if reply.status != 201:
                tally.error(f"save status {reply.status}", f"save: status {reply.status}")
            else:
                tally.save_latencies.append(answered - sent)
                tally.saved[(index, json.loads(reply.data)["version"])] = answered
                game.next_round += 1
        saves += 1
    tally.opened += connection.opened
    connection.close()


async def loop_lag(until: float, tally: Tally, every: float = 0.05) -> None:
    """How late this event loop wakes up: a late loop inflates the latencies it measures."""
    while time.monotonic() < until:
        planned = time.monotonic() + every
        await asyncio.sleep(every)
        tally.loop_lags.append(time.monotonic() - planned)


def percentile(values: Sequence[float], fraction: float) -> float:
    """Nearest rank (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))]


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


async def watch_phase(
    args: argparse.Namespace, server: Server, games: list[Game], watchers: int
) -> None:
    watching = [0] * len(games)  # watchers per game
    for number in range(watchers):
        watching[number % len(games)] += 1
    saving = games[: args.saving_games]
    print(
        f"{watchers} watchers over {plural(len(games), 'game')} "
        f"({min(watching)}–{max(watching)} each), {len(saving)} saving a round every "
        f"{args.saves_every:g} s; {args.seconds:g} s, a poll every {POLL_SECONDS} s:"
    )
    held = watchers + len(saving)
    if args.stack == "serve" and held > (limit := args.connection_limit or CONNECTION_LIMIT):
        print(
            f"  NOTE: up to {held} connections at once, more than the {limit} waitress takes "
            f"(connection_limit of scorekeeper serve): past it, new connections wait unanswered "
            f"in the listen backlog and time out after {args.timeout:g} s (errors below). "
            f"Every watcher keeps its connection between polls: --stack gunicorn, or "
            f"--connection-limit (a what-if)."
        )
    versions = await current_versions(games)
    tally = Tally()
    until = time.monotonic() + args.seconds
    cpu_before, client_before = server.cpu_seconds(), time.process_time()
    wall_before = time.monotonic()
    tasks = [
        watcher(
            number % len(games),
            games[number % len(games)].board,
            versions[number % len(games)],
            until,
            tally,
            args.timeout,
        )
        for number in range(watchers)
    ]
    tasks += [
        scorer(
            index,
            game,
            args.saves_every,
            args.saves_every * (index + 0.5) / len(saving),
            until,
            tally,
            args.timeout,
        )
        for index, game in enumerate(saving)
    ]
    await asyncio.gather(loop_lag(until, tally), *tasks)
    wall = time.monotonic() - wall_before
    cpu = server.cpu_seconds() - cpu_before
    client_cpu = time.process_time() - client_before

    lags, missed, unwatched = [], 0, 0
    for (game, version), answered in tally.saved.items():
        got = tally.seen.get((game, version), [])
        if watching[game] == 0:
            unwatched += 1
        elif len(got) >= watching[game]:
            lags.append(max(got) - answered)
        else:
            missed += 1
    statuses = ", ".join(f"{count} × {status}" for status, count in sorted(tally.statuses.items()))
    print(
        f"  polls: {sum(tally.statuses.values()) / wall:.1f}/s served ({statuses}); latency "
        f"median {ms(percentile(tally.latencies, 0.5))}, "
        f"p95 {ms(percentile(tally.latencies, 0.95))}"
    )
    if tally.saved or saving:
        line = (
            f"  saves: {len(tally.saved)} (latency median "
            f"{ms(percentile(tally.save_latencies, 0.5))}, p95 "
            f"{ms(percentile(tally.save_latencies, 0.95))})"
        )
        if lags:
            line += (
                f"; save → last watcher of its game saw it: median "
                f"{percentile(lags, 0.5):.2f} s, worst {max(lags):.2f} s"
            )
        print(line)
        print(
            f"  saves not seen by every watcher of their game: {missed}"
            + (f" ({unwatched} in games nobody watched)" if unwatched else "")
        )
    kinds = ", ".join(f"{count} {kind}" for kind, count in tally.errors.most_common(5))
    print(
        f"  errors: {sum(tally.errors.values())}"
        + (f" ({kinds}; first: {tally.first_error})" if tally.errors else "")
        + f"; stale keep-alive retries: {tally.retries}"
    )
    print(
        f"  connections made: {tally.opened} for {len(tasks)} clients; polls answered with "
        f"Connection: close: {tally.closed}"
    )
    print(
        f"  server CPU: {cpu / wall * 100:.0f}% of one core ({server.processes()}); client CPU "
        f"{client_cpu / wall * 100:.0f}%, its loop late by p95 "
        f"{ms(percentile(tally.loop_lags, 0.95))}, worst {ms(max(tally.loop_lags, default=0.0))}"
    )


@dataclass
class Floor:
    """What ``connections`` clients asking as fast as they can got."""

    rate: float = 0.0  # answers below 400 per second
    statuses: Counter[int] = field(default_factory=Counter)
    errors: int = 0  # failed requests and answers of 400 or more
    opened: int = 0  # connections made (as many as clients when keep-alive holds)
    cpu: float = 0.0  # the server's CPU over the wall time (1.0: one core)

    def describe(self) -> str:
        statuses = ", ".join(
            f"{count} × {status}" for status, count in sorted(self.statuses.items())
        )
        return (
            f"{self.rate:6.0f} requests/s ({self.errors} errors; {statuses}; "
            f"{self.opened} connections made; CPU {self.cpu * 100:.0f}%)"
        )


async def hammer(
    server: Server,
    path: str,
    connections: int,
    seconds: float,
    headers: dict[str, str],
    timeout: float,
) -> Floor:
    """As many requests as ``connections`` clients get answered in ``seconds``."""
    floor = Floor()
    answered = 0
    until = time.monotonic() + seconds

    async def client() -> None:
        nonlocal answered
        connection = Connection(server.host, server.port, timeout=timeout)
        while time.monotonic() < until:
            try:
                reply = await connection.request("GET", path, headers)
            except (OSError, asyncio.IncompleteReadError):
                floor.errors += 1
                continue
            floor.statuses[reply.status] += 1
            if reply.status >= 400:
                floor.errors += 1
            else:
                answered += 1
        connection.close()
        floor.opened += connection.opened

    cpu_before, started = server.cpu_seconds(), time.monotonic()
    await asyncio.gather(*(client() for _ in range(connections)))
    wall = time.monotonic() - started
    floor.rate, floor.cpu = answered / wall, (server.cpu_seconds() - cpu_before) / wall
    return floor


async def first_load(page: str) -> tuple[int, list[tuple[str, int, int]]]:
    """Bytes over the wire for the page and what it loads: (total, [(path, status, bytes)])."""
    connection = Connection(*SERVER_ADDRESS)
    reply = await connection.request("GET", page)
    loads = [(page, reply.status, reply.wire_bytes)]
    html = reply.data
    for asset in re.findall(rb'(?:src|href)="(/static/[^"]+)"', html):
        path = asset.decode()
        asset_reply = await connection.request("GET", path)
        loads.append((path, asset_reply.status, asset_reply.wire_bytes))
    connection.close()
    return sum(size for _, _, size in loads), loads


async def floors(
    args: argparse.Namespace, server: Server, hello: Callable[[], Server], game: Game
) -> None:
    (version,) = await current_versions([game])
    n, seconds, timeout = args.connections, args.floor_seconds, args.timeout

    async def measure(on: Server, path: str, headers: dict[str, str]) -> Floor:
        await hammer(on, path, n, min(1.0, seconds / 4), headers, timeout)  # a warm-up
        return await hammer(on, path, n, seconds, headers, timeout)

    healthz = await measure(server, "/healthz", {})
    polls = await measure(server, f"{game.board}?since={version}", {"HX-Request": "true"})
    hello_server = hello()
    try:
        hellos = await measure(hello_server, "/", {})
    finally:
        hello_server.stop()
    print(
        f"floors ({n} connections, {seconds:g} s each after a warm-up, on the same stack; "
        f"server CPU over that time):"
    )
    print(f"  GET /healthz      {healthz.describe()}")
    print(f"  unchanged poll    {polls.describe()}")
    print(f"  bare Flask hello  {hellos.describe()}")
    print(
        f"  ratios: poll/healthz {polls.rate / healthz.rate if healthz.rate else 0:.2f}, "
        f"poll/hello {polls.rate / hellos.rate if hellos.rate else 0:.2f}"
    )


async def run(args: argparse.Namespace, server: Server, hello: Callable[[], Server]) -> None:
    global SERVER_ADDRESS
    SERVER_ADDRESS = (server.host, server.port)
    started = time.monotonic()
    games = await start_games(args.games)
    print(
        f"{plural(len(games), 'game')} started through the API in "
        f"{time.monotonic() - started:.1f} s "
        f"({args.saving_games} with a scorer); server {server.processes()}"
    )
    for watchers in args.watchers:
        await watch_phase(args, server, games, watchers)
    await floors(args, server, hello, games[0])
    total, loads = await first_load(games[0].view)
    print(f"scoreboard first load: {total} bytes over the wire (headers + gzip bodies)")
    for path, status, size in loads:
        print(f"  {status} {size:>7} {path}")


def raise_open_files(needed: int) -> str:
    """Raise this process's open-files limit (the servers inherit it) to ``needed``."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        target = needed if hard == resource.RLIM_INFINITY else min(hard, needed)
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        soft = target
    note = f"open files {soft}"
    if soft != resource.RLIM_INFINITY and soft < needed:
        note += f" (NOTE: fewer than the {needed} this run needs; the hard limit is {hard})"
    return note


def somaxconn() -> str:
    try:
        return Path("/proc/sys/net/core/somaxconn").read_text().strip()
    except OSError:
        return "?"


def load_average() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog=".venv/bin/python tests/benchmarks/load_boards.py",
        description=__doc__.split("\n\n")[0],
    )
    parser.add_argument(
        "--watchers", type=int, nargs="+", default=[50, 200], help="one phase per number"
    )
    parser.add_argument("--games", type=int, default=1, help="games the watchers spread over")
    parser.add_argument(
        "--saving-games", type=int, default=1, help="games with a scorer saving rounds"
    )
    parser.add_argument("--saves-every", type=float, default=4.0, help="seconds, per scorer")
    parser.add_argument("--seconds", type=float, default=20.0, help="length of each phase")
    parser.add_argument("--connections", type=int, default=16, help="clients for the floors")
    parser.add_argument("--floor-seconds", type=float, default=5.0)
    parser.add_argument(
        "--timeout", type=float, default=10.0, help="seconds before a request counts as failed"
    )
    parser.add_argument("--stack", choices=["serve", "gunicorn"], default="serve")
    parser.add_argument(
        "--threads", type=int, help="threads per server process (serve: 16, gunicorn: 8)"
    )
    parser.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    parser.add_argument(
        "--connection-limit",
        type=int,
        help=f"serve: waitress's connection_limit instead of scorekeeper's {CONNECTION_LIMIT} "
        "(a what-if)",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--database-url", help="default (serve): SQLite in a temporary folder")
    where.add_argument(
        "--postgres",
        nargs="?",
        const=POSTGRES_ADMIN_URL,
        metavar="ADMIN_URL",
        help="a fresh PostgreSQL database on this server, dropped afterwards "
        f"(default {POSTGRES_ADMIN_URL})",
    )
    args = parser.parse_args(argv)
    if args.stack == "gunicorn" and not (args.database_url or args.postgres):
        parser.error("--stack gunicorn needs --database-url or --postgres (a shared database)")
    if args.stack == "gunicorn" and args.connection_limit is not None:
        parser.error("--connection-limit is for --stack serve")
    if args.games < 1 or not 0 <= args.saving_games <= args.games:
        parser.error("--games must be ≥ 1 and --saving-games between 0 and --games")
    args.threads = args.threads or DEFAULT_THREADS[args.stack]
    most = max(args.watchers) + args.saving_games + args.connections + SPARE_CONNECTIONS
    args.worker_connections = max(1000, most)
    open_files = raise_open_files(2 * most + 256)

    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        with (
            postgres_database(args.postgres)
            if args.postgres
            else nullcontext(args.database_url or f"sqlite:///{folder / 'load.sqlite3'}")
        ) as url:
            env = dict(os.environ, DATABASE_URL=url, SECRET_KEY="loadtest", RATELIMIT_ENABLED="0")
            print(
                f"machine: {os.cpu_count()} CPUs, load average {load_average()}; "
                f"{open_files}; somaxconn {somaxconn()}"
            )
            server = start_app(args, env, folder)
            try:
                print(f"server: {' '.join(server.command[1:])}")
                print(f"  on {url.split('://')[0]}; {server.processes()}")
                asyncio.run(run(args, server, lambda: start_hello(args, env, folder)))
            finally:
                server.stop()
            print(f"load average at the end: {load_average()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
