import { LOAD_TEXT_FIELDS } from "../../common/loads/fields.ts";
import type { BuilderTypes } from "../builder.ts";
import { textLimit } from "../graphql/bounded-input.ts";

type InputFields = PothosSchemaTypes.InputFieldBuilder<BuilderTypes, "InputObject">;

/** The freight fields the load edit and the manual assignment form take alike, in this order. */
export const freightInputFields = (t: InputFields) => ({
  weight: t.float({ description: "Weight in pounds." }),
  volume: t.float({ description: "Volume in cubic feet." }),
  freightClass: t.string({ description: "The NMFC freight class." }),
  commodity: t.string({ description: "What is shipped." }),
  orderInfo: t.string({
    description: "Free-text order notes.",
    extensions: textLimit(LOAD_TEXT_FIELDS.orderInfo.max),
  }),
});

/** The two appointment flags, as both forms take them. */
export const appointmentInputFields = (t: InputFields) => ({
  appointmentsRequired: t.boolean({ description: "Whether the facilities need appointments." }),
  appointmentsConfirmed: t.boolean({ description: "Whether those appointments are confirmed." }),
});
