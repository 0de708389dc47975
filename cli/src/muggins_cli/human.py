"""The terminal player: a human at the keyboard playing one seat of any game.

`HumanPlayer` implements the same protocol as the bots (`choose(view,
decision)`, plus `observe(events)`). Before each prompt it prints what its
seat saw happen since the last one (the game's `describe` of each event,
quiet ones skipped) and, for all but compact decisions, the table as the
game renders it for that seat, headed by who the opponents are when the
player was told (`seats`); a narration line the table repeats ("You turned
K♦.") is left to the table. Ordinary decisions get a numbered menu of the
actions' labels and accept a number, an action's text or one of its keys;
`compact` decisions get one line of key shortcuts and accept the full text
too, a claim with a number in its short form (`m 4` for `muggins 4`); a
decision whose choices are one word and a run of numbers (`announce 0` …
`announce 29`) asks for the number and takes it bare. A number family of
one word (five or more choices that are that word and a number, as the
core's `muggins.projection.choice_families` finds them) is one unnumbered
menu line, `muggins N (1–29)`, picked by typing `muggins 7` (or `m 7` where
the short form is free), or the number alone at a prompt offering nothing
else; the other choices are numbered in turn. The player's own
keys work at every prompt and are never an action's: `t` redraws the
table, `?` the table and every choice, `p` pauses play that flows. Bad
input re-prompts with the reason. Keys and typed words are the player's
language's where the game's catalogue translates them
(`muggins.actions.keys_in`, `typed_in`: in French `e = trop` for
`o = overcount`, `annoncer 5`), and the English ones are still read, an
English key only where no other choice has it in the player's language. The decision's `correct` list is never
shown: spotting mistakes is the game.

A challenge window (a compact decision with a standing answer, as
`muggins.actions.standing_answer` reads it) is headed by
the move under dispute (the decision's prompt, or the narration line that
says the same) and the game's `glance` lines when it has them (the few
lines of the table the move is judged by). On a terminal with a `pace`
above 0 a window whose decision does not `wait` flows (see `pace.py`): a
marker counts the pace down, one key calls, any other key or the end of the
time lets the move stand, `p` pauses, and a key that starts a longer claim
(`m` for `m 4`, a digit) or `t`/`?` opens the line prompt (with the rest
of a burst of keys typed, Enter and all). Keys left when a flowing window
closes are dropped, and so are those typed after it and before the next
prompt that is not a window. A window that
waits, and the first decision after a resume (`resumed`), get the line
prompt whatever the pace. Every line is fitted to the width `style.py`
gives. A game may offer `standings(event, seat)`, lines for an end-of-hand
banner; the player frames them and, on a terminal, waits for a key before
going on. Ctrl-C (KeyboardInterrupt) and end of input (EOFError) propagate
to the caller, which keeps the record and says how to resume.
"""

from __future__ import annotations

import re
import sys
from typing import IO, TYPE_CHECKING, Any, Callable, Mapping, NamedTuple, Sequence

import click

from muggins.actions import Action, Decision, find_action, folded, keys_in, picked_by, standing_answer, typed_in
from muggins.cards import CARD_CODES, CARD_SPELLINGS
from muggins.game import Event, Game
from muggins.i18n import DEFAULT_LANGUAGE, current_language, using_language
from muggins.limits import MAX_ANSWER_CHARS, clip
from muggins.projection import choice_families, choice_moves
from muggins.seat_words import describe_seat

from . import pace as keys_on_terminal
from .i18n import _, ngettext
from .style import CARD, MIN_WIDTH, Style, colour_wanted, first_card, fit, line_width

if TYPE_CHECKING:
    from muggins.session import Session

__all__ = ["HumanPlayer", "pick", "compact_prompt", "menu_lines", "numbered_range", "opponents_line", "TABLE_KEY", "HELP_KEY", "PAUSE_KEY",
           "Menu", "NumberFamily", "menu_of"]

_NUMBERED = re.compile(r"^(.*\S)\s+(-?\d+)$")
_SHORT_CLAIM = re.compile(r"^([^\W\d_]+)\s*(-?\d+)$")

#: The terminal player's own keys, the same at every prompt: never a shortcut for an action.
TABLE_KEY, HELP_KEY, PAUSE_KEY = "t", "?", "p"
_OWN_KEYS = frozenset({TABLE_KEY, HELP_KEY, PAUSE_KEY})


class HumanPlayer:
    """A seat played from the terminal (or any pair of text streams); `pace` seconds per flowing window on a terminal.

    `pace=None` times each window by what it asks the responder to compare
    (`pace.window_seconds` of `things_compared`); 0 never lets play flow.

    `seats` (every seat's kind as written, `novice:error_rate=0.2`) lets the
    player say whom it plays against, in words ("a novice who errs about
    one time in five"), once at the start and atop each table.
    """

    def __init__(self, game: Game, seat: int, input: IO[str] | None = None, output: IO[str] | None = None, *,
                 pace: float | None = 0, seats: Sequence[str] | None = None) -> None:
        self.game = game
        self.seat = seat
        self.input = input
        self.output = output
        self.pace = pace
        self.seats = list(seats) if seats is not None else None
        self.partners: tuple[int, ...] = ()  # the seats playing on this seat's side (a partnership), told by the front end
        self._pending: list[Event] = []
        self._last_line = ""  # the latest line naming a move: its first card is the one that just moved
        self._prefill = ""
        self._entered = False  # the prefill is a whole line, Enter typed too: it is the answer
        self._late = False  # a flowing window closed since the last prompt: keys typed since were meant for it
        self._introduced = False
        self._opponents_said: str | None = None
        self._held = False  # the next decision waits and shows the table, whatever the pace (after a resume)
        self._seen = 0  # how many pending events were already shown at the table before a resume: no banner pauses there
        self._narrated: set[str] = set()  # the narration lines this decision printed: a glance does not repeat them
        self._glanced: list[str] = []  # the last window's glance lines while they are still in view: a table leaves them out
        self.style = Style(colour_wanted(output if output is not None else sys.stdout))

    # -- the player protocol -----------------------------------------------
    def observe(self, events: Sequence[Event]) -> None:
        self._pending.extend(events)

    def resumed(self, session: Session) -> None:
        """A match resumed from a record (`session`, reopened): show this seat again what it saw since its last decision, and hold the next one.

        At the table the player's next prompt follows the narration of its
        own last decision and of everything after it (all of the match when
        it has not decided yet); the same events come again here, as the
        session tells them from that decision (`Session.turn_mark`,
        `Session.events_since`: only those this seat may see). The next
        decision, a window included, is drawn with the table and waits for
        an answer, so nothing is answered before it is shown.
        """
        visible, _mark = session.events_since(self.seat, session.turn_mark(self.seat))
        self._pending[:0] = visible
        self._seen = len(visible)
        self._held = True

    def choose(self, view: Mapping[str, Any], decision: Decision) -> Action:
        held, self._held = self._held, False
        window = decision.compact and standing_answer(decision) is not None
        # A compact decision comes after every move, and redrawing the whole table each time would bury the
        # narration; nor is it drawn for a decision taken for the player (one choice): the next one draws it
        # as it is then. After a resume the table is drawn once all the same, as the player last saw it.
        table = self._table(view) if (held or not (decision.compact or len(decision.choices) == 1)) else None
        header = _title(decision) if window else None
        self._introduce()
        self.flush(repeated_by=table, said_by=header)
        if table is not None:
            self._show_table(table, unsaid=header or "", shown=self._glanced)
        choices = decision.choices
        if len(choices) == 1:
            self._say(_("{title}: {choice} (the only choice)").format(title=_title(decision), choice=choices[0].label))
            return choices[0]
        flowing = False  # a window that flowed and went on to the line prompt: its typeahead goes when it is answered
        if window:
            self._show_window(view, decision, glance=table is None)  # a table just drawn says what the glance would
            if self.timed and not decision.waits and not held:
                flowed = self._flow(view, decision)
                if flowed is not None:
                    return flowed
                flowing = True
        elif decision.compact:
            self._say(self.style.cards(_title(decision)))
        else:
            self._show_menu(decision)
        prompt = compact_prompt(decision, self.game) if decision.compact else menu_prompt(menu_of(decision, self.game))
        while True:
            text = self._read(prompt)
            key = text.strip().lower()
            if key in (TABLE_KEY, HELP_KEY):
                self._show_table(self._table(view), unsaid=header or "")
                if key == HELP_KEY:
                    self._show_menu(decision, titled=not window, help=True)
                if window:
                    self._show_window(view, decision, glance=False)
                elif decision.compact and key == TABLE_KEY:
                    self._say(self.style.cards(_title(decision)))
                continue
            if key == PAUSE_KEY:
                self._say(_("  {key} pauses play that flows by itself; this prompt waits for you ({how})").format(
                    key=PAUSE_KEY, how=_how(decision, menu_of(decision, self.game))))
                continue
            found = pick(decision, text, numbers_first=not decision.compact, game=self.game)
            if isinstance(found, str):
                self._say(found)
                continue
            if flowing:
                keys_on_terminal.KeyReader().discard()  # keys typed after the answer were meant for this window, not the next prompt
                self._late = True
            return found

    # -- what is shown ------------------------------------------------------
    def _introduce(self) -> None:
        """Once, before anything else: whom this seat plays against."""
        if self._introduced:
            return
        self._introduced = True
        line = self._opponents()
        if line:
            self._say(_("You play seat {seat}. {opponents}.").format(seat=self.seat, opponents=line))

    def _opponents(self) -> str:
        """The opponents line, worded once in the language of the match."""
        if self._opponents_said is None:
            self._opponents_said = opponents_line(self.seats, self.seat, self.game, self.partners)
        return self._opponents_said

    def _table(self, view: Mapping[str, Any]) -> str:
        """The game's table for this seat, headed by the opponents' kinds when known (fitted to the width, as any line is)."""
        table = self.game.render(view, self.seat)
        line = self._opponents()
        return "\n".join([*fit(line, self._width()), table]) if line else table

    def _show_window(self, view: Mapping[str, Any], decision: Decision, *, glance: bool = True) -> None:
        """The move under dispute, then the game's glance at the table (the lines the move is judged by)."""
        header = _title(decision)
        self._last_line = header
        self._say(self.style.cards(header))
        glancer: Callable[[Mapping[str, Any], int], Sequence[str] | None] | None = getattr(self.game, "glance", None)
        if glance and glancer is not None:
            lines = list(glancer(view, self.seat) or ())
            for line in lines:
                if line not in self._narrated:  # the narration just said it (a new deal's table and hand): once is enough
                    self._say(self.style.cards(f"  {line}"))
            self._glanced = lines

    # -- flowing windows ------------------------------------------------------
    @property
    def timed(self) -> bool:
        """Whether windows flow with a countdown: a pace, and keys and screen both on a terminal."""
        if (self.pace is not None and self.pace <= 0) or self.input is not None:
            return False
        return keys_on_terminal.available(sys.stdin) and _interactive(self.output if self.output is not None else sys.stdout)

    def _flow(self, view: Mapping[str, Any], decision: Decision) -> Action | None:
        """The timed window: the action a key (or the clock) gives, or None to open the line prompt."""
        standing = standing_answer(decision)
        assert standing is not None
        game = self.game
        owned = _key_map(decision.choices, game)
        calls = {k: a for k, a in owned.items() if len(k) == 1 and a is not standing}
        short = _short_forms(decision.choices, owned, game)
        # The hint names the player's language's keys and words; the English first letters open the line prompt too.
        forms = {c: typed_in(c, game) for c in decision.choices if c is not standing and c not in calls.values()}
        typed = sorted({form[:1].lower() for form in forms.values()} - set(calls))
        opens = set(typed) | ({c.text[:1].lower() for c in forms} - set(calls))
        shown_calls = [(k, a) for k, a in calls.items() if k in (key.lower() for key in keys_in(a, game))]
        parts = [f"{k} = {_shown(a, standing, game)}" for k, a in shown_calls] + [f"{k} N = {word} N" for k, word in short.items()]
        parts += [_("{keys}… = type a claim").format(keys="/".join(k for k in typed if k not in short))] if set(typed) - set(short) else []
        hint = "  " + _hints_apart().join(parts + [_("{key} = table").format(key=TABLE_KEY), _("{key} = pause").format(key=PAUSE_KEY),
                                         _("any other key lets it stand")])
        width = self._width() or MIN_WIDTH
        if len(hint) + 2 + keys_on_terminal.STEPS > width:
            self._say(hint)  # too long to share a line with the marker, which then has its own
            hint = " "
        reader = keys_on_terminal.KeyReader()
        paused = False
        seconds = self.pace if self.pace is not None else keys_on_terminal.window_seconds(self.things_compared(view, decision))
        self._late = False  # a key typed since the last window closed counts for this one, as one typed just before it opened

        def draw(marker: str) -> None:
            self._say(f"\r{hint}  {self.style.dim(marker)}\x1b[K", nl=False)

        def closed(answer: Action) -> Action:
            # Keys pressed during a window belong to it: what is left of them when it closes never answers the next prompt.
            reader.discard()
            self._late = True
            return answer

        while True:
            if paused:
                self._say(f"\r{hint}  {self.style.dim(_('paused: {key} goes on').format(key=PAUSE_KEY))}\x1b[K", nl=False)
                key = reader.key(None)
            else:
                key = keys_on_terminal.countdown(reader, seconds, draw)
            self._say("\r\x1b[K", nl=False)
            if key is None:
                return closed(standing)
            key = key.lower()
            if key == PAUSE_KEY:
                paused = not paused
                continue
            if key in calls:
                return closed(calls[key])  # the game's narration of the answer follows: no echo here
            if key in (TABLE_KEY, HELP_KEY):
                self._show_table(self._table(view), unsaid=_title(decision))
                if key == HELP_KEY:
                    self._show_menu(decision, titled=False, help=True)
                self._show_window(view, decision, glance=False)
                self._take_typeahead(reader, "")
                return None
            if key in opens or key in short or key.isdigit():
                self._take_typeahead(reader, key)
                return None
            return closed(standing)

    def things_compared(self, view: Mapping[str, Any], decision: Decision) -> int:
        """How many things the window's responder compares to judge it: what the default pace is timed by.

        The game's optional `compared(view, seat)` says it (every pile a
        placement is judged against, say); without it, the cards the game's glance shows,
        else those its header names. Either way the count depends on what is
        shown, never on whether a claim is due.
        """
        told = getattr(self.game, "compared", None)
        if told is not None:
            found = told(view, self.seat)
            if isinstance(found, int) and not isinstance(found, bool) and found >= 0:
                return found
        glancer = getattr(self.game, "glance", None)
        shown = list(glancer(view, self.seat) or ()) if glancer is not None else []
        return len(CARD.findall("\n".join(shown or [_title(decision)])))

    def _take_typeahead(self, reader: keys_on_terminal.KeyReader, start: str) -> None:
        """The line prompt a window opens begins with `start` and the keys typed after it in the same burst (a whole line if Enter was among them)."""
        line, enter, _after = reader.typeahead.replace("\r", "\n").partition("\n")
        if enter:
            reader.discard()  # the window is answered: what came after Enter was typed for it too
        self._prefill = start + line
        self._entered = bool(enter)

    # -- output -------------------------------------------------------------
    def flush(self, repeated_by: str | None = None, *, said_by: str | None = None, pause: bool = True) -> int:
        """Print the narration of the events observed since the last prompt; return the lines printed.

        Lines that `repeated_by` (the table about to be drawn) contains are
        left to it, and so is a last line that `said_by` (the window's
        header, printed next) says as well. A game's `standings` lines are
        framed as a banner and, on a terminal with more to come, wait for a
        key (`pause=False`: never; nor for what was shown before a resume).
        """
        pending, self._pending = self._pending, []
        seen, self._seen = self._seen, 0
        skip = set(repeated_by.splitlines()) if repeated_by else set()
        standings = getattr(self.game, "standings", None)
        lines: list[tuple[str, bool]] = []  # (text, is a banner line) in order
        pauses: list[int] = []  # after which printed line a banner waits for a key
        for n, ev in enumerate(pending):
            line = self.game.describe(ev, self.seat)
            if line is not None:
                self._last_line = line
                if line not in skip:
                    lines.append((line, False))
            banner = standings(ev, self.seat) if standings is not None else None
            if banner:
                lines.extend((framed, True) for framed in self.style.banner(banner, limit=self._width()))
                if pause and n + 1 < len(pending) and n >= seen:
                    pauses.append(len(lines))
        if said_by and lines and not lines[-1][1] and _says(said_by, lines[-1][0]):
            lines.pop()
        self._narrated = {line for line, framed in lines if not framed}
        if len(lines) > _GLANCE_IN_VIEW or any(framed for _, framed in lines):
            self._glanced = []
        for number, (line, framed) in enumerate(lines, 1):
            self._say(line if framed else self.style.cards(line))
            if number in pauses:
                self._wait_for_next()
        return len(lines)

    def _wait_for_next(self) -> None:
        """After a banner: on a terminal, wait for a key (or Enter without a pace) before the next deal is shown."""
        if self.timed:
            reader = keys_on_terminal.KeyReader()
            self._drop_late_keys(reader)  # before the prompt shows: a key typed once it is up is for it
            self._say(self.style.dim(_("  press any key to go on ")), nl=False)
            reader.key(None)
            self._say("\r\x1b[K", nl=False)
        elif self.input is None and _interactive(sys.stdin):
            self._read(_("  press Enter to go on "))

    def _show_table(self, table: str, unsaid: str = "", shown: Sequence[str] = ()) -> None:
        """The table, with the card that just moved highlighted.

        A line that `unsaid` (a window's header) says too is left out, and so
        are the lines in `shown`: a window's glance printed just above, with
        at most a few lines of narration after it, that the table would
        repeat word for word (the state they show has not changed).
        """
        width = self._width()
        lines = [piece for line in table.splitlines() if not (unsaid and _says(unsaid, line)) and line not in shown for piece in fit(line, width)]
        self._glanced = []
        self._say(self.style.table("\n".join(lines), first_card(self._last_line)))

    def _show_menu(self, decision: Decision, titled: bool = True, *, help: bool = False) -> None:
        """The choices under the decision's title; `help`: with the keys of this prompt too."""
        title = _title(decision)
        run = numbered_range(decision.choices) if decision.compact else None
        if run is not None:
            _word, low, high = run
            word = _run_word(decision.choices, self.game)
            self._say(self.style.cards(_("{prompt}:").format(prompt=title)))
            self._say(_("  type a number from {low} to {high} ({word} {low} … {word} {high})").format(low=low, high=high, word=word))
        else:
            if decision.prompt and titled:
                self._say(self.style.cards(_("{prompt}:").format(prompt=decision.prompt)))
            width = self._width()
            for line in menu_lines(decision.choices, width or MIN_WIDTH, texts=help, menu=menu_of(decision, self.game), game=self.game):
                for piece in fit(line, width):
                    self._say(self.style.cards(piece))
        if help:
            keys = [_("{key} = the table again").format(key=TABLE_KEY), _("{key} = this list").format(key=HELP_KEY)]
            if decision.compact and standing_answer(decision) is not None and self.timed and not decision.waits:
                keys.append(_("{key} = pause while play flows").format(key=PAUSE_KEY))
            typing = []
            if run is None and any(_bracketed(choice, self.game) for choice in decision.choices):
                typing.append(_("type a number or the text in brackets"))
            if names_cards(decision.choices):
                typing.append(_("a card as {spellings}").format(spellings=_spellings()))
            self._say(f"  ({_hints_apart().join([', '.join(keys), *typing])})")

    def _width(self) -> int | None:
        return line_width(self.output if self.output is not None else sys.stdout)

    def _say(self, text: str, nl: bool = True) -> None:
        """Print `text`; a whole line is fitted to the width (coloured text is fitted by its plain length)."""
        if nl and "\n" not in text:
            width = self._width()
            if width is not None and _visible_length(text) > width:
                for piece in fit(_unstyled(text), width):
                    click.echo(self.style.cards(piece), file=self.output)
                return
        click.echo(text, file=self.output, nl=nl)

    def _drop_late_keys(self, reader: keys_on_terminal.KeyReader | None = None) -> None:
        """At a prompt after a flowing window: drop the keys typed since it closed (a call a moment too late), never this prompt's."""
        if self._late:
            self._late = False
            (reader or keys_on_terminal.KeyReader()).discard()

    def _read(self, prompt: str) -> str:
        """One line of input; EOFError at the end of input, KeyboardInterrupt on Ctrl-C."""
        if self.input is None and not self._prefill:
            self._drop_late_keys()  # before the prompt shows: a key typed once it is up is for it
        if not (self.input is None and self._prefill):
            self._say(prompt, nl=False)
        stream = self.input if self.input is not None else sys.stdin
        if self.input is None and self._entered:
            line, self._prefill, self._entered = self._prefill, "", False
            self._say(f"{prompt}{line}")  # typed with Enter in the window's burst: shown as if typed here
            return line
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


_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
#: A window's glance followed by at most this many lines of narration is still in view just above the next table.
_GLANCE_IN_VIEW = 3


def _hints_apart() -> str:
    # The mark between key hints, as the language writes it (French puts a narrow no-break space before a semicolon).
    return _("; ")


def _spellings() -> str:
    """How a card may be typed, in the player's language (the French adds its letters for valet, dame, roi)."""
    return _("10H, 10h, TH, th or 10♥") if CARD_SPELLINGS == "10H, 10h, TH, th or 10♥" else CARD_SPELLINGS


def _unstyled(text: str) -> str:
    return _ANSI.sub("", text)


def _visible_length(text: str) -> int:
    return len(_unstyled(text))


def opponents_line(seats: Sequence[str] | None, seat: int, game: Any = None, partners: Sequence[int] = ()) -> str:
    """`Opponents: seat 1, an expert · seats 2 and 3, each a novice who errs about one time in five`; "" when unknown.

    The seats sharing a spec are named together, each spec in words
    (`muggins.seat_words`, the game's own kinds through its catalogue). A
    seat's `partners` (its side in a partnership) are named first, apart:
    `Partner: seat 2, an expert. Opponents: seats 1 and 3, each a novice`.
    """
    if not seats:
        return ""
    by_kind: dict[str, list[int]] = {}
    with_us: dict[str, list[int]] = {}
    for other, kind in enumerate(seats):
        if other != seat:
            (with_us if other in partners else by_kind).setdefault(kind, []).append(other)
    if not by_kind and not with_us:
        return ""

    from muggins.plugins import current_registry  # the game's own kinds are worded from the registry it was loaded from

    def named(kind: str, group: list[int]) -> str:
        who = describe_seat(kind, game, current_registry())
        if len(group) == 1:
            return _("{seat}, {who}").format(seat=_("seat {seat}").format(seat=group[0]), who=who)
        seats_named = _("seats {seats} and {last}").format(seats=", ".join(map(str, group[:-1])), last=group[-1])
        return _("{seats}, each {who}").format(seats=seats_named, who=who)

    opponents = _("Opponents: {opponents}").format(opponents=" · ".join(named(kind, group) for kind, group in by_kind.items()))
    if not with_us:
        return opponents
    sharing = sum(len(group) for group in with_us.values())
    partnered = ngettext("Partner: {partners}", "Partners: {partners}", sharing).format(
        partners=" · ".join(named(kind, group) for kind, group in with_us.items()))
    return _("{partners}. {opponents}").format(partners=partnered, opponents=opponents) if by_kind else partnered


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


def _says(header: str, line: str) -> bool:
    """Whether `header` says all that `line` says: the same words, perhaps with more after (a count's cards).

    A line of fewer than four words (a table's `seat 1` row) is never taken for a move.
    """
    words = _plain(line).split()
    return len(words) >= 4 and _plain(header).split()[:len(words)] == words


def _title(decision: Decision) -> str:
    return decision.prompt or decision.kind


def _interactive(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def menu_lines(choices: Sequence[Action], width: int = 80, *, texts: bool = False, menu: "Menu | None" = None,
               game: Game | Any = None) -> list[str]:
    """The numbered menu of the choices' labels, in columns when they fit (numbered down each column).

    `texts`: each label followed by the action's text in brackets where the two differ
    (`8♥ on common pile 2 (play 8H to common 2)`), what may be typed instead of the number;
    with the `game`, in the player's language: the form the game's catalogue
    gives (`annoncer 5`), and none for a text it leaves English (the number picks it).
    `menu` (`menu_of`): each number family one unnumbered line (`muggins N (1–29)`) where its first member stood,
    the other choices numbered in turn.
    """
    items = []
    number = 0
    for entry in (menu.entries if menu is not None else choices):
        if isinstance(entry, NumberFamily):
            items.append(f"     {entry.named}")
            continue
        number += 1
        bracket = _bracketed(entry, game) if texts else None
        items.append(f"{number:>3}) {entry.label}" + (f" ({bracket})" if bracket else ""))
    cell = max(len(item) for item in items) + 2
    columns = max(1, min(len(items) // 8 + 1, width // cell))
    rows = -(-len(items) // columns)
    lines = []
    for r in range(rows):
        row = [items[c * rows + r] for c in range(columns) if c * rows + r < len(items)]
        lines.append("".join(item.ljust(cell) for item in row).rstrip())
    return lines


class NumberFamily(NamedTuple):
    """Choices that are the same words around one number (`muggins 1` … `muggins 29`): one menu line, picked by typing its words and a number."""

    template: str  # the members' text with `{n}` for the number
    low: int
    high: int
    members: dict[int, Action]  # number -> the choice

    @property
    def named(self) -> str:
        """`muggins N (1–29)`: the menu line, which says what to type."""
        return f"{self.typed} ({self.low}–{self.high})"

    @property
    def typed(self) -> str:
        return self.template.replace("{n}", "N")


class Menu(NamedTuple):
    """A decision's menu: its entries in order (a choice, or a number family where its first member stood) and the choices a menu number picks."""

    entries: list[Action | NumberFamily]
    numbered: list[Action]
    families: list[NumberFamily]


def menu_of(decision: Decision, game: Game | Any = None) -> Menu:
    """The menu of `decision`: its number families of one word (`muggins N`) each one line, and the other choices numbered.

    The families are the core's (`choice_families`; with the `game`, a
    choice that moves a card is never a member). Only those whose words are
    one word are folded into a line: they are typed as a word and a number,
    or its short form (`m 7`), while a longer one (`play 5H say N`) is
    quicker picked by its members' menu numbers, so those stay numbered.
    """
    choices = decision.choices
    found, members = choice_families([typed_in(c, game) for c in choices], [c.label for c in choices], choice_moves(decision, game))
    folded = {f["id"]: NumberFamily(f["template"], f["min"], f["max"], {}) for f in found if " " not in f["words"]}
    if not folded:
        return Menu(list(choices), list(choices), [])
    entries: list[Action | NumberFamily] = []
    numbered: list[Action] = []
    for choice, member in zip(choices, members):
        family = folded.get(member[0]) if member is not None else None
        if family is None:
            entries.append(choice)
            numbered.append(choice)
            continue
        if not family.members:
            entries.append(family)
        family.members[member[1]] = choice
    return Menu(entries, numbered, list(folded.values()))


def _only_family(menu: Menu) -> NumberFamily | None:
    """The family when the menu offers nothing else: a bare number is then its number, not a menu number."""
    return menu.families[0] if len(menu.families) == 1 and not menu.numbered else None


def menu_prompt(menu: Menu) -> str:
    """The prompt under a numbered menu: `choose 1-N`, with what to type for each number family."""
    only = _only_family(menu)
    if only is not None:
        return _("type a number from {low} to {high} ({typed}) > ").format(low=only.low, high=only.high, typed=only.typed)
    if not menu.families:
        return _("choose 1-{count} > ").format(count=len(menu.numbered))
    typed = _(" or ").join(family.typed for family in menu.families)
    if menu.numbered:
        return _("choose 1-{count} or type {typed} > ").format(count=len(menu.numbered), typed=typed)
    return _("type {typed} > ").format(typed=typed)


def _owners(choices: Sequence[Action], keys_of: Callable[[Action], Sequence[str]]) -> dict[str, list[Action]]:
    owners: dict[str, list[Action]] = {}
    for choice in choices:
        for key in dict.fromkeys(k.lower() for k in keys_of(choice)):
            owners.setdefault(key, []).append(choice)
    return owners


def _key_map(choices: Sequence[Action], game: Game | Any = None) -> dict[str, Action]:
    """Key (lower-case) → action, leaving out keys that more than one action claims and the player's own keys.

    The keys are the player's language's (`keys_in`), then the English ones
    that no choice has in that language: an English key loses only to
    another action's key in the player's language.
    """
    mine = _owners(choices, lambda choice: keys_in(choice, game))
    found = {key: acts[0] for key, acts in mine.items() if len(acts) == 1 and key not in _OWN_KEYS}
    english = _owners(choices, lambda choice: choice.keys)
    if english != mine:
        found.update({key: acts[0] for key, acts in english.items() if len(acts) == 1 and key not in mine and key not in _OWN_KEYS})
    return found


def _short_forms(choices: Sequence[Action], keys: Mapping[str, Action], game: Game | Any = None) -> dict[str, str]:
    """Letter → word for numbered claims typed short (`m` → `muggins`, so `m 4` is `muggins 4`).

    A letter is given when it is the word's first, no action's key and no
    other numbered word's first letter, and is not one of the player's own
    keys. The words are those the player types (`typed_in`).
    """
    words: dict[str, set[str]] = {}
    for choice in choices:
        match = _NUMBERED.match(typed_in(choice, game))
        if match and " " not in match.group(1):
            words.setdefault(match.group(1)[:1].lower(), set()).add(match.group(1))
    return {letter: next(iter(found)) for letter, found in words.items()
            if len(found) == 1 and letter not in keys and letter not in _OWN_KEYS and letter.isalpha()}



def pick(decision: Decision, text: str, *, numbers_first: bool = True, game: Game | Any = None) -> Action | str:
    """The action `text` names (a menu number, an action's text or label, a key, a claim in short form), else the reason why not.

    Menu numbers count the choices the menu numbers (`menu_of`: a number
    family is one unnumbered line, its members typed with their number; with
    the `game`, choices that move a card are never a family's).
    """
    choices = decision.choices
    menu = menu_of(decision, game)
    raw = " ".join(text.split())
    if len(raw) > MAX_ANSWER_CHARS:  # no choice is that long, and int() of a huge number refuses anyway
        return _("{typed!r} is not one of the choices; {how}").format(typed=clip(raw), how=_how(decision, menu))
    run = numbered_range(choices) if decision.compact else None
    if run is not None and re.fullmatch(r"-?\d+", raw):
        _word, low, high = run
        word = _run_word(choices, game)
        if low <= int(raw) <= high:
            return choices[int(raw) - low]
        return _("there is no {word} {number}; type a number from {low} to {high}").format(word=word, number=raw, low=low, high=high)
    only = _only_family(menu) if run is None else None
    if only is not None and re.fullmatch(r"-?\d+", raw):
        member = only.members.get(int(raw))
        if member is not None:
            return member
        return _("there is no {choice}; type a number from {low} to {high}").format(choice=only.template.replace("{n}", raw), low=only.low, high=only.high)
    if numbers_first and raw.isdigit():
        return _by_number(menu, int(raw))
    # The player's words first (`annoncer 5`), then the English texts, cards typed in the player's notation (in French 5C is cœur).
    found = picked_by(choices, raw, game) or find_action(choices, raw, current_language())
    if found is not None:
        return found
    keys = _key_map(choices, game)
    keyed = keys.get(raw.lower())
    if keyed is not None:
        return keyed
    for choice in choices:
        if " ".join(choice.label.split()).lower() == raw.lower():
            return choice
    short = _SHORT_CLAIM.match(raw)
    if short is not None:
        word = _short_forms(choices, keys, game).get(short.group(1).lower()) if len(short.group(1)) == 1 else short.group(1)
        if word is not None:
            claimed = picked_by(choices, f"{word} {short.group(2)}", game) or find_action(choices, f"{word} {short.group(2)}")
            if claimed is not None:
                return claimed
            numbers = [int(m.group(2)) for c in choices for text in dict.fromkeys((typed_in(c, game), c.text))
                       if (m := _NUMBERED.match(text)) and m.group(1).lower() == word.lower()]
            if numbers:
                return _("there is no {word} {number}; the number goes from {low} to {high}").format(
                    word=word, number=short.group(2), low=min(numbers), high=max(numbers))
    if raw.isdigit():
        return _by_number(menu, int(raw))
    if raw.lower() in _short_forms(choices, keys, game):
        word = _short_forms(choices, keys, game)[raw.lower()]
        return _("{typed!r} needs a number: {key} N for {word} N").format(typed=raw, key=raw, word=word)
    if not raw:
        return _("please choose: {how}").format(how=_how(decision, menu))
    spelt = _("; a card is written {spellings}").format(spellings=_spellings()) if names_cards(choices) else ""
    return _("{typed!r} is not one of the choices; {how}").format(typed=clip(raw), how=_how(decision, menu)) + spelt


def names_cards(choices: Sequence[Action]) -> bool:
    """Whether any choice's text names a card (by its code, `TH`): then how to spell one is worth saying."""
    return any(word in CARD_CODES for choice in choices for word in choice.text.split())


def _by_number(menu: Menu, number: int) -> Action | str:
    """The choice menu number `number` picks: number families are unnumbered, so it counts the other choices."""
    numbered = menu.numbered
    if 1 <= number <= len(numbered):
        return numbered[number - 1]
    typed = " or ".join(family.typed for family in menu.families)
    if not numbered:
        return _("there is no choice {number}; type {typed}").format(number=number, typed=typed)
    return (_("there is no choice {number}; choose a number from 1 to {count}").format(number=number, count=len(numbered))
            + (_(" or type {typed}").format(typed=typed) if typed else ""))


def _how(decision: Decision, menu: Menu | None = None) -> str:
    run = numbered_range(decision.choices) if decision.compact else None
    if run is not None:
        return _("type a number from {low} to {high}").format(low=run[1], high=run[2])
    if decision.compact:
        return _("type a key, an action, or ? to list every choice")
    if menu is None or not menu.families:
        return _("type a number from 1 to {count}, an action or a key (? shows the menu again)").format(count=len(decision.choices))
    only = _only_family(menu)
    if only is not None:
        return _("type a number from {low} to {high} ({typed})").format(low=only.low, high=only.high, typed=only.typed)
    typed = ", ".join(family.typed for family in menu.families)
    numbers = _("a number from 1 to {count}, ").format(count=len(menu.numbered)) if menu.numbered else ""
    return _("type {numbers}{typed}, an action or a key (? shows the menu again)").format(numbers=numbers, typed=typed)


#: The longest label of its own a call is named by on a window's key line (`m = call a revoke!`): a longer one
#: (fishing's "claim (take what was forgotten, or lay your other pair)") would crowd out the other keys.
CALL_LABEL_WIDTH = 24


def _shown(choice: Action, standing: Action | None, game: Game | Any = None) -> str:
    """How a shortcut's action is named at the prompt: the standing answer by its label when that is short, a call by the
    game's own label for it when it has one that is short (the words the browser shows), else what is typed for it."""
    label = choice.label
    if choice is standing:
        if len(label) <= 12:
            return label
    elif len(label) <= CALL_LABEL_WIDTH and _has_own_label(choice):
        return label
    return typed_in(choice, game)


def _has_own_label(choice: Action) -> bool:
    """Whether the game gave `choice` words of its own: an English label that is not its text."""
    with using_language(DEFAULT_LANGUAGE):
        return choice.label != choice.text


def _bracketed(choice: Action, game: Game | Any = None) -> str | None:
    """What `?` shows in brackets after a choice's label: what may be typed for it, when that is not the label.

    In English the text; in another language the form the game's catalogue
    gives it, and nothing for a text it leaves English (`play 8H`: the
    player types the number, the label or the card) or a label that begins
    with the form (`se coucher, en posant…`).
    """
    form = typed_in(choice, game)
    if form == choice.label:
        return None
    if current_language() != "en" and getattr(game, "translations", None) is not None:
        label = folded(choice.label)
        said = label.startswith(folded(form)) and not label[len(folded(form)):][:1].isalnum()  # `se coucher, en posant…`
        if form == choice.text or said:
            return None
    return form


def _run_word(choices: Sequence[Action], game: Game | Any = None) -> str:
    """The word of a run of numbered choices (`announce`) as the player types it (`annoncer`)."""
    return typed_in(choices[0], game).rsplit(" ", 1)[0]


def compact_prompt(decision: Decision, game: Game | Any = None) -> str:
    """The line a compact decision is answered on: its keys, the claims to type (in short form when they have one), `t` and `?`.

    The decision's title is not part of it: it is printed on the line above
    (a window's header, or a count's question). A decision whose choices are
    a run of numbers asks for the number. With the `game`, keys and words are
    the player's language's where its catalogue translates them.
    """
    own = _("{table} = table; {help} = help").format(table=TABLE_KEY, help=HELP_KEY)
    run = numbered_range(decision.choices)
    if run is not None:
        return _("  type a number from {low} to {high}; {own} > ").format(low=run[1], high=run[2], own=own)
    keys = _key_map(decision.choices, game)
    short = _short_forms(decision.choices, keys, game)
    standing = standing_answer(decision)
    shortcuts, typed = [], []
    for choice in decision.choices:
        # Enter and single keys, the player's language's; words stay typed
        mine = [k for k in keys_in(choice, game) if len(k) <= 1 and keys.get(k.lower()) is choice]
        if mine:
            shown = "/".join(_("Enter") if k == "" else k for k in mine[:2])
            shortcuts.append(f"{shown} = {_shown(choice, standing, game)}")
        else:
            typed.append(typed_in(choice, game))
    numbered = [f"{letter} N = {word} N" for letter, word in short.items()]
    words = set(short.values())
    rest = _group_numbered([text for text in typed if not ((m := _NUMBERED.match(text)) and m.group(1) in words)])
    parts = shortcuts + numbered + ([_("or type {texts}").format(texts=", ".join(rest))] if rest else [])
    return f"  {_hints_apart().join(parts + [own])} > "


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
