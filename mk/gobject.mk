# The C/GObject library libunison-1.so, its introspection data and its clients (issue 31).
# Included by the Makefile. Targets:
#   make gir            Unison-1.0.gir + Unison-1.0.typelib (and the uninstalled unison-1.pc) in $(GOBJECT_OUT)
#   make vapi           Vala's unison-1.vapi (+ unison-1.deps) generated from the GIR, in $(GOBJECT_OUT)/vapi
#   make install        library, headers, unison-1.pc, GIR, typelib, vapi and PyGObject overrides (release build)
#   make uninstall      removes what install put there
#   make test-gobject   the C examples, the Python tests, examples and demo smoke run, the GJS scripts and the
#                       Vala example (uninstalled build)
#   make docs-gobject   the gi-docgen reference in $(GOBJECT_OUT)/docs
#   make bench-gobject  1000 MotionBins animated from Python against the same scene from Swift (release)

# Debian packages: g-ir-scanner/g-ir-compiler, PyGObject, GTK's and GLib's typelibs, gjs, gi-docgen, and
# valac (with vapigen and GTK 4's vapi) for the Vala binding and example.
GOBJECT_PACKAGES := gobject-introspection libgirepository1.0-dev python3-gi gir1.2-gtk-4.0 gjs gi-docgen valac
APT_PACKAGES += $(GOBJECT_PACKAGES)

PREFIX ?= /usr/local
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
GIRDIR ?= $(PREFIX)/share/gir-1.0
# Where valac looks for bindings of any version (besides its own /usr/share/vala-0.56/vapi).
VAPIDIR ?= $(PREFIX)/share/vala/vapi
# libgirepository 1.74 (Debian 12) finds typelibs only in GI_TYPELIB_PATH and its own two
# directories (/usr/lib/x86_64-linux-gnu/girepository-1.0 and /usr/lib/girepository-1.0): not
# under /usr/local. So that `gi.require_version('Unison', '1.0')` works with no environment
# variables, the typelib goes to the system's directory whatever PREFIX is; for a private prefix,
# set TYPELIBDIR=$(PREFIX)/lib/girepository-1.0 and point GI_TYPELIB_PATH there.
TYPELIBDIR ?= $(shell pkg-config --variable=typelibdir gobject-introspection-1.0 2>/dev/null || echo /usr/lib/girepository-1.0)

# Debian's python3 (where python3-gi lives), not whichever python3 is first on PATH.
GOBJECT_PYTHON ?= /usr/bin/python3
# PyGObject's overrides for Unison (Bindings/python): on Debian's python3 path under PREFIX.
PYGI_OVERRIDESDIR ?= $(PREFIX)/lib/python$(shell $(GOBJECT_PYTHON) -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null)/dist-packages/gi/overrides
# debug for the tests (next to `make test`'s debug build), release for install.
GOBJECT_CONFIG ?= debug
GOBJECT_LIBDIR = $(CURDIR)/.build/$(GOBJECT_CONFIG)
GOBJECT_OUT = $(GOBJECT_LIBDIR)/gobject
GOBJECT_BRIDGE := Bridges/CUnisonGObject
GOBJECT_HEADERS := $(wildcard $(GOBJECT_BRIDGE)/include/unison/*.h)
GOBJECT_C := $(wildcard $(GOBJECT_BRIDGE)/*.c)
GOBJECT_VERSION := 1.0.0
# Everything a client of the uninstalled build needs: the uninstalled unison-1.pc, the typelib,
# and the library for the typelib's dlopen.
GOBJECT_ENV = PKG_CONFIG_PATH=$(GOBJECT_OUT)/pkgconfig GI_TYPELIB_PATH=$(GOBJECT_OUT) PYTHONPATH=$(CURDIR)/Bindings/python \
	LD_LIBRARY_PATH=$(GOBJECT_LIBDIR)

.PHONY: gobject-lib gir vapi install uninstall test-gobject docs-gobject bench-gobject

gobject-lib:
	$(SWIFT) build -c $(GOBJECT_CONFIG) --product unison-1

# The scanner compiles and runs a small program against the library to read its GTypes; the
# library finds the Swift runtime through its RUNPATH (the toolchain's lib/swift/linux).
gir: gobject-lib
	@mkdir -p $(GOBJECT_OUT)/pkgconfig
	LD_LIBRARY_PATH=$(GOBJECT_LIBDIR) g-ir-scanner --quiet --warn-all --warn-error \
		--namespace=Unison --nsversion=1.0 --identifier-prefix=Unison --symbol-prefix=unison \
		--include=Gtk-4.0 --pkg=gtk4 --pkg-export=unison-1 --c-include=unison/unison.h \
		--library=unison-1 --library-path=$(GOBJECT_LIBDIR) -I$(GOBJECT_BRIDGE)/include \
		--output=$(GOBJECT_OUT)/Unison-1.0.gir $(GOBJECT_HEADERS) $(GOBJECT_C)
	g-ir-compiler --output=$(GOBJECT_OUT)/Unison-1.0.typelib $(GOBJECT_OUT)/Unison-1.0.gir
	@sed -e 's|@prefix@|$(CURDIR)|; s|@libdir@|$(GOBJECT_LIBDIR)|; s|@includedir@|$(CURDIR)/$(GOBJECT_BRIDGE)/include|' \
		-e 's|@version@|$(GOBJECT_VERSION)|; s|@rpath@| -Wl,-rpath,$${libdir}|' \
		mk/unison-1.pc.in > $(GOBJECT_OUT)/pkgconfig/unison-1-uninstalled.pc

# Vala's binding, generated from the GIR by Debian's vapigen (package valac); its .deps names the
# packages a program using it needs too (`valac --pkg unison-1` adds gtk4 by itself). A warning fails
# the build, as the scanner's do (vapigen has no option for it: its summary line is checked).
vapi: gir
	@mkdir -p $(GOBJECT_OUT)/vapi
	@summary=$$(vapigen --library unison-1 --pkg gtk4 --directory $(GOBJECT_OUT)/vapi $(GOBJECT_OUT)/Unison-1.0.gir) \
		&& echo "vapigen: $$summary" && case "$$summary" in *" 0 warning(s)"*) ;; *) exit 1 ;; esac
	echo gtk4 > $(GOBJECT_OUT)/vapi/unison-1.deps

install:
	$(MAKE) vapi GOBJECT_CONFIG=release
	install -d $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR)/unison-1/unison $(DESTDIR)$(PKGCONFIGDIR) \
		$(DESTDIR)$(GIRDIR) $(DESTDIR)$(TYPELIBDIR) $(DESTDIR)$(PYGI_OVERRIDESDIR) $(DESTDIR)$(VAPIDIR)
	install -m 755 .build/release/libunison-1.so $(DESTDIR)$(LIBDIR)/libunison-1.so
	install -m 644 $(GOBJECT_HEADERS) $(DESTDIR)$(INCLUDEDIR)/unison-1/unison/
	sed -e 's|@prefix@|$(PREFIX)|; s|@libdir@|$(LIBDIR)|; s|@includedir@|$(INCLUDEDIR)/unison-1|' \
		-e 's|@version@|$(GOBJECT_VERSION)|; s|@rpath@||' \
		mk/unison-1.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/unison-1.pc
	install -m 644 .build/release/gobject/Unison-1.0.gir $(DESTDIR)$(GIRDIR)/
	install -m 644 .build/release/gobject/Unison-1.0.typelib $(DESTDIR)$(TYPELIBDIR)/
	install -m 644 .build/release/gobject/vapi/unison-1.vapi .build/release/gobject/vapi/unison-1.deps $(DESTDIR)$(VAPIDIR)/
	install -m 644 Bindings/python/gi/overrides/Unison.py $(DESTDIR)$(PYGI_OVERRIDESDIR)/
	@if [ -z "$(DESTDIR)" ] && command -v ldconfig >/dev/null; then ldconfig; fi
	@echo "libunison-1 needs the Swift runtime at $$(readelf -d .build/release/libunison-1.so | sed -n 's/.*RUNPATH.*\[\(.*\):.*/\1/p') (its RUNPATH)"

uninstall:
	rm -f $(DESTDIR)$(LIBDIR)/libunison-1.so $(DESTDIR)$(PKGCONFIGDIR)/unison-1.pc \
		$(DESTDIR)$(GIRDIR)/Unison-1.0.gir $(DESTDIR)$(TYPELIBDIR)/Unison-1.0.typelib \
		$(DESTDIR)$(PYGI_OVERRIDESDIR)/Unison.py $(DESTDIR)$(VAPIDIR)/unison-1.vapi $(DESTDIR)$(VAPIDIR)/unison-1.deps
	rm -rf $(DESTDIR)$(INCLUDEDIR)/unison-1

# The C examples built as any C client is, the Python tests, example and demo (--smoke), the GJS scripts, then
# the Vala example built with valac against the uninstalled vapi and library; all under Xvfb.
test-gobject: vapi
	$(GOBJECT_ENV) sh -c 'cc -Wall -Werror -o $(GOBJECT_OUT)/unison-c-example Examples/c/example.c \
		$$(pkg-config --cflags --libs unison-1 gtk4)'
	$(GOBJECT_ENV) sh -c 'cc -Wall -Werror -o $(GOBJECT_OUT)/unison-c-widgets Examples/c/widgets.c \
		$$(pkg-config --cflags --libs unison-1 gtk4)'
	xvfb-run -a $(GOBJECT_OUT)/unison-c-example
	xvfb-run -a $(GOBJECT_OUT)/unison-c-widgets
	$(GOBJECT_ENV) xvfb-run -a $(GOBJECT_PYTHON) -m unittest discover -s Tests/python -t Tests/python -v
	$(GOBJECT_ENV) xvfb-run -a $(GOBJECT_PYTHON) Examples/python/springs.py --once
	$(GOBJECT_ENV) xvfb-run -a $(GOBJECT_PYTHON) Examples/python/demo.py --smoke
	$(GOBJECT_ENV) xvfb-run -a gjs Examples/js/spring.js
	$(GOBJECT_ENV) xvfb-run -a gjs Examples/js/widgets.js
	$(GOBJECT_ENV) valac --quiet --fatal-warnings --pkg gtk4 --pkg unison-1 --vapidir=$(GOBJECT_OUT)/vapi \
		-o $(GOBJECT_OUT)/unison-vala-example $(CURDIR)/Examples/vala/example.vala
	$(GOBJECT_ENV) xvfb-run -a $(GOBJECT_OUT)/unison-vala-example

docs-gobject: gir
	gi-docgen generate --quiet --fatal-warnings --no-namespace-dir --add-include-path=$(GOBJECT_OUT) \
		--config=Docs/gobject/unison.toml --output-dir=$(GOBJECT_OUT)/docs $(GOBJECT_OUT)/Unison-1.0.gir

# The per-frame cost of animations started from Python against the same scene started from Swift:
# Unison's update phase with 1000 MotionBins (Benchmarks/python/README.md). Release builds of both.
bench-gobject: GOBJECT_CONFIG = release
bench-gobject: gir
	cd Benchmarks && $(SWIFT) build -c release --product unison-bench
	cd Benchmarks && xvfb-run -a .build/release/unison-bench widgets --only bin-unison
	$(GOBJECT_ENV) xvfb-run -a $(GOBJECT_PYTHON) Benchmarks/python/bins.py

# Keep the Makefile's own first target as the default goal (this file is included before it).
.DEFAULT_GOAL :=
