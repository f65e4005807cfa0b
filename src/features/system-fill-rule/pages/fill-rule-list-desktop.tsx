import { Button, Modal, Typography } from 'antd';
import { FILL_RULE_RESOURCE } from '@contract/fill-rule.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { ResourceTable } from '@/components/resource/resource-table.tsx';
import { NEW_RULE_VALUES, SHOW, type FillRuleListPage } from './fill-rule-list.ts';

/** 编码规则 on desktop and tablet: the generic table; 测试生成's code in a dialog to copy from. */
export default function FillRuleListDesktop({ actions, generated, closeGenerated }: FillRuleListPage) {
  return (
    <AntdProvider>
      <ResourceTable resource={FILL_RULE_RESOURCE} initialValues={NEW_RULE_VALUES} show={SHOW} actions={actions} />
      <Modal
        title="测试生成结果"
        open={generated !== null}
        onCancel={closeGenerated}
        footer={
          <Button type="primary" onClick={closeGenerated}>
            知道了
          </Button>
        }
      >
        {generated && (
          <p>
            规则“{generated.ruleName}”生成的编码：
            <Typography.Text strong copyable={{ tooltips: ['复制', '已复制'] }} data-testid="generated-code">
              {generated.code}
            </Typography.Text>
          </p>
        )}
      </Modal>
    </AntdProvider>
  );
}
