import Box from "@mui/material/Box";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Loading } from "../ui/Loading.tsx";
import { Section } from "./Section.tsx";

/** The form (with Relay) downloads only when the visitor nears the section, keeping the first load light. */
const ContactForm = lazy(() => import("./ContactForm.tsx"));

function useNearViewport<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && setNear(true),
      {
        rootMargin: "600px 0px",
      },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}

export function ContactSection() {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return (
    <Section
      id="contact"
      title="Contact"
      subtitle="Questions about shipping or hauling with us? Write to us."
    >
      <Box ref={ref} sx={{ minHeight: 420 }}>
        {near ? (
          <Suspense fallback={<Loading label="Loading the form…" />}>
            <ContactForm />
          </Suspense>
        ) : null}
      </Box>
    </Section>
  );
}
