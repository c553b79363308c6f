#!/usr/bin/env python3
"""The benchmark scripts that split and join runs: scripts/bench_json_merge.py
joins one process's JSON per size into one file and loses no benchmark, and
scripts/fft_bench_table.py never calls a goal over 2^10-2^22 met from a run
that measured only part of that span, scripts/fft_bench_json.py takes
a rate from the fastest repetition and an error from their median, and
scripts/cpu_dynamic_counts.py sets its ceiling by the model of the core the
counts were taken on, against baselines read by the same rule, and
scripts/ab_transform_loop.py runs each contender in every place of the
order and reads its settings and program apart."""
import json
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import ab_transform_loop  # noqa: E402
import cpu_dynamic_counts  # noqa: E402
import fft_bench_json  # noqa: E402
import fft_bench_table  # noqa: E402

MERGE = ROOT / "scripts" / "bench_json_merge.py"


def case(contender, n, gflops):
    return {"name": f"fft/{contender}/{n}/threads:1", "run_name": f"fft/{contender}/{n}/threads:1",
            "run_type": "iteration", "iterations": 1, "real_time": 1.0, "cpu_time": 1.0,
            "time_unit": "ms", "GFLOPs": gflops, "N": n, "batch": 1, "cpu_threads": 1}


def part(date, cases):
    return {"context": {"date": date, "host_name": "t", "ffft_cpu_path": "avx512"}, "benchmarks": cases}


class Merge(unittest.TestCase):
    def run_merge(self, folder, parts, *extra):
        paths = []
        for i, p in enumerate(parts):
            path = Path(folder) / f"part{i}.json"
            path.write_text(p if isinstance(p, str) else json.dumps(p))
            paths.append(str(path))
        out = Path(folder) / "merged.json"
        r = subprocess.run([sys.executable, str(MERGE), str(out), *paths, *extra],
                           capture_output=True, text=True)
        return r, out

    def test_joins_parts_in_order_with_the_earliest_date(self):
        with tempfile.TemporaryDirectory() as d:
            r, out = self.run_merge(d, [part("2026-01-02", [case("a", 1024, 1.0)]),
                                        part("2026-01-01", [case("a", 2048, 2.0), case("b", 2048, 3.0)])],
                                    "--context", "pinned=taskset -c 2,3")
            self.assertEqual(r.returncode, 0, r.stderr)
            merged = json.loads(out.read_text())
            self.assertEqual([b["name"] for b in merged["benchmarks"]],
                             ["fft/a/1024/threads:1", "fft/a/2048/threads:1", "fft/b/2048/threads:1"])
            self.assertEqual(merged["context"]["date"], "2026-01-01")
            self.assertEqual(merged["context"]["merged_parts"], 2)
            self.assertEqual(merged["context"]["pinned"], "taskset -c 2,3")

    def test_skips_a_part_a_killed_process_left_unwritten(self):
        with tempfile.TemporaryDirectory() as d:
            r, out = self.run_merge(d, [part("2026-01-01", [case("a", 1024, 1.0)]), '{"context": {'])
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn("skipped", r.stderr)
            self.assertEqual(len(json.loads(out.read_text())["benchmarks"]), 1)

    def test_fails_and_writes_nothing_without_a_readable_part(self):
        with tempfile.TemporaryDirectory() as d:
            r, out = self.run_merge(d, ["", "not json"])
            self.assertNotEqual(r.returncode, 0)
            self.assertFalse(out.exists())


class PartialSpan(unittest.TestCase):
    def goals(self, ns):
        cases = [case(c, n, g) for n in ns for c, g in
                 [("ffft_dd128_table", 2.0), ("fftw_long_double", 1.0)]]
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "run.json"
            path.write_text(json.dumps({"context": {}, "benchmarks": cases}))
            _, results, _, _ = fft_bench_table.load(str(path))
        rows = fft_bench_table.goals_table(results, "avx512", 1).splitlines()
        return next(r for r in rows if "FFTW long double" in r)

    def test_whole_span_can_meet_a_goal(self):
        self.assertTrue(self.goals([1 << k for k in range(10, 23)]).endswith("| yes |"))

    def test_part_of_the_span_never_meets_it(self):
        row = self.goals([1 << k for k in range(10, 14)])
        self.assertIn("2^10–2^13 only", row)
        self.assertTrue(row.endswith("| not all N |"), row)


class Repetitions(unittest.TestCase):
    def summary(self, entries):
        return fft_bench_json.summarize({"benchmarks": entries})[0][("ffft_dd128_table", 1024, 1)]

    def repetition(self, gflops, error):
        c = case("ffft_dd128_table", 1024, gflops)
        c.update(repetitions=3, rel_l2_error=error)
        return c

    def test_rate_is_the_fastest_and_error_the_median(self):
        v = self.summary([self.repetition(g, e) for g, e in [(1.0, 3e-32), (1.5, 1e-32), (1.2, 2e-32)]])
        self.assertEqual(v["GFLOPs"], 1.5)
        self.assertEqual(v["rel_l2_error"], 2e-32)
        # sample standard deviation 0.2517 over the mean 1.2333
        self.assertAlmostEqual(v["cv_GFLOPs"], 0.2041, places=3)

    def test_repetitions_win_over_the_median_aggregate(self):
        aggregate = dict(case("ffft_dd128_table", 1024, 1.2), run_type="aggregate", aggregate_name="median")
        v = self.summary([aggregate, self.repetition(1.0, 1e-32), self.repetition(1.5, 1e-32)])
        self.assertEqual(v["GFLOPs"], 1.5)

    def test_aggregates_alone_give_the_median(self):
        aggregate = dict(case("ffft_dd128_table", 1024, 1.2), run_type="aggregate", aggregate_name="median")
        self.assertEqual(self.summary([aggregate])["GFLOPs"], 1.2)


class HostSteal(unittest.TestCase):
    """The table's line on what the host took counts repetitions, not aggregates."""

    def entry(self, share, run_type="iteration"):
        return dict(case("ffft_dd128_table", 1024, 1.0), run_type=run_type, host_steal_share=share)

    def test_counts_the_repetitions_that_lost_a_percent(self):
        line = fft_bench_table.host_steal_line({"benchmarks": [
            self.entry(0.0), self.entry(0.004), self.entry(0.01), self.entry(0.25), self.entry(0.9, "aggregate")]})
        self.assertIn("up to 25.0%", line)
        self.assertIn("2 of 4 repetitions lost 1% or more", line)

    def test_a_run_without_the_counter_says_nothing(self):
        self.assertEqual(fft_bench_table.host_steal_line({"benchmarks": [case("ffft_dd128_table", 1024, 1.0)]}), "")


class ThreadScaling(unittest.TestCase):
    """Ratios that involve several threads compare fastest calls where both sides have them."""

    @staticmethod
    def threaded(contender, n, threads, gflops, fastest=None):
        c = case(contender, n, gflops)
        name = f"fft/{contender}/{n}/threads:{threads}" + ("/real_time" if threads > 1 else "")
        c.update(name=name, run_name=name, cpu_threads=threads)
        if fastest is not None:
            c["GFLOPs_fastest_call"] = fastest
        return c

    def results(self, entries):
        return fft_bench_json.summarize({"benchmarks": entries})[0]

    def test_fastest_calls_set_the_speed_up(self):
        r = self.results([self.threaded("ffft_dd128_table", 65536, 1, 3.0, 3.2),
                          self.threaded("ffft_dd128_table", 65536, 2, 4.5, 6.3)])
        self.assertAlmostEqual(fft_bench_table.gflops_ratio(r, "ffft_dd128_table", "ffft_dd128_table", 65536, 2, 1),
                               6.3 / 3.2)
        row = next(x for x in fft_bench_table.goals_table(r, "avx512", 2).splitlines() if "dd128, 2 threads / 1" in x)
        self.assertIn("(fastest calls)", row)
        self.assertIn("| 1.969 |", row)

    def test_the_fastest_call_of_the_repetitions_counts(self):
        r = self.results([self.threaded("ffft_dd128_table", 65536, 2, 4.5, f) for f in (5.0, 6.3, 6.0)])
        self.assertEqual(r[("ffft_dd128_table", 65536, 2)]["GFLOPs_fastest_call"], 6.3)

    def test_without_them_on_either_side_the_repetitions(self):
        r = self.results([self.threaded("ffft_dd128_table", 65536, 1, 3.0),
                          self.threaded("ffft_dd128_table", 65536, 2, 4.5, 6.3)])
        self.assertAlmostEqual(fft_bench_table.gflops_ratio(r, "ffft_dd128_table", "ffft_dd128_table", 65536, 2, 1),
                               1.5)

    def test_one_thread_ratios_keep_the_repetitions(self):
        r = self.results([self.threaded("ffft_dd128_table", 65536, 1, 3.0, 3.2),
                          self.threaded("fftw_long_double", 65536, 1, 1.0, 2.0)])
        self.assertAlmostEqual(fft_bench_table.gflops_ratio(r, "ffft_dd128_table", "fftw_long_double", 65536), 3.0)


class Ceiling(unittest.TestCase):
    # Per point: 9 FP operations, 5 of them shuffles, 3 loads, 1 store, 16 instructions.
    PER_POINT = {"fp_add": 4, "fp_mul": 0, "shuffle": 5, "fp_logic": 0, "load": 3, "store": 1, "all": 16}

    def test_a_shuffle_heavy_count_binds_intels_one_shuffle_port(self):
        cycles, binds = cpu_dynamic_counts.ceiling(self.PER_POINT, cpu_dynamic_counts.SKYLAKE_SERVER_512)
        self.assertEqual(binds, "shuffle port (5)")
        self.assertEqual(cycles[binds], 5)
        self.assertEqual(cycles["vector ports (0+1, 5)"], 4.5)

    def test_zen3_spreads_the_same_count_over_its_four_pipes(self):
        cycles, binds = cpu_dynamic_counts.ceiling(self.PER_POINT, cpu_dynamic_counts.ZEN3)
        self.assertEqual(binds, "FP add and shuffle pipes")  # 9 over 3
        self.assertEqual(cycles[binds], 3)
        self.assertEqual(cycles["shuffle pipes"], 2.5)

    def test_the_model_follows_the_vendor_the_generation_and_the_path(self):
        skylake = {"avx512f", "avx512dq"}
        golden_cove = skylake | {"avx512_fp16", "amx_tile"}
        xeon = "Intel(R) Xeon(R) Processor"
        self.assertIs(cpu_dynamic_counts.model_for(xeon, "avx512", skylake), cpu_dynamic_counts.SKYLAKE_SERVER_512)
        self.assertIs(cpu_dynamic_counts.model_for(xeon, "avx2", skylake), cpu_dynamic_counts.SKYLAKE_SERVER_256)
        self.assertIs(cpu_dynamic_counts.model_for(xeon, "avx512", golden_cove),
                      cpu_dynamic_counts.GOLDEN_COVE_SERVER_512)
        self.assertIs(cpu_dynamic_counts.model_for(xeon, "avx2", golden_cove),
                      cpu_dynamic_counts.GOLDEN_COVE_SERVER_256)
        zen3 = {"avx2", "fma"}
        zen4 = zen3 | skylake
        self.assertIs(cpu_dynamic_counts.model_for("AMD EPYC 7B13", "avx2", zen3), cpu_dynamic_counts.ZEN3)
        self.assertIs(cpu_dynamic_counts.model_for("AMD EPYC", "avx512", zen4), cpu_dynamic_counts.ZEN4_512)
        self.assertIs(cpu_dynamic_counts.model_for("AMD EPYC", "avx2", zen4), cpu_dynamic_counts.ZEN4_256)
        # A 512-bit operation takes a 256-bit pipe twice: half Zen 3's rates.
        self.assertEqual(cpu_dynamic_counts.ZEN4_512["resources"]["FP pipes"][1],
                         cpu_dynamic_counts.ZEN3["resources"]["FP pipes"][1] / 2)

    def test_a_forced_path_is_set_against_its_own_run(self):
        self.assertEqual(cpu_dynamic_counts.run_of({"cpu_path": "avx2"}), "avx2")
        self.assertEqual(cpu_dynamic_counts.run_of({"cpu_path": "avx2", "run": "xeon_avx2"}), "xeon_avx2")

    def test_a_measured_clock_wins_over_the_nominal_one(self):
        self.assertEqual(cpu_dynamic_counts.clock_of({"nominal_mhz": 2600.0, "clock_mhz": 3900.0})[0], 3900.0)
        self.assertEqual(cpu_dynamic_counts.clock_of({"nominal_mhz": 2600.0, "clock_mhz": None})[0], 2600.0)
        self.assertEqual(cpu_dynamic_counts.clock_of({"nominal_mhz": 2450.0})[0], 2450.0)

    def test_the_faster_core_sets_the_lower_ceiling(self):
        # Golden Cove allocates 6 micro-ops and stores 2 a cycle: never a higher ceiling than Skylake's.
        for wide, narrow in [(cpu_dynamic_counts.GOLDEN_COVE_SERVER_512, cpu_dynamic_counts.SKYLAKE_SERVER_512),
                             (cpu_dynamic_counts.GOLDEN_COVE_SERVER_256, cpu_dynamic_counts.SKYLAKE_SERVER_256)]:
            gc, _ = cpu_dynamic_counts.ceiling(self.PER_POINT, wide)
            sk, _ = cpu_dynamic_counts.ceiling(self.PER_POINT, narrow)
            self.assertLessEqual(max(gc.values()), max(sk.values()))

    def test_a_file_keeps_the_model_it_was_measured_against(self):
        model = cpu_dynamic_counts.SKYLAKE_SERVER_512
        data = {"model": model["name"], "resources": {k: list(v) for k, v in model["resources"].items()}}
        self.assertEqual(cpu_dynamic_counts.model_of(data), model)
        self.assertIs(cpu_dynamic_counts.model_of({"model": "older file"}), cpu_dynamic_counts.ZEN3)

    def test_baselines_are_the_fastest_repetition(self):
        reps = [dict(case("fftw_quad", 1024, g), repetitions=3) for g in (0.03, 0.05, 0.04)]
        two_threads = dict(case("fftw_quad", 1024, 0.09), name="fft/fftw_quad/1024/threads:2",
                           run_name="fft/fftw_quad/1024/threads:2")
        baselines, _ = cpu_dynamic_counts.baseline_gflops("avx512", {"benchmarks": reps + [two_threads]})
        self.assertEqual(baselines, {("fftw_quad", 1024): 0.05})

    def test_the_memory_floor_against_what_the_large_size_goal_allows(self):
        # Best dd128 rate 1 GFLOPs (at 2^10), 0.5 at 2^20; a 1000 MHz clock,
        # so cycles per point are ns per point. At 2^20: 100 flops a point;
        # the goal allows 100 / (0.85 x 1) ns, measured 100 / 0.5; 3 trips
        # of 20 ns a point make a floor of 60.
        report = {"benchmarks": [case("ffft_dd128_table", 1024, 1.0), case("ffft_dd128_table", 1 << 20, 0.5)]}
        data = {"cpu_path": "avx512", "nominal_mhz": 1000.0,
                "memory": {"rows": [{"format": "dd128", "n": 1 << 20, "trips": 3, "trip_ns": 20 * (1 << 20)},
                                    {"format": "df64", "n": 1 << 20, "trips": 3, "trip_ns": 10 * (1 << 20)}]}}
        rows = cpu_dynamic_counts.memory_rows(data, report)
        self.assertEqual(len(rows), 1)  # df64 was not in the run
        row = rows[0]
        self.assertAlmostEqual(row["allows"], 100 / 0.85)
        self.assertAlmostEqual(row["floor"], 60)
        self.assertAlmostEqual(row["measured"], 200)
        self.assertAlmostEqual(row["share"], 60 * 0.85 / 100)
        self.assertEqual(cpu_dynamic_counts.memory_rows({"cpu_path": "avx512", "nominal_mhz": 1000.0}, report), [])

    def test_the_arithmetic_floor_against_what_each_goal_needs(self):
        # A 1000 MHz clock: cycles per point are ns per point. At 2^10 (50
        # flops a point) QD runs at 0.5 GFLOPs, so dd128 / QD >= 2.5 needs
        # 50 / 1.25 = 40; dd128 at 1 GFLOPs takes 50; its arithmetic alone 44.
        report = {"benchmarks": [case("ffft_dd128_table", 1024, 1.0), case("qd_dd_real", 1024, 0.5)]}
        data = {"cpu_path": "avx512", "nominal_mhz": 1000.0,
                "arithmetic": {"rows": [{"format": "dd128", "n": 1024, "radices": [8, 8, 8, 2],
                                         "floor_ns_per_point": 44.0},
                                        {"format": "dd128", "n": 2048, "radices": [8, 8, 8, 4],
                                         "floor_ns_per_point": 45.0}]}}
        self.assertEqual(cpu_dynamic_counts.arithmetic_floors(data), {("dd128", 1024): 44.0, ("dd128", 2048): 45.0})
        rows = cpu_dynamic_counts.arithmetic_goal_rows(data, report)
        self.assertEqual(len(rows), 1)  # 2^11 was not in the run
        self.assertEqual((rows[0]["baseline"], rows[0]["ratio"]), ("qd_dd_real", 2.5))
        self.assertAlmostEqual(rows[0]["needs"], 40.0)
        self.assertAlmostEqual(rows[0]["floor"], 44.0)
        self.assertAlmostEqual(rows[0]["measured"], 50.0)
        self.assertEqual(cpu_dynamic_counts.arithmetic_goal_rows({"cpu_path": "avx512", "nominal_mhz": 1000.0},
                                                                 report), [])

    def test_the_arithmetic_is_each_calls_fastest_run(self):
        def run(ns2, ns8, last2):
            return {"path": "avx2",
                    "calls": [{"format": "dd128", "radix": 2, "lanes": 4, "ns": ns2, "untwiddled_ns": last2,
                               "copy_ns": 1.0},
                              {"format": "dd128", "radix": 8, "lanes": 4, "ns": ns8, "untwiddled_ns": ns8 / 2,
                               "copy_ns": 2.0}],
                    "rows": [{"format": "dd128", "n": 16, "radices": [8, 2], "floor_ns_per_point": 0.0}]}
        rates = cpu_dynamic_counts.fastest_calls([run(16.0, 96.0, 10.0), run(8.0, 128.0, 6.0),
                                                  run(12.0, 64.0, 4.0)])
        self.assertEqual([c["ns"] for c in rates["calls"]], [8.0, 64.0])
        self.assertEqual([c["untwiddled_ns"] for c in rates["calls"]], [4.0, 32.0])
        # 64 / (8 x 4), then the last pass without twiddle products: 4 / (2 x 4)
        self.assertAlmostEqual(rates["rows"][0]["floor_ns_per_point"], 2.5)
        self.assertEqual(rates["runs"], 3)

    def test_a_file_without_untwiddled_times_floors_every_pass_twiddled(self):
        per_call = {("dd128", 2): {"ns": 8.0, "lanes": 4}, ("dd128", 8): {"ns": 64.0, "lanes": 4}}
        self.assertAlmostEqual(cpu_dynamic_counts.transform_floor_ns(per_call, "dd128", [8, 2]), 3.0)


class AbOrder(unittest.TestCase):
    def test_each_contender_runs_once_in_every_place_over_as_many_rounds(self):
        for count in (2, 3, 5):
            orders = [ab_transform_loop.round_order(count, r) for r in range(count)]
            for order in orders:
                self.assertEqual(sorted(order), list(range(count)))
            for place in range(count):
                self.assertEqual(sorted(order[place] for order in orders), list(range(count)))

    def test_contender_settings_come_apart_from_its_program(self):
        name, settings, argv = ab_transform_loop.parse_contender(
            "avx2=FFFT_CPU_ISA=avx2 FFFT_CPU_CACHE_BYTES=0 /tmp/old/ffft_transform_loop")
        self.assertEqual(name, "avx2")
        self.assertEqual(settings, {"FFFT_CPU_ISA": "avx2", "FFFT_CPU_CACHE_BYTES": "0"})
        self.assertEqual(argv, ["/tmp/old/ffft_transform_loop"])
        for bad in ("no_command=", "=/bin/true", "only=FFFT_CPU_ISA=avx2"):
            with self.assertRaises(ValueError):
                ab_transform_loop.parse_contender(bad)


if __name__ == "__main__":
    unittest.main()
