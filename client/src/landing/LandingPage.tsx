import { useEffect } from "react";
import { MAIN_CONTENT_ID, SkipLink } from "../ui/SkipLink.tsx";
import { useDocumentTitle } from "../ui/useDocumentTitle.ts";
import { AboutSection } from "./AboutSection.tsx";
import { CarrierSection } from "./CarrierSection.tsx";
import { ContactSection } from "./ContactSection.tsx";
import { HeroSection } from "./HeroSection.tsx";
import { LandingFooter } from "./LandingFooter.tsx";
import { LandingHeader } from "./LandingHeader.tsx";
import { ServicesSection } from "./ServicesSection.tsx";
import { TestimonialsSection } from "./TestimonialsSection.tsx";

/**
 * The public landing page (spec section 1), anchored #top … #testimonials. It is rendered to HTML at
 * build time (landing.html) and hydrated by its own small entry, without the router or Relay; inside
 * the app (after logging out) the router shows it as any other screen.
 */
export default function LandingPage() {
  useDocumentTitle("Freight brokerage");
  // Where the page is drawn by the client (not the built HTML), the browser tried to jump to the
  // anchor of a deep link before the sections existed: jump now.
  useEffect(() => {
    const { hash } = window.location;
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, []);
  return (
    <>
      <SkipLink />
      <LandingHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: "none" }}>
        <HeroSection />
        <AboutSection />
        <CarrierSection />
        <ServicesSection />
        <TestimonialsSection />
        <ContactSection />
      </main>
      <LandingFooter />
    </>
  );
}
