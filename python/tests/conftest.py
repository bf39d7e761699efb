"""What the tests of the installed package share: where the benchmark and
the native CLI are, the CLI run and read, a sample of benchmark problems."""
import os
import re
import subprocess

import pytest

import astar

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BENCH = os.environ.get("ASTAR_BENCH_DIR", os.path.join(os.path.dirname(ROOT), "shared", "bench"))
CLI = os.environ.get("ASTAR_CLI", os.path.join(ROOT, "build", "astar"))


def _one_per_set():
    """The Makefile's BENCH_ONE_PER_SET: one map of each benchmark set."""
    with open(os.path.join(ROOT, "Makefile"), encoding="utf-8") as f:
        text = f.read().replace("\\\n", " ")
    return re.search(r"^BENCH_ONE_PER_SET\s*=(.*)$", text, re.M).group(1).split()


ONE_PER_SET = _one_per_set()


def pytest_report_header(config):
    return "astar from %s; CLI %s; bench %s" % (os.path.dirname(astar.__file__), CLI, BENCH)


def pytest_sessionstart(session):
    # The package under test is the installed one, never the source tree.
    source = os.path.join(ROOT, "python", "astar")
    if os.path.realpath(os.path.dirname(astar.__file__)) == os.path.realpath(source):
        raise pytest.UsageError("astar was imported from the source tree (%s), not an install"
                                % source)


def need(path, what):
    if not os.path.exists(path):
        pytest.fail("%s is missing: %s" % (what, path))
    return path


def bench_map(name):
    return need(os.path.join(BENCH, "maps", name + ".map"), "benchmark map")


def scenario(name, count):
    """count problems of the map's scenario file, spread over its lines (so
    over its buckets, short to long): [(sx, sy, gx, gy, optimal)]."""
    path = need(os.path.join(BENCH, "scen", name + ".map.scen"), "scenario file")
    with open(path) as f:
        rows = [line.split() for line in f.read().splitlines()[1:] if line.strip()]
    picks = [rows[(len(rows) - 1) * k // max(1, count - 1)] for k in range(count)]
    return [(int(r[4]), int(r[5]), int(r[6]), int(r[7]), float(r[8])) for r in picks]


_PATH = re.compile(r"^path: (\d+) (?:cells|points), (?:cost (\d+) \(distance ([\d.]+)\)|"
                   r"length ([\d.]+)), (\d+) ", re.M)
_FAILED = re.compile(r"^(.*) \((\d+) [a-z ]*expanded\)$", re.M)


def run_cli(*args):
    """Runs `astar path ...` quietly: {"message": the status's text, or
    None for a path, "partial": the partial status's text or None,
    "cells", "cost", "distance", "expanded"}."""
    need(CLI, "the native CLI (build/astar)")
    out = subprocess.run([CLI, "path", *map(str, args), "-q"], capture_output=True, text=True)
    m = _PATH.search(out.stdout)
    if m:
        partial = re.search(r"^partial: (.*)$", out.stdout, re.M)
        return {"message": None, "partial": partial.group(1) if partial else None,
                "cells": int(m.group(1)), "cost": int(m.group(2) or 0),
                "distance": float(m.group(3) or m.group(4)), "expanded": int(m.group(5))}
    m = _FAILED.search(out.stdout)
    if not m:
        raise AssertionError("astar path %s: no answer read from:\n%s%s"
                             % (" ".join(map(str, args)), out.stdout, out.stderr))
    return {"message": m.group(1), "expanded": int(m.group(2))}


def status_message(status):
    """The library's text for a status name, as the CLI prints it."""
    lib = astar._lib
    return astar._astar.ffi.string(
        lib.astar_status_message(getattr(lib, "ASTAR_" + status))).decode()
