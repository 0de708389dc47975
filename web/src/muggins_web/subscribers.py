"""The open connections of a browser table and the frames waiting to go out to each.

This module owns a table's subscribers (`Subscribers`): each connection's
seat (None: a spectator), the language its person reads and its queue of
frames, putting a frame on a
queue without waiting (a connection whose queue is full reads nothing and
is dropped, the table goes on), sending frames to every connection of a
seat, to all but one, or each seat and language its own, and which seats
(and in which languages) are connected.
What a test may watch of the frames sent (`Observer`) is told here too.
Nothing here builds a frame or knows HTTP: the table builds them,
`muggins_web.app` carries each queue over its websocket.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

__all__ = ["Observer", "Subscriber", "Subscribers"]


@dataclass
class Observer:
    """What a test may watch of a table: `changing(state)` before each change, `sent(state, seat, frame)` for every frame."""

    changing: Callable[[Any], None] = lambda state: None
    sent: Callable[[Any, int | None, dict], None] = lambda state, seat, frame: None


@dataclass(eq=False)
class Subscriber:
    """One open connection: the seat it acts for (None: a spectator), its person's language and the frames waiting to go out."""

    seat: int | None
    language: str = "en"
    queue: asyncio.Queue = field(default_factory=lambda: asyncio.Queue(maxsize=512))


class Subscribers:
    """One table's connections; `state()` is the match's state for the observer, `quiet()` whether it may not be read now."""

    def __init__(self, observer: Observer, state: Callable[[], Any], quiet: Callable[[], bool]) -> None:
        self.observer = observer
        self.state = state
        self.quiet = quiet
        self.all: set[Subscriber] = set()

    def add(self, seat: int | None, language: str = "en") -> Subscriber:
        subscriber = Subscriber(seat, language)
        self.all.add(subscriber)
        return subscriber

    def discard(self, subscriber: Subscriber) -> None:
        self.all.discard(subscriber)

    def seats(self) -> set[int | None]:
        """The seats with a connection open. A snapshot in one step: connections leave from the event loop while a bot plays in a thread."""
        return {s.seat for s in tuple(self.all)}

    def watched(self) -> dict[int | None, list[str]]:
        """Each seat with a connection open and the languages it is read in (sorted): a frame is built per seat and language, not per connection."""
        found: dict[int | None, set[str]] = {}
        for s in tuple(self.all):
            found.setdefault(s.seat, set()).add(s.language)
        return {seat: sorted(languages) for seat, languages in found.items()}

    def put(self, subscriber: Subscriber, frame: dict) -> None:
        if not self.quiet():  # while a bot thinks only notices go out (who thinks, who is connected): no state to read
            self.observer.sent(self.state(), subscriber.seat, frame)
        try:
            subscriber.queue.put_nowait(frame)
        except asyncio.QueueFull:  # a connection that reads nothing: it is dropped, the table goes on
            self.all.discard(subscriber)
            subscriber.queue = _Closed()

    def deliver(self, frames: dict[tuple[int | None, str], dict]) -> None:
        """Each connection the frame of its seat in its language (none for a seat with none)."""
        for subscriber in tuple(self.all):
            frame = frames.get((subscriber.seat, subscriber.language))
            if frame is not None:
                self.put(subscriber, frame)

    def broadcast(self, frame: dict, but: Subscriber | None = None) -> None:
        """A copy of `frame` to every connection but `but`."""
        for subscriber in tuple(self.all):
            if subscriber is not but:
                self.put(subscriber, dict(frame))

    def broadcast_by_language(self, frames: Callable[[str], dict], but: Subscriber | None = None) -> None:
        """Every connection but `but` a copy of its frame in its language (`frames(language)`, built once per language)."""
        for subscriber, frame in self._in_language(frames, lambda subscriber: subscriber is not but):
            self.put(subscriber, dict(frame))

    def send_to(self, seat: int, frames: Callable[[str], dict]) -> None:
        """Every connection of `seat` its frame in its language (`frames(language)`, built once per language)."""
        for subscriber, frame in self._in_language(frames, lambda subscriber: subscriber.seat == seat):
            self.put(subscriber, frame)

    def _in_language(self, frames: Callable[[str], dict], wanted: Callable[[Subscriber], bool]) -> Iterator[tuple[Subscriber, dict]]:
        """Each `wanted` connection with its frame in its language, `frames(language)` called once per language."""
        built: dict[str, dict] = {}
        for subscriber in tuple(self.all):
            if wanted(subscriber):
                if subscriber.language not in built:
                    built[subscriber.language] = frames(subscriber.language)
                yield subscriber, built[subscriber.language]


class _Closed(asyncio.Queue):
    """The queue of a dropped connection: whatever is put is thrown away."""

    def put_nowait(self, item: Any) -> None:
        return None
