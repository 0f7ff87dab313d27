import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useState } from "react";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import { BILLING_STATUS_LABELS, type BillingStatus } from "../../../common/billing.ts";
import { centsToDecimal, formatCents } from "../../../common/money.ts";
import { failureText } from "../lib/request-errors.ts";
import type { LoadFinancials_load$key } from "./__generated__/LoadFinancials_load.graphql";
import { entryPath } from "./billing-criteria.ts";
import { useSetLoadCustomerRateMutation } from "./useSetLoadCustomerRateMutation.ts";

interface LoadFinancialsProps {
  load: LoadFinancials_load$key;
}

const DASH = "—";
const money = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? DASH : formatCents(cents);

/** What the load earns (customer rate, invoices), costs (bills) and keeps (margin), on its detail page. */
export function LoadFinancials({ load }: LoadFinancialsProps) {
  const data = useFragment(
    graphql`
      fragment LoadFinancials_load on Load {
        id
        financials {
          customerRateCents
          revenueCents
          costCents
          marginCents
          marginPercent
          invoices {
            id
            invoiceNumber
            amountDueCents
            status
          }
          bills {
            id
            billNumber
            amountCents
            status
          }
        }
      }
    `,
    load,
  );
  const f = data.financials;
  const [save, saving] = useSetLoadCustomerRateMutation();
  const [rate, setRate] = useState(f.customerRateCents == null ? "" : centsToDecimal(f.customerRateCents));
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    save(
      { input: { id: data.id, customerRate: rate.trim() || null } },
      {
        onSuccess: () => setMessage({ error: false, text: "Saved Correctly" }),
        onFailure: (failure) => setMessage({ error: true, text: failureText(failure, "Error saving") }),
      },
    );
  };

  return (
    <Paper variant="outlined" component="section" aria-label="Billing" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
      <Typography variant="h6" component="h3" sx={{ mb: 2 }}>
        Billing
      </Typography>
      <Box
        sx={{
          display: "grid",
          gridTemplateColumns: { xs: "repeat(2, 1fr)", sm: "repeat(4, 1fr)" },
          gap: 2,
          mb: 2,
        }}
      >
        {(
          [
            ["Revenue", money(f.revenueCents)],
            ["Cost", money(f.costCents)],
            ["Margin", money(f.marginCents)],
            [
              "Margin %",
              f.marginPercent === null || f.marginPercent === undefined ? DASH : `${f.marginPercent}%`,
            ],
          ] as const
        ).map(([label, value]) => (
          <Box key={label}>
            <Typography variant="caption" color="text.secondary" component="p">
              {label}
            </Typography>
            <Typography
              variant="subtitle1"
              component="p"
              sx={{ fontWeight: 700 }}
              data-testid={`load-${label.toLowerCase().replace(/\W+/g, "-")}`}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box
        component="form"
        onSubmit={handleSubmit}
        noValidate
        sx={{ display: "flex", gap: 1, alignItems: "flex-start", flexWrap: "wrap", mb: 2 }}
      >
        <TextField
          size="small"
          label="Customer rate"
          type="number"
          value={rate}
          onChange={(event) => {
            setRate(event.target.value);
            setMessage(null);
          }}
          error={message?.error ?? false}
          helperText={message?.text ?? "What the shipper pays; a delivered load gets its invoice drafted."}
          slotProps={{ htmlInput: { step: "0.01", min: "0", inputMode: "decimal" } }}
        />
        <Button type="submit" variant="outlined" disabled={saving}>
          {saving ? "Saving…" : "Save rate"}
        </Button>
      </Box>
      {f.invoices.length + f.bills.length > 0 ? (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {f.invoices.map((invoice) => (
            <li key={invoice.id}>
              <Link component={RouterLink} to={entryPath("receivable", invoice.invoiceNumber)}>
                {invoice.invoiceNumber}
              </Link>{" "}
              {formatCents(invoice.amountDueCents)} ·{" "}
              {BILLING_STATUS_LABELS[invoice.status as BillingStatus] ?? invoice.status}
            </li>
          ))}
          {f.bills.map((bill) => (
            <li key={bill.id}>
              <Link component={RouterLink} to={entryPath("payable", bill.billNumber)}>
                {bill.billNumber}
              </Link>{" "}
              {formatCents(bill.amountCents)} ·{" "}
              {BILLING_STATUS_LABELS[bill.status as BillingStatus] ?? bill.status}
            </li>
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          No invoices or bills for this load yet.
        </Typography>
      )}
    </Paper>
  );
}
