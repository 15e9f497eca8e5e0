// The charts draw with the theme's tokens (as CSS variables), so they follow light and dark mode.
export const chartColors = {
  line: "var(--chakra-colors-brand-solid)",
  trend: "var(--chakra-colors-orange-solid)",
  average: "var(--chakra-colors-fg-muted)",
  axis: "var(--chakra-colors-border-emphasized)",
  grid: "var(--chakra-colors-border-muted)",
  text: "var(--chakra-colors-fg-muted)",
} as const;

/** The font of the charts' axis labels, in SVG units of the chart's view box. */
export const chartFont = { fontFamily: "inherit", fontSize: 12, fill: chartColors.text } as const;
