import { Alert, DatePicker, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { DailyRow } from '@contract/records.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import dayjs from '@/lib/dayjs.ts';
import { checkedText, locationText, type CheckinDay } from './checkin-daily-parts.ts';

const columns: TableColumnsType<DailyRow> = [
  { title: '学生', dataIndex: 'studentName', width: 100 },
  { title: '学号', dataIndex: 'studentNo', width: 130, render: (value: string | null) => value ?? '—' },
  { title: '班级', dataIndex: 'className', width: 180, render: (value: string | null) => value ?? '—' },
  { title: '签到时间', key: 'checkedAt', width: 110, render: (_value, row) => (row.recordId ? checkedText(row) : <Tag>未签到</Tag>) },
  { title: '定位', key: 'location', width: 200, render: (_value, row) => (row.recordId ? locationText(row) : '—') },
  {
    title: '提示',
    key: 'notes',
    render: (_value, row) =>
      row.notes.length > 0 ? (
        <Space size={4} wrap>
          {row.notes.map((note) => (
            <Tag key={note} color="warning">
              {note}
            </Tag>
          ))}
        </Space>
      ) : (
        '—'
      ),
  },
];

/** 今日签到 on desktop and tablet: the day's table. */
export default function CheckinDailyDesktop({ day }: { day: CheckinDay }) {
  return (
    <AntdProvider>
      <section className="checkin-daily" aria-label="今日签到">
        <Space style={{ marginBottom: 12 }} wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            今日签到
          </Typography.Title>
          <DatePicker
            aria-label="日期"
            allowClear={false}
            value={dayjs(day.date)}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            onChange={(value) => value && day.setDate(value.format('YYYY-MM-DD'))}
          />
          <span role="status">
            已签到 {day.checked} / {day.rows.length} 人
          </span>
        </Space>
        {day.list.isError && <Alert type="warning" showIcon title="加载失败，请稍后重试" />}
        <Table<DailyRow> rowKey="enrolmentId" size="middle" columns={columns} dataSource={day.rows} loading={day.list.isFetching} pagination={false} locale={{ emptyText: '没有正在实习的学生' }} />
      </section>
    </AntdProvider>
  );
}
