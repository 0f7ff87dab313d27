import {
  type ArgumentNode,
  type DocumentNode,
  type ExecutionArgs,
  GraphQLError,
  type GraphQLInputField,
  type GraphQLInputType,
  type GraphQLSchema,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isScalarType,
  Kind,
  type OperationDefinitionNode,
  TypeInfo,
  type ValueNode,
  visit,
  visitWithTypeInfo,
} from "graphql";
import type { Plugin } from "graphql-yoga";
import { TEXT_MAX, type TextProblem, textProblem, textProblemMessage } from "../../common/input-text.ts";
import { type FieldError, ValidationError } from "../errors.ts";
import { fieldPath } from "../http/input-text.ts";
import { findTextProblem, type PathStep, type TextWalk } from "../http/unicode.ts";
import { fragmentsByName, requestedOperation } from "./document-parts.ts";

/**
 * Bounded, clean text for every GraphQL argument and input field, present and future, without a
 * line in any resolver: before an operation runs, every text value it passes (inline literals,
 * variables, variables' defaults) is checked against the schema position it lands in. Text is
 * what String, ID and the custom scalars carry (DateTime, JSONString, the cells of CsvRows); Int,
 * Float, Boolean and enums are not. The rule is common/input-text.ts': at most TEXT_MAX characters
 * unless the argument or input field declares its own limit (`extensions: textLimit(n)`), no
 * control characters, no lone surrogates. A breach is a 400 `ValidationError` naming the field
 * (`extensions.fields`), as a top-level error: nothing runs. The field is named as the input's own
 * rules name it: from the argument, and for the one `input` argument of a mutation from inside it
 * (`name`, `stops[2].nass`), like the ValidationErrors a service returns for the same input.
 */

/** The extension an argument or input field declares its text limit under. */
const MAX_LENGTH = "maxLength";

/** Pothos `extensions` of an argument or input field whose text may be longer, or must be shorter, than TEXT_MAX. */
export const textLimit = (max: number): Record<string, number> => ({ [MAX_LENGTH]: max });

const NOT_TEXT = new Set(["Int", "Float", "Boolean"]);

function limitOf(definition: { extensions?: Readonly<Record<string, unknown>> | null }): number {
  const declared = definition.extensions?.[MAX_LENGTH];
  return typeof declared === "number" ? declared : TEXT_MAX;
}

/** A variable as the operation passes it to one argument or input field. */
interface VariableUse {
  name: string;
  type: GraphQLInputType;
  max: number;
  path: PathStep[];
}

/** What an operation's text looks like before its variables are known. */
interface Plan {
  /** The first literal that breaks the rule: the operation is refused whatever its variables. */
  literal: FieldError | null;
  uses: VariableUse[];
  defaults: Map<string, ValueNode>;
}

function fieldError(path: PathStep[], problem: TextProblem, max: number): FieldError {
  // `input.name` -> `name`: the mutation's input fields are named as its validation names them.
  const named = path[0] === "input" && path.length > 1 ? path.slice(1) : path;
  const field = fieldPath(named);
  return { field, message: textProblemMessage(problem, field, max) };
}

function problemAt(path: PathStep[], text: string, max: number): FieldError | null {
  const problem = textProblem(text, max);
  return problem === null ? null : fieldError(path, problem, max);
}

const WITHIN: TextWalk<number, TextProblem> = {
  scope: TEXT_MAX,
  enter: (_key, max) => max,
  check: (text, max) => textProblem(text, max),
};

/** Text of any JSON shape under a scalar (CsvRows' lines of cells): every string within `max`. */
function scalarProblem(value: unknown, max: number, path: PathStep[]): FieldError | null {
  const found = findTextProblem(value, { ...WITHIN, scope: max });
  return found ? fieldError([...path, ...found.path], found.problem, max) : null;
}

function isText(type: GraphQLInputType): boolean {
  return isScalarType(type) && !NOT_TEXT.has(type.name);
}

/** A literal (or the variables inside it) at a position of `type`. */
function walkLiteral(
  node: ValueNode,
  type: GraphQLInputType,
  max: number,
  path: PathStep[],
  plan: Plan,
): FieldError | null {
  if (node.kind === Kind.VARIABLE) {
    plan.uses.push({ name: node.name.value, type, max, path });
    return null;
  }
  const inner = getNullableType(type);
  if (isListType(inner)) {
    if (node.kind !== Kind.LIST) return walkLiteral(node, inner.ofType, max, path, plan);
    for (let index = 0; index < node.values.length; index++) {
      const found = walkLiteral(node.values[index], inner.ofType, max, [...path, index], plan);
      if (found) return found;
    }
    return null;
  }
  if (isInputObjectType(inner)) {
    if (node.kind !== Kind.OBJECT) return null;
    const fields = inner.getFields();
    for (const field of node.fields) {
      const definition: GraphQLInputField | undefined = fields[field.name.value];
      if (!definition) continue;
      const found = walkLiteral(
        field.value,
        definition.type,
        limitOf(definition),
        [...path, field.name.value],
        plan,
      );
      if (found) return found;
    }
    return null;
  }
  if (isEnumType(inner) || !isText(inner)) return null;
  return walkScalarLiteral(node, max, path, plan, inner);
}

/** A custom scalar's literal may be a list or object of strings (or hold variables). */
function walkScalarLiteral(
  node: ValueNode,
  max: number,
  path: PathStep[],
  plan: Plan,
  type: GraphQLInputType,
): FieldError | null {
  switch (node.kind) {
    case Kind.STRING:
      return problemAt(path, node.value, max);
    case Kind.VARIABLE:
      plan.uses.push({ name: node.name.value, type, max, path });
      return null;
    case Kind.LIST:
      for (let index = 0; index < node.values.length; index++) {
        const found = walkScalarLiteral(node.values[index], max, [...path, index], plan, type);
        if (found) return found;
      }
      return null;
    case Kind.OBJECT:
      for (const field of node.fields) {
        const found =
          problemAt(path, field.name.value, max) ??
          walkScalarLiteral(field.value, max, [...path, field.name.value], plan, type);
        if (found) return found;
      }
      return null;
    default:
      return null;
  }
}

/** A variable's value (JSON as sent) at a position of `type`; shapes the type refuses are coercion's to refuse. */
function walkValue(value: unknown, type: GraphQLInputType, max: number, path: PathStep[]): FieldError | null {
  if (value === null || value === undefined) return null;
  const inner = getNullableType(type);
  if (isListType(inner)) {
    if (!Array.isArray(value)) return walkValue(value, inner.ofType, max, path);
    for (let index = 0; index < value.length; index++) {
      const found = walkValue(value[index], inner.ofType, max, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (isInputObjectType(inner)) {
    if (typeof value !== "object" || Array.isArray(value)) return null;
    const fields = inner.getFields();
    for (const [key, child] of Object.entries(value)) {
      const definition: GraphQLInputField | undefined = fields[key];
      if (!definition) continue;
      const found = walkValue(child, definition.type, limitOf(definition), [...path, key]);
      if (found) return found;
    }
    return null;
  }
  if (isEnumType(inner) || !isText(inner)) return null;
  return scalarProblem(value, max, path);
}

/** The operation's arguments (its fragments' included, directives' too), walked once per document. */
function planOf(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): Plan {
  const plan: Plan = { literal: null, uses: [], defaults: new Map() };
  for (const definition of operation.variableDefinitions ?? []) {
    if (definition.defaultValue) plan.defaults.set(definition.variable.name.value, definition.defaultValue);
  }
  const fragments = fragmentsByName(document);
  const pending: (OperationDefinitionNode | NonNullable<ReturnType<typeof fragments.get>>)[] = [operation];
  const seen = new Set<string>();
  const typeInfo = new TypeInfo(schema);
  while (pending.length > 0 && !plan.literal) {
    visit(
      pending.pop()!,
      visitWithTypeInfo(typeInfo, {
        FragmentSpread(node) {
          const fragment = fragments.get(node.name.value);
          if (fragment && !seen.has(fragment.name.value)) {
            seen.add(fragment.name.value);
            pending.push(fragment);
          }
        },
        Argument(node: ArgumentNode) {
          const argument = typeInfo.getArgument();
          if (!argument || plan.literal) return false;
          plan.literal = walkLiteral(node.value, argument.type, limitOf(argument), [node.name.value], plan);
          return false;
        },
      }),
    );
  }
  return plan;
}

const plans = new WeakMap<DocumentNode, Map<string, Plan | null>>();

function cachedPlan(args: ExecutionArgs): Plan | null {
  let byOperation = plans.get(args.document);
  if (!byOperation) {
    byOperation = new Map();
    plans.set(args.document, byOperation);
  }
  const key = args.operationName ?? "";
  let plan = byOperation.get(key);
  if (plan === undefined) {
    const operation = requestedOperation(args.document, args.operationName);
    plan = operation ? planOf(args.schema, args.document, operation) : null;
    byOperation.set(key, plan);
  }
  return plan;
}

/** The first text the operation passes that breaks the rule, or null. */
export function findUnboundedInput(args: ExecutionArgs): FieldError | null {
  const plan = cachedPlan(args);
  if (!plan) return null;
  if (plan.literal) return plan.literal;
  const variables = (args.variableValues ?? {}) as Record<string, unknown>;
  for (const use of plan.uses) {
    if (Object.hasOwn(variables, use.name)) {
      const found = walkValue(variables[use.name], use.type, use.max, use.path);
      if (found) return found;
    } else {
      const fallback = plan.defaults.get(use.name);
      const found = fallback
        ? walkLiteral(fallback, use.type, use.max, use.path, { ...plan, uses: [] })
        : null;
      if (found) return found;
    }
  }
  return null;
}

/**
 * The refusal as the domain translator shapes a ValidationError (code VALIDATION, status 400,
 * `fields`), ready-made: a result set before execution is not masked, and a socket has no status.
 */
function refusal(found: FieldError): GraphQLError {
  const error = new ValidationError(found.message, [found]);
  return new GraphQLError(error.message, {
    extensions: { code: error.code, http: { status: error.status }, fields: error.fields },
  });
}

/** The Yoga plugin: operations (HTTP and WebSocket) whose text breaks the rule do not run. */
export const useBoundedInput: Plugin = {
  onExecute({ args, setResultAndStopExecution }) {
    const found = findUnboundedInput(args);
    if (found) setResultAndStopExecution({ errors: [refusal(found)] });
  },
  onSubscribe({ args, setResultAndStopExecution }) {
    const found = findUnboundedInput(args);
    if (found) setResultAndStopExecution({ errors: [refusal(found)] });
  },
};
