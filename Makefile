# Unison: `make demo` runs the demo, `make test` runs every test. Both install what a fresh
# Debian 12 machine lacks first (as root, through apt-get), then build with SwiftPM.

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
# Debian packages the build and tests need. (The GTK adapter adds libgtk-4-dev and xvfb here.)
APT_PACKAGES ?=

.PHONY: demo test deps lint bench

deps:
	@bash .ci/install-deps $(APT_PACKAGES)

demo: deps
	$(SWIFT) run -c release unison-curves

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

lint:
	$(SWIFT) format lint -r Sources Tests Examples
