"""Content packs: reading a pack folder (its manifest, entries files, ``extends`` and
``remove``) into the engine's ``Catalog`` with every problem named by file, entry and key, and
warnings about what a pack that loads may still get wrong (``packwarnings``);
writing packs back as TOML; the JSON Schema and the field help made from the content classes;
what a pack needs to set up games; deck statistics; where the shipped packs are; where a pack's
``extends`` leads (a folder, or a pack's name: ``extends``); a pack carried
by value to a simulation worker and loaded there from its files (``packsource``); what a
variant changes against its base, as changes one can apply one by one (``changes``).

May import ``smqt.engine`` and ``smqt.files``."""
