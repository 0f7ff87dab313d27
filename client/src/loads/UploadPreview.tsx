import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { UploadPreview as Preview } from "./upload-table.ts";

interface UploadPreviewProps {
  preview: Preview;
  fileCount: number;
}

/** How many rows the files hold and the first of them under their header. */
export function UploadPreview({ preview, fileCount }: UploadPreviewProps) {
  const rows = preview.total.toLocaleString("en-US");
  return (
    <Box>
      <Typography variant="subtitle2" data-testid="upload-row-count">
        {rows} {preview.total === 1 ? "row" : "rows"} in {fileCount} {fileCount === 1 ? "file" : "files"}
      </Typography>
      {preview.rows.length > 0 ? (
        <TableContainer
          sx={{ maxHeight: 220, mt: 1, border: 1, borderColor: "divider", borderRadius: 1 }}
          tabIndex={0}
          aria-label="Preview of the first rows"
        >
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow>
                <TableCell sx={{ whiteSpace: "nowrap", fontWeight: 700 }}>Row</TableCell>
                {preview.columns.map((column, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: headers may repeat; their place is their identity
                  <TableCell key={index} sx={{ whiteSpace: "nowrap", fontWeight: 700 }}>
                    {column}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {preview.rows.map((row, rowIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: preview rows are positions
                <TableRow key={rowIndex}>
                  <TableCell
                    component="th"
                    scope="row"
                    sx={{ whiteSpace: "nowrap", color: "text.secondary" }}
                  >
                    {preview.rowLabels[rowIndex]}
                  </TableCell>
                  {row.map((cell, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positions
                    <TableCell key={index} sx={{ whiteSpace: "nowrap" }}>
                      {cell}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </Box>
  );
}
