# syntax=docker/dockerfile:1
# Daywork in one image: the API, the background workers and the built SPA, run as the unprivileged
# `node` user. Build: docker build -t daywork . — run and configure: docs/deploy.md.
ARG NODE_IMAGE=node:24-bookworm-slim

# Production dependencies only (Node runs the TypeScript sources by type stripping; no compile step).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# patches/: fixes to dependencies, applied by patch-package after the install (package.json postinstall).
COPY package.json package-lock.json .npmrc ./
COPY patches ./patches
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# Everything, to generate the messages and the route tree and to build the SPA (dist/, precompressed).
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
    STATIC_DIR=/app/dist
WORKDIR /app
# Root owns the code; the server can write only to /data (an embedded database when DATABASE_URL is
# unset, local uploads when S3_BUCKET is unset; nothing at all with both set and SMTP_URL, the secrets
# and VAPID_* given).
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY domain ./domain
COPY db ./db
COPY server ./server
COPY --from=build /app/server/i18n/paraglide ./server/i18n/paraglide
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
STOPSIGNAL SIGTERM
CMD ["node", "server/main.ts"]
