# Gymlog. `make run` serves the app on http://localhost:8080 with SQLite under ./data;
# `make test` runs every test. Go, Node.js and npm are all either needs.

GO        ?= go
BIN       := bin/gymlog
STANDIN   := bin/paypal-standin
UI_STAMP  := ui/node_modules/.package-lock.json
UI_SRC    := $(shell find ui/src ui/index.html ui/vite.config.ts ui/tsconfig*.json -type f 2>/dev/null)
GO_SRC    := $(shell find . -name '*.go' -not -path './ui/node_modules/*' 2>/dev/null) go.mod go.sum

.PHONY: run build test test-go test-ui test-e2e test-property ui-deps clean bench

run: build
	$(BIN) serve

build: $(BIN) $(STANDIN)

# npm ci cannot be used here (the lockfile omits other platforms' optional packages);
# npm install leaves the committed lockfile unchanged.
$(UI_STAMP): ui/package.json ui/package-lock.json
	cd ui && npm install --no-audit --no-fund --loglevel=error
	@touch $@

ui-deps: $(UI_STAMP)

ui/dist/index.html: $(UI_STAMP) $(UI_SRC)
	cd ui && npm run build

$(BIN): ui/dist/index.html $(GO_SRC)
	CGO_ENABLED=0 $(GO) build -o $(BIN) ./cmd/gymlog

# The local PayPal stand-in the end-to-end tests take a trainer subscription against.
$(STANDIN): $(GO_SRC)
	CGO_ENABLED=0 $(GO) build -o $(STANDIN) ./cmd/paypal-standin

test: test-go test-ui test-e2e

# ui/node_modules can hold Go files of its own (some npm packages ship them): not ours.
# The rebuild-equals-live property test runs a few seeds under -race, beside every other test,
# then 300 per backend without it (-race makes it twelve times slower, and the histories, not
# the goroutines, are what those seeds are for).
test-go:
	$(GO) vet $$($(GO) list ./... | grep -v /node_modules/)
	GYMLOG_PROPERTY_SEEDS=12 $(GO) test -race -count=1 -timeout 30m $$($(GO) list ./... | grep -v /node_modules/)
	GYMLOG_PROPERTY_SEEDS=300 $(GO) test -count=1 -timeout 30m -run Property ./projections/readmodels/

# Every read model rebuilt equals the one built live, on many more random histories than
# `make test` runs (docs/ARCHITECTURE.md, "Rebuild equals live"), on SQLite and PostgreSQL.
# Without -race: the histories, not the goroutines, are what this run is for.
PROPERTY_SEEDS ?= 10000
test-property:
	GYMLOG_PROPERTY_SEEDS=$(PROPERTY_SEEDS) GYMLOG_PROPERTY_GROUP=$${GYMLOG_PROPERTY_GROUP:-200} \
		$(GO) test -count=1 -timeout 0 -run 'Property' -v ./projections/readmodels/

test-ui: $(UI_STAMP)
	cd ui && npm run typecheck && npm run lint && npm test

test-e2e: $(BIN) $(STANDIN)
	cd ui && GYMLOG_E2E_BINARY=../$(BIN) npm run e2e

bench:
	$(GO) test -run '^$$' -bench . -benchtime 3s ./eventstore/...

clean:
	rm -rf bin ui/dist/assets ui/dist/index.html
