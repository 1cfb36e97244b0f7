# The gateway image: builds schema, gateway and web, then serves all three on one port.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY schema/package.json schema/
COPY gateway/package.json gateway/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY . .
# A Mapbox public token (and style) at build: the maps render with mapbox-gl; give the gateway the same token (CSP).
ARG MAPBOX_ACCESS_TOKEN=
ARG MAPBOX_STYLE_URL=
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=4000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 4000
VOLUME ["/data"]
CMD ["node", "gateway/dist/main.js"]
