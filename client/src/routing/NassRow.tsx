import EditIcon from "@mui/icons-material/EditOutlined";
import IconButton from "@mui/material/IconButton";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import { graphql, useFragment } from "react-relay";
import type { NassRow_nass$data, NassRow_nass$key } from "./__generated__/NassRow_nass.graphql";

const DASH = "—";
const yesNo = (value: boolean) => (value ? "Yes" : "No");

interface NassRowProps {
  nass: NassRow_nass$key;
  onEdit(nass: NassRow_nass$data): void;
}

export function NassRow({ nass, onEdit }: NassRowProps) {
  const data = useFragment(
    graphql`
      fragment NassRow_nass on NassCode {
        id
        code
        region
        division
        fdbid
        facilityName
        street
        city
        state
        zip
        typeCode
        subType
        facType
        originating
        destinating
        latitude
        longitude
      }
    `,
    nass,
  );
  return (
    <TableRow hover>
      <TableCell sx={{ fontWeight: 600, whiteSpace: "nowrap" }}>{data.code}</TableCell>
      <TableCell>{data.region ?? DASH}</TableCell>
      <TableCell>{data.division ?? DASH}</TableCell>
      <TableCell>{data.fdbid ?? DASH}</TableCell>
      <TableCell sx={{ minWidth: 180 }}>{data.facilityName ?? DASH}</TableCell>
      <TableCell sx={{ minWidth: 140 }}>{data.street ?? DASH}</TableCell>
      <TableCell>{data.city ?? DASH}</TableCell>
      <TableCell>{data.state ?? DASH}</TableCell>
      <TableCell>{data.zip ?? DASH}</TableCell>
      <TableCell>{data.typeCode ?? DASH}</TableCell>
      <TableCell>{data.subType ?? DASH}</TableCell>
      <TableCell>{data.facType ?? DASH}</TableCell>
      <TableCell>{yesNo(data.originating)}</TableCell>
      <TableCell>{yesNo(data.destinating)}</TableCell>
      <TableCell padding="checkbox">
        <IconButton size="small" aria-label={`Edit ${data.code}`} onClick={() => onEdit(data)}>
          <EditIcon fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}
