"""The scoring variants of issue #22 (docs/rules.md §10), each against values worked out by hand, the two
scoring defects found beside them, and random matches under every new knob recomputed by a small model.

Hand-worked values (K = knocker's deadwood, D = defender's after layoffs):
- knock_tie: K 5, D 5: undercut 10 to the defender (default); ``nobody``: 0-0, no box; ``knocker``: 0 to the
  knocker, one box.
- knock_limit_cap 3: 7♦ up gives 3, K♠ 3, 2♦ 2, an ace 1 (gin only with ace_upcard gin).
- gin 18 against 6♠ up, spade_double, box_bonus 25, gin_boxes 2, spade_double_boxes, box_scoring each_hand:
  (18 + 25) × 2 = 86 for the hand, (1 + 2) × 2 = 6 boxes × 25 = 150 with it: 236.
- palace: five knocks of 10 with box_bonus 10 score 20 each: 100 in five hands, the game over; at the end,
  50 after five hands and the game goes on.
"""

import random

import pytest

from gin_ref.core.cards import Card
from gin_ref.core.errors import RulesError
from gin_ref.core.knock import knock_limit, limit_reason
from gin_ref.core.rules import SCORING_KNOBS, SNAPSHOT_OPTIONAL, HouseRules, check_consistency, make_rules
from gin_ref.core.scoring import hand_score
from gin_ref.match.model import Match

from runs import invoke as run

STANDARD = HouseRules(knock_limit=10)


def card(code):
    return Card.parse(code)


def rules(**knobs):
    return make_rules({"knock_limit": 10, **knobs}, name="test")


# -- one hand -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("tie, result, winner, score, boxes", [
    ("undercut", "undercut", "defender", 10, 1),
    ("nobody", "tie", "nobody", 0, 0),
    ("knocker", "knock", "knocker", 0, 1),
])
def test_a_tie_on_a_knock(tie, result, winner, score, boxes):
    scored = hand_score(5, 5, rules(knock_tie=tie), card("KH"))
    assert (scored.result, scored.winner, scored.score, scored.boxes) == (result, winner, score, boxes)
    # a knock that is not a tie is scored as before under every value
    assert hand_score(4, 9, rules(knock_tie=tie), card("KH")).score == 5
    assert hand_score(9, 4, rules(knock_tie=tie), card("KH")).score == 15


def test_tie_words():
    assert hand_score(5, 5, rules(knock_tie="nobody"), None).arithmetic == "tie: 5 = 5, scored 0-0 (knock_tie: nobody)"
    assert hand_score(5, 5, rules(knock_tie="knocker"), None).arithmetic == (
        "knock: 5 − 5 = 0, a tie given to the knocker to the knocker")


@pytest.mark.parametrize("upcard, ace, limit, reason", [
    ("7D", "one", 3, "upcard 7♦, capped at the house limit 3"),
    ("KS", "one", 3, "upcard K♠, capped at the house limit 3"),
    ("2D", "one", 2, "upcard 2♦"),
    ("AC", "one", 1, "upcard A♣"),
    ("AC", "gin", 0, "upcard A♣: an ace up means gin only"),
])
def test_the_upcard_limit_capped(upcard, ace, limit, reason):
    capped = make_rules({"knock_limit_cap": 3, "ace_upcard": ace})
    assert knock_limit(capped, card(upcard)) == limit
    assert limit_reason(capped, card(upcard)) == reason


def test_boxes_for_the_kind_of_win_doubled_with_a_spade_and_scored_with_the_hand():
    palace = rules(spade_double=True, box_bonus=25, gin_boxes=2, undercut_boxes=1, spade_double_boxes=True,
                   box_scoring="each_hand")
    gin = hand_score(0, 18, palace, card("6S"), gin=True)
    assert (gin.score, gin.boxes, gin.box_points) == (236, 6, 150)
    assert gin.arithmetic == "gin: 18 + 25 = 43, doubled for a spade upcard = 86, + 6 boxes 150 = 236 to the knocker"
    undercut = hand_score(6, 4, palace, card("6H"))
    assert (undercut.score, undercut.boxes) == (10 + 2 + 2 * 25, 2)
    at_the_end = rules(box_bonus=25, gin_boxes=2, undercut_boxes=1)
    assert (hand_score(0, 18, at_the_end, card("6S"), gin=True).score, hand_score(0, 18, at_the_end, None,
                                                                                  gin=True).boxes) == (43, 3)


@pytest.mark.parametrize("knobs, message", [
    ({"knock_limit_cap": 5}, "knock_limit_cap caps the upcard's value: it needs knock_limit: upcard"),
    ({"box_scoring": "each_hand"}, "box_scoring counts boxes, but box_bonus is 0"),
    ({"gin_boxes": 2}, "gin_boxes counts boxes, but box_bonus is 0"),
    ({"shutout": "flat"}, "shutout: flat pays shutout_bonus, which is 0"),
    ({"shutout_bonus": 50}, "shutout_bonus is paid only under shutout: flat"),
    ({"scoring": "hollywood", "games": 1}, "Hollywood scores at least two games at once, not 1"),
    ({"scoring": "hollywood", "match_win": "first_to"}, "Hollywood plays every game to its end"),
    ({"match_win": "first_to"}, "match_win: first_to needs games: 2 or more"),
])
def test_combinations_that_cannot_be_played_are_refused(knobs, message):
    with pytest.raises(RulesError, match=message):
        make_rules({"knock_limit": 10, **knobs})


def test_every_later_knob_defaults_to_the_behaviour_before_it():
    default = HouseRules()
    assert {name: getattr(default, name) for name in SCORING_KNOBS} == {
        "knock_tie": "undercut", "knock_limit_cap": None, "box_scoring": "end", "gin_boxes": 0,
        "undercut_boxes": 0, "spade_double_boxes": False, "shutout_bonus": 0, "games": None,
        "match_win": "best_of", "knock_bonus": 0}
    assert default.snapshot() == {name: value for name, value in default.knobs().items() if name not in SNAPSHOT_OPTIONAL}
    assert not check_consistency(default.knobs())


# -- through matches ------------------------------------------------------------------------------------------

def new(names=("Ann", "Ben"), **knobs):
    house = make_rules({"knock_limit": 10, **knobs}, name="test")
    if len(names) == 3:
        return Match.new(list(names), house, "2024-05-01", box=names[0], captain=names[1])
    return Match.new(list(names), house, "2024-05-01", dealer=names[0])


def hand(match, knocker, k, d, upcard="KH"):
    match.deal(upcard)
    return match.knock(knocker, k, d)


def test_palace_boxes_reach_the_target_as_each_hand_is_won():
    palace = new(box_bonus=10, box_scoring="each_hand")
    at_end = new(box_bonus=10)
    for _ in range(5):
        hand(palace, "Ann", 5, 15)
        hand(at_end, "Ann", 5, 15)
    assert palace.state.totals == {"Ann": 100, "Ben": 0} and palace.state.finished
    assert palace.state.result() == ({"Ann": {}, "Ben": {}}, {"Ann": 100, "Ben": 0}, "Ann")
    assert at_end.state.totals == {"Ann": 50, "Ben": 0} and not at_end.state.finished


def test_a_tie_scored_nobody_keeps_the_dealer_and_the_roles():
    match = new(knock_tie="nobody", next_dealer="loser")
    hand(match, "Ben", 5, 5)
    assert (match.hands[0].result, match.hands[0].winner, match.hands[0].points) == ("tie", None, 0)
    assert match.state.dealer == "Ann" and match.state.why == "hand 1 was a tie scored 0-0: the same dealer deals again"
    three = new(("Ann", "Ben", "Cid"), players=3, next_dealer="box", knock_tie="nobody")
    hand(three, "Ben", 5, 5)
    assert tuple(three.state.roles) == ("Ann", "Ben", "Cid")
    alternate = new(knock_tie="nobody", next_dealer="alternate")
    hand(alternate, "Ben", 5, 5)
    assert alternate.state.dealer == "Ben"


def test_a_tie_given_to_the_knocker_is_a_hand_he_wins_with_0_points_and_its_box():
    match = new(knock_tie="knocker", box_bonus=20, target=10, game_bonus=100)
    hand(match, "Ben", 5, 5)
    assert (match.hands[0].winner, match.hands[0].points) == ("Ben", 0)
    hand(match, "Ann", 2, 12)
    assert match.state.result() == ({"Ann": {"game_bonus": 100, "box_bonus": 20}, "Ben": {"box_bonus": 20}},
                                    {"Ann": 130, "Ben": 20}, "Ann")


def test_a_flat_shutout_bonus():
    match = new(shutout="flat", shutout_bonus=50, game_bonus=100, target=20)
    hand(match, "Ann", 2, 25)
    assert match.state.result() == ({"Ann": {"game_bonus": 100, "shutout": 50}, "Ben": {}}, {"Ann": 173, "Ben": 0},
                                    "Ann")


def test_best_of_three_games_one_after_another():
    match = new(games=3, target=20, game_bonus=10, box_bonus=5)
    hand(match, "Ann", 2, 25)   # game 1: Ann 23 (won)
    hand(match, "Ben", 2, 12)   # game 2: Ben 10
    hand(match, "Ben", 2, 12)   # game 2: Ben 20 (won)
    assert not match.state.finished and [g.winner for g in match.state.games] == ["Ann", "Ben", None]
    hand(match, "Ann", 1, 31)   # game 3: Ann 30 (won): Ann 2 games to 1
    bonuses, final, winner = match.state.result()
    # game 1: Ann 23 + 10 + 5; game 2: Ben 20 + 10 + 10; game 3: Ann 30 + 10 + 5
    assert (bonuses, final, winner) == ({"Ann": {"game_bonus": 20, "box_bonus": 10},
                                         "Ben": {"game_bonus": 10, "box_bonus": 10}}, {"Ann": 83, "Ben": 40}, "Ann")
    assert match.hands[-1].games == ({"Ann": 23, "Ben": 0}, {"Ann": 0, "Ben": 20}, {"Ann": 30, "Ben": 0})


def test_first_to_two_games_and_hollywood_past_three():
    match = new(games=2, match_win="first_to", target=10)
    for knocker in ("Ann", "Ben", "Ben"):
        hand(match, knocker, 0, 10)
    assert match.state.finished and match.state.winner == "Ben" and match.state.ended_in == 3
    wood = new(scoring="hollywood", games=4, target=30)
    for knocker in ("Ann",) * 5:  # 10 each: game 1 50, game 2 40, game 3 30, game 4 20
        hand(wood, knocker, 2, 12)
    assert [g.totals["Ann"] for g in wood.state.games] == [30, 30, 30, 20]
    assert [g.winner for g in wood.state.games] == ["Ann", "Ann", "Ann", None] and not wood.state.finished
    hand(wood, "Ann", 2, 12)
    assert wood.state.finished


# -- the two defects ---------------------------------------------------------------------------------------

@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_eleven_melded_cards_against_a_count_score_the_gin_they_score_against_cards(folder):
    (folder / "r.yaml").write_text("extends: standard\nbig_gin_bonus: 15\n", encoding="utf-8")
    run("new", "--rules", "r.yaml", "--dealer", "Ann", "Ann", "Ben")
    knocked = run("knock", "--upcard", "4D", "Ann", "AH 6C 8C 9C 9D AD 9H 9S 5C 7C AS", "--defender", "27")
    assert "score: gin: 27 + 25 = 52 to the knocker (Ann)" in knocked.stdout  # was big gin: 27 + 15 = 42


def test_best_for_knocker_refuses_a_count_that_cannot_say_which_arrangement(folder):
    (folder / "r.yaml").write_text("knocker_arrangement: best_for_knocker\n", encoding="utf-8")
    run("new", "--rules", "r.yaml", "--dealer", "Ann", "Ann", "Ben")
    refused = run("knock", "--upcard", "QS", "Ann", "AD 5S 4S AH 2S 2D 3H 2H 3S AS", "--defender", "21")
    assert refused.exit_code == 2 and refused.stderr.startswith(
        "Error: under knocker_arrangement: best_for_knocker the knocker's cards spread ")
    assert "give the defender's cards, or the knocker's melds (--melds)" in refused.stderr
    declared = run("knock", "--upcard", "QS", "Ann", "AD 5S 4S AH 2S 2D 3H 2H 3S AS", "--defender", "21",
                   "--melds", "AS 2S 3S 4S | AH 2H 3H")
    assert "score: knock: 21 − 8 = 13 to the knocker (Ann)" in declared.stdout


def test_best_for_knocker_takes_a_count_against_a_gin():
    from gin_ref.match.knocks import given_facts, judge
    house = make_rules({"knocker_arrangement": "best_for_knocker", "knock_limit": 10})
    facts = given_facts(house, "AS 2S 3S 4H 4D 4C 7C 8C 9C TC", "20")
    refusal, settled = judge(house, card("KH"), facts)
    assert refusal is None and settled.score.score == 45


# -- records ----------------------------------------------------------------------------------------------

def test_a_record_lists_the_later_knobs_it_was_made_under_and_an_unknown_knob_is_refused(folder):
    (folder / "r.yaml").write_text("extends: standard\nknock_tie: nobody\n", encoding="utf-8")
    run("new", "--rules", "r.yaml", "--dealer", "Ann", "Ann", "Ben")
    text = (folder / "match.yaml").read_text(encoding="utf-8")
    assert "knock_tie: nobody" in text and "gin_boxes" not in text
    assert run("verify").exit_code == 0
    (folder / "match.yaml").write_text(text.replace("knock_tie: nobody", "knock_tye: nobody"), encoding="utf-8")
    refused = run("verify")
    assert refused.exit_code == 1 and "unknown house rule 'knock_tye'" in refused.stdout + refused.stderr


# -- random matches recomputed ------------------------------------------------------------------------------

def _model(house, players, hands):
    """Totals, games and the end of a match of (knocker, K, D, upcard) hands, worked out from docs/rules.md
    §6-7 and §10 alone (independent of gin_ref.core.game and gin_ref.match.state)."""
    target, count = house.target, house.games or (3 if house.scoring == "hollywood" else 1)
    games = [{"totals": dict.fromkeys(players, 0), "boxes": dict.fromkeys(players, 0), "winner": None,
              "started": set()} for _ in range(count if house.scoring == "hollywood" else 1)]
    winner_of_match, ended = None, None
    for number, (knocker, k, d, upcard) in enumerate(hands, 1):
        defender = next(p for p in players if p != knocker)
        spade = upcard.endswith("S")
        limit = house.knock_limit
        if limit == "upcard":
            limit = 10 if house.knock_limit_cap is None else min(10, house.knock_limit_cap)
        assert k <= limit
        if k == 0:
            winner, points, extra = knocker, d + house.gin_bonus, house.gin_boxes
        elif k < d or (k == d and house.knock_tie == "knocker"):
            winner, points, extra = knocker, d - k, 0
        elif k == d and house.knock_tie == "nobody":
            winner, points, extra = None, 0, 0
        else:
            winner, points, extra = defender, k - d + house.undercut_bonus, house.undercut_boxes
        if house.spade_double and spade:
            points *= 2
        boxes = (1 + extra) * (2 if house.spade_double_boxes and spade else 1) if winner else 0
        if house.box_scoring == "each_hand":
            points += boxes * house.box_bonus
        if winner is not None:
            if house.scoring == "hollywood":
                opened = [g for g in games if g["winner"] is None]
                into = [g for g in opened if winner in g["started"]]
                into += [g for g in opened if winner not in g["started"]][:1]
            else:
                into = [games[-1]]
            for g in into:
                g["started"].add(winner)
                g["totals"][winner] += points
                g["boxes"][winner] += boxes
                if house.scoring == "hollywood" and g["totals"][winner] >= target:
                    g["winner"] = winner
        if house.scoring != "hollywood":
            current = games[-1]
            if current["totals"][winner or knocker] >= target:
                current["winner"] = winner
                won = {p: sum(g["winner"] == p for g in games) for p in players}
                best = max(won.values())
                if (best >= count if house.match_win == "first_to" else best * 2 > count or len(games) >= count):
                    ended = number
                    leaders = [p for p in players if won[p] == best]
                    winner_of_match = leaders[0] if len(leaders) == 1 else None
                else:
                    games.append({"totals": dict.fromkeys(players, 0), "boxes": dict.fromkeys(players, 0),
                                  "winner": None, "started": set()})
        elif all(g["winner"] for g in games):
            ended = number
        if ended:
            break
    final = {p: sum(g["totals"][p] for g in games) for p in players}
    if ended:
        for g in games:
            if house.game_bonus:
                final[g["winner"]] += house.game_bonus
            if house.box_scoring == "end":
                for p in players:
                    final[p] += g["boxes"][p] * house.box_bonus
            if all(g["totals"][p] == 0 for p in players if p != g["winner"]) and house.shutout == "flat":
                final[g["winner"]] += house.shutout_bonus
        if house.scoring == "hollywood":
            best = max(final.values())
            leaders = [p for p in players if final[p] == best]
            winner_of_match = leaders[0] if len(leaders) == 1 else None
    return ended, final, winner_of_match, [dict(g["totals"]) for g in games]


def _random_house(rng):
    knobs = {"knock_limit": rng.choice(["upcard", 10]), "knock_tie": rng.choice(["undercut", "nobody", "knocker"]),
             "box_bonus": rng.choice([0, 10, 25]), "target": rng.choice([30, 60, 100]),
             "game_bonus": rng.choice([0, 100]), "spade_double": rng.random() < 0.5}
    if knobs["knock_limit"] == "upcard":
        knobs["knock_limit_cap"] = rng.choice([None, 3, 5, 10])  # every upcard below is a ten: the cap is the limit
    if knobs["box_bonus"]:
        knobs.update(box_scoring=rng.choice(["end", "each_hand"]), gin_boxes=rng.choice([0, 2]),
                     undercut_boxes=rng.choice([0, 1]), spade_double_boxes=rng.random() < 0.5)
    if rng.random() < 0.3:
        knobs.update(shutout="flat", shutout_bonus=rng.choice([25, 100]))
    shape = rng.choice(["one", "best_of", "first_to", "hollywood"])
    if shape == "hollywood":
        knobs.update(scoring="hollywood", games=rng.choice([None, 2, 4]))
    elif shape != "one":
        knobs.update(games=rng.choice([2, 3, 5]), match_win=shape)
    return make_rules(knobs, name="random")


@pytest.mark.parametrize("seed", range(60))
def test_random_matches_under_every_new_knob_are_recomputed_by_the_model(seed):
    rng = random.Random(seed)
    house = _random_house(rng)
    players = ["Ann", "Ben"]
    match = Match.new(players, house, "2024-05-01", dealer="Ann")
    played = []
    while not match.state.finished and len(played) < 80:
        knocker = rng.choice(players)
        limit = 10 if house.knock_limit_cap is None else house.knock_limit_cap
        k = rng.choice([value for value in (0, 0, 3, 5, 8, 10) if value <= limit])
        d = rng.choice([k, k, 0, 4, 9, 15, 30])
        upcard = rng.choice(["KS", "KH", "TD", "QC"])
        match.deal(upcard)
        match.knock(knocker, k, d)
        played.append((knocker, k, d, upcard))
    ended, final, winner, columns = _model(house, players, played)
    bonuses, got_final, got_winner = match.state.result()
    assert (match.state.ended_in, got_final if ended else None, got_winner) == (ended, final if ended else None,
                                                                                 winner), (seed, house)
    if match.state.games is not None:
        assert [g.totals for g in match.state.games] == columns


# -- the preset, the words ---------------------------------------------------------------------------------

def test_the_oklahoma_club_preset():
    from gin_ref.files.rulesfile import load_rules
    club = load_rules("oklahoma-club")
    assert {name: value for name, value in club.knobs().items() if value != HouseRules().knobs()[name]} == {
        "ace_upcard": "gin", "spade_double": True, "undercut_bonus": 25, "box_bonus": 25, "game_bonus": 100,
        "target": 150}


def test_a_tie_names_nobody_and_a_match_of_games_says_where_it_stands(folder):
    (folder / "r.yaml").write_text("extends: standard\nknock_tie: nobody\ngames: 3\ntarget: 20\n", encoding="utf-8")
    run("new", "--rules", "r.yaml", "--dealer", "Ann", "Ann", "Ben")
    tied = run("knock", "--upcard", "KH", "Ben", "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D", "--defender", "5").stdout
    assert tied.splitlines()[-4:-1] == ["score: tie: 5 = 5, scored 0-0 (knock_tie: nobody)", "totals: Ann 0, Ben 0",
                                        "game 1 (best of 3): Ann 0, Ben 0; games won: Ann 0, Ben 0"]
    for _ in range(2):
        run("knock", "--upcard", "KH", "Ben", "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D", "--defender", "30")
    tally = run("tally").stdout
    assert "the match is over: Ben won the match in hand 3, games won: Ann 0, Ben 2" in tally
    assert "final (all 2 games):" in tally and tally.endswith("Ben won 50 to 0\n")


def test_openspiel_scores_every_knock_as_gin_ref_under_knock_tie_nobody():
    """OpenSpiel 2.0.2's gin rummy (where it is installed: it is no dependency) against ``hand_score``: a tie
    is 0-0 there (docs/rules.md §10.1)."""
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("gin_rummy")
    house = make_rules({"knock_limit": 10, "gin_bonus": 25, "undercut_bonus": 25, "knock_tie": "nobody"})
    rng = random.Random(7)
    checked = 0
    for _ in range(300):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                legal = state.legal_actions()
                knock = 55 if 55 in legal and rng.random() < 0.9 else None  # 55: OpenSpiel's knock action
                state.apply_action(knock if knock is not None else rng.choice(legal))
        if any(state.knocked()):
            side = 0 if state.knocked()[0] else 1
            k, d = state.deadwood()[side], state.deadwood()[1 - side]
            assert state.returns()[side] == hand_score(k, d, house, None, gin=k == 0).knocker_net, (k, d)
            checked += 1
    assert checked > 10


def test_the_sheet_of_a_match_of_games_has_a_column_pair_for_each_game_begun(folder):
    """The CSV sheet: each hand's columns in the games begun when it ended, empty in those begun after."""
    (folder / "r.yaml").write_text("extends: standard\ngames: 3\ntarget: 20\n", encoding="utf-8")
    run("new", "--rules", "r.yaml", "--dealer", "Ann", "Ann", "Ben")
    for knocker in ("Ann", "Ben"):
        run("knock", "--upcard", "KH", knocker, "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D", "--defender", "30")
    lines = run("export", "--format", "csv", "match.yaml").stdout.splitlines()
    # Ann wins game 1 25-0, Ben game 2 25-0: game 3 is begun, no hand in it yet
    assert lines[0].endswith("Ann,Ben,box,captain,sitter,game 1 Ann,game 1 Ben,game 2 Ann,game 2 Ben,game 3 Ann,"
                             "game 3 Ben")
    assert lines[1].endswith(",Ann,25,25,0,,,,25,0,,,,") and lines[2].endswith(",Ben,25,25,25,,,,25,0,0,25,,")


def test_three_players_play_games_one_after_another():
    match = new(("Ann", "Ben", "Cid"), players=3, next_dealer="box", games=2, match_win="first_to", target=10)
    hand(match, "Ben", 0, 10)   # Ben beats the box: game 1 to Ben; box Ben, captain Cid, sitter Ann
    assert [g.winner for g in match.state.games] == ["Ben", None]
    hand(match, "Cid", 0, 10)   # Cid beats the box: game 2 to Cid
    hand(match, "Ann", 0, 10)   # box Cid, captain Ann: game 3 to Ann; box Ann, captain Ben, sitter Cid
    assert not match.state.finished and tuple(match.state.roles) == ("Ann", "Ben", "Cid")
    hand(match, "Ben", 0, 10)   # game 4 to Ben: his second, the match
    assert (match.state.finished, match.state.winner, match.state.ended_in) == (True, "Ben", 4)
    assert [g.winner for g in match.state.games] == ["Ben", "Cid", "Ann", "Ben"]
