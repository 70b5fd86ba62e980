"""Safe YAML loading for rule files, remembering where every node came from.

Why not `yaml.safe_load`?
  * It resolves scalars the YAML 1.1 way, where `no`, `on`, `y`... can turn into booleans and
    `010` into 8; rule authors write `name: NO` or `trump: on` and must get strings back.
  * It silently keeps the last of two duplicate keys, which hides typos in long rulesets.
  * It throws positions away; validation errors must say "line 12, column 5".
  * It expands aliases without limit (the "billion laughs" bomb).

So we use only PyYAML's pure-Python reader, scanner and parser (its event stream) and compose
our own small node graph from the events; there is no PyYAML constructor anywhere, so no tag can
ever build an object. A second walk turns that graph into plain Python data, expanding aliases
while counting nodes, and records a position for every path.

Scalars follow YAML 1.2's core schema, except that `.inf` / `.nan` stay strings and numbers
that overflow to infinity are refused: the data must stay JSON-compatible for the schema
validator and for JSON output.

Mapping keys are resolved like any scalar, so callers may see non-string keys: `10: x` gives
the int key 10, `true: x` the key True, `~: x` the key None. Quote a key to keep it a string.
"""

from __future__ import annotations

import math
import os
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml import events as ev
from yaml.parser import Parser
from yaml.reader import Reader, ReaderError
from yaml.scanner import Scanner

from .errors import Problem, RuleFileError

MAX_BYTES = 1024 * 1024  # 1 MiB: a ruleset is a few KiB; more is a mistake or an attack.
MAX_DEPTH = 100  # nested mappings/lists; keeps our recursive walks far from Python's limit.
#: Nodes (every key, value and list item), after alias expansion. The shipped rulesets have at
#: most 400; what bounds it is the schema check, which costs 90-130 microseconds a node for the
#: densest entries (a step's options, each tried against every primitive): 30,000 `{do: pass}`
#: options (90,000 nodes) took 11 s of CPU to check, 10,000 nodes take 1.3 s at worst.
MAX_NODES = 10_000
#: text after alias expansion (scalars and keys, in characters): one long string aliased a
#: thousand times is few nodes but gigabytes once the schema and the digest read it.
MAX_EXPANDED_CHARS = 4 * MAX_BYTES
#: an integer this wide cannot be printed (Python refuses str() past 4,300 digits) and means
#: nothing in a ruleset; hex and octal spellings are held to the same limit.
MAX_INT_DIGITS = 4000
_MAX_INT_BITS = int(MAX_INT_DIGITS * 3.3219280948873626)  # log2(10) bits per digit

Position = tuple[int, int]  # 1-based (line, column)
PathLike = str | Sequence[Any]  # "/a/0/b" or ("a", 0, "b")

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_EXPANDED_CHARS",
    "MAX_INT_DIGITS",
    "MAX_NODES",
    "Document",
    "format_path",
    "load_bytes",
    "load_file",
    "load_text",
]


# --- paths ---------------------------------------------------------------------------------


def _label(segment: Any) -> str:
    """How one path segment is written: YAML spellings for the non-string scalars."""
    if segment is True:
        return "true"
    if segment is False:
        return "false"
    if segment is None:
        return "null"
    return str(segment)


def format_path(path: PathLike) -> str:
    """("turn", "steps", 0) -> "/turn/steps/0" (JSON-pointer escaping); () -> "" (the root).

    A string is returned unchanged, so callers can pass either form through.
    """
    if isinstance(path, str):
        return path
    return "".join("/" + _label(s).replace("~", "~0").replace("/", "~1") for s in path)


def _split_path(path: PathLike) -> list[Any]:
    """A path as a list of segments; string paths are JSON pointers ("" is the root)."""
    if not isinstance(path, str):
        return list(path)
    if path == "":
        return []
    if not path.startswith("/"):
        path = "/" + path  # be lenient: "a/b" means "/a/b"
    return [p.replace("~1", "/").replace("~0", "~") for p in path[1:].split("/")]


_MISSING = object()


def _child_key(container: Any, segment: Any) -> Any:
    """The actual key/index of `segment` in `container`, or _MISSING.

    String segments (from "/a/0" paths) are also tried as list indices and as resolved scalars,
    so "/scores/10" finds the int key 10.
    """
    if isinstance(container, list):
        if isinstance(segment, bool):
            return _MISSING
        if isinstance(segment, str) and segment.isdigit():
            segment = int(segment)
        if isinstance(segment, int) and 0 <= segment < len(container):
            return segment
        return _MISSING
    if isinstance(container, dict):
        try:
            if segment in container:
                return segment
        except TypeError:  # unhashable segment
            return _MISSING
        if isinstance(segment, str):
            try:
                resolved = _resolve_plain(segment)
            except ValueError:
                return _MISSING
            if resolved != segment and resolved in container:
                return resolved
    return _MISSING


# --- the document --------------------------------------------------------------------------


@dataclass(frozen=True)
class Document:
    """A loaded rule file: plain data plus where each part of it was written.

    `data` is built from dict / list / str / int / float / bool / None only; the top level is
    always a dict. Keys may be non-strings (see the module docstring).

    Positions under an alias point into the anchored original (that is where the text is);
    the alias itself (the path holding `*name`) points at the `*name`.
    """

    file: str
    data: Any
    positions: Mapping[tuple, Position] = field(default_factory=dict, repr=False, compare=False)
    key_positions: Mapping[tuple, Position] = field(
        default_factory=dict, repr=False, compare=False
    )

    def _existing(self, path: PathLike) -> tuple[tuple, bool]:
        """(longest existing prefix of `path` as actual keys, whether all of it exists)."""
        node: Any = self.data
        found: list[Any] = []
        for segment in _split_path(path):
            key = _child_key(node, segment)
            if key is _MISSING:
                return tuple(found), False
            found.append(key)
            node = node[key]
        return tuple(found), True

    def _position(self, keys: tuple) -> Position:
        while keys not in self.positions and keys:
            keys = keys[:-1]
        return self.positions.get(keys, (1, 1))

    def locate(self, path: PathLike) -> Position:
        """1-based (line, column) of the value at `path`.

        If the path does not exist (a required key is absent), the deepest existing ancestor's
        position is returned, which is where the author has to add it.
        """
        return self._position(self._existing(path)[0])

    def locate_key(self, path: PathLike) -> Position:
        """Like `locate`, but for a mapping entry give the position of its KEY.

        Used for "unknown key" messages, where the key itself is the mistake. List items have
        no key, so their own position is returned.
        """
        keys, complete = self._existing(path)
        if complete and keys in self.key_positions:
            return self.key_positions[keys]
        return self._position(keys)

    def problem(self, path: PathLike, message: str, *, at_key: bool = False) -> Problem:
        """A `Problem` for `path` in this file, positioned with `locate` (or `locate_key`)."""
        line, column = self.locate_key(path) if at_key else self.locate(path)
        return Problem(self.file, line, column, format_path(path), message)


# --- scalars -------------------------------------------------------------------------------

_NULLS = frozenset({"", "~", "null", "Null", "NULL"})
_TRUES = frozenset({"true", "True", "TRUE"})
_FALSES = frozenset({"false", "False", "FALSE"})
_INT = re.compile(r"[-+]?[0-9]+")
_OCT = re.compile(r"0o[0-7]+")
_HEX = re.compile(r"0x[0-9a-fA-F]+")
_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?")


def _resolve_plain(text: str) -> Any:
    """Resolve an unquoted scalar per the YAML 1.2 core schema (see module docstring).

    Raises ValueError (with a message for humans) for numbers Python cannot represent.
    """
    if text in _NULLS:
        return None
    if text in _TRUES:
        return True
    if text in _FALSES:
        return False
    too_long = f"integer has too many digits (more than {MAX_INT_DIGITS})"
    try:
        if _INT.fullmatch(text):
            if len(text) > MAX_INT_DIGITS + 1:
                raise ValueError(too_long)
            number = int(text, 10)  # decimal even with leading zeros: "010" -> 10
        elif _OCT.fullmatch(text) or _HEX.fullmatch(text):
            number = int(text, 0)  # 0o17, 0x1F
        else:
            number = None
    except ValueError:  # Python's own int max-str-digits guard
        raise ValueError(too_long) from None
    if number is not None:
        if number.bit_length() > _MAX_INT_BITS:
            raise ValueError(too_long)
        return number
    if _FLOAT.fullmatch(text):
        value = float(text)
        if not math.isfinite(value):
            raise ValueError(f"number {text} is out of range")
        return value
    return text


# --- composing: events -> small node graph -------------------------------------------------


class _Fail(Exception):
    """Internal: a problem found while composing/building, converted to RuleFileError."""

    def __init__(self, message: str, pos: Position | None, path: Sequence[Any] = ()):
        super().__init__(message)
        self.message, self.pos, self.path = message, pos, tuple(path)


class _Scalar:
    __slots__ = ("plain", "pos", "value")

    def __init__(self, value: str, plain: bool, pos: Position):
        self.value, self.plain, self.pos = value, plain, pos


class _Seq:
    __slots__ = ("items", "pos")

    def __init__(self, items: list, pos: Position):
        self.items, self.pos = items, pos


class _Map:
    __slots__ = ("pairs", "pos")

    def __init__(self, pairs: list, pos: Position):
        self.pairs, self.pos = pairs, pos


class _Alias:
    __slots__ = ("pos", "target")

    def __init__(self, target: Any, pos: Position):
        self.target, self.pos = target, pos


def _pos(mark: Any) -> Position:
    return (mark.line + 1, mark.column + 1)


def _show_tag(tag: str) -> str:
    prefix = "tag:yaml.org,2002:"
    return "!!" + tag[len(prefix):] if tag.startswith(prefix) else tag


class _PureParser(Reader, Scanner, Parser):
    """PyYAML's pure-Python event parser: its messages and positions are the reference."""

    def __init__(self, text: str):
        Reader.__init__(self, text)
        Scanner.__init__(self)
        Parser.__init__(self)


def _fast_parser(text: str) -> Any:
    """libyaml's event parser when PyYAML was built with it: the pure-Python scanner reads
    about a million characters in 3 to 6 s, libyaml in a few milliseconds."""
    try:
        from yaml._yaml import CParser
    except ImportError:  # PyYAML without libyaml
        return None
    return CParser(text)


class _Composer:
    """Our own composer over a YAML event parser (no constructor, no resolver).

    Enforces, while the events stream in: no tags, bounded nesting, bounded node count,
    no recursive or undefined aliases, no redefined anchors, one document.
    """

    def __init__(self, events: Any):
        self.events = events
        self.get_event = events.get_event
        self.check_event = events.check_event
        self.peek_event = events.peek_event
        self.anchors: dict[str, Any] = {}
        self.anchor_pos: dict[str, Position] = {}
        self.open_anchors: set[str] = set()
        self.count = 0
        self.depth = 0
        self.path: list[Any] = []  # segment labels, for error messages only

    def compose(self) -> Any:
        """The single document's root node, or None for a stream without documents."""
        self.get_event()  # StreamStart
        if self.check_event(ev.StreamEndEvent):
            return None
        self.get_event()  # DocumentStart
        root = self._node()
        self.get_event()  # DocumentEnd
        if not self.check_event(ev.StreamEndEvent):
            mark = self.peek_event().start_mark
            raise _Fail("only one YAML document per file", _pos(mark))
        return root

    def _node(self) -> Any:
        event = self.get_event()
        pos = _pos(event.start_mark)
        self.count += 1
        if self.count > MAX_NODES:
            raise _Fail(f"document is too large (more than {MAX_NODES:,} nodes: keys, values "
                        f"and list items)", pos, self.path)
        if isinstance(event, ev.AliasEvent):
            return self._alias(event.anchor or "", pos)
        if event.tag is not None:
            raise _Fail(f"tags are not allowed (found {_show_tag(event.tag)})", pos, self.path)
        anchor = event.anchor
        if anchor is not None:
            if anchor in self.anchor_pos:
                first = self.anchor_pos[anchor][0]
                raise _Fail(
                    f"anchor &{anchor} is defined twice (first on line {first})", pos, self.path
                )
            self.anchor_pos[anchor] = pos
            self.open_anchors.add(anchor)
        if isinstance(event, ev.ScalarEvent):
            node: Any = _Scalar(event.value, not event.style, pos)  # plain: None or ""
        else:
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise _Fail(f"nesting is deeper than {MAX_DEPTH} levels", pos, self.path)
            if isinstance(event, ev.SequenceStartEvent):
                node = _Seq(self._items(), pos)
            else:
                node = _Map(self._pairs(), pos)
            self.depth -= 1
        if anchor is not None:
            self.open_anchors.discard(anchor)
            self.anchors[anchor] = node
        return node

    def _alias(self, name: str, pos: Position) -> _Alias:
        if name in self.open_anchors:
            raise _Fail(f"alias *{name} is inside its own anchor (recursive)", pos, self.path)
        if name not in self.anchors:
            raise _Fail(f"alias *{name} has no anchor &{name} before it", pos, self.path)
        return _Alias(self.anchors[name], pos)

    def _items(self) -> list:
        items: list = []
        while not self.check_event(ev.SequenceEndEvent):
            self.path.append(len(items))
            items.append(self._node())
            self.path.pop()
        self.get_event()
        return items

    def _pairs(self) -> list:
        pairs: list = []
        while not self.check_event(ev.MappingEndEvent):
            key = self._node()
            target = key.target if isinstance(key, _Alias) else key
            self.path.append(target.value if isinstance(target, _Scalar) else "?")
            pairs.append((key, self._node()))
            self.path.pop()
        self.get_event()
        return pairs


# --- building: node graph -> plain data + positions ----------------------------------------


class _Builder:
    """Turns the node graph into plain data, expanding aliases with a node budget."""

    def __init__(self) -> None:
        self.positions: dict[tuple, Position] = {}
        self.key_positions: dict[tuple, Position] = {}
        self.count = 0
        self.chars = 0  # characters of scalars and keys built so far, aliases expanded
        self.alias: tuple[Position, tuple] | None = None  # outermost alias being expanded

    def _tick(self, pos: Position, path: tuple) -> None:
        self.count += 1
        if self.count > MAX_NODES:
            where = self.alias or (pos, path)
            raise _Fail(
                f"document too large after alias expansion (more than {MAX_NODES:,} nodes)",
                *where
            )

    def build(self, node: Any, path: tuple) -> Any:
        if isinstance(node, _Alias):
            outermost = self.alias is None
            if outermost:
                self.alias = (node.pos, path)
            value = self.build(node.target, path)
            self.positions[path] = node.pos  # the path itself is where `*name` is written
            if outermost:
                self.alias = None
            return value
        self._tick(node.pos, path)
        self.positions[path] = node.pos
        if isinstance(node, _Scalar):
            return self._scalar(node, node.pos, path)
        if len(path) >= MAX_DEPTH:  # only reachable through aliases; the composer checked
            where = self.alias or (node.pos, path)
            raise _Fail(f"nesting is deeper than {MAX_DEPTH} levels after alias expansion", *where)
        if isinstance(node, _Seq):
            return [self.build(item, path + (i,)) for i, item in enumerate(node.items)]
        return self._mapping(node, path)

    def _scalar(self, node: _Scalar, pos: Position, path: tuple) -> Any:
        self.chars += len(node.value)
        if self.chars > MAX_EXPANDED_CHARS:  # only reachable through aliases
            raise _Fail(f"document too large after alias expansion (more than "
                        f"{MAX_EXPANDED_CHARS // MAX_BYTES} MiB of text)",
                        *(self.alias or (pos, path)))
        if not node.plain:
            return _shared(node.value)  # quoted and block scalars are always strings
        try:
            value = _resolve_plain(node.value)
        except ValueError as err:
            raise _Fail(str(err), pos, path) from None
        return _shared(value) if isinstance(value, str) else value

    def _mapping(self, node: _Map, path: tuple) -> dict:
        result: dict = {}
        spelled: dict = {}  # key -> how it was written first, for duplicate messages
        for key_node, value_node in node.pairs:
            kpos = key_node.pos
            target = key_node.target if isinstance(key_node, _Alias) else key_node
            if not isinstance(target, _Scalar):
                raise _Fail("a mapping key must be a single value, not a mapping or list",
                            kpos, path)
            if target.plain and target.value == "<<":
                raise _Fail("merge keys (<<) are not supported; write the keys out", kpos, path)
            self._tick(kpos, path)
            key = self._scalar(target, kpos, path)
            child = path + (key,)
            if key in result:
                first_line = self.key_positions[child][0]
                same = "" if spelled[key] == target.value else f" as {spelled[key]!r}"
                raise _Fail(
                    f"duplicate key {target.value!r} (first defined on line {first_line}{same})",
                    kpos,
                    child,
                )
            spelled[key] = target.value
            self.key_positions[child] = kpos
            result[key] = self.build(value_node, child)
        return result


def _shared(text: str) -> str:
    """A short string (a name: a zone, an option, a primitive) as the one interned copy:
    play looks zones up by name and compares kinds every turn, and the same object is found
    at once where an equal copy would be compared character by character."""
    return sys.intern(text) if len(text) <= MAX_SHARED else text


#: strings up to this long are interned (names); descriptions are left alone
MAX_SHARED = 48


# --- entry points --------------------------------------------------------------------------

_BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")  # what PyYAML counts as a line break


def _line_col(text: str, index: int) -> Position:
    """1-based position of character `index`, counting lines the way PyYAML does."""
    line, start = 1, 0
    for match in _BREAK.finditer(text, 0, index):
        line, start = line + 1, match.end()
    return line, index - start + 1


def _kind(node: Any) -> str:
    if isinstance(node, _Seq):
        return "a list"
    try:
        value = _resolve_plain(node.value) if node.plain else node.value
    except ValueError:
        return "a number"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    return "a string" if isinstance(value, str) else "a number"


def _syntax_message(err: yaml.MarkedYAMLError) -> str:
    message = err.problem or err.context or "invalid YAML"
    if err.problem and err.context:
        context = err.context
        if err.context_mark is not None:
            context += f" on line {err.context_mark.line + 1}"
        message += f" ({context})"
    return "invalid YAML: " + " ".join(message.split())


#: a broken file is parsed again by the pure-Python parser, whose messages are the ones users
#: and tests know, when it is small enough for that to be quick
_REPARSE_BELOW = 128 * 1024


def _compose(text: str) -> Any:
    """The root node: libyaml's events if it can read the text, else PyYAML's own."""
    try:
        fast = _fast_parser(text)
        if fast is not None:
            return _Composer(fast).compose()
    except UnicodeEncodeError:  # a lone surrogate (load_text only) cannot go to libyaml
        pass
    except yaml.YAMLError:
        if len(text) > _REPARSE_BELOW:
            raise
    return _Composer(_PureParser(text)).compose()


def _load(text: str, file: str) -> Document:
    # a UTF-8 BOM is invisible; don't let it shift line-1 columns
    text = text.removeprefix("\ufeff")
    try:
        root = _compose(text)
        if root is None or (isinstance(root, _Scalar) and root.plain and root.value == ""):
            raise _Fail("empty file", (1, 1))
        if not isinstance(root, _Map):
            raise _Fail(f"the top level must be a mapping (key: value), not {_kind(root)}",
                        root.pos)
        builder = _Builder()
        data = builder.build(root, ())
    except _Fail as fail:
        line, column = fail.pos if fail.pos else (None, None)
        problem = Problem(file, line, column, format_path(fail.path), fail.message)
        raise RuleFileError(problem) from None
    except ReaderError as err:  # a character YAML forbids (control characters, ...)
        line, column = _line_col(text, err.position)
        char = err.character if isinstance(err.character, int) else ord(err.character)
        problem = Problem(file, line, column, "", f"character U+{char:04X} is not allowed")
        raise RuleFileError(problem) from err
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line, column = _pos(mark) if mark is not None else (None, None)
        raise RuleFileError(Problem(file, line, column, "", _syntax_message(err))) from err
    except yaml.YAMLError as err:  # not expected from the parser, but stay user-facing
        raise RuleFileError(Problem(file, None, None, "", " ".join(str(err).split()))) from err
    return Document(file, data, builder.positions, builder.key_positions)


def _too_large(file: str) -> RuleFileError:
    return RuleFileError(Problem(file, 1, 1, "", "file is larger than 1 MiB"))


def load_text(text: str, file: str = "<string>") -> Document:
    """Load one rule document from a string; `file` is the name shown in messages."""
    if len(text) > MAX_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise _too_large(file)
    return _load(text, file)


def load_bytes(data: bytes, file: str = "<bytes>") -> Document:
    """Load one rule document from UTF-8 bytes (e.g. stdin); refuses other encodings."""
    if len(data) > MAX_BYTES:
        raise _too_large(file)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        # err.start is a byte offset; count lines/columns in characters of the valid prefix.
        prefix = data[: err.start].decode("utf-8")
        line, column = _line_col(prefix, len(prefix))
        bad = data[err.start]
        message = f"file is not valid UTF-8 (byte 0x{bad:02x}); save it as UTF-8"
        raise RuleFileError(Problem(file, line, column, "", message)) from None
    return _load(text, file)


def load_file(path: str | os.PathLike, file: str | None = None) -> Document:
    """Load one rule document from a file; `file` overrides the name shown in messages.

    Reads at most 1 MiB + 1 byte, so a huge (or endless, e.g. /dev/zero) file is refused
    without reading it all.
    """
    name = file if file is not None else os.fsdecode(path)
    return load_bytes(read_limited(path, name), name)


def read_limited(path: str | os.PathLike, file: str) -> bytes:
    """A rule file's bytes, at most 1 MiB + 1 of them (enough to tell it is too large)."""
    try:
        with open(path, "rb") as handle:
            return handle.read(MAX_BYTES + 1)
    except OSError as err:
        reason = err.strerror or str(err)
        raise RuleFileError(Problem(file, None, None, "", f"cannot read file: {reason}")) from None
