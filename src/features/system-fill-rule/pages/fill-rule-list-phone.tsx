import { Dialog } from 'antd-mobile';
import { FILL_RULE_RESOURCE } from '@contract/fill-rule.ts';
import { ResourcePhoneList } from '@/components/resource/resource-phone.tsx';
import { useBackCloses } from '@/hooks/use-back-closes.ts';
import { NEW_RULE_VALUES, SHOW, type FillRuleListPage } from './fill-rule-list.ts';

/** 编码规则 on the phone (antd-mobile only): the generic list and form, with 测试生成 in a rule's form and its code in an alert. */
export default function FillRuleListPhone({ actions, generated, closeGenerated }: FillRuleListPage) {
  useBackCloses(generated !== null, closeGenerated);
  return (
    <>
      <ResourcePhoneList resource={FILL_RULE_RESOURCE} initialValues={NEW_RULE_VALUES} show={SHOW} actions={actions} />
      <Dialog
        visible={generated !== null}
        title="测试生成结果"
        content={generated && `规则“${generated.ruleName}”生成的编码：${generated.code}`}
        closeOnAction
        onClose={closeGenerated}
        actions={[{ key: 'confirm', text: '知道了', bold: true }]}
      />
    </>
  );
}
