import { ACCOUNT_DISABLED_MESSAGE } from "../../common/workspace.ts";
import { ForbiddenError } from "../errors.ts";

/**
 * A disabled account is refused even with the right password (checked after the password, so the
 * answer tells nothing to someone who does not know it).
 */
export function assertMaySignIn(user: { disabledAt: Date | null }): void {
  if (user.disabledAt) throw new ForbiddenError(ACCOUNT_DISABLED_MESSAGE);
}
