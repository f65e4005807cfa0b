import { useCallback, useState } from 'react';
import { DATE_PATTERNS, SEQ_DIGITS_DEFAULT } from '@contract/fill-rule.ts';
import type { RowAction } from '@/components/list/list-declaration.ts';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import type { ShowFields } from '@/components/resource/resource-fields.ts';
import { useExecuteRule } from '../api/execute-rule.ts';

/** A new rule's form starts with the usual date part and digits. */
export const NEW_RULE_VALUES = { datePattern: 'YYYYMMDD', seqDigits: SEQ_DIGITS_DEFAULT };

/** A rule without a date part says 无. */
export const SHOW: ShowFields = { datePattern: (row) => DATE_PATTERNS.find((p) => p.value === (row.datePattern ?? ''))?.label ?? String(row.datePattern) };

/**
 * 编码规则's hook (components/device-page.tsx): 测试生成, which takes a rule's next code after a confirmation (it uses
 * up a number) and keeps it to be shown, on the desktop in a dialog to copy from, on the phone in an alert.
 */
export function useFillRuleListPage() {
  const execute = useExecuteRule();
  const [generated, setGenerated] = useState<{ ruleName: string; code: string } | null>(null);
  const actions: RowAction<ResourceRow>[] = [
    {
      key: 'test',
      label: '测试生成',
      confirm: (row) => ({ title: `测试生成会占用规则“${String(row.ruleName)}”的一个流水号（用过的号不会再生成），确定生成吗?`, ok: '生成' }),
      busy: (row) => execute.isPending && execute.variables === row.ruleCode,
      run: async (row) => setGenerated({ ruleName: String(row.ruleName), code: await execute.mutateAsync(String(row.ruleCode)) }),
    },
  ];
  return { actions, generated, closeGenerated: useCallback(() => setGenerated(null), []) };
}

export type FillRuleListPage = ReturnType<typeof useFillRuleListPage>;
