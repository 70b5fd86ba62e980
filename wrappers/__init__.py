"""trentuno: a rule-configurable engine for the "31" family and the Scopa family.

The engine is `trentuno.engine`; `trentuno.openspiel` and `trentuno.pettingzoo` wrap any
ruleset for those frameworks (`pip install 'trentuno[openspiel]'`, `'trentuno[pettingzoo]'`).
"""
