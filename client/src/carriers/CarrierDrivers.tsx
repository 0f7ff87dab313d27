import PersonAddIcon from "@mui/icons-material/PersonAdd";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useState } from "react";
import { graphql, useFragment } from "react-relay";
import { formatPhone } from "../../../common/fields.ts";
import { failureText } from "../lib/request-errors.ts";
import { Toast, type ToastMessage } from "../ui/Toast.tsx";
import type { CarrierDrivers_carrier$key } from "./__generated__/CarrierDrivers_carrier.graphql";
import { DetachDriverDialog } from "./DetachDriverDialog.tsx";
import { DRIVER_CHANGE_FAILED, useAttachDriverMutation } from "./useAttachDriverMutation.ts";
import { useDetachDriverMutation } from "./useDetachDriverMutation.ts";

/** The carrier's version before and after one of this screen's own driver changes. */
export interface OwnVersionMove {
  from: number;
  to: number;
}

interface CarrierDriversProps {
  carrier: CarrierDrivers_carrier$key;
  /** A driver attached or detached here moved the carrier's version (the form beside it adopts it). */
  onVersionMoved?(move: OwnVersionMove): void;
}

/** On a phone the table keeps name, e-mail and the action: no sideways scroll at 390 px. */
const LOW_VALUE = new Set(["User ID", "Phone"]);
const PHONE_HIDDEN = { display: { xs: "none", sm: "table-cell" } } as const;

/** The carrier's drivers: signed-up carrier users attached by e-mail, detached after a confirmation. */
export function CarrierDrivers({ carrier, onVersionMoved }: CarrierDriversProps) {
  const data = useFragment(
    graphql`
      fragment CarrierDrivers_carrier on Carrier {
        id
        version
        carrierName
        driverCount
        drivers {
          id
          userId
          fullName
          email
          phoneNumber
          contactPhone
        }
      }
    `,
    carrier,
  );
  const [attach, isAttaching] = useAttachDriverMutation();
  const [detach, isDetaching] = useDetachDriverMutation();
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState<{ id: string; name: string } | null>(null);
  const [notice, setNotice] = useState<ToastMessage | null>(null);

  const handleAttach = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setEmailError("Email is required");
      return;
    }
    attach(
      { input: { carrierId: data.id, email: email.trim() } },
      {
        onSuccess: ({ carrier: after, driver }) => {
          onVersionMoved?.({ from: data.version, to: after.version });
          setEmail("");
          const name = driver.fullName || driver.email;
          setNotice({ severity: "success", text: `${name} now drives for ${data.carrierName}.` });
        },
        // The server's own words: an unknown e-mail, an operator, another carrier's driver.
        onFailure: (failure) =>
          setEmailError(failure.fields.email ?? failureText(failure, DRIVER_CHANGE_FAILED)),
      },
    );
  };

  const handleDetach = () => {
    if (!leaving) return;
    detach(
      { input: { carrierId: data.id, userId: leaving.id } },
      {
        onSuccess: ({ carrier: after }) => {
          onVersionMoved?.({ from: data.version, to: after.version });
          setNotice({
            severity: "success",
            text: `${leaving.name} no longer drives for ${data.carrierName}.`,
          });
          setLeaving(null);
        },
        onFailure: (failure) => {
          setNotice({ severity: "error", text: failureText(failure, DRIVER_CHANGE_FAILED) });
          setLeaving(null);
        },
      },
    );
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}
      component="section"
      aria-labelledby="drivers-heading"
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, mb: 2 }}>
        <Typography variant="h6" component="h2" id="drivers-heading">
          Drivers
        </Typography>
        <Chip size="small" label={data.driverCount} aria-label={`${data.driverCount} drivers`} />
      </Box>
      <Box
        component="form"
        noValidate
        onSubmit={handleAttach}
        aria-label="Attach a driver"
        sx={{ display: "flex", gap: 1, alignItems: "flex-start", flexWrap: "wrap", mb: 2 }}
      >
        <TextField
          size="small"
          type="email"
          name="driverEmail"
          label="Driver e-mail"
          autoComplete="off"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setEmailError(null);
          }}
          error={emailError !== null}
          helperText={emailError ?? "The e-mail a carrier user signed up with."}
          sx={{ flex: "1 1 260px", maxWidth: 420 }}
          slotProps={{ htmlInput: { maxLength: 254 } }}
        />
        <Button
          type="submit"
          variant="outlined"
          startIcon={<PersonAddIcon />}
          disabled={isAttaching}
          sx={{ mt: 0.25 }}
        >
          {isAttaching ? "Attaching…" : "Attach driver"}
        </Button>
      </Box>
      {data.drivers.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }} data-testid="no-drivers">
          No drivers yet. Attach a signed-up carrier user by their e-mail.
        </Typography>
      ) : (
        <TableContainer sx={{ overflowX: "auto" }}>
          <Table size="small" aria-label="Drivers">
            <TableHead>
              <TableRow>
                {["Name", "User ID", "E-mail", "Phone", "Action"].map((label) => (
                  <TableCell
                    key={label}
                    sx={{ fontWeight: 700, ...(LOW_VALUE.has(label) ? PHONE_HIDDEN : null) }}
                  >
                    {label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.drivers.map((driver) => {
                const name = driver.fullName || driver.email;
                const phone = driver.phoneNumber ?? driver.contactPhone;
                return (
                  <TableRow key={driver.id} data-testid="driver-row">
                    <TableCell>{driver.fullName ?? "—"}</TableCell>
                    <TableCell sx={PHONE_HIDDEN}>{driver.userId}</TableCell>
                    <TableCell sx={{ wordBreak: "break-all" }}>{driver.email}</TableCell>
                    <TableCell sx={{ whiteSpace: "nowrap", ...PHONE_HIDDEN }}>
                      {formatPhone(phone) ?? "—"}
                    </TableCell>
                    <TableCell>
                      <Button
                        size="small"
                        color="error"
                        aria-label={`Detach ${name}`}
                        onClick={() => setLeaving({ id: driver.id, name })}
                      >
                        Detach
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <DetachDriverDialog
        driverName={leaving?.name ?? null}
        carrierName={data.carrierName}
        busy={isDetaching}
        onCancel={() => setLeaving(null)}
        onConfirm={handleDetach}
      />
      <Toast message={notice} onClose={() => setNotice(null)} />
    </Paper>
  );
}
