"""The C program beside this file (seeking.c): seeking, reduced motion and bad calls from C, built
as any C client is (pkg-config's unison-1) with Examples/c/checks.h, its checks printed one a line;
it fails when one does."""

import os
import subprocess
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKS = os.path.join(HERE, "..", "..", "Examples", "c")


class SeekingFromCTests(unittest.TestCase):
    def test_the_program_builds_and_passes_its_checks(self):
        flags = subprocess.run(["pkg-config", "--cflags", "--libs", "unison-1", "gtk4"], capture_output=True,
                               text=True, check=True).stdout.split()
        with tempfile.TemporaryDirectory() as directory:
            program = os.path.join(directory, "seeking")
            subprocess.run(["cc", "-Wall", "-Werror", "-I", CHECKS, "-o", program, os.path.join(HERE, "seeking.c")]
                           + flags + ["-lm"], check=True)
            run = subprocess.run([program], capture_output=True, text=True, timeout=120)
        print("\n" + run.stdout.strip())
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        self.assertNotIn("FAIL", run.stdout)
        self.assertEqual(run.stdout.count("ok - "), 15)


if __name__ == "__main__":
    unittest.main()
