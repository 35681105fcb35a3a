# ruff: noqa: E501
"""Field help of the content classes, generated from the docstrings under their fields
by ``python -m smqt.pack.fieldinfo --write`` (a test checks it is up to date; a
frozen app has no sources to read them from). Do not edit by hand."""

FIELD_DOCS: dict[str, dict[str, str]] = {
    'smqt.engine.content:FeatureCard': {
        'id': 'Unique id, used by saves, positions and variants.',
        'name': 'The name printed on the card.',
        'row': '``beach`` cards go in the top row, ``street`` cards in the bottom row (R4.1).',
        'tags': 'Location tags; a tag may repeat and every copy counts (R0.4).',
        'placement': 'Placement actions, taken after placing: gains first, then allowances (R5).',
        'scoring': 'Scoring entries, each scored independently at the end (R10).',
        'rings': 'Activity rings (R10.10).',
        'constraints': 'Placement constraints such as ``leftmost_beach`` (R4.4).',
        'text': 'Flavour text; not a rule.',
    },
    'smqt.engine.content:FinalMove': {
        'local': 'Spaces a local may move.',
        'tourist': 'Spaces a tourist may move.',
        'vip': 'Spaces a VIP may move.',
    },
    'smqt.engine.content:FootprintRule': {
        'row': 'The row a visited space must be in (``any`` for both).',
        'tags': 'The space must carry at least one of these tags; empty means no tag is needed.',
        'points_per_tag': 'Points per copy of the listed tags on a footprinted space.',
        'points_per_space': 'Points per footprinted space.',
    },
    'smqt.engine.content:ObjectiveTile': {
        'id': 'Unique id.',
        'name': 'The printed name (its colour in the base game).',
        'wave': 'The wave bonus.',
        'misc': 'The miscellaneous bonus.',
        'penalty': 'The unplaced-people penalty.',
    },
    'smqt.engine.content:Rules': {
        'display_columns': 'Display width; the display is two rows deep (R2.1).',
        'sand_dollar_tiles_in_play': 'Sand dollar tiles drawn at setup (R2.2).',
        'foodie_offset': 'Columns between the food truck and the foodie at setup (R2.7).',
        'food_truck_reward': 'Sand dollars for the food truck reward (R3.3).',
        'cards_to_end': 'Feature cards in a city that trigger the final round (R9.1).',
        'supply': 'The shared supply (R1.2).',
        'final_move': 'Final movement distances (R9.2).',
    },
    'smqt.engine.content:SandDollarAction': {
        'id': 'Unique id.',
        'name': 'The printed name.',
        'cost': 'Sand dollars paid before taking (R8.2).',
        'take': 'Which cards the action takes.',
        'swap': 'The player may swap two feature cards of one row after placing (R8.6).',
        'allowances': 'Movement or return allowances used in the placement-action phase (R8.5).',
        'text': 'A sentence for the rules help; not a rule.',
    },
    'smqt.engine.content:SandDollarTile': {
        'id': 'Unique id.',
        'sides': 'The sand dollar action ids of side A and side B.',
    },
    'smqt.engine.content:StartingTile': {
        'id': 'Unique id.',
        'name': 'The printed name.',
        'footprint': 'The VIP criterion and how footprints score (R11.3).',
        'tags': 'Location tags of the lower half.',
        'placement': 'Placement bonus at setup: sand dollars and people on the lower half (R2.6).',
        'scoring': 'Scoring entries of the lower half, if any.',
        'rings': 'Activity rings of the lower half, if any.',
    },
    'smqt.engine.content:Supply': {
        'local': 'Locals in the supply.',
        'tourist': 'Tourists in the supply.',
        'vip': 'VIPs in the supply.',
        'footprint': 'Footprint tokens in the supply.',
        'limited': 'Keep the physical limit (R1.3); false lifts it.',
    },
    'smqt.engine.content:TakeRule': {
        'source': '``front`` or ``back`` row, ``display`` (either row) or ``column`` (a front card and the one behind it).',
        'count': 'How many cards are taken (``column`` always takes 2: write ``count = 2``).',
        'tags_any': 'Only cards carrying at least one of these tags; empty means any card.',
    },
    'smqt.engine.effects:AddPeople': {
        'people': 'Which kind of person is added.',
        'count': 'How many people are added.',
    },
    'smqt.engine.effects:Adjacent': {
        'tag': 'The tag an adjacent space must carry.',
        'points': 'Points scored.',
    },
    'smqt.engine.effects:AdjacentAll': {
        'tags': 'The tags that must all be adjacent.',
        'points': 'Points scored.',
    },
    'smqt.engine.effects:AdjacentCount': {
        'tag': 'The tag counted over all adjacent spaces.',
        'at_least': 'How many copies are needed.',
        'points': 'Points scored.',
    },
    'smqt.engine.effects:AdjacentGives': {
        'symbol': 'The printed placement symbol looked for (gains only, never movement).',
        'points': 'Points scored; a negative value is a penalty applied once.',
    },
    'smqt.engine.effects:AdjacentRing': {
        'points': 'Points scored.',
    },
    'smqt.engine.effects:AdjacentTiers': {
        'tag': 'The tag counted over all adjacent spaces.',
        'tiers': 'Pairs ``[copies, points]`` in rising order of copies, e.g. ``[[1, 3], [2, 5]]``.',
    },
    'smqt.engine.effects:AnyNumberRing': {
        'points': 'Points when the ring holds at least one person.',
    },
    'smqt.engine.effects:CardsWithUnplaced': {
        'points': 'Points (0 or negative) per card (the starting tile counts once) with people outside rings.',
    },
    'smqt.engine.effects:Chain': {
        'tag': 'The tag whose chain through this card counts.',
        'at_least': 'The smallest chain size that scores.',
        'points': 'Points scored, or points per copy when ``per_tag`` is true.',
        'per_tag': "Score ``points`` times the chain's size instead of a flat ``points``.",
    },
    'smqt.engine.effects:ChainTable': {
        'tags': 'Chains of these tags score.',
        'table': 'Points for a chain of 1, 2, 3... copies; larger chains score the last value.',
    },
    'smqt.engine.effects:CountChains': {
        'tags': 'Chains of these tags are counted.',
        'at_least': 'The smallest chain size that counts.',
        'points': 'Points per counted chain.',
    },
    'smqt.engine.effects:GainSandDollars': {
        'count': 'How many sand dollars the player gains.',
    },
    'smqt.engine.effects:LargestChain': {
        'tags': 'Chains of these tags compete; the largest single one scores.',
        'points_per_tag': 'Points per copy in that chain.',
    },
    'smqt.engine.effects:MostUnplaced': {
        'most': 'Points (0 or negative) for every player tied for the most unplaced people.',
        'second': 'Points (0 or negative, no harsher than ``most``) for the second most, when exactly one ',
    },
    'smqt.engine.effects:Move': {
        'people': 'Which people may move (``any``: every person, never the foodie).',
        'count': 'Up to how many different people may move.',
        'distance': 'Up to how many spaces each of them may move.',
    },
    'smqt.engine.effects:MoveHere': {
        'people': 'Which people may jump here.',
        'count': 'Up to how many people may jump here.',
    },
    'smqt.engine.effects:NotAdjacentRing': {
        'points': 'Points scored.',
    },
    'smqt.engine.effects:PairedRun': {
        'points': 'Points per paired column in the longest run.',
    },
    'smqt.engine.effects:PerTagInCity': {
        'tag': 'The tag counted over the whole city.',
        'per': 'How many copies make one step.',
        'points': 'Points per step.',
    },
    'smqt.engine.effects:ReturnPeople': {
        'people': 'Which people may be returned.',
        'count': 'Up to how many people may be returned.',
    },
    'smqt.engine.effects:Ring': {
        'people': 'One entry per place in the ring: ``local``, ``tourist``, ``vip`` or ``any``.',
        'points': 'Points when the ring is full.',
    },
    'smqt.engine.effects:RingsAndUnplaced': {
        'per_full_ring': 'Points per full ring.',
        'per_unplaced': 'How many unplaced people make one step (round down).',
        'points': 'Points (0 or negative) per step of unplaced people.',
    },
    'smqt.engine.effects:SandDollarsHeld': {
        'per': 'How many sand dollars make one step.',
        'points': 'Points per step.',
    },
    'smqt.pack.manifest:PackManifest': {
        'name': "The pack's name, stored in game records (R12.2).",
        'version': "The pack's version, stored in game records.",
        'schema': 'The format version of the pack; 1.',
        'extends': "The parent pack's folder, relative to this pack's folder, e.g. ``../../base``.",
        'description': 'A sentence for people choosing a pack.',
    },
    'smqt.pack.problems:ContentError': {
        'file': 'The file, as a readable path.',
        'entry': 'The entry id; ``pack`` for the manifest, ``rules``, ``remove``; empty when unknown.',
        'key': 'Dotted path inside the entry, such as ``scoring[1].tag``; empty for the whole entry.',
        'problem': 'What is wrong and what is allowed.',
        'line': 'The line, when known (TOML syntax and encoding errors).',
        'section': 'The TOML section of the entry (``card``, ``starting_tile``...), when it is one.',
        'index': "The entry's position in its section of the file (0-based), when it is one.",
    },
}
