# rulekeeper in a container (README "Run it in a container"): a static binary on an empty base, non-root,
# the database on a volume.
#   docker build -t rulekeeper .
#   docker run -d --name rulekeeper -v rulekeeper-data:/data -e RULEKEEPER_TOKEN rulekeeper
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# Static (no cgo), reproducible paths, no debug info; the VCS revision is not in the build context, so the
# version is passed in: docker build --build-arg VERSION=$(git describe --always --dirty) .
ARG VERSION=dev
RUN CGO_ENABLED=0 GOOS=linux go build -trimpath -buildvcs=false -ldflags "-s -w -X main.version=${VERSION}" \
        -o /out/rulekeeper ./cmd/rulekeeper && \
    mkdir -p /out/data

FROM scratch
COPY --from=build /etc/ssl/certs/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
COPY --from=build /out/rulekeeper /rulekeeper
# The database directory, owned by the unprivileged user the bot runs as.
COPY --from=build --chown=65532:65532 /out/data /data
USER 65532:65532
ENV RULEKEEPER_DB=/data/rulekeeper.db
VOLUME ["/data"]
WORKDIR /data
# With --http: interactions, /healthz and /metrics.
EXPOSE 8080
ENTRYPOINT ["/rulekeeper"]
CMD ["serve"]
