"""Language helpers the rule explanation needs beyond the shared names of `terms`: Italian
number phrases ("dal 2 al 7", "dall'8 al 10").

Names (zones, players, stakes) and the grammar they need (articles, prepositions, agreement)
live in `terms`, the translation layer shared with `play` and `replay`; they are re-exported
here for the sentence builders.
"""
from __future__ import annotations

from .terms import LANGS, Noun, cap, it_noun, join_words, number

__all__ = ["LANGS", "Noun", "cap", "it_from_to", "it_noun", "join_words", "number"]


def it_from_to(a: str, b: str) -> str:
    """`dal 2 al 7`, `dall'8 al 10`, `dal 7 all'11`: numbers read with a vowel take l'."""
    def vowel(code: str) -> bool:
        return code.startswith(("8", "11")) or code == "1"
    return (("dall'" if vowel(a) else "dal ") + a + " " +
            ("all'" if vowel(b) else "al ") + b)
