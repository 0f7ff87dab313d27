import { describe, expect, it } from "vitest";
import { createOperationLabels, MAX_OPERATION_NAMES } from "./operation-labels.ts";

describe("operation labels", () => {
  it("keep names, collapse unnamed and odd ones, and stop growing at the cap", () => {
    // A set of its own: the process's is shared with every test that runs a GraphQL operation.
    const operationLabel = createOperationLabels();
    expect(operationLabel("LoadsListQuery")).toBe("LoadsListQuery");
    expect(operationLabel(null)).toBe("unnamed");
    expect(operationLabel("")).toBe("unnamed");
    expect(operationLabel("not a name")).toBe("unknown");
    expect(operationLabel("A".repeat(101))).toBe("unknown");
    for (let index = 1; index < MAX_OPERATION_NAMES; index++) operationLabel(`Operation${index}`);
    expect(operationLabel("OneTooMany")).toBe("other");
    expect(operationLabel("LoadsListQuery")).toBe("LoadsListQuery");
    expect(operationLabel(`Operation${MAX_OPERATION_NAMES - 1}`)).toBe(`Operation${MAX_OPERATION_NAMES - 1}`);
  });
});
