import { randomBytes } from "node:crypto";

const POOL_SIZE = 8 * 1024;
let pool = randomBytes(POOL_SIZE);
let poolOffset = 0;
let counter = pool.readUInt16BE(0);

function randomPart(): string {
  if (poolOffset + 8 > POOL_SIZE) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  const value = pool.readBigUInt64BE(poolOffset);
  poolOffset += 8;
  return value.toString(36).padStart(11, "0").slice(-11);
}

/**
 * A collision-resistant id in the shape of Prisma's cuid() (lowercase, starts with "c", 25
 * characters), for rows written with raw SQL.
 * Random bytes come from a pool: bulk uploads make tens of thousands of ids at once.
 */
export function createRowId(now = Date.now()): string {
  counter = (counter + 1) % 1_679_616; // 36^4
  const time = now.toString(36).padStart(9, "0").slice(-9);
  return `c${time}${counter.toString(36).padStart(4, "0")}${randomPart()}`;
}
