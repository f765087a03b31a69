# spinnerd: build a static-stdlib release binary, run it on a slim Debian as a non-root user.
# The builder image name can be overridden (make docker-smoke builds one locally).
ARG SWIFT_IMAGE=swift:6.3-bookworm

FROM ${SWIFT_IMAGE} AS build
# hadolint ignore=DL3008
RUN apt-get update \
 && apt-get install -y --no-install-recommends libcairo2-dev libgif-dev zlib1g-dev libdeflate-dev libwebp-dev nettle-dev pkg-config \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# The manifest names the test targets' folders, so they come along (they are small).
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
RUN swift build -c release --static-swift-stdlib --product spinnerd \
 && install -m 0755 .build/release/spinnerd /usr/local/bin/spinnerd

FROM debian:bookworm-slim
# Only the runtime halves of the C libraries (versions follow the bookworm release).
# hadolint ignore=DL3008
RUN apt-get update \
 && apt-get install -y --no-install-recommends libcairo2 libgif7 zlib1g libdeflate0 libwebp7 libwebpmux3 libnettle8 \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin spinnerd
COPY --from=build /usr/local/bin/spinnerd /usr/local/bin/spinnerd
USER 10001
ENV PORT=8080
EXPOSE 8080
# SIGTERM reaches spinnerd directly (exec form, PID 1), which drains and exits 0.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=15s --timeout=4s --start-period=5s --retries=3 CMD ["/usr/local/bin/spinnerd", "healthcheck"]
ENTRYPOINT ["/usr/local/bin/spinnerd"]
CMD ["serve"]
