import { ChakraProvider } from "@chakra-ui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { RouterProvider } from "react-router";
import { ColorModeProvider } from "@/components/ui/color-mode";
import { meQueryOptions } from "@/features/account";
import { createAppQueryClient } from "./query-client";
import { createAppRouter } from "./router";
import { system } from "./theme";

/** App wires the theme, the query client with its central error handling, and the router. */
export function App() {
  const [{ router, queryClient }] = useState(() => {
    const appRouter = createAppRouter();
    const client = createAppQueryClient({
      pathname: () => appRouter.state.location.pathname,
      search: () => appRouter.state.location.search,
      navigate: (to) => void appRouter.navigate(to, { replace: true }),
    });
    // Every screen waits for the signed-in user (the route guards, the header): ask for it now,
    // beside the route's scripts, rather than after they have loaded and rendered. On a slow
    // phone, or a browser short of CPU, that waterfall was seconds of the first screen.
    void client.prefetchQuery(meQueryOptions());
    return { router: appRouter, queryClient: client };
  });
  return (
    <ChakraProvider value={system}>
      <ColorModeProvider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ColorModeProvider>
    </ChakraProvider>
  );
}
