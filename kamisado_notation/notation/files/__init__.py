"""Record files as bytes and lines: opening a file and telling its format
(:mod:`.opening`), its encoding (:mod:`.encodings`), its lines with bounded memory
(:mod:`.lines`), the plain text a word processor stands for (:mod:`..text`), and a huge
file cut into blocks of whole matches (:mod:`.blocks`)."""
