"""Other programs' records (docs/formats.md): BoardSpace's SGF, HackerRank's logs and
hamisado's notation, each read into the record model (and written, where lossless);
:mod:`..formats` registers them and hands a file to its reader, :mod:`.common` is what the
readers share."""
