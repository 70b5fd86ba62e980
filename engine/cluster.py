"""The Dask backend: batches of games sent to a running dask.distributed scheduler.

Imported only when a command is given `--cluster`, so the core never needs Dask (the
package's optional extra `cluster` installs it). Every way this can go wrong ends in one line: Dask
missing, the scheduler unreachable (after CONNECT_TIMEOUT seconds, never a hang), no worker
joining, a worker failing.
"""
from __future__ import annotations

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
    try:
        client = Client(address, timeout=timeout)
    except Exception as err:  # noqa: BLE001 (OSError, TimeoutError, ValueError for a bad address)
        raise UsageError(f"cannot reach the Dask scheduler at {address} within "
                         f"{timeout:g} s: {_said(err)}") from None
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


def _said(err: BaseException) -> str:
    """An exception's message on one line."""
    text = " ".join(str(err).split())
    return text or type(err).__name__
