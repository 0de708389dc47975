"""The core's side of faults: size limits and clipping, RecordFile (lock, whole lines, cut-back, incomplete last line) and check_players."""

from __future__ import annotations

import errno
import json

import pytest
from hypothesis import given, strategies as st

from muggins.limits import LimitError, clip, read_limited
from muggins.players import make_players
from muggins.records import Record, RecordError, RecordFile, RecordWriteError, RecordWriter, header_for, parse_record, read_record
from muggins.replay import check_players


def test_clip_keeps_short_text_and_cuts_long_text_on_one_line():
    assert clip("short") == "short"
    assert clip("a\nb") == "a b"
    assert clip("x" * 100, 10) == "x" * 9 + "…"


def test_read_limited(tmp_path):
    path = tmp_path / "f.toml"
    path.write_bytes(b"\xef\xbb\xbfa = 1\n")
    assert read_limited(path, 100, "rules") == "a = 1\n"
    with pytest.raises(LimitError, match="larger than 4 bytes; not rules"):
        read_limited(path, 4, "rules")
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(LimitError, match="not a text file, not rules"):
        read_limited(path, 100, "rules")


def test_a_second_writer_is_refused_even_in_the_same_process(tmp_path):
    path = tmp_path / "r.jsonl"
    with RecordFile.create(path) as first:
        first.write("{}\n")
        with pytest.raises(RecordError, match=r"record .*r.jsonl is being written by another muggins process; only one may write a record at a time"):
            RecordFile.open_existing(path)
    with RecordFile.open_existing(path) as again:  # released on close
        assert again.size == 3
    with pytest.raises(FileExistsError):
        RecordFile.create(path)


def test_a_failed_write_is_cut_back_to_the_last_whole_line(tmp_path, monkeypatch):
    import muggins.records.file as records

    path = tmp_path / "r.jsonl"
    stream = RecordFile.create(path)
    stream.write('{"a": 1}\n')
    real = records.os.write

    def half_then_full(fd, data):
        monkeypatch.setattr(records, "_write", full)
        return real(fd, bytes(data[:3]))

    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(records, "_write", half_then_full)
    with pytest.raises(RecordWriteError, match=r"cannot write record .*r.jsonl: No space left on device"):
        stream.write('{"b": 2}\n')
    monkeypatch.setattr(records, "_write", real)
    assert path.read_text() == '{"a": 1}\n'
    stream.write('{"c": 3}\n')
    stream.close()
    assert path.read_text() == '{"a": 1}\n{"c": 3}\n'


def test_an_os_error_becomes_a_record_write_error_once_in_the_file_layer(tally, tmp_path, monkeypatch):
    import muggins.records.file as records

    class Full:
        name = "disk.jsonl"

        def write(self, text):
            raise OSError(errno.ENOSPC, "No space left on device")

        def flush(self):
            pass

    header = header_for(tally, tally.Rules(), 3, 1, ["expert"] * 3)
    # A plain stream promises nothing about the lines before a failure: its error passes as it is.
    with pytest.raises(OSError, match="No space left on device") as plain:
        RecordWriter.start(Full(), header, [])
    assert not isinstance(plain.value, RecordWriteError)

    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(records, "_write", full)
    with RecordFile.create(tmp_path / "r.jsonl") as stream, pytest.raises(RecordWriteError, match=r"cannot write record .*r.jsonl: No space left on device") as failed:
        RecordWriter.start(stream, header, [])
    # Raised by the file, with the OS's error as its cause: not a RecordWriteError wrapped again.
    assert type(failed.value.__cause__) is OSError and failed.value.reason == "No space left on device"


def test_each_record_file_has_its_own_write_guard_whichever_thread_writes(tmp_path, monkeypatch):
    import threading

    import muggins.records.file as records

    first, second = RecordFile.create(tmp_path / "a.jsonl"), RecordFile.create(tmp_path / "b.jsonl")
    half_written, go_on = threading.Event(), threading.Event()
    real = records.os.write

    def slow_second(fd, data):
        if fd == second.fd and not go_on.is_set():  # the other thread stops half-way through its line
            written = real(fd, bytes(data[:5]))
            half_written.set()
            go_on.wait(10)
            return written
        return real(fd, data)

    monkeypatch.setattr(records, "_write", slow_second)
    ran = []
    other = threading.Thread(target=second.write, args=('{"n": 0}\n',))
    other.start()
    try:
        assert half_written.wait(10)
        assert second.guard.writing and not first.guard.writing
        first.guard.when_whole(lambda: ran.append(("first", threading.current_thread().name)))
        second.guard.when_whole(lambda: ran.append(("second", threading.current_thread().name, (tmp_path / "b.jsonl").read_text())))
        first.write('{"a": 1}\n')  # the first file's line does not wait for the second's, nor run its work
        assert ran == [("first", "MainThread")]
    finally:
        go_on.set()
        other.join(10)
    assert ran == [("first", "MainThread"), ("second", other.name, '{"n": 0}\n')]  # once the second's line was whole
    assert not second.guard.writing
    first.close()
    second.close()


def test_the_deprecated_global_write_check_sees_only_the_calling_thread(tmp_path, monkeypatch):
    import threading

    import muggins.records.file as records

    from muggins.records import after_the_write, writing_a_record

    stream = RecordFile.create(tmp_path / "r.jsonl")
    real = records.os.write
    seen = []

    def watched(fd, data):
        elsewhere = []
        probe = threading.Thread(target=lambda: elsewhere.append(writing_a_record()))
        probe.start()
        probe.join()
        seen.append((writing_a_record(), elsewhere[0]))
        after_the_write(lambda: seen.append(("after", path.read_text())))
        return real(fd, data)

    path = tmp_path / "r.jsonl"
    monkeypatch.setattr(records, "_write", watched)
    stream.write('{"a": 1}\n')
    assert seen == [(True, False), ("after", '{"a": 1}\n')]
    assert not writing_a_record()
    after_the_write(lambda: seen.append("now"))  # nothing being written: at once
    assert seen[-1] == "now"
    stream.close()


@pytest.mark.parametrize(("text", "dropped", "after"), [
    ('{"h": 1}\n{"n": 0', 7, '{"h": 1}\n'),
    ('{"h": 1}\n{"n": 0}', 0, '{"h": 1}\n{"n": 0}\n'),  # whole but unterminated: finished, not dropped
    ('{"h": 1}\n', 0, '{"h": 1}\n'),
    ('{"h": 1', 0, '{"h": 1'),  # the header is never dropped
])
def test_an_incomplete_last_line_is_dropped_after_a_backup(tmp_path, text, dropped, after):
    path = tmp_path / "r.jsonl"
    path.write_text(text)
    with RecordFile.open_existing(path) as stream:
        assert stream.drop_partial_line(str(tmp_path / "copy.bak")) == dropped
        if after.endswith("\n"):
            stream.end_line()
    assert path.read_text() == after
    assert (tmp_path / "copy.bak").exists() == bool(dropped)
    if dropped:
        assert (tmp_path / "copy.bak").read_text() == text


def test_record_lines_are_read_within_limits(tmp_path):
    path = tmp_path / "r.jsonl"
    head = {"muggins_record": 1, "game": "g", "version": "1", "rules": {}, "players": 2, "seed": 1, "seats": ["a", "b"]}
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(head).encode() + b"\n" + b'{"opening": []}\n')
    assert read_record(path).seats == ["a", "b"]
    with pytest.raises(RecordError, match="header is missing or has a bad field: 'seed' is 1.5"):
        parse_record(json.dumps(head | {"seed": 1.5}) + "\n")


def test_check_players_finds_the_first_choice_a_bot_would_not_have_made(registry, tally):
    from muggins.engine import Match

    seats = ["novice:error_rate=0.7", "random", "expert"]
    state = tally.new(tally.Rules(), 3, 9)
    record = header_for(tally, tally.Rules(), 3, 9, seats)

    class Keep:  # a RecordSink of its own: the engine asks nothing more of it
        written = 0
        finished = False

        def decision(self, seat, action, events):
            record.decisions.append((seat, action))

        def finish(self, result):
            record.result = result.to_dict()

    Match(state, make_players(registry, tally, seats, 9), writer=Keep()).run()
    assert check_players(tally, record, make_players(registry, tally, seats, 9)) is None
    # The same seats with seat 1's choices taken as given: still no divergence.
    given = make_players(registry, tally, seats, 9)
    given[1] = None
    assert check_players(tally, record, given) is None
    relabelled = make_players(registry, tally, ["expert", "random", "expert"], 9)
    divergence = check_players(tally, record, relabelled)
    assert divergence is not None and "would choose" in divergence.reason
    first_novice = next(i for i, (seat, _) in enumerate(record.decisions) if seat == 0)
    assert divergence.index >= first_novice
    assert isinstance(record, Record)


@given(st.lists(st.binary(max_size=40).map(lambda b: b.replace(b"\n", b"x")), max_size=30), st.integers(1, 7), st.sampled_from([-1, 1, 3, 64]), st.booleans())
def test_a_record_file_is_read_in_chunks_line_for_line_as_a_whole_file_would_be(parts, chunk, limit, newline_at_end):
    # F17: RecordFile.read streams the file through _Lines instead of holding it (twice) in memory.
    import io
    import os
    import tempfile

    from muggins.records import file as records

    data = b"\n".join(parts) + (b"\n" if newline_at_end else b"")
    with tempfile.TemporaryFile() as handle:
        handle.write(data)
        handle.flush()
        lines = records._Lines(handle.fileno(), len(data))
        lines.CHUNK = chunk
        whole = io.BytesIO(data)
        while True:
            expected = whole.readline(limit)
            assert lines.readline(limit) == expected
            if not expected:
                break
