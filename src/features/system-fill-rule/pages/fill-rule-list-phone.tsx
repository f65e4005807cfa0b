import { Button } from 'antd-mobile';
import { alertDialog, confirmDialog } from '@/components/sheet/dialog.ts';
import { FILL_RULE_RESOURCE } from '@contract/fill-rule.ts';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { ResourcePhoneList } from '@/components/resource/resource-phone.tsx';
import { useExecuteRule } from '../api/execute-rule.ts';
import { NEW_RULE_VALUES, testConfirmText } from '../components/fill-rule-parts.ts';

/** 编码规则 on the phone (antd-mobile only): the generic list and form, with 测试生成 in a rule's form. */
export default function FillRuleListPhone() {
  const execute = useExecuteRule();

  const generate = async (row: ResourceRow) => {
    const confirmed = await confirmDialog({ content: testConfirmText(String(row.ruleName)), confirmText: '生成', cancelText: '取消' });
    if (!confirmed) return;
    const code = await execute.mutateAsync(String(row.ruleCode));
    await alertDialog({ title: '测试生成结果', content: `规则“${String(row.ruleName)}”生成的编码：${code}`, confirmText: '知道了' });
  };

  return (
    <ResourcePhoneList
      resource={FILL_RULE_RESOURCE}
      initialValues={NEW_RULE_VALUES}
      rowActions={(row) => (
        <div style={{ padding: '0 12px 12px' }}>
          <Button block fill="outline" color="primary" loading={execute.isPending} onClick={() => void generate(row).catch(() => undefined)}>
            测试生成
          </Button>
        </div>
      )}
    />
  );
}
