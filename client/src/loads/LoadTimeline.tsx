import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { graphql, useFragment } from "react-relay";
import {
  type LoadMilestoneKind,
  MILESTONE_LABELS,
  MILESTONE_SOURCE_LABELS,
  type MilestoneSource,
} from "../../../common/loads/milestones.ts";
import { formatDateTime } from "../lib/dates.ts";
import type { LoadTimeline_load$key } from "./__generated__/LoadTimeline_load.graphql";

interface LoadTimelineProps {
  load: LoadTimeline_load$key;
}

/** The load's life so far, oldest first: covered, departed, delivered, POD received... */
export function LoadTimeline({ load }: LoadTimelineProps) {
  const data = useFragment(
    graphql`
      fragment LoadTimeline_load on Load {
        timeline {
          id
          milestone
          at
          source
          by
          detail
        }
      }
    `,
    load,
  );
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 3 }} component="section" aria-labelledby="load-timeline-title">
      <Typography id="load-timeline-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Timeline
      </Typography>
      {data.timeline.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nothing has happened to this load yet: it is covered once a winner is confirmed.
        </Typography>
      ) : (
        <List dense component="ol" aria-label="Milestones">
          {data.timeline.map((step) => {
            const kind = step.milestone.toLowerCase() as LoadMilestoneKind;
            const source = MILESTONE_SOURCE_LABELS[step.source.toLowerCase() as MilestoneSource];
            const who = step.by ? `by ${step.by}` : source;
            return (
              <ListItem key={step.id} component="li" divider>
                <ListItemText
                  primary={`${MILESTONE_LABELS[kind] ?? step.milestone}${step.detail ? `: ${step.detail}` : ""}`}
                  secondary={`${formatDateTime(String(step.at)) ?? ""} · ${who}`}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Paper>
  );
}
