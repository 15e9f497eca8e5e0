import type { IconType } from "react-icons";
import {
  FaBolt,
  FaChessKnight,
  FaFire,
  FaGamepad,
  FaGem,
  FaHeadphones,
  FaHeart,
  FaLeaf,
  FaStar,
  FaUser,
} from "react-icons/fa6";

// The avatar options the API stores as Font Awesome class names; fa-user is the default.
const avatarIcons: Record<string, IconType> = {
  "fa-user": FaUser,
  "fa-heart": FaHeart,
  "fa-leaf": FaLeaf,
  "fa-bolt": FaBolt,
  "fa-gamepad": FaGamepad,
  "fa-chess-knight": FaChessKnight,
  "fa-fire": FaFire,
  "fa-star": FaStar,
  "fa-gem": FaGem,
  "fa-headphones": FaHeadphones,
};

/** AvatarIcon draws the user's avatar from its icon class name, falling back to fa-user. */
export function AvatarIcon({ icon }: { icon: string | null | undefined }) {
  const Icon = (icon && avatarIcons[icon]) || FaUser;
  return <Icon aria-hidden focusable="false" />;
}
