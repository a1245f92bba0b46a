"""SeqCheck Table 4: deadlocks SeqCheck predicts (its --deadlocks report)."""
from figlib import Claim, bug_rows

TITLE = "SeqCheck Table 4: deadlocks"
REQUIRES = ["rp-seqcheck"]


def render(ctx):
    rows, total = bug_rows(ctx, "deadlock", ("dirk", "seqc"))
    notes = ["Deadlocks from `rp seqcheck --deadlocks`: unique = distinct sets of the acquires' locations (stats "
             "deadlock_location_sets), distance max/mean of the instances (stats). Dirk is not in the workbench. "
             f"The paper's {len(ctx.paper_rows)} deadlock benchmarks are not among our traces, so no row has the "
             "paper's numbers beside it."]
    claims = [Claim("every reported deadlock is real (confirmed by code inspection in the paper)",
                    "not testable", f"{total} deadlocks on our traces; rp seqcheck replays a witness before "
                    "reporting each (its own check), which this table does not redo")]
    return {"header": ["Benchmark", "Thr", "Events", "Dirk", "SeqC", "t SeqC", "Dist max", "Dist mean"],
            "rows": rows, "notes": notes, "claims": claims}
