import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useLocation, useNavigate } from "react-router-dom";
import { useDocumentTitle } from "../ui/useDocumentTitle.ts";
import { AuthLayout, LOGIN_TABS } from "./AuthLayout.tsx";
import { WAITLIST_TITLE } from "./auth-messages.ts";
import { FormError } from "./FormError.tsx";

interface RefusedSignup {
  email?: string;
  message?: string;
}

/** Where a sign-up with a refused e-mail domain lands: the address is on the waitlist. */
export default function UnsupportedEmailPage() {
  useDocumentTitle("Email Extension Not Supported");
  const navigate = useNavigate();
  const location = useLocation();
  const refused = (location.state as RefusedSignup | null) ?? {};
  const handleBack = () => (location.key === "default" ? navigate("/signup") : navigate(-1));

  return (
    <AuthLayout tabs={LOGIN_TABS} current="/signup">
      <FormError message={refused.message ?? null} />
      <Typography variant="h6" component="h1" gutterBottom>
        {WAITLIST_TITLE}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {refused.email
          ? `We added ${refused.email} to our waitlist. `
          : "We added your address to our waitlist. "}
        We will let you know by email as soon as we can welcome addresses like yours.
      </Typography>
      <Stack direction="row" spacing={2}>
        <Button variant="outlined" onClick={handleBack}>
          Back
        </Button>
        <Button variant="contained" onClick={() => navigate("/signup")}>
          Contact us
        </Button>
      </Stack>
    </AuthLayout>
  );
}
