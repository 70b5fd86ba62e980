"""Bash completion that offers the matching variant names and the matching files together.

A VARIANT completes to the built-in names that start with what was typed and to file names
(`VariantType.shell_complete`: plain entries, then one `file` entry). Click's own bash script
answers a `file` entry by emptying COMPREPLY and leaving the word to readline's file
completion, so every name before it was dropped: `trentuno play sc<TAB>` listed files only.
The script here adds the files that match (`compgen -f`) after the names instead; click's zsh
and fish scripts already keep both, and are left as they are.

Imported only when a shell asks for completion (`TrentunoGroup._main_shell_completion`), so
no other command pays for it.
"""
from __future__ import annotations

from click.shell_completion import BashComplete, add_completion_class

#: click's bash script (click 8.1-8.5) with the `file` and `dir` entries added to the names
#: rather than replacing them, and every value kept whole (quoted: no word splitting or
#: globbing of a name or a file name).
_SOURCE_BASH = """\
%(complete_func)s() {
    local IFS=$'\\n'
    local response completion type value

    response=$(env COMP_WORDS="${COMP_WORDS[*]}" COMP_CWORD=$COMP_CWORD \
%(complete_var)s=bash_complete $1)

    for completion in $response; do
        IFS=',' read -r type value <<< "$completion"

        if [[ $type == 'dir' ]]; then
            compopt -o filenames 2>/dev/null
            mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -d -- "$value")
        elif [[ $type == 'file' ]]; then
            compopt -o filenames 2>/dev/null
            mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -f -- "$value")
        elif [[ $type == 'plain' ]]; then
            COMPREPLY+=("$value")
        fi
    done

    return 0
}

%(complete_func)s_setup() {
    complete -o nosort -F %(complete_func)s %(prog_name)s
}

%(complete_func)s_setup;
"""


class NamesAndFilesBashComplete(BashComplete):
    """Click's bash completion, with the script above."""

    source_template = _SOURCE_BASH


def register() -> None:
    """Make `bash` mean the completion above for the rest of this process."""
    add_completion_class(NamesAndFilesBashComplete, "bash")
