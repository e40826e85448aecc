"""House-rule aces (``ace_runs``, ``ace_value``) and layoffs against gin (``gin_layoffs``), docs/rules.md §10.

Every value below the random comparisons was worked out by hand from the rules; the random comparisons
hold the exact search, the layoffs and the settlement to the brute-force reference (tests/reference.py)
under each ace rule. ``benchmarks/compare_variants.py`` runs the same comparisons on thousands of hands.
"""

import random

import pytest
from click.testing import CliRunner

from gin_ref.cli import main
from gin_ref.core.aces import aces_for, most_deadwood
from gin_ref.core.cards import DECK, parse_cards, to_mask
from gin_ref.core.deadwood import best_melding, deadwood_after_discard, deadwood_of
from gin_ref.core.errors import InvalidNotationError, RulesError
from gin_ref.core.layoffs import best_defense
from gin_ref.core.melds import is_run, parse_melds
from gin_ref.core.rules import HouseRules, make_rules
from gin_ref.core.scoring import settle
from reference import (RefAces, check_defense, check_melding, defender_hand, melded_hand, rich_hand, random_hand,
                       ref_deadwood, ref_deadwood_after_discard, ref_defense, ref_settle_net)

LOW, HIGH, WRAP = "low", "low_or_high", "wrap"
VARIANTS = [(LOW, 1), (LOW, 11), (HIGH, 1), (HIGH, 15), (WRAP, 1), (WRAP, 10)]


def cards(text):
    return parse_cards(text)


def dw(text, runs=LOW, value=1):
    return deadwood_of(to_mask(cards(text)), aces_for(runs, value))


# --- hand-worked values ----------------------------------------------------------------------------------

@pytest.mark.parametrize("runs, value, deadwood", [
    # Q♠ K♠ A♠ with 2-3-4♥ and 7-8-9♦ melded, 5♣ loose: the spades are 10 + 10 + 1 loose while the ace is low
    (LOW, 1, 26),
    (HIGH, 1, 5),  # Q-K-A is a run
    (WRAP, 1, 5),
    (LOW, 11, 36),  # the ace counts 11: 10 + 10 + 11 + 5
])
def test_queen_king_ace(runs, value, deadwood):
    assert dw("QS KS AS 2H 3H 4H 7D 8D 9D 5C", runs, value) == deadwood


@pytest.mark.parametrize("runs, deadwood", [
    (LOW, 23),  # K♠ A♠ 2♠ J♣ loose: 10 + 1 + 2 + 10
    (HIGH, 23),  # K-A-2 does not go round the corner
    (WRAP, 10),  # it does: only J♣ loose
])
def test_king_ace_two(runs, deadwood):
    assert dw("KS AS 2S 5H 6H 7H 9D 9C 9H JC", runs) == deadwood


@pytest.mark.parametrize("runs, ten, eleven", [
    (LOW, 20, 10),  # A-2-3♥, Q♥ K♥ loose; after the draw one of them goes
    (HIGH, 5, 2),  # Q-K-A♥ and 2♥ 3♥ loose beats A-2-3♥ with Q K loose; discard the 3
    (WRAP, 0, 0),  # Q-K-A-2-3♥ is one run; with 11, a card off its end is the discard
])
def test_both_ways_round_the_ace(runs, ten, eleven):
    hearts = "QH KH AH 2H 3H"
    aces = aces_for(runs, 1)
    assert dw(hearts + " 5S 6S 7S 9C 9D", runs) == ten + 9 + 9
    assert deadwood_after_discard(to_mask(cards(hearts + " 5S 6S 7S 9C 9D 9S")), aces) == eleven


def test_best_melding_shows_the_run_in_run_order():
    melding = best_melding(to_mask(cards("QS KS AS 2H 3H 4H 7D 8D 9D 5C")), aces=aces_for(HIGH, 1))
    assert [m.codes for m in melding.melds] == [["QS", "KS", "AS"], ["2H", "3H", "4H"], ["7D", "8D", "9D"]]
    wrap = best_melding(to_mask(cards("KS AS 2S 5H 6H 7H 9D 9C 9H JC")), aces=aces_for(WRAP, 1))
    assert ["KS", "AS", "2S"] in [m.codes for m in wrap.melds]
    assert [c.code for c in wrap.deadwood_cards] == ["JC"] and wrap.deadwood == 10


@pytest.mark.parametrize("text, runs, read", [
    ("Q-AS", HIGH, "QS KS AS"),
    ("J-AH", WRAP, "JH QH KH AH"),
    ("K-2S", WRAP, "KS AS 2S"),
    ("Q-3D", WRAP, "QD KD AD 2D 3D"),
    ("A-3S", WRAP, "AS 2S 3S"),  # low to high: the short way
])
def test_run_shorthand_through_the_ace(text, runs, read):
    assert [c.code for c in parse_cards(text, runs=runs)] == read.split()


@pytest.mark.parametrize("text, runs, message", [
    ("Q-AS", LOW, "'Q-AS': a run goes up (write the low card first: A-QS)"),
    ("K-2S", HIGH, "'K-2S': a run goes up (write the low card first: 2-KS)"),
    ("K-AS", HIGH, "'K-AS': a run has at least 3 cards"),
])
def test_run_shorthand_through_the_ace_refused(text, runs, message):
    with pytest.raises(InvalidNotationError) as caught:
        parse_cards(text, runs=runs)
    assert str(caught.value) == message


def test_melds_through_the_ace():
    assert not is_run(cards("QS KS AS")) and is_run(cards("QS KS AS"), aces_for(HIGH, 1))
    assert not is_run(cards("KS AS 2S"), aces_for(HIGH, 1)) and is_run(cards("KS AS 2S"), aces_for(WRAP, 1))
    assert not is_run(cards("KS AS 3S"), aces_for(WRAP, 1))
    (meld,) = parse_melds("AS KS QS", aces_for(HIGH, 1))
    assert meld.codes == ["QS", "KS", "AS"] and meld.kind == "run"
    with pytest.raises(InvalidNotationError, match="not a meld: AS QS KS"):
        parse_melds("AS KS QS")


@pytest.mark.parametrize("runs, value, most", [
    (LOW, 1, 98),  # two each of K, Q, J, 10 and 9
    (HIGH, 1, 98),
    (LOW, 10, 100),  # two aces count as much as two nines more: two each of A, K, Q, J, 10
    (WRAP, 15, 110),  # two aces at 15 and two each of K, Q, J, 10 (three aces would be a set)
])
def test_the_most_ten_cards_can_count(runs, value, most):
    assert most_deadwood(aces_for(runs, value)) == most
    assert make_rules({"ace_runs": runs, "ace_value": value}).most_deadwood == most


def test_the_knobs_are_checked():
    with pytest.raises(RulesError, match="house rule 'ace_runs' must be one of low, low_or_high, wrap, not 'high'"):
        make_rules({"ace_runs": "high"})
    with pytest.raises(RulesError, match="house rule 'ace_value' must be 1 to 15, not 16"):
        make_rules({"ace_value": 16})
    with pytest.raises(RulesError, match="house rule 'gin_layoffs' must be true or false"):
        make_rules({"gin_layoffs": "yes"})
    assert HouseRules().aces is None and HouseRules(ace_value=11).aces is aces_for(LOW, 11)


@pytest.mark.parametrize("runs, laid, deadwood", [
    (LOW, [], 3 + 1 + 2 + 10 + 10),  # A♠ 2♠ 3♥ K♦ Q♣: nothing goes on J-Q-K♠
    (HIGH, ["AS"], 2 + 3 + 10 + 10),  # the ace goes above the king; 2♠ cannot follow it
    (WRAP, ["AS", "2S"], 3 + 10 + 10),  # round the corner: the ace, then the two
])
def test_layoffs_above_the_king(runs, laid, deadwood):
    knocker = parse_melds("JS QS KS | 4H 4D 4C | 7C 8C 9C")
    defender = cards("AS 2S 3H KD QC 5D 5S 5H 9D 9H")  # 5♦ 5♠ 5♥ a set; 9♦ 9♥ stay loose too
    defense = best_defense(knocker, defender, aces=aces_for(runs, 1))
    assert [lay.card.code for lay in defense.layoffs] == laid
    assert defense.deadwood == deadwood + 18


def test_layoffs_against_gin():
    """Gin with A-2-3♠, 4♥ 4♦ 4♣, 7-8-9-10♣; the defender holds 4-5-6♠ (a run of his own), J♣ Q♣ and
    2♥ 3♥ K♦ 8♥ 9♦ loose. Without layoffs against gin he counts 10 + 10 + 2 + 3 + 10 + 8 + 9 = 52 and the
    gin scores 25 + 52 = 77; with them J♣ and Q♣ go on the clubs and he counts 32: 25 + 32 = 57."""
    knocker, defender = "AS 2S 3S 4H 4D 4C 7C 8C 9C TC", "4S 5S 6S JC QC 2H 3H KD 8H 9D"
    plain = settle(HouseRules(knock_limit=10), None, knocker, defender)
    assert (plain.score.result, plain.score.score, plain.defense.deadwood, plain.defense.layoffs) == ("gin", 77, 52, ())
    laid = settle(HouseRules(knock_limit=10, gin_layoffs=True), None, knocker, defender)
    assert (laid.score.result, laid.score.score, laid.defense.deadwood) == ("gin", 57, 32)
    assert sorted(lay.card.code for lay in laid.defense.layoffs) in (["JC", "QC"], ["4S", "5S", "6S", "JC", "QC"])


def test_an_ace_worth_eleven_in_a_score():
    """Knock limit 10, knocker A-2-3♠ 4♥ 4♦ 4♣ 7-8-9♣ and A♦ kept: deadwood 11 with the ace at 11: over."""
    rules = HouseRules(knock_limit=10, ace_value=11)
    with pytest.raises(Exception, match="deadwood 11 exceeds limit 10"):
        settle(rules, None, "AS 2S 3S 4H 4D 4C 7C 8C 9C AD", "KH QD JS 9H 6D 3H 6S TD 5C 2H")
    shown = settle(HouseRules(knock_limit=10), None, "AS 2S 3S 4H 4D 4C 7C 8C 9C AD",
                   "KH QD JS 9H 6D 3H 6S TD 5C 2H")
    assert shown.score.knocker_deadwood == 1


# --- the command line -------------------------------------------------------------------------------------

@pytest.fixture
def high_rules(tmp_path):
    path = tmp_path / "high.yaml"
    path.write_text("extends: standard\nace_runs: low_or_high\n")
    return str(path)


def test_check_reads_q_as_under_the_rules_and_refuses_it_without(high_rules):
    runner = CliRunner()
    hand = ["Q-AS", "2S", "3S", "4H", "4D", "4C", "7C", "8C", "9C"]
    high = runner.invoke(main, ["check", "--rules", high_rules, "--upcard", "7D", *hand, "--json"])
    assert high.exit_code == 0, high.output
    assert '"deadwood": 2' in high.stdout and '["QS", "KS", "AS"]' in high.stdout
    plain = runner.invoke(main, ["check", "--upcard", "7D", *hand])
    assert plain.exit_code == 2
    assert plain.stderr == "Error: 'Q-AS': a run goes up (write the low card first: A-QS)\n"


def test_a_match_under_the_knobs_lists_them_and_replays(tmp_path, high_rules):
    runner = CliRunner()
    match = str(tmp_path / "m.yaml")
    assert runner.invoke(main, ["new", "Ann", "Ben", "--rules", high_rules, "--dealer", "Ann",
                                "--match", match]).exit_code == 0
    text = (tmp_path / "m.yaml").read_text()
    assert "ace_runs: low_or_high" in text and "ace_value" not in text and "gin_layoffs" not in text
    assert runner.invoke(main, ["deal", "--upcard", "7D", "--match", match]).exit_code == 0
    knock = runner.invoke(main, ["knock", "Ben", "Q-AS", "2S", "3S", "4H", "4D", "4C", "7C", "8C", "9C",
                                 "--defender", "JS 10S 9S 2H 3H 6D 6C 6H KD KC", "--match", match])
    assert knock.exit_code == 0, knock.output
    verify = runner.invoke(main, ["verify", "--match", match])
    assert verify.exit_code == 0, verify.output
    tally = runner.invoke(main, ["tally", "--json", "--match", match])
    assert "\"totals\": {\"Ann\": 0, \"Ben\": 23}" in tally.stdout
    sheet = runner.invoke(main, ["export", "--format", "html", match])
    assert "<li>house rules: an ace is high or low in a run (Q-K-A as well as A-2-3; not K-A-2)</li>" in sheet.stdout


def test_a_plain_match_file_holds_none_of_the_new_knobs(tmp_path):
    runner = CliRunner()
    match = str(tmp_path / "m.yaml")
    assert runner.invoke(main, ["new", "Ann", "Ben", "--dealer", "Ann", "--match", match]).exit_code == 0
    text = (tmp_path / "m.yaml").read_text()
    assert "ace_runs" not in text and "gin_layoffs" not in text


# --- the search and the layoffs against the brute-force reference ----------------------------------------

def _ref(runs, value):
    return None if (runs, value) == (LOW, 1) else RefAces(runs, value)


@pytest.mark.parametrize("runs, value", VARIANTS)
def test_deadwood_matches_the_reference(runs, value, sweep):
    rng = random.Random(VARIANTS.index((runs, value)))
    aces, ref = aces_for(runs, value), _ref(runs, value)
    deck = list(DECK)
    for i in range(sweep(300, 30)):
        hand = (rich_hand if i % 2 else random_hand)(rng, deck, 10)
        melding = best_melding(to_mask(hand), aces=aces)
        check_melding(hand, melding, aces=ref)
        assert deadwood_of(to_mask(hand), aces) == melding.deadwood == ref_deadwood(hand, ref), [c.code for c in hand]
    for i in range(sweep(100, 10)):
        hand = (rich_hand if i % 2 else random_hand)(rng, deck, 11)
        melding = best_melding(to_mask(hand), discard=True, aces=aces)
        check_melding(hand, melding, discard=True, aces=ref)
        assert deadwood_after_discard(to_mask(hand), aces) == melding.deadwood == ref_deadwood_after_discard(hand, ref)


@pytest.mark.parametrize("runs, value", VARIANTS)
def test_defense_matches_the_reference(runs, value, sweep):
    rng = random.Random(7 + len(runs) + value)
    aces, ref = aces_for(runs, value), _ref(runs, value)
    for _ in range(sweep(150, 40)):
        knocker = melded_hand(rng, list(DECK), 10)
        melds = best_melding(to_mask(knocker), aces=aces).melds
        defender = defender_hand(rng, list(DECK), knocker)
        defense = best_defense(melds, defender, aces=aces)
        check_defense(melds, defender, defense, aces=ref)
        assert defense.deadwood == ref_defense([m.cards for m in melds], defender, aces=ref)


@pytest.mark.parametrize("runs, value", VARIANTS)
@pytest.mark.parametrize("gin_layoffs", [False, True])
def test_settle_matches_the_reference(runs, value, gin_layoffs, sweep):
    rng = random.Random(11 + len(runs) * value)
    rules = HouseRules(knock_limit=10, ace_runs=runs, ace_value=value, gin_layoffs=gin_layoffs)
    settled = 0
    count = sweep(60, 30)
    for i in range(count):
        knocker = melded_hand(rng, list(DECK), 10 + (i % 3 == 0))
        defender = defender_hand(rng, list(DECK), knocker)
        expected = ref_settle_net(rules, None, knocker, defender)
        if expected is None:
            continue
        showdown = settle(rules, None, knocker, defender)
        assert (showdown.score.knocker_net, showdown.knocker.deadwood) == expected
        settled += 1
    assert settled > (10 if count == 60 else 3)  # a fair share of the knocks settled: 10 of 60, 3 of the sample


def test_what_if_settles_again_under_an_ace_worth_eleven(tmp_path):
    """Ben knocks with 5 (A-2-3♠ run); Ann keeps 6♥ 6♦ 6♣ and J-Q-K♥, with 9♠ A♥ 2♦ 3♦ loose: 15, so Ben
    scores 10. With the ace at 11 Ann counts 25, and Ben 20."""
    runner = CliRunner()
    match, rules = str(tmp_path / "d.yaml"), tmp_path / "a11.yaml"
    rules.write_text("extends: standard\nace_value: 11\n")
    assert runner.invoke(main, ["new", "Ann", "Ben", "--rules", "standard", "--dealer", "Ann",
                                "--match", match]).exit_code == 0
    knock = runner.invoke(main, ["knock", "Ben", "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D", "--defender",
                                 "JH QH KH AH 6D 6C 6H 2D 3D 9S", "--match", match])
    assert "score: knock: 15 − 5 = 10 to the knocker (Ben)" in knock.stdout
    out = runner.invoke(main, ["tally", "--what-if", str(rules), "--match", match])
    assert out.stdout.endswith("a11.yaml: not over: Ann 0, Ben 20\n")
    assert "standard: not over: Ann 0, Ben 10" in out.stdout


def test_a_format_1_record_cannot_hold_the_new_knobs(tmp_path, high_rules):
    runner = CliRunner()
    match = tmp_path / "m.yaml"
    assert runner.invoke(main, ["new", "Ann", "Ben", "--rules", high_rules, "--dealer", "Ann",
                                "--match", str(match)]).exit_code == 0
    text = match.read_text().replace("gin-ref-match/3", "gin-ref-match/1")
    match.write_text("\n".join(line for line in text.splitlines() if not line.startswith("end:")) + "\n")
    out = runner.invoke(main, ["verify", "--match", str(match)])
    assert out.exit_code == 1
    assert "'ace_runs' is a key of format gin-ref-match/2, not of gin-ref-match/1" in out.output


@pytest.mark.parametrize("line, status", [
    # under low_or_high, Q-AS is a run: Q♠ K♠ A♠ with 2♠ 3♠ loose is 5 (not 26)
    ("knock Ben Q-AS 2S 3S 4H 4D 4C 7C 8C 9C", "Ben: 11 cards, best discard 3♠, legal: deadwood 2 within limit 10, "
                                               "8 to spare (house rules)"),
    ("knock Ben 99", "Ben: a count is at most 98 (the most ten cards can count)"),
    ("knock Ben 5 --defender 'QS KS AS 2H 3H 4H 7D 8D 9D 5C'", "defender: 10 cards, deadwood 5 before layoffs"),
])
def test_the_status_line_reads_cards_under_the_match_rules(tmp_path, monkeypatch, high_rules, line, status):
    from gin_ref.cli.status import typed_status
    from gin_ref.files import matchfile

    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(main, ["new", "Ann", "Ben", "--rules", high_rules, "--dealer", "Ann",
                                     "--match", "m.yaml"]).exit_code == 0
    assert CliRunner().invoke(main, ["deal", "--match", "m.yaml"]).exit_code == 0
    match = matchfile.load("m.yaml").match
    assert typed_status(line, len(line), match, lambda name: main.get_command(None, name)) == status


def test_the_count_bound_follows_the_ace_value(tmp_path):
    rules = tmp_path / "a15.yaml"
    rules.write_text("extends: standard\nace_value: 15\n")
    match = str(tmp_path / "m.yaml")
    runner = CliRunner()
    assert runner.invoke(main, ["new", "Ann", "Ben", "--rules", str(rules), "--dealer", "Ann",
                                "--match", match]).exit_code == 0
    over = runner.invoke(main, ["knock", "Ben", "5", "--defender", "111", "--match", match])
    assert over.exit_code == 2 and "the defender's count 111: ten cards count at most 110" in over.stderr
    ok = runner.invoke(main, ["knock", "Ben", "5", "--defender", "105", "--match", match])
    assert ok.exit_code == 0, ok.output
    assert runner.invoke(main, ["verify", "--match", match]).exit_code == 0


@pytest.mark.parametrize("runs, value", VARIANTS)
def test_the_count_of_best_arrangements_matches_the_reference(runs, value, sweep):
    """``best_melding_count`` and ``all_meldings`` (what settle weighs for the knocker) against every
    partition the reference lists at the least deadwood."""
    from gin_ref.core.deadwood import all_meldings, best_melding_count
    from reference import ref_partitions, ref_points

    rng = random.Random(100 + VARIANTS.index((runs, value)))
    aces, ref = aces_for(runs, value), _ref(runs, value)
    for i in range(sweep(80, 12)):
        hand = (rich_hand if i % 2 else random_hand)(rng, list(DECK), 10)
        least = ref_deadwood(hand, ref)
        best = sum(1 for _melds, loose in ref_partitions(hand, ref) if ref_points(loose, ref) == least)
        assert best_melding_count(to_mask(hand), 1000, aces) == best
        assert len(all_meldings(to_mask(hand), least, aces=aces)) == best


def test_rules_diff_names_the_ace_knob(high_rules):
    out = CliRunner().invoke(main, ["rules", "diff", "standard", high_rules])
    assert out.exit_code == 0
    assert [line.split()[:3] for line in out.stdout.splitlines() if line.startswith("ace_runs")] == \
        [["ace_runs", "low", "default"]]
    assert "low_or_high" in out.stdout and "1 house rule differs" in out.stdout


def test_completion_leaves_out_the_cards_of_a_run_through_the_ace(tmp_path, high_rules):
    from runs import complete

    offered = complete(tmp_path, ["check", "--rules", high_rules, "--upcard", "9H", "Q-AS", "k"])
    assert ("plain", "KS") not in offered and ("plain", "KH") in offered


def test_the_session_completer_leaves_out_the_cards_of_a_run_through_the_ace(tmp_path, monkeypatch):
    from prompt_toolkit.document import Document

    from gin_ref.cli.completion import SessionCompleter
    from gin_ref.cli.session import Session

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("GIN_REF_MATCH", raising=False)
    completer = SessionCompleter(Session("m.yaml", main), presets=["classic"])
    offered = [c.text for c in completer.get_completions(Document("check --upcard 9H Q-AS k"), None)]
    assert "KS" not in offered and "KH" in offered
