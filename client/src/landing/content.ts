/** The landing page's copy (spec section 1), kept apart from its layout. */

export const TAGLINE = "Keeping the country moving, one load at a time.";
export const HERO_TEXT =
  "Freightway connects shippers' freight with a ranked network of trusted carriers, so every load finds the right truck at the right price.";

export const CLAIMS = [
  { figure: "1,000+", text: "More than 1,000 shipments daily" },
  { figure: "900,000+", text: "Over 900,000 trucking companies" },
] as const;

/** The hero's right half: how a load moves through the platform. */
export const HERO_STEPS = [
  { title: "Post the load", text: "Upload files or assign a load to a carrier's driver by hand." },
  { title: "Carriers bid", text: "Vetted carriers bid in timed rounds; you pick the winner." },
  { title: "Track to delivery", text: "Follow every truck on the map, stop by stop." },
  { title: "Bill and pay", text: "Invoices and carrier bills stay matched to each load." },
] as const;

export const ABOUT_PARAGRAPHS = [
  "Freightway started on a loading dock: a small team of dispatchers who spent their days calling carriers one by one to cover loads that should have been booked in minutes.",
  "We built the platform we wished we had. Operators publish loads, routes and schedules in one place; carriers see the freight that fits their lanes and equipment, bid openly and get paid on time. Every shipment is tracked from pickup to delivery.",
  "Today shippers, brokers and carriers of every size move freight across the country with us, with the same promise we started with: fair rates, clear information and people who answer the phone.",
];

export const CARRIER_FEATURES = [
  {
    key: "load-assignment",
    title: "Load assignment",
    text: "Get loads that match your lanes, equipment and schedule, assigned straight to your drivers.",
  },
  {
    key: "route-optimization",
    title: "Route optimization",
    text: "Loads grouped into efficient routes with sequenced stops, so your trucks spend less time empty.",
  },
  {
    key: "prime-access",
    title: "Prime carrier access with bidding",
    text: "Bid on active offers in timed rounds and see where your offer stands against the best bid.",
  },
  {
    key: "tracking",
    title: "Real-time tracking",
    text: "Shippers and operators follow every route on a live map with ETAs at each stop.",
  },
  {
    key: "mobile",
    title: "Mobile app for carriers",
    text: "Your drivers receive offers, notifications and load details wherever they are.",
  },
  {
    key: "billing",
    title: "Secure billing and payments",
    text: "Invoices and bills tracked in one place, with clear statuses and payments you can count on.",
  },
] as const;

export const EQUIPMENT = [
  { key: "dry-van", title: "Dry Van", text: "Enclosed trailers for palletized, boxed and general freight." },
  { key: "flatbed", title: "Flatbed", text: "Open decks for lumber, steel, machinery and oversized pieces." },
  { key: "heavy-haul", title: "Heavy-Haul", text: "Permitted, escorted moves for the heaviest equipment." },
  {
    key: "refrigerated",
    title: "Refrigerated",
    text: "Temperature-controlled reefers for food and pharmaceuticals.",
  },
  { key: "high-value", title: "High-Value", text: "Vetted carriers and extra security for valuable cargo." },
  { key: "intermodal", title: "Intermodal", text: "Truck and rail combined for long hauls at lower cost." },
] as const;

export const TESTIMONIALS = [
  {
    quote:
      "Freightway keeps my trucks loaded. I see offers on my lanes, bid in minutes and know the same day if the load is mine.",
    name: "Luis Ramirez",
    role: "Owner, Ramirez Trucking",
  },
  {
    quote:
      "We cover loads faster than ever and always know where our freight is. Billing finally matches what was delivered.",
    name: "Angela Brooks",
    role: "Logistics manager, Brooks Freight Co.",
  },
] as const;

export const CONTACT_DETAILS = {
  email: "hello@freightway.example",
  phone: "+1 (800) 555-0199",
  address: "1200 Commerce Street, Dallas, TX 75202",
};

export const SECTION_LINKS = [
  { label: "Home", href: "#top" },
  { label: "About Us", href: "#about-us" },
  { label: "Carrier", href: "#carrier" },
  { label: "Services", href: "#services" },
  { label: "Contact", href: "#contact" },
] as const;

export const POLICY_LINKS = [
  "Cookie Policy",
  "Privacy Policy",
  "Terms & Conditions",
  "FAQ",
  "Pricing",
] as const;
