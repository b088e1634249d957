"""Where simulated games run: the executors of :func:`~threeup3down.simulation.simulate`.

:func:`simulate <threeup3down.simulation.simulate>` takes any
:class:`concurrent.futures.Executor`. :func:`backend` opens one by name:
``process`` (worker processes on this machine, the default), ``dask`` (a Dask
``distributed`` cluster: the scheduler at ``address``, or a local cluster
started for the run; extra ``[dask]``) or ``ray`` (a Ray cluster at
``address``, or a local Ray; extra ``[ray]``).

>>> with backend("process", address=None, workers=1) as executor:
...     executor is None  # simulate starts its own worker processes
True
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import importlib
import types
from collections.abc import Callable, Iterator
from typing import TypeVar

from threeup3down.core.errors import SimulationError

__all__ = ["BACKENDS", "backend", "ray_executor"]

T = TypeVar("T")

BACKENDS = ("process", "dask", "ray")
"""The names :func:`backend` knows."""


@contextlib.contextmanager
def backend(name: str, *, address: str | None, workers: int | None) -> Iterator[concurrent.futures.Executor | None]:
    """The executor of backend ``name`` for as long as the ``with`` block runs;
    ``None`` for ``process``, where :func:`~threeup3down.simulation.simulate`
    starts ``workers`` processes itself.

    Raises :class:`~threeup3down.core.errors.SimulationError` for an unknown
    backend or a missing extra.

    >>> with backend("spark", address=None, workers=1):
    ...     pass
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.SimulationError: unknown backend 'spark': the backends are process, dask, ray
    """
    if name == "process":
        yield None
    elif name == "dask":
        distributed = _need("distributed", "dask")
        if address:
            client = distributed.Client(address)
        else:
            client = distributed.Client(
                distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True)
            )
        with client:
            yield client.get_executor()
    elif name == "ray":
        ray = _need("ray", "ray")
        ray.init(address=address, num_cpus=None if address else workers)
        try:
            yield ray_executor()
        finally:
            ray.shutdown()
    else:
        raise SimulationError(f"unknown backend {name!r}: the backends are {', '.join(BACKENDS)}")


def _need(module: str, extra: str) -> types.ModuleType:
    try:
        return importlib.import_module(module)
    except ImportError:
        raise SimulationError(
            f"--backend {extra} needs the {extra} extra: pip install 'threeup3down[{extra}]'"
        ) from None


class _RayExecutor(concurrent.futures.Executor):
    """The :class:`concurrent.futures.Executor` face of a running Ray: each call a Ray task."""

    def submit(self, fn: Callable[..., T], /, *args: object, **kwargs: object) -> concurrent.futures.Future[T]:
        import ray

        task = ray.remote(fn)
        future: concurrent.futures.Future[T] = task.remote(*args, **kwargs).future()
        return future


def ray_executor() -> concurrent.futures.Executor:
    """An executor that runs each call as a task on the Ray that ``ray.init()`` started
    or joined (extra ``[ray]``).

    >>> isinstance(ray_executor(), concurrent.futures.Executor)
    True
    """
    return _RayExecutor()
