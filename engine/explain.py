"""A ruleset in words: the rules of the game as plain prose, generated from its data.

    sections = explain(load(NAME_OR_PATH), lang="it")
    print(render(sections))

Every sentence is built from the compiled rules (the `Ruleset` and the frozen objects it holds;
what the compiler turned into closures, guards, effects and trigger conditions, is read from the
`Spec` each keeps of its keyword and parameter), never from the YAML and never from which
ruleset it is: the same generic sentence serves every ruleset that uses the same keys. Names
(zones, players, lives, chips) come from `terms`, the translation layer `play` and `replay`
share. The ruleset's own words are used wherever it gives them: its title and description in
the reader's language, pattern labels, option labels, rank and suit names, and `labels:` entries
for its terms. `labels` keys that are read:

* a zone's name (`reserve: {en: reserve, it: la riserva}`): the words for that zone (in Italian an
  article at the start gives the gender: `la riserva`, `il tallone`, `le carte in tavola`);
* a step's name: the words for that step of a turn;
* `knock`: the ruleset's word for knocking or standing;
* `last_chance`: its word for the extra life of a player with no lives left.

`diff(base, overlay)` keeps only the sections whose sentences differ: what a house rule changes.

The text is built in smaller modules: `explain_words` (language helpers), `explain_terms` (the
ruleset's own words on top of `terms.Terms`, and `Section`), and one module per group of sections:
`explain_setup`, `explain_turn`, `explain_hands`, `explain_stakes`. This module puts them together
and holds the public API.
"""
from __future__ import annotations

import difflib
import textwrap
from collections.abc import Iterable

from .explain_capture import CaptureSections
from .explain_hands import HandSections
from .explain_setup import SetupSections
from .explain_stakes import StakeSections
from .explain_terms import Section
from .explain_turn import TurnSections
from .explain_words import LANGS, Noun
from .rules import Ruleset


class _Explainer(SetupSections, TurnSections, HandSections, StakeSections, CaptureSections):
    """All the sections of one ruleset in one language, in the order they are printed."""

    def all(self) -> list[Section]:
        if self.rules.stakes.mode.scores_cards:  # points won from taken cards (capture games)
            out = [self.about(), self.players(), self.sides_section(), self.deck_section(),
                   self.values(), self.deal(), self.turn(), self.events(),
                   self.scoring_section(), self.score_end()]
            return [s for s in out if s is not None and s.lines]
        out = [self.about(), self.players(), self.deck_section(), self.values(), self.deal(),
               self.turn(), self.knock(), self.instant(), self.ranking(), self.events(),
               self.stakes(), self.settle(), self.end()]
        return [s for s in out if s is not None and s.lines]


# ---- public API -----------------------------------------------------------------------------
def explain(rules: Ruleset, lang: str = "en") -> list[Section]:
    """The rules of `rules` in words, section by section (the first, key `about`, holds the
    title and the description)."""
    return _Explainer(rules, lang).all()


def zone_words(rules: Ruleset, zone: str, lang: str = "en") -> str:
    """How the explanation names a zone (`the discard pile`, `il tallone`)."""
    return _Explainer(rules, lang).zone(zone).the(lang)


def diff(base: Ruleset, overlay: Ruleset, lang: str = "en",
         instead: bool = True) -> list[Section]:
    """The sections of `overlay` whose sentences differ from `base`'s: only the sentences that
    are new (with the sentences they are nested under), and (when `instead`) the base's
    sentences they replace under an "instead of" line. A section the overlay no
    longer has is listed with the base's sentences under "no longer applies". The first
    section (`about`) names the overlay and its base."""
    b = {s.key: s for s in explain(base, lang)}
    o = explain(overlay, lang)
    en = lang == "en"
    head = o[0]
    base_title = b["about"].title if "about" in b else base.name
    out = [Section("about", head.title, (
        (f"What this ruleset ({overlay.name}) changes from “{base_title}” ({base.name}); "
         f"everything else is the same.") if en else
        (f"Che cosa cambia questo regolamento ({overlay.name}) rispetto a «{base_title}» "
         f"({base.name}); tutto il resto è uguale."),))]
    seen = set()
    for s in o[1:]:
        seen.add(s.key)
        old = b.get(s.key)
        if old is not None and old.lines == s.lines:
            continue
        out.append(Section(s.key, s.title, tuple(_section_diff(s.lines, old, en, instead))))
    for key, s in b.items():
        if key != "about" and key not in seen:
            lines = ["No longer applies; it was:" if en else "Non vale più; era:"]
            lines += ["  " + line for line in s.lines]
            out.append(Section(s.key, s.title, tuple(lines)))
    return out


def _section_diff(lines: tuple[str, ...], old: Section | None, en: bool,
                  instead: bool) -> list[str]:
    """One changed section: its new lines (with the lines they are nested under), then the
    base's lines they replace under "Instead of:", or, where the overlay only removed lines
    (an option, an outcome), those under "No longer:"."""
    if old is None:
        return list(lines) + ["(new)" if en else "(nuovo)"]
    added, removed = _edits(old.lines, lines)
    out = _with_context(lines, added)
    gone = _with_context(old.lines, removed)
    if gone and (instead or not out):
        if out:
            out.append("Instead of:" if en else "Invece di:")
        else:
            out.append("No longer:" if en else "Non più:")
        out += ["  " + line for line in gone]
    return out


def _edits(before: tuple[str, ...], after: tuple[str, ...]) -> tuple[list[bool], list[bool]]:
    """Which lines of `after` are new and which of `before` are gone, by their place (a line
    equal to one elsewhere in the section is still new where it was not)."""
    added, removed = [False] * len(after), [False] * len(before)
    matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            removed[i1:i2] = [True] * (i2 - i1)
            added[j1:j2] = [True] * (j2 - j1)
    return added, removed


def _with_context(lines: tuple[str, ...], marked: list[bool]) -> list[str]:
    """The marked lines, each with the lines it is nested under (less indented, above it) for
    context: what a house rule changed, not the whole section again."""
    def depth(line: str) -> int:
        return len(line) - len(line.lstrip(" "))
    keep = list(marked)
    for i in range(len(lines) - 1, -1, -1):
        if marked[i]:
            d = depth(lines[i])
            for j in range(i - 1, -1, -1):
                if depth(lines[j]) < d:
                    keep[j] = True
                    d = depth(lines[j])
                    if d == 0:
                        break
    return [line for line, k in zip(lines, keep) if k]


def load_base(name_or_path: str) -> Ruleset | None:
    """The ruleset an overlay extends (its chain minus its own file), or None when
    `name_or_path` is not an overlay."""
    from .variants import load, load_merged, resolve
    merged = load_merged(name_or_path)
    if len(merged.files) < 2:
        return None
    path = resolve(name_or_path)
    base = merged.files[-1].data["extends"]
    return load(str(resolve(base, relative_to=path.parent)))


def render(sections: Iterable[Section], width: int = 100) -> str:
    """Plain text, Markdown-ish: `# title`, the description, then `## heading` and bullet
    lines (sub-items indented). `width` 0 leaves lines unwrapped."""
    out: list[str] = []
    for s in sections:
        if s.key == "about":
            out += [f"# {s.title}", ""]
            for line in s.lines:
                out += (textwrap.wrap(line, width, break_on_hyphens=False) if width
                        else [line]) + [""]
            continue
        out += [f"## {s.title}", ""]
        for line in s.lines:
            depth = (len(line) - len(line.lstrip(" "))) // 2
            pad = "  " * depth
            text = f"{pad}- {line.strip()}"
            if width:
                out += textwrap.wrap(text, width, subsequent_indent=pad + "  ",
                                     break_on_hyphens=False, break_long_words=False)
            else:
                out.append(text)
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


__all__ = ["LANGS", "Noun", "Section", "diff", "explain", "load_base", "render", "zone_words"]
