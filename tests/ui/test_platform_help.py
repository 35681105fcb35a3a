"""When Qt's window system plugin cannot start (issue 25 #7), smqt says which system libraries
are missing and the one apt line that installs them, or that there is no display, and exits
with status 1 instead of Qt's abort with a misleading guess."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from smqt.desktop.platformhelp import debian_package, not_found

LDD = """\
\tlinux-vdso.so.1 (0x00007ffd7a3f2000)
\tlibQt6XcbQpa.so.6 => /venv/PySide6/Qt/lib/libQt6XcbQpa.so.6 (0x00007f0e4a400000)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-keysyms.so.1 => not found
\tlibxcb-cursor.so.0 => /lib/x86_64-linux-gnu/libxcb-cursor.so.0 (0x00007f0e4a3f0000)
\tlibxcb-icccm.so.4 => not found
\tlibxkbcommon-x11.so.0 => not found
"""


def test_the_missing_libraries_are_read_from_ldd_each_once():
    assert not_found(LDD) == ["libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libxkbcommon-x11.so.0"]
    assert not_found("\tlibc.so.6 => /lib/libc.so.6 (0x1)\n") == []


@pytest.mark.parametrize(("soname", "package"), [
    ("libxcb-icccm.so.4", "libxcb-icccm4"),
    ("libxcb-keysyms.so.1", "libxcb-keysyms1"),
    ("libxcb-cursor.so.0", "libxcb-cursor0"),
    ("libxcb-render-util.so.0", "libxcb-render-util0"),
    ("libxkbcommon-x11.so.0", "libxkbcommon-x11-0"),
    ("libX11-xcb.so.1", "libx11-xcb1"),
    ("libEGL.so.1", "libegl1"),
    ("libfontconfig.so.1", "libfontconfig1"),
    ("libgssapi_krb5.so.2", "libgssapi-krb5-2"),
    ("libbrotlidec.so.1", "libbrotli1"),
])
def test_each_library_is_named_by_its_debian_package(soname, package):
    assert debian_package(soname) == package


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Qt's xcb plugin is Linux's")
def test_a_window_that_cannot_open_says_what_to_do_and_exits(tmp_path):
    """No display here: on a system with the libraries smqt says so; without them, it lists
    them with the apt line. Either way smqt's own words, status 1, no abort."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(QT_QPA_PLATFORM="xcb", SMQT_HOME=str(tmp_path / "home"))
    result = subprocess.run([sys.executable, "-m", "smqt", "play", "--autoplay", "--quit"],
                            env=env, capture_output=True, text=True, timeout=120,
                            stdin=subprocess.DEVNULL)
    assert result.returncode == 1, result.stderr
    assert "smqt: the window cannot open" in result.stderr
    assert "sudo apt install lib" in result.stderr or "there is no display" in result.stderr
    assert "xcb-cursor0 or libxcb-cursor0 is needed" not in result.stderr, "Qt's guess"
    assert "Traceback" not in result.stderr


def test_qt_that_does_not_load_lists_what_it_lacks(monkeypatch):
    """On a minimal system even ``import PySide6.QtCore`` fails (libglib-2.0 is missing):
    smqt lists every library Qt and its xcb plugin lack, before Qt's own ImportError."""
    import io

    from smqt.desktop import platformhelp

    def fail(name: str):
        raise ImportError("libglib-2.0.so.0: cannot open shared object file")

    seen = []
    monkeypatch.setattr(platformhelp.importlib, "import_module", fail)
    monkeypatch.setattr(platformhelp, "missing_libraries",
                        lambda path: seen.append(path.name) or ["libglib-2.0.so.0", "libxcb.so.1"])
    err = io.StringIO()
    assert not platformhelp.qt_loads(err)
    assert "sudo apt install libglib2.0-0 libxcb1\n" in err.getvalue()
    assert seen == ["QtCore.abi3.so", "QtGui.abi3.so", "QtWidgets.abi3.so", "QtNetwork.abi3.so",
                    "libqxcb.so"]
