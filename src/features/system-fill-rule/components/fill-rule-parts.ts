import { DATE_PATTERNS, SEQ_DIGITS_DEFAULT } from '@contract/fill-rule.ts';

/** A new rule's form starts with the usual date part and digits. */
export const NEW_RULE_VALUES = { datePattern: 'YYYYMMDD', seqDigits: SEQ_DIGITS_DEFAULT };

export const datePatternLabel = (value: unknown) => DATE_PATTERNS.find((p) => p.value === (value ?? ''))?.label ?? String(value);

export const testConfirmText = (ruleName: string) => `测试生成会占用规则“${ruleName}”的一个流水号（用过的号不会再生成），确定生成吗?`;
