import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { ImportPreview, ImportRequest } from "./import-types";

/** previewImport asks what importing the file would do; nothing is written. */
export function previewImport(request: ImportRequest): Promise<ImportPreview> {
  return apiFetch<ImportPreview>("/api/imports/preview", { method: "POST", body: request });
}

/** usePreviewImport is the preview of an import. */
export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}
