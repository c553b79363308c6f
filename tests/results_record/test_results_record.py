#!/usr/bin/env python3
"""Every results file in bench/results/ says which revision and which source
paths it measured, and scripts/results_record.py records a run on a tree
with uncommitted changes as such (a hash of the diff), never as clean."""
import contextlib
import hashlib
import io
import json
import re
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import results_record  # noqa: E402


def git(repo, *args):
    return subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t", *args],
                          capture_output=True, check=True).stdout


class ResultsFiles(unittest.TestCase):
    def test_every_results_file_records_what_it_measured(self):
        files = sorted((ROOT / "bench" / "results").glob("*.json"))
        self.assertTrue(files, "no results files found")
        for f in files:
            with self.subTest(file=f.name):
                self.assertEqual(results_record.problems(json.loads(f.read_text()), ROOT), [])

    def test_checker_rejects_what_names_no_code(self):
        good = {"revision": "a40c6b0", "uncommitted": None, "sources": ["src/cpu/", "include/ffft/eft.hpp"]}
        self.assertEqual(results_record.problems({"measured": good}, ROOT), [])
        bad = [
            {},
            {**good, "revision": "452fd63-dirty"},
            {**good, "revision": "HEAD"},
            {**good, "uncommitted": "dirty"},
            {**good, "uncommitted": "diff 123"},
            {**good, "sources": []},
            {**good, "sources": ["src/no_such_folder/"]},
            {**good, "sources": ["src/cpu"]},  # a folder written as a file
            {key: value for key, value in good.items() if key != "sources"},
        ]
        for block in bad:
            with self.subTest(block=block):
                self.assertNotEqual(results_record.problems({"measured": block}, ROOT), [])
        self.assertNotEqual(results_record.problems({"context": {}}, ROOT), [])


class Stamping(unittest.TestCase):
    def setUp(self):
        self.repo = Path(self.enterContext(tempfile.TemporaryDirectory()))
        git(self.repo, "init", "-q")
        (self.repo / "code").mkdir()
        (self.repo / "code" / "kernel.cpp").write_text("int f() { return 1; }\n")
        (self.repo / "bench" / "results").mkdir(parents=True)
        (self.repo / "bench" / "results" / "earlier.json").write_text("{}\n")
        git(self.repo, "add", "code", "bench")
        git(self.repo, "commit", "-q", "-m", "code")
        self.revision = git(self.repo, "rev-parse", "--short=12", "HEAD").decode().strip()
        # Untracked, as a results file is until it is committed.
        self.results = self.repo / "results.json"
        self.original = '{\n  "context": {"date": "today"},\n  "values": [1.50, 2e-05]\n}\n'
        self.results.write_text(self.original)

    def stamp(self):
        stderr = io.StringIO()
        with contextlib.redirect_stderr(stderr):
            block = results_record.stamp(self.results, ["code/"], root=self.repo)
        return block, stderr.getvalue()

    def test_clean_tree_records_its_revision(self):
        (self.repo / "untracked.txt").write_text("not part of the measured code\n")
        block, warning = self.stamp()
        self.assertEqual(block, {"revision": self.revision, "uncommitted": None, "sources": ["code/"]})
        self.assertEqual(warning, "")
        self.assertEqual(json.loads(self.results.read_text())["measured"], block)
        self.assertEqual(results_record.describe({"measured": block}), f"measured at {self.revision}")

    def test_results_rewritten_by_an_earlier_run_are_no_uncommitted_code(self):
        (self.repo / "bench" / "results" / "earlier.json").write_text('{"rewritten": true}\n')
        block, warning = self.stamp()
        self.assertEqual(block["uncommitted"], None)
        self.assertEqual(warning, "")

    def test_dirty_tree_records_the_hash_of_its_diff(self):
        (self.repo / "code" / "kernel.cpp").write_text("int f() { return 2; }\n")
        (self.repo / "bench" / "results" / "earlier.json").write_text('{"rewritten": true}\n')
        diff = git(self.repo, "diff", "HEAD", "--binary", "--", "code")
        block, warning = self.stamp()
        self.assertEqual(block["revision"], self.revision)
        self.assertEqual(block["uncommitted"], "diff " + hashlib.sha256(diff).hexdigest()[:12])
        self.assertIn("uncommitted", warning)
        self.assertEqual(results_record.describe({"measured": block}),
                         f"measured at {self.revision} with uncommitted changes ({block['uncommitted']})")
        self.assertEqual(results_record.problems({"measured": block}, self.repo), [])

    def test_stamping_keeps_every_other_byte_and_replaces_an_old_record(self):
        self.stamp()
        (self.repo / "code" / "kernel.cpp").write_text("int f() { return 3; }\n")
        block, _ = self.stamp()
        text = self.results.read_text()
        self.assertEqual(text.count('"measured"'), 1)
        self.assertEqual(json.loads(text)["measured"], block)
        without = re.sub(r'\n  "measured": [^\n]*,', "", text)
        self.assertEqual(without, self.original)

    def test_a_source_path_that_does_not_exist_is_refused(self):
        with self.assertRaises(SystemExit):
            results_record.stamp(self.results, ["code/", "gone/"], root=self.repo)
        self.assertEqual(self.results.read_text(), self.original)


class Wording(unittest.TestCase):
    def test_no_bare_dirty_label(self):
        cases = {
            (None, results_record.NOT_RECORDED): "revision not recorded",
            ("190bafa", results_record.NOT_RECORDED): "measured at 190bafa with uncommitted changes (diff not recorded)",
            ("a40c6b0", None): "measured at a40c6b0",
        }
        for (revision, uncommitted), text in cases.items():
            block = {"revision": revision, "uncommitted": uncommitted, "sources": ["src/"]}
            self.assertEqual(results_record.describe({"measured": block}), text)
        self.assertEqual(results_record.describe({"context": {"revision": "452fd63-dirty"}}), "revision not recorded")


if __name__ == "__main__":
    unittest.main(verbosity=2)
