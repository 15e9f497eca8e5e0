# The gymlog image: the UI built with Node, embedded into a static Go binary.
FROM node:20-bookworm AS ui
WORKDIR /src/ui
COPY ui/package.json ui/package-lock.json ./
RUN npm install --no-audit --no-fund
COPY ui/ ./
RUN npm run build

FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=ui /src/ui/dist ./ui/dist
RUN CGO_ENABLED=0 go build -o /gymlog ./cmd/gymlog

FROM scratch
COPY --from=build /etc/ssl/certs/ca-certificates.crt /etc/ssl/certs/
COPY --from=build /gymlog /gymlog
EXPOSE 8080
ENTRYPOINT ["/gymlog"]
