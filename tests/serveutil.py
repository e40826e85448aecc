"""Helpers of the serve tests: a folder to serve (the shipped club night, or plain matches), its app in
process (Starlette's TestClient) and a table's phone (the client with the table's cookie)."""

import re
import shutil
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

import warnings  # noqa: E402

with warnings.catch_warnings():  # Starlette 1.x suggests httpx2 for its test client; httpx still works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from gin_ref.serve.app import build_app  # noqa: E402
from gin_ref.serve.state import Tokens  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CLUB = ROOT / "events" / "club-night"
HOST = "127.0.0.1:8000"


class _Done:
    def __init__(self, result):
        self.returncode, self.stdout, self.stderr = result.exit_code, result.stdout, result.stderr


def gin(*args):
    """Run gin-ref in this process (click's runner): ``.returncode``, ``.stdout``, ``.stderr``."""
    from click.testing import CliRunner

    from gin_ref.cli import main

    return _Done(CliRunner().invoke(main, [str(arg) for arg in args]))


_MADE = {}


def _template(kind, make):
    """A folder made once per test run (by the real commands), copied for each test."""
    if kind not in _MADE:
        import atexit
        import tempfile

        base = Path(tempfile.mkdtemp(prefix="gin-ref-serve-"))
        atexit.register(shutil.rmtree, base, True)  # gone with the test run (it left one a run in /tmp)
        _MADE[kind] = make(base)
    return _MADE[kind]


def _make_event(base):
    folder = base / "night"
    done = gin("event", "new", folder, "--format", "round-robin", "--rules", "standard", "Ann", "Ben", "Cat", "Dan")
    assert done.returncode == 0, done.stderr
    done = gin("event", "pair", folder)
    assert done.returncode == 0, done.stderr
    return folder


def _make_plain(base):
    folder = base / "plain"
    folder.mkdir()
    for name in ("Ann v Ben", "Cat v Dan"):
        players = name.split(" v ")
        done = gin("new", "--match", folder / f"{name}.yaml", "--rules", "standard", "--dealer", players[0], *players)
        assert done.returncode == 0, done.stderr
    return folder


def event_folder(tmp_path, name="night"):
    """A fresh event of four players, round 1 paired (two tables, nothing recorded)."""
    folder = tmp_path / name
    shutil.copytree(_template("event", _make_event), folder)
    return folder


def plain_folder(tmp_path):
    """A folder of two plain matches, 'Ann v Ben.yaml' and 'Cat v Dan.yaml' (standard rules, nothing recorded)."""
    folder = tmp_path / "plain"
    shutil.copytree(_template("plain", _make_plain), folder)
    return folder


def client(folder, **options):
    return TestClient(build_app(str(folder), **options), base_url=f"http://{HOST}", follow_redirects=False)


def token(folder, key):
    return Tokens.load(str(folder), [key]).get(key)


def phone(folder, key, **options):
    """A client holding table ``key``'s cookie (its token exchanged on the first visit)."""
    web = client(folder, **options)
    answer = web.get(f"/t/{key}?token={token(folder, key)}")
    assert answer.status_code == 303, answer.text
    return web


def form_token(page, form):
    found = re.search(rf'<form[^>]*data-form="{form}".*?name="form_token" value="([0-9a-f]+)"', page, re.S)
    assert found, f"no {form} form on the page"
    return found.group(1)


def entry_id(page, form):
    found = re.search(rf'<form[^>]*data-form="{form}".*?name="entry_id" value="([^"]+)"', page, re.S)
    assert found, f"no entry id on the {form} form"
    return found.group(1)


def send(web, key, form, fields=None, ident=None, headers=None, route=None):
    """Send the page's ``form`` (its per-form token and entry id as the page gives them) with ``fields``."""
    from gin_ref.serve.security import Security

    route = route or {"hand": "enter", "line": "enter", "undo": "undo", "reject": "reject",
                      "question": "enter"}.get(form, "confirm" if form.startswith("confirm") else form)
    if ident is None:
        page = web.get(f"/t/{key}").text
        assert form_token(page, form) == Security.form_token(web.cookies.get("gin_ref_token"), route)
        ident = entry_id(page, form)
    data = {"form_token": Security.form_token(web.cookies.get("gin_ref_token"), route), "entry_id": ident}
    data.update(fields or {})
    return web.post(f"/t/{key}/{route}", data=data, headers={"origin": f"http://{HOST}", **(headers or {})})


def tally(path):
    """The match's ``tally --json`` object, read in process."""
    from gin_ref.files import matchfile

    from gin_ref.views.tally_text import match_data

    return match_data(matchfile.load(str(path)).match)


def verifies(path):
    """Does the match file verify (``gin-ref verify``'s check, in process: no problem, every seal holds)?"""
    from gin_ref.files import matchfile

    return matchfile.check(str(path))[0] == []


def table_file(folder, number=1, round_=1):
    return folder / f"round-{round_}-table-{number}.yaml"
