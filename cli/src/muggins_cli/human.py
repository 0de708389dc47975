"""The terminal player: a human at the keyboard playing one seat of any game.

`HumanPlayer` implements the same protocol as the bots (`choose(view,
decision)`, plus `observe(events)`). Before each prompt it prints what its
seat saw happen since the last one (the game's `describe` of each event,
quiet ones skipped) and, for all but compact decisions, the table as the
game renders it for that seat (`?` in a compact prompt shows it too); a
narration line the table repeats ("You turned K♦.") is left to the table.
Ordinary decisions get a numbered menu of the actions' labels and accept a
number, an action's text or one of its keys; `compact` decisions (the
challenge windows that open after every move) get one line listing the key
shortcuts (Enter to let it stand, `m` to call muggins…) and accept the full
text too; a decision whose choices are one word and a run of numbers
(`announce 0` … `announce 29`) asks for the number and takes it bare. `?`
(re)lists every choice. Bad input re-prompts with the reason. The
decision's `correct` list is never shown: spotting mistakes is the game.

On a terminal with a `pace` above 0 the windows flow (see `pace.py`): the
move is narrated, a marker counts the pace down, one key calls, any other
key or the end of the time lets the move stand, `p` pauses the flow, and a
key that starts a longer claim (`m` for `muggins 4`, a digit, `?`) opens
the line prompt. A game may offer `standings(event, seat)`, lines for an
end-of-hand banner; the player frames them and, on a terminal, waits for a
key before going on. Colour follows `style.py`. Ctrl-C (KeyboardInterrupt)
and end of input (EOFError) propagate to the caller, which keeps the record
and says how to resume.
"""

from __future__ import annotations

import re
import shutil
import sys
from typing import IO, Any, Mapping, Sequence

import click

from muggins.actions import Action, Decision, find_action
from muggins.game import Event, Game
from muggins.limits import clip

from . import pace as keys_on_terminal
from .style import Style, colour_wanted, first_card

__all__ = ["HumanPlayer", "pick", "compact_prompt", "menu_lines", "numbered_range"]

_NUMBERED = re.compile(r"^(.*\S)\s+(-?\d+)$")


class HumanPlayer:
    """A seat played from the terminal (or any pair of text streams); `pace` seconds per window on a terminal."""

    def __init__(self, game: Game, seat: int, input: IO[str] | None = None, output: IO[str] | None = None, *, pace: float = 0) -> None:
        self.game = game
        self.seat = seat
        self.input = input
        self.output = output
        self.pace = pace
        self._pending: list[Event] = []
        self._last_line = ""  # the latest narration line: its first card is the one that just moved
        self._prefill = ""
        self.style = Style(colour_wanted(output if output is not None else sys.stdout))

    # -- the player protocol -----------------------------------------------
    def observe(self, events: Sequence[Event]) -> None:
        self._pending.extend(events)

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Action:
        table = None if decision.compact else self.game.render(view, self.seat)
        # A compact window opens after every move; the narration line says what
        # happened, and redrawing the whole table each time would bury it.
        narrated = self.flush(repeated_by=table)
        if table is not None:
            self._show_table(table)
        choices = decision.choices
        title = decision.prompt or decision.kind
        if len(choices) == 1:
            self._say(f"{title}: {choices[0].label} (the only choice)")
            return choices[0]
        # Right after the narration of a move, a window's title repeats it; any other title is news.
        titled = not (decision.compact and narrated and _standing(decision) is not None)
        if decision.compact:
            prompt = compact_prompt(decision, titled=titled)
            if self.timed and _standing(decision) is not None:
                flowed = self._flow(decision)
                if flowed is not None:
                    return flowed
        else:
            self._show_menu(decision)
            prompt = f"choose 1-{len(choices)} > "
        while True:
            text = self._read(prompt)
            if text.strip() == "?":
                if decision.compact:
                    # The narration just said the move: the table and the menu need not say it again.
                    self._show_table(self.game.render(view, self.seat), unsaid="" if titled else self._last_line)
                self._show_menu(decision, titled=titled)
                continue
            found = pick(decision, text, numbers_first=not decision.compact)
            if isinstance(found, str):
                self._say(found)
                continue
            return found

    # -- flowing windows ------------------------------------------------------
    @property
    def timed(self) -> bool:
        """Whether windows flow with a countdown: a pace, and keys and screen both on a terminal."""
        if self.pace <= 0 or self.input is not None:
            return False
        return keys_on_terminal.available(sys.stdin) and _interactive(self.output if self.output is not None else sys.stdout)

    def _flow(self, decision: Decision) -> Action | None:
        """The timed window: the action a key (or the clock) gives, or None to open the line prompt."""
        standing = _standing(decision)
        assert standing is not None
        owned = _key_map(decision.choices)
        calls = {k: a for k, a in owned.items() if len(k) == 1 and a is not standing and k != "p"}
        typed = sorted({c.text[:1].lower() for c in decision.choices if c is not standing and c not in calls.values()} - set(calls))
        hint = "; ".join([f"{k} = {a.text}" for k, a in calls.items()] + ([f"{'/'.join(typed)}… types a claim"] if typed else []))
        hint = f"  {hint + '; ' if hint else ''}any other key lets it stand; p pauses"
        reader = keys_on_terminal.KeyReader()
        paused = False

        def draw(marker: str) -> None:
            self._say(f"\r{hint}  {self.style.dim(marker)}\x1b[K", nl=False)

        while True:
            if paused:
                self._say(f"\r{hint.replace('; p pauses', '')}  {self.style.dim('paused: p goes on')}\x1b[K", nl=False)
                key = reader.key(None)
            else:
                key = keys_on_terminal.countdown(reader, self.pace, draw)
            self._say("\r\x1b[K", nl=False)
            if key is None:
                return standing
            key = key.lower()
            if key == "p":
                paused = not paused
                continue
            if key in calls:
                self._say(f"  you: {calls[key].text}")
                return calls[key]
            if key == "?" or key in typed or key.isdigit():
                self._prefill = "" if key == "?" else key
                if key == "?":
                    self._show_menu(decision)
                return None
            return standing

    # -- output -------------------------------------------------------------
    def flush(self, repeated_by: str | None = None, *, pause: bool = True) -> int:
        """Print the narration of the events observed since the last prompt; return the lines printed.

        Lines that `repeated_by` (the table about to be drawn) contains are
        left to it. A game's `standings` lines are framed as a banner and, on
        a terminal with more to come, wait for a key (`pause=False`: never).
        """
        pending, self._pending = self._pending, []
        skip = set(repeated_by.splitlines()) if repeated_by else set()
        standings = getattr(self.game, "standings", None)
        printed = 0
        for n, ev in enumerate(pending):
            line = self.game.describe(ev, self.seat)
            if line is not None:
                self._last_line = line
                if line not in skip:
                    self._say(self.style.cards(line))
                    printed += 1
            banner = standings(ev, self.seat) if standings is not None else None
            if banner:
                for framed in self.style.banner(banner):
                    self._say(framed)
                printed += len(banner)
                if pause and n + 1 < len(pending):
                    self._wait_for_next()
        return printed

    def _wait_for_next(self) -> None:
        """After a banner: on a terminal, wait for a key (or Enter without a pace) before the next deal is shown."""
        if self.timed:
            self._say(self.style.dim("  press any key to go on "), nl=False)
            keys_on_terminal.KeyReader().key(None)
            self._say("\r\x1b[K", nl=False)
        elif self.input is None and _interactive(sys.stdin):
            self._read("  press Enter to go on ")

    def _show_table(self, table: str, unsaid: str = "") -> None:
        """The table, with the card that just moved highlighted; a line saying the same as `unsaid` is left out."""
        if unsaid:
            table = "\n".join(line for line in table.splitlines() if _plain(line) != _plain(unsaid))
        self._say(self.style.table(table, first_card(self._last_line)))

    def _show_menu(self, decision: Decision, titled: bool = True) -> None:
        """The choices under the decision's title (`titled=False`: without it, the narration having just said it)."""
        title = decision.prompt or decision.kind
        run = numbered_range(decision.choices) if decision.compact else None
        if run is not None:
            word, low, high = run
            self._say(f"{title}:")
            self._say(f"  type a number from {low} to {high} ({word} {low} … {word} {high})")
            return
        if decision.prompt and titled:
            self._say(f"{decision.prompt}:")
        width = shutil.get_terminal_size((80, 24)).columns
        for line in menu_lines(decision.choices, width):
            self._say(self.style.cards(line))

    def _say(self, text: str, nl: bool = True) -> None:
        click.echo(text, file=self.output, nl=nl)

    def _read(self, prompt: str) -> str:
        """One line of input; EOFError at the end of input, KeyboardInterrupt on Ctrl-C."""
        if not (self.input is None and self._prefill):
            self._say(prompt, nl=False)
        stream = self.input if self.input is not None else sys.stdin
        if self.input is None:
            line = _input_with(self._prefill, prompt)
            self._prefill = ""
        else:
            line = self.input.readline()
            if not line:
                raise EOFError
            line = line.rstrip("\r\n")
        if not _interactive(stream):
            self._say(line)  # scripted input: show it, so the transcript reads like a session
        return line


def _input_with(prefill: str, prompt: str) -> str:
    """`input()` after a prompt already shown; with `prefill`, the prompt and `prefill` already typed (and editable)."""
    if sys.stdin is None:  # standard input closed (`<&-`): nothing more can be read
        raise EOFError
    if not prefill:
        return input()
    try:
        import readline
    except ImportError:  # pragma: no cover - no readline: the key is typed again
        return input(prompt)

    def insert() -> None:
        readline.insert_text(prefill)
        readline.redisplay()

    readline.set_pre_input_hook(insert)
    try:
        return input(prompt)
    finally:
        readline.set_pre_input_hook()


def _plain(text: str) -> str:
    """Lower case without punctuation or extra spaces, to see whether two wordings say the same."""
    return " ".join(re.sub(r"[^\w\s♠♥♦♣]", " ", text.lower()).split())


def _standing(decision: Decision) -> Action | None:
    """The choice that lets a move stand: the one Enter picks, if any."""
    return _key_map(decision.choices).get("")


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


MAX_ANSWER_CHARS = 200


def pick(decision: Decision, text: str, *, numbers_first: bool = True) -> Action | str:
    """The action `text` names (a menu number, an action's text or label, or a key), else the reason why not."""
    choices = decision.choices
    raw = " ".join(text.split())
    if len(raw) > MAX_ANSWER_CHARS:  # no choice is that long, and int() of a huge number refuses anyway
        return f"{clip(raw)!r} is not one of the choices; {_how(decision)}"
    run = numbered_range(choices) if decision.compact else None
    if run is not None and re.fullmatch(r"-?\d+", raw):
        word, low, high = run
        if low <= int(raw) <= high:
            return choices[int(raw) - low]
        return f"there is no {word} {raw}; type a number from {low} to {high}"
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
    return f"{clip(raw)!r} is not one of the choices; {_how(decision)}"


def _by_number(choices: Sequence[Action], number: int) -> Action | str:
    if 1 <= number <= len(choices):
        return choices[number - 1]
    return f"there is no choice {number}; choose a number from 1 to {len(choices)}"


def _how(decision: Decision) -> str:
    run = numbered_range(decision.choices) if decision.compact else None
    if run is not None:
        return f"type a number from {run[1]} to {run[2]}"
    if decision.compact:
        return "type a key, an action, or ? to list every choice"
    return f"type a number from 1 to {len(decision.choices)}, an action or a key (? shows the menu again)"


def compact_prompt(decision: Decision, *, titled: bool = True) -> str:
    """One line: the key shortcuts, the actions to type in full, and `?` for the whole list.

    With `titled=False` the decision's prompt is left out (the narration just
    said it). A decision whose choices are a run of numbers asks for the
    number, always under its title (the question is news).
    """
    run = numbered_range(decision.choices)
    if run is not None:
        return f"{decision.prompt or decision.kind} — type a number from {run[1]} to {run[2]} (? for help) > "
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


def numbered_range(choices: Sequence[Action]) -> tuple[str, int, int] | None:
    """(word, low, high) when the choices are exactly `word low` … `word high` in order (`announce 0` … `announce 29`), else None.

    Only compact decisions are read this way: in a numbered menu a bare number is the menu's.
    """
    if len(choices) < 2:
        return None
    first = _NUMBERED.match(choices[0].text)
    if first is None:
        return None
    word, low = first.group(1), int(first.group(2))
    for offset, choice in enumerate(choices):
        if choice.text != f"{word} {low + offset}":
            return None
    return word, low, low + len(choices) - 1


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
