import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, Suspense, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { AUTHORITY_STATUSES, type AuthorityStatus } from "../../../common/compliance.ts";
import { inlineFailureText, requestFailureText } from "../lib/request-errors.ts";
import { placeProblems } from "../relay/mutation-failure.ts";
import { ErrorBoundary } from "../ui/ErrorBoundary.tsx";
import { FormDialog } from "../ui/form/FormDialog.tsx";
import { problemProps } from "../ui/form/problem-props.ts";
import { Loading } from "../ui/Loading.tsx";
import type { RecordComplianceDialogDocumentsQuery } from "./__generated__/RecordComplianceDialogDocumentsQuery.graphql";
import { useRecordCarrierComplianceMutation } from "./useRecordCarrierComplianceMutation.ts";

type Field =
  | "authorityStatus"
  | "authorityCheckedOn"
  | "insuranceCoverage"
  | "verifyInsuranceDocumentId"
  | "verifyW9DocumentId";
const FIELDS: readonly Field[] = [
  "authorityStatus",
  "authorityCheckedOn",
  "insuranceCoverage",
  "verifyInsuranceDocumentId",
  "verifyW9DocumentId",
];

/** A server field name ("input.insuranceCoverage" or "insuranceCoverage") onto the dialog's field. */
const fieldOfServer = (field: string): Field | null => {
  const name = field.split(".").pop() ?? "";
  return FIELDS.find((known) => known === name) ?? null;
};

const AUTHORITY_LABELS: Record<AuthorityStatus, string> = {
  active: "Active",
  inactive: "Inactive",
  revoked: "Revoked",
  unknown: "Unknown (not checked)",
};

export const RECORD_COMPLIANCE_TEXTS = {
  button: "Record compliance",
  title: "Record compliance",
  leaveAsIs: "Leave as is",
  coverageInvalid: "Coverage must be an amount in dollars, e.g. 1000000.",
  nothing: "Change or verify at least one thing.",
  failed: "The compliance could not be recorded.",
} as const;

interface RecordComplianceDialogProps {
  open: boolean;
  /** The carrier's carrierId (or database id). */
  carrierId: string;
  onClose(): void;
  onRecorded(): void;
}

/** A document the operator may verify: only its id is sent. */
interface NewestDocument {
  readonly id: string;
}

interface DocumentChoicesProps {
  carrierId: string;
  verifyInsurance: boolean;
  verifyW9: boolean;
  onInsurance(document: NewestDocument | null, on: boolean): void;
  onW9(document: NewestDocument | null, on: boolean): void;
  problems: Partial<Record<Field, string>>;
}

/** The newest insurance certificate and W-9 of the carrier, each with a 'verify' checkbox. */
function DocumentChoices({
  carrierId,
  verifyInsurance,
  verifyW9,
  onInsurance,
  onW9,
  problems,
}: DocumentChoicesProps) {
  const data = useLazyLoadQuery<RecordComplianceDialogDocumentsQuery>(
    graphql`
      query RecordComplianceDialogDocumentsQuery($carrierId: String!) {
        carrierDocuments(carrierId: $carrierId) {
          id
          type
          fileName
          insuranceExpiresOn
        }
      }
    `,
    { carrierId },
    { fetchPolicy: "network-only" },
  );
  // Newest first: the first of each type is the current one.
  const insurance =
    data.carrierDocuments.find((document) => document.type === "INSURANCE_CERTIFICATE") ?? null;
  const w9 = data.carrierDocuments.find((document) => document.type === "W9") ?? null;
  return (
    <Stack spacing={1}>
      <div>
        <FormControlLabel
          control={
            <Checkbox
              name="verifyInsuranceDocumentId"
              checked={verifyInsurance}
              disabled={!insurance}
              onChange={(event) => onInsurance(insurance, event.target.checked)}
            />
          }
          label={
            insurance
              ? `Verify insurance certificate ${insurance.fileName}${
                  insurance.insuranceExpiresOn ? ` (expires ${insurance.insuranceExpiresOn})` : ""
                }`
              : "Verify insurance certificate (none on file)"
          }
        />
        {problems.verifyInsuranceDocumentId ? (
          <FormHelperText error>{problems.verifyInsuranceDocumentId}</FormHelperText>
        ) : null}
      </div>
      <div>
        <FormControlLabel
          control={
            <Checkbox
              name="verifyW9DocumentId"
              checked={verifyW9}
              disabled={!w9}
              onChange={(event) => onW9(w9, event.target.checked)}
            />
          }
          label={w9 ? `Verify W-9 ${w9.fileName}` : "Verify W-9 (none on file)"}
        />
        {problems.verifyW9DocumentId ? (
          <FormHelperText error>{problems.verifyW9DocumentId}</FormHelperText>
        ) : null}
      </div>
    </Stack>
  );
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * An operator records a carrier's authority status (and the day it was checked), its insurance
 * coverage, and verifies the newest insurance certificate and W-9; only what is set is sent. The
 * server's refusals show under their fields. The parent remounts it after each close.
 */
export function RecordComplianceDialog({
  open,
  carrierId,
  onClose,
  onRecorded,
}: RecordComplianceDialogProps) {
  const [record, isRecording] = useRecordCarrierComplianceMutation();
  const [authorityStatus, setAuthorityStatus] = useState<AuthorityStatus | "">("");
  const [checkedOn, setCheckedOn] = useState(today);
  const [coverage, setCoverage] = useState("");
  const [insuranceId, setInsuranceId] = useState<string | null>(null);
  const [w9Id, setW9Id] = useState<string | null>(null);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [inlineError, setInlineError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);

  const changed = () => {
    setProblems({});
    setInlineError(null);
    setAlert(null);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    changed();
    const trimmed = coverage.trim().replace(/[$,]/g, "");
    const dollars = trimmed === "" ? null : Number(trimmed);
    if (dollars !== null && !Number.isFinite(dollars)) {
      setProblems({ insuranceCoverage: RECORD_COMPLIANCE_TEXTS.coverageInvalid });
      return;
    }
    if (authorityStatus === "" && dollars === null && !insuranceId && !w9Id) {
      setInlineError(RECORD_COMPLIANCE_TEXTS.nothing);
      return;
    }
    record(
      {
        input: {
          carrierId,
          ...(authorityStatus !== "" ? { authorityStatus, authorityCheckedOn: checkedOn || null } : {}),
          ...(dollars !== null ? { insuranceCoverage: dollars } : {}),
          ...(insuranceId ? { verifyInsuranceDocumentId: insuranceId } : {}),
          ...(w9Id ? { verifyW9DocumentId: w9Id } : {}),
        },
      },
      {
        onSuccess: onRecorded,
        onFailure: (failure) => {
          const placed = placeProblems(failure, fieldOfServer);
          setProblems(placed);
          // A refusal about a field shows once, under that field; the rest inline and in the alert.
          if (Object.keys(placed).length > 0) return;
          setInlineError(inlineFailureText(failure, RECORD_COMPLIANCE_TEXTS.failed));
          setAlert(requestFailureText(failure, RECORD_COMPLIANCE_TEXTS.failed));
        },
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      titleId="record-compliance-title"
      title={RECORD_COMPLIANCE_TEXTS.title}
      onSubmit={handleSubmit}
      busy={isRecording}
      submitLabel="Record"
      error={inlineError}
      errorTestId="record-compliance-error"
      alert={alert}
      onAlertClose={() => setAlert(null)}
      alertTestId="record-compliance-alert"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            select
            name="authorityStatus"
            label="Authority status"
            autoFocus
            value={authorityStatus}
            onChange={(event) => {
              changed();
              setAuthorityStatus(AUTHORITY_STATUSES.find((status) => status === event.target.value) ?? "");
            }}
            sx={{ flex: 1 }}
            {...problemProps(problems.authorityStatus)}
          >
            <MenuItem value="">{RECORD_COMPLIANCE_TEXTS.leaveAsIs}</MenuItem>
            {AUTHORITY_STATUSES.map((status) => (
              <MenuItem key={status} value={status}>
                {AUTHORITY_LABELS[status]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            name="authorityCheckedOn"
            label="Checked on"
            value={checkedOn}
            disabled={authorityStatus === ""}
            onChange={(event) => {
              changed();
              setCheckedOn(event.target.value);
            }}
            sx={{ flex: 1 }}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today() } }}
            {...problemProps(problems.authorityCheckedOn)}
          />
        </Stack>
        <TextField
          name="insuranceCoverage"
          label="Insurance coverage ($)"
          value={coverage}
          onChange={(event) => {
            changed();
            setCoverage(event.target.value);
          }}
          slotProps={{ htmlInput: { inputMode: "decimal", maxLength: 20 } }}
          {...problemProps(problems.insuranceCoverage, "Leave empty to keep the recorded coverage.")}
        />
        <Typography variant="subtitle2" component="h3">
          Documents
        </Typography>
        <ErrorBoundary message="The carrier's documents could not be loaded.">
          <Suspense fallback={<Loading label="Loading documents…" />}>
            <DocumentChoices
              carrierId={carrierId}
              verifyInsurance={insuranceId !== null}
              verifyW9={w9Id !== null}
              onInsurance={(document, on) => {
                changed();
                setInsuranceId(on && document ? document.id : null);
              }}
              onW9={(document, on) => {
                changed();
                setW9Id(on && document ? document.id : null);
              }}
              problems={problems}
            />
          </Suspense>
        </ErrorBoundary>
      </Stack>
    </FormDialog>
  );
}
