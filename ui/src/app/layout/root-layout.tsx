import { Box, Container, Flex } from "@chakra-ui/react";
import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { ToastHost } from "@/components/ui/notify";
import { DefaultTimeZone } from "@/features/profile";
import { InProgressBanner } from "@/features/workouts";
import { Footer } from "./footer";
import { Header } from "./header";

/**
 * RootLayout frames every page with the header and footer and scrolls to the top on navigation.
 * The main area is at least a screen high, so the footer starts below the fold and does not
 * jump down the screen while a page's data arrives (a layout shift Lighthouse counts).
 */
export function RootLayout() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);

  return (
    <Flex direction="column" minH="100dvh">
      <Header />
      <Box as="main" flex="1" minH="100dvh" py={{ base: "6", md: "10" }}>
        <Container maxW="5xl" px={{ base: "4", md: "6" }}>
          <Outlet />
        </Container>
      </Box>
      <InProgressBanner />
      <DefaultTimeZone />
      <ToastHost />
      <Footer />
    </Flex>
  );
}
