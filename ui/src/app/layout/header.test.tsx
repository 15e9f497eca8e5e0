import { ChakraProvider } from "@chakra-ui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ColorModeProvider } from "@/components/ui/color-mode";
import type { User } from "@/features/account";
import { mockApi } from "@/test/api-mock";
import { createTestQueryClient, LocationProbe, testUser } from "@/test/render";
import { system } from "../theme";
import { Header } from "./header";

function renderHeader(url: string) {
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <>
            <Header />
            <LocationProbe />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <ChakraProvider value={system}>
      <ColorModeProvider>
        <QueryClientProvider client={createTestQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ColorModeProvider>
    </ChakraProvider>,
  );
}

async function openMobileMenu() {
  await userEvent.setup().click(screen.getByRole("button", { name: "Open menu" }));
  // The panel's code loads lazily (header.tsx).
  return screen.findByRole("navigation", { name: "Main" });
}

function signedInAs(user: User) {
  mockApi({ "GET /api/users/user/me": { body: user } });
}

describe("Header", () => {
  it("offers a visitor the Tools menu, Sign up and Login, each hidden on its own page", async () => {
    mockApi({ "GET /api/users/user/me": { status: 401 } });
    renderHeader("/signin");

    const nav = await openMobileMenu();
    expect(await within(nav).findByRole("link", { name: "Calorie Calculator" })).toHaveAttribute(
      "href",
      "/tools/calorie-calculator",
    );
    expect(within(nav).getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/signup");
    expect(within(nav).queryByRole("link", { name: "Login" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Gymlog" })).toHaveAttribute("href", "/home");
  });

  it("shows a standard user the app's sections and the user menu entries", async () => {
    signedInAs({ ...testUser, displayName: "Ada L" });
    renderHeader("/dashboard");

    const nav = await openMobileMenu();
    await within(nav).findByText("Ada L");
    const links = within(nav)
      .getAllByRole("link")
      .map((link) => [link.textContent, link.getAttribute("href")]);
    expect(links).toEqual([
      ["Dashboard", "/dashboard"],
      ["Plans", "/plan"],
      ["Workouts", "/workouts"],
      ["Progress", "/progress"],
      ["Start Workout", "/start-workout"],
      ["Profile", "/profile/view"],
      ["Weight", "/weight/list"],
      ["Size", "/size/list/Arms"],
      ["Calorie Calculator", "/tools/calorie-calculator"],
      ["Upgrade", "/profile/user/upgrade"],
    ]);
    expect(within(nav).getByRole("button", { name: "Logout" })).toBeInTheDocument();
  });

  it("shows a trainer Personal Trainer, Clients and no Upgrade; a trainer's client Trainer with the pending count", async () => {
    signedInAs({ ...testUser, trainer: true, trainersClient: true, pendingTrainers: 2 });
    renderHeader("/dashboard");

    const nav = await openMobileMenu();
    expect(await within(nav).findByText("Personal Trainer")).toBeInTheDocument();
    expect(within(nav).getByRole("link", { name: "Clients" })).toHaveAttribute("href", "/client");
    const trainer = within(nav).getByRole("link", { name: /Trainer/ });
    expect(trainer).toHaveAttribute("href", "/trainer");
    expect(within(trainer).getByLabelText("2 pending")).toHaveTextContent("2");
    expect(within(nav).queryByRole("link", { name: "Upgrade" })).not.toBeInTheDocument();
  });

  it("shows Trainer to someone asked by a trainer before they are anyone's client, with the pending count", async () => {
    signedInAs({ ...testUser, pendingTrainers: 1 });
    renderHeader("/dashboard");
    const nav = await openMobileMenu();
    const trainer = await within(nav).findByRole("link", { name: /^Trainer/ });
    expect(trainer).toHaveAttribute("href", "/trainer");
    expect(within(trainer).getByLabelText("1 pending")).toHaveTextContent("1");
    expect(within(nav).queryByRole("link", { name: "Clients" })).not.toBeInTheDocument();
  });

  it("shows a confirmed client Trainer without a badge when nothing is pending", async () => {
    signedInAs({ ...testUser, trainersClient: true, pendingTrainers: 0 });
    renderHeader("/dashboard");
    const nav = await openMobileMenu();
    const trainer = await within(nav).findByRole("link", { name: "Trainer" });
    expect(within(trainer).queryByLabelText(/pending/)).not.toBeInTheDocument();
  });

  it("logs out: GET /logout, forgets the user and goes to /signin", async () => {
    const requests = mockApi({
      "GET /api/users/user/me": { body: testUser },
      "GET /logout": { body: { loggedOut: true } },
    });
    renderHeader("/weight/list");

    const nav = await openMobileMenu();
    await userEvent.setup().click(await within(nav).findByRole("button", { name: "Logout" }));

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/signin"));
    expect(requests.map((request) => request.url)).toContain("/logout");
    expect(await within(await openMobileMenu()).findByRole("link", { name: "Sign up" })).toBeInTheDocument();
  });

  it("opens the desktop menus, whose code loads lazily, with their entries", async () => {
    signedInAs({ ...testUser, displayName: "Ada L" });
    renderHeader("/dashboard");
    const user = userEvent.setup();

    // Below the lg breakpoint, which jsdom's window is, the desktop navigation is hidden.
    await user.click(await screen.findByRole("button", { name: /Ada L/, hidden: true }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: "Weight" })).toHaveAttribute("href", "/weight/list");
    expect(within(menu).getByRole("menuitem", { name: "Logout" })).toBeInTheDocument();
  });

  it("opens a visitor's Tools menu with the tools", async () => {
    mockApi({ "GET /api/users/user/me": { status: 401 } });
    renderHeader("/home");

    await userEvent.setup().click(await screen.findByRole("button", { name: "Tools", hidden: true }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: "Calorie Calculator" })).toHaveAttribute(
      "href",
      "/tools/calorie-calculator",
    );
  });
});
