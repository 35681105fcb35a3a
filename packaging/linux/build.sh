#!/usr/bin/env bash
# Builds the Linux folder of both apps (dist/smqt/), smoke-tests it offscreen and packs it as
# dist/smqt-VERSION-linux-ARCH.tar.gz (and an AppImage when appimagetool is on the PATH).
# Needs python3 (3.11+) with venv and the network to PyPI; run from anywhere:
#
#     bash packaging/linux/build.sh
#
# SMQT_PYTHON picks the Python (default python3); SMQT_SKIP_SMOKE=1 skips the smoke test;
# SMQT_KEEP_VENV=1 keeps the build environment of the last run (smqt is installed again).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="$root/packaging/build"
dist="$root/dist"
python="${SMQT_PYTHON:-python3}"
mkdir -p "$build" "$dist"
rm -rf "$build/work" "$dist/smqt"
venv_python="$build/venv/bin/python"

echo "== build environment: smqt with its cluster extra installed from the source (not editable), and PyInstaller"
if [[ "${SMQT_KEEP_VENV:-0}" == "1" && -x "$venv_python" ]]; then
    "$venv_python" -m pip install -q "${root}[cluster]"
    "$venv_python" -m pip install -q --force-reinstall --no-deps "$root"
else
    rm -rf "$build/venv"
    "$python" -m venv "$build/venv"
    "$venv_python" -m pip install -q --upgrade pip
    "$venv_python" -m pip install -q "${root}[cluster]" "pyinstaller>=6.3,<7"
fi
version="$("$venv_python" -c 'import smqt; print(smqt.__version__)')"
arch="$(uname -m)"

echo "== icon"
QT_QPA_PLATFORM=offscreen "$venv_python" "$root/packaging/icon.py" --out "$build/icon"

echo "== PyInstaller (smqt $version, $arch)"
# from the build folder, so that nothing of the source tree shadows the installed package
(cd "$build" && "$build/venv/bin/pyinstaller" "$root/packaging/smqt.spec" --noconfirm \
    --log-level WARN --distpath "$dist" --workpath "$build/work")

echo "== desktop files"
mkdir -p "$dist/smqt/share"
cp "$root/packaging/smqt.desktop" "$root/packaging/smqt-editor.desktop" \
   "$root/packaging/smqt-mime.xml" "$dist/smqt/share/"
cp "$build/icon/smqt-256.png" "$dist/smqt/share/smqt.png"
cp "$root/packaging/linux/install-desktop-entry.sh" "$dist/smqt/"

if [[ "${SMQT_SKIP_SMOKE:-0}" != "1" ]]; then
    echo "== smoke test"
    QT_QPA_PLATFORM=offscreen "$venv_python" "$root/packaging/smoke.py" "$dist/smqt"
fi

echo "== archive"
tarball="$dist/smqt-$version-linux-$arch.tar.gz"
tar -C "$dist" -czf "$tarball" smqt
echo "$(basename "$tarball"): $(du -m "$tarball" | cut -f1) MB compressed, $(du -sm "$dist/smqt" | cut -f1) MB unpacked"

if command -v appimagetool >/dev/null 2>&1; then
    echo "== AppImage"
    appdir="$build/Santa_Monica.AppDir"
    rm -rf "$appdir"
    mkdir -p "$appdir/usr"
    cp -a "$dist/smqt" "$appdir/usr/smqt"
    cp "$root/packaging/smqt.desktop" "$appdir/smqt.desktop"
    cp "$build/icon/smqt-256.png" "$appdir/smqt.png"
    cat > "$appdir/AppRun" <<'RUN'
#!/bin/sh
here="$(dirname "$(readlink -f "$0")")"
case "$1" in
    editor) shift; exec "$here/usr/smqt/smqt-editor" "$@" ;;
    *) exec "$here/usr/smqt/smqt" "$@" ;;
esac
RUN
    chmod +x "$appdir/AppRun"
    appimage="$dist/smqt-$version-linux-$arch.AppImage"
    ARCH="$arch" appimagetool "$appdir" "$appimage"
    echo "$(basename "$appimage"): $(du -m "$appimage" | cut -f1) MB"
else
    echo "(no appimagetool on the PATH: no AppImage)"
fi
