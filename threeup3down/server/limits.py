"""What one client may ask of the server: rates, connections, and time.

A :class:`Rate` is a token bucket: ``burst`` actions at once, then ``per_second``
on average. The server keeps one per client address for creating tables and
joining them, and one per connection for its messages. :class:`Limits` holds
every bound the server applies, with the defaults of ``threeup3down serve``.
"""

from __future__ import annotations

import time

import attrs

__all__ = ["Connections", "Limits", "Rate", "RateTable"]


@attrs.frozen
class Limits:
    """The bounds the server applies to its clients.

    >>> Limits().connections_per_client
    32
    """

    tables_per_minute: float = 20.0
    """Tables one client address may create per minute, on average."""
    tables_burst: int = 10
    """... and at once."""
    joins_per_minute: float = 60.0
    """Joins one client address may try per minute (wrong invites included)."""
    messages_per_second: float = 100.0
    """Messages one connection may send per second, on average (a program playing
    against bots answers each frame at once)."""
    messages_burst: int = 200
    """... and at once; a connection past it is closed (code 4429)."""
    connections_per_client: int = 32
    """Open connections (HTTP and WebSocket) from one client address."""
    request_time: float = 10.0
    """Seconds a whole HTTP request may take, from its first byte to the end
    of its body (a WebSocket's handshake too)."""
    hello_time: float = 10.0
    """Seconds a WebSocket client has to send its hello."""
    body_size: int = 65536
    """The largest request body, in bytes."""


class Rate:
    """A token bucket: ``burst`` actions at once, refilled at ``per_second``.

    >>> rate = Rate(per_second=1.0, burst=2, now=0.0)
    >>> [rate.allow(0.0), rate.allow(0.0), rate.allow(0.0), rate.allow(1.0)]
    [True, True, False, True]
    """

    def __init__(self, *, per_second: float, burst: int, now: float | None = None) -> None:
        self.per_second = per_second
        self.burst = burst
        self._tokens = float(burst)
        self._when = time.monotonic() if now is None else now

    def allow(self, now: float | None = None) -> bool:
        """Whether one more action is allowed now (and count it if so)."""
        now = time.monotonic() if now is None else now
        self._tokens = min(self.burst, self._tokens + (now - self._when) * self.per_second)
        self._when = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True


class RateTable:
    """One :class:`Rate` per client address, the oldest forgotten past ``size`` addresses.

    >>> rates = RateTable(per_second=0.0, burst=1)
    >>> rates.allow("a"), rates.allow("a"), rates.allow("b")
    (True, False, True)
    """

    def __init__(self, *, per_second: float, burst: int, size: int = 10_000) -> None:
        self.per_second = per_second
        self.burst = burst
        self.size = size
        self._rates: dict[str, Rate] = {}

    def allow(self, client: str) -> bool:
        """Whether ``client`` may act now."""
        rate = self._rates.pop(client, None)
        if rate is None:
            rate = Rate(per_second=self.per_second, burst=self.burst)
            if len(self._rates) >= self.size:
                del self._rates[next(iter(self._rates))]
        self._rates[client] = rate  # the most recent last
        return rate.allow()


class Connections:
    """How many connections each client address has open, capped.

    >>> connections = Connections(cap=1)
    >>> connections.open("a"), connections.open("a"), connections.open("b")
    (True, False, True)
    >>> connections.close("a"); connections.open("a")
    True
    """

    def __init__(self, *, cap: int) -> None:
        self.cap = cap
        self._open: dict[str, int] = {}

    def open(self, client: str) -> bool:
        """Count one more connection from ``client``, unless it has ``cap`` open already."""
        count = self._open.get(client, 0)
        if count >= self.cap:
            return False
        self._open[client] = count + 1
        return True

    def close(self, client: str) -> None:
        """Count one connection of ``client`` fewer."""
        count = self._open.get(client, 0) - 1
        if count > 0:
            self._open[client] = count
        else:
            self._open.pop(client, None)
