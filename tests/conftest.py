"""Shared test settings: hypothesis keeps no example database in the checkout and has no deadline (the
first call of the deadwood search builds its tables, which would trip a per-example deadline)."""

from hypothesis import settings

settings.register_profile("gin-ref", database=None, deadline=None)
settings.load_profile("gin-ref")


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _wide_terminal(monkeypatch):
    """Outputs follow the terminal's width ($COLUMNS, else 80). Tests of a full layout run as on a wide
    terminal; the tests of fitting (tests/test_fit.py) set COLUMNS themselves."""
    monkeypatch.setenv("COLUMNS", "200")


@pytest.fixture(autouse=True)
def _english(monkeypatch):
    """The goldens are English whatever the machine's locale (GIN_REF_LANG=en comes first: docs/languages.md),
    and each test starts and ends in English (tests/test_languages.py sets others)."""
    from gin_ref.desk import language

    monkeypatch.setenv("GIN_REF_LANG", "en")
    language.settle("en")
    yield
    language.settle("en")


# Whole modules that drive a real browser or a real terminal: marked slow here, beside the marker's own
# uses (@pytest.mark.slow) in other modules.
SLOW_MODULES = {"test_browser.py", "test_play_terminal.py"}


# Single tests that cost the fast suite most for what they add to it (each about 0.5-2 s; the fast suite is
# kept to about a minute of CPU, benchmarks/bench_tests.py --fast): the event streams' real waits, a real
# terminal, the benchmark's own run, the deepest nestings (their smaller twins stay fast), whole-package scans.
SLOW_TESTS = {
    "test_board_routes.py::test_the_stream_sends_the_board_at_once_then_each_change",
    "test_board_routes.py::test_a_hand_recorded_by_a_table_of_this_server_is_pushed_without_waiting_for_the_watcher",
    "test_board_routes.py::test_a_board_that_reconnects_catches_up_and_one_up_to_date_gets_no_repeat",
    "test_progress.py::test_stdout_is_the_same_bytes_with_the_bar_and_without",
    "test_startup.py::test_the_benchmark_prints_each_ratio",
    "test_config.py::test_a_deeply_nested_file_is_refused_never_a_recursion_error[5000-SafeLoader]",
    "test_yamlread.py::test_deep_nesting_is_read_or_refused_never_a_recursion_error[SafeLoader-5000]",
    "test_serve_inprocess.py::test_nothing_in_gin_ref_starts_a_process",
    "test_one_source_of_words.py::test_no_module_is_imported_under_an_old_name",
    "test_record.py::test_the_canonical_reader_reads_generated_records_exactly_as_yaml[200-3]",
    "test_cli_result.py::test_the_installed_command_records_a_result_and_exits_by_the_contract",
    "test_imports.py::test_no_import_cycle_but_the_pending_ones",
    "test_imports.py::test_no_module_takes_another_modules_private_names",
    "test_cli_rules.py::test_presets_are_package_data_found_from_any_folder",
    "test_cli_match.py::test_a_pipe_or_a_device_is_refused_before_reading",
    "test_play.py::test_two_sessions_on_one_file",
    "test_schemas.py::test_every_shipped_and_golden_match_file_is_valid",
}


def pytest_collection_modifyitems(items):
    for item in items:
        if item.path.name in SLOW_MODULES or f"{item.path.name}::{item.name}" in SLOW_TESTS:
            item.add_marker(pytest.mark.slow)


# Running gin-ref (tests/runs.py): ``gin`` in this process, ``gin_installed`` through the installed command.
# Both take the command's words and cwd=, env=, input=, and return a Run with .code, .out and .err.
from runs import installed, invoke  # noqa: E402


@pytest.fixture
def gin():
    """gin-ref in this process (click's CliRunner on the console script's group)."""
    return invoke


@pytest.fixture
def gin_installed():
    """gin-ref through the installed command, in a process of its own: for exit codes as a shell sees them,
    signals, the console script, ``python -m gin_ref``."""
    return installed


@pytest.fixture
def new_match(tmp_path):
    """Start a match: ``new_match("Ann", "Ben", rules="oklahoma")`` records ``gin-ref new`` in
    ``tmp_path/m.yaml`` (or ``path=``) and returns the file's path."""

    def start(*players, rules=None, path=None, options=()):
        path = tmp_path / "m.yaml" if path is None else path
        extra = ["--rules", rules] if rules else []
        done = invoke("new", *(players or ("Ann", "Ben")), "--match", path, *extra, *options)
        assert done.code == 0, done.err
        return path

    return start


@pytest.fixture
def tally():
    """The tally of a match file as ``gin-ref tally --json`` gives it (the command must exit 0)."""
    import json

    def read(path, *options):
        done = invoke("tally", "--match", path, "--json", *options)
        assert done.code == 0, done.err
        return json.loads(done.out)

    return read


class Sweep:
    """How many hands of a seeded reference sweep to check (the first ones of the same sequence): all of them
    in the slow suite, a sample in the fast one."""

    def __init__(self, full):
        self.full = full

    def __call__(self, count, sample=150):
        return count if self.full else min(count, sample)


@pytest.fixture(params=[pytest.param(False, id="sample"), pytest.param(True, id="full", marks=pytest.mark.slow)])
def sweep(request):
    """A sweep against the brute-force reference (tests/reference.py): ``sweep(3000)`` hands is a sample of
    them (150 by default, the first of the same seeded sequence) in the fast suite and all 3000 under
    ``-m slow``."""
    return Sweep(request.param)


@pytest.fixture
def here(tmp_path, monkeypatch):
    """Work in ``tmp_path`` (the current folder for the test and for gin-ref in process), no $GIN_REF_MATCH."""
    monkeypatch.delenv("GIN_REF_MATCH", raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def knocked(here):
    """``m.yaml`` in the current folder: Ann v Ben (Ann deals), hand 1 a knock by Ben, 5 against 23."""
    for args in (["new", "--match", "m.yaml", "--dealer", "Ann", "Ann", "Ben"],
                 ["knock", "--match", "m.yaml", "--upcard", "9H", "Ben", "5", "--defender", "23"]):
        done = invoke(*args)
        assert done.code == 0, done.err
    return here / "m.yaml"


# -- a bug in gin-ref is a traceback in the tests (issue 23 item 2) ---------------------------------------------
@pytest.fixture(autouse=True)
def _internal_errors_raise(monkeypatch):
    """GIN_REF_DEBUG=1: an internal error is raised with its traceback (in this process and in the commands
    the tests start), never the one line a user sees (tests/test_internal_errors.py unsets it to test that)."""
    monkeypatch.setenv("GIN_REF_DEBUG", "1")
