# ruff: noqa: E501
"""Field help of the content classes, generated from the docstrings under their fields
by ``python -m smqt.pack.fieldinfo --write`` (a test checks it is up to date; a
frozen app has no sources to read them from). Do not edit by hand."""

from smqt.language.translate import N_

FIELD_DOCS: dict[str, dict[str, str]] = {
    'smqt.engine.content:FeatureCard': {
        'id': N_('Unique id, used by saves, positions and variants.'),
        'name': N_('The name printed on the card.'),
        'row': N_('``beach`` cards go in the top row, ``street`` cards in the bottom row (R4.1).'),
        'tags': N_('Location tags; a tag may repeat and every copy counts (R0.4).'),
        'placement': N_('Placement actions, taken after placing: gains first, then allowances (R5).'),
        'scoring': N_('Scoring entries, each scored independently at the end (R10).'),
        'rings': N_('Activity rings (R10.10).'),
        'constraints': N_('Placement constraints such as ``leftmost_beach`` (R4.4).'),
        'text': N_('Flavour text; not a rule.'),
        'de': N_('The name and flavour text in German (``de.name``, ``de.text``).'),
    },
    'smqt.engine.content:FinalMove': {
        'local': N_('Spaces a local may move.'),
        'tourist': N_('Spaces a tourist may move.'),
        'vip': N_('Spaces a VIP may move.'),
    },
    'smqt.engine.content:FootprintRule': {
        'row': N_('The row a visited space must be in (``any`` for both).'),
        'tags': N_('The space must carry at least one of these tags; empty means no tag is needed.'),
        'points_per_tag': N_('Points per copy of the listed tags on a footprinted space.'),
        'points_per_space': N_('Points per footprinted space.'),
    },
    'smqt.engine.content:NameWording': {
        'name': N_("The name in this language; empty: the pack's own name is shown."),
        'outdated': N_("``true``: to be translated again (a copy's words); until then its own name is shown."),
    },
    'smqt.engine.content:ObjectiveTile': {
        'id': N_('Unique id.'),
        'name': N_('The printed name (its colour in the base game).'),
        'wave': N_('The wave bonus.'),
        'misc': N_('The miscellaneous bonus.'),
        'penalty': N_('The unplaced-people penalty.'),
        'de': N_('The name in German (``de.name``).'),
    },
    'smqt.engine.content:Rules': {
        'display_columns': N_('Display width; the display is two rows deep (R2.1).'),
        'sand_dollar_tiles_in_play': N_('Sand dollar tiles drawn at setup (R2.2).'),
        'foodie_offset': N_('Columns between the food truck and the foodie at setup (R2.7).'),
        'food_truck_reward': N_('Sand dollars for the food truck reward (R3.3).'),
        'cards_to_end': N_('Feature cards in a city that trigger the final round (R9.1).'),
        'supply': N_('The shared supply (R1.2).'),
        'final_move': N_('Final movement distances (R9.2).'),
    },
    'smqt.engine.content:SandDollarAction': {
        'id': N_('Unique id.'),
        'name': N_('The printed name.'),
        'cost': N_('Sand dollars paid before taking (R8.2).'),
        'take': N_('Which cards the action takes.'),
        'swap': N_('The player may swap two feature cards of one row after placing (R8.6).'),
        'allowances': N_('Movement or return allowances used in the placement-action phase (R8.5).'),
        'text': N_('A sentence for the rules help; not a rule.'),
        'de': N_('The name and sentence in German (``de.name``, ``de.text``).'),
    },
    'smqt.engine.content:SandDollarTile': {
        'id': N_('Unique id.'),
        'sides': N_('The sand dollar action ids of side A and side B.'),
    },
    'smqt.engine.content:StartingTile': {
        'id': N_('Unique id.'),
        'name': N_('The printed name.'),
        'footprint': N_('The VIP criterion and how footprints score (R11.3).'),
        'tags': N_('Location tags of the lower half.'),
        'placement': N_('Placement bonus at setup: sand dollars and people on the lower half (R2.6).'),
        'scoring': N_('Scoring entries of the lower half, if any.'),
        'rings': N_('Activity rings of the lower half, if any.'),
        'de': N_('The name in German (``de.name``).'),
    },
    'smqt.engine.content:Supply': {
        'local': N_('Locals in the supply.'),
        'tourist': N_('Tourists in the supply.'),
        'vip': N_('VIPs in the supply.'),
        'footprint': N_('Footprint tokens in the supply.'),
        'limited': N_('Keep the physical limit (R1.3); false lifts it.'),
    },
    'smqt.engine.content:TakeRule': {
        'source': N_('``front`` or ``back`` row, ``display`` (either row) or ``column`` (a front card and the one behind it).'),
        'count': N_('How many cards are taken (``column`` always takes 2: write ``count = 2``).'),
        'tags_any': N_('Only cards carrying at least one of these tags; empty means any card.'),
    },
    'smqt.engine.content:Wording': {
        'name': N_("The name in this language; empty: the pack's own name is shown."),
        'text': N_("The flavour text in this language; empty: the pack's own text is shown."),
        'outdated': N_("``true``: to be translated again (a copy's words); until then its own name and text are shown."),
    },
    'smqt.engine.effects:AddPeople': {
        'people': N_('Which kind of person is added.'),
        'count': N_('How many people are added.'),
    },
    'smqt.engine.effects:Adjacent': {
        'tag': N_('The tag an adjacent space must carry.'),
        'points': N_('Points scored.'),
    },
    'smqt.engine.effects:AdjacentAll': {
        'tags': N_('The tags that must all be adjacent.'),
        'points': N_('Points scored.'),
    },
    'smqt.engine.effects:AdjacentCount': {
        'tag': N_('The tag counted over all adjacent spaces.'),
        'at_least': N_('How many copies are needed.'),
        'points': N_('Points scored.'),
    },
    'smqt.engine.effects:AdjacentGives': {
        'symbol': N_('The printed placement symbol looked for (gains only, never movement).'),
        'points': N_('Points scored; a negative value is a penalty applied once.'),
    },
    'smqt.engine.effects:AdjacentRing': {
        'points': N_('Points scored.'),
    },
    'smqt.engine.effects:AdjacentTiers': {
        'tag': N_('The tag counted over all adjacent spaces.'),
        'tiers': N_('Pairs ``[copies, points]`` in rising order of copies, e.g. ``[[1, 3], [2, 5]]``.'),
    },
    'smqt.engine.effects:AnyNumberRing': {
        'points': N_('Points when the ring holds at least one person.'),
    },
    'smqt.engine.effects:CardsWithUnplaced': {
        'points': N_('Points (0 or negative) per card (the starting tile counts once) with people outside rings.'),
    },
    'smqt.engine.effects:Chain': {
        'tag': N_('The tag whose chain through this card counts.'),
        'at_least': N_('The smallest chain size that scores.'),
        'points': N_('Points scored, or points per copy when ``per_tag`` is true.'),
        'per_tag': N_("Score ``points`` times the chain's size instead of a flat ``points``."),
    },
    'smqt.engine.effects:ChainTable': {
        'tags': N_('Chains of these tags score.'),
        'table': N_('Points for a chain of 1, 2, 3... copies; larger chains score the last value.'),
    },
    'smqt.engine.effects:CountChains': {
        'tags': N_('Chains of these tags are counted.'),
        'at_least': N_('The smallest chain size that counts.'),
        'points': N_('Points per counted chain.'),
    },
    'smqt.engine.effects:GainSandDollars': {
        'count': N_('How many sand dollars the player gains.'),
    },
    'smqt.engine.effects:LargestChain': {
        'tags': N_('Chains of these tags compete; the largest single one scores.'),
        'points_per_tag': N_('Points per copy in that chain.'),
    },
    'smqt.engine.effects:MostUnplaced': {
        'most': N_('Points (0 or negative) for every player tied for the most unplaced people.'),
        'second': N_('Points (0 or negative, no harsher than ``most``) for the second most, when exactly one player has the most.'),
    },
    'smqt.engine.effects:Move': {
        'people': N_('Which people may move (``any``: every person, never the foodie).'),
        'count': N_('Up to how many different people may move.'),
        'distance': N_('Up to how many spaces each of them may move.'),
    },
    'smqt.engine.effects:MoveHere': {
        'people': N_('Which people may jump here.'),
        'count': N_('Up to how many people may jump here.'),
    },
    'smqt.engine.effects:NotAdjacentRing': {
        'points': N_('Points scored.'),
    },
    'smqt.engine.effects:PairedRun': {
        'points': N_('Points per paired column in the longest run.'),
    },
    'smqt.engine.effects:PerTagInCity': {
        'tag': N_('The tag counted over the whole city.'),
        'per': N_('How many copies make one step.'),
        'points': N_('Points per step.'),
    },
    'smqt.engine.effects:ReturnPeople': {
        'people': N_('Which people may be returned.'),
        'count': N_('Up to how many people may be returned.'),
    },
    'smqt.engine.effects:Ring': {
        'people': N_('One entry per place in the ring: ``local``, ``tourist``, ``vip`` or ``any``.'),
        'points': N_('Points when the ring is full.'),
    },
    'smqt.engine.effects:RingsAndUnplaced': {
        'per_full_ring': N_('Points per full ring.'),
        'per_unplaced': N_('How many unplaced people make one step (round down).'),
        'points': N_('Points (0 or negative) per step of unplaced people.'),
    },
    'smqt.engine.effects:SandDollarsHeld': {
        'per': N_('How many sand dollars make one step.'),
        'points': N_('Points per step.'),
    },
    'smqt.pack.manifest:PackManifest': {
        'name': N_("The pack's name, stored in game records (R12.2)."),
        'version': N_("The pack's version, stored in game records."),
        'schema': N_('The format version of the pack; 1.'),
        'extends': N_("The pack it extends: a shipped pack's name (``base``) or a folder relative to this one (``../mine``)."),
        'description': N_('A sentence for people choosing a pack.'),
    },
    'smqt.pack.problems:ContentError': {
        'file': N_('The file, as a readable path.'),
        'entry': N_('The entry id; ``pack`` for the manifest, ``rules``, ``remove``; empty when unknown.'),
        'key': N_('Dotted path inside the entry, such as ``scoring[1].tag``; empty for the whole entry.'),
        'problem': N_('What is wrong and what is allowed.'),
        'line': N_('The line, when known (TOML syntax and encoding errors).'),
        'section': N_('The TOML section of the entry (``card``, ``starting_tile``...), when it is one.'),
        'index': N_("The entry's position in its section of the file (0-based), when it is one."),
    },
}

CLASS_DOCS: dict[str, str] = {
    'smqt.engine.content:FeatureCard': N_('A beach or street feature card.'),
    'smqt.engine.content:FinalMove': N_('How far each kind of person may move in the final movement (R9.2).'),
    'smqt.engine.content:FootprintRule': N_("When a VIP's visit leaves a footprint, and what a footprint scores (R7, R10.13)."),
    'smqt.engine.content:NameWording': N_("An entry's name in another language."),
    'smqt.engine.content:ObjectiveTile': N_('A scoring objective tile with its three objectives (R11.4).'),
    'smqt.engine.content:Rules': N_('Rules parameters with their defaults (R12); a variant may override any of them.'),
    'smqt.engine.content:SandDollarAction': N_('One side of a sand dollar tile (R8).'),
    'smqt.engine.content:SandDollarTile': N_('A two-sided tile: one of its sides is in play (R2.2, R8.1).'),
    'smqt.engine.content:StartingTile': N_('A two-space starting tile; its tags, bonus and rings belong to the lower half (R0.4).'),
    'smqt.engine.content:Supply': N_('Pieces in the shared supply (R1.2).'),
    'smqt.engine.content:TakeRule': N_('Which display cards a sand dollar action takes.'),
    'smqt.engine.content:Wording': N_("An entry's name and flavour text in another language."),
    'smqt.engine.effects:AddPeople': N_('Add people from the supply to this card; mandatory, limited by supply (R5.1, R1.3).'),
    'smqt.engine.effects:Adjacent': N_('Points once when at least one adjacent space carries the tag (R10.1).'),
    'smqt.engine.effects:AdjacentAll': N_('Points only when every listed tag appears on an adjacent space (R10.4).'),
    'smqt.engine.effects:AdjacentCount': N_('Points when adjacent spaces carry at least ``at_least`` copies of the tag (R10.2).'),
    'smqt.engine.effects:AdjacentGives': N_('Points once when an adjacent space prints the symbol; negative is a penalty (R10.6).'),
    'smqt.engine.effects:AdjacentRing': N_('Points when an adjacent space has a ring, filled or not (R10.5).'),
    'smqt.engine.effects:AdjacentTiers': N_('Points of the highest tier reached by adjacent copies of the tag (R10.3).'),
    'smqt.engine.effects:AnyNumberRing': N_('A ring that holds any number of any people and scores once it holds one (R10.10).'),
    'smqt.engine.effects:CardsWithUnplaced': N_('``points`` per card holding at least one unplaced person (green, R11.5): the two halves of the starting tile are one card.'),
    'smqt.engine.effects:Chain': N_("Points when this card's chain of the tag has at least ``at_least`` copies (R10.8)."),
    'smqt.engine.effects:ChainTable': N_('Each chain of the tags scores from a table by its size; the last value caps (orange).'),
    'smqt.engine.effects:CountChains': N_('``points`` for every chain of the tags with at least ``at_least`` copies (green).'),
    'smqt.engine.effects:GainSandDollars': N_('Gain sand dollars from the supply (R5.1).'),
    'smqt.engine.effects:LargestChain': N_('``points_per_tag`` for each copy in the largest chain of any of the tags (blue).'),
    'smqt.engine.effects:LeftmostBeach': N_("End of the beach: no beach card may ever stand to this card's left (R4.4)."),
    'smqt.engine.effects:MostUnplaced': N_('The most unplaced people lose ``most``, the second most ``second`` (R11.7, blue).'),
    'smqt.engine.effects:Move': N_('Move up to ``count`` people of a type, each up to ``distance`` spaces (R5.3).'),
    'smqt.engine.effects:MoveHere': N_('Up to ``count`` people jump straight onto this card from anywhere (R5.4).'),
    'smqt.engine.effects:NotAdjacentRing': N_('Points when no adjacent space has a ring (R10.5).'),
    'smqt.engine.effects:PairedRun': N_('``points`` per column in the longest run of paired columns (R11.6, orange).'),
    'smqt.engine.effects:PerTagInCity': N_('``points`` for every ``per`` copies of the tag anywhere in the city (R10.7).'),
    'smqt.engine.effects:ReturnPeople': N_('Up to ``count`` people leave the city for the supply (R5.5).'),
    'smqt.engine.effects:Ring': N_('An activity ring that scores when it holds exactly the listed people (R10.10).'),
    'smqt.engine.effects:RingsAndUnplaced': N_('``per_full_ring`` per full ring, ``points`` per ``per_unplaced`` unplaced (orange).'),
    'smqt.engine.effects:SandDollarsHeld': N_('``points`` for every ``per`` sand dollars still held at the end (R10.9).'),
    'smqt.pack.manifest:PackManifest': N_('``pack.toml``: what a pack is called and which pack it extends.'),
    'smqt.pack.problems:ContentError': N_('One problem in a content pack, saying where it is and what to fix.'),
}
