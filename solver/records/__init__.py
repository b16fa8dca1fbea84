"""Round records: what happened at the table, as data (`Record`, `Turn`), as JSON, and as the
text notation a person can type and share (`parse_record`, `format_record`); `replay` checks a
record against the rules turn by turn. Depends only on `solver.rules`.
"""

from solver.records.notation import format_record, parse_record
from solver.records.json_form import from_json, to_json
from solver.records.record import Record, RecordError, Turn, record_from_events

__all__ = ["Record", "RecordError", "Turn", "from_json", "to_json", "record_from_events",
           "format_record", "parse_record"]
