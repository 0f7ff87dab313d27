import { useCallback, useState } from "react";
import { focusFirstInvalid } from "../focus.ts";

/**
 * A form's values and the problems shown at its fields. Changing a field clears that field's
 * problem (spec section 4: any edit clears that field's error).
 */
export function useFormValues<
  Values extends object,
  Problems extends object = Partial<Record<keyof Values, string>>,
>(initial: Values) {
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<Problems>({} as Problems);
  const change = useCallback(<Key extends keyof Values>(name: Key, value: Values[Key]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setProblems((current) => {
      const { [name as string]: _cleared, ...rest } = current as Record<string, unknown>;
      return rest as Problems;
    });
  }, []);
  /**
   * A submit's check: shows `found` at the fields and answers whether there is none; given the
   * form, a failed check also moves the focus to its first invalid field.
   */
  const passes = useCallback((found: Problems, form?: Element) => {
    setProblems(found);
    const none = Object.keys(found).length === 0;
    if (!none && form) focusFirstInvalid(form);
    return none;
  }, []);
  return { values, setValues, problems, setProblems, change, passes };
}
