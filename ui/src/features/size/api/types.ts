/** sizeCategories are the body parts a size log is kept for, in the order the menu lists them. */
export const sizeCategories = ["Arms", "Calves", "Chest", "Hips", "Neck", "Thighs", "Waist"] as const;

/** SizeCategory is one body part a size log is kept for. */
export type SizeCategory = (typeof sizeCategories)[number];

/** isSizeCategory tells a known category from any other text (such as a mistyped address). */
export function isSizeCategory(value: string | undefined): value is SizeCategory {
  return (sizeCategories as readonly string[]).includes(value ?? "");
}

/** SizeEntry is one row of a size log, in cm. */
export interface SizeEntry {
  id: string;
  dateMeasured: string;
  measurement: number;
  /** This entry minus the one before it in the same category; null for the first. */
  difference: number | null;
  category: SizeCategory;
}

/** SizePage is one page of a category's size log. */
export interface SizePage {
  "hydra:member": SizeEntry[];
  "hydra:totalItems": number;
}

/** SizeDetail is a single measurement as GET /api/sizes/{id} returns it. */
export interface SizeDetail {
  id: string;
  dateMeasured: string;
  dateMeasuredShortDate: string;
  measurement: number;
  category: SizeCategory;
}

/** The size log shows this many entries per page. */
export const sizePageSize = 9;
