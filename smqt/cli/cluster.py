"""``smqt cluster scheduler`` and ``smqt cluster worker ADDRESS``: a Dask cluster for
``smqt sim --cluster`` served by smqt itself (``smqt.sim.cluster.host``), so the installed app
needs no ``dask`` command."""

from __future__ import annotations

import argparse
import sys

from smqt.cli.arguments import scheduler_address
from smqt.language.translate import _


def _port(text: str) -> int:
    if not text.strip().isascii() or not text.strip().isdigit() or not 0 < int(text) < 65536:
        raise argparse.ArgumentTypeError(
            _("{value} is no port: give a whole number from 1 to 65535").format(value=text))
    return int(text)


def _processes(text: str) -> int:
    from smqt.sim.cluster.host import most_processes

    most = most_processes()
    if not text.strip().isascii() or not text.strip().isdigit() or not 0 < int(text) <= most:
        raise argparse.ArgumentTypeError(
            _("{value}: give a whole number of processes from 1 to {most} (four per core)")
            .format(value=text, most=most))
    return int(text)


def _host(text: str) -> str:
    """An address of this machine to listen on: a host name, an IPv4 or an IPv6 address."""
    from smqt.sim.run.runner import is_host

    host = text.strip()
    bare_ipv6 = host.count(":") >= 2 and all(c in "0123456789abcdefABCDEF:." for c in host)
    if not (is_host(host) or bare_ipv6):
        raise argparse.ArgumentTypeError(
            _("{value} is no address of this machine: give a host name or an IP address, "
              "without a port (that is --port)").format(value=text))
    return host if is_host(host) else f"[{host}]"  # Dask takes IPv6 in brackets


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value <= 86400:
        raise argparse.ArgumentTypeError(
            _("{value}: give a number of seconds above 0, at most 86400").format(value=text))
    return value


def add(sub: argparse._SubParsersAction) -> None:
    from smqt.sim.cluster.host import WAIT_SECONDS
    from smqt.sim.run.runner import DEFAULT_PORT

    cluster = sub.add_parser(
        "cluster", help=_("serve a Dask cluster for smqt sim --cluster: a scheduler, and workers "
                          "on each machine"))
    parts = cluster.add_subparsers(dest="part", metavar=_("PART"), required=True)
    scheduler = parts.add_parser(
        "scheduler", help=_("run the scheduler that workers join and smqt sim --cluster talks to"))
    scheduler.add_argument("--port", type=_port, default=DEFAULT_PORT,
                           help=_("the port to listen on (default {port})").format(port=DEFAULT_PORT))
    scheduler.add_argument("--host", default=None, type=_host,
                           help=_("listen on this address only (default: every network interface)"))
    worker = parts.add_parser(
        "worker", help=_("run this machine's worker processes for a scheduler"))
    worker.add_argument("address", type=scheduler_address, metavar="tcp://HOST:PORT",
                        help=_("the scheduler's address, as the scheduler printed it"))
    worker.add_argument("--processes", type=_processes, default=None, metavar="N",
                        help=_("worker processes of one thread each (default: one per core)"))
    worker.add_argument("--wait", type=_seconds, default=WAIT_SECONDS, metavar=_("SECONDS"),
                        help=_("how long to wait for the scheduler to answer (default {seconds})")
                        .format(seconds=round(WAIT_SECONDS)))


def run(args: argparse.Namespace) -> int:
    from smqt.sim.cluster.host import StartFailed, serve_scheduler, serve_workers
    from smqt.sim.run.runner import ClusterUnavailable, default_jobs

    def say(line: str) -> None:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    try:
        if args.part == "scheduler":
            serve_scheduler(args.host, args.port, say)
        else:
            serve_workers(args.address, args.processes or default_jobs(), say, args.wait)
    except (ClusterUnavailable, StartFailed) as exc:
        sys.stderr.write(f"smqt cluster: {exc}\n")  # not translated: the program's name
        return 1 if isinstance(exc, StartFailed) else 2
    return 0
