# Commitcast Studio — the whole set-up is `make demo` and `make test` on a fresh Debian machine.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
DEMO_OUT ?= demo-output

# Debian packages the studio (and its tests) need: command -> package.
SYSTEM_TOOLS := ffmpeg:ffmpeg ffprobe:ffmpeg ffplay:ffmpeg espeak-ng:espeak-ng git:git chromium:chromium \
                pulseaudio:pulseaudio pactl:pulseaudio-utils \
                desktop-file-validate:desktop-file-utils appstreamcli:appstream \
                mount:mount umount:mount strace:strace npm:npm
# Shared libraries Qt needs offscreen and for X11 windows (every library `ldd` lists for Qt's
# xcb plugin comes with these: tests/test_gui_platform.py), and pyttsx3's espeak-ng library.
# nginx-light: tests/test_hosting.py serves the site with the snippet publish writes (checked
# with dpkg: /usr/sbin is not on every PATH).
SYSTEM_LIBS := nginx-light libespeak-ng1 libegl1 libgl1 libxkbcommon0 libfontconfig1 libdbus-1-3 fonts-dejavu-core \
  libglib2.0-0 libpulse0 libxcb-cursor0 libxkbcommon-x11-0 libxcb-icccm4 libxcb-keysyms1 libxcb-shape0

.PHONY: demo test system venv bytecode axe lint bench clean bundle install-desktop

system:
	@missing=""; \
	for pair in $(SYSTEM_TOOLS); do \
	  cmd=$${pair%%:*}; pkg=$${pair##*:}; \
	  command -v $$cmd >/dev/null 2>&1 || missing="$$missing $$pkg"; \
	done; \
	for pkg in $(SYSTEM_LIBS); do \
	  dpkg -s $$pkg >/dev/null 2>&1 || missing="$$missing $$pkg"; \
	done; \
	missing=$$(echo $$missing | tr ' ' '\n' | sort -u | tr '\n' ' '); \
	if [ -n "$$(echo $$missing | tr -d ' ')" ]; then \
	  if [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing system packages:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null || exit 1; \
	  else \
	    echo "Missing system packages. Run: sudo apt-get install -y$$missing"; exit 1; \
	  fi; \
	fi

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q --config-settings editable_mode=compat -e '.[test,piper,llm,s3]'
	touch $(STAMP)

venv: $(STAMP)

# axe-core, the accessibility checker the site's pages are tested with in headless Chromium
# (tests/test_page_accessibility.py): test-only, from the npm registry. Major version 4: its
# rules may add findings within it, and a new finding is one a listener's reader would meet.
AXE := $(VENV)/axe/node_modules/axe-core/axe.min.js
$(AXE): | $(STAMP)
	npm install --no-save --no-audit --no-fund --silent --prefix $(VENV)/axe axe-core@4

axe: $(AXE)

# An editable install compiles no bytecode (a wheel's install does), and where
# PYTHONDONTWRITEBYTECODE is set none is ever written: every `studio` run and speech worker
# then compiles ~250 modules from source, 0.2 s a start (bench/bench_voice.py). Only what
# changed is compiled again.
bytecode: venv
	$(PY) -m compileall -q studio

demo: system venv bytecode
	$(VENV)/bin/studio demo --out $(DEMO_OUT)

test: system venv bytecode axe
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q --durations=15
	$(VENV)/bin/ruff check studio tests bench

lint: venv
	$(VENV)/bin/ruff check studio tests bench

bench: system venv bytecode
	$(PY) bench/run_all.py

# The desktop bundle (slow: minutes). PyInstaller is installed here only, not for `make test`.
# STUDIO_BUNDLE_FFMPEG=1 make bundle also copies this machine's ffmpeg/ffprobe into it.
bundle: system venv
	$(PY) -m pip install -q 'pyinstaller>=6.10,<7'
	cd packaging && $(CURDIR)/$(PY) -m PyInstaller --noconfirm --clean --log-level WARN \
	  --distpath $(CURDIR)/dist --workpath $(CURDIR)/build/pyinstaller studio.spec
	@echo "built dist/commitcast-studio/ ($$(du -sh dist/commitcast-studio | cut -f1)); run dist/commitcast-studio/studio --version"

# The launcher, icons and AppStream data for the current user (PREFIX=/usr/local as root).
install-desktop:
	packaging/install-desktop.sh $(if $(wildcard dist/commitcast-studio/studio),--bundle dist/commitcast-studio)

clean:
	rm -rf $(VENV) $(DEMO_OUT) .pytest_cache build dist
