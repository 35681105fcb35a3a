"""Where the shipped content lives: inside the installed package (``smqt/content`` in a wheel
or a frozen app, found with importlib.resources), or ``content/`` at the top of a source
checkout (an editable install)."""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

from smqt.language.translate import _

SOURCE_CONTENT = Path(__file__).resolve().parents[2] / "content"
"""The content folder of a source checkout (not there in an installed wheel)."""


def _is_content(folder: Path) -> bool:
    return (folder / "base" / "pack.toml").is_file()


@cache
def content_root() -> Path:
    """The folder holding ``base/``, ``variants/``, ``positions/`` and ``FORMAT.md``."""
    try:
        packaged = Path(str(resources.files("smqt") / "content"))
    except (ModuleNotFoundError, TypeError, ValueError):  # pragma: no cover - odd importers
        packaged = None
    if packaged is not None and _is_content(packaged):
        return packaged
    if _is_content(SOURCE_CONTENT):
        return SOURCE_CONTENT
    raise FileNotFoundError(_(
        "the base content pack is missing from this installation (looked in "
        "{packaged} and {source}); reinstall smqt").format(packaged=packaged, source=SOURCE_CONTENT))


def default_pack() -> Path:
    """The base content pack folder."""
    return content_root() / "base"


def example_variants() -> Path:
    """The example house-rule packs (each extends base)."""
    return content_root() / "variants"


def example_positions() -> Path:
    """The example position files for ``smqt score``."""
    return content_root() / "positions"


def shipped_names() -> list[str]:
    """The names a command takes for a shipped pack instead of a folder: ``base`` and each
    example variant's folder name."""
    variants = sorted(f.name for f in example_variants().iterdir() if (f / "pack.toml").is_file())
    return [BASE_NAME, *variants]


def pack_folder(given: str) -> str:
    """``given`` as a pack folder: itself when it names a folder (or anything but a shipped
    name), else the shipped pack of that name (``short-game``: the example variant), so a
    person need not know where an installation keeps its content."""
    if Path(given).exists() or "/" in given or "\\" in given:
        return given
    if given == BASE_NAME:
        return str(default_pack())
    shipped = example_variants() / given
    return str(shipped) if (shipped / "pack.toml").is_file() else given


def format_guide() -> Path:
    """The pack format, written for card authors."""
    return content_root() / "FORMAT.md"


BASE_NAME = "base"
"""The shipped base pack's name (``content/base/pack.toml``)."""


def is_base_pack(name: str, folder: Path | None = None) -> bool:
    """Whether a pack is the shipped base pack: by its folder, or without one by its name."""
    return folder.resolve() == default_pack().resolve() if folder is not None \
        else name == BASE_NAME


def pack_title(name: str, version: str | None = None, folder: Path | None = None) -> str:
    """A pack as a person calls it: the shipped base pack is "the base game" in the language
    in force (``is_base_pack``), any other pack by its name."""
    if is_base_pack(name, folder):
        return _("The base game {version}").format(version=version) if version \
            else _("The base game")
    return f"{name} {version}" if version else name
