"""The README's examples run as written, and the installed bindings were
made from the headers in this tree (docs/design.md, "The Python package")."""
import importlib.util
import os
import re
import subprocess
import sys

import astar
from conftest import ROOT

README = os.path.join(ROOT, "python", "README.md")


def python_blocks(path):
    with open(path, encoding="utf-8") as f:
        return re.findall(r"```python\n(.*?)```", f.read(), re.S)


def test_readme_examples_run_as_written(tmp_path):
    blocks = python_blocks(README)
    assert blocks, "no ```python block in " + README
    # The first is the three-line example.
    assert len(blocks[0].strip().splitlines()) == 3
    for i, block in enumerate(blocks):
        # Each in a new interpreter, in an empty folder, as a reader would.
        out = subprocess.run([sys.executable, "-c", block], cwd=tmp_path, capture_output=True,
                             text=True, env={**os.environ, "ASTAR_BENCH_DIR": os.environ.get(
                                 "ASTAR_BENCH_DIR", "")})
        assert out.returncode == 0, "README block %d:\n%s\n%s" % (i + 1, block, out.stderr)
        assert out.stdout.strip(), "README block %d printed nothing" % (i + 1)


def test_main_readme_links_the_package():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        assert "python/README.md" in f.read()


def builder():
    """python/astar_build.py, loaded as a file (the package itself is not
    importable from the source tree)."""
    spec = importlib.util.spec_from_file_location(
        "astar_build_under_test", os.path.join(ROOT, "python", "astar_build.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_installed_bindings_match_the_headers():
    build = builder()
    digest = astar._astar.ffi.string(astar._lib.pyastar_cdef_digest()).decode()
    assert digest == build.digest(build.cdef()), \
        "the installed package was built from other headers: pip install ./python again"


def test_every_public_function_is_bound():
    names = set()
    for header in os.listdir(os.path.join(ROOT, "include", "astar")):
        with open(os.path.join(ROOT, "include", "astar", header), encoding="utf-8") as f:
            names |= set(re.findall(r"ASTAR_API\s[^;(]*?\b(astar_\w+)\s*\(", f.read()))
    assert len(names) > 100
    missing = sorted(n for n in names if not hasattr(astar._lib, n))
    assert not missing


def test_library_sources_are_cmakes():
    build = builder()
    with open(os.path.join(ROOT, "cmake", "sources.cmake"), encoding="utf-8") as f:
        listed = set(re.findall(r"src/\S+\.c", f.read()))
    found = {os.path.relpath(os.path.join(d, f), ROOT) for d, _, fs in
             os.walk(os.path.join(ROOT, "src")) for f in fs if f.endswith(".c")}
    assert {os.path.relpath(p, ROOT) for p in build.library_sources()} == listed == found
