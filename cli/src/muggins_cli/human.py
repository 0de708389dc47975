"""The terminal player: a human at the keyboard playing one seat of any game.

`HumanPlayer` implements the same protocol as the bots (`choose(view,
decision)`, plus `observe(events)`). Before each prompt it prints what its
seat saw happen since the last one (the game's `describe` of each event,
quiet ones skipped) and, for all but compact decisions, the table as the
game renders it for that seat (`?` in a compact prompt shows it too).
Ordinary decisions get a numbered menu of the actions' labels and accept a
number, an action's text or one of its keys; `compact` decisions (the
challenge windows that open after every move) get one line listing the key
shortcuts (Enter to let it stand, `m` to call muggins…) and accept the full
text too. `?` (re)lists every choice, numbered. Bad input re-prompts with the
reason. The decision's `correct` list is never shown: spotting mistakes is
the game. Ctrl-C (KeyboardInterrupt) and end of input (EOFError) propagate
to the caller, which keeps the record and says how to resume.
"""

from __future__ import annotations

import re
import shutil
import sys
from typing import IO, Any, Mapping, Sequence

import click

from muggins.actions import Action, Decision, find_action
from muggins.game import Event, Game

__all__ = ["HumanPlayer", "pick", "compact_prompt", "menu_lines"]

_NUMBERED = re.compile(r"^(.*\S)\s+(-?\d+)$")


class HumanPlayer:
    """A seat played from the terminal (or any pair of text streams)."""

    def __init__(self, game: Game, seat: int, input: IO[str] | None = None, output: IO[str] | None = None) -> None:
        self.game = game
        self.seat = seat
        self.input = input
        self.output = output
        self._pending: list[Event] = []

    # -- the player protocol -----------------------------------------------
    def observe(self, events: Sequence[Event]) -> None:
        self._pending.extend(events)

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Action:
        narrated = self.flush()
        if not decision.compact:
            # A compact window opens after every move; the narration line says what
            # happened, and redrawing the whole table each time would bury it.
            self._say(self.game.render(view, self.seat))
        choices = decision.choices
        title = decision.prompt or decision.kind
        if len(choices) == 1:
            self._say(f"{title}: {choices[0].label} (the only choice)")
            return choices[0]
        if decision.compact:
            # Right after the narration of the move, repeating it in the prompt is noise.
            prompt = compact_prompt(decision, titled=not narrated)
        else:
            self._show_menu(decision)
            prompt = f"choose 1-{len(choices)} > "
        while True:
            text = self._read(prompt)
            if text.strip() == "?":
                if decision.compact:
                    self._say(self.game.render(view, self.seat))
                self._show_menu(decision)
                continue
            found = pick(decision, text, numbers_first=not decision.compact)
            if isinstance(found, str):
                self._say(found)
                continue
            return found

    # -- output -------------------------------------------------------------
    def flush(self) -> int:
        """Print the narration of the events observed since the last prompt; return the lines printed."""
        pending, self._pending = self._pending, []
        printed = 0
        for ev in pending:
            line = self.game.describe(ev, self.seat)
            if line is not None:
                self._say(line)
                printed += 1
        return printed

    def _show_menu(self, decision: Decision) -> None:
        if decision.prompt:
            self._say(f"{decision.prompt}:")
        width = shutil.get_terminal_size((80, 24)).columns
        for line in menu_lines(decision.choices, width):
            self._say(line)

    def _say(self, text: str, nl: bool = True) -> None:
        click.echo(text, file=self.output, nl=nl)

    def _read(self, prompt: str) -> str:
        """One line of input; EOFError at the end of input, KeyboardInterrupt on Ctrl-C."""
        self._say(prompt, nl=False)
        stream = self.input if self.input is not None else sys.stdin
        if self.input is None:
            line = input()
        else:
            line = self.input.readline()
            if not line:
                raise EOFError
            line = line.rstrip("\r\n")
        if not _interactive(stream):
            self._say(line)  # scripted input: show it, so the transcript reads like a session
        return line


def _interactive(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def menu_lines(choices: Sequence[Action], width: int = 80) -> list[str]:
    """The numbered menu of the choices' labels, in columns when they fit (numbered down each column)."""
    items = [f"{n:>3}) {choice.label}" for n, choice in enumerate(choices, 1)]
    cell = max(len(item) for item in items) + 2
    columns = max(1, min(len(items) // 8 + 1, width // cell))
    rows = -(-len(items) // columns)
    lines = []
    for r in range(rows):
        row = [items[c * rows + r] for c in range(columns) if c * rows + r < len(items)]
        lines.append("".join(item.ljust(cell) for item in row).rstrip())
    return lines


def _key_map(choices: Sequence[Action]) -> dict[str, Action]:
    """Key (lower-case) → action, leaving out keys that more than one action claims."""
    owners: dict[str, list[Action]] = {}
    for choice in choices:
        for key in choice.keys:
            owners.setdefault(key.lower(), []).append(choice)
    return {key: acts[0] for key, acts in owners.items() if len(acts) == 1}


def pick(decision: Decision, text: str, *, numbers_first: bool = True) -> Action | str:
    """The action `text` names (a menu number, an action's text or label, or a key), else the reason why not."""
    choices = decision.choices
    raw = " ".join(text.split())
    if numbers_first and raw.isdigit():
        return _by_number(choices, int(raw))
    found = find_action(choices, raw)
    if found is not None:
        return found
    keyed = _key_map(choices).get(raw.lower())
    if keyed is not None:
        return keyed
    for choice in choices:
        if " ".join(choice.label.split()).lower() == raw.lower():
            return choice
    if raw.isdigit():
        return _by_number(choices, int(raw))
    if not raw:
        return f"please choose: {_how(decision)}"
    return f"{raw!r} is not one of the choices; {_how(decision)}"


def _by_number(choices: Sequence[Action], number: int) -> Action | str:
    if 1 <= number <= len(choices):
        return choices[number - 1]
    return f"there is no choice {number}; choose a number from 1 to {len(choices)}"


def _how(decision: Decision) -> str:
    if decision.compact:
        return "type a key, an action, or ? to list every choice"
    return f"type a number from 1 to {len(decision.choices)}, an action or a key (? shows the menu again)"


def compact_prompt(decision: Decision, *, titled: bool = True) -> str:
    """One line: the key shortcuts, the actions to type in full, and `?` for the whole list.

    With `titled=False` the decision's prompt is left out (the narration just said it).
    """
    keys = _key_map(decision.choices)
    shortcuts, typed = [], []
    for choice in decision.choices:
        mine = [k for k in choice.keys if keys.get(k.lower()) is choice]
        if mine:
            shown = "/".join("Enter" if k == "" else k for k in mine[:2])
            shortcuts.append(f"{shown} = {choice.text}")
        else:
            typed.append(choice.text)
    parts = shortcuts + ([f"or type {', '.join(_group_numbered(typed))}"] if typed else [])
    if not titled:
        return f"  {'; '.join(parts)} (? lists all) > "
    title = decision.prompt or decision.kind
    return f"{title} — {'; '.join(parts)} (? lists all) > "


def _group_numbered(texts: Sequence[str]) -> list[str]:
    """`muggins 1` … `muggins 10` → `muggins <1-10>`; other texts stay as they are."""
    groups: dict[str, list[int]] = {}
    order: list[str] = []
    for text in texts:
        match = _NUMBERED.match(text)
        key = match.group(1) if match else text
        if key not in groups:
            groups[key] = []
            order.append(key)
        if match:
            groups[key].append(int(match.group(2)))
    shown = []
    for key in order:
        numbers = groups[key]
        if not numbers:
            shown.append(key)
        elif len(numbers) == 1:
            shown.append(f"{key} {numbers[0]}")
        elif sorted(numbers) == list(range(min(numbers), max(numbers) + 1)):
            shown.append(f"{key} <{min(numbers)}-{max(numbers)}>")
        else:
            shown.append(f"{key} <N>")
    if len(shown) > 6:
        shown = shown[:5] + ["…"]
    return shown
