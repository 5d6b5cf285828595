# syntax=docker/dockerfile:1
# Quarry's image: `docker build -t quarry .` (add `--build-arg WITH_CHROMIUM=true` for pages that
# need JavaScript). Multi-stage: the build tools for native modules stay in the first stage; the
# runtime runs as the unprivileged `node` user with its data in /data.
ARG NODE_VERSION=20.19

FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
# better-sqlite3 and @node-rs/argon2 ship prebuilt binaries; the toolchain is the fallback.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

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
COPY --from=deps /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json ./
COPY bin ./bin
COPY config ./config
COPY src ./src
RUN mkdir -p /data \
 && chown node:node /data \
 && ln -s /app/bin/quarry.js /usr/local/bin/quarry
USER node
VOLUME ["/data"]
EXPOSE 8000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "bin/start.js"]
