import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";
import { graphql, useFragment } from "react-relay";
import { formatDateTime } from "../lib/dates.ts";
import { relativeTime } from "../lib/relative-time.ts";
import type { LastUpdate_upload$key } from "./__generated__/LastUpdate_upload.graphql";
import { NO_UPLOADS } from "./messages.ts";

interface LastUpdateProps {
  upload: LastUpdate_upload$key | null;
}

/** 'Last update' of the load list: when the latest upload happened, kept current every 30 s. */
export function LastUpdate({ upload }: LastUpdateProps) {
  const data = useFragment(
    graphql`
      fragment LastUpdate_upload on UploadBatch {
        createdAt
      }
    `,
    upload,
  );
  const [now, setNow] = useState(() => Date.now());
  // A newer upload than `now` reads "just now" until the next tick.
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);

  return (
    <Typography variant="body2" color="text.secondary" data-testid="last-update">
      Last update:{" "}
      {data ? (
        <time dateTime={data.createdAt} title={formatDateTime(data.createdAt) ?? undefined}>
          {relativeTime(data.createdAt, now)}
        </time>
      ) : (
        NO_UPLOADS
      )}
    </Typography>
  );
}
