import { FaCloudArrowUp } from "react-icons/fa6";
import type { LoggedSet } from "../api/types";
import { LabelledIcon } from "./labelled-icon";

/** QueuedMark marks a row a change queued on this device touches: it is waiting to sync. */
export function QueuedMark({ set }: { set: LoggedSet }) {
  if (!set.queued) return null;
  return (
    <LabelledIcon label="Waiting to sync" color="orange.fg" ms="1" title="Waiting to sync">
      <FaCloudArrowUp aria-hidden />
    </LabelledIcon>
  );
}
