"""``pack.toml``, a pack's manifest: its name, version, schema and the pack it extends, each
field checked with a message that says what is allowed."""

from __future__ import annotations

import attrs
from attrs import field

from smqt.engine.effects import shown
from smqt.language.translate import _

SCHEMA = 1
"The only pack schema version this program reads."
MANIFEST = "pack.toml"
"The manifest's file name in a pack folder."


def _not_blank(inst: object, attribute: attrs.Attribute, value: str) -> None:
    if not value.strip():
        raise ValueError(_("must not be empty"))
    if len(value) > 60:
        raise ValueError(_("must have at most {most} characters, got {count}").format(
            most=60, count=len(value)))
    if any(ch < " " or ch == "\x7f" for ch in value):
        raise ValueError(_("must be one line of printable text, got {value}").format(
            value=shown(value)))


_not_blank.max_chars = 60  # type: ignore[attr-defined]  # read by fieldinfo (editor, schema)


def _folder_path(inst: object, attribute: attrs.Attribute, value: str | None) -> None:
    if value is None:
        return
    if not value.strip():
        raise ValueError(_("must name a pack or its folder, such as {name} or {folder}").format(
            name="'base'", folder="'../my-base'"))
    if len(value) > 1000 or any(ch < " " or ch == "\x7f" for ch in value):
        raise ValueError(
            _("must be a folder path of printable characters (at most {most}), got {value}")
            .format(most=1000, value=shown(value))
        )


_folder_path.max_chars = 1000  # type: ignore[attr-defined]


def _description(inst: object, attribute: attrs.Attribute, value: str) -> None:
    if len(value) > 500:
        raise ValueError(_("must have at most {most} characters, got {count}").format(
            most=500, count=len(value)))


_description.max_chars = 500  # type: ignore[attr-defined]


def _known_schema(inst: object, attribute: attrs.Attribute, value: int) -> None:
    if value != SCHEMA:
        raise ValueError(
            _("must be {schema}, the only schema this program reads, got {value}").format(
                schema=SCHEMA, value=shown(value))
        )


@attrs.frozen
class PackManifest:
    """``pack.toml``: what a pack is called and which pack it extends."""

    name: str = field(validator=_not_blank)
    "The pack's name, stored in game records (R12.2)."
    version: str = field(validator=_not_blank)
    "The pack's version, stored in game records."
    schema: int = field(validator=_known_schema)
    "The format version of the pack; 1."
    extends: str | None = field(default=None, validator=_folder_path)
    "The pack it extends: a shipped pack's name (``base``) or a folder relative to this one (``../mine``)."
    description: str = field(default="", validator=_description)
    "A sentence for people choosing a pack."
