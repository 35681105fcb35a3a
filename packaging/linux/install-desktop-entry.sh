#!/usr/bin/env bash
# Adds Santa Monica to this user's desktop menu and opens .smqt saved games with it.
# Run it from the unpacked folder: ./install-desktop-entry.sh   (--remove takes it away again)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
data="${XDG_DATA_HOME:-$HOME/.local/share}"
apps="$data/applications"
if [[ "${1:-}" == "--remove" ]]; then
    rm -f "$apps/smqt.desktop" "$apps/smqt-editor.desktop" "$data/mime/packages/smqt.xml" \
          "$data/icons/hicolor/256x256/apps/smqt.png"
    update-mime-database "$data/mime" 2>/dev/null || true
    echo "removed the desktop entries"
    exit 0
fi
mkdir -p "$apps" "$data/mime/packages" "$data/icons/hicolor/256x256/apps"
for name in smqt smqt-editor; do
    # the entry names this folder's program, quoted for a path with spaces
    sed "s|^Exec=$name |Exec=\"$here/$name\" |" "$here/share/$name.desktop" > "$apps/$name.desktop"
done
cp "$here/share/smqt-mime.xml" "$data/mime/packages/smqt.xml"
cp "$here/share/smqt.png" "$data/icons/hicolor/256x256/apps/smqt.png"
update-mime-database "$data/mime" 2>/dev/null || true
update-desktop-database "$apps" 2>/dev/null || true
xdg-mime default smqt.desktop application/x-smqt-game 2>/dev/null || true
echo "Santa Monica is in your desktop menu; .smqt saved games open with it"
