"""Merging an overlay chain into one document, remembering who wrote, and who removed, what.

Mappings merge deeply, lists and scalars replace, `null` removes a key; a mapping given for a
list of named entries (`NAMED_LISTS`) changes those entries by name: `NAME: {...}` merges into
the entry NAME (or adds it at the end), `NAME: null` removes it, `before:`/`after: OTHER` puts
it there. Every part of the merged document keeps the file and path that wrote it
(`Merged.origin`), so that a problem found in the merged rules is reported where the author
can fix it; every removal is kept too (`Merged.removals`): a problem can come from a part that
is no longer there.

The work is linear in the size of the files. Who wrote what is a tree while the files are
merged (replacing a part drops its subtree in one step), and a named list is changed through
a linked order and an index by name, never by searching the list: the flat map of paths
searched whole at every entry took minutes to patch one trigger of a base of 6,000.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import Problem
from .loader import Document

#: Lists whose entries carry a `name` (None: any key there). An overlay may give them as a
#: mapping NAME -> entry; a list there still replaces the base's list whole.
NAMED_LISTS: tuple[tuple[str | None, ...], ...] = (
    ("hand", "patterns"), ("turn", "steps", None), ("triggers",))
#: For each named list, what an entry is, and the key a new entry cannot do without.
NAMED_KIND = {"patterns": ("pattern", "kind"), "steps": ("option", "do"),
              "triggers": ("trigger", "on")}
POSITION_KEYS = ("before", "after")
#: What the keys of a mapping are, in words, where they are not just keys: `zones: {x: null}`
#: removes a zone.
ENTRY_WORDS = {("turn", "steps"): "step", ("zones",): "zone"}
#: at most this many names are listed in a message about a misspelt one
SHOWN_NAMES = 20

Where = tuple  # (Document, path in that document)


def named_list(path: tuple) -> bool:
    return any(len(path) == len(n) and all(a is None or a == b for a, b in zip(n, path))
               for n in NAMED_LISTS)


def kind_of_list(path: tuple) -> tuple[str, str]:
    """(what an entry of the named list at `path` is, the key a new one needs)."""
    return NAMED_KIND["steps" if path[0] == "turn" else str(path[-1])]


class _Origin:
    """Who wrote one part of the merged document (`at`: the file and the path there, None when
    no one file wrote it whole), and the parts inside it (`below`, by key or index)."""

    __slots__ = ("at", "below")

    def __init__(self, at: Where | None = None) -> None:
        self.at = at
        self.below: dict[Any, _Origin] = {}


@dataclass(frozen=True)
class Removal:
    """`doc` removed the key or named entry `name` of the part at `container` (a path of the
    merged rules) with the `null` at `in_doc`; `what` says what it was (option, step, ...)."""

    container: tuple
    name: Any
    what: str
    doc: Document
    in_doc: tuple


@dataclass
class Merged:
    """An overlay chain merged: the document, and who wrote (or removed) each part of it."""

    data: dict
    origin: dict  # merged path -> (Document that wrote the value there, its path in that file)
    files: list   # the chain, base first
    sources: tuple = ()  # (real path, digest of its bytes) of each file of the chain, top first
    removals: list = field(default_factory=list)  # [Removal], in the order they were made
    problems: list = field(default_factory=list)  # [Problem]: changes that could not be made
    shipped: frozenset = frozenset()  # id() of the chain's built-in files
    _written: dict | None = field(default=None, repr=False)  # id(doc) -> {merged path: path}
    _theirs: dict | None = field(default=None, repr=False)  # see `removed_by_author`

    def foreign(self, doc: Document) -> bool:
        """Whether `doc` is a built-in that the author extends (not a file he gave)."""
        return id(doc) in self.shipped and id(self.files[-1]) not in self.shipped

    def written(self, path: tuple) -> bool:
        """Whether a file of the chain wrote the value at `path` or one around it."""
        return any(tuple(path[:k]) in self.origin for k in range(len(path), -1, -1))

    def removed_by_author(self) -> dict:
        """The removals made by the author's own files, indexed: `inside` maps each part of
        the rules to the last removal made inside it, `named` each name to the last removal
        of it (both as (its number in `removals`, it)), `at` each part to all the removals
        made there."""
        if self._theirs is None:
            inside: dict = {}
            named: dict = {}
            at: dict = {}
            for i, r in enumerate(self.removals):  # in order: the last one wins
                if self.foreign(r.doc):
                    continue
                for k in range(1, len(r.container) + 1):
                    inside[r.container[:k]] = (i, r)
                named[str(r.name)] = (i, r)
                at.setdefault(r.container, []).append(r)
            self._theirs = {"inside": inside, "named": named, "at": at}
        return self._theirs

    def problem(self, path: tuple, message: str, at_key: bool = False) -> Problem:
        doc, in_doc = self.where(path)
        return doc.problem(in_doc, message, at_key=at_key)

    def latest(self, paths: list) -> tuple:
        """Of several paths a problem is about, the one written by the latest file of the
        chain (the first on ties): the overlay's change is what broke the merged rules."""
        rank = {id(doc): i for i, doc in enumerate(self.files)}
        return max(paths, key=lambda q: rank.get(id(self.owner(q)), -1))

    def owner(self, path: tuple) -> Document:
        """The file that wrote the value at `path`."""
        return self.where(path)[0]

    def wrote(self, doc: Document, path: tuple) -> bool:
        """Whether `doc` wrote the value at `path` or something inside it."""
        self._index()
        assert self._written is not None
        return tuple(path) in self._written.get(id(doc), {})

    def _index(self) -> None:
        if self._written is None:
            self._written = {}
            for q, (o, dq) in self.origin.items():
                paths = self._written.setdefault(id(o), {})
                for i in range(len(q) + 1):
                    paths.setdefault(q[:i], dq[:len(dq) - (len(q) - i)])

    def where(self, path: tuple) -> Where:
        """(the file that wrote the value at `path`, the path of that value in the file): an
        entry changed by name sits at `/hand/patterns/1` in the rules and at
        `/hand/patterns/tris` in the overlay."""
        full = tuple(path)
        p = full
        while p not in self.origin and p:
            p = p[:-1]
        doc, in_doc = self.origin.get(p, (self.files[-1], p))
        # A section merged from several files (a problem about the whole `turn`): the last
        # file that wrote into it, i.e. the overlay the author is editing, not its base.
        self._index()
        assert self._written is not None
        for later in reversed(self.files):
            if later is doc:
                break
            if p in self._written.get(id(later), {}):
                doc, in_doc = later, self._written[id(later)][p]
                break
        return doc, tuple(in_doc) + full[len(p):]


class _Entries:
    """The entries of one named list while an overlay changes them: linked in their order
    (moving one is O(1)) and found by name."""

    HEAD, TAIL = -1, -2

    def __init__(self, node: _Origin) -> None:
        self.node = node  # who wrote the list
        self.items: dict[int, list] = {}  # id -> [name, entry, its _Origin]
        self.nxt: dict[int, int] = {self.HEAD: self.TAIL}
        self.prv: dict[int, int] = {self.TAIL: self.HEAD}
        self.by_name: dict[Any, list[int]] = {}
        self.made = 0  # ids given: an id is never given again, even after a removal
        self._names: str | None = None  # `names()`, until the entries change

    def add(self, name: Any, entry: dict, node: _Origin) -> int:
        i = self.made
        self.made += 1
        self.items[i] = [name, entry, node]
        self.by_name.setdefault(name, []).append(i)
        self._link(i, self.prv[self.TAIL], self.TAIL)
        return i

    def _link(self, i: int, before: int, after: int) -> None:
        self._names = None
        self.nxt[before], self.prv[i], self.nxt[i], self.prv[after] = i, before, after, i

    def unlink(self, i: int) -> None:
        self._names = None
        before, after = self.prv.pop(i), self.nxt.pop(i)
        self.nxt[before], self.prv[after] = after, before

    def remove(self, i: int) -> None:
        self.unlink(i)
        ids = self.by_name[self.items[i][0]]
        ids.remove(i)
        if not ids:
            del self.by_name[self.items[i][0]]
        del self.items[i]

    def place(self, i: int, target: int, where: str) -> None:
        """Link the unlinked entry `i` just before or after `target`."""
        if where == "before":
            self._link(i, self.prv[target], target)
        else:
            self._link(i, target, self.nxt[target])

    def ids(self) -> Iterator[int]:
        i = self.nxt[self.HEAD]
        while i != self.TAIL:
            yield i
            i = self.nxt[i]

    def names(self) -> str:
        """The names there are, for a message (the first SHOWN_NAMES)."""
        if self._names is None:
            shown: list[str] = []
            for i in self.ids():
                if len(shown) == SHOWN_NAMES:
                    shown.append(f"... ({len(self.items)} in all)")
                    break
                shown.append(str(self.items[i][0]))
            self._names = ", ".join(shown) or "none"
        return self._names


class _Merger:
    """Merges one file of a chain into the document the files before it made."""

    def __init__(self, doc: Document, removed: list, problems: list[Problem]) -> None:
        self.doc = doc
        self.removed = removed  # (container _Origin, name, what, doc, path in doc)
        self.problems = problems

    def merge(self, base: Mapping, over: Mapping, node: _Origin, path: tuple,
              in_doc: tuple) -> dict:
        out = dict(base)
        for k, v in over.items():
            here, d_here = path + (k,), in_doc + (k,)
            old = out.get(k)
            if v is None:
                if k in out:
                    del out[k]
                    self.removed.append((node, k, ENTRY_WORDS.get(path, "key"), self.doc,
                                         d_here))
                node.below[k] = _Origin((self.doc, d_here))
            elif isinstance(v, dict) and named_list(here) and not isinstance(old, dict):
                child = node.below.get(k) or _Origin()
                out[k] = self.named(old, v, child, here, d_here)
                node.below[k] = child
            elif isinstance(v, dict) and isinstance(old, dict):
                inner = node.below.get(k)
                if inner is None:
                    inner = node.below[k] = _Origin()
                out[k] = self.merge(old, v, inner, here, d_here)
            else:
                out[k], node.below[k] = self.fresh(v, here, d_here)
        return out

    def fresh(self, value: Any, path: tuple, in_doc: tuple) -> tuple[Any, _Origin]:
        """A value that replaces what was there (or fills an empty place), as written, except
        that a named list given as `NAME: entry` becomes its list: a complete ruleset may
        write them so too."""
        node = _Origin((self.doc, in_doc))
        if not isinstance(value, dict):
            return value, node
        out = {}
        for k, v in value.items():
            here, d_here = path + (k,), in_doc + (k,)
            if isinstance(v, dict) and named_list(here):
                child = node.below[k] = _Origin()
                out[k] = self.named(None, v, child, here, d_here)
            else:
                out[k], node.below[k] = self.fresh(v, here, d_here)
        return out, node

    def fail(self, at: tuple, message: str) -> None:
        self.problems.append(self.doc.problem(at, message))

    def named(self, base: Any, over: Mapping, node: _Origin, here: tuple,
              in_doc: tuple) -> Any:
        """Change a list of named entries by name. A change that cannot be made is a problem
        at its line, and the others are still made: every mistake is reported at once."""
        entries = self._base_entries(base, node, here, in_doc)
        if entries is None:
            return base
        for name, v in over.items():
            self._change(entries, name, v, base is None, here, in_doc + (name,))
        if node.at is None:
            node.at = (self.doc, in_doc)
        node.below = {}
        out: list[dict] = []
        for i in entries.ids():
            _, entry, entry_node = entries.items[i]
            node.below[len(out)] = entry_node
            out.append(entry)
        return out

    def _base_entries(self, base: Any, node: _Origin, here: tuple,
                      in_doc: tuple) -> _Entries | None:
        entries = _Entries(node)
        if base is None:
            return entries
        where = "/".join(map(str, here))
        if not isinstance(base, list):
            self.fail(in_doc, f"the base's `{where}` is not a list")
            return None
        whole = node.at or (self.doc, in_doc)
        for j, e in enumerate(base):
            if not isinstance(e, dict) or not isinstance(e.get("name"), str):
                self.fail(in_doc, f"entry {j + 1} of the base's `{where}` has no `name`, so its "
                          f"entries cannot be changed by name: give the whole list here "
                          f"(`- ...` items), or name the base's entries")
                return None
            entry_node = node.below.get(j)
            if entry_node is None:  # the list was written whole: its items have no own entry
                entry_node = _Origin((whole[0], tuple(whole[1]) + (j,)))
            entries.add(e["name"], e, entry_node)
        return entries

    def _find(self, entries: _Entries, name: Any, what: str, at: tuple) -> int | None:
        """The one entry called `name`, or None with the problem said."""
        ids = entries.by_name.get(name, []) if isinstance(name, str) else []
        if len(ids) == 1:
            return ids[0]
        if ids:
            self.fail(at, f"the base has {len(ids)} {what}s named {name!r}, so it cannot be "
                          f"changed by name: give the whole list here (`- ...` items)")
        else:
            self.fail(at, f"no {what} named {name!r} here (the {what}s: {entries.names()})")
        return None

    def _change(self, entries: _Entries, name: Any, v: Any, new_list: bool, here: tuple,
                at: tuple) -> None:
        """One `NAME: ...` of the overlay; nothing changes when it is wrong."""
        what, kind_key = kind_of_list(here)
        if not isinstance(name, str):
            return self.fail(at, f"a {what}'s name is text, not {name!r}")
        if v is None:
            i = self._find(entries, name, what, at)
            if i is not None:
                self.removed.append((entries.node, name, what, self.doc, at))
                entries.remove(i)
            return None
        if not isinstance(v, dict):
            return self.fail(at, f"give the {what} as a mapping of its keys (or null to remove "
                                 f"it)")
        if "name" in v and v["name"] != name:
            return self.fail(at + ("name",), f"the key {name!r} is the {what}'s name: `name:` "
                                             f"cannot say otherwise")
        places = [k for k in POSITION_KEYS if k in v]
        if len(places) > 1:
            return self.fail(at, "say `before:` or `after:`, not both")
        exists = name in entries.by_name
        if not exists and kind_key not in v:
            return self.fail(at, f"every {what} needs `{kind_key}:`" if new_list else
                             f"no {what} named {name!r} to change (the {what}s: "
                             f"{entries.names()}); a new {what} needs `{kind_key}:`")
        i = self._find(entries, name, what, at) if exists else None
        if exists and i is None:
            return None
        target = None
        if places:
            if v[places[0]] == name:
                return self.fail(at + (places[0],), f"a {what} is placed next to another one, "
                                                    f"not next to itself")
            target = self._find(entries, v[places[0]], what, at + (places[0],))
            if target is None:
                return None
        body = {k: x for k, x in v.items() if k not in POSITION_KEYS and k != "name"}
        if i is not None:
            item = entries.items[i]
            item[1] = self.merge(item[1], body, item[2], here + (name,), at)
        else:
            new, node = self.fresh({"name": name, **body}, here + (name,), at)
            i = entries.add(name, new, node)
        if target is not None:
            entries.unlink(i)
            entries.place(i, target, places[0])
        return None


def merge_chain(chain: list[Document]) -> tuple[dict, dict, list[Removal], list[Problem]]:
    """The merged document of a chain (base first), who wrote each of its paths, what the
    files removed, and the changes that could not be made."""
    root = _Origin()
    removed: list = []
    problems: list[Problem] = []
    data: dict = {}
    for doc in chain:
        body = {k: v for k, v in doc.data.items() if k != "extends"}
        data = _Merger(doc, removed, problems).merge(data, body, root, (), ())
    origin: dict = {}
    paths: dict[int, tuple] = {}
    _flatten(root, (), origin, paths)
    removals = [Removal(paths[id(node)], name, what, doc, in_doc)
                for node, name, what, doc, in_doc in removed
                if id(node) in paths]  # else a later file replaced what it was removed from
    return data, origin, removals, problems


def _flatten(node: _Origin, path: tuple, origin: dict, paths: dict[int, tuple]) -> None:
    """The tree as the map merged path -> (file, path there) that `Merged` reads, and the
    path of every node (where the removals were made, now that every list has its order)."""
    paths[id(node)] = path
    if node.at is not None:
        origin[path] = node.at
    for key, child in node.below.items():
        _flatten(child, path + (key,), origin, paths)
