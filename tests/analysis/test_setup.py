"""The deal as entered at the table: player names that follow the player count."""

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.analysis.setup import DEFAULT_NAMES, names_for
from solver.records.notation import parse_record

NAMES = st.sampled_from(["ana", "ANA", "Luis", "luis ", " ", "", "P1", "p2", "Pia", "Noor", "Zoë", "ZOË"]) | st.text(
    max_size=6)


def test_a_name_typed_in_lower_case_is_not_given_again_as_a_default():
    """Before: ('ana', 'Ana'), which the record then refused as two players with the same name."""
    assert names_for(2, ["ana"]) == ("ana", "Luis")
    assert names_for(3, ["luis ", "LUIS"]) == ("luis", "Ana", "Marta")
    parse_record("2019 " + ",".join(names_for(3, ["ana", "marta"])))


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.integers(0, 20), st.lists(NAMES | st.none() | st.integers(), max_size=8))
def test_names_for_gives_n_names_no_two_equal_ignoring_case(n, typed):
    """Before: duplicates ignoring case, StopIteration beyond 15 players, AttributeError on a non-text name."""
    names = names_for(n, typed)
    assert len(names) == n
    assert len({x.casefold() for x in names}) == n
    kept = []
    for x in typed:
        x = x.strip() if isinstance(x, str) else ""
        if x and x.casefold() not in {k.casefold() for k in kept}:
            kept.append(x)
    assert names[:len(kept)] == tuple(kept[:n])


def test_without_names_the_defaults_are_offered():
    assert names_for(3) == DEFAULT_NAMES[:3]
