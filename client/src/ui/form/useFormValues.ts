import { useCallback, useState } from "react";

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
  return { values, setValues, problems, setProblems, change };
}
