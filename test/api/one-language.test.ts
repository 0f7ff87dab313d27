import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Texts the product shows are English, except the spec's own texts, which stay exactly as the spec
 * has them (Spanish ones included). Every Spanish-looking string literal in server/, common/ and
 * client/src must be one of these.
 */
const SPEC_SPANISH = new Set([
  "Cargando...",
  "Cargando datos...",
  "Cargando mapa...",
  "Error cargando mapa",
  "No hay notificaciones nuevas",
  "No se pudo guardar los cambios",
  "No se pudieron obtener las cargas",
  "No se pudieron obtener los carriers",
  "No se pudieron obtener los drivers por carrier",
  "No se pudo obtener el carrier",
  "No se pudieron obtener las recibos",
  "No se pudo obtener la factura",
  "No se pudo actualizar la factura",
  "Stops debe ser un número válido mayor o igual a 0",
  "Load ID es requerido",
  "Customer es requerido",
  "Driver requerido",
  "Error al crear el load",
  "Debes generar o escribir un Route Number",
  "Selecciona al menos una carga",
  "Hubo un error al crear la ruta.",
  "Requerido",
  "Debe ser número",
  "Puja creada exitosamente.",
  "Puja actualizada exitosamente.",
  "Crear Nueva Ruta",
]);

/** A text that only quotes the spec's texts ('...') is English around them. */
const withoutQuotedSpecTexts = (text: string) =>
  [...SPEC_SPANISH].reduce((rest, allowed) => rest.replaceAll(`'${allowed}'`, ""), text);
/** Input words the upload accepts, not texts shown. */
const ACCEPTED_INPUT = new Set(["sí", "si"]);

const SPANISH =
  /[áéíóúñ¿¡]|\b(no se|pudo|pudieron|obtener|encontrad[oa]s?|pertenece|ya existe|cargando|requerid[oa]|debe|debes|selecciona|hubo|puja|exitosamente|cargas?|recibos|factura|ruta|notificaciones|guardar|cambios|al crear|error al)\b/i;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      return ["generated", "__generated__", "seed", "node_modules"].includes(name) ? [] : sourceFiles(path);
    }
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** String literals and JSX text of a file, outside comments. */
function textsOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const literals = [...code.matchAll(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`([^`]*)`/g)].map(
    (match) => match[1] ?? match[2] ?? match[3] ?? "",
  );
  const jsxText = [...code.matchAll(/>\s*([^<>{}\n]*[A-Za-zÁ-ú][^<>{}\n]*?)\s*</g)].map((match) => match[1]);
  return [...literals, ...jsxText];
}

describe("one language for the texts that are not the spec's", () => {
  it("finds Spanish only in the spec's own texts", () => {
    const offenders: string[] = [];
    for (const file of ["server", "common", "client/src"].flatMap(sourceFiles)) {
      for (const text of textsOf(readFileSync(file, "utf8"))) {
        if (!SPANISH.test(withoutQuotedSpecTexts(text)) || SPEC_SPANISH.has(text) || ACCEPTED_INPUT.has(text))
          continue;
        // Imports, paths and identifiers are not texts.
        if (/^[./@\w-]*$/.test(text) && !/\s/.test(text) && !/[áéíóúñ]/.test(text)) continue;
        offenders.push(`${file}: ${text}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("keeps each allowed Spanish text exactly as the spec has it", () => {
    const spec = ["../shared/spec.md", "../../shared/spec.md"].find((path) => existsSync(path));
    if (!spec) return;
    const text = readFileSync(spec, "utf8");
    expect([...SPEC_SPANISH].filter((allowed) => !text.includes(`'${allowed}'`))).toEqual([]);
  });
});
