export function derivePostgresSchema(sqlite: string): string;
export function writePostgresSchema(source?: string, target?: string): void;
export function checkPostgresSchema(source?: string, target?: string): void;
