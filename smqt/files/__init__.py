"""Files people give us and files we write for them: reading without trusting (only regular
files, bounded, UTF-8, TOML nested no deeper than needed; every refusal a sentence) and writing
atomically (a failed save never destroys the previous file).

Imports nothing of the project."""
