"""Meta-test: every core hook has a docstring, a test that uses it and a docs heading with its signature."""

import inspect
from pathlib import Path

import pytest

from muggins import hookspecs

ROOT = Path(__file__).resolve().parent.parent
HOOKS = [name for name, fn in vars(hookspecs).items() if name.startswith("muggins_") and callable(fn)]


def signature_of(name: str) -> str:
    params = inspect.signature(getattr(hookspecs, name)).parameters
    return f"{name}({', '.join(params)})"


def test_the_four_core_hooks_exist():
    assert sorted(HOOKS) == ["muggins_on_event", "muggins_register_commands", "muggins_register_games", "muggins_register_players"]


@pytest.mark.parametrize("name", HOOKS)
def test_hook_has_docstring(name):
    assert (getattr(hookspecs, name).__doc__ or "").strip()


@pytest.mark.parametrize("name", HOOKS)
def test_hook_has_a_docs_heading_with_its_exact_signature(name):
    text = (ROOT / "docs" / "writing-plugins.md").read_text(encoding="utf-8")
    headings = [line.lstrip("#").strip().strip("`") for line in text.splitlines() if line.startswith("#")]
    assert signature_of(name) in headings, f"docs/writing-plugins.md needs a heading `{signature_of(name)}`"


@pytest.mark.parametrize("name", HOOKS)
def test_hook_is_implemented_by_a_test_plugin(name):
    users = [
        path for path in (ROOT / "tests").rglob("*.py")
        if path.name != Path(__file__).name and f"def {name}(" in path.read_text(encoding="utf-8")
    ]
    assert users, f"no test plugin implements {name}"
