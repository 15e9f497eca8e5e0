import { IconButton } from "@chakra-ui/react";
import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useState, type ReactNode } from "react";
import { FaMoon, FaSun } from "react-icons/fa6";

/** ColorMode is the light or dark theme; Chakra follows the `dark` class on <html>. */
export type ColorMode = "light" | "dark";

const storageKey = "gymlog-color-mode";

interface ColorModeContextValue {
  colorMode: ColorMode;
  toggleColorMode: () => void;
}

const ColorModeContext = createContext<ColorModeContextValue | null>(null);

/** ColorModeProvider holds the colour mode: the user's stored choice, else the system's. */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [colorMode, setColorMode] = useState<ColorMode>(initialColorMode);
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.classList.toggle("dark", colorMode === "dark");
    root.classList.toggle("light", colorMode === "light");
    root.style.colorScheme = colorMode;
  }, [colorMode]);
  const toggleColorMode = useCallback(() => {
    const next = colorMode === "dark" ? "light" : "dark";
    store(next);
    setColorMode(next);
  }, [colorMode]);
  const value = useMemo(() => ({ colorMode, toggleColorMode }), [colorMode, toggleColorMode]);
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

/** ColorModeButton switches between the light and dark themes. */
export function ColorModeButton() {
  const { colorMode, toggleColorMode } = useColorMode();
  return (
    <IconButton
      aria-label={colorMode === "dark" ? "Switch to light mode" : "Switch to dark mode"}
      variant="ghost"
      size="lg"
      onClick={toggleColorMode}
    >
      {colorMode === "dark" ? <FaSun /> : <FaMoon />}
    </IconButton>
  );
}

function useColorMode(): ColorModeContextValue {
  const value = useContext(ColorModeContext);
  if (!value) throw new Error("useColorMode needs a ColorModeProvider");
  return value;
}

function initialColorMode(): ColorMode {
  try {
    const stored = localStorage.getItem(storageKey);
    if (stored === "dark" || stored === "light") return stored;
  } catch {
    // Storage may be refused (private browsing); fall back to the system preference.
  }
  return window.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

function store(mode: ColorMode): void {
  try {
    localStorage.setItem(storageKey, mode);
  } catch {
    // Without storage the choice lasts for this visit only.
  }
}
