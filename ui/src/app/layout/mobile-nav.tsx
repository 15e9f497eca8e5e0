import { Badge, Button, Collapsible, Container, HStack, Separator, Stack, Text } from "@chakra-ui/react";
import { NavLink, useLocation } from "react-router";
import { AvatarIcon } from "@/components/ui/avatar-icon";
import { useLogout, type User } from "@/features/account";
import { useClientFilter } from "@/lib/client-filter";
import { mainNavItems, toolItems, userMenuItems, userName, type NavItem } from "./nav-items";

interface MobileMenuProps {
  open: boolean;
  /** The signed-in user, null for a visitor, undefined while that is not known yet. */
  user: User | null | undefined;
  onNavigate: () => void;
}

/**
 * MobileMenu is the header's folding panel below the `lg` breakpoint. The header loads it apart
 * from the first-load script: it is closed on the first screen.
 */
export function MobileMenu({ open, user, onNavigate }: MobileMenuProps) {
  return (
    <Collapsible.Root open={open} display={{ base: "block", lg: "none" }}>
      <Collapsible.Content id="mobile-menu">
        {user !== undefined && <MobileNav user={user} onNavigate={onNavigate} />}
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

interface MobileNavProps {
  user: User | null;
  /** Called when an entry is chosen, so the panel can fold away. */
  onNavigate: () => void;
}

/** MobileNav is the header's folding navigation panel on small screens: one large entry per line. */
export function MobileNav({ user, onNavigate }: MobileNavProps) {
  const { pathname } = useLocation();
  const clientFilter = useClientFilter();
  const logout = useLogout();
  return (
    <Container maxW="6xl" pb="4" borderTopWidth="1px">
      <Stack as="nav" aria-label="Main" gap="1" pt="2">
        {user ? (
          <>
            {mainNavItems(user, clientFilter).map((item) => (
              <PanelLink key={item.to} item={item} onNavigate={onNavigate} />
            ))}
            <PanelLink item={{ label: "Start Workout", to: "/start-workout" }} onNavigate={onNavigate} solid />
            <Separator my="2" />
            <HStack px="4" py="2" color="fg.muted" data-avatar={user.icon}>
              <AvatarIcon icon={user.icon} />
              <Text>{userName(user)}</Text>
              {user.trainer && (
                <Badge colorPalette="yellow" variant="solid">
                  Personal Trainer
                </Badge>
              )}
            </HStack>
            {userMenuItems(user).map((item) => (
              <PanelLink key={item.to} item={item} onNavigate={onNavigate} />
            ))}
            <Button
              variant="ghost"
              size="lg"
              justifyContent="flex-start"
              loading={logout.isPending}
              onClick={() => {
                onNavigate();
                logout.mutate();
              }}
            >
              Logout
            </Button>
          </>
        ) : (
          <>
            <Text px="4" pt="2" fontSize="sm" fontWeight="semibold" color="fg.muted">
              Tools
            </Text>
            {toolItems.map((item) => (
              <PanelLink key={item.to} item={item} onNavigate={onNavigate} />
            ))}
            <Separator my="2" />
            {pathname !== "/signup" && (
              <PanelLink item={{ label: "Sign up", to: "/signup" }} onNavigate={onNavigate} solid />
            )}
            {pathname !== "/signin" && <PanelLink item={{ label: "Login", to: "/signin" }} onNavigate={onNavigate} />}
          </>
        )}
      </Stack>
    </Container>
  );
}

function PanelLink({ item, onNavigate, solid = false }: { item: NavItem; onNavigate: () => void; solid?: boolean }) {
  return (
    <Button
      asChild
      size="lg"
      justifyContent={solid ? "center" : "flex-start"}
      variant={solid ? "solid" : "ghost"}
      colorPalette={solid ? "brand" : undefined}
      _currentPage={solid ? undefined : { color: "brand.fg", fontWeight: "semibold" }}
    >
      <NavLink to={item.to} onClick={onNavigate}>
        {item.label}
        {item.badge !== undefined && (
          <Badge colorPalette="red" variant="solid" aria-label={`${item.badge} pending`}>
            {item.badge}
          </Badge>
        )}
      </NavLink>
    </Button>
  );
}
