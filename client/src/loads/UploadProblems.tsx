import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { UploadProblem } from "./upload-table.ts";

interface UploadProblemsProps {
  title: string;
  message: string | null;
  problems: UploadProblem[];
}

function where(problem: UploadProblem): string {
  if (problem.row === null) return problem.field;
  const file = problem.fileName ? `${problem.fileName}, row ${problem.fileRow}` : `Row ${problem.row}`;
  return `${file} · ${problem.field}`;
}

/** Why the server refused an upload: its message, then each row's problem (scrollable). */
export function UploadProblems({ title, message, problems }: UploadProblemsProps) {
  return (
    <Alert severity="error" role="alert" sx={{ "& .MuiAlert-message": { width: "100%", minWidth: 0 } }}>
      <AlertTitle>{title}</AlertTitle>
      {message ? <Typography variant="body2">{message}</Typography> : null}
      {problems.length > 0 ? (
        <>
          <Typography variant="caption" component="p" sx={{ mt: 1 }}>
            Rows are counted from the first row under the header.
          </Typography>
          <Box
            component="ul"
            aria-label="Upload problems"
            tabIndex={0}
            sx={{ maxHeight: "min(200px, 25vh)", overflowY: "auto", m: 0, mt: 1, pl: 2.5, pr: 1 }}
          >
            {problems.map((problem) => (
              <li key={`${problem.row ?? "upload"}-${problem.field}-${problem.reason}`}>
                <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                  {where(problem)}:
                </Typography>{" "}
                <Typography variant="body2" component="span">
                  {problem.reason}
                </Typography>
              </li>
            ))}
          </Box>
        </>
      ) : null}
    </Alert>
  );
}
