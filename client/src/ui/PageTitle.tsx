import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Fragment, type ReactNode } from "react";
import { Link as RouterLink, useLocation } from "react-router-dom";
import { areaOf, breadcrumbsOf, TITLE_SEPARATOR } from "../lib/breadcrumbs.ts";
import { useDocumentTitle } from "./useDocumentTitle.ts";

interface PageTitleProps {
  /** The spec's screen title, e.g. 'ILA / Load / L-1'; its parts that name a screen link there. */
  children: string;
  subtitle?: ReactNode;
}

/** The screen's heading as breadcrumbs, and the browser tab's title. */
export function PageTitle({ children, subtitle }: PageTitleProps) {
  const { pathname } = useLocation();
  useDocumentTitle(children);
  const crumbs = breadcrumbsOf(children, areaOf(pathname));
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: subtitle ? 0.5 : 2 }}>
        {crumbs.map((crumb, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a title's parts are positions
          <Fragment key={index}>
            {index > 0 ? TITLE_SEPARATOR : null}
            {crumb.to ? (
              <Link component={RouterLink} to={crumb.to} color="inherit" underline="always">
                {crumb.label}
              </Link>
            ) : index === crumbs.length - 1 ? (
              <span aria-current="page">{crumb.label}</span>
            ) : (
              crumb.label
            )}
          </Fragment>
        ))}
      </Typography>
      {subtitle ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {subtitle}
        </Typography>
      ) : null}
    </>
  );
}
