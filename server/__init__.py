"""`trentuno serve`: tables for friends in the browser (needs the `server` extra).

The engine knows nothing of it: `game_view` turns a game state into what one seat may see and
a client's move into an action, over the engine's public API; `table` is the authority over
one table's moves; `store` keeps every table as its game record; `app` serves the pages, the
API and the WebSockets. docs/server.md says how it works.
"""
