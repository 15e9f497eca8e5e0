import { ChakraProvider } from "@chakra-ui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { RouterProvider } from "react-router";
import { ColorModeProvider } from "@/components/ui/color-mode";
import { createAppQueryClient } from "./query-client";
import { createAppRouter } from "./router";
import { system } from "./theme";

// The toasts' code (Chakra's toast and its state machine) loads after the first screen, outside
// the first load's JavaScript budget: the first toast comes after a save, long after.
const Toaster = lazy(() => import("@/components/ui/toaster").then((m) => ({ default: m.Toaster })));

/** App wires the theme, the query client with its central error handling, and the router. */
export function App() {
  const [{ router, queryClient }] = useState(() => {
    const appRouter = createAppRouter();
    const client = createAppQueryClient({
      pathname: () => appRouter.state.location.pathname,
      search: () => appRouter.state.location.search,
      navigate: (to) => void appRouter.navigate(to, { replace: true }),
    });
    return { router: appRouter, queryClient: client };
  });
  return (
    <ChakraProvider value={system}>
      <ColorModeProvider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        </QueryClientProvider>
      </ColorModeProvider>
    </ChakraProvider>
  );
}
