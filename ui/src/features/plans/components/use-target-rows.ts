import { type ArrayPath, type FieldArray, type Path, type PathValue, useFieldArray, type UseFormReturn } from "react-hook-form";
import { withRowAdded, withRowRemoved } from "../model/targets";

/** TargetValues are a plan exercise form's values: the target rows and the notes. */
export interface TargetValues<Row> {
  targets: Row[];
  notes: string;
}

/**
 * useTargetRows drives a form's target rows by the table's rules (model/targets): Add Set copies
 * the previous row, Remove leaves the first. A refused save's messages were for the old rows, so
 * they are cleared.
 */
export function useTargetRows<Row extends object>(form: UseFormReturn<TargetValues<Row>>, blank: Row) {
  const rows = useFieldArray({ control: form.control, name: "targets" as ArrayPath<TargetValues<Row>> });
  const current = () => form.getValues("targets" as Path<TargetValues<Row>>) as PathValue<TargetValues<Row>, "targets"> as Row[];
  const setRows = (next: Row[]) => {
    form.clearErrors();
    rows.replace(next as FieldArray<TargetValues<Row>, ArrayPath<TargetValues<Row>>>[]);
  };
  return {
    rowKeys: rows.fields.map((field) => field.id),
    addRow: () => setRows(withRowAdded(current(), blank)),
    removeRow: (index: number) => setRows(withRowRemoved(current(), index)),
  };
}
