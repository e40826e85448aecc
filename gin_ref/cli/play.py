"""``gin-ref play``: one session at the table for the whole evening (the loop is ``gin_ref.cli.session``)."""

from __future__ import annotations

import sys
from typing import Optional, Tuple

from gin_ref.cli import main  # (loaded already: the group loads this module, by its name, to run 'play')
from gin_ref.cli.helptext import N_, argument, command, option
from gin_ref.cli.options import match_file, match_option
from gin_ref.cli.sealcheck import say_warnings
from gin_ref.cli.session import Session
from gin_ref.cli.session_lines import run_lines
from gin_ref.desk.errors import Kind, refuse
from gin_ref.desk.seals import failed_seals, seal_warnings
from gin_ref.desk.sessionfile import data_in
from gin_ref.desk.tally import read
from gin_ref.views.tally_text import versus


@command("play")
@match_option
@option("--rules", "rules_spec", metavar="NAME|FILE",
        help=N_("For a new match: the house rules, a preset or a YAML file (as for 'new')."))
@argument("players", nargs=-1, metavar="[PLAYER]...")
def play_cmd(match_path: Optional[str], rules_spec: Optional[str], players: Tuple[str, ...]) -> None:
    """One session for the evening: type the commands of gin-ref without 'gin-ref' and '--match'.

    Each line is answered as the command answers it and written to the match file at once (atomically,
    under the lock), so closing the terminal loses nothing. Before each entry the session checks whether
    another gin-ref changed the file meanwhile; if so it says what changed, and an entry that writes is
    not run (enter it again once you have seen the change).

    On a terminal: a status line with the totals, the deal and this hand's knock limit, and the cards
    being typed judged as they are typed (how many, the best deadwood, legal or not, the best discard of
    11); Tab completes commands, options, players and cards; the arrow keys recall earlier lines (kept in
    $GIN_REF_HISTORY, else ~/.local/share/gin-ref/history). Ctrl-C clears the line; Ctrl-D or 'quit'
    leaves. A record whose seal fails (changed outside gin-ref) is named on stderr as it opens. On a
    missing match file it asks for the rules and the players, or takes them from --rules
    and PLAYER....

    From a pipe or a file: one command a line, no prompt; the exit code is the worst of the commands'
    (0 when every one succeeded).

    \b
    Example:
      gin-ref play --match tonight.yaml Ann Ben
      printf 'deal --upcard 9h\\nknock ben 5 --defender 23\\n' |
        gin-ref play --match tonight.yaml
    """
    path = match_file(match_path)
    session = Session(path, main)
    terminal = sys.stdin.isatty() and sys.stdout.isatty()
    if session.known is None:
        if players:
            code = session.dispatch(["new", "--match", path] + (["--rules", rules_spec] if rules_spec else [])
                                    + list(players))
            session.reread()
            if code:
                sys.exit(code)
        elif terminal:
            from gin_ref.cli.terminal import ask_new_match

            if not ask_new_match(session, rules_spec):
                sys.exit(0)
        elif rules_spec is not None:
            raise refuse(Kind.NOTATION, N_("--rules starts a new match: name its players too"))
    elif players or rules_spec is not None:
        _verify_same_match(path, players, rules_spec)
    if session.known is not None and session.state() is not None:  # a failed seal is said as the file opens

        say_warnings(seal_warnings(path, failed_seals(data_in(session.known, path))))
    if terminal:
        from gin_ref.cli.terminal import run_terminal

        sys.exit(run_terminal(session))
    sys.exit(run_lines(session, sys.stdin.buffer))


def _verify_same_match(path: str, players: Tuple[str, ...], rules_spec: Optional[str]) -> None:
    """Players or --rules given for a file that holds a match: they must be its own (then the session
    goes on with it), or the session is refused rather than guess which match was meant."""
    match = read(path).match
    same = True
    if players:
        same = sorted(name.casefold() for name in players) == sorted(name.casefold() for name in match.players)
    if same and rules_spec is not None:
        from gin_ref.desk.rules import load_rules

        same = load_rules(rules_spec).knobs() == match.rules.knobs()
    if not same:
        raise refuse(Kind.NOTATION, N_("%(path)s holds another match (%(players)s, %(rules)s rules): give no players "
                                       "or --rules to go on with it, or another --match FILE"),
                     path=path, players=versus(match.players), rules=match.rules.name)
