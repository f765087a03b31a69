# spinnerd — animated loading spinners as SVG, APNG, GIF, WebP and PNG.
# `make run` and `make test` work on a fresh Debian 12 machine with the Swift toolchain.
SHELL := /bin/bash
SWIFT ?= swift
OUT ?= out

.PHONY: run test hostile hostile-run cluster-test cluster-run bench deps-run deps-test deps-bench build release samples pictures record-references openapi docker-smoke clean

run: deps-run release
	.build/release/spinnerd serve --port $${PORT:-8080}

test: deps-test
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(SWIFT) build -c release
	scripts/api-check.sh
	$(MAKE) --no-print-directory hostile-run
	$(MAKE) --no-print-directory cluster-run

# Hostile clients against the release binary (pipelining without reading, silent and
# dribbling sockets, descriptor exhaustion, aborted requests) and the parser against llhttp.
hostile: deps-test release hostile-run
hostile-run:
	python3 Tests/Hostile/hostile.py --binary .build/release/spinnerd
	python3 Tests/Hostile/parser_differential.py --binary .build/release/spinnerd
	python3 Tests/Hostile/render_admission.py --binary .build/release/spinnerd

# The deployment: Kubernetes manifests validated against the API's schemas, and three
# replicas behind the nginx front of deploy/ on loopback (sharding, ETags, restarts).
cluster-test: deps-test release cluster-run
cluster-run:
	python3 Tests/Deploy/manifests.py
	python3 Tests/Cluster/cluster.py --binary .build/release/spinnerd

bench: deps-bench release
	scripts/bench.sh
	scripts/bench-http.sh

deps-run:
	@scripts/install-deps.sh run
deps-test:
	@scripts/install-deps.sh test
deps-bench:
	@scripts/install-deps.sh bench

build: deps-run
	$(SWIFT) build

release:
	$(SWIFT) build -c release

# One file per kind and format at default parameters.
samples:
	@mkdir -p $(OUT)
	@for kind in $$(.build/release/spinnerd kinds | awk '/^[^ ]/ {print $$1}'); do \
	  for extension in svg apng gif png webp json; do \
	    .build/release/spinnerd render $$kind.$$extension -o $(OUT)/$$kind.$$extension || exit 1; \
	  done; \
	done
	@ls -l $(OUT)

# The README's pictures: every kind, and circular in each style, as animated SVG at 64 px
# (GitHub shows animated SVG in <img>). A test fails when a committed one is stale.
PICTURES = docs/pictures
pictures: build
	@mkdir -p $(PICTURES)
	@for kind in $$(.build/debug/spinnerd kinds | awk '/^[^ ]/ {print $$1}'); do \
	  .build/debug/spinnerd render $$kind size=64 format=svg -o $(PICTURES)/$$kind.svg || exit 1; \
	done
	@for style in bubbledForeground hierarchy accent nineties; do \
	  .build/debug/spinnerd render circular style=$$style size=64 format=svg -o $(PICTURES)/circular-$$style.svg || exit 1; \
	done
	@ls -l $(PICTURES)

# Regenerate openapi.yaml from the code (a test fails when the committed copy is stale).
openapi: build
	.build/debug/spinnerd openapi > openapi.yaml

# Build and run the Docker image with podman and fetch a spinner from it (not part of make test).
docker-smoke:
	scripts/docker-smoke.sh

# Re-record the reference PNGs after an intended change to the pictures; look at them before committing.
record-references: deps-test
	RECORD_REFERENCES=1 $(SWIFT) test --filter ReferenceImageTests

clean:
	rm -rf .build $(OUT) bench-out
