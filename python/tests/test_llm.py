"""preemptlab_results.llm against a requests.csv whose answers are computed by hand."""

import tempfile
import unittest
from pathlib import Path

from preemptlab_results import llm

# r0: arrival 0, tokens at 100, 150, 400 (gaps 50, 250): TTFT 100, TPOT (400-100)/2 = 150.
# r1: arrival 50, tokens at 300, 320: TTFT 250, TPOT 20, gap 20.
# r2: arrival 60, one token at 500 of 3, unfinished.
CSV = (",".join(llm.COLUMNS) + "\n"
       "0,0,10,3,100,400,0,3,100;150;400\n"
       "1,50,10,2,300,320,1,2,300;320\n"
       "2,60,10,3,500,,0,1,500\n")


class GoodputTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.path = Path(self.dir.name) / "requests.csv"
        self.path.write_text(CSV, encoding="utf-8")

    def tearDown(self):
        self.dir.cleanup()

    def test_rows_give_ttft_tpot_and_gaps(self):
        r0, r1, r2 = llm.read_requests(self.path)
        self.assertEqual((r0.ttft_ns, r0.tpot_ns, r0.gaps_ns), (100, 150.0, [50, 250]))
        self.assertEqual((r1.ttft_ns, r1.tpot_ns, r1.preemptions), (250, 20.0, 1))
        self.assertFalse(r2.finished)
        self.assertIsNone(r2.tpot_ns)

    def test_goodput_counts_finished_requests_meeting_every_objective(self):
        rows = llm.read_requests(self.path)
        loose = llm.goodput(rows, ttft_ns=300, tpot_ns=200)
        self.assertEqual((loose["finished"], loose["met"], loose["attainment"]), (2, 2, 1.0))
        # span: first arrival 0 to last token 500 ns
        self.assertAlmostEqual(loose["goodput_per_s"], 2 / 500e-9)
        self.assertEqual(llm.goodput(rows, ttft_ns=200, tpot_ns=200)["met"], 1)
        self.assertEqual(llm.goodput(rows, ttft_ns=300, tpot_ns=100)["met"], 1)
        # r0's 250 ns gap breaks a 200 ns bound on time between tokens
        self.assertEqual(llm.goodput(rows, ttft_ns=300, tpot_ns=200, tbt_ns=200)["met"], 1)

    def test_tbt_percentiles_are_nearest_rank_over_every_gap(self):
        result = llm.goodput(llm.read_requests(self.path), 1, 1)
        # gaps 20, 50, 250
        self.assertEqual((result["tbt_p50_ns"], result["tbt_p90_ns"], result["tbt_p99_ns"]),
                         (50, 250, 250))

    def test_a_bad_row_is_refused_naming_its_line(self):
        self.path.write_text(CSV.replace("1,50,10,2,300,320,1,2,300;320",
                                         "1,50,10,2,300,320,1,3,300;320"), encoding="utf-8")
        with self.assertRaisesRegex(ValueError, r"requests.csv:3: token_ns"):
            llm.read_requests(self.path)

    def test_durations_take_units(self):
        self.assertEqual(llm.duration_ns("250ms"), 250_000_000)
        self.assertEqual(llm.duration_ns("1.5s"), 1_500_000_000)
        self.assertEqual(llm.duration_ns("7"), 7)


if __name__ == "__main__":
    unittest.main()
