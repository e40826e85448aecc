"""Bash completion that keeps the plain items when files are offered too (issue 25 item 3).

click's bash script empties its list of completions whenever a parameter also offers files
(``COMPREPLY=()`` then ``compopt -o default``), so ``gin-ref check --rules t<Tab>`` offered only files and
never ``three-player`` or ``tournament``. This script adds the files that start as typed to the plain items
instead (``compgen -f``), as click's zsh and fish scripts already do. It is registered under click's own
name, ``bash``, only when the shell asks for completion (``_GIN_REF_COMPLETE`` set).
"""

from __future__ import annotations

from click.shell_completion import BashComplete, add_completion_class

SOURCE_BASH = """\
%(complete_func)s() {
    local IFS=$'\\n'
    local response

    response=$(env COMP_WORDS="${COMP_WORDS[*]}" COMP_CWORD=$COMP_CWORD %(complete_var)s=bash_complete $1)

    for completion in $response; do
        IFS=',' read type value <<< "$completion"

        if [[ $type == 'dir' ]]; then
            COMPREPLY+=($(compgen -d -- "$value"))
            compopt -o filenames
        elif [[ $type == 'file' ]]; then
            COMPREPLY+=($(compgen -f -- "$value"))
            compopt -o filenames
        elif [[ $type == 'plain' ]]; then
            COMPREPLY+=($value)
        fi
    done

    return 0
}

%(complete_func)s_setup() {
    complete -o nosort -F %(complete_func)s %(prog_name)s
}

%(complete_func)s_setup;
"""


class GinRefBashComplete(BashComplete):
    """click's bash completion, with plain items and files offered together."""

    source_template = SOURCE_BASH


def register() -> None:
    add_completion_class(GinRefBashComplete, "bash")
