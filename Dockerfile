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
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/rest-adapter/operations ./rest-adapter/operations
COPY --from=build /app/src/pages/assets ./src/pages/assets
COPY --from=build /app/schema ./schema
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3000/health').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# As `npm start`: a 64 MB young generation (semi-space) for a server that allocates per request
# (README, Performance).
CMD ["node", "--max-semi-space-size=64", "dist/src/app/main.js"]
