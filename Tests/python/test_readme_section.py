"""The Python and C examples of the README's section "From C, Python and JavaScript" run: each is
a whole program, run as a reader would (the C one built with `cc` and pkg-config against the
uninstalled library), and must exit 0 with no critical or warning from Unison, GTK or GLib."""

import os
import re
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HEADING = "## From C, Python and JavaScript"


def section():
    """(path, text) of the section: from its heading to the next second-level heading."""
    for path in (os.path.join(ROOT, "README.md"),):
        with open(path, encoding="utf-8") as file:
            text = file.read()
        start = text.find(HEADING + "\n")
        if start >= 0:
            end = text.find("\n## ", start + len(HEADING))
            return path, text[start:end if end >= 0 else len(text)]
    raise AssertionError("no section '%s'" % HEADING)


def blocks(language):
    path, text = section()
    found = re.findall(r"^```%s\n(.*?)^```$" % language, text, re.S | re.M)
    if not found:
        raise AssertionError("%s: no ```%s block in the section" % (path, language))
    return found


def complaints(stderr):
    """Criticals and warnings in a program's standard error, except GTK's note that Xvfb has no
    session bus."""
    return [line for line in stderr.splitlines()
            if re.search(r"-(CRITICAL|WARNING) \*\*", line) and "session bus" not in line]


class ReadmeSectionTests(unittest.TestCase):
    def test_the_python_example_runs(self):
        for code in blocks("python"):
            run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
            self.assertEqual(run.returncode, 0, run.stderr)
            self.assertEqual(complaints(run.stderr), [])

    def test_the_c_example_builds_and_runs(self):
        flags = subprocess.run(["pkg-config", "--cflags", "--libs", "unison-1", "gtk4"], capture_output=True,
                               text=True, check=True).stdout.split()
        for code in blocks("c"):
            with tempfile.TemporaryDirectory() as directory:
                source, program = os.path.join(directory, "app.c"), os.path.join(directory, "app")
                with open(source, "w", encoding="utf-8") as file:
                    file.write(code)
                subprocess.run(["cc", "-Wall", "-Werror", "-o", program, source] + flags, check=True)
                run = subprocess.run([program], capture_output=True, text=True, timeout=60)
                self.assertEqual(run.returncode, 0, run.stderr)
                self.assertEqual(complaints(run.stderr), [])


if __name__ == "__main__":
    unittest.main()
