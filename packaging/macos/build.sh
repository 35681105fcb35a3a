#!/usr/bin/env bash
# Builds the macOS disk image of Santa Monica: dist/smqt-VERSION-macos-ARCH.dmg (ARCH from
# `uname -m`: arm64 on Apple silicon, x86_64 on Intel), holding "Santa Monica.app" (the table;
# the content editor smqt-editor sits beside it in Contents/MacOS) and a link to /Applications.
#
# From a fresh virtual environment (packaging/build/venv) with smqt installed from the source
# (not editable) and PyInstaller: draws the icon, freezes both apps (dist/smqt/ and
# dist/Santa Monica.app), smoke-tests them offscreen and makes the image with hdiutil.
# Needs python3 (3.11+, of the machine's architecture) and the network to PyPI; iconutil,
# codesign, ditto and hdiutil come with macOS (notarizing needs Xcode's xcrun). Run from anywhere:
#
#     bash packaging/macos/build.sh
#
# SMQT_PYTHON picks the Python (default python3); SMQT_SKIP_SMOKE=1 skips the smoke tests.
#
# Signing. Without SMQT_CODESIGN_IDENTITY the app keeps PyInstaller's ad hoc signature ("-",
# checked here, and made again should it not hold): Apple silicon runs nothing unsigned, and a
# sound signature over the whole bundle keeps macOS from calling a downloaded copy "damaged".
# Gatekeeper still refuses an app that is not signed with a Developer ID and notarized: the
# first time, Control-click (right-click) the app > Open > Open; from macOS 15 on, open it once,
# then System Settings > Privacy & Security > "Open Anyway".
# (Or, for a copy you trust: xattr -dr com.apple.quarantine "/Applications/Santa Monica.app".)
#   SMQT_CODESIGN_IDENTITY="Developer ID Application: NAME (TEAMID)" signs with that identity
#     (hardened runtime, secure timestamp), the app and then the image;
#   SMQT_CODESIGN_ENTITLEMENTS=path.plist adds entitlements to that signature;
#   SMQT_NOTARY_PROFILE=NAME (a profile stored with `xcrun notarytool store-credentials`) also
#     notarizes the signed image and staples the ticket to it.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="$root/packaging/build"
dist="$root/dist"
python="${SMQT_PYTHON:-python3}"
app="$dist/Santa Monica.app"

if [[ "$(uname -s)" != "Darwin" ]]; then
    echo "packaging/macos/build.sh runs on macOS only" >&2
    exit 2
fi
mkdir -p "$build" "$dist"
rm -rf "$build/venv" "$build/work" "$build/dmg" "$dist/smqt" "$app"

echo "== build environment: smqt with its cluster extra installed from the source (not editable), and PyInstaller"
"$python" -m venv "$build/venv"
venv_python="$build/venv/bin/python"
"$venv_python" -m pip install -q --upgrade pip
"$venv_python" -m pip install -q "${root}[cluster]" "pyinstaller>=6.3,<7"
version="$("$venv_python" -c 'import smqt; print(smqt.__version__)')"
arch="$(uname -m)"
python_arch="$("$venv_python" -c 'import platform; print(platform.machine())')"
if [[ "$python_arch" != "$arch" ]]; then
    echo "the build Python runs as $python_arch on this $arch machine: use a native Python" >&2
    exit 1
fi

echo "== icon"
QT_QPA_PLATFORM=offscreen "$venv_python" "$root/packaging/icon.py" --out "$build/icon"
if [[ ! -f "$build/icon/smqt.icns" ]]; then
    # the .icns from the PNGs with Apple's iconutil (each size and its @2x twin)
    iconset="$build/smqt.iconset"
    rm -rf "$iconset"
    mkdir -p "$iconset"
    for size in 16 32 128 256 512; do
        cp "$build/icon/smqt-$size.png" "$iconset/icon_${size}x${size}.png"
        cp "$build/icon/smqt-$((size * 2)).png" "$iconset/icon_${size}x${size}@2x.png"
    done
    iconutil --convert icns --output "$build/icon/smqt.icns" "$iconset"
fi

echo "== PyInstaller (smqt $version, $arch)"
# from the build folder, so that nothing of the source tree shadows the installed package
(cd "$build" && "$venv_python" -m PyInstaller "$root/packaging/smqt.spec" --noconfirm \
    --log-level WARN --distpath "$dist" --workpath "$build/work")
for program in smqt smqt-editor; do
    if [[ ! -x "$app/Contents/MacOS/$program" ]]; then
        echo "PyInstaller made no $app/Contents/MacOS/$program" >&2
        exit 1
    fi
done

echo "== signature"
if [[ -n "${SMQT_CODESIGN_IDENTITY:-}" ]]; then
    # --deep signs the nested code with the same options; should notarization reject some of
    # it, sign inside out instead (each Mach-O file, then the frameworks, then the app)
    sign=(codesign --force --deep --timestamp --options runtime --sign "$SMQT_CODESIGN_IDENTITY")
    if [[ -n "${SMQT_CODESIGN_ENTITLEMENTS:-}" ]]; then
        sign+=(--entitlements "$SMQT_CODESIGN_ENTITLEMENTS")
    fi
    "${sign[@]}" "$app"
    codesign --verify --deep --strict "$app"
elif ! codesign --verify --deep --strict "$app"; then
    # PyInstaller signs the bundle ad hoc; should that signature not hold, sign it again
    codesign --force --deep --sign - "$app"
    codesign --verify --deep --strict "$app"
fi

if [[ "${SMQT_SKIP_SMOKE:-0}" != "1" ]]; then
    echo "== smoke test"
    QT_QPA_PLATFORM=offscreen "$venv_python" "$root/packaging/smoke.py" "$dist/smqt"
    # smoke.py tests the plain folder; the bundle (what ships) must start and play too
    check="$(mktemp -d)"
    trap 'rm -rf "$check"' EXIT
    export QT_QPA_PLATFORM=offscreen SMQT_HOME="$check/home" SMQT_MOTION=off
    bundled="$("$app/Contents/MacOS/smqt" --version)"
    if [[ "$bundled" != "smqt $version" ]]; then
        echo "the bundle's smqt --version says '$bundled', expected 'smqt $version'" >&2
        exit 1
    fi
    (cd "$check" && "$app/Contents/MacOS/smqt" play --players ai:medium,ai:easy --seed 7 \
        --autoplay --quit --screenshot "$check/end.png")
    (cd "$check" && "$app/Contents/MacOS/smqt-editor" --screenshot "$check/editor.png" --quit)
    for shot in end editor; do
        if [[ ! -s "$check/$shot.png" ]]; then
            echo "the bundle wrote no $shot.png" >&2
            exit 1
        fi
    done
    unset QT_QPA_PLATFORM SMQT_HOME SMQT_MOTION
    echo "  ok  Santa Monica.app starts, plays a game to its end and opens the editor"
fi

echo "== disk image"
dmg="$dist/smqt-$version-macos-$arch.dmg"
stage="$build/dmg"
mkdir -p "$stage"
ditto "$app" "$stage/Santa Monica.app"
ln -s /Applications "$stage/Applications"
# hdiutil now and then fails with "Resource busy" on a busy machine: it gets three tries
for try in 1 2 3; do
    if hdiutil create -volname "Santa Monica" -srcfolder "$stage" -ov -format UDZO "$dmg"; then
        break
    elif [[ "$try" == 3 ]]; then
        echo "hdiutil could not make $dmg" >&2
        exit 1
    fi
    sleep 10
done
rm -rf "$stage"
if [[ -n "${SMQT_CODESIGN_IDENTITY:-}" ]]; then
    codesign --force --timestamp --sign "$SMQT_CODESIGN_IDENTITY" "$dmg"
    if [[ -n "${SMQT_NOTARY_PROFILE:-}" ]]; then
        xcrun notarytool submit "$dmg" --keychain-profile "$SMQT_NOTARY_PROFILE" --wait
        xcrun stapler staple "$dmg"
    fi
fi
echo "$(basename "$dmg"): $(du -m "$dmg" | cut -f1) MB"
