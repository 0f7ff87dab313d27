import AltRouteIcon from "@mui/icons-material/AltRoute";
import ContactMailIcon from "@mui/icons-material/ContactMail";
import GavelIcon from "@mui/icons-material/Gavel";
import HistoryIcon from "@mui/icons-material/History";
import LocalShippingIcon from "@mui/icons-material/LocalShipping";
import MapIcon from "@mui/icons-material/Map";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import TuneIcon from "@mui/icons-material/Tune";
import WarehouseIcon from "@mui/icons-material/Warehouse";
import WorkspacePremiumIcon from "@mui/icons-material/WorkspacePremium";
import type { ReactNode } from "react";

export type Area = "admin" | "carrier";

export interface NavItem {
  label: string;
  to: string;
  icon: ReactNode;
}

export interface NavGroup {
  title: string;
  items: NavItem[];
}

/** Spec section 2, "Shared layout"; the Workspace group holds the two screens the sidebar recognises. */
export const NAVIGATION: Record<Area, NavGroup[]> = {
  admin: [
    {
      title: "ILA",
      items: [
        { label: "Load", to: "/admin/ila/load", icon: <LocalShippingIcon /> },
        { label: "Routing", to: "/admin/ila/routing", icon: <AltRouteIcon /> },
        { label: "Carriers", to: "/admin/ila/carriers", icon: <WarehouseIcon /> },
        { label: "Tracking", to: "/admin/ila/tracking", icon: <MapIcon /> },
        { label: "Billing", to: "/admin/ila/billing", icon: <ReceiptLongIcon /> },
      ],
    },
    {
      title: "Carrier Portal",
      items: [
        { label: "Active Offers", to: "/admin/carrier-portal/active-offers", icon: <GavelIcon /> },
        { label: "History Logs", to: "/admin/carrier-portal/history-logs", icon: <HistoryIcon /> },
      ],
    },
    {
      title: "Workspace",
      items: [
        { label: "Support Hub", to: "/support-hub", icon: <ContactMailIcon /> },
        { label: "Workspace Control", to: "/workspace-control", icon: <TuneIcon /> },
      ],
    },
  ],
  carrier: [
    {
      title: "Carrier Portal",
      items: [
        { label: "Active Offers", to: "/carrier/carrier-portal/active-offers", icon: <GavelIcon /> },
        { label: "History Wins", to: "/carrier/carrier-portal/history-wins", icon: <WorkspacePremiumIcon /> },
        { label: "My Bills", to: "/carrier/carrier-portal/my-bills", icon: <ReceiptLongIcon /> },
      ],
    },
  ],
};
