import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { dayText } from "../../../common/billing.ts";
import { formatCents, formatDollars } from "../../../common/money.ts";
import { useAppMutation } from "../relay/mutation-result.ts";
import { PageTitle } from "../ui/PageTitle.tsx";
import { ScreenBoundary } from "../ui/ScreenBoundary.tsx";
import type { MyBillsRouteQuery, MyBillsRouteQuery$data } from "./__generated__/MyBillsRouteQuery.graphql";
import type { MyBillsRouteQuickPayMutation } from "./__generated__/MyBillsRouteQuickPayMutation.graphql";
import { StatusChip } from "./StatusChip.tsx";

type MyBill = MyBillsRouteQuery$data["myBills"][number];
type Terms = MyBillsRouteQuery$data["quickPayTerms"];

const quickPayMutation = graphql`
  mutation MyBillsRouteQuickPayMutation($input: RequestQuickPayInput!) {
    requestQuickPay(input: $input) {
      __typename
      ... on MutationRequestQuickPaySuccess {
        data {
          bill {
            id
            paymentDate
            status
            pastDue
            daysPastDue
            quickPay {
              requestedAt
              feePercent
              feeCents
              netAmountCents
            }
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

const pickQuickPay = (response: MyBillsRouteQuickPayMutation["response"]) => response.requestQuickPay;

/** A bill may be asked for quick pay once, while it is open. */
const quickPayOpen = (bill: MyBill) =>
  !bill.quickPay && (bill.status === "pending" || bill.status === "overdue");

function QuickPayState({ bill }: { bill: MyBill }) {
  if (bill.quickPay) {
    return (
      <Typography variant="body2" data-testid="my-bill-quick-pay">
        Quick pay requested {dayText(bill.quickPay.requestedAt)}: fee {bill.quickPay.feePercent}% (
        {formatCents(bill.quickPay.feeCents)}), net {formatCents(bill.quickPay.netAmountCents)}
      </Typography>
    );
  }
  return (
    <Typography variant="body2" color="text.secondary">
      {quickPayOpen(bill) ? "Quick pay available" : "Quick pay not available"}
    </Typography>
  );
}

interface ConfirmProps {
  bill: MyBill | null;
  terms: Terms;
  onClose: () => void;
}

function QuickPayDialog({ bill, terms, onClose }: ConfirmProps) {
  const [request, requesting] = useAppMutation<MyBillsRouteQuickPayMutation, ReturnType<typeof pickQuickPay>>(
    quickPayMutation,
    pickQuickPay,
  );
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setProblem(null);
    onClose();
  };
  const confirm = () => {
    if (!bill) return;
    setProblem(null);
    request(
      { input: { billNumber: bill.billNumber } },
      {
        onSuccess: close,
        onFailure: (failure) => setProblem(failure.message ?? "Quick pay could not be requested. Try again."),
      },
    );
  };
  const feeCents = bill ? Math.round((bill.amountCents * terms.feePercent) / 100) : 0;
  return (
    <Dialog open={bill !== null} onClose={requesting ? undefined : close} aria-labelledby="quick-pay-title">
      <DialogTitle id="quick-pay-title">Request quick pay{bill ? ` for ${bill.billNumber}` : ""}</DialogTitle>
      <DialogContent>
        {bill ? (
          <DialogContentText component="div">
            <p>
              Quick pay keeps back a fee of {terms.feePercent}% of the amount (about {formatCents(feeCents)}{" "}
              of {formatCents(bill.amountCents)}).
            </p>
            <p>
              The new payment date is {terms.days} {terms.days === 1 ? "day" : "days"} from today (or the
              current payment date, {dayText(bill.paymentDate)}, if that is sooner). Quick pay can be
              requested once per bill.
            </p>
          </DialogContentText>
        ) : null}
        {problem ? (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {problem}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={requesting}>
          Cancel
        </Button>
        <Button variant="contained" onClick={confirm} disabled={requesting}>
          {requesting ? "Requesting..." : "Request quick pay"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function BillCard({ bill, onQuickPay }: { bill: MyBill; onQuickPay: (bill: MyBill) => void }) {
  const titleId = `my-bill-${bill.billNumber}`;
  return (
    <Card component="li" variant="outlined" aria-labelledby={titleId} data-testid="my-bill">
      <CardContent>
        <Stack
          direction="row"
          sx={{ justifyContent: "space-between", alignItems: "center", gap: 1, flexWrap: "wrap" }}
        >
          <Typography variant="subtitle1" component="h2" id={titleId}>
            {bill.billNumber}
          </Typography>
          <StatusChip status={bill.status} pastDue={bill.pastDue} daysPastDue={bill.daysPastDue} />
        </Stack>
        <Typography
          component="dl"
          variant="body2"
          sx={{
            display: "grid",
            gridTemplateColumns: "auto 1fr",
            columnGap: 2,
            m: 0,
            mt: 1,
            "& dd": { m: 0 },
          }}
        >
          <dt>Load</dt>
          <dd>{bill.load?.loadId ?? "—"}</dd>
          <dt>Amount</dt>
          <dd>{formatDollars(bill.amount)}</dd>
          <dt>Payment date</dt>
          <dd data-testid="my-bill-payment-date">{dayText(bill.paymentDate)}</dd>
        </Typography>
        <QuickPayState bill={bill} />
      </CardContent>
      {quickPayOpen(bill) ? (
        <CardActions>
          <Button size="small" variant="outlined" onClick={() => onQuickPay(bill)} aria-describedby={titleId}>
            Request quick pay
          </Button>
        </CardActions>
      ) : null}
    </Card>
  );
}

function MyBillsPage({ fetchKey }: { fetchKey: number }) {
  const data = useLazyLoadQuery<MyBillsRouteQuery>(
    graphql`
      query MyBillsRouteQuery {
        quickPayTerms {
          feePercent
          days
        }
        myBills(limit: 100) {
          id
          billNumber
          amount
          amountCents
          paymentDate
          status
          pastDue
          daysPastDue
          load {
            loadId
          }
          quickPay {
            requestedAt
            feePercent
            feeCents
            netAmountCents
          }
        }
      }
    `,
    {},
    { fetchPolicy: "store-and-network", fetchKey },
  );
  const [asking, setAsking] = useState<MyBill | null>(null);
  if (data.myBills.length === 0) {
    return <Typography color="text.secondary">You have no bills yet.</Typography>;
  }
  return (
    <>
      <Stack component="ul" spacing={2} sx={{ listStyle: "none", p: 0, m: 0 }} aria-label="My bills">
        {data.myBills.map((bill) => (
          <BillCard key={bill.id} bill={bill} onQuickPay={setAsking} />
        ))}
      </Stack>
      <QuickPayDialog bill={asking} terms={data.quickPayTerms} onClose={() => setAsking(null)} />
    </>
  );
}

/** /carrier/carrier-portal/my-bills: the carrier's bills, with quick pay per open bill. */
export default function MyBillsRoute() {
  return (
    <>
      <PageTitle subtitle="What you are owed for your loads, when it is paid, and quick pay.">
        Carrier Portal / My Bills
      </PageTitle>
      <ScreenBoundary errorMessage="Your bills could not be loaded." loadingLabel="Loading bills...">
        {(fetchKey) => <MyBillsPage fetchKey={fetchKey} />}
      </ScreenBoundary>
    </>
  );
}
