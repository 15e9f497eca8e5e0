import { Button, Link, type ButtonProps, type LinkProps } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router";

/** AppLink is a Chakra text link that navigates inside the app. */
export function AppLink({ to, children, ...props }: LinkProps & { to: string }) {
  return (
    <Link asChild colorPalette="brand" color="colorPalette.fg" {...props}>
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}

/** LinkButton is a link that looks like a button, for navigation that reads as an action. */
export function LinkButton({ to, children, ...props }: ButtonProps & { to: string }) {
  return (
    <Button asChild {...props}>
      <RouterLink to={to}>{children}</RouterLink>
    </Button>
  );
}
