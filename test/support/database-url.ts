/** Where the test databases live; shared by the per-file databases and the run's template. */
export const testProvider = process.env.TEST_DATABASE === "postgres" ? "postgresql" : "sqlite";
export const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

export function databaseUrlNamed(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
