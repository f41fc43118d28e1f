"""The GJS script beside this file (seeking.js): seeking and reduced motion from JavaScript, its
checks printed one a line; it fails when one does."""

import os
import shutil
import subprocess
import unittest


@unittest.skipIf(shutil.which("gjs") is None, "gjs is not installed (make deps installs it)")
class SeekingFromJavaScriptTests(unittest.TestCase):
    def test_the_script_passes_its_checks(self):
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "seeking.js")
        run = subprocess.run(["gjs", script], capture_output=True, text=True, timeout=120)
        print("\n" + run.stdout.strip())
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        self.assertNotIn("FAIL", run.stdout)
        self.assertGreaterEqual(run.stdout.count("ok - "), 15)


if __name__ == "__main__":
    unittest.main()
