# syntax=docker/dockerfile:1
# Daywork in one image: the API, the background workers and the built SPA, run as the unprivileged
# `node` user. Build: docker build -t daywork . — run and configure: docs/deploy.md.
ARG NODE_IMAGE=node:24-bookworm-slim

# Production dependencies only: the compiled server holds most packages, but PGlite and pino (with
# pino-pretty) are loaded from node_modules (scripts/build-server.ts).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# patches/: fixes to dependencies, applied by patch-package after the install (package.json postinstall).
COPY package.json package-lock.json .npmrc ./
COPY patches ./patches
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# Everything, to generate the messages and the route tree, to build the SPA (dist/, precompressed) and
# to compile the server with its migrations (dist/.server/, decision 066).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    STATIC_DIR=/app/dist \
    NODE_COMPILE_CACHE=/tmp/daywork-compile-cache
WORKDIR /app
# Root owns the code; the server can write only to /data (an embedded database when DATABASE_URL is
# unset, local uploads when S3_BUCKET is unset; nothing at all with both set and SMTP_URL, the secrets
# and VAPID_* given).
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
# The SPA, the first screen's render (dist/.ssr) and the compiled server with its migrations (dist/.server).
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness only (no database): readiness is GET /api/ready, for the load balancer.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1 and gets SIGTERM: /api/ready fails, sockets are told to reconnect, requests and
# the running job finish, then it exits (SHUTDOWN_DELAY_SECONDS + 25 s at most; give it that long).
# Source maps: stack traces name our source files. NODE_COMPILE_CACHE: a restarted container skips
# compiling the server again.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "dist/.server/main.js"]
