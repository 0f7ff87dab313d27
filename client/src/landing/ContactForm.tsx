import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { type FormEvent, useState } from "react";
import { RelayProvider } from "../app/RelayProvider.tsx";
import { failureText } from "../lib/request-errors.ts";
import { fieldMessages } from "../relay/mutation-failure.ts";
import { CONTACT_FAILED, useSendContactMessageMutation } from "./useSendContactMessageMutation.ts";

type ContactField = "email" | "name" | "message";
type ContactValues = Record<ContactField, string>;
const EMPTY: ContactValues = { email: "", name: "", message: "" };

/** The server's zod schema checks the form here too; it loads only when the visitor starts typing. */
const loadRules = () => import("../../../common/contact.ts");

export default function ContactForm() {
  return (
    <RelayProvider>
      <ContactFormFields />
    </RelayProvider>
  );
}

function ContactFormFields() {
  const [send, isInFlight] = useSendContactMessageMutation();
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<string | null>(null);

  const handleChange = (field: ContactField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setConfirmation(null);
    setFormError(null);
    let rules: Awaited<ReturnType<typeof loadRules>>;
    try {
      rules = await loadRules();
    } catch {
      setFormError(CONTACT_FAILED);
      return;
    }
    const checked = rules.contactMessageInput.safeParse(values);
    if (!checked.success) {
      setFieldErrors(
        fieldMessages(
          checked.error.issues.map((issue) => ({ field: String(issue.path[0]), message: issue.message })),
        ),
      );
      return;
    }
    send(
      { input: checked.data },
      {
        onSuccess: ({ message }) => {
          setConfirmation(message);
          setValues(EMPTY);
        },
        onFailure: (failure) => {
          setFormError(
            failure.kind === "network" && failure.message
              ? failure.message
              : failureText(failure, CONTACT_FAILED),
          );
          setFieldErrors(failure.fields);
        },
      },
    );
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit}
      onFocus={() => void loadRules()}
      aria-label="Contact us"
      sx={{ maxWidth: 640 }}
    >
      <Stack spacing={2}>
        {confirmation ? (
          <Alert severity="success" role="status">
            {confirmation}
          </Alert>
        ) : null}
        {formError ? (
          <Alert severity="error" role="alert">
            {formError}
          </Alert>
        ) : null}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={(event) => handleChange("email", event.target.value)}
          error={Boolean(fieldErrors.email)}
          helperText={fieldErrors.email}
        />
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          required
          value={values.name}
          onChange={(event) => handleChange("name", event.target.value)}
          error={Boolean(fieldErrors.name)}
          helperText={fieldErrors.name}
        />
        <TextField
          label="Message"
          name="message"
          required
          multiline
          minRows={4}
          value={values.message}
          onChange={(event) => handleChange("message", event.target.value)}
          error={Boolean(fieldErrors.message)}
          helperText={fieldErrors.message}
        />
        <Box>
          <Button type="submit" variant="contained" color="secondary" size="large" disabled={isInFlight}>
            {isInFlight ? "Sending…" : "Submit"}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
