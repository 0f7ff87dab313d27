import type { CarrierListFilter } from "../../common/carriers.ts";
import { providerOf } from "../db/client.ts";
import { containsText } from "../db/contains-text.ts";
import type { Prisma } from "../generated/sqlite/client.ts";

/**
 * The digits of a term that reads as a number: a DOT/MC number (prefix allowed) or a phone as typed.
 * Terms with other letters ("CAR-000003", "Lines 07") are matched as text only.
 */
function numberLike(term: string): string | null {
  const withoutPrefix = term.replace(/^\s*(?:US\s*DOT|DOT|MC)/i, "");
  if (!/^[\d\s()+#.-]+$/.test(withoutPrefix)) return null;
  const digits = withoutPrefix.replace(/\D/g, "");
  return digits || null;
}

/**
 * The list's search: name, carrier id and contact name/e-mail by text; DOT #, MC # and phone by
 * their digits, so "MC-874512" and "(201) 555" find what the normalised columns hold.
 */
export function carrierWhere(databaseUrl: string, filter: CarrierListFilter): Prisma.CarrierWhereInput {
  const provider = providerOf(databaseUrl);
  const conditions: Prisma.CarrierWhereInput[] = [];
  if (filter.type) conditions.push({ type: filter.type });
  if (filter.search) {
    const term = filter.search;
    const matches: Prisma.CarrierWhereInput[] = [
      { carrierName: containsText(provider, term) },
      { carrierId: containsText(provider, term) },
      { contactName: containsText(provider, term) },
      { contactEmail: containsText(provider, term) },
    ];
    const digits = numberLike(term);
    if (digits) {
      const significant = digits.replace(/^0+/, "") || digits;
      matches.push(
        { dotNumber: { contains: significant } },
        { mcNumber: { contains: significant } },
        { contactPhone: { contains: digits } },
      );
    }
    conditions.push({ OR: matches });
  }
  return conditions.length > 0 ? { AND: conditions } : {};
}

/** The chosen order, then the id so pages never overlap when values tie. */
export function carrierOrderBy(filter: CarrierListFilter): Prisma.CarrierOrderByWithRelationInput[] {
  return [{ [filter.sortBy]: filter.sortDirection }, { id: filter.sortDirection }];
}
