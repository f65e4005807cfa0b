import { useState } from 'react';
import { Button, Input, Popconfirm, Select, Space, Spin, Table, Tabs, Typography, type TableColumnsType } from 'antd';
import {
  NATIONAL_MAP,
  REPORT_COLUMNS,
  REPORT_COLUMN_IDS,
  REPORT_KINDS,
  REPORT_KIND_KEYS,
  columnFits,
  defaultColumnMaps,
  type ColumnMap,
  type ReportColumn,
  type ReportKind,
  type ReportSettings,
} from '@contract/internship-report.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { formatDate } from '@/lib/format.ts';
import { useSaveColumnMaps } from '../api/report-api.ts';

/** A column list with one entry moved by `by` places (up -1, down +1). */
const moved = (columns: readonly ReportColumn[], index: number, by: number): ReportColumn[] => {
  const next = [...columns];
  const [column] = next.splice(index, 1);
  next.splice(index + by, 0, column!);
  return next;
};

/** One map's columns of one export: order, header, remove, and the columns not yet in it to add. */
function ColumnList({ columns, kind, onChange }: { columns: readonly ReportColumn[]; kind: ReportKind; onChange: (columns: ReportColumn[]) => void }) {
  const unused = REPORT_COLUMN_IDS.filter((id) => columnFits(id, kind) && !columns.some((c) => c.id === id));
  const tableColumns: TableColumnsType<ReportColumn> = [
    { key: 'order', title: '列序', width: 60, render: (_: unknown, _row, index) => index + 1 },
    { key: 'field', title: '数据项', width: 170, render: (_: unknown, row) => REPORT_COLUMNS[row.id].header },
    {
      key: 'header',
      title: '导出表头',
      render: (_: unknown, row, index) => (
        <Input
          value={row.header}
          maxLength={40}
          status={row.header.trim() ? undefined : 'error'}
          aria-label={`“${REPORT_COLUMNS[row.id].header}”的表头`}
          onChange={(event) => onChange(columns.map((c, i) => (i === index ? { ...c, header: event.target.value } : c)))}
        />
      ),
    },
    {
      key: 'actions',
      title: '操作',
      width: 190,
      render: (_: unknown, row, index) => (
        <Space size={4}>
          <Button size="small" disabled={index === 0} onClick={() => onChange(moved(columns, index, -1))} aria-label={`上移${row.header}`}>
            上移
          </Button>
          <Button size="small" disabled={index === columns.length - 1} onClick={() => onChange(moved(columns, index, 1))} aria-label={`下移${row.header}`}>
            下移
          </Button>
          <Button size="small" danger onClick={() => onChange(columns.filter((_c, i) => i !== index))} aria-label={`移除${row.header}`}>
            移除
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Table<ReportColumn> rowKey="id" size="small" pagination={false} columns={tableColumns} dataSource={[...columns]} locale={{ emptyText: '该报表还没有列，请在下方添加' }} />
      <Select<string>
        aria-label={`添加${REPORT_KINDS[kind]}的列`}
        placeholder={unused.length ? '添加列…' : '所有数据项都已在表中'}
        disabled={unused.length === 0}
        value={null}
        style={{ minWidth: 240 }}
        options={unused.map((id) => ({ value: id, label: REPORT_COLUMNS[id].header }))}
        onChange={(id) => onChange([...columns, { id: id as ReportColumn['id'], header: REPORT_COLUMNS[id as ReportColumn['id']].header }])}
      />
    </Space>
  );
}

/**
 * 省份列映射: per province (and 全国) which columns each export has, in which order, under which headers; a new
 * province starts as a copy of 全国. Saved all at once; the server refuses an unknown column by name.
 */
export function ColumnMapsEditor({ settings }: { settings: ReportSettings | undefined }) {
  const save = useSaveColumnMaps();
  // The maps as edited, until saved; null: as saved.
  const [edited, setDraft] = useState<ColumnMap[] | null>(null);
  const [current, setCurrent] = useState(NATIONAL_MAP);
  const [newName, setNewName] = useState('');
  if (!settings) return <Spin />;
  const draft = edited ?? settings.columnMaps;
  const map = draft.find((m) => m.name === current) ?? draft[0];
  const change = (next: ColumnMap) => setDraft(draft.map((m) => (m.name === map?.name ? next : m)));
  const add = () => {
    const name = newName.trim();
    if (!name || draft.some((m) => m.name === name)) {
      notify.warning(name ? `已有名为“${name}”的列映射` : '请填写列映射的名称（如省份名）');
      return;
    }
    const national = draft.find((m) => m.name === NATIONAL_MAP) ?? defaultColumnMaps()[0]!;
    setDraft([...draft, { name, plan: [...national.plan], monthly: [...national.monthly] }]);
    setCurrent(name);
    setNewName('');
  };
  const submit = async () => {
    try {
      notify.success((await save.mutateAsync({ maps: draft })).message);
      setDraft(null);
    } catch {
      // The client has shown why (the server names the column or map refused).
    }
  };
  const saved = settings.saved.columnMaps;
  return (
    <Space direction="vertical" style={{ width: '100%' }} aria-label="省份列映射">
      <Space wrap>
        <label htmlFor="report-map-edit">列映射</label>
        <Select id="report-map-edit" value={map?.name} style={{ minWidth: 120 }} options={draft.map((m) => ({ value: m.name, label: m.name }))} onChange={setCurrent} />
        <Popconfirm title={`删除“${map?.name ?? ''}”列映射？保存后生效`} okText="删除" cancelText="取消" disabled={map?.name === NATIONAL_MAP} onConfirm={() => setDraft(draft.filter((m) => m.name !== map?.name))}>
          <Button danger disabled={!map || map.name === NATIONAL_MAP}>
            删除此映射
          </Button>
        </Popconfirm>
        <Input placeholder="新省份名称，如江苏" value={newName} maxLength={20} style={{ width: 180 }} onChange={(event) => setNewName(event.target.value)} onPressEnter={add} aria-label="新列映射名称" />
        <Button onClick={add}>新增列映射</Button>
      </Space>
      {map && (
        <Tabs
          items={REPORT_KIND_KEYS.map((kind) => ({
            key: kind,
            label: `${REPORT_KINDS[kind]}（${map[kind].length}列）`,
            children: <ColumnList columns={map[kind]} kind={kind} onChange={(columns) => change({ ...map, [kind]: columns })} />,
          }))}
        />
      )}
      <Space wrap>
        <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
          保存列映射
        </Button>
        <Button
          onClick={() => {
            setDraft(defaultColumnMaps());
            setCurrent(NATIONAL_MAP);
            notify.info('已恢复默认的全国与广东列映射，保存后生效');
          }}
        >
          恢复默认
        </Button>
        <Typography.Text type={edited ? 'warning' : 'secondary'}>
          {edited ? '有未保存的修改' : saved ? `${saved.updatedByName ?? ''} 保存于 ${formatDate(saved.updatedAt)}` : '默认列映射，尚未修改'}
        </Typography.Text>
      </Space>
    </Space>
  );
}
