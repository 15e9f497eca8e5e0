import { createSystem, defaultBaseConfig, defineConfig } from "@chakra-ui/react";
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  collapsibleSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  segmentGroupSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  tableSlotRecipe,
  textareaRecipe,
  textStyles,
  tokens,
  toastSlotRecipe,
  tooltipSlotRecipe,
} from "@chakra-ui/react/theme";

// Chakra's defaultConfig carries the recipe of every Chakra component, used or not, and they
// all land in the first-load script. The app's system is the same theme (tokens, text and layer
// styles, global CSS) with only the recipes of the components the app uses; theme.test.ts fails,
// naming the recipe to add here, when a component without its recipe is imported.
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      accordion: accordionSlotRecipe,
      dialog: dialogSlotRecipe,
      progress: progressSlotRecipe,
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      collapsible: collapsibleSlotRecipe,
      dataList: dataListSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      popover: popoverSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      segmentGroup: segmentGroupSlotRecipe,
      stat: statSlotRecipe,
      table: tableSlotRecipe,
      toast: toastSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
});


// One brand palette (a strong teal) that Chakra's recipes use through colorPalette="brand",
// with semantic tokens for the light and dark themes. Chakra's solid green (600) and light
// solid orange (600) carry white text at 3.3:1 and 3.6:1, and its light error, warning and
// success texts (red 500, orange 600, green 600) stand at 3.3 to 3.8:1 on white; one shade
// darker each passes WCAG AA's 4.5:1 (the accessibility spec's axe checks hold every screen to it).
const config = defineConfig({
  globalCss: {
    "html, body": { overflowX: "hidden" },
    body: { bg: "bg", color: "fg" },
  },
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: "#e6fffa" },
          100: { value: "#b2f5ea" },
          200: { value: "#81e6d9" },
          300: { value: "#4fd1c5" },
          400: { value: "#38b2ac" },
          500: { value: "#2c7a7b" },
          600: { value: "#285e61" },
          700: { value: "#234e52" },
          800: { value: "#1d4044" },
          900: { value: "#122b2e" },
          950: { value: "#0b1c1e" },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: { _light: "{colors.brand.500}", _dark: "{colors.brand.300}" } },
          contrast: { value: { _light: "white", _dark: "{colors.brand.950}" } },
          fg: { value: { _light: "{colors.brand.600}", _dark: "{colors.brand.200}" } },
          muted: { value: { _light: "{colors.brand.100}", _dark: "{colors.brand.800}" } },
          subtle: { value: { _light: "{colors.brand.50}", _dark: "{colors.brand.900}" } },
          emphasized: { value: { _light: "{colors.brand.200}", _dark: "{colors.brand.700}" } },
          focusRing: { value: { _light: "{colors.brand.500}", _dark: "{colors.brand.300}" } },
        },
        fg: {
          error: { value: { _light: "{colors.red.600}", _dark: "{colors.red.400}" } },
          warning: { value: { _light: "{colors.orange.700}", _dark: "{colors.orange.300}" } },
          success: { value: { _light: "{colors.green.700}", _dark: "{colors.green.300}" } },
        },
        green: {
          solid: { value: { _light: "{colors.green.700}", _dark: "{colors.green.700}" } },
        },
        orange: {
          solid: { value: { _light: "{colors.orange.700}", _dark: "{colors.orange.500}" } },
        },
      },
    },
  },
});

/**
 * system is the app's Chakra theme: the default one, with the recipes the app uses, and the
 * brand palette on top.
 */
export const system = createSystem(defaultBaseConfig, chakraTheme, config);
