import { useEffect } from "react";
import { useLocation } from "react-router-dom";
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

/** The public landing page (spec section 1), anchored #top … #testimonials. */
export default function LandingPage() {
  useDocumentTitle("Freight brokerage");
  const { hash } = useLocation();
  // The page renders after the browser tried to jump to the anchor of a deep link: jump now.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
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
