# spinnerd: build a static-stdlib release binary, run it stripped on a slim Debian as a non-root
# user, with only the shared libraries it links (no apt packages in the runtime image; each
# library's package recorded in /var/lib/dpkg/status.d for image scanners).
# The builder image name can be overridden (make docker-smoke builds one locally).
ARG SWIFT_IMAGE=swift:6.3-bookworm

FROM ${SWIFT_IMAGE} AS build
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
# hadolint ignore=DL3008
RUN apt-get update \
 && apt-get install -y --no-install-recommends libcairo2-dev libgif-dev zlib1g-dev libdeflate-dev libzopfli-dev libwebp-dev libimagequant-dev nettle-dev pkg-config \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# The manifest names the test and fuzz targets' folders, so they come along (they are small).
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
COPY Fuzz ./Fuzz
RUN swift build -c release --static-swift-stdlib --product spinnerd
# The debug symbols stay in this stage (/src/spinnerd.debug, e.g. for `docker build --target build`
# and `docker cp`); the runtime image gets the stripped binary, which names them in .gnu_debuglink.
RUN objcopy --only-keep-debug .build/release/spinnerd /src/spinnerd.debug \
 && objcopy --strip-all --add-gnu-debuglink=/src/spinnerd.debug .build/release/spinnerd /usr/local/bin/spinnerd \
 && chmod 0755 /usr/local/bin/spinnerd
# Every shared object the binary loads (Cairo's whole closure included), under its SONAME,
# and the record of the Debian package each came from (scripts/dpkg-records.sh), so that
# image scanners see libwebp, giflib, Cairo and the rest with their versions.
COPY scripts/dpkg-records.sh /usr/local/bin/dpkg-records
RUN mkdir -p /opt/spinnerd-lib \
 && ldd /usr/local/bin/spinnerd > /tmp/ldd.txt \
 && ! grep -F 'not found' /tmp/ldd.txt \
 && awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }' /tmp/ldd.txt > /tmp/libraries.txt \
 && while read -r soname path; do cp -L "$path" "/opt/spinnerd-lib/$soname"; done < /tmp/libraries.txt \
 && dpkg-records record /opt/spinnerd-dpkg /opt/spinnerd-dpkg.map < /tmp/libraries.txt

# Keeps only the libraries the runtime base lacks (glibc, libstdc++, libgcc_s, zlib… are in it),
# then proves the binary resolves every library and draws with what is left.
FROM debian:bookworm-slim AS libs
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
COPY --from=build /opt/spinnerd-lib /usr/local/lib/spinnerd
COPY --from=build /usr/local/bin/spinnerd /usr/local/bin/spinnerd
COPY --from=build /opt/spinnerd-dpkg /var/lib/dpkg/status.d
COPY --from=build /opt/spinnerd-dpkg.map /tmp/dpkg.map
COPY --from=build /usr/local/bin/dpkg-records /usr/local/bin/dpkg-records
RUN ldconfig -p | awk 'NR > 1 { print $1 }' > /tmp/base-libs \
 && for lib in /usr/local/lib/spinnerd/*; do \
      if grep -qxF "${lib##*/}" /tmp/base-libs; then rm "$lib"; fi; \
    done \
 && dpkg-records prune /usr/local/lib/spinnerd /var/lib/dpkg/status.d /tmp/dpkg.map \
 && echo /usr/local/lib/spinnerd > /etc/ld.so.conf.d/spinnerd.conf \
 && ldconfig \
 && ldd /usr/local/bin/spinnerd > /tmp/ldd.txt \
 && ! grep -F 'not found' /tmp/ldd.txt \
 && /usr/local/bin/spinnerd render circular.gif -o /tmp/check.gif \
 && /usr/local/bin/spinnerd render arc t=0.25 -o /tmp/check.png \
 && /usr/local/bin/spinnerd render dots.webp -o /tmp/check.webp \
 && ls /usr/local/lib/spinnerd /var/lib/dpkg/status.d

FROM debian:bookworm-slim
# The C libraries' shared objects come from the build stage (versions follow the bookworm release);
# Cairo only draws paths here, so it needs no fonts, fontconfig files or X server.
COPY --from=libs /usr/local/lib/spinnerd /usr/local/lib/spinnerd
COPY --from=libs /etc/ld.so.conf.d/spinnerd.conf /etc/ld.so.conf.d/spinnerd.conf
# The copied libraries' packages, where scanners look for a distroless image's (dpkg-records.sh).
COPY --from=libs /var/lib/dpkg/status.d /var/lib/dpkg/status.d
RUN ldconfig \
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
