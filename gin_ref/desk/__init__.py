"""The desk: one typed function for each thing a person does or asks at the table or the director's desk.

The command line (``gin_ref.cli``) and the server (``gin_ref.serve``) are fronts over it; the library face
is ``gin_ref.api`` (docs/library.md). Its modules: ``acts`` (start a match, deal, knock, dead, the turns),
``corrections`` (amend, undo, redo, rule, a result), ``verify`` (and the seal report), ``reports`` (tally,
history, stats, standings, settle), ``club`` (events: start, pair a round, standings), ``exports`` (the
formats' registry), ``reading`` (many matches at once), ``errors`` (the one refusal type), ``outcomes`` (what
the acts return, made from the match's results in one place), ``store`` (how an act meets its file), and for
the session of ``play``: ``sessionfile`` (the file as the session watches it), ``tableline`` (the table line
and the names typed) and ``notation`` (text as a person types it).

Every function takes the paths it works on (never the working folder's own: it never changes it), and never
prints, exits or asks: an act returns its outcome or raises ``DeskError``; each act ``x`` has ``can_x``.
"""
