# Convenience targets over SwiftPM; scripts/install.sh does the installing.
#   make                      release build (.build/release/linklab)
#   make install PREFIX=DIR   build and install DIR/bin/linklab with bash, zsh and fish completions
#   make install-static       Linux: the same with the Swift runtime linked in (no Swift needed to run)
#   make check-static         build the static binary and run it without Swift (scripts/check-static-binary.sh)
#   make uninstall PREFIX=DIR
#   make test                 swift test
PREFIX ?= /usr/local
DESTDIR ?=

.PHONY: all build install install-static check-static uninstall test

all: build

build:
	swift build -c release --product linklab

install:
	scripts/install.sh --prefix "$(PREFIX)" --destdir "$(DESTDIR)"

install-static:
	scripts/install.sh --prefix "$(PREFIX)" --destdir "$(DESTDIR)" --static

check-static:
	scripts/check-static-binary.sh

uninstall:
	scripts/install.sh --prefix "$(PREFIX)" --destdir "$(DESTDIR)" --uninstall

test:
	swift test
