import SchemaBuilder, {
  BasePlugin,
  type PothosInputFieldConfig,
  type PothosOutputFieldConfig,
  type SchemaTypes,
} from "@pothos/core";

/**
 * GraphiQL descriptions of the fields other plugins generate, given once here unless a field has
 * its own: every mutation's one `input` argument, the `data` payload of its
 * `Mutation<Name>Success` (the errors plugin's result type) and the `totalCount` of a Prisma
 * connection.
 */
const INPUT_DESCRIPTION = "Everything this mutation takes, as one object (see the input type).";
const DATA_DESCRIPTION = "What the mutation changed (its payload).";
const TOTAL_COUNT_DESCRIPTION = "How many items the whole list holds, on all pages.";

export class DefaultDescriptionsPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override onInputFieldConfig(fieldConfig: PothosInputFieldConfig<Types>): PothosInputFieldConfig<Types> {
    if (fieldConfig.kind !== "Arg" || fieldConfig.parentType !== "Mutation" || fieldConfig.name !== "input") {
      return fieldConfig;
    }
    return { ...fieldConfig, description: fieldConfig.description ?? INPUT_DESCRIPTION };
  }

  override onOutputFieldConfig(fieldConfig: PothosOutputFieldConfig<Types>): PothosOutputFieldConfig<Types> {
    if (fieldConfig.description) return fieldConfig;
    if (fieldConfig.name === "data" && /^Mutation\w+Success$/.test(fieldConfig.parentType)) {
      return { ...fieldConfig, description: DATA_DESCRIPTION };
    }
    if (fieldConfig.extensions?.pothosPrismaTotalCount) {
      return { ...fieldConfig, description: TOTAL_COUNT_DESCRIPTION };
    }
    return fieldConfig;
  }
}

declare global {
  export namespace PothosSchemaTypes {
    interface Plugins<Types extends SchemaTypes> {
      defaultDescriptions: DefaultDescriptionsPlugin<Types>;
    }
  }
}

const pluginName = "defaultDescriptions";
SchemaBuilder.registerPlugin(pluginName, DefaultDescriptionsPlugin);
export default pluginName;
