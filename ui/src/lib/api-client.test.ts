import { describe, expect, it } from "vitest";
import { mockApi, violations } from "@/test/api-mock";
import { ApiError, apiFetch } from "./api-client";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("apiFetch", () => {
  it("sends a GET with the session cookie and no idempotency key, and decodes the JSON answer", async () => {
    const requests = mockApi({ "GET /api/weights/list?page=1": { body: { "hydra:totalItems": 0 } } });

    const answer = await apiFetch("/api/weights/list?page=1");

    expect(answer).toEqual({ "hydra:totalItems": 0 });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.get("Idempotency-Key")).toBeNull();
    expect(requests[0]?.headers.get("Accept")).toContain("application/ld+json");
    expect(fetch).toHaveBeenCalledWith("/api/weights/list?page=1", expect.objectContaining({ credentials: "same-origin" }));
  });

  it("sends a mutation as JSON with a fresh idempotency key per call", async () => {
    const requests = mockApi({ "POST /api/weights/add": { status: 201, body: { id: "1" } } });

    await apiFetch("/api/weights/add", { method: "POST", body: { date: "2026-11-21", weight: 80.5 } });
    await apiFetch("/api/weights/add", { method: "POST", body: { date: "2026-11-21", weight: 80.5 } });

    expect(requests[0]?.body).toEqual({ date: "2026-11-21", weight: 80.5 });
    expect(requests[0]?.headers.get("Content-Type")).toBe("application/json");
    const [first, second] = requests.map((request) => request.headers.get("Idempotency-Key"));
    expect(first).toMatch(uuid);
    expect(second).toMatch(uuid);
    expect(first).not.toBe(second);
  });

  it("sends the idempotency key the caller gives (a queued change sent again)", async () => {
    const requests = mockApi({ "DELETE /api/exercise_logs/s1": { status: 204 } });

    await apiFetch("/api/exercise_logs/s1", { method: "DELETE", idempotencyKey: "queued-key" });

    expect(requests[0]?.headers.get("Idempotency-Key")).toBe("queued-key");
  });

  it("retries a mutation that got no answer with the same idempotency key", async () => {
    let attempts = 0;
    const requests = mockApi({
      "POST /api/weights/add": () => {
        attempts++;
        if (attempts === 1) throw new TypeError("Failed to fetch");
        if (attempts === 2) return { status: 503 };
        return { status: 201, body: { id: "1" } };
      },
    });

    await expect(
      apiFetch("/api/weights/add", { method: "POST", body: { weight: 80 }, retryDelaysMs: [0, 0] }),
    ).resolves.toEqual({ id: "1" });

    expect(requests).toHaveLength(3);
    const keys = new Set(requests.map((request) => request.headers.get("Idempotency-Key")));
    expect(keys.size).toBe(1);
  });

  it("throws ApiError with status, title, description and violations on a 422", async () => {
    mockApi({ "POST /api/weights/add": violations(["weight", "Please enter a number"], ["weight", "Too heavy"]) });

    const error = await apiFetch("/api/weights/add", { method: "POST", body: {} }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      title: "An error occurred",
      description: "weight: Please enter a number\nweight: Too heavy",
      violations: [
        { propertyPath: "weight", message: "Please enter a number" },
        { propertyPath: "weight", message: "Too heavy" },
      ],
    });
  });

  it("gives a null title when the error answer is not a hydra error", async () => {
    mockApi({ "GET /api/users/user/me": { status: 500, body: "upstream exploded" } });

    const error = await apiFetch("/api/users/user/me").catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 500, title: null, description: null, violations: [] });
  });

  it("throws ApiError with status 0 when no answer arrives", async () => {
    mockApi({
      "GET /api/users/user/me": () => {
        throw new TypeError("Failed to fetch");
      },
    });

    const error = await apiFetch("/api/users/user/me").catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, title: null });
  });

  it("takes the service worker's copy unless the caller wants the server's own answer", async () => {
    const copy = { "hydra:member": [] };
    mockApi({ "GET /api/exercise_logs/list/w1": { body: copy, headers: { "X-Gymlog-Copy": "1" } } });

    expect(await apiFetch("/api/exercise_logs/list/w1")).toEqual(copy);
    const error = await apiFetch("/api/exercise_logs/list/w1", { fromServer: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0 });
  });

  it("returns undefined for 204 No Content", async () => {
    mockApi({ "DELETE /api/weights/9": { status: 204 } });

    await expect(apiFetch("/api/weights/9", { method: "DELETE" })).resolves.toBeUndefined();
  });
});
