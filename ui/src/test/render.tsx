import { ChakraProvider } from "@chakra-ui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from "react-router";
import { system } from "@/app/theme";
import type { User } from "@/features/account/api/types";

/** testUser is a verified user with no workouts, as GET /api/users/user/me would answer. */
export const testUser: User = {
  id: "5f0c6a0e-0000-4000-8000-000000000001",
  email: "ada@example.com",
  firstName: "Ada",
  surname: "Lovelace",
  dateOfBirth: null,
  gender: null,
  displayName: null,
  dashboardChart: "Weight",
  icon: "fa-user",
  height: null,
  loggedInName: "Ada",
  trainer: false,
  trainersClient: false,
  pendingTrainers: 0,
  isVerified: true,
  sessions: [],
  age: null,
  currentWeightKg: null,
  unit: "kg",
  timeZone: "UTC",
};

/** createTestQueryClient is a fresh client per test, with retries off. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** LocationProbe shows the router's current path, so tests can see where a page navigated. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

interface RenderPageOptions {
  /** The route pattern the page is mounted at, e.g. "/weight/delete/:id". */
  path: string;
  /** The address to start at; defaults to `path`. */
  url?: string;
  queryClient?: QueryClient;
  /** Other pages the test follows the user to, e.g. /signin after a password change. */
  routes?: RouteObject[];
}

/** renderPage renders one page inside the app's providers and a memory router. */
export function renderPage(
  page: ReactNode,
  { path, url = path, queryClient = createTestQueryClient(), routes: others = [] }: RenderPageOptions,
) {
  const routes: RouteObject[] = [
    { path, element: <WithProbe>{page}</WithProbe> },
    ...others.map((route) => ({ ...route, element: <WithProbe>{route.element}</WithProbe> })),
    { path: "*", element: <LocationProbe /> },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const result = render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return { ...result, router, queryClient };
}

function WithProbe({ children }: { children: ReactNode }) {
  return (
    <>
      <LocationProbe />
      {children}
    </>
  );
}
