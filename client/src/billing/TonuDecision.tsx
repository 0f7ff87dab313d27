import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { graphql } from "react-relay";
import { centsToDecimal, formatCents } from "../../../common/money.ts";
import { useAppMutation } from "../relay/mutation-result.ts";
import type { TonuDecisionMutation } from "./__generated__/TonuDecisionMutation.graphql";

const mutation = graphql`
  mutation TonuDecisionMutation($input: DecideTonuInput!) {
    decideTonu(input: $input) {
      __typename
      ... on MutationDecideTonuSuccess {
        data {
          bill {
            id
            amountCents
            version
            ...BillDetailPage_bill
            ...BillRow_bill
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pick = (response: TonuDecisionMutation["response"]) => response.decideTonu;

interface TonuDecisionProps {
  billNumber: string;
  /** Dollars proposed; null once decided (or never proposed). */
  proposedAmount: number | null;
  /** After a decision: the bill's form starts over from the changed bill. */
  onDecided: () => void;
}

/** A cancelled load's TONU proposal on a bill: confirm it (amount editable) or dismiss it. */
export function TonuDecision({ billNumber, proposedAmount, onDecided }: TonuDecisionProps) {
  const [decide, deciding] = useAppMutation<TonuDecisionMutation, ReturnType<typeof pick>>(mutation, pick);
  const [amount, setAmount] = useState(() =>
    proposedAmount === null ? "" : centsToDecimal(Math.round(proposedAmount * 100)),
  );
  const [problem, setProblem] = useState<{ message: string; amount?: string } | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const run = (confirm: boolean) => {
    setProblem(null);
    decide(
      { input: { billNumber, confirm, ...(confirm ? { amount: amount.trim() || null } : {}) } },
      {
        onSuccess: ({ bill }) => {
          setResult(
            confirm
              ? `TONU confirmed: the bill is now one TONU line of ${formatCents(bill.amountCents)}.`
              : "TONU dismissed: the bill stays as it was.",
          );
          onDecided();
        },
        onFailure: (failure) =>
          setProblem({
            message: failure.message ?? "The TONU decision could not be saved. Try again.",
            amount: failure.fields.amount,
          }),
      },
    );
  };
  if (proposedAmount === null) {
    return result ? (
      <Alert severity="success" role="status" data-testid="bill-tonu-result">
        {result}
      </Alert>
    ) : null;
  }
  return (
    <Stack
      component="section"
      aria-labelledby="bill-tonu-title"
      spacing={1}
      sx={{ my: 1 }}
      data-testid="bill-tonu"
    >
      <Typography id="bill-tonu-title" variant="subtitle2" component="h3">
        TONU proposed
      </Typography>
      <Typography variant="body2">
        The load was cancelled: a TONU charge of {formatCents(Math.round(proposedAmount * 100))} is proposed
        for an operator to confirm.
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "flex-start" } }}>
        <TextField
          size="small"
          label="TONU amount"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          inputMode="decimal"
          error={Boolean(problem?.amount)}
          helperText={problem?.amount ?? "Dollars; the proposal by default."}
          disabled={deciding}
        />
        <Button variant="contained" onClick={() => run(true)} disabled={deciding}>
          Confirm TONU
        </Button>
        <Button variant="outlined" onClick={() => run(false)} disabled={deciding}>
          Dismiss
        </Button>
      </Stack>
      {problem && !problem.amount ? (
        <Alert severity="error" role="alert">
          {problem.message}
        </Alert>
      ) : null}
    </Stack>
  );
}
