import { describe, expect, it } from "vitest";
import { NO_DATA, STREAM_REQUIRED } from "../../../common/loads/upload-size.ts";
import { NO_UPLOAD_DATA, SELECT_STREAM } from "./messages.ts";
import {
  combineFiles,
  fileProblem,
  MAX_FILE_BYTES,
  type ParsedFile,
  previewOf,
  uploadProblems,
  uploadRequests,
} from "./upload-table.ts";

const file = (name: string, columns: string[], rows: string[][]): ParsedFile => ({
  name,
  columns,
  rows,
  warnings: [],
});

describe("upload texts", () => {
  it("match the server's", () => {
    expect(SELECT_STREAM).toBe(STREAM_REQUIRED);
    expect(NO_UPLOAD_DATA).toBe(NO_DATA);
  });
});

describe("fileProblem", () => {
  it("takes .txt and .csv files of the spec's types up to 5 MB", () => {
    expect(fileProblem({ name: "loads.csv", type: "text/csv", size: 10 })).toBeNull();
    expect(fileProblem({ name: "LOADS.TXT", type: "text/plain", size: 10 })).toBeNull();
    expect(fileProblem({ name: "loads.csv", type: "application/vnd.ms-excel", size: 10 })).toBeNull();
    expect(fileProblem({ name: "loads.csv", type: "", size: MAX_FILE_BYTES })).toBeNull();
  });

  it("says why it refuses a file", () => {
    expect(fileProblem({ name: "loads.xlsx", type: "application/vnd.ms-excel", size: 10 })).toBe(
      "loads.xlsx was not added: only .txt and .csv files (text/plain, text/csv, application/vnd.ms-excel) can be uploaded.",
    );
    expect(fileProblem({ name: "loads.csv", type: "application/pdf", size: 10 })).toMatch(
      /only \.txt and \.csv/,
    );
    expect(fileProblem({ name: "big.csv", type: "text/csv", size: MAX_FILE_BYTES + 1 })).toBe(
      "big.csv was not added: it is larger than 5 MB.",
    );
    expect(fileProblem({ name: "none.csv", type: "text/csv", size: 0 })).toBe(
      "none.csv was not added: it is empty.",
    );
  });
});

describe("previewOf (header preview)", () => {
  it("shows the header row, the first rows as text and the row count", () => {
    const table = {
      columns: ["Load ID", "Weight", "Note"],
      rows: [
        ["L1", 12, null],
        ["L2", "7"],
        ["L3", "1", "x"],
      ],
    };
    expect(previewOf({ table, files: [{ name: "a.csv", start: 0, count: 3 }] }, 2)).toEqual({
      columns: ["Load ID", "Weight", "Note"],
      rows: [
        ["L1", "12", ""],
        ["L2", "7", ""],
      ],
      rowLabels: ["1", "2"],
      total: 3,
    });
  });

  it("numbers preview rows the way the error list numbers them (per file, from the first row under the header)", () => {
    const upload = combineFiles([
      file("a.csv", ["Load ID"], [["L1"]]),
      file("b.csv", ["Load ID"], [["L2"], ["L3"]]),
    ]);
    const preview = previewOf(upload);
    const problems = uploadProblems([{ field: "rows.3.loadId", message: "Row 3: bad" }], upload.files);
    expect(preview.rowLabels).toEqual(["a.csv, row 1", "b.csv, row 1", "b.csv, row 2"]);
    expect(`${problems[0].fileName}, row ${problems[0].fileRow}`).toBe(preview.rowLabels[2]);
  });
});

describe("combineFiles", () => {
  it("joins files with the same header as they are", () => {
    const a = file("a.csv", ["Load ID", "Status"], [["A1", "pending"]]);
    const b = file(
      "b.csv",
      ["Load ID", "Status"],
      [
        ["B1", "delivered"],
        ["B2", "pending"],
      ],
    );
    const combined = combineFiles([a, b]);
    expect(combined.table).toEqual({
      columns: ["Load ID", "Status"],
      rows: [
        ["A1", "pending"],
        ["B1", "delivered"],
        ["B2", "pending"],
      ],
    });
    expect(combined.table.rows[0]).toBe(a.rows[0]);
    expect(combined.files).toEqual([
      { name: "a.csv", start: 0, count: 1 },
      { name: "b.csv", start: 1, count: 2 },
    ]);
  });

  it("puts cells under the right column when headers differ", () => {
    const a = file("a.csv", ["Load ID", "Status"], [["A1", "pending"]]);
    const b = file("b.csv", ["Customer", "Load ID"], [["Acme", "B1"]]);
    expect(combineFiles([a, b]).table).toEqual({
      columns: ["Load ID", "Status", "Customer"],
      rows: [
        ["A1", "pending"],
        ["B1", null, "Acme"],
      ],
    });
  });
});

describe("uploadRequests", () => {
  it("sends files together while they fit in 5 MB, else one request per file", () => {
    const small = [file("a.csv", ["Load ID"], [["A"]]), file("b.csv", ["Load ID"], [["B"]])];
    expect(uploadRequests(small)).toHaveLength(1);
    const cell = "x".repeat(1000);
    const rows = Array.from({ length: 3000 }, (_, index) => [`L${index}`, cell]);
    const big = [file("a.csv", ["Load ID", "Note"], rows), file("b.csv", ["Load ID", "Note"], rows)];
    const requests = uploadRequests(big);
    expect(requests).toHaveLength(2);
    expect(requests[1].files).toEqual([{ name: "b.csv", start: 0, count: 3000 }]);
  });
});

describe("uploadProblems", () => {
  it("reads row, file, field and reason from the server's row errors", () => {
    const files = [
      { name: "a.csv", start: 0, count: 10 },
      { name: "b.csv", start: 10, count: 5 },
    ];
    expect(
      uploadProblems(
        [
          { field: "rows.12.pickupDate", message: "Row 12: Pickup Date 'soon' is not a valid date" },
          { field: "rows.3.loadId", message: "Row 3: Load ID is required" },
          { field: "rows.4.Trailer", message: "Row 4: Trailer is longer than 2000 characters" },
          { field: "stream", message: "Select the stream before upload." },
        ],
        files,
      ),
    ).toEqual([
      {
        row: 12,
        fileName: "b.csv",
        fileRow: 2,
        field: "Pickup Date",
        reason: "Pickup Date 'soon' is not a valid date",
      },
      { row: 3, fileName: "a.csv", fileRow: 3, field: "Load ID", reason: "Load ID is required" },
      {
        row: 4,
        fileName: "a.csv",
        fileRow: 4,
        field: "Trailer",
        reason: "Trailer is longer than 2000 characters",
      },
      {
        row: null,
        fileName: null,
        fileRow: null,
        field: "stream",
        reason: "Select the stream before upload.",
      },
    ]);
  });
});
