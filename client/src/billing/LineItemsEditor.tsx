import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import {
  BILLING_LINE_KIND_LABELS,
  BILLING_LINE_KINDS,
  type BillingLineKind,
  MAX_BILLING_LINES,
} from "../../../common/billing.ts";
import { formatCents } from "../../../common/money.ts";
import { type LineValues, linesTotalCents, NEW_LINE } from "./entry-form.ts";

interface LineItemsEditorProps {
  lines: readonly LineValues[];
  /** "lines.0.amount" -> text, from the form's check or the server. */
  problems: Record<string, string>;
  disabled?: boolean;
  onChange(lines: LineValues[]): void;
}

/** An invoice's or bill's line items: kind, description and amount per row, add and remove, the running total. */
export function LineItemsEditor({ lines, problems, disabled = false, onChange }: LineItemsEditorProps) {
  const total = linesTotalCents(lines);
  const handleChange = (index: number, field: keyof LineValues, value: string) =>
    onChange(lines.map((line, at) => (at === index ? { ...line, [field]: value } : line)));
  const handleRemove = (index: number) => onChange(lines.filter((_line, at) => at !== index));
  const handleAdd = () =>
    onChange([...lines, { ...NEW_LINE, kind: lines.length === 0 ? "linehaul" : "other" }]);
  const problem = (index: number, field: string) => problems[`lines.${index}.${field}`];

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        Line items
      </Typography>
      <Stack spacing={1.5}>
        {lines.map((line, index) => (
          <Box
            // Rows have no id of their own; their place is their identity while editing.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            role="group"
            aria-label={`Line ${index + 1}`}
            sx={{
              display: "grid",
              gap: 1,
              gridTemplateColumns: { xs: "1fr 1fr auto", sm: "9rem 1fr 8rem auto" },
              alignItems: "start",
            }}
          >
            <TextField
              select
              size="small"
              label="Kind"
              value={line.kind}
              disabled={disabled}
              error={Boolean(problem(index, "kind"))}
              helperText={problem(index, "kind")}
              onChange={(event) => handleChange(index, "kind", event.target.value as BillingLineKind)}
            >
              {BILLING_LINE_KINDS.map((kind) => (
                <MenuItem key={kind} value={kind}>
                  {BILLING_LINE_KIND_LABELS[kind]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              label="Description"
              value={line.description}
              disabled={disabled}
              error={Boolean(problem(index, "description"))}
              helperText={problem(index, "description")}
              onChange={(event) => handleChange(index, "description", event.target.value)}
              slotProps={{ htmlInput: { maxLength: 200 } }}
              sx={{ gridColumn: { xs: "1 / -1", sm: "auto" }, gridRow: { xs: 2, sm: "auto" } }}
            />
            <TextField
              size="small"
              label="Amount"
              value={line.amount}
              disabled={disabled}
              error={Boolean(problem(index, "amount"))}
              helperText={problem(index, "amount")}
              onChange={(event) => handleChange(index, "amount", event.target.value)}
              slotProps={{ htmlInput: { inputMode: "decimal" } }}
            />
            <IconButton
              aria-label={`Remove line ${index + 1}`}
              disabled={disabled}
              onClick={() => handleRemove(index)}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Box>
        ))}
        <Box
          sx={{
            display: "flex",
            justifyContent: "space-between",
            alignItems: "center",
            flexWrap: "wrap",
            gap: 1,
          }}
        >
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={handleAdd}
            disabled={disabled || lines.length >= MAX_BILLING_LINES}
          >
            Add line
          </Button>
          {lines.length > 0 ? (
            <Typography variant="body2" data-testid="lines-total" aria-live="polite">
              Total: {total === null ? "—" : formatCents(total)}
            </Typography>
          ) : null}
        </Box>
      </Stack>
    </Box>
  );
}
