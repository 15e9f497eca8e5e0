import { Badge, Button, Menu, Portal } from "@chakra-ui/react";
import { FaChevronDown } from "react-icons/fa6";
import { Link as RouterLink, NavLink, useLocation } from "react-router";
import { AvatarIcon } from "@/components/ui/avatar-icon";
import { LinkButton } from "@/components/ui/link";
import { useLogout, type User } from "@/features/account";
import { mainNavItems, toolItems, userMenuItems, userName, type NavItem } from "./nav-items";

/** DesktopNav is the header's navigation on wide screens. */
export function DesktopNav({ user }: { user: User | null }) {
  const { pathname } = useLocation();
  if (!user) {
    return (
      <>
        <DropdownMenu label="Tools" items={toolItems} />
        {pathname !== "/signup" && (
          <LinkButton to="/signup" colorPalette="brand" variant="solid">
            Sign up
          </LinkButton>
        )}
        {pathname !== "/signin" && (
          <LinkButton to="/signin" colorPalette="brand" variant="outline">
            Login
          </LinkButton>
        )}
      </>
    );
  }
  return (
    <>
      <nav aria-label="Main">
        {mainNavItems(user).map((item) => (
          <NavButton key={item.to} item={item} />
        ))}
      </nav>
      <LinkButton to="/start-workout" colorPalette="brand" variant="solid" mx="2">
        Start Workout
      </LinkButton>
      <UserMenu user={user} />
    </>
  );
}

function NavButton({ item }: { item: NavItem }) {
  return (
    <Button asChild variant="ghost" _currentPage={{ color: "brand.fg", fontWeight: "semibold" }}>
      <NavLink to={item.to}>
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

function DropdownMenu({ label, items }: { label: string; items: NavItem[] }) {
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button variant="ghost">
          {label} <FaChevronDown aria-hidden />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {items.map((item) => (
              <Menu.Item key={item.to} value={item.to} asChild>
                <RouterLink to={item.to}>{item.label}</RouterLink>
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

function UserMenu({ user }: { user: User }) {
  const logout = useLogout();
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button variant="ghost" data-avatar={user.icon}>
          <AvatarIcon icon={user.icon} />
          {userName(user)}
          {user.trainer && (
            <Badge colorPalette="yellow" variant="solid">
              Personal Trainer
            </Badge>
          )}
          <FaChevronDown aria-hidden />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="48">
            {userMenuItems(user).map((item) => (
              <Menu.Item key={item.to} value={item.to} asChild>
                <RouterLink to={item.to}>{item.label}</RouterLink>
              </Menu.Item>
            ))}
            <Menu.Separator />
            <Menu.Item value="logout" disabled={logout.isPending} onSelect={() => logout.mutate()}>
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
