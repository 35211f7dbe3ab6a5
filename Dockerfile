# The app in one image: the Fastify server, the built web app and embedded PGlite, run as the
# unprivileged `node` user with its data in the /data volume. docs/deploy.md, "Container image
# and compose", says how to build, run and upgrade it.
#
# Stages: `manifests` holds the package files both installs start from; `build` installs every
# dependency and builds the web app and the server bundle; `deps` installs only the server's
# production dependencies (the bundle keeps npm packages external); `runtime` puts those two
# together on a clean base with tini as PID 1.

# The manifests alone, which both installs start from: their layers are reused while only
# sources change.
FROM node:26-trixie-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/protocol/package.json packages/protocol/

FROM manifests AS build
# No install scripts: nothing here needs one (native parts ship prebuilt per platform).
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build -w @couple/web && npm run build -w @couple/server

FROM manifests AS deps
# The server's and the protocol's runtime packages only (the bundle imports them from
# node_modules); the workspace links would point at sources the image does not hold.
# npm nests a package under apps/server/node_modules where versions clash; the protocol's code
# is bundled into the server, so a package nested under packages/protocol would be missed.
# TypeScript (46 MB, twice) comes only as a peer dependency of the Farcaster SDK's @solana
# packages, for their types: no code in the tree loads it at run time.
RUN npm ci --omit=dev -w @couple/server -w @couple/protocol --ignore-scripts --no-audit --no-fund \
  && test ! -d packages/protocol/node_modules \
  && mkdir -p apps/server/node_modules \
  && rm -rf node_modules/typescript apps/server/node_modules/typescript \
  && rm -rf node_modules/@couple node_modules/.package-lock.json \
  && npm cache clean --force

FROM node:26-trixie-slim AS runtime
ARG VERSION=0.0.0
ARG REVISION=unknown
LABEL org.opencontainers.image.title="couple-desires" \
      org.opencontainers.image.description="Desires for couples: server, web app and embedded database" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.base.name="docker.io/library/node:26-trixie-slim" \
      org.opencontainers.image.documentation="docs/deploy.md"

# tini as PID 1 forwards SIGTERM to node and reaps zombies (Debian's package, a few hundred KB).
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/* /var/cache/apt/* /var/log/apt /var/log/dpkg.log

WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/apps/server/node_modules ./apps/server/node_modules
# The bundle resolves ../../migrations and ../../../web/dist from itself, as in the repository.
COPY apps/server/package.json ./apps/server/
COPY apps/server/migrations ./apps/server/migrations
COPY --from=build /app/apps/server/dist/server ./apps/server/dist/server
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY deploy/healthcheck.mjs ./healthcheck.mjs
RUN mkdir -p /data && chown node:node /data && chmod 0700 /data

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
VOLUME /data
EXPOSE 3000
USER node

HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "/app/healthcheck.mjs"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--enable-source-maps", "apps/server/dist/server/main.js"]
