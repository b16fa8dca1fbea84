"""An estimate that leaves plays not yet told apart from the best samples them, and the best, on more
deals (`solver.advice.estimate.MORE`): a work budget, so the answer is the same on any machine."""

from solver.advice.estimate import MORE, advise_estimate
from solver.advice.result import WORSE
from solver.records.notation import parse_record

# A 4-player position (2019) whose first 2,000 deals leave two plays not told apart from the best.
OPEN = "2019 P1,P2,P3,P4 first:P1 viewer:P1 dealt:2 | P1 +9 2>P4 saw:0 | P2 1>P3=6 miss | P3 1>P2=4 miss | P4 0 | P1 +5"


def test_plays_not_told_apart_get_more_deals_and_the_rest_do_not():
    record = parse_record(OPEN)
    short = advise_estimate(record, "random", deals=2000, seed=1, most_deals=2000)
    assert short.undecided()
    full = advise_estimate(record, "random", deals=2000, seed=1)
    assert len(full.undecided()) < len(short.undecided())
    sampled = [a for a in full.actions if not a.exact]
    assert 2000 < max(a.samples for a in sampled) <= MORE * 2000
    worse_before = {a.action for a in short.actions if a.standing == WORSE}
    for a in sampled:
        if a.action in worse_before:  # told apart on the first deals: no more work for it
            assert a.samples <= 2000

