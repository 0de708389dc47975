"""A small, fast reader of installed entry points for one group.

`importlib.metadata` costs about 20 ms to import, which is most of the
`muggins` command's start-up beyond Click itself; plugin discovery needs
only the `entry_points.txt` of each installed distribution. This module
scans the directories on `sys.path` for `*.dist-info` (and `*.egg-info`)
folders, reads the named group from their `entry_points.txt` and the name
and version from their metadata, and loads an entry point's `module:attr`
on demand. As `importlib.metadata` does, the first distribution of a name on
`sys.path` wins.
"""

from __future__ import annotations

import importlib
import os
import sys
from dataclasses import dataclass
from typing import Any

__all__ = ["EntryPoint", "entry_points"]


@dataclass(frozen=True, slots=True)
class EntryPoint:
    """One entry point: `name = value` in `group`, from distribution `dist` at `version`."""

    name: str
    value: str
    group: str
    dist: str | None
    version: str | None

    def load(self) -> Any:
        """Import the module and follow the attribute path of `module:attr.sub`."""
        module_name, _, attrs = self.value.partition(":")
        target: Any = importlib.import_module(module_name.strip())
        for attr in filter(None, attrs.strip().split(".")):
            target = getattr(target, attr)
        return target


def _normalise(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def _read_group(path: str, group: str) -> list[tuple[str, str]]:
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except OSError:
        return []
    found, inside = [], False
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            inside = line[1:-1].strip() == group
        elif inside and "=" in line:
            name, _, value = line.partition("=")
            found.append((name.strip(), value.strip()))
    return found


def _name_and_version(info_dir: str, folder: str) -> tuple[str, str | None]:
    for meta in ("METADATA", "PKG-INFO"):
        try:
            with open(os.path.join(info_dir, meta), encoding="utf-8") as handle:
                name = version = None
                for line in handle:
                    if not line.strip():
                        break
                    key, _, value = line.partition(":")
                    if key == "Name":
                        name = value.strip()
                    elif key == "Version":
                        version = value.strip()
                if name:
                    return name, version
        except OSError:
            continue
    stem = folder.rsplit(".", 1)[0]
    name, _, version = stem.partition("-")
    return name, version or None


def entry_points(group: str, path: list[str] | None = None) -> list[EntryPoint]:
    """Every entry point in `group` from the distributions on `path` (default `sys.path`)."""
    seen: set[str] = set()
    found: list[EntryPoint] = []
    for base in path if path is not None else sys.path:
        try:
            folders = sorted(os.listdir(base or "."))
        except OSError:
            continue
        for folder in folders:
            if not folder.endswith((".dist-info", ".egg-info")):
                continue
            key = _normalise(folder.rsplit(".", 1)[0].partition("-")[0])
            if key in seen:
                continue
            info_dir = os.path.join(base or ".", folder)
            entries = _read_group(os.path.join(info_dir, "entry_points.txt"), group)
            if not os.path.isdir(info_dir):
                continue
            seen.add(key)
            if entries:
                dist, version = _name_and_version(info_dir, folder)
                found.extend(EntryPoint(name, value, group, dist, version) for name, value in entries)
    return found
