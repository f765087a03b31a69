# spinnerd — animated loading spinners as SVG, APNG, GIF, WebP and PNG.
# `make run` and `make test` work on a fresh Debian 12 machine with the Swift toolchain.
SHELL := /bin/bash
SWIFT ?= swift
OUT ?= out

.PHONY: run test check flaky-check settings-table gallery hostile hostile-run cluster-test cluster-run fuzz fuzz-build fuzz-run sanitize asan-run tsan-run soak soak-run capacity bench api-check-full deps-run deps-test deps-bench deps-flaky build release samples pictures record-references openapi docker-smoke container-limit front-limit clean

run: deps-run release
	.build/release/spinnerd serve --port $${PORT:-8080}

# Every suite, each step timed, a table of the times at the end (scripts/test.sh): one
# optimised build with testing enabled (.build/test) for the unit and integration XCTests,
# Schemathesis, the hostile, soak and cluster suites; the libFuzzer build; budgets that
# shrink here have full forms of their own (api-check-full, soak, fuzz).
test: deps-test
	scripts/test.sh

# The inner loop: a debug build and the unit tests, which need only the toolchain and the
# C libraries (no Python, browser, decoders or players; those are IntegrationTests); then the
# front end's modules and their node tests (scripts/check-front.sh).
check: deps-run
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --parallel --skip IntegrationTests
	scripts/check-front.sh

# Is any test flaky? The whole XCTest suite FLAKY_QUIET times in a row, FLAKY_LOADED times
# beside a load on both cores (stress-ng), and the hostile, cluster and soak suites
# FLAKY_SUITES times beside that load; a summary of runs and failures at the end.
flaky-check: deps-flaky
	scripts/flaky-check.sh

# Schemathesis in full: 100 examples per operation, every phase on every operation.
api-check-full: deps-test release
	SCHEMATHESIS_EXAMPLES=100 SCHEMATHESIS_FULL=1 scripts/api-check.sh

# Hostile clients against the release binary (pipelining without reading, silent and
# dribbling sockets, descriptor exhaustion, aborted requests) and the parser against llhttp.
hostile: deps-test release hostile-run
hostile-run:
	python3 Tests/Hostile/hostile.py --binary .build/release/spinnerd
	python3 Tests/Hostile/parser_differential.py --binary .build/release/spinnerd
	python3 Tests/Hostile/render_admission.py --binary .build/release/spinnerd

# The deployment: Kubernetes manifests validated against the API's schemas and held to the
# binary's memory plan, the front's plan (slots, memory) against the autoscaler and the
# capacity model; the HAProxy front of deploy/kubernetes on loopback finding replicas by DNS:
# three of them (sharding, its cache, ETags, restarts), then as they go 3 → 20 → 4; its
# answers (a refusal asked of one replica, request ids, health, the bound), two clients
# through it, its memory under a slowloris in a cgroup at its limit; the alert rules
# (promtool) and a real Prometheus over every dashboard and alert expression; the image's
# package records.
cluster-test: deps-test release cluster-run
cluster-run:
	python3 Tests/Deploy/manifests.py --binary .build/release/spinnerd
	python3 Tests/Deploy/front_plan.py
	python3 Tests/Cluster/cluster.py --binary .build/release/spinnerd
	python3 Tests/Cluster/resize.py --binary .build/release/spinnerd
	python3 Tests/Cluster/front_behaviour.py --binary .build/release/spinnerd
	python3 Tests/Cluster/front_clients.py --binary .build/release/spinnerd
	python3 Tests/Cluster/front_memory.py --binary .build/release/spinnerd
	scripts/check-rules.sh
	python3 Tests/Deploy/prometheus.py --binary .build/release/spinnerd
	python3 Tests/Deploy/image_packages.py --binary .build/release/spinnerd
	python3 deploy/capacity.py --binary .build/release/spinnerd --check

# Coverage-guided fuzzing (Fuzz/): libFuzzer with AddressSanitizer and LeakSanitizer,
# every target for FUZZ_SECONDS (default 600) on its committed corpus and dictionary, past
# findings replayed first. `make test` runs each for 20 s instead, in two lanes side by side
# (scripts/test.sh takes FUZZ_SECONDS from the environment only, default 15: the 600 here
# is not passed to it); FUZZ_MERGE=1 folds new inputs into the committed corpus, minimised.
FUZZ_SECONDS ?= 600
# The libFuzzer build with AddressSanitizer, which makes the ASan spinnerd of the sanitizer
# runs too; KNOWN_BAD_CONTROLS compiles in the controls those runs must catch (each on only
# when its environment variable asks: scripts/sanitize.sh).
# Debug information as line tables only, as make test's other builds (scripts/builds.sh).
FUZZ_FLAGS = -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -DKNOWN_BAD_CONTROLS -Xswiftc -gline-tables-only
fuzz: deps-test fuzz-build fuzz-run
fuzz-build:
	$(SWIFT) build -c release --build-path .build/fuzz --product spinnerd-fuzz $(FUZZ_FLAGS)
	$(SWIFT) build -c release --build-path .build/fuzz --product spinnerd $(FUZZ_FLAGS)
fuzz-run:
	scripts/fuzz.sh $(FUZZ_SECONDS)

# Sanitizers under attack: an AddressSanitizer build of spinnerd through the hostile
# suite, the parser differential and render admission; a ThreadSanitizer build through
# the HTTP, service and scheduler tests and a concurrency stress.
sanitize: deps-test asan-run tsan-run
asan-run:
	scripts/sanitize.sh address
tsan-run:
	scripts/sanitize.sh thread

# An hour's soak (SOAK_MINUTES) of one server under every kind of load at once; the
# report and its plot go to .build/soak. `make test` runs 1.5 minutes.
SOAK_MINUTES ?= 60
soak: deps-test release soak-run
soak-run:
	python3 Tests/Soak/soak.py --binary .build/release/spinnerd --minutes $(SOAK_MINUTES)

# Capacity at internet scale, by simulation: writes deploy/CAPACITY.md and its plot.
capacity: deps-test release
	python3 deploy/capacity.py --binary .build/release/spinnerd --write deploy/CAPACITY.md

# Benchmarks: the encoders against their peers (bench.sh), the first answer to never-seen
# URLs over HTTP (bench-cold.sh) and at the sizes people use against a baseline binary, with
# lossy files against the tools (bench-sizes.sh), cached answers against nginx and h2o serving the same
# bytes (bench-http.sh), instructions per answer under callgrind with each log setting beside
# nginx with and without its JSON access log (bench-instructions.sh), and the CPU an idle
# replica shows the autoscaler after a burst and at start (bench_idle_cpu.py).
bench: deps-bench release
	scripts/bench.sh
	scripts/bench-cold.sh
	scripts/bench-sizes.sh
	scripts/bench-http.sh
	scripts/bench-instructions.sh
	python3 scripts/bench_idle_cpu.py --binary .build/release/spinnerd

deps-run:
	@scripts/install-deps.sh run
deps-test:
	@scripts/install-deps.sh test
deps-bench:
	@scripts/install-deps.sh bench
deps-flaky:
	@scripts/install-deps.sh flaky

build: deps-run
	$(SWIFT) build

# The release binary alone (the fuzz harness and the tests have builds of their own).
release:
	$(SWIFT) build -c release --product spinnerd

# The catalog's lists from a binary's `kinds --json`, one name a line: CATALOG BINARY
# kinds|formats|extensions|styles KIND (tools/spinnerd_tools/catalog.py, standard library
# only, so PYTHONPATH serves before scripts/install-deps.sh has installed the package).
CATALOG = PYTHONPATH=$(CURDIR)/tools python3 -m spinnerd_tools.catalog

# One file per kind and format at default parameters.
samples:
	@mkdir -p $(OUT)
	@kinds=$$($(CATALOG) .build/release/spinnerd kinds) && extensions=$$($(CATALOG) .build/release/spinnerd extensions) || exit 1; \
	for kind in $$kinds; do \
	  for extension in $$extensions; do \
	    .build/release/spinnerd render $$kind.$$extension -o $(OUT)/$$kind.$$extension || exit 1; \
	  done; \
	done
	@ls -l $(OUT)

# The README's pictures: every kind, and circular in each style, as animated SVG at 64 px
# (GitHub shows animated SVG in <img>). A test fails when a committed one is stale.
PICTURES = docs/pictures
pictures: build
	@mkdir -p $(PICTURES)
	@kinds=$$($(CATALOG) .build/debug/spinnerd kinds) || exit 1; \
	for kind in $$kinds; do \
	  .build/debug/spinnerd render $$kind size=64 format=svg -o $(PICTURES)/$$kind.svg || exit 1; \
	done
	@styles=$$($(CATALOG) .build/debug/spinnerd styles circular) || exit 1; \
	for style in $$styles; do \
	  .build/debug/spinnerd render circular style=$$style size=64 format=svg -o $(PICTURES)/circular-$$style.svg || exit 1; \
	done
	@ls -l $(PICTURES)

# Regenerate openapi.yaml from the code (a test fails when the committed copy is stale).
openapi: build
	.build/debug/spinnerd openapi > openapi.yaml

# Build and run the Docker image with podman and fetch a spinner from it (not part of make test).
docker-smoke:
	scripts/docker-smoke.sh

# The image under a memory limit (the manifest's 1 GiB, half of it and the floor) with the soak's load
# on it: never OOM-killed, the cgroup's peak below the limit (scripts/container-limit.sh;
# not part of make test: building the image compiles spinnerd again inside it).
container-limit: deps-test release
	scripts/container-limit.sh

# The front (HAProxy with deploy/kubernetes/spinnerd-front.cfg) in a podman container under
# front.yaml's memory limit, through slow readers and a slowloris (scripts/front-limit.sh;
# make test runs the same in a cgroup, without the image).
front-limit: deps-test release
	scripts/install-deps.sh smoke
	scripts/front-limit.sh

# Check that every module of the gallery's front end (Sources/GalleryFiles/Front) parses
# as an ES module (the GalleryFiles module embeds the folder in the binary as it is: nothing to
# generate).
gallery:
	scripts/check-gallery-modules.sh

# Rewrite docs/operations.md's table of serve settings from ServeSetting.all (a test fails when it is stale).
settings-table:
	RECORD_SETTINGS=1 $(SWIFT) test --filter ServeSettingsTests/testTheOperationsPageListsEverySettingAsTheTableStatesIt

# Re-record the reference PNGs after an intended change to the pictures; look at them before committing.
record-references: deps-test
	RECORD_REFERENCES=1 $(SWIFT) test --filter IntegrationTests.ReferenceImageTests

clean:
	rm -rf .build $(OUT) bench-out
