"""A front end of JSON lines over stdin and stdout: one recorded match, its people's seats answered a line at a time.

`line_front_end.py GAME SEAT... [--seed N] [--rules JSON]` starts a match (its record in MUGGINS_RECORDS, else the user's),
`--reopen RECORD` continues one. Out go `{"record": PATH}`, the frame of each seat to answer (`Session.frame`), `{"error": LINE}`
for a refused line and each person's last frame; in comes one answer a line, `{"seat": 0, "step": 12, "answer": "TEXT"}`.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO, Any, Iterator

from muggins.i18n import choose_language, set_language
from muggins.plugins import get_registry
from muggins.session import AnswerRefused, FrontEnd, MatchRequest, NotStarted, PushedSeat, Session
from muggins.store import RecordStore


def main(argv: list[str] | None = None, lines: Iterator[str] = sys.stdin, out: IO[str] = sys.stdout) -> int:
    parser = argparse.ArgumentParser(description="One match as JSON lines over stdin and stdout.")
    parser.add_argument("game", nargs="?")
    parser.add_argument("seats", nargs="*", help="one seat spec per player: human (answered here) or a bot's")
    parser.add_argument("--seed", type=int, help="the deal's seed (default: a fresh one, committed to in every frame)")
    parser.add_argument("--rules", default="{}", help="house rules as a JSON object, e.g. '{\"target\": 61}'")
    parser.add_argument("--reopen", metavar="RECORD", help="continue this record instead of starting one")
    args = parser.parse_args(argv)

    def send(message: dict[str, Any]) -> None:
        print(json.dumps(message, ensure_ascii=False), file=out, flush=True)  # the other end reads it before it answers

    marks: dict[int | None, int] = {}  # each seat's mark: its frame holds what it may see of what happened since

    def frame(seat: int | None) -> dict[str, Any]:
        shown = session.frame(seat, since=marks.get(seat, 0))  # from 0: a reopened match is told again from its start
        marks[seat] = shown["mark"]
        return shown

    registry, store = get_registry(), RecordStore.default()
    set_language(choose_language())  # MUGGINS_LANG, else the locale: the words of frames and refusals
    try:
        front_end = FrontEnd(given_like=PushedSeat, take_lone_choices=True)  # people's seats are answered here, a line at a time
        if args.reopen:
            session = Session.reopen(registry, store, args.reopen, front_end=front_end)
        else:  # checked whole before a file exists; no seed: one drawn in secret, committed to in every frame
            asked = MatchRequest(args.game, players=len(args.seats) or None, seats=args.seats, rules=json.loads(args.rules), seed=args.seed)
            session = Session.open(registry, asked, store, front_end=front_end)
    except (KeyError, ValueError, NotStarted) as exc:  # a request no match is made from: nothing was played
        send({"error": str(exc.args[0] if exc.args else exc)})
        return 2
    with session:  # the record is released whole however this ends; an unfinished one is continued with --reopen
        send({"record": session.path})
        while offers := session.advance():  # bots play up to a person's decision; empty once the match is over
            for offer in offers.values():
                if offer.to_answer_now:
                    send(frame(offer.seat))
            if (line := next(lines, None)) is None:
                send({"error": "end of input: the match stops here; continue it with --reopen", "record": session.path})
                return 1
            try:
                asked = json.loads(line)
                seat, step, text = asked["seat"], asked["step"], asked["answer"]
                if not (type(seat) is int and type(step) is int and isinstance(text, str)):
                    raise ValueError('send {"seat": N, "step": N, "answer": "TEXT"}')
                session.check_answer(seat, text, step)
            except (AnswerRefused, ValueError, KeyError, TypeError) as exc:  # one line; nothing changed
                send({"error": str(exc.args[0] if exc.args else exc)})
            else:  # played outside the `try`: a game's own error is no refusal, and stops this front end
                session.answer(seat, text, step)
        for seat in sorted(session.answered_here) or [None]:  # a finished record reopened seats nobody: a spectator's frame
            send(frame(seat))
    return 0


if __name__ == "__main__":
    sys.exit(main())
