"""JSON Lines in and out, for ``check --input`` and ``score --input``: one case a line, one answer a line.

Reading a case is strict (a bad line is answered with its error and the rest go on) and cheap: this is
the per-line cost of a batch, measured by ``benchmarks/bench_check_input.py``.
"""

from __future__ import annotations

from typing import IO, Any, Callable, Dict, List, Optional, Sequence, Tuple

import json
import json.encoder
import sys


from gin_ref.cli import inputlines

from gin_ref.desk.errors import GinRefError, InvalidNotationError, Message, N_
from gin_ref.views.plainjson import json_plain

_JSON_KINDS = {bool: N_("true or false"), int: N_("a number"), float: N_("a number"), dict: N_("an object"),
               list: N_("a list")}


def _line_encoder() -> Callable[[object], str]:
    """``obj -> JSON text`` on one line, non-ASCII kept (a date read from a record as its ISO text). The C encoder is made once, not once a line
    (``JSONEncoder.encode`` builds it on every call); the plain encoder where there is no C one, or
    where it does not give the plain encoder's text."""
    plain = json.JSONEncoder(ensure_ascii=False, default=json_plain)
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # no C encoder
        return plain.encode
    try:
        encoder = make(None, plain.default, json.encoder.encode_basestring, None, ": ", ", ", False, False, True)
    except TypeError:  # no C encoder, or one of another signature
        return plain.encode

    def encode(obj: object) -> str:
        return "".join(encoder(obj, 0))

    sample = {"a": [1, 2.5, None, True], "b": "10♦ \"x\"\n"}
    return encode if encode(sample) == plain.encode(sample) else plain.encode


encode_line = _line_encoder()


def run_lines(stream: IO[bytes], answer: Callable[[Dict[str, Any]], Tuple[object, int]]) -> int:
    """Answer each JSON line of ``stream`` (bytes) with one JSON line; returns the worst exit code.

    ``answer(case)`` returns (data, exit code) or raises GinRefError; a bad line is answered with
    ``{"line": N, "error": "..."}`` and the rest go on: every line is answered, in order, a blank one too
    (``blank line: no case``), so answers and lines pair up.
    """
    worst = 0
    out = sys.stdout
    for number, raw, error in inputlines.lines(stream):  # each line at most 1 MiB
        try:
            if raw is not None and not raw.strip():
                raise InvalidNotationError(Message(N_("blank line: no case")))
            if error is not None:
                raise error
            data, code = answer(_read_case(raw))
        except GinRefError as exc:
            data, code = {"line": number, "error": str(exc)}, exc.exit_code
        out.write(encode_line(data) + "\n")
        worst = max(worst, code)
    return worst


def _read_case(raw: Optional[bytes]) -> Dict[str, Any]:
    """One JSON Lines case as a dict, or InvalidNotationError saying what is wrong with the line."""
    assert raw is not None  # (an over-long line is answered before)
    try:
        text = raw.decode("utf-8")
        case = json.loads(text)
        if not _surely_no_repeats(text, case):
            case = json.loads(text, object_pairs_hook=_no_repeats)
    except UnicodeDecodeError:
        raise InvalidNotationError(Message(N_("not UTF-8 text"))) from None
    except json.JSONDecodeError as exc:
        raise InvalidNotationError(Message(N_("not JSON: %(reason)s (column %(column)d)"), reason=exc.msg,
                                           column=exc.colno)) from None
    except RecursionError:
        raise InvalidNotationError(Message(N_("not a case: nested too deeply"))) from None
    except InvalidNotationError:  # a key given twice
        if inputlines.may_hold_surrogates(raw):
            inputlines.check_text(json.loads(raw.decode("utf-8")))
        raise
    except ValueError:  # an integer of more than 4,300 digits
        raise InvalidNotationError(Message(N_("not a case: a number too long to read"))) from None
    if inputlines.may_hold_surrogates(raw):
        try:
            inputlines.check_text(case)
        except RecursionError:
            raise InvalidNotationError(Message(N_("not a case: nested too deeply"))) from None
    if not isinstance(case, dict):
        raise InvalidNotationError(Message(N_("a case must be a JSON object")))
    return case


def _surely_no_repeats(text: str, case: object) -> bool:
    """Whether no object of the line can have a key given twice, seen cheaply: one object at most, no
    escapes, and each key's quoted name once in the text. Otherwise the line is read again, pair by pair."""
    if "\\" in text or text.count("{") > 1:
        return False
    if isinstance(case, dict):
        for key in case:
            if text.count(f'"{key}"') != 1:
                return False
    return True


def _no_repeats(pairs: List[Tuple[str, Any]]) -> Dict[str, Any]:
    keys = [key for key, _ in pairs]
    for key in keys:
        if keys.count(key) > 1:
            raise InvalidNotationError(Message(N_("key '%(key)s' given twice"), key=key))
    return dict(pairs)


def case_fields(case: Dict[str, Any], known: Sequence[str], required: Sequence[str]) -> List[Any]:
    """The case's values by key, refusing unknown keys, missing required ones and values of the wrong type.

    Cards are text (``"AS 2S"``) or a list of card texts; melds are text or a list of card lists.
    """
    for key in case:
        if key not in known:
            extra = sorted(set(case) - set(known))
            raise InvalidNotationError(Message(N_("unknown key '%(key)s' (expected %(known)s)"), key=extra[0],
                                               known=", ".join(known)))
    for key in required:
        if case.get(key) in (None, ""):
            raise InvalidNotationError(Message(N_("missing '%(key)s'"), key=key))
    for key, value in case.items():
        if value is None or isinstance(value, str):
            continue
        if key != "melds" and isinstance(value, list) and all(isinstance(v, str) for v in value):
            continue
        if key == "melds" and isinstance(value, list) and all(
                isinstance(m, str) or (isinstance(m, list) and all(isinstance(v, str) for v in m)) for m in value):
            continue
        kind = _JSON_KINDS.get(type(value))
        raise InvalidNotationError(Message(N_("'%(key)s' must be text or a list of cards, not %(kind)s"), key=key,
                                           kind=Message(kind) if kind is not None else "that"))
    return [case.get(key) for key in known]


