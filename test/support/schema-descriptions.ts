import {
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isObjectType,
  isSpecifiedScalarType,
  isUnionType,
} from "graphql";

/**
 * GraphiQL documents the API for integrators and support staff: every type, field, argument and
 * enum value carries a one-line description (Pothos `description:`), and a deprecation says why
 * (`deprecationReason`). What was undescribed when this check landed is listed in
 * schema-descriptions.known.txt; that list may only shrink: anything new fails with its path.
 */
export function undescribed(target: GraphQLSchema): string[] {
  const missing: string[] = [];
  for (const type of Object.values(target.getTypeMap())) {
    if (isIntrospectionType(type) || isSpecifiedScalarType(type)) continue;
    if (!type.description?.trim()) missing.push(`type ${type.name}`);
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (!field.description?.trim()) missing.push(`field ${type.name}.${field.name}`);
        if ("args" in field) {
          for (const arg of field.args) {
            if (!arg.description?.trim()) missing.push(`argument ${type.name}.${field.name}(${arg.name})`);
          }
        }
      }
    }
    if (isEnumType(type)) {
      for (const value of type.getValues()) {
        if (!value.description?.trim()) missing.push(`enum value ${type.name}.${value.name}`);
      }
    }
    if (isUnionType(type) && type.getTypes().length === 0) missing.push(`union ${type.name} has no members`);
  }
  return missing.sort();
}

export function deprecatedWithoutReason(target: GraphQLSchema): string[] {
  const found: string[] = [];
  for (const type of Object.values(target.getTypeMap())) {
    if (isIntrospectionType(type)) continue;
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (field.deprecationReason !== undefined && field.deprecationReason !== null) {
          if (!field.deprecationReason.trim() || field.deprecationReason === "No longer supported") {
            found.push(`field ${type.name}.${field.name}`);
          }
        }
      }
    }
  }
  return found;
}
