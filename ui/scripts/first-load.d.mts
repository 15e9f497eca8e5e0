export const firstLoadBudgetKb: number;
export function firstLoadScripts(html: string): string[];
export function gzipKb(content: Uint8Array): number;
