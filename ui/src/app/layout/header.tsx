import { Box, Container, HStack, IconButton, Link, Spacer, Text } from "@chakra-ui/react";
import { lazy, Suspense, useState } from "react";
import { FaBars, FaDumbbell, FaXmark } from "react-icons/fa6";
import { Link as RouterLink } from "react-router";
import { ColorModeButton } from "@/components/ui/color-mode";
import { useUser } from "@/features/account";
import { DesktopNav } from "./desktop-nav";

// The folding menu's code (Chakra's collapsible and Ark's state machine) loads after the first
// screen, on which it is closed.
const MobileMenu = lazy(() => import("./mobile-nav").then((m) => ({ default: m.MobileMenu })));

/**
 * Header holds the logo, the navigation for the signed-in user or the visitor, and the colour
 * mode switch. Below the `lg` breakpoint the navigation folds into a menu panel.
 */
export function Header() {
  const { data: user, isPending } = useUser();
  const [menuOpen, setMenuOpen] = useState(false);
  const signedIn = user ?? null;

  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg.panel" borderBottomWidth="1px">
      <Container maxW="6xl" px={{ base: "2", md: "6" }}>
        <HStack minH="16" gap="1">
          <Link asChild fontWeight="bold" fontSize="xl" px="2" py="2" _hover={{ textDecoration: "none" }}>
            <RouterLink to="/home" onClick={() => setMenuOpen(false)}>
              <Box as="span" color="brand.solid" aria-hidden>
                <FaDumbbell />
              </Box>
              <Text as="span">Gymlog</Text>
            </RouterLink>
          </Link>
          <Spacer />
          {!isPending && (
            <HStack display={{ base: "none", lg: "flex" }} gap="1">
              <DesktopNav user={signedIn} />
            </HStack>
          )}
          <ColorModeButton />
          <IconButton
            display={{ base: "inline-flex", lg: "none" }}
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            variant="ghost"
            size="lg"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <FaXmark /> : <FaBars />}
          </IconButton>
        </HStack>
      </Container>
      <Suspense fallback={null}>
        <MobileMenu open={menuOpen} user={isPending ? undefined : signedIn} onNavigate={() => setMenuOpen(false)} />
      </Suspense>
    </Box>
  );
}
