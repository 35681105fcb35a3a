"""When Qt cannot start its window system plugin (on Linux: ``xcb``, the X11 one), say why in
words a person can act on: the system libraries the plugin lacks (read with ``ldd``) and the
one ``apt`` line that installs them, or that there is no display to show a window on. Qt's own
message names only one library, and names it even when that one is installed."""

from __future__ import annotations

import importlib
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import TextIO

from smqt.language.translate import _

PLUGIN_NOT_LOADED = re.compile(
    r'Could not load the Qt platform plugin "([\w-]+)"')  # not translated: Qt's message
NO_PLUGIN = "no Qt platform plugin could be initialized"  # not translated: Qt's message
XCB_CURSOR_GUESS = (
    "From 6.5.0, xcb-cursor0 or libxcb-cursor0 is needed")  # not translated: Qt's message
"""Qt's warning whenever its xcb plugin does not load, whichever library is missing."""

DEBIAN_PACKAGES = {
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libOpenGL.so.0": "libopengl0",
    "libGLX.so.0": "libglx0",
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libdbus-1.so.3": "libdbus-1-3",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libSM.so.6": "libsm6",
    "libICE.so.6": "libice6",
    "libbrotlicommon.so.1": "libbrotli1",
    "libbrotlidec.so.1": "libbrotli1",
}
"""Debian and Ubuntu packages of libraries whose names do not follow the usual rule."""


def missing_libraries(plugin: Path) -> list[str] | None:
    """The shared libraries ``plugin`` needs that the system does not have (by ``ldd``), or
    None when that cannot be found out (no ``ldd``, not Linux, no such file)."""
    ldd = shutil.which("ldd")
    if ldd is None or not sys.platform.startswith("linux") or not plugin.is_file():
        return None
    try:
        result = subprocess.run([ldd, str(plugin)], capture_output=True, text=True, timeout=20,
                                stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        return None
    return not_found(result.stdout)


def not_found(ldd_output: str) -> list[str]:
    """The system libraries ``ldd`` reports as ``not found``, each once, in its order (Qt's
    own libraries, which come with PySide6 or not at all, are left out)."""
    found: list[str] = []
    for line in ldd_output.splitlines():
        name, arrow, where = line.strip().partition("=>")
        name = name.strip()
        missing = where.strip() == "not found"  # not translated: what ldd says
        if arrow and missing and name not in found and not name.startswith("libQt6"):
            found.append(name)
    return found


def debian_package(soname: str) -> str:
    """The Debian/Ubuntu package that holds ``soname``: ``libxcb-icccm.so.4`` is in
    ``libxcb-icccm4``, ``libxkbcommon-x11.so.0`` in ``libxkbcommon-x11-0`` (the library
    packaging rule: the name, then the version, a hyphen between two digits)."""
    if soname in DEBIAN_PACKAGES:
        return DEBIAN_PACKAGES[soname]
    match = re.fullmatch(r"(.+?)\.so\.(\d+)(?:\..*)?", soname)
    if match is None:
        return soname
    name, version = match[1].lower().replace("_", "-"), match[2]  # no "_" in package names
    return f"{name}-{version}" if name[-1].isdigit() else f"{name}{version}"


def plugin_file(plugin: str) -> Path:
    from PySide6.QtCore import QLibraryInfo

    folder = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath)) / "platforms"
    return folder / f"libq{plugin}.so"


def install_help(plugin: str | None, missing: list[str]) -> str:
    """The missing libraries (of Qt's ``plugin``, or of Qt itself for None) and the one apt
    line that installs them."""
    packages = " ".join(dict.fromkeys(debian_package(name) for name in missing))
    libraries = ", ".join(missing)
    if plugin is None:
        first = _("smqt: the window cannot open: Qt needs system libraries this computer lacks: "
                  "{libraries}.").format(libraries=libraries)
    else:
        first = _("smqt: the window cannot open: Qt's {plugin} plugin needs system libraries "
                  "this computer lacks: {libraries}.").format(plugin=plugin, libraries=libraries)
    # Translators: keep the line "    sudo apt install {packages}" as it is (a command)
    return first + "\n" + _("On Debian or Ubuntu, install them with:\n"
                            "    sudo apt install {packages}\n"
                            "(elsewhere, install the packages that hold these files), then start "
                            "smqt again.\n").format(packages=packages)


def platform_help(plugin: str) -> str:
    """What to do when Qt's ``plugin`` cannot start (lines for the error stream)."""
    missing = missing_libraries(plugin_file(plugin))
    if missing:
        return install_help(plugin, missing)
    if plugin == "xcb" and not os.environ.get("DISPLAY"):
        return _("smqt: the window cannot open: there is no display (DISPLAY is not set). Start "
                 "smqt from a desktop session; automated runs can use "
                 "QT_QPA_PLATFORM=offscreen.") + "\n"
    return _("smqt: the window cannot open: Qt's {plugin} plugin did not start (see Qt's "
             "message above). QT_QPA_PLATFORM chooses another plugin, e.g. wayland or "
             "xcb.").format(plugin=plugin) + "\n"


QT_MODULES = ("QtCore", "QtGui", "QtWidgets", "QtNetwork")
"""The Qt modules the table and the editor use."""


def qt_loads(err: TextIO) -> bool:
    """Whether Qt's modules load; when a system library they need is missing, say which ones
    (with the xcb plugin's, so that one apt line installs everything) on ``err``."""
    try:
        for module in QT_MODULES:
            importlib.import_module(f"PySide6.{module}")
    except ImportError as exc:
        err.write(qt_import_help(exc))
        return False
    return True


def qt_import_help(exc: ImportError) -> str:
    spec = importlib.util.find_spec("PySide6")
    folder = Path(spec.origin).parent if spec is not None and spec.origin else None
    missing: list[str] = []
    if folder is not None:
        files = [*(folder / f"{module}.abi3.so" for module in QT_MODULES),
                 folder / "Qt" / "plugins" / "platforms" / "libqxcb.so"]
        for file in files:
            for name in missing_libraries(file) or []:
                if name not in missing:
                    missing.append(name)
    if missing:
        return install_help(None, missing)
    return _("smqt: Qt cannot be loaded ({error}); reinstalling smqt may help.").format(
        error=exc) + "\n"
