# One image for the web process and the worker:
#   web:    node dist/node/server.mjs   (the default command)
#   worker: node dist/node/worker.mjs   (docker-compose.yml overrides the command)
#   site-admin <command>                (the admin command, on the PATH)
# Build: docker build -t front-range-roofing .   Run: see docker-compose.yml and the README.
ARG NODE_IMAGE=node:22-bookworm-slim

# Compilers for better-sqlite3's native addon (no prebuilt binary is downloaded when
# GitHub cannot be reached; compiling always works). Only the build stages carry them.
FROM ${NODE_IMAGE} AS toolchain
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app

# Every dependency, dev ones included: the build needs vike, vite, esbuild and TypeScript.
FROM toolchain AS deps
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

# Production dependencies only. Pruning the full install keeps the compiled addon
# (no second compile) and leaves exactly what `npm ci --omit=dev` would install.
FROM deps AS prod-deps
RUN npm prune --omit=dev --no-audit --no-fund \
 # the addon's sources and object files are not needed once build/Release/*.node exists
 && rm -rf node_modules/better-sqlite3/deps node_modules/better-sqlite3/src \
           node_modules/better-sqlite3/build/Release/obj* node_modules/better-sqlite3/build/Release/.deps \
           node_modules/better-sqlite3/build/deps node_modules/better-sqlite3/build/Release/sqlite3.a \
           node_modules/better-sqlite3/build/Release/test_extension.node \
 # prune leaves the folders of removed scoped packages behind, empty
 && find node_modules -mindepth 1 -type d -empty -delete

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_PATH=/app/data/roofing.db
WORKDIR /app
# Code and dependencies belong to root and are read-only for the app user;
# only /app/data (the SQLite volume) and the two volumes for Caddy are writable by it.
COPY package.json ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# /app/fallback and /app/asset-archive: the volumes web writes for Caddy (docker-compose.yml).
RUN mkdir -p /app/data /app/fallback /app/asset-archive \
 && chown node:node /app/data /app/fallback /app/asset-archive \
 && printf '#!/bin/sh\nexec node /app/dist/node/site-admin.mjs "$@"\n' > /usr/local/bin/site-admin \
 && chmod 755 /usr/local/bin/site-admin
# Which source the image was built from (`docker compose build --build-arg SOURCE_REVISION=$(git rev-parse HEAD)`),
# as a label and in /app/SOURCE_REVISION (a RUN, since some builders' caches ignore an argument
# used only by LABEL). Late, so changing it rebuilds nothing before; the compose drill gives each
# build its own.
ARG SOURCE_REVISION=unknown
RUN printf '%s\n' "$SOURCE_REVISION" > /app/SOURCE_REVISION
LABEL org.opencontainers.image.revision=$SOURCE_REVISION
USER node
VOLUME /app/data
EXPOSE 3000
CMD ["node", "dist/node/server.mjs"]