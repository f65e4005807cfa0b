import type { z } from 'zod/mini';

/** Form rules in the shape both antd and antd-mobile forms take (rc-field-form). */
export interface ValidatorRule {
  validator: (rule: unknown, value: unknown) => Promise<void>;
}
export type DependentRule = (form: { getFieldValue: (name: string) => unknown }) => ValidatorRule;

/** A form rule from a shared schema field, so the browser shows the server's own message. */
export function zodRule(schema: z.ZodMiniType): ValidatorRule {
  return {
    validator: (_rule, value) => {
      const result = schema.safeParse(value ?? '');
      return result.success ? Promise.resolve() : Promise.reject(new Error(result.error.issues[0]?.message));
    },
  };
}

/** The field must equal another one (password confirmation). */
export function sameAsRule(otherField: string, message: string): DependentRule {
  return ({ getFieldValue }) => ({
    validator: (_rule, value) => (!value || value === getFieldValue(otherField) ? Promise.resolve() : Promise.reject(new Error(message))),
  });
}
