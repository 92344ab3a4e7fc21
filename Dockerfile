FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
COPY rest-adapter ./rest-adapter
COPY schema ./schema
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
# The embedded database's template (built by `npm run build`): its files are private (0600), so
# the user the service runs as must own them to copy them into DATA_DIR.
COPY --from=build --chown=node:node /app/node_modules/.cache/parley ./node_modules/.cache/parley
COPY --from=build /app/dist ./dist
COPY --from=build /app/rest-adapter/operations ./rest-adapter/operations
COPY --from=build /app/src/pages/assets ./src/pages/assets
COPY --from=build /app/schema ./schema
# With no DATABASE_URL the embedded database lives in DATA_DIR: a volume the service's user owns.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# As `npm start`: a 64 MB young generation (semi-space) for a server that allocates per request
# (README, Performance).
CMD ["node", "--max-semi-space-size=64", "dist/src/app/main.js"]
