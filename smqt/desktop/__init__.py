"""What the table and the editor share on a person's desktop: the data folder (with stand-ins
for parts that cannot be used), the problems log, crash reports, the watch on Qt's warnings and
uncaught exceptions, stop requests (SIGTERM, SIGHUP), help when Qt cannot start, and windows
brought to the front.

Imports nothing of the project (Qt, and the language every room may import); never the table
or the editor."""
