# FleetFuel for production: one image runs one stateless API instance that also serves the web app.
#   docker build -t fleetfuel .
#   docker run -p 3000:3000 -e NODE_ENV=production -e APP_SECRET=… -e DATABASE_URL=… fleetfuel
# See docs/deploy.md for every setting (PostgreSQL, S3 storage, Redis, SMTP, Paystack).

# 1. Build: every package (dev tools included), then the web app and the API bundle.
FROM node:22-bookworm-slim AS build
WORKDIR /app
# The manifests first, so that the install layer is reused while only source changes.
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. The packages the API needs at run time, and nothing else: no dev tools, no web libraries
#    (the web app is already built into static files). The workspace contract is in the bundle.
FROM node:22-bookworm-slim AS runtime-packages
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev --workspace @fleetfuel/api --include-workspace-root --no-audit --no-fund \
  && mkdir -p apps/api/node_modules

# 3. The image: Node 22 LTS, the bundle, the built web app, the run-time packages; not root.
FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=runtime-packages /app/package.json ./
COPY --from=runtime-packages /app/node_modules ./node_modules
COPY --from=runtime-packages /app/apps/api/node_modules ./apps/api/node_modules
COPY --from=build /app/apps/api/package.json ./apps/api/
COPY --from=build /app/apps/api/dist ./apps/api/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
# The data folder holds the outbox and local uploads (and the embedded database when no
# DATABASE_URL is given); mount a volume here, or use S3 and SMTP and keep the instance stateless.
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME ["/app/data"]
USER node
# glibc's malloc maps each password hash (argon2, 19 MiB) and returns it when freed; with its default
# threshold, which rises past that size after the first hash, they pile up in the threads' arenas
# (~75 MB at rest). The same setting as `npm start` (package.json) and bench/server-process.ts.
ENV MALLOC_MMAP_THRESHOLD_=131072
EXPOSE 3000
# The health route answers once the database answers; migrations run before the server listens.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Database chores: docker run … fleetfuel node apps/api/dist/cli.js migrate | seed
CMD ["node", "--enable-source-maps", "apps/api/dist/server.js"]
