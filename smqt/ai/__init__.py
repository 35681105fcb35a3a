"""AI players: one small protocol (``choose(state, legal, rng) -> action``) and its bots, from
random to a searching ``hard``.

May import ``smqt.engine``."""
