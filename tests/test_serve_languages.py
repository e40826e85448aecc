"""serve in the phone's language (#38 item 3, docs/serve.md#languages): each request's language in a context
variable (never the process's), into Starlette's thread pool; the choice (the switch's cookie, then
Accept-Language, then the event's language, then English); ``<html lang>``; serve's own words translated."""

import asyncio
import re

import pytest
from starlette.concurrency import run_in_threadpool

from gin_ref.desk import language
from gin_ref.desk.errors import WORDS

SAMPLE = WORDS["notation"]  # "This cannot be read: %(detail)s", in every catalogue


def _said(lang):
    return language.translation_for(lang).gettext(SAMPLE) if lang != "en" else SAMPLE


def test_a_context_speaks_its_language_and_leaves_the_process_alone():
    before = language.current()
    with language.speaking("sk"):
        assert language.spoken() == "sk"
        assert language.gettext(SAMPLE) == _said("sk") != SAMPLE
    assert language.spoken() == before == language.current()
    assert language.gettext(SAMPLE) == SAMPLE


def test_two_requests_at_once_in_two_languages_each_get_their_own_words_in_the_thread_pool():
    """The language set in one task reaches its worker threads (run_in_threadpool copies the context), and a
    second task at the same time in another language never sees it."""
    async def request(lang, gate, seen):
        with language.speaking(lang):
            await gate.wait()  # both are in their language before either reads
            seen[lang] = await run_in_threadpool(lambda: (language.spoken(), language.gettext(SAMPLE)))

    async def both():
        gate, seen = asyncio.Event(), {}
        tasks = [asyncio.ensure_future(request(lang, gate, seen)) for lang in ("sk", "fil", "en")]
        await asyncio.sleep(0)
        gate.set()
        await asyncio.gather(*tasks)
        return seen

    seen = asyncio.run(both())
    assert seen == {lang: (lang, _said(lang)) for lang in ("sk", "fil", "en")}
    assert len({words for _lang, words in seen.values()}) == 3


# -- choosing a page's language ---------------------------------------------------------------------------------
from serveutil import HOST, client, event_folder, gin, phone, plain_folder, send  # noqa: E402

from gin_ref.serve.pagelang import accepted, safe_back  # noqa: E402

SK_INDEX = "Otvorte adresu svojho stola"
FIL_INDEX = "Buksan ang address ng iyong mesa"
EN_INDEX = "Open your table&#x27;s address"


@pytest.mark.parametrize("header, chosen", [
    ("sk-SK,sk;q=0.9,en;q=0.5", "sk"), ("en-US,en;q=0.9,sk;q=0.8", "en"), ("de-DE, fil-PH;q=0.5", "fil"),
    ("tl", "fil"), ("tl-PH,en;q=0.1", "fil"), ("sk;q=0, fil;q=0.1", "fil"), ("de;q=1, sk;q=0.2, fil;q=0.7", "fil"),
    ("fil;q=0.5, sk;q=0.5", "fil"), ("*", None), ("de, fr", None), ("", None), ("sk;q=x", None), ("SK-sk", "sk"),
    # "Q" is q; a weight over 1 does not read; an entry the 512 characters cut does not read as wanted
    ("en;q=0.4, sk;Q=0.5", "sk"), ("sk;q=1.5, fil;q=0.5", "fil"), ("en;q=0.9," + " " * 501 + "sk;q=0", "en"),
])
def test_accept_language_picks_the_highest_q_that_gin_ref_speaks(header, chosen):
    assert accepted(header) == chosen


def _lang(page):
    found = re.search(r'<html lang="([^"]+)"', page)
    assert found, page[:200]
    return found.group(1)


@pytest.mark.parametrize("header, lang, words", [
    ("sk-SK,sk;q=0.9,en;q=0.5", "sk", SK_INDEX), ("fil-PH", "fil", FIL_INDEX), ("tl", "fil", FIL_INDEX),
    ("en-GB", "en", EN_INDEX), (None, "en", EN_INDEX), ("de-DE", "en", EN_INDEX),
])
def test_a_page_is_said_in_the_phones_language(tmp_path, header, lang, words):
    web = client(plain_folder(tmp_path))
    answer = web.get("/", headers={"accept-language": header} if header else {})
    assert answer.status_code == 200 and _lang(answer.text) == lang and words in answer.text
    assert answer.headers["content-language"] == lang
    assert answer.headers["vary"] == "Accept-Language, Cookie"


def test_the_switch_wins_over_accept_language_and_the_phone_remembers_it(tmp_path):
    web = client(plain_folder(tmp_path))
    page = web.get("/board", headers={"accept-language": "sk"}).text
    assert _lang(page) == "sk"
    link = re.search(r'<a href="([^"]+)" lang="fil" hreflang="fil">Filipino</a>', page)
    assert link and 'aria-label="Jazyk"' in page and 'aria-current="true"><strong>Slovenčina' in page
    switched = web.get(link.group(1).replace("&amp;", "&"), headers={"accept-language": "sk"})
    assert switched.status_code == 303 and switched.headers["location"] == "/board"
    assert "gin_ref_lang=fil" in switched.headers["set-cookie"] and "Max-Age=31536000" in switched.headers["set-cookie"]
    for path in ("/board", "/", "/board/sheet", "/no-such-page"):  # remembered, page after page
        assert _lang(web.get(path, headers={"accept-language": "sk"}).text) == "fil", path
    assert FIL_INDEX in web.get("/", headers={"accept-language": "sk"}).text
    web.get("/language?to=en&back=/")
    assert _lang(web.get("/", headers={"accept-language": "sk"}).text) == "en"


def test_the_switch_goes_back_only_to_this_servers_pages(tmp_path):
    web = client(plain_folder(tmp_path))
    for back in ("//evil.example/x", "https://evil.example/", "/\\evil.example", "", None):
        answer = web.get("/language", params={"to": "sk", **({"back": back} if back is not None else {})})
        assert answer.status_code == 303 and answer.headers["location"] == "/", back
    unknown = web.get("/language", params={"to": "xx", "back": "/board"})
    assert unknown.headers["location"] == "/board" and "set-cookie" not in unknown.headers
    assert safe_back("/t/1") == "/t/1"


def test_every_page_says_its_language_and_carries_the_switch(tmp_path):
    folder = event_folder(tmp_path)
    web = phone(folder, "1")
    from serveutil import token

    assert web.get(f"/director?token={token(folder, 'director')}").status_code == 303
    for path in ("/t/1", "/director", "/director/settlement", "/board", "/board/sheet", "/", "/nothing-here"):
        for lang in ("sk", "fil", "en"):
            page = web.get(path, headers={"accept-language": lang}).text
            assert _lang(page) == lang, (path, lang)
            assert page.count('<nav class="langs"') == 1, path
    director = web.get("/director", headers={"accept-language": "sk"}).text
    assert "stránka riaditeľa turnaja" in director and "Spárovať ďalšie kolo turnaja" in director
    board = web.get("/board", headers={"accept-language": "fil"}).text
    assert "Talaan ng puwesto" in board and "Yugto 1 sa 3: mga pares" in board


def _name_language(folder, language):
    text = (folder / "event.yaml").read_text()
    (folder / "event.yaml").write_text(text + f"language: {language}\n")


def test_the_events_language_says_the_board_and_the_sheet_when_the_phone_names_none(tmp_path):
    folder = event_folder(tmp_path)
    web = client(folder)
    assert _lang(web.get("/board").text) == "en"
    _name_language(folder, "sk")
    board = web.get("/board").text
    assert _lang(board) == "sk" and "Poradie" in board and "každý s každým" in board
    sheet = web.get("/board/sheet")
    assert sheet.status_code == 200 and _lang(sheet.text) == "sk" and "hárok výsledkov" in sheet.text
    assert _lang(web.get("/board", headers={"accept-language": "fil"}).text) == "fil"  # the phone's first
    done = gin("event", "standings", folder)
    assert done.returncode == 0, done.stderr


def test_event_pair_keeps_the_events_language_and_a_bad_one_is_refused(tmp_path):
    from gin_ref.files import eventfile

    folder = event_folder(tmp_path)
    _name_language(folder, "fil")
    assert eventfile.load(folder).language == "fil"
    assert "language: fil" in eventfile.dumps(eventfile.load(folder))
    (folder / "event.yaml").write_text((folder / "event.yaml").read_text().replace("language: fil", "language: 7"))
    done = gin("event", "standings", folder)
    assert done.returncode != 0 and "'language' must be a language's code" in done.stderr


def test_a_refusal_on_a_phone_is_said_in_the_phones_language(tmp_path):
    folder = plain_folder(tmp_path)
    web = client(folder)
    bare = web.get("/t/ann-v-ben", headers={"accept-language": "sk"})
    assert bare.status_code == 403 and _lang(bare.text) == "sk"
    assert "Táto stránka potrebuje kartu stola" in bare.text and "Odmietnuté" in bare.text
    held = phone(folder, "ann-v-ben")
    refused = send(held, "ann-v-ben", "line", {"line": "ZZ ann 5 23", "by": "Ann"},
                   headers={"accept": "application/json", "accept-language": "fil"})
    assert refused.status_code == 400 and refused.json()["problem"] == (  # the match layer's message, said whole
        "hindi upcard ang 'ZZ': ang linya ng mesa ay [UPCARD] PLAYER COUNT DEFENDER-COUNT")
    english = send(held, "ann-v-ben", "line", {"line": "ZZ ann 5 23", "by": "Ann"}, headers={"accept": "application/json"})
    assert english.status_code == 400 and not english.json()["problem"].startswith("Hindi")
    assert language.current() == "en"  # the process's own language never moved


def test_two_requests_at_once_in_two_languages_each_get_their_own_page(tmp_path):
    """Many board and director pages at once over one app, half in Slovak, half in Filipino: each page is in
    its own request's language (the board is made in a worker thread, run_in_threadpool)."""
    import httpx

    folder = event_folder(tmp_path)
    from serveutil import build_app, token

    app = build_app(str(folder))

    async def run():
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=f"http://{HOST}") as web:
            await web.get(f"/director?token={token(folder, 'director')}")
            asks = [(path, lang) for _ in range(6) for lang in ("sk", "fil") for path in ("/board", "/director")]
            pages = await asyncio.gather(*(web.get(path, headers={"accept-language": lang}) for path, lang in asks))
            return list(zip(asks, pages))

    for (path, lang), page in asyncio.run(run()):
        assert page.status_code == 200 and _lang(page.text) == lang, (path, lang)
        assert ("Poradie" if lang == "sk" else "Talaan ng puwesto") in page.text or path == "/director"
        assert ("Riaditeľ turnaja" if lang == "sk" else "Direktor") in page.text or path == "/board"


def test_the_switch_on_a_forms_answer_goes_back_to_the_page_of_the_form(tmp_path):
    folder = plain_folder(tmp_path)
    held = phone(folder, "ann-v-ben")
    refused = send(held, "ann-v-ben", "line", {"line": "ZZ ann 5 23", "by": "Ann"}, headers={"accept-language": "sk"})
    assert refused.status_code == 400 and _lang(refused.text) == "sk"
    assert '<a href="/language?to=fil&amp;back=/t/ann-v-ben" lang="fil"' in refused.text
