import type { FormItemProps } from 'antd-mobile';
import type { z } from 'zod/mini';

type Rules = NonNullable<FormItemProps['rules']>;

/** A form rule from a shared schema field, so the browser shows the server's own message. */
export function zodRule(schema: z.ZodMiniType): Rules[number] {
  return {
    validator: (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      return result.success ? Promise.resolve() : Promise.reject(new Error(result.error.issues[0]?.message));
    },
  };
}

/** The field must equal another one (password confirmation). */
export function sameAsRule(otherField: string, message: string): Rules[number] {
  return ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) => (!value || value === getFieldValue(otherField) ? Promise.resolve() : Promise.reject(new Error(message))),
  });
}
