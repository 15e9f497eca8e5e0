import { Menu, Portal, type ButtonProps } from "@chakra-ui/react";
import type { ReactElement } from "react";
import { Link as RouterLink } from "react-router";
import type { NavItem } from "./nav-items";

interface NavMenuProps {
  /** The button that opens the menu (desktop-nav.tsx shows the same one while this loads). */
  trigger: ReactElement<ButtonProps>;
  items: NavItem[];
  /** A Logout entry below the links, when given. */
  logout?: { pending: boolean; onSelect: () => void };
  minW?: string;
  /** Opens the menu at once: its button was clicked before this loaded. */
  defaultOpen?: boolean;
}

/**
 * NavMenu is a drop-down menu of the desktop header. It loads apart from the first-load script
 * (desktop-nav.tsx imports it lazily): Chakra's menu brings a positioning engine and Ark's
 * menu machine that the first screen does not need.
 */
export function NavMenu({ trigger, items, logout, minW, defaultOpen }: NavMenuProps) {
  return (
    <Menu.Root defaultOpen={defaultOpen}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW={minW}>
            {items.map((item) => (
              <Menu.Item key={item.to} value={item.to} asChild>
                <RouterLink to={item.to}>{item.label}</RouterLink>
              </Menu.Item>
            ))}
            {logout && (
              <>
                <Menu.Separator />
                <Menu.Item value="logout" disabled={logout.pending} onSelect={logout.onSelect}>
                  Logout
                </Menu.Item>
              </>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
