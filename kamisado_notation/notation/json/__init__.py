"""The JSON form of a record (docs/json-record.md): read back into the record model
(:mod:`.reading`, over the streaming :mod:`.stream` for documents larger than memory),
written byte for byte as ``json.dumps`` would (:mod:`.text`), and the JSON views of
positions and moves (:mod:`.export`)."""
