import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import DownloadIcon from "@mui/icons-material/Download";
import IconButton from "@mui/material/IconButton";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Stack from "@mui/material/Stack";

interface DocumentListItemProps {
  id: string;
  primary: string;
  secondary: string;
  fileName: string;
  downloadUrl: string;
  mayDelete: boolean;
  busy: boolean;
  onDownload(path: string, fileName: string): void;
  onDelete(id: string, fileName: string): void;
}

/** One document of a list (a load's or a carrier's): what it is; download, and delete where allowed. */
export function DocumentListItem({
  id,
  primary,
  secondary,
  fileName,
  downloadUrl,
  mayDelete,
  busy,
  onDownload,
  onDelete,
}: DocumentListItemProps) {
  return (
    <ListItem
      divider
      secondaryAction={
        <Stack direction="row" spacing={0.5}>
          <IconButton
            aria-label={`Download ${fileName}`}
            onClick={() => onDownload(downloadUrl, fileName)}
            disabled={busy}
          >
            <DownloadIcon />
          </IconButton>
          {mayDelete && (
            <IconButton
              aria-label={`Delete ${fileName}`}
              onClick={() => onDelete(id, fileName)}
              disabled={busy}
            >
              <DeleteIcon />
            </IconButton>
          )}
        </Stack>
      }
      sx={{ pr: 12 }}
    >
      <ListItemText
        primary={primary}
        secondary={secondary}
        slotProps={{ primary: { sx: { overflowWrap: "anywhere" } } }}
      />
    </ListItem>
  );
}
