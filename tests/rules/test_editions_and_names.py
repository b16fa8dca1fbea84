"""Editions as data (§1, §12) and card names across the rules texts (§2)."""

import pytest

from solver import (
    EDITIONS,
    AmbiguousCardNameError,
    Card,
    InvalidOptionError,
    UnknownCardNameError,
    card_name,
    get_edition,
    parse_card,
)
from solver.rules.editions import ALL_TIED_WIN, DISCARD_TOTAL_THEN_ALL, DISCARD_TOTAL_THEN_NONE

SPY, GUARD, PRIEST, BARON, HANDMAID, PRINCE, CHANCELLOR, KING, COUNTESS, PRINCESS = tuple(Card)


@pytest.mark.parametrize(
    "key, size, players, counts",
    [
        ("2019", 21, (2, 6), {SPY: 2, GUARD: 6, PRIEST: 2, BARON: 2, HANDMAID: 2, PRINCE: 2,
                              CHANCELLOR: 2, KING: 1, COUNTESS: 1, PRINCESS: 1}),
        ("classic", 16, (2, 4), {GUARD: 5, PRIEST: 2, BARON: 2, HANDMAID: 2, PRINCE: 2,
                                 KING: 1, COUNTESS: 1, PRINCESS: 1}),
        ("classic-2019", 16, (2, 4), {GUARD: 5, PRIEST: 2, BARON: 2, HANDMAID: 2, PRINCE: 2,
                                      KING: 1, COUNTESS: 1, PRINCESS: 1}),
    ],
)
def test_composition_and_player_range(key, size, players, counts):
    e = get_edition(key)
    assert e.deck_size == size == len(e.full_deck())
    assert (e.min_players, e.max_players) == players
    assert {c: e.count(c) for c in Card if e.count(c)} == counts


def test_classic_box_is_2019_minus_one_guard_two_chancellors_two_spies():
    full, box = get_edition("2019"), get_edition("classic-2019")
    diff = {c: full.count(c) - box.count(c) for c in Card if full.count(c) != box.count(c)}
    assert diff == {GUARD: 1, CHANCELLOR: 2, SPY: 2}


def test_values_per_edition():
    assert [get_edition("2019").value(c) for c in Card] == list(range(10))
    classic = get_edition("classic")
    assert [classic.value(c) for c in classic.cards] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert classic.value(KING) == 6 and classic.value(COUNTESS) == 7 and classic.value(PRINCESS) == 8
    box = get_edition("classic-2019")
    assert box.value(KING) == 7 and box.value(PRINCESS) == 9


def test_token_targets():
    assert dict(get_edition("2019").token_targets) == {2: 6, 3: 5, 4: 4, 5: 3, 6: 3}
    assert dict(get_edition("classic").token_targets) == {2: 7, 3: 5, 4: 4}
    assert dict(get_edition("classic-2019").token_targets) == {2: 6, 3: 5, 4: 4}


def test_documented_defaults_of_every_disagreement():
    e19, ec, eb = (get_edition(k) for k in ("2019", "classic", "classic-2019"))
    assert (e19.showdown_tie, ec.showdown_tie, eb.showdown_tie) == (
        ALL_TIED_WIN, DISCARD_TOTAL_THEN_ALL, ALL_TIED_WIN)
    for e in (e19, ec, eb):
        assert e.two_player_face_up is True
        assert e.void_target_allowed is False
        assert e.next_round_starter_on_tie == "random_among_winners"
    assert e19.spy_eliminated_players_block is False
    assert e19.has_spy and not ec.has_spy and not eb.has_spy


def test_options_are_settings_not_silent_picks():
    e = get_edition("classic", showdown_tie=DISCARD_TOTAL_THEN_NONE)
    assert e.showdown_tie == DISCARD_TOTAL_THEN_NONE
    assert e != get_edition("classic")
    assert e.options_changed() == {"showdown_tie": DISCARD_TOTAL_THEN_NONE}
    box = get_edition("classic-2019", token_targets={2: 7, 3: 5, 4: 4})
    assert box.token_target(2) == 7
    with pytest.raises(InvalidOptionError, match="unknown edition option"):
        get_edition("2019", bogus=True)
    with pytest.raises(InvalidOptionError, match="showdown_tie must be one of"):
        get_edition("2019", showdown_tie="coin-flip")
    with pytest.raises(InvalidOptionError, match="valid editions: 2019, classic, classic-2019"):
        get_edition("premium")


def test_player_count_checked():
    with pytest.raises(InvalidOptionError, match="2–4 players; got 5"):
        get_edition("classic").check_player_count(5)


@pytest.mark.parametrize(
    "naming, names",
    [
        ("en", ["Spy", "Guard", "Priest", "Baron", "Handmaid", "Prince", "Chancellor", "King", "Countess", "Princess"]),
        ("es", ["Espía", "Guardia", "Sacerdote", "Barón", "Doncella", "Príncipe", "Chanciller", "Rey", "Condesa", "Princesa"]),
        ("fr", ["Espionne", "Garde", "Prêtre", "Baron", "Servante", "Prince", "Chancelier", "Roi", "Comtesse", "Princesse"]),
    ],
)
def test_names_round_trip_in_each_language(naming, names):
    e = get_edition("2019")
    assert [card_name(c, naming) for c in Card] == names
    for card, name in zip(Card, names):
        assert parse_card(name, e, naming) is card


def test_carta_de_amor_renamed_deck():
    classic = get_edition("classic")
    table = {"Espía": GUARD, "Sacerdote": PRIEST, "Duelista": BARON, "Escudo": HANDMAID,
             "Mensajero": PRINCE, "Noble": KING, "Dama": COUNTESS, "Heredera": PRINCESS}
    for name, card in table.items():
        assert parse_card(name, classic, "carta-de-amor") is card
        assert card_name(card, "carta-de-amor") == name
    # S004 "(menos el Espía)" is the Guard's "cannot name Guard" rule, in renamed form.
    assert parse_card("1", classic) is GUARD


def test_espia_depends_on_the_naming():
    assert parse_card("Espía", get_edition("2019"), "es") is SPY
    assert parse_card("Espía", get_edition("classic"), "carta-de-amor") is GUARD
    # Without a naming, the 2019 edition only knows the Spanish Spy.
    assert parse_card("espia", get_edition("2019")) is SPY
    # In the classic edition both readings apply: refused as ambiguous.
    with pytest.raises(AmbiguousCardNameError, match="choose a naming"):
        parse_card("Espía", get_edition("classic"))


def test_spanish_guard_variants_and_accents():
    e = get_edition("classic")
    assert parse_card("Guardián", e, "es") is GUARD  # S001
    assert parse_card("guardia", e, "es") is GUARD  # S000
    assert parse_card("BARON", e, "es") is BARON
    assert parse_card("pretre", get_edition("2019"), "fr") is PRIEST


def test_unknown_name_lists_valid_ones():
    with pytest.raises(UnknownCardNameError) as err:
        parse_card("Jester", get_edition("classic"))
    assert "Guard, Priest, Baron, Handmaid, Prince, King, Countess, Princess" in str(err.value)
    with pytest.raises(UnknownCardNameError, match="not in the classic"):
        parse_card("Chancellor", get_edition("classic"))
    with pytest.raises(UnknownCardNameError, match="no card has value 9"):
        parse_card("9", get_edition("classic"))


def test_values_parse_per_edition():
    assert parse_card("6", get_edition("2019")) is CHANCELLOR
    assert parse_card("6", get_edition("classic")) is KING
    assert parse_card("0", get_edition("2019")) is SPY


def test_editions_registry_keys():
    assert list(EDITIONS) == ["2019", "classic", "classic-2019"]
