"""serve in the phone's language (#38 item 3, docs/serve.md#languages): each request's language in a context
variable (never the process's), into Starlette's thread pool; the choice (the switch's cookie, then
Accept-Language, then the event's language, then English); ``<html lang>``; serve's own words translated."""

import asyncio

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
