"""Match files of every shape, made by the command line itself, for the schema tests (tests/test_schemas.py):
each a list of ``gin-ref`` commands run in this process in one folder, and the codes they must exit with.

Between them they hold what a record and a ``--json`` output can hold: hands by cards and by counts, gin,
big gin, dead hands, a tie, undercuts, an amend, an undo and a redo, every kind of ruling, the turns of a
hand and its plays out of turn, a deal by the wrong dealer, an illegal knock kept, three players with a
draw, Hollywood and several games, a deal of eleven (no upcard), a match recorded by its result and amended,
a match an amend ended early (hands after its end), a shutout, and matches still being played.
"""

from runs import invoke

KNOCKER = "AS 2S 3S 4H 4D 4C 7C 8C 9C 5D"
DEFENDER = "AH 7H QH 2D 7D 8D 9D TD JD 3C"

# (file, rules file text or None, [(exit code, words...)])
CASES = {
    "desk.yaml": (None, [
        (0, "new", "--rules", "standard", "--dealer", "Ann", "--date", "2024-03-02", "Ann", "Ben"),
        (0, "knock", "--upcard", "9H", "Ben", "5", "--defender", "23"),
        (0, "knock", "--upcard", "KS", "Ben", "0", "--defender", "31"),
        (0, "dead", "--upcard", "4C"),
        (0, "knock", "--upcard", "7D", "Ben", "6", "--defender", "9"),
        (0, "amend", "4", "Ben", "AS 2S 3S 4H 4D 4C 7C 8C 9C 6D", "--defender", "5H 5S 5C TH JH QH 2D 3D 4S AC"),
        (0, "ruling", "--hand", "1", "--award", "Ann", "10", "--reason", "Ben showed his cards", "--by", "Dana"),
        (0, "knock", "--upcard", "2C", "Ann", KNOCKER, "--defender", DEFENDER),
        (0, "undo"),
        (0, "redo"),
        (0, "knock", "--upcard", "3H", "Ann", "3", "--defender", "40"),
        (0, "undo"),
    ]),
    "turns.yaml": (None, [
        (0, "new", "--dealer", "Ann", "--date", "2024-03-03", "Ann", "Ben"),
        (1, "deal", "--dealer", "Ben", "--upcard", "9H"),
        (0, "deal", "--upcard", "9H"),
        (1, "draw", "Ann"),
        (0, "pass", "Ben"),
        (0, "take", "Ann"),
        (0, "discard", "Ann", "QH"),
        (0, "draw", "Ben"),
    ]),
    "illegal.yaml": ("extends: oklahoma\nbig_gin_bonus: 31\nillegal_knock: penalty\n", [
        (0, "new", "--rules", "penalty.yaml", "--dealer", "Ann", "--date", "2024-03-04", "Ann", "Ben"),
        (0, "deal", "--upcard", "3C"),
        (1, "knock", "Ann", "--illegal", "AS 2S 3S 4H 4D 4C 7C 8C 9C KD", "--defender", DEFENDER),
        (0, "knock", "Ann", "AS 2S 3S 4H 4D 4C 7C 8C 9C 2D", "--defender", "AH 7H QH 5D 7D 8D 9D TD JD 3C"),
        (0, "knock", "--upcard", "TS", "Ben", "0", "--big-gin", "--defender", "12"),
    ]),
    "void.yaml": (None, [
        (0, "new", "--rules", "standard", "--dealer", "Ann", "--date", "2024-03-05", "Ann", "Ben"),
        (0, "knock", "--upcard", "9H", "Ben", "5", "--defender", "23"),
        (0, "ruling", "--void", "--reason", "a card was exposed"),
        (0, "knock", "--upcard", "9H", "Ann", "5", "--defender", "23"),
        (0, "deal", "--upcard", "8D"),
        (0, "ruling", "--redeal", "--reason", "misdeal"),
        (0, "knock", "--upcard", "9H", "Ann", "2", "--defender", "50"),
        (0, "ruling", "--forfeit", "Ben", "--reason", "left early", "--by", "Dana"),
    ]),
    "three.yaml": (None, [
        (0, "new", "--rules", "three-player", "--date", "2024-03-06", "Ann", "Ben", "Cid"),
        (0, "knock", "--upcard", "8H", "{box}", "7", "--defender", "31"),
        (0, "dead", "--upcard", "4D"),
        (0, "knock", "--upcard", "2S", "{captain}", "0", "--defender", "20"),
    ]),
    "tie.yaml": ("extends: standard\nknock_tie: nobody\ngames: 2\nbox_bonus: 25\ngame_bonus: 100\ntarget: 50\n", [
        (0, "new", "--rules", "house.yaml", "--dealer", "Ann", "--date", "2024-03-07", "Ann", "Ben"),
        (0, "knock", "--upcard", "9H", "Ben", "5", "--defender", "5"),
        (0, "knock", "--upcard", "9H", "Ben", "0", "--defender", "40"),
        (0, "knock", "--upcard", "9H", "Ben", "3", "--defender", "30"),
        (0, "knock", "--upcard", "9H", "Ben", "0", "--defender", "40"),
    ]),
    "eleven.yaml": ("extends: standard\ndeal: eleven\nace_runs: low_or_high\n", [
        (0, "new", "--rules", "eleven-rules.yaml", "--dealer", "Ann", "--date", "2024-03-08", "Ann", "Ben"),
        (0, "knock", "Ben", "5", "--defender", "23"),
        (0, "deal"),
    ]),
    "paper.yaml": (None, [
        (0, "result", "--match", "paper.yaml", "--rules", "standard", "--date", "2024-05-02", "Ann", "154", "Ben",
         "24", "--hands-won", "Ann", "6", "Ben", "2"),
        (0, "amend", "result", "--match", "paper.yaml", "Ann", "150", "Ben", "30"),
    ]),
    "undos.yaml": (None, [
        (0, "new", "--dealer", "Ann", "--date", "2024-03-10", "Ann", "Ben"),
        (1, "deal", "--dealer", "Ben", "--upcard", "9H"),
        (0, "undo"),
        (0, "deal", "--upcard", "9H"),
        (1, "draw", "Ann"),
        (0, "undo"),
        (0, "pass", "Ben"),
        (0, "undo"),
        (0, "knock", "Ben", "5", "--defender", "23"),
        (0, "ruling", "--void", "--reason", "a card was seen"),
        (0, "undo"),
        (0, "undo"),
        (0, "undo"),
        (0, "redo"),
    ]),
    "paper-undone.yaml": (None, [
        (0, "result", "--match", "paper-undone.yaml", "--date", "2024-05-03", "Ann", "100", "Ben", "3"),
        (0, "amend", "result", "--match", "paper-undone.yaml", "Ann", "110", "Ben", "3"),
        (0, "undo"),
    ]),
    "ended.yaml": (None, [
        (0, "new", "--rules", "standard", "--dealer", "Ann", "--date", "2024-03-11", "Ann", "Ben"),
        (0, "knock", "--upcard", "9H", "Ben", "5", "--defender", "55"),
        (0, "knock", "--upcard", "9H", "Ben", "5", "--defender", "40"),
        (0, "knock", "--upcard", "9H", "Ann", "2", "--defender", "30"),
        (0, "amend", "1", "Ben", "0", "--defender", "80"),  # the match ends at hand 1: hands 2 and 3 after it
    ]),
    "shutout.yaml": (None, [
        (0, "new", "--rules", "classic", "--dealer", "Ann", "--date", "2024-03-12", "Ann", "Ben"),
        (0, "knock", "--upcard", "9H", "Ben", "0", "--defender", "90"),
    ]),
    "fresh.yaml": (None, [
        (0, "new", "--date", "2024-03-09", "Ann", "Cid"),
    ]),
}

RULES_FILES = {"illegal.yaml": "penalty.yaml", "tie.yaml": "house.yaml", "eleven.yaml": "eleven-rules.yaml"}


def build(folder):
    """Make every case's match file in ``folder``; returns their paths. A command's code other than the one
    expected fails, naming the command and what it said."""
    paths = []
    for name, (rules_text, commands) in CASES.items():
        if rules_text is not None:
            (folder / RULES_FILES[name]).write_text(rules_text, encoding="utf-8")
        for code, *words in commands:
            words = _filled(words, folder / name)
            if words[0] != "result" and words[:2] != ["amend", "result"]:
                words = [*words, "--match", name]
            done = invoke(*words, cwd=folder)
            assert done.code == code, (name, words, done)
        paths.append(folder / name)
    return paths


def _filled(words, path):
    """``{box}``, ``{captain}``: the player in that role for the next hand of a three-player match."""
    if not any("{" in word for word in words):
        return list(words)
    done = invoke("tally", "--json", "--match", path)
    import json

    roles = json.loads(done.out)["roles"]
    return [word.format(**roles) for word in words]
