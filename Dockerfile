# syntax=docker/dockerfile:1
# The credit graph. Build: docker build -t credit-graph .   Run: see compose.yaml and the README.
ARG NODE_VERSION=24.21.0

# Build stage: every dependency (TypeScript, type definitions), compiles src/ to dist/.
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# Install scripts stay off as on the project's machines: nothing the build needs has one.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build

# Runtime stage: production dependencies and dist/ only, as the non-root node user.
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=4000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# Where the embedded ledger (PGlite) keeps its files when DATABASE_URL is not set.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 4000
# The image has no curl: node itself probes GET /health.
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and receives SIGTERM itself (graceful stop: requests in flight finish).
CMD ["node", "dist/main.js"]
