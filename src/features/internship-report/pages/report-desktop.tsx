import { Alert, Button, Card, Empty, Space, Spin, Tabs, Typography } from 'antd';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { PageChoices } from '@/components/page-choices/page-choices.tsx';
import { CodeSettingsEditor } from '../components/code-settings.tsx';
import { ColumnMapsEditor } from '../components/column-maps.tsx';
import type { ReportPageState } from '../components/use-report-page.ts';
import './report.css';

/** 实习上报 on a computer: the export (program, report, month, column map) and, for the office, 编码字典 and 省份列映射. */
export default function ReportDesktop({ state }: { state: ReportPageState }) {
  return (
    <AntdProvider>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card size="small" title="导出上报表">
          {state.options.isPending ? (
            <Spin />
          ) : state.options.isError ? (
            <Alert type="error" showIcon title="加载失败，请稍后重试" />
          ) : state.empty ? (
            <Empty description="暂无您负责的实习计划" />
          ) : (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Space wrap>
                <PageChoices className="report__choices" choices={state.choices} />
                <Button type="primary" loading={state.exporting} disabled={Boolean(state.blocked)} onClick={() => void state.exportNow()}>
                  导出
                </Button>
              </Space>
              <Typography.Text type="secondary">{state.blocked ?? state.summary}</Typography.Text>
              <Typography.Text type="secondary">文件含“代码说明”（所用类别编码）和“数据来源说明”（生成时间、生成人、数据来源计数与数据行SHA-256）两个工作表。</Typography.Text>
            </Space>
          )}
        </Card>
        {state.canSet && (
          <Card size="small" title="上报设置">
            <Tabs
              items={[
                { key: 'codes', label: '编码字典', children: <CodeSettingsEditor settings={state.settings.data} /> },
                { key: 'maps', label: '省份列映射', children: <ColumnMapsEditor settings={state.settings.data} /> },
              ]}
            />
          </Card>
        )}
      </Space>
    </AntdProvider>
  );
}
