import { isEnumType, isInputObjectType, isInterfaceType, isObjectType, isUnionType, isScalarType, isSpecifiedScalarType, isIntrospectionType } from "graphql";
import { schema } from "../server/schema.ts";
const missing: string[] = [];
for (const type of Object.values(schema.getTypeMap())) {
  if (isIntrospectionType(type) || (isScalarType(type) && isSpecifiedScalarType(type))) continue;
  if (!type.description) missing.push(`type ${type.name}`);
  if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
    for (const field of Object.values(type.getFields())) {
      if (!field.description) missing.push(`field ${type.name}.${field.name}`);
      if ("args" in field) for (const arg of field.args) if (!arg.description) missing.push(`arg ${type.name}.${field.name}(${arg.name})`);
    }
  }
  if (isEnumType(type)) for (const v of type.getValues()) if (!v.description) missing.push(`enum ${type.name}.${v.name}`);
}
console.log(missing.length);
const by: Record<string, number> = {};
for (const m of missing) { const k = m.split(" ")[0]; by[k] = (by[k] ?? 0) + 1; }
console.log(by);
console.log(missing.join("\n"));
