# syntax=docker/dockerfile:1
# Quarry's image: `docker build -t quarry .` (add `--build-arg WITH_CHROMIUM=true` for pages that
# need JavaScript). Multi-stage: the build tools for native modules stay in the first stage; the
# runtime runs as the unprivileged `node` user with its data in /data.
ARG NODE_VERSION=20.19

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 and @node-rs/argon2 ship prebuilt binaries; the toolchain is the fallback.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# `npm ci` runs `prepare` (bin/build.js): tsc compiles src/ into dist/ and Vite builds the
# dashboard into web/dist, so nothing is compiled when the container starts. Then the build
# tools (dev dependencies) are dropped.
COPY package.json package-lock.json tsconfig.json tsconfig.build.json ./
COPY bin ./bin
COPY scripts/web-build.js ./scripts/
COPY src ./src
COPY web ./web
COPY config ./config
RUN npm ci --no-audit --no-fund \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ARG WITH_CHROMIUM=false
RUN if [ "$WITH_CHROMIUM" = "true" ]; then \
      apt-get update \
      && apt-get install -y --no-install-recommends chromium fonts-liberation \
      && rm -rf /var/lib/apt/lists/*; \
    fi
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
# The compiled service and dashboard only: without src/ the start has nothing to rebuild.
COPY --from=build /app/dist ./dist
COPY --from=build /app/web/dist ./web/dist
COPY package.json package-lock.json ./
COPY bin ./bin
COPY config ./config
RUN mkdir -p /data \
 && chown node:node /data \
 && ln -s /app/bin/quarry.js /usr/local/bin/quarry
USER node
VOLUME ["/data"]
EXPOSE 8000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "bin/start.js"]
