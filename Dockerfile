# adega's image: docs/deploy.md says how to build and run it.
#   docker build -t adega .
# Build from a git clone: the build stamps the commit (adega version).

FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# A static binary (no cgo), without the builder's paths, with its build
# information: TestDockerfileBuildsAStaticBinary builds with this line.
RUN CGO_ENABLED=0 go build -trimpath -buildvcs=true -o /out/adega ./cmd/bot
# The data folder, owned by distroless's nonroot user.
RUN mkdir /out/data

# distroless/static: CA certificates (to reach Discord), no shell, no
# package manager; the time zones are compiled into the binary.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/adega /usr/local/bin/adega
COPY --from=build --chown=nonroot:nonroot /out/data /data
USER nonroot:nonroot
# The config, if any, is mounted at /etc/adega/adega.toml; the token and
# the other settings may come from the environment instead (ADEGA_TOKEN).
WORKDIR /etc/adega
ENV ADEGA_DATA_DIR=/data
VOLUME /data
# Healthy while the bot holds its database open; see docs/deploy.md.
HEALTHCHECK --interval=30s --timeout=10s --start-period=30s --retries=3 CMD ["/usr/local/bin/adega", "health"]
ENTRYPOINT ["/usr/local/bin/adega"]
CMD ["run"]
