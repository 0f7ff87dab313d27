import { builder } from "../builder.ts";
import { ForbiddenError } from "../errors.ts";
import { MUTATION_ERRORS } from "../graphql/errors.ts";
import { createFirstOperator, setupLinkValid } from "./first-operator.ts";

const CreateFirstOperatorInput = builder.inputType("CreateFirstOperatorInput", {
  description:
    "The /setup screen: the token from the link in the server's log and the first operator's account.",
  fields: (t) => ({
    token: t.string({ required: true, description: "The token from the setup link." }),
    email: t.string({ required: true, description: "The operator's e-mail (the sign-in)." }),
    fullName: t.string({ description: "The operator's name." }),
    password: t.string({ required: true, description: "The new password (the password rules apply)." }),
    confirmPassword: t.string({ required: true, description: "The same password again." }),
  }),
});

const CreateFirstOperatorPayload = builder
  .objectRef<{ email: string }>("CreateFirstOperatorPayload")
  .implement({
    description: "The first operator exists; the setup link no longer works. Sign in next.",
    fields: (t) => ({
      email: t.exposeString("email", { description: "Sign in with it and the new password." }),
    }),
  });

builder.queryFields((t) => ({
  setupLinkValid: t.boolean({
    description: "Whether this setup link may still create the first operator (no operator exists yet).",
    authScopes: { public: true },
    args: { token: t.arg.string({ required: true, description: "The token from the setup link." }) },
    resolve: (_root, { token }, ctx) => setupLinkValid(ctx, token),
  }),
}));

builder.mutationFields((t) => ({
  createFirstOperator: t.field({
    type: CreateFirstOperatorPayload,
    description: "Creates the first operator (ADMIN) from the setup link; refused once any operator exists.",
    authScopes: { public: true },
    errors: { types: [...MUTATION_ERRORS, ForbiddenError] },
    args: { input: t.arg({ type: CreateFirstOperatorInput, required: true }) },
    resolve: (_root, { input }, ctx) => createFirstOperator(ctx, input),
  }),
}));
