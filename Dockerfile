# syntax=docker/dockerfile:1
# The credit graph. Build: docker build -t credit-graph .   Run: see compose.yaml and the README.
ARG NODE_VERSION=24.21.0

# Build stage: every dependency (TypeScript, the bundler, type definitions), compiles src/ to dist/
# and bundles it into dist/bundle/ (scripts/bundle.mjs), what the runtime stage runs.
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# Install scripts stay off as on the project's machines: nothing the build needs has one.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts/bundle.mjs scripts/remembering-negotiator.mjs ./scripts/
COPY src ./src
# The embedded ledger's prepared data directory (dist/ledger/template/): a first start on an empty
# DATA_DIR copies it instead of running initdb (src/ledger/template.ts).
RUN npm run build && node dist/ledger/template.js

# Runtime stage: production dependencies and dist/ only, as the non-root node user.
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=4000 \
    DATA_DIR=/data \
    NODE_COMPILE_CACHE=/app/.compile-cache \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=32768
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY scripts/warm-compile-cache.mjs ./scripts/
# Where the embedded ledger (PGlite) keeps its files when DATABASE_URL is not set; V8's compile cache.
RUN mkdir -p /data /app/.compile-cache && chown node:node /data /app/.compile-cache
VOLUME ["/data"]
USER node
# The compile cache made now, as node and with CMD's V8 flags (Node keeps one cache per user id and
# per flags): the first start reads the compiled code of every module instead of compiling ~2000 files.
# A read-only root filesystem still reads it; NODE_DISABLE_COMPILE_CACHE=1 turns it off.
RUN node --max-semi-space-size=8 scripts/warm-compile-cache.mjs
EXPOSE 4000
# The image has no curl: node itself probes GET /health.
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and receives SIGTERM itself (graceful stop: requests in flight finish).
# dist/bundle/main.js: the service bundled (scripts/bundle.mjs), as npm start runs it.
# --max-semi-space-size=8 (MiB), as in npm start: the garbage of the requests in flight dies young
# there instead of being promoted (less CPU, and less old space after a load of many connections than
# with 2 MiB); V8's default young generation grows to twice that under load and stays resident
# (bench/README.md).
# MALLOC_ARENA_MAX=2 (above), as in npm start: V8's compiler threads each kept a malloc arena of their
# own, resident after load. MALLOC_MMAP_THRESHOLD_=32768 (above), as in npm start: the compilers' 32 KiB
# zone segments are mapped and unmapped instead of fragmenting the arenas, which glibc kept resident.
# No other V8 flag here: one would make V8 refuse Node's built-in code cache (the embedded ledger sets
# its WebAssembly flags itself, src/ledger/embedded.ts; main.ts sets the old generation's growth).
CMD ["node", "--max-semi-space-size=8", "dist/bundle/main.js"]
