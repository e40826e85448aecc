"""How a path, a name or a line of text is shown on one line of a terminal or a page: the core's escapes
(``gin_ref.core.escape``: control and invisible characters made visible, a long text cut to an excerpt),
named here for the fronts, which reach the layers below only through the desk and the views."""

from __future__ import annotations

from gin_ref.core.escape import excerpt, one_line, shown_path

__all__ = ["excerpt", "one_line", "shown_path"]
