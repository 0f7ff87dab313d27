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
 * (`deprecationReason`). Anything undescribed fails with its path.
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

/** Deprecated without saying why: graphql-js' default text counts as no reason. */
function lacksReason(reason: string | null | undefined): boolean {
  return reason !== undefined && reason !== null && (!reason.trim() || reason === "No longer supported");
}

/** Every deprecated field, argument, input field and enum value, wherever it sits, needs a reason. */
export function deprecatedWithoutReason(target: GraphQLSchema): string[] {
  const found: string[] = [];
  for (const type of Object.values(target.getTypeMap())) {
    if (isIntrospectionType(type)) continue;
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (lacksReason(field.deprecationReason)) found.push(`field ${type.name}.${field.name}`);
        if ("args" in field) {
          for (const arg of field.args) {
            if (lacksReason(arg.deprecationReason)) {
              found.push(`argument ${type.name}.${field.name}(${arg.name})`);
            }
          }
        }
      }
    }
    if (isEnumType(type)) {
      for (const value of type.getValues()) {
        if (lacksReason(value.deprecationReason)) found.push(`enum value ${type.name}.${value.name}`);
      }
    }
  }
  return found;
}
