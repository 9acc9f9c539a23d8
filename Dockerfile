# syntax=docker/dockerfile:1
# Nightcap's production image (docs/DEPLOY.md): Node 24 LTS, the storefront built in one stage and run from
# production dependencies only in the next, as an unprivileged user.
#   docker build -t nightcap .
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/var/lib/nightcap
WORKDIR /app
COPY package.json package-lock.json ./
# tsx runs the TypeScript at start, so it is a dependency; server/deploy-files.test.ts checks that everything the
# server imports at run time is one.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# What the server reads at run time: its code, the pure rules, the migrations and seed, the catalogue price lists
# (db/seed), the brand pages (content/) and the built storefront. Owned by root: the app cannot rewrite itself.
COPY tsconfig.json ./
COPY server ./server
COPY domain ./domain
COPY db ./db
COPY data ./data
COPY content ./content
# The operators' commands (npm run staff / merchants), run in a container: node --import tsx scripts/staff.ts …
COPY scripts/admin-command.ts scripts/staff.ts scripts/merchants.ts ./scripts/
COPY --from=build /app/build ./build
# The embedded PGlite default keeps its files under DATA_DIR (a volume); with DATABASE_URL nothing is written.
RUN mkdir -p /var/lib/nightcap && chown node:node /var/lib/nightcap
VOLUME ["/var/lib/nightcap"]
USER node
EXPOSE 3000
# /healthz answers while the process is alive; a first start migrates and seeds the catalogue before listening.
HEALTHCHECK --interval=10s --timeout=3s --start-period=180s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and gets SIGTERM itself (server/main.ts closes gracefully on it).
CMD ["node", "--import", "tsx", "server/main.ts"]
