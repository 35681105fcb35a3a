"""The coach: what the strongest bot would do now and why (a hint), and a game judged decision
by decision against that bot's best, with every player's score by turn (a review). Qt-free; the
table and ``smqt review`` show what it finds.

May import ``smqt.engine`` and ``smqt.ai``."""
