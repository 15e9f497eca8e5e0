import { useEffect, useRef } from "react";
import { useSetTimeZone } from "../api/set-time-zone";

/** TimeZoneSetter sets the user's time zone once, when it mounts. It draws nothing. */
export default function TimeZoneSetter({ timeZone }: { timeZone: string }) {
  const { mutate } = useSetTimeZone();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate(timeZone);
  }, [timeZone, mutate]);
  return null;
}
