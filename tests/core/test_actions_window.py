"""Actions' text forms and the challenge window's lifecycle."""

import pytest

from muggins.actions import Claim, Decision, Move, Pass, find_action
from muggins.window import ChallengeWindow


def test_action_texts_and_keys():
    assert str(Pass()) == "pass" and "" in Pass().keys
    assert str(Claim()) == "muggins" and Claim().keys == ("m",)
    assert str(Claim("muggins", 4)) == "muggins 4" and Claim("muggins", 4).keys == ()
    assert str(Claim("overcount")) == "overcount" and Claim("overcount").keys == ("o",)
    assert str(Claim("claim", target="7")) == "claim 7"
    assert Pass().label == "pass" and Claim("muggins", 2).text == "muggins 2"


def test_find_action_folds_case_and_spaces():
    choices = [Pass(), Claim("muggins", 4), Claim("overcount")]
    assert find_action(choices, "  Muggins   4 ") == Claim("muggins", 4)
    assert find_action(choices, "muggins 5") is None
    decision = Decision(1, "respond", choices, [Pass()])
    assert decision.find("OVERCOUNT") == Claim("overcount")


def test_find_action_takes_a_card_in_any_spelling_the_table_prints_or_the_docs_give():
    choices = [Move("play TH to common 2"), Move("play 9H to common 2"), Move("play TH to common 3"), Pass()]
    for typed in ("play 10H to common 2", "play 10♥ to common 2", "play th to common 2", "PLAY 10h TO COMMON 2", "play T♥ to common 2"):
        assert find_action(choices, typed) is choices[0], typed
    assert find_action(choices, "play 10H to common 4") is None
    assert find_action(choices, "play 10H") is None
    # Two choices alike but for the spelling of a card: neither is taken for a typed third spelling.
    assert find_action([Move("take 10H"), Move("take TH")], "take 10♥") is None


def test_window_polls_responders_in_order_and_closes_when_all_pass():
    window = ChallengeWindow(actor=0, responders=(1, 2, 3))
    seen = []
    while not window.closed:
        seen.append(window.current)
        window.passed()
    assert seen == [1, 2, 3] and window.settled_by is None and window.current is None


def test_unsupported_claim_costs_nothing_and_polling_goes_on():
    window = ChallengeWindow(actor=2, responders=(3, 0, 1))
    window.passed()
    assert window.claimed("muggins", supported=False) is False
    assert window.current == 1 and window.remaining == (1,)
    assert window.claimed("muggins", supported=True) is True
    assert window.closed and window.settled_by.seat == 1 and len(window.claims) == 2


def test_any_claim_policy_settles_on_a_false_claim():
    window = ChallengeWindow(actor=0, responders=(1, 3), settle_on="any_claim")
    assert window.claimed("muggins 3", supported=False) is True
    assert window.closed and window.settled_by.claim == "muggins 3" and not window.settled_by.supported


def test_closed_window_refuses_answers():
    window = ChallengeWindow(actor=0, responders=())
    assert window.closed
    with pytest.raises(RuntimeError):
        window.passed()


def test_window_round_trips_through_plain_data():
    window = ChallengeWindow(actor=1, responders=(2, 0), subject={"card": "6H"})
    window.claimed("muggins", supported=False)
    window.claimed("muggins", supported=True)
    again = ChallengeWindow.from_dict(window.to_dict())
    assert again == window and again.settled_by is again.claims[1]


def test_stand_all_lets_every_remaining_responder_stand_at_once():
    window = ChallengeWindow.open(actor=0, players=4, subject={"what": "x"})
    assert window.passed() is False
    assert window.stand_all() == (2, 3) and window.closed and window.settled_by is None and window.remaining == ()
    with pytest.raises(RuntimeError, match="closed"):
        window.stand_all()
