/** avatarOptions are the avatar icons a user may choose, with their labels; fa-user is the default. */
export const avatarOptions = [
  { icon: "fa-user", label: "Person" },
  { icon: "fa-heart", label: "Heart" },
  { icon: "fa-leaf", label: "Leaf" },
  { icon: "fa-bolt", label: "Bolt" },
  { icon: "fa-gamepad", label: "Gamepad" },
  { icon: "fa-chess-knight", label: "Chess knight" },
  { icon: "fa-fire", label: "Fire" },
  { icon: "fa-star", label: "Star" },
  { icon: "fa-gem", label: "Gem" },
  { icon: "fa-headphones", label: "Headphones" },
] as const;

/** defaultAvatar is the icon of a user who chose none. */
export const defaultAvatar = "fa-user";
