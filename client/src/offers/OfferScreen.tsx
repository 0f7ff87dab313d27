import type { ComponentType } from "react";
import { PageTitle } from "../ui/PageTitle.tsx";
import { ScreenBoundary } from "../ui/ScreenBoundary.tsx";

/** What a bidding screen says while it loads and when it fails. */
export interface OfferScreenTexts {
  errorMessage: string;
  loadingLabel: string;
}

export const OFFERS_TEXTS: OfferScreenTexts = {
  errorMessage: "The offers could not be loaded.",
  loadingLabel: "Loading offers...",
};

export const HISTORY_TEXTS: OfferScreenTexts = {
  errorMessage: "The history could not be loaded.",
  loadingLabel: "Loading history...",
};

interface OfferScreenProps {
  title: string;
  subtitle: string;
  texts: OfferScreenTexts;
  /** The screen's page, which loads its own query (`fetchKey` changes on Retry). */
  page: ComponentType<{ fetchKey: number }>;
}

/** A Carrier Portal list screen: its title, then its page inside the loading and failure boundary. */
export function OfferScreen({ title, subtitle, texts, page: Page }: OfferScreenProps) {
  return (
    <>
      <PageTitle subtitle={subtitle}>{title}</PageTitle>
      <ScreenBoundary {...texts}>{(fetchKey) => <Page fetchKey={fetchKey} />}</ScreenBoundary>
    </>
  );
}
