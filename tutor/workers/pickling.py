"""How a job's answer crosses from a worker process to the server: pickled without the editions'
memos (an edition is sent as its key and changed settings, and comes back as the server's own, its
caches warm), and an error of the project's own type sent as its class, message and fields (it comes
back as that error, whatever its `__init__`)."""

from __future__ import annotations

import io
import pickle

from solver import LoveLetterError
from solver.rules.editions import EDITIONS, Edition


def edition_again(key: str, options: dict) -> Edition:
    """An edition sent back from a worker: the server's own (its caches warm), or a copy with
    the settings the record chose."""
    return EDITIONS[key].with_options(**options) if options else EDITIONS[key]


def error_again(cls, args: tuple, state: dict) -> LoveLetterError:
    """A project error sent back from a worker: the same class, message and fields."""
    err = cls.__new__(cls)
    err.args = args
    err.__dict__.update(state)
    return err


class _Sender(pickle.Pickler):
    """Pickles an answer without the editions' memos (rebuilt empty, or the server's own)."""

    def reducer_override(self, obj):
        if type(obj) is Edition and obj.key in EDITIONS:
            options = obj.options_changed()
            if edition_again(obj.key, options) == obj:  # (an edition of other cards: pickled whole)
                return edition_again, (obj.key, options)
        return NotImplemented


def packed(obj) -> bytes:
    buf = io.BytesIO()
    _Sender(buf, protocol=pickle.HIGHEST_PROTOCOL).dump(obj)
    return buf.getvalue()


def run(job, kind: str, text: str, model: str, budget) -> tuple:
    """What a worker process runs: ("ok", the pickled answer) or ("error", class, args, fields)
    for the project's own error (its fields restored as they were, whatever its `__init__`)."""
    try:
        return "ok", packed(job(kind, text, model, budget))
    except LoveLetterError as err:
        return "error", type(err), err.args, dict(err.__dict__)


def unpacked(reply: tuple):
    """The answer a worker sent (`run`), or its project error raised again here."""
    if reply[0] == "ok":
        return pickle.loads(reply[1])
    _, cls, args, state = reply
    raise error_again(cls, args, state)
