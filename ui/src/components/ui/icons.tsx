import { createIcon } from "@chakra-ui/react";

// Icons drawn here rather than taken from react-icons: its icon module sits in the app's first
// load, so every icon a lazily loaded page takes from it would grow that first load.

// As react-icons draws them: as tall as the text beside them.
const iconSize = { boxSize: "1em" } as const;

/** PlayIcon is the carousel's Play button. */
export const PlayIcon = createIcon({ displayName: "PlayIcon", viewBox: "0 0 24 24", defaultProps: iconSize, d: "M8 5v14l11-7z" });

/** PauseIcon is the carousel's Pause button. */
export const PauseIcon = createIcon({ displayName: "PauseIcon", viewBox: "0 0 24 24", defaultProps: iconSize, d: "M6 5h4v14H6zm8 0h4v14h-4z" });

/** ArrowUpIcon marks a value that went up. */
export const ArrowUpIcon = createIcon({ displayName: "ArrowUpIcon", viewBox: "0 0 24 24", defaultProps: iconSize, d: "M12 3l-8 8h5v10h6V11h5z" });

/** ArrowDownIcon marks a value that went down. */
export const ArrowDownIcon = createIcon({ displayName: "ArrowDownIcon", viewBox: "0 0 24 24", defaultProps: iconSize, d: "M12 21l8-8h-5V3H9v10H4z" });
