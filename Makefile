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
# Only the benchmarks (their own package) link libadwaita, to measure AdwSpringAnimation side by side.
BENCH_PACKAGES ?= libadwaita-1-dev
# GTK runs under Xvfb in tests (and in the demo when there is no display); no accessibility bus.
export GTK_A11Y := none

.PHONY: demo test deps bench-deps lint bench

deps:
	@bash .ci/install-deps $(APT_PACKAGES)

bench-deps: deps
	@bash .ci/install-deps $(BENCH_PACKAGES)

# With a display: the demo application. Without one: the demo runs under Xvfb, records every
# page's animation and prints the paths of the frames, a contact sheet and an animated GIF.
demo: deps
	$(SWIFT) build -c release --product unison-demo
	@if [ -n "$$DISPLAY" ] || [ -n "$$WAYLAND_DISPLAY" ]; then .build/release/unison-demo; \
	else xvfb-run -a .build/release/unison-demo --tour out/demo; fi

# After the tests: Examples/Downstream, an app in its own package that depends on this one by path
# as any app does, is built and run once under Xvfb (--smoke); then every Swift block of README.md
# is compiled (.ci/check-readme says how).
test: deps
	$(SWIFT) build --build-tests
	xvfb-run -a $(SWIFT) test --skip-build
	$(SWIFT) build --package-path Examples/Downstream
	xvfb-run -a Examples/Downstream/.build/debug/unison-downstream --smoke
	SWIFT=$(SWIFT) python3 .ci/check-readme

# Release build of the benchmark package (Benchmarks/); headless engine, libadwaita side by side
# and 1000 real widgets under Xvfb. Writes Benchmarks/results/ (results.json, results.md, cost-vs-n.png).
bench: bench-deps
	cd Benchmarks && $(SWIFT) build -c release --product unison-bench
	cd Benchmarks && xvfb-run -a .build/release/unison-bench all

lint:
	$(SWIFT) format lint -r Sources Tests Examples Benchmarks/Sources Benchmarks/Package.swift Package.swift
