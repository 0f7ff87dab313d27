import { builder } from "../builder.ts";
import {
  ConflictError,
  type DomainError,
  type FieldError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  UnauthenticatedError,
  ValidationError,
} from "../errors.ts";

const FieldErrorRef = builder.objectRef<FieldError>("FieldError").implement({
  description: "A problem with one input field, to show next to it.",
  fields: (t) => ({
    field: t.exposeString("field", {
      description: "The input field's name (`stops.2.nass` for a row's field).",
    }),
    message: t.exposeString("message", { description: "What is wrong, in words for the user." }),
  }),
});

/**
 * The typed failures mutations return; anything else surfaces as a top-level GraphQL error. Every
 * failure carries `fields` (empty when no single input is to blame), so a client selects one
 * shape for all of them.
 */
export const ErrorInterface = builder.interfaceRef<DomainError>("Error").implement({
  description: "An expected failure of a mutation, returned as data.",
  fields: (t) => ({
    message: t.exposeString("message", { description: "What went wrong, in words for the user." }),
    code: t.exposeString("code", {
      description: "VALIDATION, CONFLICT, NOT_FOUND, RATE_LIMITED, FORBIDDEN or UNAUTHENTICATED.",
    }),
    fields: t.field({
      type: [FieldErrorRef],
      description: "Per-field problems; empty when no single input is to blame.",
      resolve: (error) => error.fields,
    }),
  }),
});

function errorType(type: new (message: string) => DomainError, name: string, description: string): void {
  builder.objectType(type, {
    name,
    description,
    interfaces: [ErrorInterface],
    isTypeOf: (value) => value instanceof type,
  });
}

errorType(ValidationError, "ValidationError", "The input broke a rule; `fields` says where.");
errorType(
  ConflictError,
  "ConflictError",
  "The change collides with existing data (a taken e-mail, a duplicate number).",
);
errorType(NotFoundError, "NotFoundError", "What the input refers to does not exist.");
errorType(ForbiddenError, "ForbiddenError", "The viewer may not do this.");
errorType(UnauthenticatedError, "AuthenticationError", "Wrong e-mail or password.");
errorType(RateLimitedError, "RateLimitedError", "Too many attempts; try again later.");

/**
 * The expected failures a mutation returns as data. Missing or ended sessions and forbidden
 * access stay top-level errors with their HTTP status, so clients handle them in one place.
 */
export const MUTATION_ERRORS = [ValidationError, ConflictError, NotFoundError, RateLimitedError];
