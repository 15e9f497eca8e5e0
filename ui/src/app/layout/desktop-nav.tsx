import { Badge, Button } from "@chakra-ui/react";
import { cloneElement, lazy, Suspense, useState, type ComponentProps } from "react";
import { FaChevronDown } from "react-icons/fa6";
import { NavLink, useLocation } from "react-router";
import { AvatarIcon } from "@/components/ui/avatar-icon";
import { LinkButton } from "@/components/ui/link";
import { useLogout, type User } from "@/features/account";
import { useClientFilter } from "@/lib/client-filter";
import { mainNavItems, toolItems, userMenuItems, userName, type NavItem } from "./nav-items";

// The menus' code loads after the first screen; until it arrives, their buttons show as they
// will look, and a menu clicked meanwhile opens when it arrives.
const NavMenu = lazy(() => import("./nav-menu").then((m) => ({ default: m.NavMenu })));

function LazyNavMenu(props: ComponentProps<typeof NavMenu>) {
  const [clicked, setClicked] = useState(false);
  return (
    <Suspense fallback={cloneElement(props.trigger, { onClick: () => setClicked(true) })}>
      <NavMenu {...props} defaultOpen={clicked} />
    </Suspense>
  );
}

/** DesktopNav is the header's navigation on wide screens. */
export function DesktopNav({ user }: { user: User | null }) {
  const { pathname } = useLocation();
  const clientFilter = useClientFilter();
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
        {mainNavItems(user, clientFilter).map((item) => (
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
  const trigger = (
    <Button variant="ghost">
      {label} <FaChevronDown aria-hidden />
    </Button>
  );
  return <LazyNavMenu trigger={trigger} items={items} />;
}

function UserMenu({ user }: { user: User }) {
  const logout = useLogout();
  const trigger = (
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
  );
  return (
    <LazyNavMenu
      trigger={trigger}
      items={userMenuItems(user)}
      logout={{ pending: logout.isPending, onSelect: () => logout.mutate() }}
      minW="48"
    />
  );
}
