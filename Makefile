# Unison: `make demo` runs the demo, `make test` runs every test. Both install what a fresh
# Debian 12 machine lacks first (as root, through apt-get), then build with SwiftPM.

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
# Debian packages the build, the demo and the tests need: GTK 4 to build against, Xvfb (and
# xauth, which xvfb-run uses) to run GTK without a display, xdotool for the tests' real pointer
# input, ImageMagick, which turns the headless demo's frames into an animated GIF, python3,
# which runs .ci/check-readme (its standard library only), and libgtk-4-bin for gtk4-broadwayd:
# GTK's Broadway backend is the tests' touchscreen (two-finger pinches and rotations; Xvfb has no
# touch input).
APT_PACKAGES ?= libgtk-4-dev xvfb xauth xdotool imagemagick python3 libgtk-4-bin
# The C/GObject library (gir, install, test-gobject, docs-gobject); adds its packages to APT_PACKAGES.
include mk/gobject.mk
# Only the benchmarks (their own package) link libadwaita, to measure AdwSpringAnimation side by side.
BENCH_PACKAGES ?= libadwaita-1-dev
# GTK runs under Xvfb in tests (and in the demo when there is no display); no accessibility bus.
export GTK_A11Y := none

# Only `make check-deep` and `make soak-gtk` (reliability, Docs/reliability.md): valgrind's memcheck.
DEEP_PACKAGES ?= valgrind
# Where check-deep writes its reports (valgrind XML, fuzz and soak figures, libFuzzer's corpus).
DEEP_OUT ?= out/deep
# The long fuzz run: seeded sequences (libFuzzer then runs for FUZZ_SECONDS).
FUZZ_SEQUENCES ?= 1000000
FUZZ_SECONDS ?= 120
# How long the GTK stress harness churns windows under valgrind, and the GTK soak's length.
MEMCHECK_SECONDS ?= 30
SOAK_GTK_SECONDS ?= 600
# More options for the GTK soak (see Harness/GtkStress/main.swift), e.g. `--constant --windows 4`
# or `--trim`; the renderer is GTK's choice unless GSK_RENDERER is set (e.g. GSK_RENDERER=cairo).
SOAK_GTK_FLAGS ?=

.PHONY: demo test docs deps bench-deps lint bench deep-deps check-deep fuzz soak-gtk

deps:
	@bash .ci/install-deps $(APT_PACKAGES)

bench-deps: deps
	@bash .ci/install-deps $(BENCH_PACKAGES)

deep-deps: deps
	@bash .ci/install-deps $(DEEP_PACKAGES)

# With a display: the demo application. Without one: the demo runs under Xvfb, records every
# page's animation and prints the paths of the frames, a contact sheet and an animated GIF.
demo: deps
	$(SWIFT) build -c release --product unison-demo
	@if [ -n "$$DISPLAY" ] || [ -n "$$WAYLAND_DISPLAY" ]; then .build/release/unison-demo; \
	else xvfb-run -a .build/release/unison-demo --tour out/demo; fi

# After the tests: Examples/Downstream, an app in its own package that depends on this one by path
# as any app does, is built and run once under Xvfb (--smoke); then every Swift block of README.md
# and of the documentation's articles is compiled, and the README's minimal app is run under Xvfb,
# its card checked to rest where the README says (.ci/check-readme says how).
test: deps
	$(SWIFT) build --build-tests
	xvfb-run -a $(SWIFT) test --skip-build
	# Accessible states exist only with an accessibility context: the one test that reads them runs again with it.
	GTK_A11Y=test xvfb-run -a $(SWIFT) test --skip-build --filter coveredPageIsHiddenFromAccessibility
	$(SWIFT) build --package-path Examples/Downstream
	xvfb-run -a Examples/Downstream/.build/debug/unison-downstream --smoke
	SWIFT=$(SWIFT) python3 .ci/check-readme
	$(MAKE) test-gobject

# The documentation (.ci/build-docs says how): the DocC catalogs of Unison, UnisonHeadless and
# UnisonGtk (Sources/<Module>/<Module>.docc), built with the toolchain's own docc from symbol graphs
# of the debug build, every docc warning an error. Writes out/docs/: an archive per module, and
# site/, the three as one static site (python3 -m http.server -d out/docs/site). Then the C face's
# reference from the GIR (gi-docgen, warnings fatal: make docs-gobject).
docs: deps
	SWIFT=$(SWIFT) python3 .ci/build-docs
	$(MAKE) docs-gobject

# Release build of the benchmark package (Benchmarks/); headless engine, libadwaita side by side
# and 1000 real widgets under Xvfb. Writes Benchmarks/results/ (results.json, results.md, cost-vs-n.png).
bench: bench-deps
	cd Benchmarks && $(SWIFT) build -c release --product unison-bench
	cd Benchmarks && xvfb-run -a .build/release/unison-bench all
	cd Benchmarks && xvfb-run -a .build/release/unison-bench gtk --write

lint:
	$(SWIFT) format lint -r Sources Tests Examples Harness Benchmarks/Sources Benchmarks/Package.swift Package.swift

# Reliability (Docs/reliability.md says what each step found). Every build has its own scratch
# path, so the normal build is untouched. In order:
# 1. every test under AddressSanitizer (the headless ones with its leak checker; GTK's one-time
#    allocations make it useless for the GTK tests, which valgrind covers instead; .ci/asan-gtk
#    fails on any sanitizer report or crash; frame-count thresholds are the normal build's business);
# 2. the headless tests under ThreadSanitizer (GTK tests under TSan: see Docs/reliability.md);
# 3. the GTK stress harness under valgrind memcheck (cairo renderer, DWARF 4 for valgrind 3.19),
#    failing on any invalid access or a definitely-lost block allocated through Unison's code;
# 4. the long fuzz run (release), then libFuzzer on the same decoder (ASan, FUZZ_SECONDS);
# 5. a simulated hour on HeadlessClock whose heap must stay flat.
check-deep: deep-deps
	@mkdir -p $(DEEP_OUT)
	$(SWIFT) build --build-tests -Xswiftc -sanitize=address --scratch-path .build-asan
	ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/.ci/lsan.supp \
		$(SWIFT) test --skip-build --scratch-path .build-asan --filter 'UnisonTests|UnisonHeadlessTests'
	bash .ci/asan-gtk $(SWIFT)
	$(SWIFT) build --build-tests -Xswiftc -sanitize=thread --scratch-path .build-tsan
	$(SWIFT) test --skip-build --scratch-path .build-tsan --filter 'UnisonTests|UnisonHeadlessTests'
	$(SWIFT) build --scratch-path .build-valgrind --product unison-gtk-stress -Xswiftc -dwarf-version=4 -Xcc -gdwarf-4
	GSK_RENDERER=cairo xvfb-run -a valgrind --tool=memcheck --leak-check=full --num-callers=40 \
		--suppressions=.ci/valgrind.supp --child-silent-after-fork=yes --xml=yes --xml-file=$(DEEP_OUT)/memcheck.xml \
		.build-valgrind/debug/unison-gtk-stress --seconds $(MEMCHECK_SECONDS) --sample 5
	python3 .ci/check-valgrind $(DEEP_OUT)/memcheck.xml
	$(MAKE) fuzz
	$(SWIFT) build -c release --product unison-soak
	.build/release/unison-soak --minutes 60

# The long fuzz run alone: FUZZ_SEQUENCES seeded sequences (release), then libFuzzer for
# FUZZ_SECONDS (its corpus kept in $(DEEP_OUT)/corpus; a crash is written there as crash-*).
fuzz:
	@mkdir -p $(DEEP_OUT)/corpus
	$(SWIFT) build -c release --product unison-fuzz
	.build/release/unison-fuzz --sequences $(FUZZ_SEQUENCES) --seed 1000000
	$(SWIFT) build -c release --scratch-path .build-fuzz --product unison-fuzz \
		-Xswiftc -sanitize=fuzzer,address -Xswiftc -DUNISON_LIBFUZZER
	LSAN_OPTIONS=suppressions=$(CURDIR)/.ci/lsan.supp .build-fuzz/release/unison-fuzz \
		-max_total_time=$(FUZZ_SECONDS) -max_len=512 -print_final_stats=1 \
		-artifact_prefix=$(DEEP_OUT)/ $(DEEP_OUT)/corpus

# Ten minutes of real windows churned under Xvfb (GTK's default renderer) with the resident size,
# the C heap (mallinfo2) and Unison's tables sampled every 20 s (not part of check-deep: it takes
# its full ten minutes).
soak-gtk: deps
	$(SWIFT) build --product unison-gtk-stress
	xvfb-run -a .build/debug/unison-gtk-stress --seconds $(SOAK_GTK_SECONDS) --sample 20 $(SOAK_GTK_FLAGS)
