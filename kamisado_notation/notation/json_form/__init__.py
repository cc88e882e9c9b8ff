"""The JSON form of a record (docs/json-record.md) read back into the record model:
:mod:`.reading`, over :mod:`.stream`, which reads a document larger than memory a value
at a time. (It is written by :func:`~kamisado_notation.notation.writer.record_json`.)"""
