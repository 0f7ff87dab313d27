// Named exports: relay-compiler cannot read a default export from an ES module config.
export const src = "./client/src";
export const schema = "./schema.graphql";
export const language = "typescript";
export const eagerEsModules = true;
export const excludes = ["**/node_modules/**", "**/__mocks__/**", "**/__generated__/**"];
export const customScalarTypes = {
  DateTime: "string",
  JSONString: "string",
  CsvRows: "ReadonlyArray<ReadonlyArray<string | null>>",
};
