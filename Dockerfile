# Meridian's production image: the server (run by tsx, as `npm run start:server`) and the built web app.
# Without MERIDIAN_DEMO: no demo members, no development outbox. docs/deploy.md says how to run it.
#
#   docker build -t meridian .
#   docker run --init -e DATABASE_URL=... -e API_URL=... -e EPA_DOMAIN=... -e SECRETS_KEY=... meridian npm run db:migrate
#   docker run --init -p 3000:3000 -e ... meridian

# Build stage: every dependency (vite, typescript) to build the web app.
FROM node:20-slim AS build
WORKDIR /app
COPY .npmrc package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/pensions/package.json packages/pensions/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages packages
COPY apps/web apps/web
COPY content content
RUN npm run build:web

# Runtime stage: production dependencies only (tsx among them: the server runs from its TypeScript).
FROM node:20-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    MIGRATE_ON_START=false \
    SHUTDOWN_DRAIN_SECONDS=10 \
    DOCUMENTS_DIR=/app/data/documents
WORKDIR /app
COPY .npmrc package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/pensions/package.json packages/pensions/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY tsconfig.base.json ./
COPY packages packages
COPY apps/server apps/server
COPY content content
COPY --from=build /app/apps/web/dist apps/web/dist
# The disk document store's folder, for a deployment without S3 (mount a volume on it).
RUN mkdir -p /app/data/documents && chown -R node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# npm passes SIGTERM on to the server, which drains and stops (docs/deploy.md); run with an init
# process (docker run --init, compose's init: true) so the signal reaches npm as PID 1's child.
CMD ["npm", "run", "--silent", "start:server"]
