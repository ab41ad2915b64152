# Build stage: install, build the shared package, API and the three front ends.
FROM node:20-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/common/package.json packages/common/
COPY packages/web/package.json packages/web/
COPY backend/package.json backend/
COPY admin/package.json admin/
COPY client-portal/package.json client-portal/
COPY public-site/package.json public-site/
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

# Run stage: one Node process serves the API and the front ends.
FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 3000 2525
CMD ["node", "backend/dist/main.js"]
