"""A bounded map of what this process used last, shared by its threads."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any, Generic, TypeVar

K = TypeVar("K", bound=Hashable)


class Recent(Generic[K]):
    """At most ``size`` entries by key; the least recently used goes first. Thread-safe."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.kept: OrderedDict[K, Any] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: K) -> Any:
        """The entry under ``key`` (now the most recently used), or ``None``."""
        with self.lock:
            found = self.kept.get(key)
            if found is not None:
                self.kept.move_to_end(key)
            return found

    def clear(self) -> None:
        with self.lock:
            self.kept.clear()

    def put(self, key: K, value: Any) -> None:
        with self.lock:
            self.kept[key] = value
            self.kept.move_to_end(key)
            while len(self.kept) > self.size:
                self.kept.popitem(last=False)
