import type MuiTooltip from "@mui/material/Tooltip";
import {
  cloneElement,
  type FocusEvent,
  type MouseEvent,
  type ReactElement,
  type Ref,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { warmable } from "./deferred.tsx";

// MUI's Tooltip brings Popper and popper.js: it loads after the first screen (ui/deferred.tsx) or
// when the pointer or the keyboard first reaches a control that has one.
let Loaded: typeof MuiTooltip | null = null;
const listeners = new Set<() => void>();
const loadTooltip = warmable(() =>
  import("@mui/material/Tooltip").then((module) => {
    Loaded = module.default;
    for (const listener of listeners) listener();
    return module;
  }),
);
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

interface ChildProps {
  "aria-label"?: string;
  ref?: Ref<HTMLElement>;
  onMouseOver?(event: MouseEvent<HTMLElement>): void;
  onMouseLeave?(event: MouseEvent<HTMLElement>): void;
  onFocus?(event: FocusEvent<HTMLElement>): void;
  onBlur?(event: FocusEvent<HTMLElement>): void;
}

interface DeferredTooltipProps {
  title: string;
  children: ReactElement<ChildProps>;
}

/**
 * MUI's Tooltip with a text title. Until its code is in, the child is rendered as is, named by the
 * title as the Tooltip names it; a hover or keyboard focus loads the code and the Tooltip shows
 * open. The Tooltip is controlled, so it opens and closes on its own events as an uncontrolled one
 * would. The child mounts again inside it (once, usually while the page is idle after the first
 * screen): a focused child gets its focus back.
 */
export function DeferredTooltip({ title, children }: DeferredTooltipProps) {
  const Tooltip = useSyncExternalStore(subscribe, () => Loaded);
  const [open, setOpen] = useState(false);
  const focused = useRef(false);
  const node = useRef<HTMLElement>(null);
  useEffect(() => {
    if (Tooltip && focused.current && node.current && document.activeElement === document.body) {
      node.current.focus();
    }
  }, [Tooltip]);
  const own = children.props;
  if (Tooltip) {
    return (
      <Tooltip title={title} open={open} onOpen={() => setOpen(true)} onClose={() => setOpen(false)}>
        {cloneElement(children, { ref: node })}
      </Tooltip>
    );
  }
  const want = () => {
    setOpen(true);
    void loadTooltip().catch(() => undefined);
  };
  return cloneElement(children, {
    "aria-label": own["aria-label"] ?? title,
    onMouseOver: (event: MouseEvent<HTMLElement>) => {
      own.onMouseOver?.(event);
      want();
    },
    onMouseLeave: (event: MouseEvent<HTMLElement>) => {
      own.onMouseLeave?.(event);
      setOpen(false);
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      focused.current = true;
      if (event.currentTarget.matches(":focus-visible")) want();
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      own.onBlur?.(event);
      focused.current = false;
      setOpen(false);
    },
  });
}
