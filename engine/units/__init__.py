"""Keyword units in modules of their own, found without being listed.

A module here (any `NAME.py` not starting with an underscore) is imported with the modules of
`keywords.UNIT_MODULES` whenever a registry is asked for all its units (`keywords.registries`),
after them and in the order of the modules' names, so a contributor's new keyword is one new
file and nothing else: the schema, the compiler, `explain`, the bots and the table find its
unit in its kind's registry, as they find every other. (A unit may also be added to the module
of its kind, `engine/primitives.py` for a turn primitive and so on; see docs/language.md.)
"""
