"""Unsaved edits kept safe: the text of every file the author changed but has not saved, kept
in the user's data folder (never in the pack) a moment after each change, and offered back when
the pack is opened again after the editor was killed or crashed. Saving, reloading or
discarding the edits removes the snapshot. Qt-free."""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from pathlib import Path
from typing import Any

import attrs

from smqt.files.atomic import atomic_write_text

FOLDER = "editor-autosave"
VERSION = 1


@attrs.frozen
class Snapshot:
    folder: str
    "The pack folder the edits belong to (resolved)."
    kept_at: float
    "When the snapshot was written (seconds since the epoch)."
    texts: dict[str, str]
    "File name -> the whole file as the editor would save it."
    disk: dict[str, str]
    "File name -> a hash of that file on disk when the snapshot was written ('' if absent)."

    def changed_on_disk_since(self) -> list[str]:
        """Files another program changed after the snapshot (recovering puts the snapshot's
        version over theirs, in the editor)."""
        folder = Path(self.folder)
        return [name for name, digest in self.disk.items() if _digest(folder / name) != digest]

    def when(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.kept_at))


def snapshot_path(home: Path, folder: str | Path) -> Path:
    """Where the snapshot of a pack folder lives: one file per folder, named after it."""
    resolved = str(Path(folder).resolve())
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", Path(resolved).name)[:40] or "pack"
    digest = hashlib.sha256(resolved.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return home / FOLDER / f"{name}-{digest}.json"


def write_snapshot(path: Path, folder: str | Path, texts: dict[str, str]) -> None:
    """Keep ``texts`` (the unsaved files) for ``folder``; written atomically."""
    folder = Path(folder).resolve()
    data = {"version": VERSION, "folder": str(folder), "kept_at": time.time(),
            "texts": texts, "disk": {name: _digest(folder / name) for name in texts}}
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, json.dumps(data, ensure_ascii=False, indent=1))


def read_snapshot(path: Path, folder: str | Path) -> Snapshot | None:
    """The snapshot kept for ``folder``, or None (none, unreadable, or another folder's)."""
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    try:
        if data.get("version") != VERSION or \
                data.get("folder") != str(Path(folder).resolve()):
            return None
        texts = {str(k): str(v) for k, v in dict(data["texts"]).items()}
        disk = {str(k): str(v) for k, v in dict(data.get("disk", {})).items()}
        return Snapshot(data["folder"], float(data["kept_at"]), texts, disk)
    except (AttributeError, KeyError, TypeError, ValueError):
        return None


def all_snapshots(home: Path) -> list[Snapshot]:
    """Every readable snapshot whose pack folder still exists, newest first."""
    found = []
    for path in sorted((home / FOLDER).glob("*.json")):
        try:
            folder = json.loads(path.read_text(encoding="utf-8")).get("folder")
        except (OSError, ValueError, AttributeError):
            continue
        if isinstance(folder, str) and Path(folder).is_dir() and \
                snapshot_path(home, folder) == path:
            snapshot = read_snapshot(path, folder)
            if snapshot is not None and snapshot.texts:
                found.append(snapshot)
    return sorted(found, key=lambda s: s.kept_at, reverse=True)


def drop_snapshot(path: Path) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    except OSError:
        pass  # a snapshot that cannot be removed is offered again, never harmful


def _digest(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return ""
