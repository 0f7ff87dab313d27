import EditIcon from "@mui/icons-material/EditOutlined";
import IconButton from "@mui/material/IconButton";
import { graphql, useFragment } from "react-relay";
import type { Column } from "../ui/table/columns.ts";
import { DataRow } from "../ui/table/DataRow.tsx";
import type { NassRow_nass$data, NassRow_nass$key } from "./__generated__/NassRow_nass.graphql";
import type { NassSortField } from "./routing-criteria.ts";

const DASH = "—";
const yesNo = (value: boolean) => (value ? "Yes" : "No");

type NassColumn = Column<NassRow_nass$data, NassSortField>;
const text = (id: keyof NassRow_nass$data, header: string, sortField?: NassSortField): NassColumn => ({
  id,
  header,
  sortField,
  cell: (nass) => (nass[id] as string | null) ?? DASH,
});

/**
 * Spec section 2: the NASS table's columns, in order, then the edit button. Fifteen columns do not
 * fit a 1366 px laptop: the ones looked at least start hidden ('Columns' shows them).
 */
export function nassColumns(onEdit: (nass: NassRow_nass$data) => void): readonly NassColumn[] {
  return [
    { ...text("code", "Code", "CODE"), key: true, nowrap: true },
    text("region", "Region", "REGION"),
    { ...text("division", "Division", "DIVISION"), hiddenByDefault: true },
    { ...text("fdbid", "FDB ID"), hiddenByDefault: true },
    text("facilityName", "Facility Name", "FACILITY_NAME"),
    text("street", "Street"),
    text("city", "City", "CITY"),
    text("state", "State", "STATE"),
    text("zip", "Zip", "ZIP"),
    { ...text("typeCode", "Type Code"), hiddenByDefault: true },
    { ...text("subType", "Sub-Type"), hiddenByDefault: true },
    text("facType", "Facility Type", "FACILITY_TYPE"),
    {
      id: "originating",
      header: "Originating",
      hiddenByDefault: true,
      cell: (nass) => yesNo(nass.originating),
    },
    {
      id: "destinating",
      header: "Destinating",
      hiddenByDefault: true,
      cell: (nass) => yesNo(nass.destinating),
    },
    {
      id: "edit",
      header: "",
      cardLabel: "Edit",
      cell: (nass) => (
        <IconButton size="small" aria-label={`Edit ${nass.code}`} onClick={() => onEdit(nass)}>
          <EditIcon fontSize="small" />
        </IconButton>
      ),
    },
  ];
}

interface NassRowProps {
  nass: NassRow_nass$key;
  columns: readonly NassColumn[];
}

export function NassRow({ nass, columns }: NassRowProps) {
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
        geofenceRadiusMeters
        timeZone
        version
      }
    `,
    nass,
  );
  return <DataRow columns={columns} row={data} />;
}
