import { type MouseEvent, useCallback, useId, useState } from "react";

/**
 * A button that opens a menu: spread `button` on the Button and `menu` on the Menu (the button
 * says it opens a menu, and which one while it is open).
 */
export function useMenuButton(id?: string) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const generated = useId();
  const menuId = id ?? generated;
  const close = useCallback(() => setAnchor(null), []);
  return {
    close,
    button: {
      "aria-haspopup": "menu" as const,
      "aria-expanded": anchor ? ("true" as const) : undefined,
      "aria-controls": anchor ? menuId : undefined,
      onClick: (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget),
    },
    menu: { id: menuId, anchorEl: anchor, open: anchor !== null, onClose: close },
  };
}
