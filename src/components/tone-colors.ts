import type { FieldOption } from '@contract/resource.ts';

/** A status's tone (contract) as each library colours its tags. */
export type Tone = NonNullable<FieldOption['tone']>;
export const ANTD_TAG_COLORS: Record<Tone, string> = { default: 'default', processing: 'processing', success: 'success', warning: 'warning', danger: 'error' };
export const MOBILE_TAG_COLORS: Record<Tone, string> = { default: 'default', processing: 'primary', success: 'success', warning: 'warning', danger: 'danger' };
