"""The game's docs page keeps its promises: the worked from_position example runs, and every published hook is documented."""

from __future__ import annotations

import re
from pathlib import Path

from muggins.plugins import load_registry

from muggins_shedding import hookspecs

PAGE = Path(__file__).resolve().parents[3] / "docs" / "games" / "muggins_shedding.md"


def section(title: str) -> str:
    text = PAGE.read_text()
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end >= 0 else None]


def test_the_worked_hand_made_position_runs_as_printed(game):
    blocks = re.findall(r"```python\n(.*?)```", section("Testing a rule from a hand-made position"), re.S)
    assert len(blocks) == 1
    exec(compile(blocks[0], "muggins_shedding.md", "exec"), {"game": game})


def test_every_published_hook_has_its_own_part_of_the_page():
    published = sorted(name for name in vars(hookspecs) if name.startswith("muggins_shedding_"))
    assert published == ["muggins_shedding_adjacent_ranks", "muggins_shedding_destination_order", "muggins_shedding_parted_ranks",
                         "muggins_shedding_penalty_cards"]
    hooks = section("House-rule hooks")
    for name in published:
        assert f"### `{name}(players, rules)`" in hooks
    registry = load_registry(only=["muggins_shedding"])
    assert all(registry.pm.parse_hookspec_opts(hookspecs, name) is not None for name in published)
