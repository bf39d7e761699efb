"""astar's Python package, built from the repository's C sources.

    pip install ./python        (from the repository's root)

There is deliberately no pyproject.toml: with one, pip builds in an
isolated environment and downloads setuptools into it, which needs PyPI.
Without it pip runs this file with the setuptools, wheel and cffi the
environment already has (Debian's, in a venv made with
--system-site-packages). docs/design.md, "The Python package", says more.
"""
import os
import sys
from concurrent.futures import ThreadPoolExecutor

from setuptools import setup
from setuptools.command.build_ext import build_ext

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import astar_build  # noqa: E402  (next to this file, not installed)

# The library is compiled as the C11 it is written in, its symbols kept
# inside the extension module.
LIBRARY_FLAGS = ["-std=c11", "-O2", "-g0", "-fvisibility=hidden", "-Wall", "-Wextra", "-Wpedantic"]


class build_ext_with_library(build_ext):
    """Compiles libastar's sources into the extension, in parallel: jps.c
    alone takes half a minute, and setuptools compiles one file at a time."""

    def build_extension(self, ext):
        sources = astar_build.library_sources()
        for source in sources:
            rel = os.path.relpath(source, astar_build.ROOT)
            os.makedirs(os.path.join(self.build_temp, os.path.dirname(rel)), exist_ok=True)

        def compile_one(source):
            rel = os.path.relpath(source, astar_build.ROOT)
            obj = os.path.join(self.build_temp,
                               os.path.splitext(rel)[0] + self.compiler.obj_extension)
            if not (os.path.exists(obj) and os.path.getmtime(obj) >= newest_input(source)):
                self.compiler.compile([source], output_dir=self.build_temp, macros=[],
                                      include_dirs=[astar_build.INCLUDE, astar_build.SRC],
                                      extra_postargs=LIBRARY_FLAGS)
                # distutils names the object after the whole absolute path
                # under output_dir; keep one name, relative to the root.
                built = self.compiler.object_filenames([source], output_dir=self.build_temp)[0]
                if os.path.abspath(built) != os.path.abspath(obj):
                    os.replace(built, obj)
            return obj

        with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
            ext.extra_objects = list(pool.map(compile_one, sources)) + list(ext.extra_objects or [])
        super().build_extension(ext)


def newest_input(source):
    """The newest of a source and every header it could include."""
    newest = os.path.getmtime(source)
    for top in (astar_build.INCLUDE, astar_build.SRC):
        for d, _, files in os.walk(top):
            for f in files:
                if f.endswith(".h"):
                    newest = max(newest, os.path.getmtime(os.path.join(d, f)))
    return newest


ffibuilder = astar_build.make()

setup(
    name="astar",
    version="0.1.0",
    description="A* pathfinding on square and hex grids (libastar through cffi, NumPy in and out)",
    packages=["astar"],
    python_requires=">=3.9",
    install_requires=["cffi", "numpy"],
    cmdclass={"build_ext": build_ext_with_library},
    ext_modules=[ffibuilder.distutils_extension(
        os.path.join("build", "cffi-source"))],
    zip_safe=False,
)
