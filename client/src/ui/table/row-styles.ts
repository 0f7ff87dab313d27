import type { Theme } from "@mui/material/styles";

/**
 * DataRow's table rows are plain `<tr>`/`<td>` elements with these class names (MUI's own, so
 * selectors written for MUI's table keep matching, and `DataRow-*` for what a column asks): their
 * look is written once, on the table (`dataRowsSx`), instead of one emotion style per cell.
 */
export const ROW_CLASS = "MuiTableRow-root MuiTableRow-hover DataRow-row";
const CELL_CLASS = "MuiTableCell-root MuiTableCell-body MuiTableCell-sizeSmall DataRow-cell";

export function cellClass(column: { nowrap?: boolean; key?: boolean; align?: "left" | "right" }): string {
  let name = CELL_CLASS;
  if (column.align === "right") name += " MuiTableCell-alignRight DataRow-right";
  if (column.nowrap) name += " DataRow-nowrap";
  if (column.key) name += " DataRow-key";
  return name;
}

export const PINNED_CELL_SX = {
  position: "sticky",
  left: 0,
  zIndex: 1,
  bgcolor: "background.paper",
} as const;

export type CellChipColor = "default" | "info" | "success" | "warning" | "error";

/**
 * A small MUI Chip's markup (its class names) for a status in a cell, drawn by `CELL_CHIP_SX` on
 * the table or card list: MUI's Chip component (1.8 KB Brotli) stays off the first screen.
 */
export function cellChipClass(color: CellChipColor, variant: "filled" | "outlined"): string {
  const capitalized = color[0].toUpperCase() + color.slice(1);
  return `MuiChip-root MuiChip-sizeSmall MuiChip-${variant} MuiChip-color${capitalized} DataRow-chip DataRow-chip-${variant} DataRow-chip-${color}`;
}

/** What MUI draws for a small, non-clickable Chip (filled or outlined), for `cellChipClass`. */
export function cellChipSx(theme: Theme) {
  const colors = {} as Record<string, object>;
  for (const color of ["info", "success", "warning", "error"] as const) {
    const palette = theme.palette[color];
    colors[`& .DataRow-chip-filled.DataRow-chip-${color}`] = {
      backgroundColor: palette.main,
      color: palette.contrastText,
    };
    colors[`& .DataRow-chip-outlined.DataRow-chip-${color}`] = {
      color: palette.main,
      border: `1px solid ${theme.alpha(palette.main, 0.7)}`,
    };
  }
  return {
    "& .DataRow-chip": {
      display: "inline-flex",
      alignItems: "center",
      justifyContent: "center",
      maxWidth: "100%",
      height: 24,
      borderRadius: 12,
      fontFamily: theme.typography.fontFamily ?? "inherit",
      fontSize: theme.typography.pxToRem(13),
      whiteSpace: "nowrap",
      verticalAlign: "middle",
      boxSizing: "border-box",
      color: theme.palette.text.primary,
      backgroundColor: theme.palette.action.selected,
      "& > .MuiChip-label": { overflow: "hidden", textOverflow: "ellipsis", paddingLeft: 8, paddingRight: 8 },
    },
    "& .DataRow-chip-outlined": {
      backgroundColor: "transparent",
      border: `1px solid ${theme.palette.mode === "light" ? theme.palette.grey[400] : theme.palette.grey[700]}`,
      "& > .MuiChip-label": { paddingLeft: 7, paddingRight: 7 },
    },
    ...colors,
  };
}

/** A row's selection checkbox before the key column's content, on a table row or a card. */
export const SELECT_SX = {
  "& .DataRow-select": { display: "inline-flex", alignItems: "center", gap: "4px" },
  "& .DataRow-select > .MuiCheckbox-root": { padding: "4px", marginLeft: "-4px" },
} as const;

/**
 * What MUI's TableRow (hover) and small body TableCell draw, with the table's 12 px between
 * columns and the keyboard focus ring on the row, for every DataRow of the table.
 */
export function dataRowsSx(compact: boolean) {
  return (theme: Theme) => ({
    ...SELECT_SX,
    ...cellChipSx(theme),
    "& tr.DataRow-row": {
      color: "inherit",
      display: "table-row",
      verticalAlign: "middle",
      outline: 0,
      "&:hover": { backgroundColor: theme.palette.action.hover },
      "&:focus-visible": { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: "-2px" },
    },
    "& td.DataRow-cell": {
      typography: "body2",
      display: "table-cell",
      verticalAlign: "inherit",
      borderBottom: `1px solid ${
        theme.palette.mode === "light"
          ? theme.lighten(theme.alpha(theme.palette.divider, 1), 0.88)
          : theme.darken(theme.alpha(theme.palette.divider, 1), 0.68)
      }`,
      textAlign: "left",
      padding: compact ? "2px 12px" : "6px 12px",
      color: theme.palette.text.primary,
    },
    "& td.DataRow-right": { textAlign: "right", flexDirection: "row-reverse" },
    "& td.DataRow-nowrap": { whiteSpace: "nowrap" },
    "& td.DataRow-key": {
      position: "sticky",
      left: 0,
      zIndex: 1,
      backgroundColor: theme.palette.background.paper,
    },
  });
}
