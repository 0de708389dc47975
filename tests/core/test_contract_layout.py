"""The contract kit's layout check: a game's table as data shows each seat only what it sees, and the card each choice moves is on it.

Tally gets a layout (its hands, the table) and a `choice_move` (a play puts
its card on the table) for these tests; each planted leak — a layout that
names a hidden card, a choice naming a card (one of one, or of several it
moves at once) in no zone the seat sees face up, a choice to a zone the layout does not have, a malformed zone — must
fail the `layout` check with its own message, and a game without a layout
must pass it without a warning.
"""

from __future__ import annotations

import warnings

import pytest

from muggins.testing import ContractError, check_game, check_layout, check_layout_privacy, check_play

SMALL = {"players": [3], "games": 3, "seed": 4}


def tally_layout(self, view, seat):
    """Each hand (the seat's own face up, the others as backs) and the cards on the table."""
    sizes = view["hand_sizes"]
    zones = [{"id": f"hand:{s}", "kind": "hand", "label": "Your hand" if s == seat else f"seat {s}", "owner": s,
              "cards": list(view["hand"]) if s == seat else None, "count": sizes[s]} for s in range(len(sizes))]
    zones.append({"id": "table", "kind": "field", "label": "the table", "owner": None, "cards": list(view["table"]), "count": len(view["table"])})
    counters = [{"id": f"score:{s}", "label": "score", "owner": s, "value": points} for s, points in enumerate(view["scores"])]
    return {"zones": zones, "counters": counters, "track": None}


def tally_move(self, action):
    card = getattr(action, "card", None)
    return None if card is None else (card.code, "table")


@pytest.fixture
def drawn(tally, monkeypatch, declare_capabilities):
    """Tally with a sound layout and choice_move."""
    monkeypatch.setattr(type(tally), "layout", tally_layout)
    monkeypatch.setattr(type(tally), "choice_move", tally_move)
    declare_capabilities(tally)
    return tally


def test_a_sound_layout_passes_over_the_matches_check_game_walks(drawn, registry):
    report = check_layout(drawn, registry=registry, **SMALL)
    assert vars(report) == vars(check_play(drawn, registry=registry, **SMALL)) and report.decisions > 0
    check_game(drawn, registry=registry, **SMALL)


def test_a_game_without_a_layout_passes_without_a_warning(tally, registry):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert check_layout(tally, registry=registry, **SMALL).matches == 3
        state = tally.new(tally.Rules(), 3, 1)
        check_layout_privacy(state, 0, state.decision())


def fails(game, registry, message):
    with pytest.raises(ContractError, match=message) as caught:
        check_layout(game, registry=registry, **SMALL)
    assert caught.value.check == "layout" and str(caught.value).startswith("tally fails the layout check: ")
    return caught.value


def test_a_layout_naming_a_hidden_card_is_caught(drawn, registry, monkeypatch):
    original = type(drawn).State.view

    def peeking(self, seat):
        return dict(original(self, seat), stock_top=self.piles_["stock"][-1].code)

    def leaky(self, view, seat):
        found = tally_layout(self, view, seat)
        found["zones"].append({"id": "stock", "kind": "pile", "label": "the stock", "owner": None, "cards": [view["stock_top"]], "count": 1})
        return found

    monkeypatch.setattr(type(drawn).State, "view", peeking)
    monkeypatch.setattr(type(drawn), "layout", leaky)
    fails(drawn, registry, r"layout\(\d\) shows hidden cards \['\w\w'\]")


def test_a_hidden_card_in_a_label_is_caught_in_any_spelling(drawn, registry, monkeypatch):
    from muggins.cards import parse_card

    original = type(drawn).State.view

    def peeking(self, seat):
        other = (seat + 1) % self.players if seat is not None else 0
        return dict(original(self, seat), their=[c.code for c in self.piles_[f"hand {other}"]])

    def boastful(self, view, seat):
        found = tally_layout(self, view, seat)
        if view["their"]:
            found["zones"][0]["label"] = f"holds {parse_card(view['their'][0])}"  # a glyph, 7♥, not a code
        return found

    monkeypatch.setattr(type(drawn).State, "view", peeking)
    monkeypatch.setattr(type(drawn), "layout", boastful)
    fails(drawn, registry, r"layout\(\S+\) shows hidden cards")


def test_a_choice_naming_a_card_in_no_zone_the_seat_sees_face_up_is_caught(drawn, registry, monkeypatch):
    def face_down(self, view, seat):
        found = tally_layout(self, view, seat)
        for zone in found["zones"]:
            if zone["kind"] == "hand":
                zone["cards"] = None  # the seat's own hand drawn as backs: the card it plays is nowhere in sight
        return found

    monkeypatch.setattr(type(drawn), "layout", face_down)
    fails(drawn, registry, r"choice 'play \w\w say \d+' moves \w\w, which lies face up in no zone of layout\(\d\)")


def test_a_hidden_card_planted_in_a_two_card_move_is_caught(drawn, registry, monkeypatch):
    suits = "CDHS"

    def two_cards(self, action):
        # The played card with its rank's next suit: mostly in another hand or the stock, hidden from the seat.
        card = getattr(action, "card", None)
        if card is None:
            return None
        code = card.code
        return (code, code[:-1] + suits[(suits.index(code[-1]) + 1) % 4]), "table"

    monkeypatch.setattr(type(drawn), "choice_move", two_cards)
    fails(drawn, registry, r"choice 'play \w\w say \d+' moves \w\w, which lies face up in no zone of layout\(\d\)")
    monkeypatch.setattr(type(drawn), "choice_move", lambda self, action: None if tally_move(self, action) is None else ((action.card.code,) * 2, "table"))
    fails(drawn, registry, r"must be None or \(card code, or a tuple of distinct codes, and zone id or None\)")
    # A tuple of codes, every one in the seat's own hand: sound.
    monkeypatch.setattr(type(drawn), "choice_move", lambda self, action: None if tally_move(self, action) is None else ((action.card.code,), "table"))
    check_layout(drawn, registry=registry, **SMALL)


def test_a_choice_to_a_zone_the_layout_does_not_have_is_caught(drawn, registry, monkeypatch):
    monkeypatch.setattr(type(drawn), "choice_move", lambda self, action: None if tally_move(self, action) is None else (action.card.code, "discard"))
    fails(drawn, registry, r"moves \w\w to 'discard', which is no zone of layout\(\d\) \(zones: \['hand:0', 'hand:1', 'hand:2', 'table'\]\)")


def test_choices_that_move_cards_need_a_layout(tally, registry, monkeypatch, declare_capabilities):
    monkeypatch.setattr(type(tally), "choice_move", tally_move)
    declare_capabilities(tally)
    fails(tally, registry, r"moves a card \(choice_move\) but layout\(\d\) is None")


@pytest.mark.parametrize(("change", "message"), [
    (lambda found: found["zones"].append(dict(found["zones"][-1])), r"two zones have the id 'table'"),
    (lambda found: found["zones"][-1].update(count=-1), r"zone 'table' of layout\(\S+\): count must be a whole number of at least its \d+ face-up cards, not -1"),
    (lambda found: found["zones"][-1].update(count=0.5), r"count must be a whole number .* not 0\.5"),
    (lambda found: found["zones"][-1].update(cards=["7 of hearts"]), r"cards must be None or a list of card codes"),
    (lambda found: found["counters"].append(dict(found["counters"][0])), r"every counter needs an id of its own"),
], ids=["duplicate zone", "count below its cards", "count not whole", "not a card code", "duplicate counter"])
def test_a_malformed_layout_is_caught(drawn, registry, monkeypatch, change, message):
    def malformed(self, view, seat):
        found = tally_layout(self, view, seat)
        change(found)
        return found

    monkeypatch.setattr(type(drawn), "layout", malformed)
    fails(drawn, registry, message)


def pegged_layout(self, view, seat):
    """Tally's layout with its scores on a peg board, both pegs of each seat at its score."""
    found = tally_layout(self, view, seat)
    scores = {str(s): points for s, points in enumerate(view["scores"])}
    found["track"] = {"target": 61, "scores": scores, "style": "pegs", "holes": 61,
                      "pegs": {key: {"front": points, "back": points} for key, points in scores.items()}}
    return found


@pytest.mark.parametrize(("change", "message"), [
    (lambda track: None, None),
    (lambda track: track.update(style="bars", holes="many"), None),  # another style is drawn as bars: not checked
    (lambda track: track.update(holes=60.5), r"a track of style 'pegs' needs whole holes of 2 or more \(61, 121\), not 60\.5"),
    (lambda track: track["pegs"].pop("1"), r"needs pegs for exactly the keys of its scores \['0', '1', '2'\]"),
    (lambda track: track["pegs"]["0"].update(front=track["pegs"]["0"]["front"] + 1), r"the pegs of '0' must be front and back points \(numbers\), the front at its score 0\.0, not"),
    (lambda track: track["pegs"]["2"].pop("back"), r"the pegs of '2' must be front and back points"),
], ids=["sound", "other style", "holes not whole", "a key without pegs", "front not at the score", "no back peg"])
def test_a_peg_board_track_is_checked_against_its_scores(drawn, registry, monkeypatch, change, message):
    def pegged(self, view, seat):
        found = pegged_layout(self, view, seat)
        change(found["track"])
        return found

    monkeypatch.setattr(type(drawn), "layout", pegged)
    if message is None:
        assert check_layout(drawn, registry=registry, **SMALL).decisions > 0
    else:
        fails(drawn, registry, message)
