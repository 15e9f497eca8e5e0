import { ChakraProvider } from "@chakra-ui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { accountKeys } from "@/features/account";
import { mockApi } from "@/test/api-mock";
import { createTestQueryClient, LocationProbe, testUser } from "@/test/render";
import { EntryRedirect, RequireUser } from "./route-guards";
import { system } from "./theme";

function renderAt(url: string, queryClient = createTestQueryClient()) {
  const router = createMemoryRouter(
    [
      { index: true, element: <EntryRedirect /> },
      { element: <RequireUser />, children: [{ path: "verify", element: <p>verify page</p> }] },
      { element: <RequireUser verified />, children: [{ path: "weight/list", element: <p>weight page</p> }] },
      { path: "*", element: <LocationProbe /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

describe("route guards", () => {
  it("send a visitor from an auth page to /signin", async () => {
    mockApi({ "GET /api/users/user/me": { status: 401 } });
    renderAt("/weight/list");

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/signin"));
  });

  it("send an unverified user to /verify, but let them see /verify", async () => {
    mockApi({ "GET /api/users/user/me": { body: { ...testUser, isVerified: false } } });
    renderAt("/weight/list");

    expect(await screen.findByText("verify page")).toBeInTheDocument();
  });

  it("let a verified user through", async () => {
    mockApi({ "GET /api/users/user/me": { body: testUser } });
    renderAt("/weight/list");

    expect(await screen.findByText("weight page")).toBeInTheDocument();
  });

  it("send / to /home for a visitor", async () => {
    mockApi({ "GET /api/users/user/me": { status: 401 } });
    renderAt("/");
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/home"));
  });

  it("send / to /dashboard for a signed-in user", async () => {
    mockApi({ "GET /api/users/user/me": { body: testUser } });
    renderAt("/");
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/dashboard"));
  });

  it("wait, rather than send to /signin, while the account is being closed", async () => {
    mockApi({ "GET /api/users/user/me": { status: 401 } });
    const queryClient = createTestQueryClient();
    let answer: () => void = () => undefined;
    void queryClient
      .getMutationCache()
      .build(queryClient, { meta: { endsSession: true }, mutationFn: () => new Promise<void>((resolve) => (answer = resolve)) })
      .execute(undefined);
    renderAt("/weight/list", queryClient);

    await waitFor(() => expect(queryClient.getQueryState(accountKeys.me())?.status).toBe("success"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId("location")).toBeNull();
    answer();
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/signin"));
  });
});
