"""Seed 002 (French, the muggins rule), sentence by sentence, on the hand 4♣ 5♦ 6♥ 6♠ + K♣ (true count 14).

Each test quotes the seed's words it checks. Seat 0 deals, seat 1 counts first, seat 0 answers.
"""

from __future__ import annotations

HANDS = {1: ["4C", "5D", "6H", "6S"], 0: ["7C", "8D", "9H", "AS"]}
CRIB = ["2C", "3D", "QS", "TC"]


def show(position, scores=(0, 0), players=2, hands=HANDS):
    return position(players=players, hands=hands, crib=CRIB, starter="KC", phase="show", scores=list(scores))


def test_vous_annoncez_un_nombre_de_0_a_29_qui_est_marque_aussitot(position, act):
    state = show(position)
    assert [str(c) for c in state.decision().choices] == [f"announce {n}" for n in range(30)]
    act(state, "announce 19")  # "même impossible": 19 is offered and scored
    assert state.scores == [0, 19]


def test_chaque_adversaire_repond_a_tour_de_role_en_commencant_par_votre_gauche(position, act):
    hands = {**HANDS, 2: ["2S", "2D", "JC", "QD"]}
    state = show(position, scores=(0, 0, 0), players=3, hands=hands)
    act(state, "announce 14")
    assert state.decision().seat == 2  # the counter's left
    act(state, "pass")
    assert state.decision().seat == 0


def test_si_tous_les_adversaires_acceptent_votre_compte_reste_tel_quannonce_meme_sil_etait_faux(position, act):
    state = show(position)
    act(state, "announce 9")
    act(state, "pass")
    assert state.scores == [0, 9]


def test_un_muggins_donne_les_points_reellement_oublies_jusquau_nombre_annonce(position, act):
    for claim, gained in (("muggins 2", 2), ("muggins 9", 5)):
        state = show(position)
        act(state, "announce 9")  # 5 forgotten
        act(state, claim)
        assert state.scores == [gained, 9]


def test_si_vous_naviez_rien_oublie_vous_marquez_les_points_annonces_par_ladversaire(position, act):
    state = show(position)
    act(state, "announce 14")
    act(state, "muggins 6")
    assert state.scores == [0, 20]


def test_un_compte_trop_eleve_signale_vous_retire_les_points_en_trop_et_les_donne(position, act):
    state = show(position)
    act(state, "announce 17")
    act(state, "overcount")
    assert state.scores == [3, 14]


def test_si_votre_compte_netait_pas_trop_eleve_rien_ne_change(position, act):
    state = show(position)
    act(state, "announce 14")
    act(state, "overcount")
    assert state.scores == [0, 14]


def test_une_fois_le_compte_regle_le_detail_exact_est_montre_a_tous(position, act):
    state = show(position)
    act(state, "announce 14")
    events = act(state, "pass")
    settled = [e for e in events if e["type"] == "settlement"]
    assert settled and "to" not in settled[0] and len(settled[0]["breakdown"]) == 6


def test_la_crib_est_comptee_en_dernier_et_montree_a_tous(position, act):
    state = show(position)
    for text in ("announce 14", "pass", "announce 5", "pass"):
        act(state, text)
    assert state.decision().kind == "count" and state.pending["what"] == "crib" and state.decision().seat == 0
    for seat in (0, 1, None):
        assert state.view(seat)["crib"] == ["2C", "3D", "TC", "QS"]


def test_un_compte_qui_atteint_lobjectif_termine_aussitot_sil_nest_pas_trop_eleve(position, act):
    state = show(position, scores=(0, 107))
    act(state, "announce 14")
    assert state.decision() is None and state.result().winners == (1,)


def test_un_compte_trop_eleve_doit_attendre_les_reponses(position, act):
    state = show(position, scores=(0, 107))
    act(state, "announce 15")
    assert state.decision().kind == "respond"
    act(state, "overcount")  # 107 + 14 = 121 still reaches the target
    assert state.decision() is None and state.result().winners == (1,) and state.scores == [1, 121]


def test_le_jeu_des_cartes_nest_pas_concerne(position, act):
    state = position(players=2, hands={1: ["8H", "6C", "KS", "QH"], 0: ["7D", "3C", "JS", "TS"]}, crib=CRIB, starter="9C")
    act(state, "play 8H")
    act(state, "play 7D")  # fifteen for 2, scored automatically; no window opens
    assert state.scores == [2, 0] and state.open_window() is None and state.decision().kind == "play"
