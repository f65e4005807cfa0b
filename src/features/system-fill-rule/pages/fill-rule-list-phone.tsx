import { useEffect } from 'react';
import { FILL_RULE_RESOURCE } from '@contract/fill-rule.ts';
import { ResourcePhoneList } from '@/components/resource/resource-phone.tsx';
import { alertDialog } from '@/components/sheet/dialog.ts';
import { NEW_RULE_VALUES, SHOW, type FillRuleListPage } from './fill-rule-list.ts';

/** 编码规则 on the phone (antd-mobile only): the generic list and form, with 测试生成 in a rule's form and its code in an alert over it. */
export default function FillRuleListPhone({ actions, generated, closeGenerated }: FillRuleListPage) {
  useEffect(() => {
    if (generated) void alertDialog({ title: '测试生成结果', content: `规则“${generated.ruleName}”生成的编码：${generated.code}`, confirmText: '知道了' }).then(closeGenerated);
  }, [generated, closeGenerated]);
  return <ResourcePhoneList resource={FILL_RULE_RESOURCE} initialValues={NEW_RULE_VALUES} show={SHOW} actions={actions} />;
}
