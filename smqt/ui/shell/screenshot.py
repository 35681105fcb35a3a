"""Where ``smqt play --screenshot FILE`` can save its picture, checked before the game starts:
a whole game played for a picture that cannot be saved is a run lost, and the picture's save
says no reason (Qt only answers that it failed)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from PySide6.QtGui import QImageWriter

from smqt.language.translate import _


def picture_types() -> list[str]:
    """The file name endings Qt can save a picture as (``png``, ``jpg``...)."""
    return sorted({bytes(kind.data()).decode("ascii", "replace").lower()
                   for kind in QImageWriter.supportedImageFormats()})


def screenshot_problem(target: str) -> str | None:
    """Why the picture cannot be saved as ``target``, in a sentence, or None when it can."""
    if not target:
        return _("--screenshot needs a file name, such as end.png")
    path = Path(target)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        info = None
    except NotADirectoryError:
        return _("--screenshot {file}: a part of that path is a file, not a folder").format(
            file=target)
    except ValueError:
        return _("--screenshot {file}: a file's name cannot hold a NUL character").format(
            file=repr(target))
    except OSError as exc:  # a link loop, a name too long...
        return _("--screenshot {file} cannot be reached ({reason})").format(
            file=target, reason=exc.strerror or type(exc).__name__)
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            return _("--screenshot {file} is a folder: give a file name, such as {example}").format(
                file=target, example=path / "end.png")
        if not stat.S_ISREG(info.st_mode):
            return _("--screenshot {file} is not a regular file (a device, a pipe or a "
                     "socket)").format(file=target)
    types = picture_types()
    if path.suffix.lower().lstrip(".") not in types:
        return _("--screenshot {file}: the name must end in a picture type, such as .png "
                 "(Qt saves {types})").format(file=target, types=", ".join(types))
    if info is not None:
        if os.access(path, os.W_OK):
            return None
        return _("--screenshot {file} cannot be replaced: it is not writable").format(
            file=target)
    folder = path.parent
    if not os.path.isdir(folder):
        return _("--screenshot {file}: the folder {folder} does not exist").format(
            file=target, folder=folder)
    if not os.access(folder, os.W_OK | os.X_OK):
        return _("--screenshot {file}: the folder {folder} cannot be written").format(
            file=target, folder=folder)
    return None
