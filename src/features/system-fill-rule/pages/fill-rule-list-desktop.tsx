import { useState } from 'react';
import { Button, Modal, Popconfirm, Typography } from 'antd';
import { FILL_RULE_RESOURCE } from '@contract/fill-rule.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { ResourceTable } from '@/components/resource/resource-table.tsx';
import { useExecuteRule } from '../api/execute-rule.ts';
import { NEW_RULE_VALUES, datePatternLabel, testConfirmText } from '../components/fill-rule-parts.ts';

const renderCell = { datePattern: (value: unknown) => datePatternLabel(value) };

/** 编码规则 on desktop and tablet: the generic table plus 测试生成, which takes and shows a rule's next code. */
export default function FillRuleListDesktop() {
  const execute = useExecuteRule();
  const [generated, setGenerated] = useState<{ ruleName: string; code: string } | null>(null);

  const generate = async (row: ResourceRow) => {
    const code = await execute.mutateAsync(String(row.ruleCode));
    setGenerated({ ruleName: String(row.ruleName), code });
  };

  return (
    <AntdProvider>
      <ResourceTable
        resource={FILL_RULE_RESOURCE}
        initialValues={NEW_RULE_VALUES}
        renderCell={renderCell}
        rowActions={(row) => (
          <Popconfirm title={testConfirmText(String(row.ruleName))} okText="生成" cancelText="取消" onConfirm={() => generate(row).catch(() => undefined)}>
            <Button type="link" size="small" loading={execute.isPending && execute.variables === row.ruleCode}>
              测试生成
            </Button>
          </Popconfirm>
        )}
      />
      <Modal
        title="测试生成结果"
        open={generated !== null}
        onCancel={() => setGenerated(null)}
        footer={
          <Button type="primary" onClick={() => setGenerated(null)}>
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
