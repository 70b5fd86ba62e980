"""The Dask backend: batches of games sent to a running dask.distributed scheduler.

Imported only when a command is given `--cluster`, so the core never needs Dask (the
package's optional extra `cluster` installs it). Every way this can go wrong ends in one line: Dask
missing, the scheduler unreachable (after CONNECT_TIMEOUT seconds, never a hang), no worker
joining, a worker failing. A scheduler that takes the connection and never answers is one
line after CONNECT_TIMEOUT seconds too (`_connect`).
"""
from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from .errors import UsageError

Result = TypeVar("Result")

#: the distribution whose extra installs Dask (this package's top-level name)
_DISTRIBUTION = __name__.split(".")[0]
#: seconds to reach the scheduler, and again for a first worker to be there
CONNECT_TIMEOUT = 10.0


def run_on_cluster(address: str, work: Callable[[Any], Result], todo: Sequence[Any],
                   progress: Callable[[int], None] | None = None,
                   timeout: float = CONNECT_TIMEOUT) -> list[Result]:
    """Every batch's result from the cluster at `address`, in the order given."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise UsageError(f"--cluster needs Dask: install {_DISTRIBUTION}'s cluster extra "
                         f"from its folder (pip install '.[cluster]'), or pip install "
                         f"distributed") from None
    client = _connect(Client, address, timeout)
    try:
        try:
            client.wait_for_workers(1, timeout=timeout)
        except Exception:  # noqa: BLE001 (TimeoutError, or the scheduler going away)
            raise UsageError(f"the Dask scheduler at {address} has no worker (none joined "
                             f"within {timeout:g} s)") from None
        futures = client.map(work, list(todo), pure=False)
        where = {f.key: i for i, f in enumerate(futures)}
        out: list[Any] = [None] * len(futures)
        try:
            for done in as_completed(futures):
                i = where[done.key]
                out[i] = done.result()
                if progress is not None:
                    progress(getattr(todo[i], "count", 1))
        except UsageError:
            raise
        except Exception as err:  # noqa: BLE001 (whatever the worker raised, on one line)
            raise UsageError(f"a Dask worker failed: {type(err).__name__}: "
                             f"{_said(err)}") from None
        return out
    finally:
        client.close()


def _connect(Client: Any, address: str, timeout: float) -> Any:
    """A client of the scheduler at `address`, or one line saying why not within `timeout`
    seconds. Dask bounds the connection by its `timeout` but not the handshake after it: an
    address that takes the connection and never answers (a stuck process, a port forwarded
    to nothing) held `Client()` for minutes. So the client is made in a thread of its own (a
    daemon: a client that never comes cannot keep the program from ending), with a little
    less time, and waited for `timeout` seconds."""
    made: dict[str, Any] = {}

    def make() -> None:
        try:
            made["client"] = Client(address, timeout=0.9 * timeout)
        except Exception as err:  # noqa: BLE001 (OSError, TimeoutError, a bad address)
            made["error"] = err

    helper = threading.Thread(target=make, name="cluster-connect", daemon=True)
    helper.start()
    helper.join(timeout)
    if "client" in made:
        return made["client"]
    if "error" in made:
        raise UsageError(f"cannot reach the Dask scheduler at {address} within {timeout:g} s: "
                         f"{_said(made['error'])}")
    raise UsageError(f"no answer from the Dask scheduler at {address} within {timeout:g} s: "
                     f"something took the connection but did not speak Dask's protocol")


def _said(err: BaseException) -> str:
    """An exception's message on one line."""
    text = " ".join(str(err).split())
    return text or type(err).__name__
